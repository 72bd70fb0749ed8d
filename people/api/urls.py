from django.urls import path

from people.api import views

urlpatterns = [
    path("people/<int:person_id>/", views.PersonView.as_view(), name="api-person"),
]

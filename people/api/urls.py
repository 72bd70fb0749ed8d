from django.urls import path

from people.api import views

urlpatterns = [
    path("people/<int:person_id>/", views.PersonView.as_view(), name="api-person"),
    path("people/<int:person_id>/erase/", views.PersonEraseView.as_view(), name="api-person-erase"),
]

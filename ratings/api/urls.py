from django.urls import path

from ratings.api import views

urlpatterns = [
    path("ratings/", views.RatingsView.as_view(), name="api-ratings"),
]

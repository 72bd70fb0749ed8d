from django.urls import path

from playoffs.api import views

base = "events/<int:event_id>/playoffs/"

urlpatterns = [
    path(base, views.PlayoffView.as_view(), name="api-playoffs"),
    path(base + "advance/", views.PlayoffAdvanceView.as_view(), name="api-playoffs-advance"),
    path(base + "decide/", views.PlayoffDecideView.as_view(), name="api-playoffs-decide"),
    path(base + "placings/", views.PlayoffPlacingsView.as_view(), name="api-playoffs-placings"),
]

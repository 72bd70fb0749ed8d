from django.urls import path

from playoffs.api import pods, views

base = "events/<int:event_id>/playoffs/"

urlpatterns = [
    path(base, views.PlayoffView.as_view(), name="api-playoffs"),
    path(base + "advance/", views.PlayoffAdvanceView.as_view(), name="api-playoffs-advance"),
    path(base + "decide/", views.PlayoffDecideView.as_view(), name="api-playoffs-decide"),
    path(base + "placings/", views.PlayoffPlacingsView.as_view(), name="api-playoffs-placings"),
]

# Pods: the field split into groups that pair among themselves, then a cut across them.
urlpatterns += [
    path("events/<int:event_id>/pods/", pods.PodsView.as_view(), name="api-pods"),
    path("events/<int:event_id>/pods/cut/", pods.PodsCutView.as_view(), name="api-pods-cut"),
]

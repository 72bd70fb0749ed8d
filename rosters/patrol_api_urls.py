from django.urls import path

from rosters import patrol_api

urlpatterns = [
    path(
        "events/<int:event_id>/patrols/",
        patrol_api.PatrolListView.as_view(),
        name="api-patrols",
    ),
    path(
        "events/<int:event_id>/patrols/<int:patrol_id>/",
        patrol_api.PatrolDetailView.as_view(),
        name="api-patrol",
    ),
]

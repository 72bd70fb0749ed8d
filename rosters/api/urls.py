from django.urls import path

from rosters.api import patrols as patrol_api
from rosters.api import views

urlpatterns = [
    path(
        "events/<int:event_id>/players/<int:player_id>/list/",
        views.ArmyListView.as_view(),
        name="api-army-list",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/list/review/",
        views.ArmyListReviewApiView.as_view(),
        name="api-army-list-review",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/list/overrule/",
        views.ArmyListOverruleApiView.as_view(),
        name="api-army-list-overrule",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/list/recorded/",
        views.ArmyListRecordedApiView.as_view(),
        name="api-army-list-recorded",
    ),
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

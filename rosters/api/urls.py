from django.urls import path

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
]

from django.urls import path

from tracker.api import views as tracker_api
from tracker.views import trackers as tracker_views

urlpatterns = [
    path("tracker/new/", tracker_views.tracker_new, name="tracker-new"),
    path("tracker/game/<int:game_id>/", tracker_views.tracker_game_page, name="tracker-game"),
    path("tracker/<str:token>/", tracker_views.tracker_page, name="tracker"),
    path("api/tracker/", tracker_api.TrackerCreateView.as_view(), name="api-tracker-create"),
    path("api/tracker/<str:token>/", tracker_api.TrackerView.as_view(), name="api-tracker"),
    path(
        "api/tracker/<str:token>/actions/",
        tracker_api.TrackerActionView.as_view(),
        name="api-tracker-actions",
    ),
    path(
        "api/games/<int:game_id>/tracker/",
        tracker_api.GameTrackerView.as_view(),
        name="api-game-tracker",
    ),
]

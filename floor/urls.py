from django.urls import path

from floor.views import pages

manage = "manage/events/<int:event_id>/"

urlpatterns = [
    path(
        "p/<str:key>/games/<int:game_id>/judge-call/",
        pages.player_call_submit,
        name="player-judge-call",
    ),
    path(
        "p/<str:key>/games/<int:game_id>/judge-call/live/",
        pages.player_call_live,
        name="player-judge-call-live",
    ),
    path(manage + "floor/", pages.floor_page, name="manage-floor"),
    path(manage + "floor/calls/<int:call_id>/claim/", pages.floor_claim, name="manage-floor-claim"),
    path(
        manage + "floor/calls/<int:call_id>/resolve/",
        pages.floor_resolve,
        name="manage-floor-resolve",
    ),
]

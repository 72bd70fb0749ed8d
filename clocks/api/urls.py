from django.urls import path

from clocks.api import stream, views

urlpatterns = [
    path("games/<int:game_id>/clock/", views.GameClockView.as_view(), name="api-game-clock"),
    path("games/<int:game_id>/clock/stream/", stream.clock_stream, name="api-game-clock-stream"),
]

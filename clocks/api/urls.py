from django.urls import path

from clocks.api import views

urlpatterns = [
    path("games/<int:game_id>/clock/", views.GameClockView.as_view(), name="api-game-clock"),
]

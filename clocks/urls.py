from django.urls import path

from clocks.views import pages

urlpatterns = [
    path("games/<int:game_id>/clock/move/", pages.clock_move_page, name="clock-move"),
]

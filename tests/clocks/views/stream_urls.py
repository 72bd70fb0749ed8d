"""The site with a push channel's route, as the engineer who serves one will name it."""

from django.http import HttpResponse
from django.urls import path

from config.urls import urlpatterns as site


def _stream(request, game_id: int) -> HttpResponse:
    return HttpResponse(status=204)


urlpatterns = [
    path("games/<int:game_id>/clock/stream/", _stream, name="game-clock-stream"),
    *site,
]

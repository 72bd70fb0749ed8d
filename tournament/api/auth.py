"""`Authorization: Key <private_key>`: a player acts on their own games with no account."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from rest_framework import authentication, exceptions

from tournament.models import Player
from tournament.services.players.players import player_by_key


class PlayerKeyAuthentication(authentication.BaseAuthentication):
    keyword = "Key"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Key header must be 'Key <private_key>'.")
        key = header[1].decode(errors="replace")
        player = player_by_key(key=key)
        if player is None:
            raise exceptions.AuthenticationFailed("Unknown player key.")
        return AnonymousUser(), player

    def authenticate_header(self, request) -> str:
        return self.keyword


def request_player(request) -> Player | None:
    auth = getattr(request, "auth", None)
    return auth if isinstance(auth, Player) else None

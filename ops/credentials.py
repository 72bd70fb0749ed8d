"""Which secrets a request presents (player keys, tracker tokens, API tokens), and whether
each is a real one: the throttle counts a refusal only when a presented secret is wrong.

A refusal with a real key is an honest mistake, not a guess: a player tapping Confirm on their
own entry (403 `own_entry`), a script asking for a game that does not exist (404). Judging by the
secret itself needs no view to remember to say so. Models are named by label, not imported:
ops sits below the apps whose secrets it checks.
"""

from __future__ import annotations

import re

from django.apps import apps

PLAYER_PATH = re.compile(r"^/p/([^/]+)/")
TRACKER_PATH = re.compile(r"^(?:/api)?/tracker/([^/]+)/")
TRACKER_WORDS = {"new", "game"}  # /tracker/new/, /tracker/game/<id>/: no token in the path


def presented(request) -> list[tuple[str, str]]:
    """(kind, secret) for each secret the request carries: "player", "tracker" or "token"."""
    found = []
    if m := PLAYER_PATH.match(request.path):
        found.append(("player", m.group(1)))
    if (m := TRACKER_PATH.match(request.path)) and m.group(1) not in TRACKER_WORDS:
        found.append(("tracker", m.group(1)))
    if key := request.GET.get("key"):
        found.append(("player", key))
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "key":
        found.append(("player", value.strip()))
    elif scheme.lower() == "token":
        found.append(("token", value.strip()))
    return found


def _exists(kind: str, secret: str) -> bool:
    if not secret:
        return False
    if kind == "player":
        model, field = apps.get_model("tournament", "Player"), "private_key"
    elif kind == "tracker":
        # tracker/models.py keeps its tables under the missions label.
        model, field = apps.get_model("missions", "TrackedGame"), "token"
    else:
        model, field = apps.get_model("authtoken", "Token"), "key"
    return model.objects.filter(**{field: secret}).exists()


def wrong_secret(request) -> bool:
    """Does the request carry a secret that is nobody's? (Asked only of refused requests.)"""
    return any(not _exists(kind, secret) for kind, secret in presented(request))


def carries_secret(request) -> bool:
    return bool(presented(request))

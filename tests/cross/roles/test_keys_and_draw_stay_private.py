"""What only a player and the staff may read never reaches anyone else, on any route.

A public event: round 1 played (a result confirmed, a tracker opened), round 2 paired under
the organiser's review and not released. Every route of the URL conf that reads (GET) is asked
by a visitor, by a player holding their own key (in the path, `?key=` and `Authorization:
Key`), by their round-2 opponent and by another event's organiser. Every answer is read whole:
HTML, JSON, CSV, the workbook's sheets and any PDF's text.

- No answer holds a private key other than the asker's own, or any tracker's link token.
- Nothing of round 2 gets out: every answer is taken with round 2 paired one way, then with
  it paired another way (the same players, other opponents and tables); each must be the
  same both times, so it cannot tell anything of the draw. The players' own round-2 game
  answers nobody but the staff.

New routes join by being in the URL conf.
"""

from __future__ import annotations

import difflib
import io
import json
import re
import zipfile

import pytest
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from pypdf import PdfReader

pytestmark = pytest.mark.django_db

# Staff pages and the organisers' own tools (the staff may read everything), and the
# missions, which belong to no event (a generated one is random).
STAFF_ONLY = re.compile(r"^(admin/|manage/|accounts/|api/schema|api/docs|missions/|api/missions/)")
# Parts a route may name; a route naming anything else is listed by the first test.
KNOWN = frozenset(
    {"event_id", "game_id", "number", "player_id", "key", "token", "code", "person_id"}
)
TEAM_KNOWN = KNOWN | {"team_id", "match_id"}
ASKERS = ("anonymous", "player", "opponent", "rival_organiser")


def _routes():
    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern) and entry.name:
                route = prefix + str(entry.pattern)
                if not STAFF_ONLY.match(route):
                    yield entry.name, tuple(entry.pattern.regex.groupindex), route

    return sorted(set(walk(get_resolver().url_patterns)), key=lambda r: r[2])


ROUTES = [r for r in _routes() if set(r[1]) <= KNOWN]
TEAM_ROUTES = [r for r in _routes() if set(r[1]) <= TEAM_KNOWN and set(r[1]) - KNOWN]


def _build(organiser, other_organiser):
    from tests.conftest import add_players
    from tournament.services.events.events import event_create, event_update
    from tournament.services.results.results import result_confirm, result_enter
    from tournament.services.rounds.rounds import round_create
    from tracker.services.trackers import tracker_of_game

    event = event_create(user=organiser, name="Open GT", rounds=3, seed=1)
    players = add_players(event, organiser, 6)
    ids = [p.pk for p in players]
    round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": ids[i], "player_b": ids[i + 1]} for i in (0, 2, 4)],
        mission_code="C",
    )
    first = list(event.rounds.get(number=1).games.order_by("table_number"))
    for game in first:
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    result_confirm(game_id=first[1].pk, user=organiser)
    tracker_of_game(game_id=first[0].pk, user=organiser)
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    rival = event_create(user=other_organiser, name="Rival GT", rounds=3, seed=2)
    return event, players, first, rival


DRAWS = (
    # Player 0 meets player 5 at table 3 ...
    ((1, 2), (3, 4), (0, 5)),
    # ... or player 3 at table 1: nobody but the staff may tell which.
    ((0, 3), (5, 2), (1, 4)),
)


def _pair_round_two(event, organiser, players, draw):
    from tournament.services.rounds.rounds import round_create

    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[a].pk, "player_b": players[b].pk} for a, b in draw],
        mission_code="D",
    )
    assert round_.released is False
    return round_


def _text(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    kind = response.get("Content-Type", "")
    if kind.startswith("application/pdf"):
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)
    if body[:2] == b"PK":  # the workbook: every sheet's XML, a line per row
        with zipfile.ZipFile(io.BytesIO(body)) as z:
            xml = "\n".join(z.read(n).decode() for n in z.namelist())
        return xml.replace("<row ", "\n<row ")
    text = body.decode("utf-8", "replace")
    if kind.startswith("application/json"):
        return json.dumps(json.loads(text), indent=1, ensure_ascii=False)
    return text


def _ask(client, route, kwargs, key):
    name, parts, _path = route
    url = reverse(name, kwargs={k: kwargs[k] for k in parts})
    headers = {}
    if key and url.startswith("/api/"):
        headers["HTTP_AUTHORIZATION"] = f"Key {key}"
    elif key and "key" not in parts:
        url += f"?key={key}"
    return client.get(url, **headers)


# Per-answer noise that changes with any write: tokens, times, revisions, ETags.
NOISE = re.compile(
    r"\b[A-Za-z0-9]{64}\b"  # CSRF tokens
    r"|\d{10,}|\d{1,2}:\d{2}(:\d{2})?|\d{4}-\d{2}-\d{2}[T ][\d:.+Z-]*"
    r"|\"revision\":\s*\d+|data-revision=\"\d+\"|rev=\d+|\bv=\d+"
    # A polling part's ETag names the revision: on PostgreSQL a rolled-back draw still used
    # its sequence numbers, so the two draws' revisions differ there.
    r"|data-etag=\"[^\"]*\""
)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in NOISE.sub("", text).splitlines() if line.strip()]


FORGED = "forged-" + "x" * 36


def _snapshot(clients, keys, kwargs, routes=ROUTES):
    out = {}
    for route in routes:
        for asker, client in clients.items():
            key = keys.get(asker)
            response = _ask(client, route, {**kwargs, "key": key or FORGED}, key)
            out[route, asker] = (
                response.status_code,
                _text(response) if response.status_code == 200 else "",
            )
    return out


def _clients(other_organiser) -> dict:
    """A client per asker; the keys go with each request."""
    rival = Client()
    rival.force_login(other_organiser)
    return {asker: rival if asker == "rival_organiser" else Client() for asker in ASKERS}


def test_every_route_part_is_known():
    every = {p for r in _routes() for p in r[1]}
    # Team, series and ritual routes name ids of their own (their apps' matrices cover them).
    assert {"event_id", "game_id", "key", "token"} <= every
    assert len(ROUTES) > 40


def test_no_key_or_token_and_nothing_of_an_unreleased_round_reaches_others(
    organiser, other_organiser
):
    from tournament.models import Player
    from tracker.models import TrackedGame

    event, players, first, _rival = _build(organiser, other_organiser)
    clients = _clients(other_organiser)
    keys = {"player": players[0].private_key, "opponent": players[5].private_key}
    tracked = TrackedGame.objects.get(game=first[0])
    kwargs = {
        "event_id": event.pk,
        "game_id": first[0].pk,
        "number": 2,
        "player_id": players[0].pk,
        "key": FORGED,
        "token": tracked.token,
        "code": "C",
        "person_id": players[0].person_link.person_id,
    }
    game_routes = [r for r in ROUTES if "game_id" in r[1]]
    seen = []
    for draw in DRAWS:
        with transaction.atomic():
            second = _pair_round_two(event, organiser, players, draw)
            new_game = second.games.get(Q(player_a=players[0]) | Q(player_b=players[0]))
            opponent = new_game.player_b if new_game.player_a == players[0] else new_game.player_a
            answers = _snapshot(clients, keys, kwargs)
            # The new game's own routes (its tracker, its result form) are asked too.
            own = _snapshot(clients, keys, {**kwargs, "game_id": new_game.pk}, game_routes)
            seen.append((answers, own, opponent.name))
            transaction.set_rollback(True)
        cache.clear()  # nothing computed for one draw may be served for the other

    every_key = dict(Player.objects.values_list("private_key", "name"))
    leaks = []
    for answers, own, opponent in seen:
        for (route, asker), (_status, text) in {**answers, **own}.items():
            for key, owner in every_key.items():
                if key != keys.get(asker) and key in text:
                    leaks.append(f"{route[0]} to {asker}: {owner}'s private key")
            if tracked.token in text:
                leaks.append(f"{route[0]} to {asker}: a tracker's link token")
        for (route, asker), (status, text) in own.items():
            if status == 200 and players[0].name in text and opponent in text:
                leaks.append(f"{route[0]} to {asker} serves the unreleased game")
    (first, _, _), (other, _, _) = seen
    for (route, asker), (status, text) in first.items():
        then_status, then_text = other[route, asker]
        changed = [
            line
            for line in difflib.unified_diff(_lines(text), _lines(then_text), n=0, lineterm="")
            if line[:1] in "+-" and line[:3] not in ("+++", "---")
        ]
        if status != then_status or changed:
            leaks.append(f"{route[0]} to {asker} tells the draws apart: {changed[:2]}"[:300])
    assert not leaks, "\n".join(leaks)


def test_a_team_events_routes_give_no_key_but_the_askers_own(organiser, other_organiser):
    """The team routes (teams, matches, the captains' ritual) asked by a visitor, a captain,
    a team member and another organiser: no answer holds another player's key."""
    from teams.services.rounds import team_round_create
    from tests.teams.ritual.conftest import NAMES, make_team
    from tournament.models import Player
    from tournament.services.events.events import event_create

    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=5)
    teams = [make_team(event, organiser, name) for name in NAMES]
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    match = team_round.matches.exclude(team_b=None).order_by("number").first()
    captain = teams[0].captain
    member = teams[0].members.exclude(player=captain).first().player
    clients = _clients(other_organiser)
    keys = {"player": captain.private_key, "opponent": member.private_key}
    kwargs = {
        "event_id": event.pk,
        "game_id": 0,
        "number": 1,
        "player_id": captain.pk,
        "key": FORGED,
        "token": FORGED,
        "code": "C",
        "person_id": 0,
        "team_id": teams[0].pk,
        "match_id": match.pk,
    }
    answers = _snapshot(clients, keys, kwargs, TEAM_ROUTES)
    assert any(status == 200 for status, _ in answers.values())
    every_key = dict(Player.objects.values_list("private_key", "name"))
    leaks = [
        f"{route[0]} to {asker}: {owner}'s private key"
        for (route, asker), (_status, text) in answers.items()
        for key, owner in every_key.items()
        if key != keys.get(asker) and key in text
    ]
    assert not leaks, "\n".join(leaks)

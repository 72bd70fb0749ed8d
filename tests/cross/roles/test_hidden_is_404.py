"""A hidden event does not exist for anyone who may not see it.

Every route of the URL conf that names an object by id (an event, a game, a round, a print
job, a team match, ...) is asked, with every method it offers, about the objects of another
organiser's hidden event: by a visitor, by an organiser of another event, and by a player of
another event holding their own key. Each answer must be the answer for an id that exists
nowhere, and that answer must be a 404 (or a 405 for a method the route never takes).

The one exception is the sign-in page: a signed-out visitor asking for a page that needs an
account is sent to sign in, for every id, existing or not (the same redirect), so it reveals
nothing; a signed-in account gets the 404.

New routes join the check by being in the URL conf: a route with an id this file does not know
fails `test_every_id_in_the_url_conf_is_known`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.teams.ritual.conftest import NAMES, make_team

pytestmark = pytest.mark.django_db

# The ids a route may name, each filled from the hidden event (or its team twin).
OBJECT_IDS = frozenset(
    {
        "event_id",
        "game_id",
        "number",
        "job_id",
        "match_id",
        "player_id",
        "team_id",
        "announcement_id",
        "entry_id",
        "user_id",
        "patrol_id",
        "person_id",  # a person whose events are all hidden (people/)
        "series_id",  # a series of hidden events only (series/)
        "penalty_id",  # a penalty given in the hidden event (issue 35)
        "call_id",  # a judge call at one of its tables (floor/)
        "delivery_id",  # a failed notice to its feed webhook (feed/)
    }
)
# Parts of a route that are not objects of an event.
OTHER_PARTS = frozenset({"field", "kind", "key", "token", "code", "object_id", "app_label"})
# Routes with an id outside any event: the admin (tests/architecture/test_admin.py) and the
# missions.
OUTSIDE = re.compile(r"^(admin/|api/missions/|missions/)")
MISSING = 987_654
METHODS = ("get", "post", "put", "patch", "delete")


@dataclass(frozen=True)
class Route:
    name: str
    kwargs: tuple[str, ...]
    route: str


def _walk(patterns, prefix=""):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            route = prefix + str(entry.pattern)
            names = tuple(entry.pattern.regex.groupindex)
            if entry.name and OBJECT_IDS & set(names) and not OUTSIDE.match(route):
                yield Route(entry.name, names, route)


ROUTES = sorted(set(_walk(get_resolver().url_patterns)), key=lambda r: r.route)


def test_every_id_in_the_url_conf_is_known():
    """A route naming an id this file cannot fill must be added here, not skipped."""
    every = {name for r in _walk(get_resolver().url_patterns) for name in r.kwargs}
    assert every <= OBJECT_IDS | OTHER_PARTS
    assert len(ROUTES) > 100


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module inside a transaction rolled back at its end (each test runs in
    a savepoint of it): the organiser's hidden singles event (a paired round, a print job, an
    announcement, a judge, a tracked game) and hidden team event (teams, a paired team round);
    the rival runs a public event with a player of its own."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield _build_world()
        transaction.set_rollback(True)


def _build_world() -> dict:
    from django.contrib.auth import get_user_model

    from floor.services.calls import judge_call_open
    from rosters.services.patrols.patrols import patrol_create
    from teams.services.rounds import team_round_create
    from tests.conftest import add_players
    from tournament.models import PrintJob
    from tournament.services.events.events import event_create
    from tournament.services.events.staff import staff_add
    from tournament.services.live.announcements import announcement_post
    from tournament.services.players.penalties import penalty_give
    from tournament.services.rounds.rounds import round_create
    from tracker.services.trackers import tracker_of_game

    users = get_user_model().objects
    organiser = users.create_user("hider", password="pw", is_staff=True)
    rival_organiser = users.create_user("seeker", password="pw", is_staff=True)
    judge = users.create_user("hidden-judge", password="pw")
    # Licensed for the open feed: only its being hidden keeps its feed document away.
    hidden = event_create(
        user=organiser, name="Secret GT", rounds=3, seed=1, hidden=True, feed_licence="cc-by-4.0"
    )
    staff_add(event=hidden, user=organiser, username=judge.username, role="judge")
    players = add_players(hidden, organiser, 4)
    round_create(
        event_id=hidden.pk,
        user=organiser,
        pairings=[
            {"player_a": players[0].pk, "player_b": players[1].pk},
            {"player_a": players[2].pk, "player_b": players[3].pk},
        ],
    )
    game = hidden.rounds.get(number=1).games.order_by("table_number").first()
    tracker_of_game(game_id=game.pk, user=organiser)
    call, _ = judge_call_open(game_id=game.pk, user=organiser, note="Line of sight")
    penalty = penalty_give(
        event=hidden,
        user=organiser,
        player_id=players[1].pk,
        kind="yellow_card",
        round_number=1,
        reason="Slow play",
    )
    job = PrintJob.objects.create(event=hidden, kind="standings", created_by=organiser)
    from feed.models import DeliveryStatus, WebhookDelivery

    delivery = WebhookDelivery.objects.create(
        event=hidden, reason="round_complete", round_number=1, status=DeliveryStatus.FAILED
    )
    announcement = announcement_post(event=hidden, user=organiser, text="Lunch at 13:00")
    patrol = patrol_create(
        event=hidden,
        user=organiser,
        data={"name": "Necrons Combat Patrol", "units": [{"name": "Overlord", "models": 1}]},
    )

    teams = event_create(
        user=organiser, name="Secret Teams", rounds=3, kind="team", team_size=5, hidden=True
    )
    made = [make_team(teams, organiser, name) for name in NAMES]
    team_round = team_round_create(event_id=teams.pk, user=organiser, seed=1)
    match = team_round.matches.exclude(team_b=None).order_by("number").first()

    from series.services.series import series_create, series_event_add

    series = series_create(user=organiser, fields={"name": "Secret League"})
    series_event_add(user=organiser, series_id=series.pk, event_id=hidden.pk)

    rival = event_create(user=rival_organiser, name="Open GT", rounds=3, seed=2)
    (outsider,) = add_players(rival, rival_organiser, 1)
    singles = {
        "event_id": hidden.pk,
        "game_id": game.pk,
        "number": 1,
        "job_id": job.pk,
        "player_id": players[1].pk,
        "announcement_id": announcement.pk,
        "entry_id": hidden.audit.order_by("pk").first().pk,
        "user_id": judge.pk,
        "patrol_id": patrol.pk,
        "person_id": players[1].person_link.person_id,
        "series_id": series.pk,
        "penalty_id": penalty.pk,
        "call_id": call.pk,
        "delivery_id": delivery.pk,
    }
    team = {
        **singles,
        "event_id": teams.pk,
        "match_id": match.pk,
        "team_id": made[0].pk,
        "player_id": made[0].members.first().player_id,
    }
    return {"singles": singles, "team": team, "outsider": outsider, "rival": rival_organiser}


def _is_team_route(route: Route) -> bool:
    return "team" in route.route or "ritual" in route.route


def _url(route: Route, ids: dict, key: str) -> str:
    kwargs = {}
    for name in route.kwargs:
        if name in ids:
            kwargs[name] = ids[name]
        elif name == "field":
            kwargs[name] = "checked_in"
        elif name == "kind":
            kwargs[name] = "pairings"
        else:
            kwargs[name] = key
    return reverse(route.name, kwargs=kwargs)


def _missing(ids: dict) -> dict:
    return {name: MISSING + (value if name == "number" else 0) for name, value in ids.items()}


def _ask(client: Client, method: str, url: str, key: str | None):
    headers = {"HTTP_AUTHORIZATION": f"Key {key}"} if key and url.startswith("/api/") else {}
    if url.startswith("/api/"):
        return getattr(client, method)(url, data={}, content_type="application/json", **headers)
    if method in ("get", "post"):
        return getattr(client, method)(url, **headers)
    return getattr(client, method)(url)


def _summary(response) -> tuple:
    """What an answer tells: its status, where it sends you, and an API answer's body."""
    body = None
    if response.get("Content-Type", "").startswith("application/json"):
        body = response.json()
    # A sign-in redirect names the page asked for (`?next=`): where it sends you is the path.
    location = (response.get("Location") or "").split("?")[0] or None
    return response.status_code, location, body


ASKERS = ("anonymous", "rival_organiser", "player_of_another_event")


def _cases():
    for route in ROUTES:
        for asker in ASKERS:
            yield pytest.param(route, asker, id=f"{route.name}-{asker}")


@pytest.mark.parametrize(("route", "asker"), list(_cases()))
def test_a_hidden_events_objects_answer_as_if_they_did_not_exist(db, world, route, asker):
    ids = world["team" if _is_team_route(route) else "singles"]
    client = Client()
    key = None
    if asker == "rival_organiser":
        client.force_login(world["rival"])
    elif asker == "player_of_another_event":
        key = world["outsider"].private_key
    key_in_url = key or world["outsider"].private_key
    url = _url(route, ids, key_in_url)
    nowhere = _url(route, _missing(ids), key_in_url)
    if key and not url.startswith("/api/") and "key" not in route.kwargs:
        url, nowhere = f"{url}?key={key}", f"{nowhere}?key={key}"
    for method in METHODS:
        hidden = _summary(_ask(client, method, url, key))
        absent = _summary(_ask(client, method, nowhere, key))
        status, location, _ = hidden
        assert hidden == absent, (method, url, hidden, absent)
        if status == 302:
            assert asker != "rival_organiser", (method, url)
            assert location.startswith(reverse("login")), (method, url, location)
        else:
            assert status in (404, 405), (method, url, hidden)


def test_the_hidden_events_own_staff_and_players_still_see_it(db, world):
    """The rule hides the event from outsiders only: its judge reads the staff pages and is
    refused (403, as in the role matrix) what only organisers do; its player reads it by key."""
    from django.contrib.auth import get_user_model

    from tournament.models import Game

    ids = world["singles"]
    judge = Client()
    judge.force_login(get_user_model().objects.get(username="hidden-judge"))
    assert judge.get(reverse("manage-event", args=[ids["event_id"]])).status_code == 200
    assert judge.get(reverse("manage-settings", args=[ids["event_id"]])).status_code == 403
    refused = judge.post(
        f"/api/events/{ids['event_id']}/staff/",
        {"username": "seeker", "role": "judge"},
        content_type="application/json",
    )
    assert refused.status_code == 403
    assert refused.json()["error_codes"] == {"event": ["not_organiser"]}

    game = Game.objects.select_related("player_a").get(pk=ids["game_id"])
    key = {"HTTP_AUTHORIZATION": f"Key {game.player_a.private_key}"}
    player = Client()
    assert player.get(f"/api/events/{ids['event_id']}/", **key).status_code == 200
    assert player.get(f"/api/games/{ids['game_id']}/tracker/", **key).status_code == 200
    home = player.get(reverse("player-home", args=[game.player_a.private_key]))
    assert home.status_code == 200

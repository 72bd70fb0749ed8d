"""An export imported elsewhere and exported again is the same document, for every kind of
content the document holds: a singles event with its log (the demo), a team event (teams'
extension), play-offs (their extension), tracked games (the tracker's extension) and
11th-edition game records. Twice over: the copy of a copy is the same again."""

from __future__ import annotations

import json

import pytest

from exchange.services.importing.write import event_import
from playoffs.services.playoffs import playoff_advance, playoff_create
from tests.exchange.helpers import export, without_stamp
from tests.exchange.test_teams import team_event  # noqa: F401 - fixture
from tests.playoffs.conftest import swiss_event
from tests.tournament.eleventh.results.conftest import eleventh, paired11  # noqa: F401 - fixtures
from tests.tournament.eleventh.results.test_exchange import played  # noqa: F401 - fixture
from tests.tracker.eleventh.player import next_action
from tests.tracker.eleventh.test_event_games import _url, xi_game  # noqa: F401 - fixture
from tests.tracker.web.conftest import key_client
from tournament.models import Event
from tournament.services.audit.log import audit_undo
from tournament.services.events.staff import staff_add, staff_remove
from tournament.services.players.players import player_delete, player_register
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def singles(demo, organiser):
    """The demo with a log that holds an undone correction, a staff account added and taken
    off, and a player added then deleted (named by a gone key)."""
    from django.contrib.auth import get_user_model

    staffer = demo.staff.first()
    game = demo.rounds.get(number=1).games.filter(player_b__isnull=False).first()
    result_enter(game_id=game.pk, data={"vp_a": 61, "vp_b": 59}, user=staffer)
    audit_undo(entry_id=demo.audit.order_by("-id").first().pk, user=staffer, confirm=True)
    judy = get_user_model().objects.create_user("judy-every-kind", password="pw")
    staff_add(event=demo, user=staffer, username=judy.username, role="judge")
    staff_remove(event=demo, user=staffer, member_id=judy.pk)
    late = player_register(event=demo, user=staffer, name="Late Entry", faction="Orks")
    player_delete(player=late, user=staffer)
    return Event.objects.get(pk=demo.pk)


@pytest.fixture
def playoff_event(organiser):
    event = swiss_event(organiser, players=8, rounds=3)
    playoff_create(
        event_id=event.pk, user=organiser, format="single", size=4, grand_final_reset=False
    )
    round_ = playoff_advance(event_id=event.pk, user=organiser)
    for game in round_.games.all():
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    playoff_advance(event_id=event.pk, user=organiser)
    return event


@pytest.fixture
def tracked_event(xi_game):  # noqa: F811
    phones = {"a": key_client(xi_game.player_a), "b": key_client(xi_game.player_b)}
    for _ in range(12):
        views = {s: phones[s].get(_url(xi_game)).json() for s in "ab"}
        action = next_action(views)
        response = phones[action.get("side", "a")].post(_url(xi_game), action, format="json")
        assert response.status_code == 200, response.content
    return xi_game.round.event


def _has_audit(document: dict) -> bool:
    actions = {e["action"] for e in document["audit"]}
    undone = any(e["undone_at"] for e in document["audit"])
    gone = any(e["target"].startswith("player:~") for e in document["audit"])
    return undone and gone and {"staff_add", "staff_remove", "undo"} <= actions


def _has_records(document: dict) -> bool:
    results = [r for rnd in document["rounds"] for g in rnd["games"] for r in g["results"]]
    return any("rounds_a" in r for r in results)


KINDS = {
    "singles": _has_audit,
    "team_event": lambda d: len(d["teams"]) > 0 and len(d["team_rounds"]) > 0,
    "playoff_event": lambda d: d["playoffs"]["format"] == "single",
    "tracked_event": lambda d: len(d["tracked_games"][0]["actions"]) >= 12,
    "played": _has_records,
}


def _elsewhere(event: Event) -> None:
    """Delete the event, as if the file went to another instance (its keys and links free)."""
    if hasattr(event, "team_rounds"):
        event.team_rounds.all().delete()
    event.rounds.all().delete()
    Event.objects.filter(pk=event.pk).delete()


def _copy(document: dict) -> Event:
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert report.new_keys == []
    assert report.new_tokens == 0
    return report.event


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_export_import_export_gives_the_same_document(kind, request):
    event = request.getfixturevalue(kind)
    first = export(event)
    assert KINDS[kind](first), f"the {kind} fixture holds no content of its kind"
    _elsewhere(event)
    copy = _copy(first)
    second = export(copy)
    assert without_stamp(second) == without_stamp(first)
    _elsewhere(copy)
    assert without_stamp(export(_copy(second))) == without_stamp(second)

"""An undo touches only the object its entry names, inside the entry's own event, and only the
fields its action logs, whatever the entry holds (issue 20, section 3).

These entries are written straight into the log of the organiser's own event, as a bug or a
hand-edited database could: not imported, so only the undo's own checks stand between them
and another organiser's event."""

from __future__ import annotations

import pytest
from django.test import Client

from common.errors import Conflict
from teams.models.teams import Team
from teams.services.scoring import team_scoring_update
from teams.services.teams import team_create, team_member_add, team_update
from tests.conftest import add_players
from tournament.models import AuditEntry, Event, Game, Player, Result, Round
from tournament.services.audit.log import audit_record, audit_undo, audit_undo_preview
from tournament.services.events.events import event_create, event_update
from tournament.services.players.players import player_update
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def victim(other_organiser):
    event = event_create(user=other_organiser, name="Secret GT", rounds=3, seed=2, hidden=True)
    add_players(event, other_organiser, 4)
    round_create(event_id=event.pk, user=other_organiser, seed=1)
    game = Game.objects.filter(round__event=event).first()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=other_organiser)
    return event


@pytest.fixture
def own(organiser):
    event = event_create(user=organiser, name="Test GT", rounds=3, seed=1)
    add_players(event, organiser, 4)
    return event


def _rows() -> dict:
    return {
        "events": list(Event.objects.order_by("pk").values()),
        "players": list(Player.objects.order_by("pk").values()),
        "rounds": list(Round.objects.order_by("pk").values()),
        "games": list(Game.objects.order_by("pk").values()),
        "results": list(Result.objects.order_by("pk").values()),
        "teams": list(Team.objects.order_by("pk").values()),
    }


def _forged(own: Event, victim: Event) -> list[tuple[str, str, object, object]]:
    mine = own.players.order_by("id").first()
    theirs = victim.players.order_by("id").first()
    game = Game.objects.filter(round__event=victim).first()
    round_ = victim.rounds.get()
    steal = {"id": theirs.pk, "event_id": victim.pk, "private_key": "chosen-key-0123456789"}
    return [
        ("event_update", f"event:{own.pk}", {"id": victim.pk, "name": "Pwned GT"}, {}),
        (
            "event_update",
            f"event:{own.pk}",
            {"id": victim.pk, "hidden": False, "name": "Pwned"},
            {"name": "Test GT"},
        ),
        ("event_update", f"event:{victim.pk}", {"name": "Pwned GT"}, {"name": "Secret GT"}),
        ("event_update", f"event:{own.pk}", {"bye_vp": "lots"}, {"bye_vp": 20}),
        ("player_update", f"player:{mine.pk}", steal, {}),
        ("player_update", f"player:{mine.pk}", steal, {"name": mine.name}),
        ("player_update", f"player:{theirs.pk}", {"name": "Pwned"}, {"name": theirs.name}),
        ("army_list_submit", f"player:{theirs.pk}", {"army_list": "x"}, {"army_list": ""}),
        ("painting_score", f"player:{theirs.pk}", {"painting": 5}, {"painting": None}),
        (
            "registration_approve",
            f"player:{theirs.pk}",
            {"status": "rejected"},
            {"status": "approved"},
        ),
        ("result_enter", f"game:{game.pk}", None, {"version": 1}),
        ("result_confirm", f"game:{game.pk}", {"status": "pending"}, {"version": 1}),
        ("round_create", f"round:{round_.pk}", None, {"number": 1}),
        ("pairing_swap", f"round:{round_.pk}", {"swap": [1, 2]}, {"games": []}),
        ("player_delete", f"player:{theirs.pk}", {"id": theirs.pk, "name": "Ghost"}, None),
        ("players_check_in", f"event:{own.pk}", {"player_ids": "all"}, {}),
        ("event_update", f"event:{own.pk}", ["name"], {"name": "Test GT"}),
    ]


@pytest.mark.parametrize("index", range(17))
def test_a_forged_live_entry_cannot_reach_another_event(own, victim, organiser, index):
    action, target, before, after = _forged(own, victim)[index]
    entry = audit_record(
        event=own, action=action, target=target, user=organiser, before=before, after=after
    )
    rows = _rows()
    preview = audit_undo_preview(entry_id=entry.pk)
    assert not preview.can_undo, preview
    assert preview.reason
    with pytest.raises(Conflict):
        audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert _rows() == rows
    entry.refresh_from_db()
    assert entry.undone_at is None
    for path in ("/factions/", "/api/factions/"):
        assert Client().get(path).status_code == 200


def test_team_entries_reach_only_their_own_event(organiser, other_organiser):
    mine = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    theirs = event_create(user=other_organiser, name="Their GT", rounds=3, kind="team")
    team = team_create(event=mine, user=organiser, name="Mine")
    other = team_create(event=theirs, user=other_organiser, name="Theirs")
    member = team_member_add(team=other, user=other_organiser, name="Ann", faction="Orks")
    team_scoring_update(event=theirs, user=other_organiser, changes={"draw_margin": 3})
    forged = [
        ("team_update", f"team:{other.pk}", {"name": "Pwned"}, {"name": "Theirs"}),
        ("team_update", f"team:{team.pk}", {"event_id": theirs.pk}, {}),
        ("team_update", f"team:{team.pk}", {"captain": member.pk}, {"captain": None}),
        ("team_create", f"team:{other.pk}", None, {"name": "Theirs"}),
        ("team_scoring", f"event:{mine.pk}", {"event_id": theirs.pk}, {"event_id": mine.pk}),
    ]
    for action, target, before, after in forged:
        entry = audit_record(
            event=mine, action=action, target=target, user=organiser, before=before, after=after
        )
        rows = _rows()
        assert not audit_undo_preview(entry_id=entry.pk).can_undo, action
        with pytest.raises(Conflict):
            audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
        assert _rows() == rows, action
    # A real change of the organiser's own team still undoes.
    team_update(team=team, user=organiser, changes={"name": "Renamed"})
    entry = AuditEntry.objects.filter(event=mine, action="team_update").order_by("-id").first()
    audit_undo(entry_id=entry.pk, user=organiser)
    assert Team.objects.get(pk=team.pk).name == "Mine"


def test_live_edits_still_undo_field_by_field(own, organiser):
    event_update(
        event=own, user=organiser, changes={"name": "Renamed GT", "start_date": "2026-12-01"}
    )
    player = own.players.order_by("id").first()
    player_update(player=player, user=organiser, changes={"faction": "Necrons", "dropped": True})
    for entry in AuditEntry.objects.filter(event=own).order_by("-id")[:2]:
        audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    own.refresh_from_db()
    player.refresh_from_db()
    assert (own.name, own.start_date) == ("Test GT", None)
    assert (player.faction, player.dropped, player.dropped_after_round) == ("Orks", False, None)


def test_a_rename_back_to_a_name_taken_since_is_refused_in_words(own, organiser):
    first, second = own.players.order_by("id")[:2]
    player_update(player=first, user=organiser, changes={"name": "Zed"})
    entry = AuditEntry.objects.filter(event=own, action="player_update").order_by("-id").first()
    player_update(player=second, user=organiser, changes={"name": first.name})
    preview = audit_undo_preview(entry_id=entry.pk)
    assert (preview.can_undo, preview.code) == (False, "name_taken")
    assert preview.reason == f"Another player is now called {first.name}; rename them first."
    with pytest.raises(Conflict):
        audit_undo(entry_id=entry.pk, user=organiser)


def test_a_team_rename_back_to_a_name_taken_since_is_refused(organiser):
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    team = team_create(event=event, user=organiser, name="Alpha")
    team_update(team=team, user=organiser, changes={"name": "Beta"})
    entry = AuditEntry.objects.filter(event=event, action="team_update").order_by("-id").first()
    team_create(event=event, user=organiser, name="Alpha")
    preview = audit_undo_preview(entry_id=entry.pk)
    assert (preview.can_undo, preview.code) == (False, "name_taken")

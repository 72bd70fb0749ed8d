"""Undo never brings back a name another player or team holds now, in any case or form: it is
refused naming who holds it, and nothing changes."""

from __future__ import annotations

import pytest

from teams.services.teams import team_create, team_update
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo_preview
from tournament.services.events.events import event_create
from tournament.services.players.players import player_delete, player_register, player_update

pytestmark = pytest.mark.django_db


def _preview(action: str):
    entry = AuditEntry.objects.filter(action=action).latest("pk")
    return audit_undo_preview(entry_id=entry.pk)


def test_undoing_a_rename_is_refused_once_another_player_took_the_old_name(event, organiser):
    zoe = player_register(event=event, user=organiser, name="Zoë Ártemis")
    player_update(player=zoe, user=organiser, changes={"name": "Zoe A."})
    player_register(event=event, user=organiser, name="ZOË ÁRTEMIS")
    preview = _preview("player_update")
    assert (preview.can_undo, preview.code) == (False, "name_taken")
    assert "Another player is now called ZOË ÁRTEMIS" in preview.reason


def test_undoing_a_delete_is_refused_once_the_name_is_taken_in_another_case(event, organiser):
    zoe = player_register(event=event, user=organiser, name="Zoë Ártemis")
    player_delete(player=zoe, user=organiser)
    player_register(event=event, user=organiser, name="zoë ártemis")
    preview = _preview("player_delete")
    assert (preview.can_undo, preview.code) == (False, "name_taken")
    assert "zoë ártemis" in preview.reason


def test_undoing_a_team_rename_is_refused_once_another_team_took_the_old_name(organiser):
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    team = team_create(event=event, user=organiser, name="Søren's Ørks")
    team_update(team=team, user=organiser, changes={"name": "Lions"})
    team_create(event=event, user=organiser, name="SØREN'S ØRKS")
    preview = _preview("team_update")
    assert (preview.can_undo, preview.code) == (False, "name_taken")
    assert "Another team is now called SØREN'S ØRKS" in preview.reason

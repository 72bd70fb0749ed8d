"""Check-in on the pairing page: the refusal names who is missing and offers to check everyone
in, to drop the absent, or to pair anyway; each bulk action is one logged, undoable entry."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def strict(event, players):
    """Check-in required; the first three players have checked in."""
    event.check_in_required = True
    event.save(update_fields=["check_in_required"])
    for player in players[:3]:
        player.checked_in = True
        player.save(update_fields=["checked_in"])
    return event


def test_pairing_page_refuses_and_offers_the_ways_out(org_client, strict, players):
    response = org_client.post(reverse("manage-round-pair", args=[strict.pk]))
    assert response.status_code == 409
    html = response.content.decode()
    assert "5 players are not checked in" in html
    for player in players[3:]:
        assert player.name in html
    assert reverse("manage-check-in-all", args=[strict.pk]) in html
    assert "Check in everyone" in html
    assert reverse("manage-drop-absent", args=[strict.pk]) in html
    assert "Drop the 5 who are not checked in" in html
    assert "Pair anyway (force)" in html
    assert not strict.rounds.exists()


def test_check_in_everyone_then_pair(org_client, strict, players):
    response = org_client.post(reverse("manage-check-in-all", args=[strict.pk]))
    assert response.status_code == 302
    assert all(p.checked_in for p in strict.players.all())
    entry = AuditEntry.objects.get(event=strict, action="players_check_in")
    assert entry.target == f"event:{strict.pk}"
    assert entry.after["player_ids"] == [p.pk for p in players[3:]]
    assert entry.after["names"] == [p.name for p in players[3:]]
    paired = org_client.post(reverse("manage-round-pair", args=[strict.pk]))
    assert paired.status_code == 302
    assert strict.rounds.count() == 1
    assert strict.rounds.get().games.count() == 4


def test_drop_the_absent_then_pair_only_the_checked_in(org_client, strict, players):
    org_client.post(reverse("manage-drop-absent", args=[strict.pk]))
    dropped = set(strict.players.filter(dropped=True).values_list("name", flat=True))
    assert dropped == {p.name for p in players[3:]}
    entry = AuditEntry.objects.get(event=strict, action="players_drop_absent")
    assert entry.before["names"] == [p.name for p in players[3:]]
    org_client.post(reverse("manage-round-pair", args=[strict.pk]))
    games = strict.rounds.get().games.all()
    seated = {pid for g in games for pid in (g.player_a_id, g.player_b_id) if pid}
    assert seated == {p.pk for p in players[:3]}


def test_force_from_the_page_pairs_everyone(org_client, strict, players):
    org_client.post(reverse("manage-round-pair", args=[strict.pk]), {"force": "1"})
    assert strict.rounds.get().games.count() == 4


def test_bulk_check_in_and_drop_are_undone_from_the_audit_log(org_client, strict, players):
    org_client.post(reverse("manage-check-in-all", args=[strict.pk]))
    entry = AuditEntry.objects.get(event=strict, action="players_check_in")
    org_client.post(reverse("manage-undo", args=[strict.pk, entry.pk]))
    assert {p.name for p in strict.players.filter(checked_in=True)} == {p.name for p in players[:3]}
    org_client.post(reverse("manage-drop-absent", args=[strict.pk]))
    entry = AuditEntry.objects.get(event=strict, action="players_drop_absent")
    html = org_client.get(reverse("manage-audit", args=[strict.pk])).content.decode()
    assert reverse("manage-undo", args=[strict.pk, entry.pk]) in html
    org_client.post(reverse("manage-undo", args=[strict.pk, entry.pk]))
    assert not strict.players.filter(dropped=True).exists()
    assert not strict.players.exclude(dropped_after_round=None).exists()


def test_nothing_to_do_logs_nothing(org_client, strict):
    org_client.post(reverse("manage-check-in-all", args=[strict.pk]))
    org_client.post(reverse("manage-check-in-all", args=[strict.pk]))
    org_client.post(reverse("manage-drop-absent", args=[strict.pk]))
    assert AuditEntry.objects.filter(event=strict, action="players_check_in").count() == 1
    assert not AuditEntry.objects.filter(event=strict, action="players_drop_absent").exists()

"""Penalties and cards (issue 35): what staff record, what the standings count, what the public
sees, the log and its undo."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Forbidden, Invalid, NotFound
from tournament.caching.revision import standings_revision
from tournament.models import AuditEntry, Game, Penalty
from tournament.services.audit.log import audit_undo
from tournament.services.audit.words import audit_describe
from tournament.services.players.penalties import (
    penalties_list,
    penalty_give,
    penalty_marks,
    penalty_remove,
)
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create
from tournament.services.standings.standings import standings_compute

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(event, organiser, players):
    """Round 1 of 8 players played: table by table 80-20, 50-50, 30-70, 60-40."""
    round_create(event_id=event.pk, user=organiser, seed=1)
    scores = [(80, 20), (50, 50), (30, 70), (60, 40)]
    games = list(Game.objects.filter(round__event=event).order_by("table_number"))
    for game, (a, b) in zip(games, scores, strict=True):
        result_enter(game_id=game.pk, data={"vp_a": a, "vp_b": b}, user=organiser)
    return games


def by_player(event):
    return {row["player"]: row for row in standings_compute(event=event)}


def without(row: dict, *keys: str) -> dict:
    return {
        k: v for k, v in row.items() if k not in {*keys, "display", "tiebreak_values", "penalties"}
    }


def test_a_vp_penalty_changes_that_players_vp_and_nothing_else(event, organiser, played):
    game = played[0]  # 80-20
    before = by_player(event)
    revision = standings_revision(event_id=event.pk)
    penalty_give(
        event=event,
        user=organiser,
        player_id=game.player_a_id,
        kind="vp_penalty",
        round_number=1,
        vp=10,
        reason="Late list",
    )
    assert standings_revision(event_id=event.pk) > revision
    after = by_player(event)
    assert after[game.player_a_id]["vp"] == before[game.player_a_id]["vp"] - 10 == 70
    assert after[game.player_a_id]["wins"] == 1  # the outcome as played
    assert [p["kind"] for p in after[game.player_a_id]["penalties"]] == ["vp_penalty"]
    # The rank may move on VP; everything but the VP figures and the rank stays.
    assert without(after[game.player_a_id], "vp", "rank", "tied") == without(
        before[game.player_a_id], "vp", "rank", "tied"
    )
    for pid, row in before.items():
        if pid != game.player_a_id:
            assert without(after[pid], "rank", "tied") == without(row, "rank", "tied")
    # The result's VP stay as entered.
    assert game.results.get(is_current=True).vp_a == 80


def test_a_game_loss_swaps_that_games_outcome_and_nothing_else(event, organiser, played):
    game = played[0]  # 80-20: A won
    before = by_player(event)
    penalty_give(
        event=event,
        user=organiser,
        player_id=game.player_a_id,
        kind="game_loss",
        round_number=1,
        reason="Unsporting conduct",
    )
    after = by_player(event)
    a, b = after[game.player_a_id], after[game.player_b_id]
    assert (a["wins"], a["losses"], a["vp"]) == (0, 1, 80)
    assert (b["wins"], b["losses"], b["vp"]) == (1, 0, 20)
    others = set(before) - {game.player_a_id, game.player_b_id}
    for pid in others:
        # Their own record and VP stay; only opponents' win-rate figures may follow the swap.
        keep = ("wins", "draws", "losses", "mp", "vp", "played", "byes", "record")
        assert {k: after[pid][k] for k in keep} == {k: before[pid][k] for k in keep}


def test_cards_and_warnings_do_not_touch_the_standings(event, organiser, played):
    before = [without(row) for row in standings_compute(event=event)]
    for kind in ("warning", "yellow_card", "red_card"):
        penalty_give(
            event=event,
            user=organiser,
            player_id=played[1].player_a_id,
            kind=kind,
            round_number=1,
            reason="Slow play",
        )
    after = standings_compute(event=event)
    assert [without(row) for row in after] == before
    marked = next(r for r in after if r["player"] == played[1].player_a_id)
    assert [p["mark"] for p in marked["penalties"]] == ["W", "YC", "RC"]
    assert "Slow play" not in str(after)


def test_give_is_logged_in_words_and_undone(event, organiser, played):
    before = standings_compute(event=event)
    penalty = penalty_give(
        event=event,
        user=organiser,
        player_id=played[0].player_a_id,
        kind="vp_penalty",
        round_number=1,
        vp=5,
        reason="Late list",
    )
    entry = AuditEntry.objects.get(action="penalty_give")
    words = audit_describe([entry])[entry.pk]
    assert played[0].player_a.name in words
    assert "round 1" in words
    assert "5 VP" in words
    assert "Late list" in words
    audit_undo(entry_id=entry.pk, user=organiser)
    assert not Penalty.objects.filter(pk=penalty.pk).exists()
    assert standings_compute(event=event) == before


def test_remove_is_logged_and_its_undo_puts_it_back(event, organiser, played):
    penalty = penalty_give(
        event=event,
        user=organiser,
        player_id=played[0].player_a_id,
        kind="game_loss",
        round_number=1,
        reason="Cheating",
    )
    with_penalty = standings_compute(event=event)
    penalty_remove(event=event, user=organiser, penalty_id=penalty.pk)
    assert not Penalty.objects.exists()
    entry = AuditEntry.objects.get(action="penalty_remove")
    assert "Cheating" in audit_describe([entry])[entry.pk]
    audit_undo(entry_id=entry.pk, user=organiser)
    back = Penalty.objects.get()
    assert (back.kind, back.round_number, back.reason) == ("game_loss", 1, "Cheating")
    assert standings_compute(event=event) == with_penalty


def test_the_public_never_reads_the_reason(event, organiser, played):
    penalty_give(
        event=event,
        user=organiser,
        player_id=played[0].player_a_id,
        kind="yellow_card",
        round_number=1,
        reason="Secret",
    )
    public = penalties_list(event=event, user=None)
    assert public == [
        {
            "id": public[0]["id"],
            "player": played[0].player_a_id,
            "player_name": played[0].player_a.name,
            "kind": "yellow_card",
            "round": 1,
        }
    ]
    staff = penalties_list(event=event, user=organiser)
    assert staff[0]["reason"] == "Secret"
    marks = penalty_marks(event.pk)
    assert marks[played[0].player_a_id][0]["mark"] == "YC"
    assert "Secret" not in str(marks)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"kind": "booking"}, "kind"),
        ({"kind": "vp_penalty", "vp": None}, "vp"),
        ({"kind": "vp_penalty", "vp": 0}, "vp"),
        ({"kind": "vp_penalty", "vp": "5"}, "vp"),
        ({"kind": "warning", "vp": 5}, "vp"),
        ({"round_number": 2}, "round"),
        ({"round_number": 0}, "round"),
        ({"reason": ""}, "reason"),
        ({"reason": "x" * 1001}, "reason"),
        ({"player_id": "1"}, "player"),
    ],
)
def test_bad_input_names_the_field_and_changes_nothing(event, organiser, played, fields, field):
    given = {
        "player_id": played[0].player_a_id,
        "kind": "warning",
        "round_number": 1,
        "reason": "r",
        **fields,
    }
    with pytest.raises(Invalid) as exc:
        penalty_give(event=event, user=organiser, **given)
    assert field in exc.value.errors
    assert not Penalty.objects.exists()
    assert not AuditEntry.objects.filter(action="penalty_give").exists()


def test_strangers_and_other_events_are_refused(event, organiser, other_organiser, played):
    with pytest.raises(Forbidden):
        penalty_give(
            event=event,
            user=other_organiser,
            player_id=played[0].player_a_id,
            kind="warning",
            round_number=1,
            reason="r",
        )
    with pytest.raises(NotFound):
        penalty_give(
            event=event,
            user=organiser,
            player_id=10**9,
            kind="warning",
            round_number=1,
            reason="r",
        )


def test_a_game_penalty_needs_a_game_in_that_round(event, organiser, played):
    from tournament.services.players.players import player_register

    late = player_register(event=event, user=organiser, name="Late", faction="Orks")
    with pytest.raises(Conflict) as exc:
        penalty_give(
            event=event,
            user=organiser,
            player_id=late.pk,
            kind="game_loss",
            round_number=1,
            reason="r",
        )
    assert exc.value.codes == {"round": ["no_game"]}
    # A card needs no game.
    penalty_give(
        event=event, user=organiser, player_id=late.pk, kind="warning", round_number=1, reason="r"
    )

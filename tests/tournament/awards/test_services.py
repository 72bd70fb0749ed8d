"""Painting scores and sportsmanship votes: who may set them, their rules, the log and undo,
and the standings ranking by them."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Forbidden, Invalid
from tournament.caching.revision import event_revision
from tournament.models import AuditEntry, PaintingScore, SportsVote
from tournament.services.audit.log import audit_undo, audit_undo_preview
from tournament.services.events.events import event_update
from tournament.services.standings.awards import awards_compute, painting_set, sports_vote
from tournament.services.standings.standings import standings_compute

pytestmark = pytest.mark.django_db


def _score(player):
    return PaintingScore.objects.filter(player=player).values_list("score", flat=True).first()


def test_a_judge_sets_a_painting_score_logged_in_words(event, four, judge):
    painting_set(event=event, player_id=four["Ann"].pk, score=17, user=judge)
    assert _score(four["Ann"]) == 17
    entry = AuditEntry.objects.latest("id")
    assert entry.action == "painting_score"
    preview = audit_undo_preview(entry_id=entry.pk)
    assert preview.description == "Ann: Painting: none → 17"
    assert preview.label == "Painting score"


def test_the_same_score_again_changes_and_logs_nothing(event, four, organiser):
    painting_set(event=event, player_id=four["Ann"].pk, score=12, user=organiser)
    logged, revision = AuditEntry.objects.count(), event_revision(event_id=event.pk)
    painting_set(event=event, player_id=four["Ann"].pk, score=12, user=organiser)
    assert AuditEntry.objects.count() == logged
    assert event_revision(event_id=event.pk) == revision


def test_a_score_moves_the_revision_on_so_cached_pages_refresh(event, four, organiser):
    revision = event_revision(event_id=event.pk)
    painting_set(event=event, player_id=four["Ann"].pk, score=3, user=organiser)
    assert event_revision(event_id=event.pk) > revision


@pytest.mark.parametrize(
    ("score", "code"),
    [(-1, "range"), (21, "above_max"), ("x", "range"), (2.5, "range"), (True, "range")],
)
def test_a_score_outside_the_events_scale_is_refused(event, four, organiser, score, code):
    with pytest.raises(Invalid) as err:
        painting_set(event=event, player_id=four["Ann"].pk, score=score, user=organiser)
    assert err.value.codes == {"score": [code]}
    assert "0 to 20" in str(err.value)
    assert _score(four["Ann"]) is None


def test_the_scale_is_the_events_setting(event, four, organiser):
    event = event_update(event=event, user=organiser, changes={"painting_max": 50})
    painting_set(event=event, player_id=four["Ann"].pk, score=45, user=organiser)
    assert _score(four["Ann"]) == 45


def test_players_and_strangers_may_not_score_painting(event, four, other_organiser):
    with pytest.raises(Forbidden) as err:
        painting_set(event=event, player_id=four["Ann"].pk, score=5, user=other_organiser)
    assert err.value.codes == {"event": ["not_staff"]}


def test_undoing_a_score_puts_the_old_one_back(event, four, organiser):
    painting_set(event=event, player_id=four["Ann"].pk, score=10, user=organiser)
    painting_set(event=event, player_id=four["Ann"].pk, score=14, user=organiser)
    latest = AuditEntry.objects.filter(action="painting_score").latest("id")
    audit_undo(entry_id=latest.pk, user=organiser)
    assert _score(four["Ann"]) == 10
    first = AuditEntry.objects.filter(action="painting_score").earliest("id")
    audit_undo(entry_id=first.pk, user=organiser)
    assert _score(four["Ann"]) is None


def test_an_older_score_cannot_be_undone_over_a_newer_one(event, four, organiser):
    painting_set(event=event, player_id=four["Ann"].pk, score=10, user=organiser)
    painting_set(event=event, player_id=four["Ann"].pk, score=14, user=organiser)
    first = AuditEntry.objects.filter(action="painting_score").earliest("id")
    preview = audit_undo_preview(entry_id=first.pk)
    assert not preview.can_undo
    assert preview.code == "superseded"
    assert "Ann" in preview.reason


# Sportsmanship -----------------------------------------------------------------------------


def test_each_player_votes_once_per_game(played, four):
    game = played["Ann"]
    vote = sports_vote(game_id=game.pk, player=four["Ann"], favourite=True)
    assert vote.opponent == four["Bob"]
    with pytest.raises(Conflict) as err:
        sports_vote(game_id=game.pk, player=four["Ann"], favourite=False)
    assert err.value.codes == {"game": ["already_voted"]}
    assert "round 1" in str(err.value)
    sports_vote(game_id=game.pk, player=four["Bob"], favourite=False)
    assert SportsVote.objects.filter(game=game).count() == 2


def test_a_vote_waits_for_the_result(round1, four):
    with pytest.raises(Conflict) as err:
        sports_vote(game_id=round1["Ann"].pk, player=four["Ann"], favourite=True)
    assert err.value.codes == {"game": ["no_result"]}
    assert not SportsVote.objects.exists()


def test_only_the_games_players_vote(played, four):
    with pytest.raises(Forbidden) as err:
        sports_vote(game_id=played["Ann"].pk, player=four["Cat"], favourite=True)
    assert err.value.codes == {"game": ["not_your_game"]}


def test_a_vote_is_logged_and_an_organiser_may_undo_it(played, four, organiser):
    sports_vote(game_id=played["Ann"].pk, player=four["Ann"], favourite=True)
    entry = AuditEntry.objects.latest("id")
    assert entry.actor_player == four["Ann"]
    preview = audit_undo_preview(entry_id=entry.pk)
    assert preview.description == "Round 1, table 1: Ann named Bob favourite opponent"
    audit_undo(entry_id=entry.pk, user=organiser)
    assert not SportsVote.objects.exists()
    # Undone, the player may answer again.
    sports_vote(game_id=played["Ann"].pk, player=four["Ann"], favourite=False)


def test_an_archived_event_takes_no_votes(event, played, four, organiser):
    event_update(event=event, user=organiser, changes={"archived": True})
    with pytest.raises(Conflict) as err:
        sports_vote(game_id=played["Ann"].pk, player=four["Ann"], favourite=True)
    assert err.value.codes == {"event": ["event_archived"]}


# Standings and the overall ranking ----------------------------------------------------------


@pytest.mark.parametrize("metric", ["painting", "sports", "overall"])
def test_the_events_tiebreaks_accept_the_awards_metrics(event, organiser, metric):
    event = event_update(event=event, user=organiser, changes={"tiebreaks": [metric, "vp"]})
    assert event.tiebreaks == [metric, "vp"]


def test_the_standings_rank_by_painting(event, organiser, played, four):
    # Cat and Dan drew with the same VP: painting decides between them.
    event = event_update(event=event, user=organiser, changes={"tiebreaks": ["painting", "vp"]})
    painting_set(event=event, player_id=four["Dan"].pk, score=18, user=organiser)
    painting_set(event=event, player_id=four["Cat"].pk, score=9, user=organiser)
    rows = standings_compute(event=event)
    assert [r["name"] for r in rows] == ["Ann", "Dan", "Cat", "Bob"]
    assert [r["painting"] for r in rows] == [0, 18, 9, 0]
    assert rows[1]["display"]["painting"] == "18"


def test_the_standings_rank_by_sportsmanship_votes(event, organiser, played, four):
    event = event_update(event=event, user=organiser, changes={"tiebreaks": ["sports"]})
    sports_vote(game_id=played["Cat"].pk, player=four["Dan"], favourite=True)
    rows = standings_compute(event=event)
    assert [r["name"] for r in rows] == ["Ann", "Cat", "Dan", "Bob"]
    assert not rows[1]["tied"]


def test_the_overall_ranking_weighs_painting_and_votes(event, organiser, played, four):
    event = event_update(
        event=event,
        user=organiser,
        changes={"weight_battle": 1, "weight_painting": 1, "weight_sports": 0},
    )
    painting_set(event=event, player_id=four["Bob"].pk, score=20, user=organiser)
    painting_set(event=event, player_id=four["Ann"].pk, score=0, user=organiser)
    awards = awards_compute(event=event)
    # Ann: (1 + 0) / 2; Bob: (0 + 1) / 2; Cat and Dan: (1/2 + 0) / 2.
    ranks = [(r["name"], r["rank"], r["tied"], r["display"]["overall"]) for r in awards["rows"]]
    assert ranks == [
        ("Ann", 1, True, "50.0%"),
        ("Bob", 1, True, "50.0%"),
        ("Cat", 3, True, "25.0%"),
        ("Dan", 3, True, "25.0%"),
    ]
    assert awards["best_painted"] == ["Bob"]
    assert awards["best_sport"] == []


@pytest.mark.parametrize(
    "changes",
    [{"weight_battle": 0, "weight_painting": 0, "weight_sports": 0}, {"weight_sports": 101}],
)
def test_weights_are_checked(event, organiser, changes):
    with pytest.raises(Invalid):
        event_update(event=event, user=organiser, changes=changes)


def test_weights_are_logged_and_undone_as_settings(event, organiser):
    event_update(event=event, user=organiser, changes={"weight_painting": 4})
    entry = AuditEntry.objects.latest("id")
    assert audit_undo_preview(entry_id=entry.pk).description == "Weight of painting: 1 → 4"
    audit_undo(entry_id=entry.pk, user=organiser)
    event.refresh_from_db()
    assert event.weight_painting == 1

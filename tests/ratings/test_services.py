"""Which games are rated, the rebuild and its determinism, opt-outs, excluded events and the
update when a round's results are all confirmed."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from people.models import PersonLink
from ratings.engine.ratings import RatedGame, season_rate
from ratings.models import PersonRating, RatingSettings, RatingSnapshot
from ratings.services.ratings import (
    person_rating_history,
    rating_opt_out_set,
    ratings_list,
    ratings_rebuild,
    ratings_withheld_player_ids,
)
from tests.ratings.conftest import play
from tournament.models import Event, Game, Result, Round
from tournament.services.events.events import event_update
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


def person(event, name):
    return PersonLink.objects.get(player=event.by_name[name]).person_id


def stored(edition="eleventh"):
    return {
        r.person_id: (r.mu, r.sigma, r.games, r.rank, r.faction)
        for r in PersonRating.objects.filter(edition=edition)
    }


def test_the_rebuild_rates_the_games_in_the_order_played(season):
    first, second, _ = season
    ann, bo, cy, dee = (person(first, n) for n in ("Ann", "Bo", "Cy", "Dee"))
    report = ratings_rebuild(edition="eleventh")
    assert (report.games, report.people) == (7, 4)  # the bye is not a game
    # The oracle: the same games typed out by hand, in the order played.
    games = [
        (first, 1, 1, ann, bo, "a"),
        (first, 1, 2, cy, dee, "draw"),
        (first, 2, 1, ann, cy, "a"),
        (first, 2, 2, bo, dee, "a"),
        (first, 3, 2, ann, bo, "a"),
        (second, 1, 1, ann, dee, "a"),
        (second, 1, 2, bo, cy, "draw"),
    ]
    expected = season_rate(
        RatedGame((str(e.end_date), e.pk, r, t, n), e.pk, a, b, o)
        for n, (e, r, t, a, b, o) in enumerate(games)
    )
    rows = stored()
    assert {p: (mu, sigma, g) for p, (mu, sigma, g, _, _) in rows.items()} == {
        p: (r.mu, r.sigma, r.games) for p, r in expected.current.items()
    }
    assert rows[ann][3] == 1
    assert rows[dee][2] == 3  # a bye is not rated
    # Factions: the one each played most in this edition (Ann: Necrons twice, Aeldari once).
    assert rows[ann][4] == "Necrons"
    # History: a snapshot after each event, the first event first.
    assert [
        (s.event_id, s.games)
        for s in RatingSnapshot.objects.filter(person_id=ann, edition="eleventh")
    ] == [(first.pk, 3), (second.pk, 4)]


def test_editions_apart_and_the_rebuild_is_deterministic(season):
    del season  # the three events are in the database
    ratings_rebuild(edition="eleventh")
    ratings_rebuild(edition="leviathan")
    before = stored(), stored("leviathan")
    snapshots = list(RatingSnapshot.objects.values_list("person", "edition", "event", "mu"))
    out = io.StringIO()
    call_command("ratings_rebuild", stdout=out)
    assert "11th edition: 4 people rated from 7 games" in out.getvalue()
    assert "Leviathan: 2 people rated from 1 games" in out.getvalue()
    assert (stored(), stored("leviathan")) == before
    assert list(RatingSnapshot.objects.values_list("person", "edition", "event", "mu")) == snapshots
    # In Leviathan, Bo beat Ann: Bo is first there whatever happened in the 11th edition.
    assert [r["name"] for r in ratings_list(edition="leviathan")] == ["Bo", "Ann"]
    assert stored("older") == {}


def test_unconfirmed_results_unfinished_rounds_and_hidden_events_are_not_rated(organiser):
    play(organiser, name="Hidden", day=2, hidden=True, rounds=[[("Ann", "Bo", 70, 10)]])
    open_event = play(organiser, name="Open", day=3, rounds=[[("Ann", "Bo", 70, 10)]])
    Result.objects.filter(game__round__event=open_event).update(status="pending")
    running = play(organiser, name="Running", day=4, rounds=[[("Ann", "Bo", 70, 10)]])
    Round.objects.filter(event=running).update(status="in_progress")
    assert ratings_rebuild(edition="eleventh").games == 0
    assert ratings_list(edition="eleventh") == []


def test_knockout_games_count_like_others_and_a_draw_is_a_draw(organiser):
    event = play(organiser, name="Cup", day=2, rounds=[[("Ann", "Bo", 50, 50)]])
    ratings_rebuild(edition="eleventh")
    ann, bo = person(event, "Ann"), person(event, "Bo")
    assert stored()[ann][:3] == stored()[bo][:3]  # equal after a draw
    Result.objects.filter(game__round__event=event).update(decided="a_wins")
    ratings_rebuild(edition="eleventh")
    assert stored()[ann][0] > 25 > stored()[bo][0]


def test_an_opted_out_person_is_left_out_entirely(season, django_capture_on_commit_callbacks):
    first, second, _ = season
    ann, bo = person(first, "Ann"), person(first, "Bo")
    with django_capture_on_commit_callbacks(execute=True):
        assert rating_opt_out_set(person_id=ann, out=True)
    # Every edition was rebuilt once the opt-out committed: no rating, no history, and their
    # games are gone from everyone else's ratings too.
    assert ann not in stored()
    assert ann not in stored("leviathan")
    assert person_rating_history(person_id=ann) == []
    assert stored()[bo][2] == 2  # Bo's two games left: with Dee, and the draw with Cy
    assert "Ann" not in [r["name"] for r in ratings_list(edition="eleventh")]
    assert ratings_withheld_player_ids(event_ids=[first.pk, second.pk]) == {
        first.by_name["Ann"].pk,
        second.by_name["Ann"].pk,
    }
    with django_capture_on_commit_callbacks(execute=True):
        assert rating_opt_out_set(person_id=ann, out=False)
    assert stored()[ann][2] == 4
    assert not rating_opt_out_set(person_id=ann, out=False)  # no change: no rebuild


def test_an_excluded_event_is_not_rated(season, api, django_capture_on_commit_callbacks):
    first, second, _ = season
    ratings_rebuild(edition="eleventh")
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.patch(f"/api/events/{second.pk}/", {"ratings_excluded": True}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["ratings_excluded"] is True
    assert RatingSettings.objects.get(event=second).ratings_excluded
    ann = person(first, "Ann")
    assert stored()[ann][2] == 3  # only the first event's games
    assert not RatingSnapshot.objects.filter(event=second).exists()
    # Saving it unchanged changes nothing; a bad value is refused naming the field.
    assert (
        api.patch(f"/api/events/{second.pk}/", {"ratings_excluded": "x"}, format="json").status_code
        == 400
    )


def test_a_round_complete_rates_its_edition_again(organiser, django_capture_on_commit_callbacks):
    event = play(
        organiser, name="Live", day=2, rounds=[[("Ann", "Bo", 70, 10), ("Cy", "Dee", 1, 0)]]
    )
    Result.objects.filter(game__round__event=event).delete()
    Round.objects.filter(event=event).update(status="paired")
    first, last = Game.objects.filter(round__event=event).order_by("table_number")
    with django_capture_on_commit_callbacks(execute=True):
        result_enter(game_id=first.pk, data={"vp_a": 70, "vp_b": 10}, user=organiser)
    assert not PersonRating.objects.exists()  # one game still open: nothing rated yet
    with django_capture_on_commit_callbacks(execute=True):
        result_enter(game_id=last.pk, data={"vp_a": 30, "vp_b": 30}, user=organiser)
    assert Round.objects.get(event=event).status == "complete"
    assert {r["name"]: r["games"] for r in ratings_list(edition="eleventh")} == {
        "Ann": 1,
        "Bo": 1,
        "Cy": 1,
        "Dee": 1,
    }


def test_a_team_events_individual_games_are_rated(organiser):
    event = play(
        organiser, name="Teams", day=2, rounds=[[("Ann", "Bo", 70, 10), ("Cy", "Dee", 20, 60)]]
    )
    Event.objects.filter(pk=event.pk).update(kind="team")
    assert ratings_rebuild(edition="eleventh").games == 2
    assert [r["name"] for r in ratings_list(edition="eleventh")][:2] in (
        ["Ann", "Dee"],
        ["Dee", "Ann"],
    )


def test_an_event_hidden_leaves_the_ratings(season, organiser, django_capture_on_commit_callbacks):
    first, second, _ = season
    ratings_rebuild(edition="eleventh")
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=second, user=organiser, changes={"hidden": True})
    assert stored()[person(first, "Ann")][2] == 3
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=second, user=organiser, changes={"hidden": False})
    assert stored()[person(first, "Ann")][2] == 4


def test_a_player_who_said_no_to_publishing_results_is_left_out_of_that_event(
    season, django_capture_on_commit_callbacks
):
    """Publication consent (issue 36): a player's "no" to their results beyond the event
    takes that event's games out of the ratings; their other events still count."""
    from people.services.consent import consent_record

    first, second, _ = season
    ann, dee = person(first, "Ann"), person(first, "Dee")
    ratings_rebuild(edition="eleventh")
    assert stored()[ann][2] == 4
    games_dee = stored()[dee][2]
    with django_capture_on_commit_callbacks(execute=True):
        consent_record(player=second.by_name["Ann"], results=False, lists=None, via="player_page")
    assert stored()[ann][2] == 3  # the Summer GT's game is gone, the Spring GT's three stay
    assert stored()[dee][2] == games_dee - 1
    assert ratings_withheld_player_ids(event_ids=[first.pk, second.pk]) == {
        second.by_name["Ann"].pk
    }
    with django_capture_on_commit_callbacks(execute=True):
        consent_record(player=second.by_name["Ann"], results=True, lists=None, via="player_page")
    assert stored()[ann][2] == 4

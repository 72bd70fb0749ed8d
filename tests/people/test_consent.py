"""Publication consent (issue 36): each answer kept with when and where, append-only, the
current choice the latest; the two questions other apps (ratings, open feeds) ask."""

from __future__ import annotations

import pytest

from common.errors import Invalid
from people.models import PublicationConsent
from people.services.consent import (
    consent_current,
    consent_data,
    consent_record,
    consented_player_ids,
    results_withheld_player_ids,
)
from tests.conftest import add_players

pytestmark = pytest.mark.django_db


def test_each_answer_is_kept_and_the_latest_counts(event, organiser):
    anna, bram, cleo, dee = add_players(event, organiser, 4)
    consent_record(player=anna, results=True, lists=False, via="signup")
    consent_record(player=anna, results=False, lists=True, via="player_page")
    consent_record(player=bram, results=True, lists=None, via="staff", user=organiser)
    consent_record(player=cleo, results=None, lists=True, via="signup")
    # Dee was never asked.
    assert consent_current(player=dee) is None
    assert results_withheld_player_ids(event_id=event.pk) == frozenset({anna.pk})
    assert consented_player_ids(event_id=event.pk, subject="results") == frozenset({bram.pk})
    assert consented_player_ids(event_id=event.pk, subject="lists") == frozenset({anna.pk, cleo.pk})
    history = consent_data(player=anna)["history"]
    assert [(h["results"], h["lists"], h["via"]) for h in history] == [
        (True, False, "signup"),
        (False, True, "player_page"),
    ]
    assert consent_data(player=anna)["results"] is False
    assert PublicationConsent.objects.get(player=bram).user == organiser
    # A player's own answer names no staff member.
    assert PublicationConsent.objects.filter(player=anna, user__isnull=False).count() == 0


def test_the_same_answer_again_records_nothing(event, organiser):
    anna, bo = add_players(event, organiser, 2)
    first = consent_record(player=anna, results=True, lists=True, via="signup")
    again = consent_record(player=anna, results="yes", lists="yes", via="player_page")
    assert again.pk == first.pk
    # Nothing answered by someone never asked is no answer.
    assert consent_record(player=bo, results=None, lists="", via="signup") is None
    assert PublicationConsent.objects.count() == 1


def test_other_events_do_not_count(event, organiser):
    from tournament.services.events.events import event_create

    other = event_create(user=organiser, name="Other GT", rounds=3, seed=4)
    (mine,) = add_players(event, organiser, 1)
    (theirs,) = add_players(other, organiser, 1)
    consent_record(player=theirs, results=False, lists=True, via="signup")
    assert results_withheld_player_ids(event_id=event.pk) == frozenset()
    assert consented_player_ids(event_id=event.pk, subject="lists") == frozenset()
    consent_record(player=mine, results=False, lists=None, via="signup")
    assert results_withheld_player_ids(event_id=event.pk) == frozenset({mine.pk})


def test_bad_answers_are_refused_naming_the_field(event, organiser):
    (anna,) = add_players(event, organiser, 1)
    with pytest.raises(Invalid) as caught:
        consent_record(player=anna, results="maybe", lists=None, via="signup")
    assert "consent_results" in caught.value.errors
    with pytest.raises(Invalid):
        consent_record(player=anna, results=True, lists=None, via="by_post")
    with pytest.raises(ValueError, match="subject"):
        consented_player_ids(event_id=event.pk, subject="painting")
    assert PublicationConsent.objects.count() == 0

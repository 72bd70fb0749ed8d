"""The battle-round tracker's refusals in the player's language (issue 36): an edition's engine
raises an English template with its values; the player reads the rule in the active language,
after the action's field, which stays as it is (the page shows only the rule)."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from common.errors import Invalid
from tests.tracker.leviathan.helpers import act, start
from tests.tracker.maelstrom.test_rules import P1, rigged, started, to_end_of_turn
from tests.tracker.maelstrom.test_rules import act as maelstrom_act
from tracker.engine import leviathan
from tracker.engine.errors import Refusal
from tracker.services.trackers import tracker_act, tracker_create


def refusal(apply, state, kind, *args, **fields) -> Refusal:
    with pytest.raises(Refusal) as refused:
        apply(state, kind, *args, **fields)
    return refused.value


def test_a_refusal_reads_in_the_players_language_after_its_field():
    state = start()
    refused = refusal(act, state, "draw", "attacker", round=2)
    assert refused.message == str(refused) == "round: the game is in battle round 1, not 2"
    with translation.override("de"):
        assert refused.message == "round: das Spiel ist in Schlachtrunde 1, nicht 2"
    with translation.override("pl"):
        assert refused.message == "round: gra jest w rundzie bitwy 1, nie 2"


def test_the_timing_words_inside_a_refusal_are_translated_with_it():
    state = start()  # the attacker's first Command phase: Take and Hold scores later
    refused = refusal(act, state, "score_primary", "attacker", vp=5)
    assert refused.code == "primary_not_now"
    assert "does not score for this side now; it scores at the end of" in str(refused)
    with translation.override("de"):
        words = refused.message
    assert words.startswith("type: Take and Hold punktet jetzt nicht für diese Seite; ")
    assert "am Ende" in words
    assert "at the end" not in words
    assert "Runde" in words


def test_the_page_says_when_the_primary_scores_in_the_players_language():
    state = start()
    english = leviathan.options(state)["attacker"]["primary"]["when"]
    assert english.startswith("at the end of")
    with translation.override("it"):
        italian = leviathan.options(state, gettext)["attacker"]["primary"]["when"]
    assert italian.startswith("alla fine ")
    assert "round" in italian
    assert leviathan.options(state)["attacker"]["primary"]["when"] == english


def test_a_side_that_may_not_achieve_is_told_why_in_its_language():
    state = rigged(to_end_of_turn(started()), P1, [43])  # Hold the Line: not in turn one
    refused = refusal(maelstrom_act, state, "achieve", side=P1, number=43)
    assert (refused.code, refused.field) == ("cannot_achieve", "number")
    assert str(refused).startswith("number: ")
    assert str(refused).endswith("cannot be achieved in your first turn")
    with translation.override("fr"):
        assert refused.message.endswith("ne peut pas être accompli à ton premier tour")
        assert refused.message.startswith("number: ")


@pytest.mark.django_db
def test_the_tracker_service_answers_in_the_readers_language():
    tracked = tracker_create(mission_code="LEV-A")
    action = {"type": "assign_roles", "round": 3, "phase": "roles", "attacker": "player_1"}
    with translation.override("es"), pytest.raises(Invalid) as refused:
        tracker_act(tracked_id=tracked.pk, action=action)
    assert refused.value.codes == {"round": ["wrong_round"]}
    assert refused.value.messages == {
        "round": ["round: la partida está en la ronda de batalla 0, no en la 3"]
    }

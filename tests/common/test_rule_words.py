"""The engines' refusals in the reader's language (issue 36): an engine raises an English
template with its values (it may not import Django); whoever reads `message` gets it in the
active language, the values filled in after translating."""

from __future__ import annotations

import pytest
from django.utils import translation

from clocks.engine import clock as game_clock
from common.errors import Conflict, Invalid, Phrase, Phrases, RuleError
from tests.conftest import add_players
from tournament.engine.clock import Clock, clock_pause
from tournament.engine.errors import EngineError
from tournament.engine.names import name_clean
from tournament.services.live.clock import round_clock_act
from tournament.services.players.players import player_register
from tournament.services.rounds.rounds import round_create


def test_a_refusal_keeps_its_template_and_values():
    err = RuleError("too_short", "Shorten it by at most %(minutes)s min.", params={"minutes": 4})
    assert (err.template, err.params) == ("Shorten it by at most %(minutes)s min.", {"minutes": 4})
    assert err.message == str(err) == "Shorten it by at most 4 min."
    plain = RuleError("x", "100% sure.")  # no values: a % in the words stays as it is
    assert plain.message == "100% sure."


def test_an_engine_refusal_reads_in_the_active_language():
    with pytest.raises(EngineError) as refused:
        name_clean("a" * 130)
    assert refused.value.message == "Must be at most 120 characters."
    with translation.override("de"):
        assert refused.value.message == "Darf höchstens 120 Zeichen lang sein."
    with pytest.raises(game_clock.StaleClock) as stale:
        game_clock.start(game_clock.new_clock(60_000), "a", version=3, now=0)
    with translation.override("de"):
        assert "(Version 0, nicht 3)" in stale.value.message


@pytest.mark.django_db
def test_the_services_answer_in_the_readers_language(event, organiser):
    add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser, seed=1)
    with translation.override("de"):
        with pytest.raises(Conflict) as refused:
            round_clock_act(event=event, round_number=1, user=organiser, action="pause")
        assert refused.value.messages["action"] == [
            "Runde 1: Nur eine laufende Uhr kann pausiert werden (sie wurde noch nicht gestartet)."
        ]
        with pytest.raises(Invalid) as blank:
            player_register(event=event, user=organiser, name="\u202eevil", faction="Orks")
    assert blank.value.messages["name"][0].startswith(
        "Darf kein Steuerzeichen für die Textrichtung"
    )


def test_a_round_clock_refusal_is_english_without_a_language():
    clock = Clock(length_s=60)
    with pytest.raises(RuleError) as refused:
        clock_pause(clock, clock.started_at)
    assert refused.value.message == "Only a running clock can be paused (it has not started)."


def test_words_held_as_a_value_are_translated_with_the_refusal():
    when = Phrases((Phrase("round %(round)s", {"round": 2}), Phrase("at the end of the battle")))
    err = RuleError("not_now", "It scores %(when)s.", params={"when": when})
    assert str(err) == "It scores round 2; at the end of the battle."
    with translation.override("de"):
        assert err.message == "It scores Runde 2; am Ende der Schlacht."  # the frame: untranslated

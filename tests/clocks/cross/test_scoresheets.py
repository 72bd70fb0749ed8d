"""Scoresheets of an event with game clocks print a "Time used" line beside the signatures
(every pack's sheet, A4 and letter, nothing printed over anything); other events' do not."""

from __future__ import annotations

import dataclasses

import pytest

from missions.classic.generator import generate_classic
from missions.eleventh.layouts import layout_for
from tests.tournament.printing.placed import placed_text
from tests.tournament.printing.test_every_card_fits import (
    _eleventh_round,
    _round_of,
    assert_no_overprint,
)
from tournament.printing.render import render_round
from tournament.services.documents.printing import classic_mission_info, mission_info

assert layout_for  # the 11th-edition round helper needs the layouts loaded


def _rounds(paper: str):
    yield "leviathan", _round_of(paper, mission_info("leviathan", "A"))
    yield "eighth", _round_of(paper, classic_mission_info(generate_classic(_pack(), 1)))
    yield "eleventh", _eleventh_round(paper)


def _pack():
    from missions.pack.registry import get_pack

    return get_pack("eighth")


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_a_clocked_events_scoresheets_have_a_time_used_line(paper):
    for pack, data in _rounds(paper):
        clocked = dataclasses.replace(data, game_clocks=True)
        pages = placed_text(render_round("scoresheets", clocked))
        texts = [run.text for run in pages[0]]
        assert any("TIME USED" in t.upper() for t in texts), pack
        assert_no_overprint(pages[:3])
        plain = placed_text(render_round("scoresheets", data))
        assert not any("TIME USED" in run.text.upper() for run in plain[0]), pack

"""One registry of rulesets: every edition engine has its service hooks and its page, and a
stored state finds its edition by its "engine" alone."""

from __future__ import annotations

import pytest

from common.errors import Invalid
from tracker.engine.rulesets import RULESETS, ruleset_of
from tracker.services.editions import EDITIONS, STARTS
from tracker.services.trackers import tracker_create
from tracker.views.editions import PAGES


def test_every_ruleset_has_its_services_and_its_page():
    assert list(EDITIONS) == list(RULESETS) == list(PAGES)
    for key, edition in EDITIONS.items():
        assert edition.ruleset is RULESETS[key]


def test_a_state_without_engine_is_leviathan():
    assert ruleset_of({}).key == "leviathan"
    assert ruleset_of({"engine": "eternal"}).key == "eternal"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "engine"),
    [
        ({"mission_code": "LEV-A"}, "leviathan"),
        ({"pack_key": "eleventh", "dispositions": ("take-and-hold", "purge-the-foe")}, "eleventh"),
        ({"pack_key": "eighth", "mission_key": "deadlock"}, "maelstrom"),
        ({"pack_key": "only_war", "mission_key": "domination"}, "eternal"),
        ({"mission_code": "EGT-6-6"}, "maelstrom"),  # an older pack's code opens its edition
    ],
)
def test_each_start_opens_a_game_its_edition_plays(fields, engine):
    tracked = tracker_create(**fields)
    assert ruleset_of(tracked.state).key == engine


def test_an_unknown_pack_is_refused_naming_every_pack_a_game_starts_on():
    with pytest.raises(Invalid) as err:
        tracker_create(pack_key="ninth")
    assert err.value.codes == {"pack": ["unknown_pack"]}
    assert err.value.messages == {
        "pack": ["pack: leviathan, eleventh, eighth, seventh or only_war"]
    }
    assert list(STARTS) == ["leviathan", "eleventh", "eighth", "seventh", "only_war"]

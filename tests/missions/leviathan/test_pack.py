"""The Leviathan pack as data: cards, flags, scoring numbers, caps, pool."""

import pytest

from missions.pack.errors import MissionError
from missions.pack.registry import get_pack
from missions.pack.scoring import Mode, Timing
from missions.pack.types import CardKind

DEPLOYMENTS = [
    "Search and Destroy",
    "Dawn of War",
    "Sweeping Engagement",
    "Crucible of Battle",
    "Hammer and Anvil",
]
RULES = [
    "Chosen Battlefield",
    "Chilling Rain",
    "Sweep and Clear",
    "Hidden Supplies",
    "Minefields",
    "Targets of Opportunity",
    "Scrambler Fields",
    "Delayed Reserves",
    "Maelstrom of Battle",
    "Supply Lines",
    "Secret Intel",
    "Vox Static",
]
PRIMARIES = [
    "Take and Hold",
    "Scorched Earth",
    "Purge the Foe",
    "Sites of Power",
    "The Ritual",
    "Priority Targets",
    "Supply Drop",
    "Deploy Servo-skulls",
    "Vital Ground",
]
SECONDARIES = [
    "A Tempting Target",
    "Area Denial",
    "Assassination",
    "Behind Enemy Lines",
    "Bring It Down",
    "Capture Enemy Outpost",
    "Cleanse",
    "Defend Stronghold",
    "Deploy Teleport Homer",
    "Engage on All Fronts",
    "Extend Battle Lines",
    "Investigate Signals",
    "No Prisoners",
    "Overwhelming Force",
    "Secure No Man's Land",
    "Storm Hostile Objective",
]
GAMBITS = [
    "Proceed as Planned",
    "Delaying Tactics",
    "Emergency Evacuation",
    "Orbital Strike Coordinates",
]
FIXED = {
    "assassination",
    "behind_enemy_lines",
    "bring_it_down",
    "cleanse",
    "deploy_teleport_homer",
    "engage_on_all_fronts",
    "storm_hostile_objective",
}

POOL = {
    "A": ("Take and Hold", "Chilling Rain", "Search and Destroy", [1, 3, 4]),
    "B": ("Priority Targets", "Hidden Supplies", "Search and Destroy", [1, 3, 4]),
    "C": ("The Ritual", "Scrambler Fields", "Sweeping Engagement", [1, 2, 3, 4]),
    "D": ("Deploy Servo-skulls", "Chilling Rain", "Search and Destroy", [1, 3, 4]),
    "E": ("Take and Hold", "Chosen Battlefield", "Sweeping Engagement", [1, 2, 3, 4]),
    "F": ("Supply Drop", "Chilling Rain", "Search and Destroy", [1, 3, 4]),
    "G": ("Sites of Power", "Chilling Rain", "Hammer and Anvil", [1, 2, 4]),
    "H": ("The Ritual", "Chilling Rain", "Hammer and Anvil", [1, 2, 4]),
    "I": ("Take and Hold", "Hidden Supplies", "Hammer and Anvil", [1, 2, 4]),
    "J": ("Priority Targets", "Chilling Rain", "Crucible of Battle", [1, 3, 4]),
    "K": ("Deploy Servo-skulls", "Hidden Supplies", "Crucible of Battle", [1, 3, 4]),
    "L": ("Scorched Earth", "Chilling Rain", "Dawn of War", [1, 2, 3]),
    "M": ("Purge the Foe", "Chilling Rain", "Crucible of Battle", [1, 3, 4]),
    "N": ("Priority Targets", "Chosen Battlefield", "Dawn of War", [1, 2, 3]),
    "O": ("Vital Ground", "Chilling Rain", "Crucible of Battle", [1, 3, 4]),
}


@pytest.fixture(scope="module")
def pack():
    return get_pack("leviathan")


def test_decks_have_exact_names_in_order(pack):
    assert [c.name for c in pack.deployments] == DEPLOYMENTS
    assert [c.name for c in pack.mission_rules] == RULES
    assert [c.name for c in pack.primaries] == PRIMARIES
    assert [c.name for c in pack.secondaries] == SECONDARIES
    assert [c.name for c in pack.gambits] == GAMBITS


def test_box_holds_66_cards_with_two_player_decks(pack):
    cards = pack.all_cards
    assert len(cards) == 66
    counts = {kind: sum(c.kind is kind for c in cards) for kind in CardKind}
    assert counts == {
        CardKind.DEPLOYMENT: 5,
        CardKind.MISSION_RULE: 12,
        CardKind.PRIMARY: 9,
        CardKind.SECONDARY: 32,
        CardKind.GAMBIT: 8,
    }
    assert len({c.key for c in pack.unique_cards}) == 5 + 12 + 9 + 16 + 4


def test_kinds_match_their_deck(pack):
    for deck, kind in (
        (pack.deployments, CardKind.DEPLOYMENT),
        (pack.mission_rules, CardKind.MISSION_RULE),
        (pack.primaries, CardKind.PRIMARY),
        (pack.secondaries, CardKind.SECONDARY),
        (pack.gambits, CardKind.GAMBIT),
    ):
        assert {c.kind for c in deck} == {kind}
        assert all(c.summary for c in deck)


def test_exactly_seven_fixed_capable_and_two_round_one_redraws(pack):
    assert {c.key for c in pack.unique_cards if c.fixed_capable} == FIXED
    assert {c.key for c in pack.unique_cards if c.redraw_in_first_round} == {
        "storm_hostile_objective",
        "defend_stronghold",
    }


@pytest.mark.parametrize(
    "key",
    [
        "secure_no_mans_land",
        "engage_on_all_fronts",
        "targets_of_opportunity",
        "secret_intel",
        "vox_static",
        "proceed_as_planned",
        "deploy_servo_skulls",
    ],
)
def test_card_lookup_by_key_and_name(pack, key):
    card = pack.card(key)
    assert card.key == key
    assert pack.card(card.name) is card


def test_unknown_pack_and_card_carry_codes(pack):
    with pytest.raises(MissionError) as err:
        get_pack("pariah_nexus")
    assert err.value.code == "unknown_pack"
    with pytest.raises(MissionError) as err:
        pack.card("not_a_card")
    assert err.value.code == "unknown_card"


def test_pack_caps(pack):
    caps = pack.caps
    assert (
        caps.primary_and_gambit,
        caps.secondary,
        caps.per_fixed_card,
        caps.battle_ready,
        caps.total,
    ) == (50, 40, 20, 10, 100)


def test_max_vp_bounds(pack):
    for card in pack.secondaries:
        assert card.max_vp(Mode.FIXED) == (20 if card.fixed_capable else 0)
        assert 3 <= card.max_vp(Mode.TACTICAL) <= 8
    assert pack.card("capture_enemy_outpost").max_vp() == 8
    assert pack.card("bring_it_down").max_vp(Mode.TACTICAL) == 8
    assert pack.card("defend_stronghold").max_vp() == 3
    assert [g.max_vp() for g in pack.gambits] == [0, 30, 30, 30]
    assert {p.max_vp() for p in pack.primaries} == {50}


def _vps(card, mode):
    return sorted(s.vp for s in card.scoring_for(mode))


def test_fixed_and_tactical_values_differ_where_printed(pack):
    homer = pack.card("deploy_teleport_homer")
    assert _vps(homer, Mode.FIXED) == [3, 4]
    assert _vps(homer, Mode.TACTICAL) == [3, 5]
    assert _vps(pack.card("cleanse"), Mode.FIXED) == [2, 4]
    assert _vps(pack.card("cleanse"), Mode.TACTICAL) == [3, 5]
    assert _vps(pack.card("engage_on_all_fronts"), Mode.TACTICAL) == [3, 5]
    assert _vps(pack.card("behind_enemy_lines"), Mode.FIXED) == [3, 4]
    assert _vps(pack.card("secure_no_mans_land"), Mode.TACTICAL) == [2, 5]


def test_timings_and_rounds(pack):
    storm = pack.card("storm_hostile_objective")
    assert all(s.rounds == (2, 3, 4, 5) for s in storm.scoring)
    stronghold = pack.card("defend_stronghold").scoring[0]
    assert (stronghold.timing, stronghold.rounds) == (Timing.END_OF_OPPONENT_TURN, (2, 3, 4, 5))
    hold = pack.card("take_and_hold").scoring
    assert {(s.timing, s.rounds, s.turn_order) for s in hold} == {
        (Timing.END_OF_YOUR_COMMAND_PHASE, (2, 3, 4), None),
        (Timing.END_OF_YOUR_COMMAND_PHASE, (5,), "first"),
        (Timing.END_OF_YOUR_TURN, (5,), "second"),
    }
    assert {s.cap for s in hold} == {15}
    assert all(s.vp == 30 and s.rounds == (5,) for g in pack.gambits[1:] for s in g.scoring)
    assert pack.card("proceed_as_planned").scoring == ()


def test_pool_matches_the_companion_table(pack):
    assert [e.code for e in pack.pool] == list("ABCDEFGHIJKLMNO")
    for entry in pack.pool:
        primary, rule, deployment, layouts = POOL[entry.code]
        assert entry.to_dict() == {
            "code": entry.code,
            "primary": primary,
            "mission_rule": rule,
            "deployment": deployment,
            "terrain_layouts": layouts,
        }
        # every name in the pool is a card of the pack
        assert pack.card(primary).kind is CardKind.PRIMARY
        assert pack.card(rule).kind is CardKind.MISSION_RULE
        assert pack.card(deployment).kind is CardKind.DEPLOYMENT
    assert {e.primary for e in pack.pool} == set(PRIMARIES)


def test_unknown_pool_code(pack):
    with pytest.raises(MissionError) as err:
        pack.pool_entry("Z")
    assert err.value.code == "unknown_pool_mission"

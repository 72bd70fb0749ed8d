"""Issue 32 item 8: the data holds 30 of the 45 layouts. A rolled table gets a layout the data
holds whenever its matchup has one (the same seed and table always give the same letter); a
matchup with none (Priority Assets against Disruption, Reconnaissance or Priority Assets, the
Reconnaissance mirror) says where to set it up from, on the organiser's round page (with a
count before release), the public pairings, the pairings PDF and the table pack."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from missions.eleventh import matrix
from missions.eleventh.layouts import companion_card_words
from tests.tournament.printing.helpers import pdf_pages
from tournament.models import Game
from tournament.services.documents.printing import print_document
from tournament.services.events.events import event_create, event_update
from tournament.services.players.players import player_register
from tournament.services.rounds.eleventh import layout_rolled
from tournament.services.rounds.rounds import round_create

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
TABLES = st.integers(min_value=1, max_value=32767)
DISPOSITIONS = st.sampled_from(matrix.DISPOSITION_IDS)


def _held(a: str, b: str) -> set[str]:
    return {letter for letter in matrix.LAYOUT_LETTERS if matrix.layout_available(a, b, letter)}


@given(SEEDS, TABLES, DISPOSITIONS, DISPOSITIONS)
def test_a_rolled_layout_is_one_the_data_holds_when_the_matchup_has_one(seed, table, a, b):
    letter = layout_rolled(seed, table, a, b)
    held = _held(a, b)
    assert letter in (held or set(matrix.LAYOUT_LETTERS))
    # Fixed by the round's seed and the table, whichever player is seated first.
    assert layout_rolled(seed, table, a, b) == letter == layout_rolled(seed, table, b, a)


def test_every_held_letter_of_a_matchup_is_rolled_somewhere():
    for a in matrix.DISPOSITION_IDS:
        for b in matrix.DISPOSITION_IDS:
            rolled = {layout_rolled(11, table, a, b) for table in range(1, 80)}
            assert rolled == (_held(a, b) or set(matrix.LAYOUT_LETTERS)), (a, b)


def test_a_matchup_the_data_holds_keeps_the_letter_it_rolled_before():
    """Where the old roll was a held layout it stays (events paired before keep their tables)."""
    for table in range(1, 60):
        old = layout_rolled(5, table)
        if matrix.layout_available("take-and-hold", "disruption", old):
            assert layout_rolled(5, table, "take-and-hold", "disruption") == old


def test_the_companion_words_name_the_card_and_the_matchup():
    words = companion_card_words("priority-assets", "disruption", "B")
    assert "Event Companion's layout card B for Priority Assets v Disruption" in words


# On the event's pages and paper -----------------------------------------------------------

# Tables 1-2: matchups with no layout in the data; 3-8: matchups whose data holds only some.
MATCHUPS = [
    ("priority-assets", "disruption"),
    ("reconnaissance", "reconnaissance"),
    ("disruption", "reconnaissance"),
    ("disruption", "reconnaissance"),
    ("disruption", "reconnaissance"),
    ("disruption", "disruption"),
    ("disruption", "disruption"),
    ("take-and-hold", "reconnaissance"),
]


@pytest.fixture
def paired(organiser):
    event = event_create(user=organiser, name="Holes GT", rounds=3, mission_pack="eleventh")
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    ids = []
    for i, (a, b) in enumerate(MATCHUPS):
        for side, disposition in (("a", a), ("b", b)):
            player = player_register(
                event=event,
                user=organiser,
                name=f"T{i + 1}{side}",
                faction="Orks",
                disposition=disposition,
            )
            ids.append(player.pk)
    pairs = [{"player_a": x, "player_b": y} for x, y in zip(ids[::2], ids[1::2], strict=True)]
    round_ = round_create(event_id=event.pk, user=organiser, pairings=pairs)
    return event, round_


@pytest.mark.django_db
def test_pairing_rolls_only_held_layouts_where_the_matchup_has_one(paired):
    _, round_ = paired
    games = {g.table_number: g for g in Game.objects.filter(round=round_)}
    for table, (a, b) in enumerate(MATCHUPS, start=1):
        game = games[table]
        if _held(a, b):
            assert game.eleventh["layout_available"], (table, game.layout)
        else:
            assert game.layout in matrix.LAYOUT_LETTERS
            assert not game.eleventh["layout_available"]
            assert "Event Companion's layout card" in game.eleventh["layout_card"]


@pytest.mark.django_db
def test_the_organiser_sees_the_count_before_release_and_each_table(client, organiser, paired):
    event, round_ = paired
    client.force_login(organiser)
    html = client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert "is not released" in html
    assert "2 tables have no layout in the data" in html
    games = {g.table_number: g for g in Game.objects.filter(round=round_)}
    first = games[1].layout
    assert f"Event Companion&#x27;s layout card {first} for Priority Assets v Disruption" in html


@pytest.mark.django_db
def test_public_pairings_pdf_and_table_pack_say_where_to_set_up(client, organiser, paired):
    event, round_ = paired
    from tournament.services.rounds.release import round_release

    round_release(event_id=event.pk, user=organiser, number=1)
    games = {g.table_number: g for g in Game.objects.filter(round=round_)}
    recon = games[2].layout
    words = f"layout card {recon} for Reconnaissance v Reconnaissance"
    html = client.get(reverse("event-pairings", args=[event.pk])).content.decode()
    assert words in html
    # Sorted by name (a player finding their own line) too: on each of the table's two lines.
    by_name = client.get(reverse("event-pairings", args=[event.pk]), {"by": "name"})
    html = by_name.content.decode()
    assert 'class="list by-name"' in html
    assert html.count(words) == 2
    pairings = pdf_pages(print_document(event=event, kind="pairings", round_number=1))
    text = " ".join(" ".join(pairings).split())
    assert words in text
    packs = [
        " ".join(p.split())
        for p in pdf_pages(print_document(event=event, kind="table-packs", round_number=1))
    ]
    layout_page = next(p for p in packs if "T2a v T2b" in p and "Layout" in p)
    assert words in layout_page


@pytest.mark.django_db
def test_a_swap_that_gives_a_table_a_held_matchup_rolls_it_a_held_layout(organiser, paired):
    from tournament.models import Player
    from tournament.services.rounds.swaps import round_swap_players

    event, round_ = paired
    # Table 1 plays Priority Assets v Disruption (no layout held), say on letter A.
    Game.objects.filter(round=round_, table_number=1).update(layout="A")
    first = Player.objects.get(event=event, name="T1a")
    other = Player.objects.get(event=event, name="T6a")  # Disruption, from a Disruption mirror
    round_swap_players(
        event_id=event.pk, user=organiser, round_number=1, player_x=first.pk, player_y=other.pk
    )
    games = {g.table_number: g for g in Game.objects.filter(round=round_)}
    assert {games[1].disposition_a, games[1].disposition_b} == {"disruption"}
    # The Disruption mirror's data holds B and C only: A would have no map.
    assert games[1].layout in ("B", "C")
    assert games[1].eleventh["layout_available"]

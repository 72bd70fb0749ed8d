"""The result forms of an 11th-edition game: the organiser's row (breakdown, battle rounds,
Attacker, first turn, secondary modes) and the player's phone form, as a browser posts them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.eleventh.results.conftest import rounds
from tests.tournament.web.browser_form import form_data
from tournament.models import Result
from tournament.services.results.results import result_enter
from tournament.views.forms.results import swap_sides

pytestmark = pytest.mark.django_db

R_A = rounds((10, 5), (8, 7), (15, 15), (0, 3), (7, 10))  # 40 + 40
R_B = rounds((5, 5), (5, 5), (5, 5), (5, 5), (5, 5))  # 25 + 25


def _row(client, event, game) -> str:
    html = client.get(reverse("manage-results", args=[event.pk])).content.decode()
    return html.split(f'<tr id="game-{game.pk}"')[1].split("  </td>\n</tr>", maxsplit=1)[0]


def _grid(side: str, rows: list[dict]) -> dict:
    return {
        f"r{n}_{part}_{side}": str(row[part])
        for n, row in enumerate(rows, start=1)
        for part in ("primary", "secondary")
    }


def _url(event, game):
    return reverse("manage-result", args=[event.pk, game.pk])


def test_the_organiser_enters_the_whole_record(org_client, eleventh, game11):
    row = _row(org_client, eleventh, game11)
    assert "Breakdown and game record" in row
    data = form_data(f'<tr id="game-{game11.pk}"{row}', "Enter")
    data.update(vp_a="90", vp_b="50", battle_ready_a="10", attacker="b", first_turn="a")
    data.update(
        secondaries_a="tactical", secondaries_b="fixed", **_grid("a", R_A), **_grid("b", R_B)
    )
    org_client.post(_url(eleventh, game11), data)
    result = Result.objects.get(game=game11, is_current=True)
    assert (result.vp_a, result.primary_a, result.secondary_b) == (90, 40, 25)
    assert (result.rounds_a, result.rounds_b) == (R_A, R_B)
    assert (result.attacker, result.first_turn, result.secondaries_a) == ("b", "a", "tactical")
    assert result.status == "confirmed"


@pytest.mark.parametrize(
    "data",
    [
        {"vp_a": 90, "vp_b": 50},
        {"vp_a": 80, "vp_b": 50, "battle_ready_a": 10},
        {
            "rounds_a": R_A,
            "rounds_b": R_B,
            "battle_ready_a": 10,
            "attacker": "a",
            "first_turn": "b",
            "secondaries_b": "tactical",
        },
        {"primary_a": 30, "secondary_a": 20, "vp_b": 12, "secondaries_a": "fixed"},
    ],
)
def test_saving_the_row_unchanged_changes_nothing(org_client, organiser, eleventh, game11, data):
    result_enter(game_id=game11.pk, data=data, user=organiser)
    before = Result.objects.get(game=game11, is_current=True)
    row = _row(org_client, eleventh, game11)
    posted = form_data(f'<tr id="game-{game11.pk}"{row}', "Fix")
    org_client.post(_url(eleventh, game11), posted)
    after = Result.objects.get(game=game11, is_current=True)
    assert after.version == before.version
    assert after.scores() == before.scores()


def test_a_refused_row_names_the_player_and_round(org_client, eleventh, game11):
    row = _row(org_client, eleventh, game11)
    data = form_data(f'<tr id="game-{game11.pk}"{row}', "Enter")
    data.update(vp_a="80", vp_b="50", **_grid("a", R_A))
    data["primary_a"] = "41"
    response = org_client.post(_url(eleventh, game11), data, follow=True)
    text = response.content.decode()
    assert f"{game11.player_a.name}&#x27;s battle rounds" in text
    assert not Result.objects.filter(game=game11).exists()
    partial = {**data, "primary_a": "", "r3_primary_b": "4"}
    text = org_client.post(_url(eleventh, game11), partial, follow=True).content.decode()
    assert f"Fill in all five of {game11.player_b.name}&#x27;s battle rounds" in text
    assert not Result.objects.filter(game=game11).exists()


def _phone(client, player, game, data):
    url = reverse("player-result", args=[player.private_key, game.pk])
    return client.post(url, data, follow=True)


def _phone_form(client, player) -> dict:
    html = client.get(reverse("player-home", args=[player.private_key])).content.decode()
    return form_data(html, "Send result")


def test_the_phone_form_of_side_b_records_its_own_side(client, game11):
    b = game11.player_b
    data = _phone_form(client, b)
    assert "r1_primary_a" in data
    assert "first_turn" in data
    # Side B's phone: "mine" is B. Its own rounds are R_B, the opponent's R_A.
    data.update(vp_a="50", vp_b="80", attacker="a", first_turn="b", secondaries_a="fixed")
    data.update(**_grid("a", R_B), **_grid("b", R_A))
    _phone(client, b, game11, data)
    result = Result.objects.get(game=game11, is_current=True)
    assert (result.vp_a, result.vp_b) == (80, 50)
    assert (result.rounds_a, result.rounds_b) == (R_A, R_B)
    # "Me" as Attacker, and my opponent first, from B's phone.
    assert (result.attacker, result.first_turn, result.secondaries_b) == ("b", "a", "fixed")
    assert result.status == "pending"


def test_a_refused_phone_entry_keeps_what_was_typed(client, game11):
    a = game11.player_a
    data = _phone_form(client, a)
    data.update(vp_a="85", vp_b="50", first_turn="b", **_grid("a", R_A))
    response = _phone(client, a, game11, data)
    text = response.content.decode()
    assert "must equal the breakdown" in text.lower() or "Must equal" in text
    assert not Result.objects.filter(game=game11).exists()
    again = form_data(text, "Send result")
    assert again["vp_a"] == "85"
    assert again["first_turn"] == "b"
    assert {k: again[k] for k in _grid("a", R_A)} == _grid("a", R_A)


def test_other_packs_show_no_record_boxes(client, org_client, event, players, organiser):
    from tournament.services.rounds.rounds import round_create

    game = (
        round_create(event_id=event.pk, user=organiser, seed=7)
        .games.filter(player_b__isnull=False)
        .first()
    )
    assert "Breakdown and game record" not in _row(org_client, event, game)
    assert "r1_primary_a" not in _phone_form(client, game.player_a)


def test_a_phone_with_some_rounds_left_empty_says_whose(client, game11):
    a = game11.player_a
    data = _phone_form(client, a)
    data.update(vp_a="80", vp_b="50", r1_primary_a="5")
    text = _phone(client, a, game11, data).content.decode()
    assert "Fill in all five of your battle rounds" in text
    assert not Result.objects.filter(game=game11).exists()


def test_the_row_records_an_eleventh_edition_concession_and_round_trips(
    org_client, eleventh, game11
):
    # Both branches' fields in one row: the 11th-edition record beside how the battle ended
    # (a concession is the opponent's win whatever the VP, issue 26).
    row = _row(org_client, eleventh, game11)
    data = form_data(f'<tr id="game-{game11.pk}"{row}', "Enter")
    data.update(vp_a="60", vp_b="20", attacker="a", outcome="b_wins", ended="concession")
    org_client.post(_url(eleventh, game11), data)
    result = Result.objects.get(game=game11, is_current=True)
    assert (result.outcome, result.ended, result.attacker, result.vp_a) == (
        "b",
        "concession",
        "a",
        60,
    )
    posted = form_data(f'<tr id="game-{game11.pk}"{_row(org_client, eleventh, game11)}', "Fix")
    assert (posted["outcome"], posted["ended"]) == ("b_wins", "concession")
    org_client.post(_url(eleventh, game11), posted)
    assert Result.objects.filter(game=game11).count() == 1


def test_turning_a_phone_form_round_names_the_same_winner():
    mine_first = {"vp_a": 20, "vp_b": 60, "outcome": "b_wins", "attacker": "a"}
    assert swap_sides(mine_first) == {"vp_b": 20, "vp_a": 60, "outcome": "a_wins", "attacker": "b"}

"""The audit page offers Undo only where it can succeed, shows why not otherwise, asks for
confirmation when later steps depend on a change, and its messages use the page's names."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import Result
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def _messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def _play(round_, user):
    for game in round_.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=user)


def test_old_round_pairing_shows_the_reason_instead_of_undo(org_client, event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    _play(r1, organiser)
    round_create(event_id=event.pk, user=organiser, seed=2)
    old = event.audit.filter(action="round_create", after__number=1).get()
    latest = event.audit.filter(action="round_create", after__number=2).get()
    html = org_client.get(reverse("manage-audit", args=[event.pk])).content.decode()
    assert reverse("manage-undo", args=[event.pk, old.pk]) not in html
    assert reverse("manage-undo", args=[event.pk, latest.pk]) in html
    assert "Only the latest round can be undone: round 2 was paired after round 1" in html


def test_undo_of_a_result_the_next_round_was_paired_from_needs_a_confirm_step(
    org_client, event, players, organiser
):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    _play(r1, organiser)
    round_create(event_id=event.pk, user=organiser, seed=2)
    game = r1.games.filter(player_b__isnull=False).order_by("table_number").first()
    entry = event.audit.filter(action="result_enter", target=f"game:{game.pk}").get()
    url = reverse("manage-undo", args=[event.pk, entry.pk])
    # A bare POST does not undo: it leads to the confirm page.
    response = org_client.post(url)
    assert response.status_code == 302
    assert response["Location"] == url
    assert Result.objects.filter(game=game, is_current=True).exists()
    page = org_client.get(url).content.decode()
    assert "Round 2 was paired after this result; its pairings stay as they are." in page
    assert f"Round 1, table {game.table_number}: {game.player_a.name} 60 - 40" in page
    assert 'name="confirm" value="1"' in page
    response = org_client.post(url, {"confirm": "1"}, follow=True)
    assert not Result.objects.filter(game=game, is_current=True).exists()
    (message,) = _messages(response)
    assert message.startswith("Undone: result entered. Round 1, table")
    html = response.content.decode()
    assert "Undid “Result entered” of" in html
    assert "a previous change" not in html


def test_a_blocked_undo_says_why_in_words(org_client, event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    _play(r1, organiser)
    round_create(event_id=event.pk, user=organiser, seed=2)
    old = event.audit.filter(action="round_create", after__number=1).get()
    url = reverse("manage-undo", args=[event.pk, old.pk])
    assert "cannot be undone now" in org_client.get(url).content.decode()
    response = org_client.post(url, {"confirm": "1"}, follow=True)
    (message,) = _messages(response)
    assert message.startswith("Only the latest round can be undone")
    assert not re.search(r"\b(entry|round|confirm):", message)
    assert event.rounds.count() == 2


def test_swap_errors_name_the_players_once_without_field_keys(org_client, event, paired):
    game = paired.games.filter(player_b__isnull=False).first()
    response = org_client.post(
        reverse("manage-swap", args=[event.pk, 1]),
        {"player_x": game.player_a_id, "player_y": game.player_b_id},
        follow=True,
    )
    messages = _messages(response)
    assert messages == [f"{game.player_a.name} and {game.player_b.name} already play each other."]
    assert "player_y:" not in response.content.decode()


def test_report_labels_fields_as_the_page_does_and_says_each_thing_once():
    from common.errors import Invalid
    from tournament.views.common import error_texts

    exc = Invalid.from_errors(
        {
            "bye_vp": [("range", "Must be a whole number from 0 to 100.")],
            "non_field_errors": [("x", "Pick again."), ("x", "Pick again.")],
            "round": [("x", "Pick again.")],
            "entry": [("superseded", "Round 2 changed.")],
        }
    )
    assert error_texts(exc) == [
        "VP for a bye: Must be a whole number from 0 to 100.",
        "Pick again.",
        "Round 2 changed.",
    ]
    assert error_texts(exc, {"bye_vp": "Bye"})[0] == "Bye: Must be a whole number from 0 to 100."


def test_player_score_errors_name_each_box_as_the_form_does(client, event, paired):
    game = paired.games.filter(player_b__isnull=False).first()
    b, a = game.player_b, game.player_a
    response = client.post(
        reverse("player-result", args=[b.private_key, game.pk]),
        {"vp_a": 150, "vp_b": 120},
        follow=True,
    )
    assert _messages(response) == [
        "My VP: Ensure this value is less than or equal to 100.",
        f"{a.name}'s VP: Ensure this value is less than or equal to 100.",
    ]
    assert not Result.objects.filter(game=game).exists()


def test_refused_pairing_names_the_round_without_a_field_key(org_client, event, paired):
    response = org_client.post(reverse("manage-round-pair", args=[event.pk]))
    assert response.status_code == 409
    html = response.content.decode()
    assert "Round 1 still lacks" in html
    assert "round: " not in html


def test_print_refusal_names_the_event_not_its_id(org_client, event, paired):
    response = org_client.post(
        reverse("print-job-start", args=[event.pk]), {"kind": "pairings", "round": "9"}, follow=True
    )
    assert _messages(response) == [f"{event.name} has no round 9."]

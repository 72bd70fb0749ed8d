"""The ritual's pages: the captain's phone page (from their private link), the organiser's
page, forms posted as a browser posts them, and the secret kept on the other captain's page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.models.ritual import TeamMatchRitual

pytestmark = pytest.mark.django_db


def _page(client, key, match):
    return reverse("team-ritual-captain", kwargs={"key": key, "match_id": match.pk})


def test_the_captain_reaches_the_ritual_from_their_player_page(client, match):
    key = match.team_a.captain.private_key
    home = client.get(reverse("player-home", args=[key])).content.decode()
    link = reverse("team-rituals-captain", args=[key])
    assert link in home
    assert f"{match.team_a.name} v {match.team_b.name}" in home
    response = client.get(link)
    assert response.status_code == 302
    assert response["Location"] == _page(client, key, match)
    # A player who captains nothing sees no such link.
    member = match.team_a.members.exclude(player=match.team_a.captain).first().player
    other_home = client.get(reverse("player-home", args=[member.private_key])).content.decode()
    assert "Pairing ritual" not in other_home


def test_a_captain_commits_on_the_page_and_the_other_sees_only_that_they_chose(client, match):
    key_a, key_b = match.team_a.captain.private_key, match.team_b.captain.private_key
    page = client.get(_page(client, key_a, match)).content.decode()
    assert "Put forward your defender." in page
    defender = match.team_a.members.order_by("player__name").last().player
    assert f'value="{defender.pk}"' in page
    response = client.post(
        _page(client, key_a, match), {"step": "defender", "version": "0", "player": defender.pk}
    )
    assert response.status_code == 302
    mine = client.get(_page(client, key_a, match)).content.decode()
    assert f"You chose <strong>{defender.name}</strong>" in mine
    assert 'hx-trigger="every 3s"' in mine  # waiting: the page polls
    theirs = client.get(_page(client, key_b, match)).content.decode()
    assert "has chosen" in theirs
    assert defender.name not in theirs.split("Put forward your defender.")[0].split("<h1>")[1]
    assert "You chose" not in theirs
    assert 'hx-trigger="every 3s"' not in theirs  # they have a choice to make: no polling


def test_a_refused_form_says_why_and_changes_nothing(client, match):
    key_a = match.team_a.captain.private_key
    stranger = match.team_b.members.first().player
    response = client.post(
        _page(client, key_a, match),
        {"step": "defender", "version": "0", "player": stranger.pk},
        follow=True,
    )
    assert "not one of your unpaired players" in response.content.decode()
    assert not TeamMatchRitual.objects.filter(match=match).exists()


def test_a_stale_form_says_so_without_a_field_prefix(client, match):
    """A form from before the step was revealed is refused in plain words (no "Version:")."""
    key_a, key_b = match.team_a.captain.private_key, match.team_b.captain.private_key
    a_defender = match.team_a.members.first().player
    b_players = [m.player for m in match.team_b.members.order_by("player__name")]
    client.post(
        _page(client, key_a, match), {"step": "defender", "version": "0", "player": a_defender.pk}
    )
    # B chose on a page loaded before A's choice: accepted (A's hidden choice changed nothing
    # for B), and the step is revealed.
    client.post(
        _page(client, key_b, match), {"step": "defender", "version": "0", "player": b_players[0].pk}
    )
    assert TeamMatchRitual.objects.get(match=match).state["step"] == "attackers"
    response = client.post(
        _page(client, key_b, match),
        {"step": "defender", "version": "0", "player": b_players[1].pk},
        follow=True,
    )
    page = response.content.decode()
    assert "The ritual moved on since this page was loaded" in page
    assert "Version:" not in page


def test_the_organiser_runs_both_sides_from_their_page(client, organiser, match):
    client.force_login(organiser)
    url = reverse("manage-team-ritual", args=[match.team_round.event_id, match.pk])
    page = client.get(url).content.decode()
    assert page.count('name="side"') == 2
    for _ in range(30):
        ritual = TeamMatchRitual.objects.filter(match=match).first()
        if ritual and ritual.finished_at:
            break
        seen = client.get(url).context["r"]
        for side, options in seen["options"].items():
            body = {"side": side, "step": seen["step"], "version": seen["version"]}
            if seen["step"] == "attackers":
                body["players"] = [options[0]["id"], options[1]["id"]]
            else:
                body["player"] = options[0]["id"]
            assert client.post(url, body).status_code == 302
            seen = client.get(url).context["r"]
    page = client.get(url).content.decode()
    assert "Ritual complete" in page
    assert "Ritual record (PDF)" in page


def test_strangers_cannot_open_the_pages(client, match, team_round):
    other = team_round.matches.exclude(pk=match.pk).first()
    key = other.team_a.captain.private_key
    assert client.get(_page(client, key, match)).status_code == 403
    assert client.get(_page(client, "no-such-key", match)).status_code == 404
    url = reverse("manage-team-ritual", args=[match.team_round.event_id, match.pk])
    assert client.get(url).status_code == 302  # to the sign-in page


def test_the_team_rounds_page_leads_to_each_ritual_and_the_printables(client, organiser, match):
    client.force_login(organiser)
    event_id = match.team_round.event_id
    page = client.get(reverse("manage-team-rounds", args=[event_id])).content.decode()
    assert reverse("manage-team-ritual", args=[event_id, match.pk]) in page
    assert "Run the pairing ritual" in page
    for kind in ("team-pairings", "ritual-record", "team-scoresheets"):
        assert reverse("manage-team-print", args=[event_id, 1, kind]) in page

"""Statistics by Force Disposition through the service, the API and the event's factions page:
confirmed results only, pairings either way round, going first, the faction split."""

from __future__ import annotations

import pytest
from django.urls import reverse

from stats.services.dispositions import disposition_stats_event
from tournament.models import Game, Player
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db

TH, DI, PF = "take-and-hold", "disruption", "purge-the-foe"


@pytest.fixture
def games(paired11, organiser):
    """Four games: dispositions by table, each player's own (the game's left blank, as a
    forced pairing leaves them), so the players' count."""
    games = list(paired11.games.filter(player_b__isnull=False).order_by("table_number"))
    plan = [(TH, PF), (PF, TH), (DI, DI), (TH, PF)]
    for game, (a, b) in zip(games, plan, strict=True):
        Player.objects.filter(pk=game.player_a_id).update(disposition=a)
        Player.objects.filter(pk=game.player_b_id).update(disposition=b)
        Game.objects.filter(pk=game.pk).update(disposition_a="", disposition_b="")
    return games


def test_pairings_and_going_first_from_confirmed_results_only(eleventh, games, organiser):
    enter = [
        {"vp_a": 70, "vp_b": 60, "first_turn": "a"},  # TH beats PF, first won
        {"vp_a": 80, "vp_b": 40, "first_turn": "a"},  # PF beats TH, first won
        {"vp_a": 50, "vp_b": 50, "first_turn": "b"},  # DI mirror, drawn
    ]
    for game, data in zip(games, enter, strict=False):
        result_enter(game_id=game.pk, data=data, user=organiser)
    # A player's entry still awaiting the opponent counts for nothing.
    result_enter(
        game_id=games[3].pk,
        data={"vp_a": 90, "vp_b": 10, "first_turn": "b"},
        player=games[3].player_a,
    )
    stats = disposition_stats_event(event=eleventh)
    assert stats["games"] == 3
    th_pf, mirror = stats["pairings"]
    assert th_pf["dispositions"] == [TH, PF]
    assert th_pf["labels"] == ["Take and Hold", "Purge the Foe"]
    assert (th_pf["games"], th_pf["wins"], th_pf["draws"]) == (2, [1, 1], 0)
    assert th_pf["win_rate"] == [0.5, 0.5]
    assert (mirror["mirror"], mirror["games"], mirror["draws"]) == (True, 1, 1)
    assert mirror["win_rate"] == [None, None]
    first = stats["first_turn"]
    assert (first["games"], first["won"], first["draws"], first["lost"]) == (3, 2, 1, 0)
    assert first["display"]["win_rate"] == "66.7%"


def test_the_game_keeps_the_dispositions_it_was_made_with(eleventh, games, organiser):
    Game.objects.filter(pk=games[0].pk).update(disposition_a=DI, disposition_b=TH)
    result_enter(game_id=games[0].pk, data={"vp_a": 10, "vp_b": 20}, user=organiser)
    (row,) = disposition_stats_event(event=eleventh)["pairings"]
    assert (row["dispositions"], row["wins"]) == ([TH, DI], [1, 0])


def test_other_packs_have_no_disposition_statistics(event, api):
    assert disposition_stats_event(event=event) is None
    assert api.get(f"/api/events/{event.pk}/factions/").json()["by_disposition"] is None


def test_the_api_answers_by_disposition_and_splits_factions(eleventh, games, organiser, anon):
    Player.objects.filter(event=eleventh).update(faction="Orks")
    orks_b = games[0].player_b
    Player.objects.filter(pk=orks_b.pk).update(faction="Necrons")
    result_enter(game_id=games[0].pk, data={"vp_a": 70, "vp_b": 60}, user=organiser)
    body = anon.get(f"/api/events/{eleventh.pk}/factions/?split=disposition").json()
    assert body["by_disposition"]["pairings"][0]["dispositions"] == [TH, PF]
    orks = next(r for r in body["factions"] if r["faction"] == "Orks")
    assert [d["disposition"] for d in orks["dispositions"]] == [TH, DI, PF]
    th = orks["dispositions"][0]
    assert (th["label"], th["wins"], th["display"]["record"]) == ("Take and Hold", 1, "1-0-0")
    plain = anon.get(f"/api/events/{eleventh.pk}/factions/").json()
    assert all("dispositions" not in r for r in plain["factions"])
    bad = anon.get(f"/api/events/{eleventh.pk}/factions/?split=detachment")
    assert bad.status_code == 400
    assert "split" in bad.json()


def test_the_factions_page_shows_the_section_and_the_split(client, eleventh, games, organiser):
    result_enter(
        game_id=games[0].pk, data={"vp_a": 70, "vp_b": 60, "first_turn": "b"}, user=organiser
    )
    url = reverse("event-factions", args=[eleventh.pk])
    html = client.get(url).content.decode()
    assert "Force Dispositions" in html
    assert "Take and Hold v Purge the Foe" in html
    assert "Going first won <strong>0.0%</strong> of 1 game" in html
    split = client.get(url + "?split=disposition").content.decode()
    assert "Orks: Take and Hold" in split or ": Take and Hold" in split


def test_the_leviathan_factions_page_has_no_disposition_section(client, event, players):
    html = client.get(reverse("event-factions", args=[event.pk])).content.decode()
    assert "Force Dispositions</h2>" not in html

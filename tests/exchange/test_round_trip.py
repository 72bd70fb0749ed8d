"""Export then import reproduces an event exactly: standings, pairings, results, audit."""

from __future__ import annotations

import json

import pytest

from exchange.services.importing.write import event_import
from tests.exchange.helpers import export, imported, observable, put_aside, without_stamp

pytestmark = pytest.mark.django_db


def test_demo_event_imported_elsewhere_is_the_same_event(demo):
    before = observable(demo)
    document = export(demo)
    # Another instance: the original is gone, so its keys and links are free again.
    demo.rounds.all().delete()
    demo.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert report.new_keys == []
    assert report.skipped_staff == []
    assert observable(report.event) == imported(before)
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_demo_event_imported_beside_itself_gets_new_keys(demo, organiser):
    before = observable(demo)
    document = export(demo)
    report = event_import(raw=json.dumps(document).encode(), user=organiser)
    copy = report.event
    assert copy.pk != demo.pk
    # The file's accounts are names in the history, not the demo's staff.
    assert observable(copy) == imported(before, linked={organiser.username})
    # An organiser's import renews every key (keeping the free ones would tell which exist).
    assert sorted(report.new_keys) == sorted(p["name"] for p in document["players"])
    assert not set(copy.players.values_list("private_key", flat=True)) & set(
        demo.players.values_list("private_key", flat=True)
    )
    again = export(copy)
    assert [(s["username"], s["role"]) for s in again["staff"]] == [
        (organiser.username, "organiser")
    ]
    assert sorted(report.skipped_staff) == sorted(s["username"] for s in document["staff"])
    # Everything else comes back as it was, the log's account names included (as names).
    assert put_aside(again, organiser.username) == put_aside(document, organiser.username)


def test_awards_and_army_lists_travel_with_the_event(demo, organiser):
    """Painting scores, sportsmanship votes, the award weights and army lists with their
    review come back as they were, and rank the imported standings the same way."""
    from rosters.services.armylists import army_list_review, army_list_submit
    from tournament.models import PaintingScore, SportsVote
    from tournament.services.events.events import event_update
    from tournament.services.standings.awards import painting_set, sports_vote

    staffer = demo.staff.first()
    event_update(
        event=demo,
        user=staffer,
        changes={"tiebreaks": ["painting", "owr", "vp"], "weight_painting": 2},
    )
    players = list(demo.players.order_by("id"))
    for player, score in zip(players[:3], (17, 12, 9), strict=True):
        painting_set(event=demo, player_id=player.pk, score=score, user=staffer)
    game = demo.rounds.get(number=1).games.filter(player_b__isnull=False).first()
    sports_vote(game_id=game.pk, player=game.player_a, favourite=True)
    army_list_submit(player=players[0], text="Strike Force (2000 Points)\nWarboss", by_player=True)
    army_list_review(player=players[0], user=staffer, status="needs_fix", comment="Points?")
    demo.refresh_from_db()  # the settings changed in the database, not in this object
    before = observable(demo)
    document = export(demo)
    assert len(document["awards"]["painting"]) == 3
    assert len(document["awards"]["votes"]) == 1

    demo.rounds.all().delete()
    demo.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    copy = report.event
    assert observable(copy) == imported(before)
    assert without_stamp(export(copy)) == without_stamp(document)
    assert sorted(
        PaintingScore.objects.filter(player__event=copy).values_list("score", flat=True)
    ) == [9, 12, 17]
    assert SportsVote.objects.filter(game__round__event=copy, favourite=True).count() == 1
    first = copy.players.get(name=players[0].name)
    assert (first.list_status, first.list_comment) == ("needs_fix", "Points?")
    assert copy.weight_painting == 2


def test_a_vote_for_a_game_not_in_the_file_is_refused_whole(demo):
    from tournament.models import Event

    document = export(demo)
    document["awards"]["votes"] = [
        {
            "game": "g-nowhere",
            "voter": document["players"][0]["key"],
            "opponent": document["players"][1]["key"],
            "favourite": True,
            "cast_at": "2026-11-23T10:00:00+00:00",
        }
    ]
    from exchange.services.export import checksum

    document["sha256"] = checksum(document)
    count = Event.objects.count()
    with pytest.raises(Exception, match=r"awards\.votes\[0\]\.game"):
        event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert Event.objects.count() == count

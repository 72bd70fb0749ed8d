"""Army list pages: the player's form (saved unchanged, nothing changes), the staff's review
page with its filter, what opponents and the public see, and table packs."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from rosters.services.armylists import army_list_review, army_list_submit
from tests.rosters.lists.conftest import GW_LIST, set_deadline
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, Player
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def me_url(player) -> str:
    return reverse("player-home", kwargs={"key": player.private_key})


def test_the_player_sends_a_list_from_their_page_and_sees_its_status(client, open_event, field):
    player = field[0]
    page = client.get(me_url(player)).content.decode()
    assert "no list yet" in page
    data = form_data(page, "Save my list")
    data["army_list"] = GW_LIST
    response = client.post(reverse("player-list", kwargs={"key": player.private_key}), data)
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "Army list saved" in page
    assert "submitted, not checked yet" in page
    assert "Strike Force, 1995 points" in page
    assert Player.objects.get(pk=player.pk).army_list.startswith("My Waaagh!")


def test_saving_the_list_form_unchanged_changes_nothing(client, open_event, field):
    player = army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    logged = AuditEntry.objects.count()
    # Browsers send a textarea's line breaks as CRLF.
    data = form_data(client.get(me_url(player)).content.decode(), "Save my list")
    data["army_list"] = data["army_list"].replace("\n", "\r\n")
    client.post(reverse("player-list", kwargs={"key": player.private_key}), data)
    after = Player.objects.get(pk=player.pk)
    assert (after.army_list, after.list_status) == (player.army_list, "submitted")
    assert AuditEntry.objects.count() == logged


def test_the_player_sees_the_comment_and_the_points_warning(client, open_event, field, organiser):
    text = "++ Army Roster (Orks) [2,100pts] ++\nBoyz"
    army_list_submit(player=field[0], text=text, by_player=True)
    army_list_review(player=field[0], user=organiser, status="needs_fix", comment="Cut 100 pts")
    page = client.get(me_url(field[0])).content.decode()
    assert "needs a fix" in page
    assert "Cut 100 pts" in page
    assert "100 over this event&#x27;s limit of 2,000 points" in page


def test_after_the_deadline_the_form_is_gone_and_a_post_is_refused(client, event, organiser, field):
    set_deadline(event, organiser, hours=-1)
    page = client.get(me_url(field[0])).content.decode()
    assert "Save my list" not in page
    assert "Lists locked at the deadline" in page
    response = client.post(
        reverse("player-list", kwargs={"key": field[0].private_key}),
        {"army_list": "late"},
        follow=True,
    )
    assert "Army lists locked at the deadline" in response.content.decode()
    assert Player.objects.get(pk=field[0].pk).army_list == ""


def test_opponents_lists_show_on_the_player_page_after_the_deadline(
    client, event, organiser, field
):
    for player in field:
        army_list_submit(player=player, text=f"List of {player.name}", by_player=True)
    game = round_create(event_id=event.pk, user=organiser, seed=3).games.first()
    me, opponent = game.player_a, game.player_b
    set_deadline(event, organiser, hours=1)
    assert f"List of {opponent.name}" not in client.get(me_url(me)).content.decode()
    set_deadline(event, organiser, hours=-1)
    page = client.get(me_url(me)).content.decode()
    assert "Opponents' army lists" in page
    assert f"List of {opponent.name}" in page
    others = [p for p in field if p.pk not in (me.pk, opponent.pk)]
    assert all(f"List of {p.name}" not in page for p in others)


@pytest.mark.parametrize("publication", ["everyone", "opponents"])
def test_the_public_lists_page(client, event, organiser, field, publication):
    army_list_submit(player=field[0], text="Public list text", by_player=True)
    set_deadline(event, organiser, hours=1, publication=publication)
    url = reverse("event-lists", args=[event.pk])
    assert "Public list text" not in client.get(url).content.decode()
    set_deadline(event, organiser, hours=-1, publication=publication)
    shown = "Public list text" in client.get(url).content.decode()
    assert shown == (publication == "everyone")


def test_the_review_page_filters_and_saves_a_review(org_client, open_event, organiser, field):
    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    army_list_submit(player=field[1], text="Strike Force (2000 Points)\n[2,200pts]", by_player=True)
    url = reverse("manage-lists", args=[open_event.pk])
    page = org_client.get(url + "?status=submitted").content.decode()
    assert field[0].name in page
    assert field[1].name in page
    assert field[2].name not in page
    assert "200 over" in page
    data = form_data(page, f"Save review of {field[1].name}")
    data[f"p{field[1].pk}-status"] = "needs_fix"
    data[f"p{field[1].pk}-comment"] = "Over the points limit"
    response = org_client.post(
        reverse("manage-list-review", args=[open_event.pk, field[1].pk]), data
    )
    assert response.status_code == 302
    assert "status=submitted" in response.url
    player = Player.objects.get(pk=field[1].pk)
    assert (player.list_status, player.list_comment) == ("needs_fix", "Over the points limit")
    page = org_client.get(url + "?status=needs_fix").content.decode()
    assert field[1].name in page
    assert field[0].name not in page.split("list-review", 1)[-1]


def test_saving_a_review_unchanged_changes_nothing(org_client, open_event, organiser, field):
    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    army_list_review(player=field[0], user=organiser, status="checked", comment="Fine\nthanks")
    logged = AuditEntry.objects.count()
    page = org_client.get(reverse("manage-lists", args=[open_event.pk])).content.decode()
    data = form_data(page, f"Save review of {field[0].name}")
    data[f"p{field[0].pk}-comment"] = data[f"p{field[0].pk}-comment"].replace("\n", "\r\n")
    org_client.post(reverse("manage-list-review", args=[open_event.pk, field[0].pk]), data)
    assert AuditEntry.objects.count() == logged


def test_the_settings_page_sets_the_deadline_in_the_events_time_zone(org_client, event, organiser):
    from tournament.services.events.events import event_update

    event_update(event=event, user=organiser, changes={"time_zone": "America/New_York"})
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["list_deadline"] = "2026-11-27T18:00"
    data["list_publication"] = "everyone"
    assert org_client.post(url, data).status_code == 302
    event = Event.objects.get(pk=event.pk)
    assert event.list_deadline == datetime.datetime(2026, 11, 27, 23, 0, tzinfo=datetime.UTC)
    assert event.list_publication == "everyone"
    page = org_client.get(url).content.decode()
    assert 'value="2026-11-27T18:00"' in page


def test_table_packs_carry_both_lists_only_when_published(event, organiser, field):
    from tournament.services.documents.printing import print_round_data

    for player in field:
        army_list_submit(player=player, text=f"List of {player.name}", by_player=True)
    round_create(event_id=event.pk, user=organiser, seed=3)
    set_deadline(event, organiser, hours=1)
    data = print_round_data(event=Event.objects.get(pk=event.pk), round_number=1)
    assert all(s.army_list == "" for g in data.games for s in (g.a, g.b))
    set_deadline(event, organiser, hours=-1)
    data = print_round_data(event=Event.objects.get(pk=event.pk), round_number=1)
    assert {s.army_list for g in data.games for s in (g.a, g.b)} == {
        f"List of {p.name}" for p in field
    }
    set_deadline(event, organiser, hours=-1, publication="nobody")
    data = print_round_data(event=Event.objects.get(pk=event.pk), round_number=1)
    assert all(s.army_list == "" for g in data.games for s in (g.a, g.b))


def test_the_table_pack_pdf_prints_the_lists(event, organiser, field):
    from pypdf import PdfReader

    from tournament.services.documents.printing import print_document

    for player in field:
        army_list_submit(player=player, text=f"Warboss of {player.name}", by_player=True)
    round_create(event_id=event.pk, user=organiser, seed=3)
    set_deadline(event, organiser, hours=-1)
    pdf = print_document(event=Event.objects.get(pk=event.pk), kind="table-packs", round_number=1)
    import io

    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "army lists" in text
    for player in field:
        assert f"Warboss of {player.name}" in text

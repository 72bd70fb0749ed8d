"""Privacy by design (issue 36): erasing a person leaves everyone else's standings exactly as
they were and the log with no copy of what was erased; a player downloads what the server holds
about them with their own key; e-mail addresses are forgotten a set number of days after their
event ends."""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client, override_settings
from rest_framework.test import APIClient

from common.errors import NotFound
from people.models import Person, PersonChange, PersonLink
from people.services.erase import person_erase
from people.services.retention import emails_forget
from tournament.models import AuditEntry, Event, Player
from tournament.services.events.events import event_create
from tournament.services.players.penalties import penalty_give
from tournament.services.players.players import player_register, player_update
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create
from tournament.services.standings.standings import standings_compute

pytestmark = pytest.mark.django_db

LIST = "++ Army Roster ++\nWarboss 90pts\nBoyz x20 170pts"


def _play(event, user, rounds: int) -> None:
    for number in range(1, rounds + 1):
        round_ = round_create(event_id=event.pk, user=user, seed=number)
        for i, game in enumerate(round_.games.filter(player_b__isnull=False).order_by("pk")):
            # Varied scores: wins, losses and draws, so tie-breaks differ.
            vp_a, vp_b = (40 + (i * 7 + number) % 50, 40 + (i * 11 + 2 * number) % 50)
            result_enter(game_id=game.pk, data={"vp_a": vp_a, "vp_b": vp_b}, user=user)


def _rows(event, *, without: int) -> str:
    rows = [r for r in standings_compute(event=event) if r["player"] != without]
    return json.dumps(sorted(rows, key=lambda r: r["player"]), sort_keys=True, default=str)


@pytest.fixture
def big(organiser):
    """A 60-player event, three rounds played; Dee Ray also played a second event."""
    event = event_create(user=organiser, name="Big GT", rounds=5, seed=1)
    players = [
        player_register(
            event=event,
            user=organiser,
            name=f"Player {i:02d}",
            faction="Orks",
            club=f"Club {i % 4}",
            email=f"p{i}@x.org",
        )
        for i in range(1, 60)
    ]
    dee = player_register(
        event=event,
        user=organiser,
        name="Dee Ray",
        faction="Orks",
        club="Club 1",
        email="dee@x.org",
        army_list=LIST,
    )
    # An edit of hers in the log, before and after holding her details.
    player_update(player=dee, user=organiser, changes={"club": "Dee's Own Club"})
    _play(event, organiser, 3)
    penalty_give(
        event=event,
        user=organiser,
        player_id=dee.pk,
        kind="yellow_card",
        round_number=1,
        reason="Slow play",
    )
    small = event_create(user=organiser, name="Small GT", rounds=3, seed=2)
    again = player_register(
        event=small, user=organiser, name="Dee Ray", faction="Orks", email="dee@x.org"
    )
    player_register(event=small, user=organiser, name="Erased player 1", faction="Orks")
    for i in range(2):
        player_register(event=small, user=organiser, name=f"S{i}", faction="Orks")
    return event, small, players, Player.objects.get(pk=dee.pk), again


def test_erasing_a_person_keeps_everyone_elses_standings_byte_identical(organiser, big):
    event, small, _players, dee, again = big
    person = dee.person_link.person
    assert again.person_link.person == person
    before = _rows(event, without=dee.pk)
    mine_before = next(r for r in standings_compute(event=event) if r["player"] == dee.pk)
    public = f"/api/events/{event.pk}/standings/"
    assert "Dee Ray" in Client().get(public).content.decode()  # and kept for the public

    person_erase(person_id=person.pk, user=organiser)

    # Staff read exactly: her name is gone at once (the public trails by the cache's few
    # seconds at most, tournament/caching/cached.py).
    staff = APIClient()
    staff.force_authenticate(organiser)
    assert "Dee Ray" not in staff.get(public).content.decode()

    assert _rows(event, without=dee.pk) == before
    mine = next(r for r in standings_compute(event=event) if r["player"] == dee.pk)
    assert mine["name"].startswith("Erased player ")
    # Her own row too: only her name and club changed, never a score or a tie-break.
    personal = ("name", "club")
    assert {k: v for k, v in mine.items() if k not in personal} == {
        k: v for k, v in mine_before.items() if k not in personal
    }
    dee.refresh_from_db()
    again.refresh_from_db()
    assert (dee.name, dee.email, dee.club) == ("Erased player 1", "", "")
    # Unique within its event: "Erased player 1" was taken there.
    assert (again.name, again.email, again.club) == ("Erased player 2", "", "")
    assert dee.list_row.text == ""
    person.refresh_from_db()
    assert person.email == ""
    assert person.external_ids == {}
    assert "Dee" not in person.display_name
    # The log keeps no copy of what was erased, and the erasure is logged without it.
    everything = json.dumps(
        list(
            AuditEntry.objects.filter(event__in=[event, small]).values(
                "before", "after", "target", "action"
            )
        )
    ) + json.dumps(list(PersonChange.objects.values("words", "before", "after")))
    for gone in ("Dee Ray", "dee@x.org", "Dee's Own Club", "Warboss"):
        assert gone not in everything
    erased = AuditEntry.objects.filter(event=event, action="player_erase").get()
    assert erased.target == f"player:{dee.pk}"
    assert erased.actor_user == organiser


def test_only_staff_of_every_event_or_a_superuser_may_erase(organiser, other_organiser, big):
    _event, _small, _players, dee, _again = big
    person = dee.person_link.person
    # The rival organises neither event: no such person for them.
    with pytest.raises(NotFound):
        person_erase(person_id=person.pk, user=other_organiser)
    # Organiser of one of her events only: still not theirs.
    theirs = event_create(user=other_organiser, name="Rival GT", rounds=3, seed=3)
    hers = player_register(event=theirs, user=other_organiser, name="Dee R", email="dee@x.org")
    # Linked to her (a superuser's merge would do the same).
    PersonLink.objects.filter(player=hers).update(person=person)
    with pytest.raises(NotFound):
        person_erase(person_id=person.pk, user=organiser)
    boss = get_user_model().objects.create_superuser("boss", password="pw")
    person_erase(person_id=person.pk, user=boss)
    assert not Player.objects.filter(name__startswith="Dee").exists()


def test_the_erase_api_needs_confirmation_and_the_page_offers_it(organiser, big):
    _event, _small, _players, dee, _again = big
    person = dee.person_link.person
    api = APIClient()
    api.force_authenticate(organiser)
    refused = api.post(f"/api/people/{person.pk}/erase/", {}, format="json")
    assert refused.status_code == 400
    assert "confirm" in refused.json()
    assert Player.objects.filter(name="Dee Ray").count() == 2
    page = Client()
    page.force_login(organiser)
    html = page.get(f"/people/{person.pk}/").content.decode()
    assert "Erase this person" in html
    assert "cannot be undone" in html
    # Nobody else sees the button, nor may post it.
    assert "Erase this person" not in Client().get(f"/people/{person.pk}/").content.decode()
    assert APIClient().post(f"/api/people/{person.pk}/erase/", {"confirm": True}).status_code in (
        401,
        403,
        404,
    )
    done = api.post(f"/api/people/{person.pk}/erase/", {"confirm": True}, format="json")
    assert done.status_code == 200
    assert done.json()["players"] == 2
    assert not Player.objects.filter(name="Dee Ray").exists()


def test_a_player_downloads_their_own_data_with_their_key_only(organiser, big):
    _event, _small, players, dee, again = big
    page = Client().get(f"/p/{dee.private_key}/").content.decode()
    assert "Download my data" in page
    answer = Client().get(f"/p/{dee.private_key}/my-data.json")
    assert answer.status_code == 200
    assert "attachment" in answer["Content-Disposition"]
    data = json.loads(answer.content)
    names = {p["event"]["name"]: p for p in data["players"]}
    assert set(names) == {"Big GT", "Small GT"}
    big_gt = names["Big GT"]
    assert (big_gt["name"], big_gt["email"], big_gt["club"]) == (
        "Dee Ray",
        "dee@x.org",
        "Dee's Own Club",
    )
    assert big_gt["extras"]["rosters"]["army_list"] == LIST
    assert len(big_gt["games"]) == 3
    assert all(isinstance(g["opponent"], str | None) for g in big_gt["games"])
    assert big_gt["penalties"][0]["reason"] == "Slow play"
    text = answer.content.decode()
    for other in players:
        assert other.email not in text
        assert other.private_key not in text
    assert again.private_key not in text  # her other key is hers, but no key travels
    assert Client().get("/p/not-a-key/my-data.json").status_code == 404


@override_settings(EMAIL_RETENTION_DAYS=90)
def test_emails_are_forgotten_days_after_the_event_ends(organiser):
    old = event_create(user=organiser, name="Old GT", rounds=3, seed=1)
    recent = event_create(user=organiser, name="Recent GT", rounds=3, seed=2)
    undated = event_create(user=organiser, name="Undated GT", rounds=3, seed=3)
    Event.objects.filter(pk=old.pk).update(
        start_date=datetime.date(2026, 1, 10), end_date=datetime.date(2026, 1, 11)
    )
    # No end date: the start date is the day it ended.
    Event.objects.filter(pk=recent.pk).update(start_date=datetime.date(2026, 3, 1))
    a = player_register(event=old, user=organiser, name="Ann", email="ann@x.org")
    b = player_register(event=recent, user=organiser, name="Bob", email="bob@x.org")
    c = player_register(event=undated, user=organiser, name="Cy", email="cy@x.org")
    today = datetime.date(2026, 4, 11)  # 90 days after 11 January
    assert emails_forget(today=today) == 0
    assert emails_forget(today=today + datetime.timedelta(days=1)) == 1
    assert [Player.objects.get(pk=p.pk).email for p in (a, b, c)] == ["", "bob@x.org", "cy@x.org"]
    assert Person.objects.get(links__player=a).email == ""
    with override_settings(EMAIL_RETENTION_DAYS=10):
        call_command("forget_emails", today="2026-03-12", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert Player.objects.get(pk=b.pk).email == ""
    assert Player.objects.get(pk=c.pk).email == "cy@x.org"


def test_the_erase_form_needs_its_box_ticked_and_the_log_says_it_in_words(organiser, big):
    event, _small, _players, dee, _again = big
    person = dee.person_link.person
    page = Client()
    page.force_login(organiser)
    url = f"/manage/people/{person.pk}/erase/"
    unticked = page.post(url, follow=True)
    assert "Tick the box to confirm" in unticked.content.decode()
    assert Player.objects.filter(name="Dee Ray").count() == 2
    done = page.post(url, {"confirm": "yes"}, follow=True).content.decode()
    assert "Erased: 2 players renamed Erased player 1, Erased player 2" in done
    assert not Player.objects.filter(name="Dee Ray").exists()
    log = page.get(f"/manage/events/{event.pk}/audit/").content.decode()
    assert "Erased player 1: erased (name, e-mail, club and army list)" in log
    assert "Dee Ray" not in log
    assert "dee@x.org" not in log

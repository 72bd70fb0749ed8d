"""Cards follow the person across events (issue 35): the staff read a person's cards of the
last 366 days from the events they staff, a player reads their own, and staff are warned when
someone carrying a red card signs up or is added; the public never reads a card's reason."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from people.services.cards import player_cards, signup_warnings
from tournament.models import Game, Penalty
from tournament.services.events.events import event_create
from tournament.services.players.penalties import penalty_give, player_signup_warnings
from tournament.services.players.players import player_register
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def carded(organiser):
    """Dee got a red card and a yellow card at the organiser's Spring GT."""
    spring = event_create(user=organiser, name="Spring GT", rounds=3, seed=1)
    dee = player_register(
        event=spring, user=organiser, name="Dee Ray", faction="Orks", email="dee@x.org"
    )
    for i in range(3):
        player_register(event=spring, user=organiser, name=f"P{i}", faction="Orks")
    round_create(event_id=spring.pk, user=organiser, seed=1)
    for kind in ("yellow_card", "red_card"):
        penalty_give(
            event=spring,
            user=organiser,
            player_id=dee.pk,
            kind=kind,
            round_number=1,
            reason=f"{kind} reason",
        )
    return spring, dee


def test_staff_are_warned_when_a_red_carded_person_is_added(organiser, carded, org_client):
    _spring, _ = carded
    autumn = event_create(user=organiser, name="Autumn GT", rounds=3, seed=2)
    again = player_register(
        event=autumn, user=organiser, name="Dee Ray", faction="Orks", email="DEE@x.org"
    )
    warnings = player_signup_warnings(player=again, user=organiser)
    assert len(warnings) == 1
    assert "Dee Ray carries a red card" in warnings[0]
    assert "Spring GT, round 1" in warnings[0]
    assert "reason" not in warnings[0]
    # Nobody but the staff is told.
    assert player_signup_warnings(player=again, user=None) == []
    page = org_client.get(f"/manage/events/{autumn.pk}/players/{again.pk}/").content.decode()
    assert "carries a red card" in page
    # Staff signing someone up at the desk are told at once.
    from tournament.services.events.events import event_update

    event_update(event=autumn, user=organiser, changes={"registration_open": True})
    answer = org_client.post(
        f"/events/{autumn.pk}/signup/",
        {"name": "Dee R.", "faction": "Orks", "email": "dee@x.org"},
        follow=True,
    )
    assert "carries a red card" in answer.content.decode()
    # A player signing up on their own phone is not told (the staff see it on their pages).
    answer = Client().post(
        f"/events/{autumn.pk}/signup/",
        {"name": "Dee Q.", "faction": "Orks", "email": "dee@x.org"},
        follow=True,
    )
    assert "carries a red card" not in answer.content.decode()


def test_a_card_older_than_366_days_is_forgotten(organiser, carded):
    _spring, _dee = carded
    Penalty.objects.update(given_at=timezone.now() - timedelta(days=367))
    autumn = event_create(user=organiser, name="Autumn GT", rounds=3, seed=2)
    again = player_register(
        event=autumn, user=organiser, name="Dee Ray", faction="Orks", email="dee@x.org"
    )
    assert signup_warnings(again, organiser) == []
    assert player_cards(player=again) == []


def test_a_player_reads_their_own_cards_from_every_event(organiser, carded):
    _spring, dee = carded
    autumn = event_create(user=organiser, name="Autumn GT", rounds=3, seed=2)
    again = player_register(
        event=autumn, user=organiser, name="Dee Ray", faction="Orks", email="dee@x.org"
    )
    page = Client().get(f"/p/{again.private_key}/").content.decode()
    assert "Your cards" in page
    assert "Red card" in page
    assert "Spring GT, round 1" in page
    assert "red_card reason" not in page  # another event's staff wrote it for their staff
    own = Client().get(f"/p/{dee.private_key}/").content.decode()
    assert "red_card reason" in own  # their own event's: the player reads why


def test_a_persons_page_shows_cards_to_the_staff_of_those_events_only(
    organiser, other_organiser, carded
):
    _spring, dee = carded
    url = f"/people/{dee.person_link.person_id}/"
    staff_page = _client(organiser).get(url).content.decode()
    assert "Cards of the last 366 days" in staff_page
    assert "red_card reason" in staff_page
    for reader in (None, other_organiser):
        page = _client(reader).get(url).content.decode()
        assert "Cards of the last 366 days" not in page
        assert "red_card reason" not in page


def test_a_red_card_in_a_hidden_event_names_no_event_to_other_staff(
    organiser, other_organiser, carded
):
    spring, _ = carded
    spring.hidden = True
    spring.save()
    # The other organiser's event, where the same person (linked by the operator) signs up.
    theirs = event_create(user=other_organiser, name="Theirs", rounds=3, seed=3)
    newcomer = player_register(event=theirs, user=other_organiser, name="Dee", faction="Orks")
    from people.models import PersonLink

    PersonLink.objects.filter(player=newcomer).update(
        person_id=PersonLink.objects.get(player__event=spring, player__name="Dee Ray").person_id
    )
    warnings = signup_warnings(newcomer, other_organiser)
    assert len(warnings) == 1
    assert "another event" in warnings[0]
    assert "Spring GT" not in warnings[0]


def test_the_signups_page_marks_a_pending_red_carded_signup(organiser, carded, org_client):
    from tournament.services.events.events import event_update
    from tournament.services.players.registration import registration_submit

    autumn = event_create(user=organiser, name="Autumn GT", rounds=3, seed=2)
    event_update(
        event=autumn,
        user=organiser,
        changes={"registration_open": True, "registration_approval": True},
    )
    registration_submit(event=autumn, user=None, name="Dee Ray", faction="Orks", email="dee@x.org")
    page = org_client.get(f"/manage/events/{autumn.pk}/signups/").content.decode()
    assert "carries a red card" in page
    assert Game.objects.filter(round__event=autumn).count() == 0

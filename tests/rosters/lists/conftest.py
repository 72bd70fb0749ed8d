"""An event with players and a list deadline in the future (open) or the past (locked)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.conftest import add_players

# As the official app exports it, with the CRLF line breaks a Windows clipboard adds.
GW_LIST = (
    "My Waaagh! (1995 Points)\r\n\r\nOrks\r\nStrike Force (2000 Points)\r\n\r\n"
    "CHARACTERS\r\nWarboss (80 Points)\r\n"
)


def set_deadline(event, organiser, *, hours: float, publication: str = "opponents"):
    from tournament.services.events.events import event_update

    deadline = timezone.now() + datetime.timedelta(hours=hours)
    return event_update(
        event=event,
        user=organiser,
        changes={"list_deadline": deadline, "list_publication": publication},
    )


@pytest.fixture
def field(event, organiser):
    return add_players(event, organiser, 4)


@pytest.fixture
def open_event(event, organiser, field):
    return set_deadline(event, organiser, hours=24)

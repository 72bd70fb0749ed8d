"""Two players who would read alike to the public ("Anna K." twice) are told apart on every
surface (issue 36): a letter more of each surname, never the whole of it, on the pages, the API,
the printouts and the faction statistics; the staff still read full names."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.tournament.printing.helpers import pair_in_order
from tournament.services.documents.printing import print_document
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register

pytestmark = pytest.mark.django_db


def test_two_anna_ks_read_apart_everywhere_the_public_looks(organiser):
    event = event_create(
        user=organiser, name="Two Annas GT", rounds=3, seed=1, public_names="initial"
    )
    players = [
        player_register(event=event, user=organiser, name=name, faction="Orks")
        for name in ("Anna Kowalska", "Anna Kaczmarek", "Bob Smith", "Cy Jones")
    ]
    pair_in_order(event, organiser, players)
    client = Client()
    for url in (
        reverse("event-standings", args=[event.pk]),
        reverse("event-pairings", args=[event.pk]),
        f"/api/events/{event.pk}/standings/",
        reverse("event-factions", args=[event.pk]),
    ):
        text = client.get(url).content.decode()
        assert "Anna Ko." in text, url
        assert "Anna Ka." in text, url
        assert "Anna K.<" not in text, url
        assert "Kowalska" not in text, url
    pdf = print_document(event=event, kind="pairings", round_number=1)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Anna Ko." in text
    assert "Anna Ka." in text
    assert "Kaczmarek" not in text

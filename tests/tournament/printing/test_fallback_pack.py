"""Issue 33 item 4, paper when all else fails: releasing a round makes its fallback pack
(pairings by name, by table, and a result slip per table) in the background, once per pairing
of the round, and the organiser's pairing page offers it at once."""

from __future__ import annotations

import io
import re
import threading

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.conftest import add_players
from tests.tournament.printing.helpers import pdf_pages
from tournament.models import Player, PrintJob, PrintJobStatus
from tournament.printing.documents.slips import SLIPS_PER_PAGE
from tournament.services.events.events import event_create, event_update
from tournament.services.players.players import player_update
from tournament.services.rounds.fallback import FALLBACK
from tournament.services.rounds.release import round_release
from tournament.services.rounds.rounds import round_create
from tournament.services.rounds.swaps import round_repair, round_swap_players

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _packs_on_release(settings):
    settings.PAPER_PACK_ON_RELEASE = True


@pytest.fixture
def reviewed(event, organiser):
    """Eleven players (a bye), review of pairings on: round 1 paired, not released; its five
    games take two pages of slips."""
    players = add_players(event, organiser, 11)
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    round_ = round_create(event_id=event.pk, user=organiser, seed=5)
    return event, players, round_


def _packs(round_) -> list[PrintJob]:
    return list(PrintJob.objects.filter(round_id=round_.pk, kind=FALLBACK))


def _release(event, organiser, capture, number: int = 1):
    with capture(execute=True):
        return round_release(event_id=event.pk, user=organiser, number=number)


def test_releasing_a_round_makes_exactly_one_pack_even_when_released_twice(
    reviewed, organiser, django_capture_on_commit_callbacks
):
    event, _, round_ = reviewed
    assert _packs(round_) == []  # nobody prints pairings the players have not been shown
    _release(event, organiser, django_capture_on_commit_callbacks)
    _release(event, organiser, django_capture_on_commit_callbacks)
    [pack] = _packs(round_)
    assert pack.status == PrintJobStatus.DONE
    assert pack.created_by is None or pack.created_by == organiser


def test_a_round_released_as_it_is_paired_makes_its_pack(
    event, organiser, django_capture_on_commit_callbacks
):
    add_players(event, organiser, 6)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_create(event_id=event.pk, user=organiser, seed=2)
    assert round_.released
    [pack] = _packs(round_)
    assert pack.status == PrintJobStatus.DONE


def test_re_pairing_or_a_swap_replaces_the_pack(
    reviewed, organiser, django_capture_on_commit_callbacks
):
    event, _, _ = reviewed
    event_update(event=event, user=organiser, changes={"review_pairings": False})
    _release(event, organiser, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_repair(event_id=event.pk, user=organiser, seed=11)
    [pack] = _packs(round_)
    assert PrintJob.objects.filter(kind=FALLBACK).count() == 1  # the old round's pack went
    game = round_.games.exclude(player_b=None).order_by("table_number").first()
    other = round_.games.exclude(player_b=None).order_by("-table_number").first()
    with django_capture_on_commit_callbacks(execute=True):
        round_swap_players(
            event_id=event.pk,
            user=organiser,
            round_number=1,
            player_x=game.player_a_id,
            player_y=other.player_a_id,
        )
    [swapped] = _packs(round_)
    assert swapped.pk != pack.pk
    assert swapped.revision != pack.revision
    assert swapped.status == PrintJobStatus.DONE


def _pack_pdf(pack: PrintJob) -> bytes:
    with pack.file.open("rb") as handle:
        return handle.read()


def test_the_pack_has_both_lists_and_one_slip_per_table_and_no_key(
    reviewed, organiser, django_capture_on_commit_callbacks
):
    event, players, round_ = reviewed
    _release(event, organiser, django_capture_on_commit_callbacks)
    [pack] = _packs(round_)
    pdf = _pack_pdf(pack)
    pages = pdf_pages(pdf)
    assert pack.pages == len(pages)
    by_name = [p for p in pages if "by player name" in p]
    by_table = [p for p in pages if "by table" in p]
    slips = [p for p in pages if "RESULT SLIPS" in p]
    assert (len(by_name), len(by_table)) == (1, 1)
    games = list(round_.games.exclude(player_b=None).select_related("player_a", "player_b"))
    assert len(games) == 5
    assert len(slips) == -(-len(games) // SLIPS_PER_PAGE)
    assert pages.index(by_name[0]) < pages.index(by_table[0]) < pages.index(slips[0])
    slip_text = "\n".join(slips)
    # Every table has its slip with both names; every player is on both lists.
    assert sorted(int(n) for n in re.findall(r"Table (\d+)", slip_text)) == sorted(
        g.table_number for g in games
    )
    for g in games:
        chunk = slip_text.split(f"Table {g.table_number}")[1]
        assert g.player_a.name in chunk
        assert g.player_b.name in chunk
    for p in players:
        assert p.name in by_name[0]
        assert p.name in by_table[0]
    for words in ("Signature", "Judge", "Winner", "VP"):
        assert words in slip_text
    # The list by name reads in the order people read names (a row: name, then faction).
    order = [p.name for p in sorted(players, key=lambda p: p.name)]
    positions = [by_name[0].index(f"{name}\nOrks") for name in order]
    assert positions == sorted(positions)
    flat = "".join("".join(page.split()) for page in pages)
    for key in Player.objects.filter(event=event).values_list("private_key", flat=True):
        assert key not in flat
    assert "/p/" not in flat
    assert len(PdfReader(io.BytesIO(pdf)).pages) == len(pages)


def test_an_eleventh_edition_slip_names_each_primary_and_the_layout(
    organiser, django_capture_on_commit_callbacks
):
    event = event_create(user=organiser, name="XI GT", rounds=3, mission_pack="eleventh")
    players = add_players(event, organiser, 4)
    for p in players:
        player_update(player=p, user=organiser, changes={"disposition": "take-and-hold"})
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_create(event_id=event.pk, user=organiser, seed=3, layout=None)
    [pack] = _packs(round_)
    slips = [p for p in pdf_pages(_pack_pdf(pack)) if "RESULT SLIPS" in p]
    text = " ".join(" ".join(slips).split())
    assert text.count("Primary:") == 4
    for game in round_.games.all():
        assert f"Layout {game.layout}" in text


def test_the_pairing_page_offers_the_pack_when_ready(
    client, reviewed, organiser, django_capture_on_commit_callbacks
):
    event, _, round_ = reviewed
    client.force_login(organiser)
    html = client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert "Paper pack" not in html  # not released: nothing to print for the tables yet
    _release(event, organiser, django_capture_on_commit_callbacks)
    [pack] = _packs(round_)
    html = client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert "Paper pack: ready" in html
    download = reverse("print-job-download", args=[pack.pk])
    assert f'href="{download}"' in html
    assert " style=" not in html.split("paper-pack")[1].split("</section>")[0]
    response = client.get(download)
    assert response["Content-Type"] == "application/pdf"
    assert "round-1-fallback.pdf" in response["Content-Disposition"]
    # The print page offers the same pack.
    html = client.get(reverse("print-round", args=[event.pk, 1])).content.decode()
    assert f'href="{download}"' in html


def test_the_pairing_page_shows_progress_and_retry(
    client, reviewed, organiser, django_capture_on_commit_callbacks
):
    event, _, round_ = reviewed
    _release(event, organiser, django_capture_on_commit_callbacks)
    [pack] = _packs(round_)
    client.force_login(organiser)
    PrintJob.objects.filter(pk=pack.pk).update(
        status=PrintJobStatus.RUNNING, parts_done=1, parts_total=3, file=""
    )
    html = client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert "Paper pack: being made… 1 of 3 parts" in html
    assert reverse("print-job-status", args=[pack.pk]) in html  # the page polls it
    PrintJob.objects.filter(pk=pack.pk).update(status=PrintJobStatus.FAILED, error="Disk full")
    html = client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert "Paper pack: failed" in html
    retry = reverse("print-job-retry", args=[pack.pk])
    assert f'action="{retry}"' in html
    with django_capture_on_commit_callbacks(execute=True):
        client.post(retry)
    pack.refresh_from_db()
    assert pack.status == PrintJobStatus.DONE


def test_the_fallback_kind_is_printable_on_its_own(reviewed):
    event, _, _ = reviewed
    # Printed on demand too (render_pdf, the print page): the same three documents.
    from tournament.services.documents.printing import print_document

    pages = pdf_pages(print_document(event=event, kind=FALLBACK, round_number=1))
    assert any("RESULT SLIPS" in p for p in pages)


@pytest.mark.django_db(transaction=True)
def test_with_no_broker_the_release_does_not_wait_for_the_pack(
    event, organiser, settings, monkeypatch
):
    """Eager tasks run in the caller: the pack runs in the print thread instead."""
    from tournament import tasks

    settings.PRINT_EAGER_THREAD = True
    assert settings.CELERY_TASK_ALWAYS_EAGER
    add_players(event, organiser, 8)
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    round_create(event_id=event.pk, user=organiser, seed=5)
    started, gate = [], threading.Event()
    original = tasks._publish_in_thread

    def held(job_id):
        started.append(job_id)
        gate.wait(10)  # the release must answer while the pack is still being made
        original(job_id)

    monkeypatch.setattr(tasks, "_publish_in_thread", held)
    try:
        round_ = round_release(event_id=event.pk, user=organiser, number=1)
        [pack] = _packs(round_)
        assert pack.status == PrintJobStatus.QUEUED
    finally:
        gate.set()
    tasks._BACKGROUND.submit(lambda: None).result(timeout=60)  # one thread: the pack is done
    pack.refresh_from_db()
    assert started == [pack.pk]
    assert pack.status == PrintJobStatus.DONE
    assert pack.pages >= 3


def test_the_slips_are_split_into_parts_of_whole_pages():
    """A part of slips starts a page of its own: its games fill whole pages, and its page
    numbers are the whole document's."""
    from tournament.printing.render import Part, plan_parts

    parts = plan_parts(FALLBACK, 500, chunk=100)
    assert parts[:2] == [Part("pairings-alpha"), Part("pairings")]
    slips = parts[2:]
    assert [(p.start, p.stop) for p in slips] == [(s, s + 100) for s in range(0, 500, 100)]
    odd = plan_parts(FALLBACK, 9, chunk=3)[2:]
    assert [(p.start, p.stop) for p in odd] == [(0, 4), (4, 8), (8, 9)]
    assert all(p.start % SLIPS_PER_PAGE == 0 for p in odd)


def test_a_part_of_slips_keeps_the_documents_page_numbers(reviewed):
    from tournament.printing.render import Part, render_round
    from tournament.services.documents.printing import print_round_data

    event, _, _ = reviewed
    data = print_round_data(event=event, round_number=1)
    [page] = pdf_pages(render_round("slips", data, Part("slips", 4, 5)))
    assert "Page 2 of 2" in page
    assert re.findall(r"Table (\d+)", page) == [str(data.games[4].table)]

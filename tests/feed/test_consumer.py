"""The reference consumer (tools/feed_consumer.py, standard library only) reads an event's
feed, from a file or a URL, and finds the faction win rates the event's factions page shows,
exactly: the same records, the same fractions, the same percentages."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from fractions import Fraction
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.urls import reverse

from people.services.consent import consent_record
from stats.services.factions import faction_stats_event
from tests.feed.conftest import licensed
from tests.ratings.conftest import play
from tournament.models import Game, Result, Round

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
CONSUMER = ROOT / "tools" / "feed_consumer.py"


@pytest.fixture
def varied(organiser):
    """Five factions over three rounds: a mirror, draws, a bye, a player who withheld their
    results, a result still awaiting confirmation and a knockout round (none of which the page
    counts in a win rate)."""
    event = play(
        organiser,
        name="Autumn GT",
        day=9,
        rounds=[
            [("Ann", "Bo", 70, 40), ("Cy", "Dee", 50, 50), ("Eve", "Fay", 33, 66)],
            [("Ann", "Cy", 80, 20), ("Bo", "Eve", 45, 45), ("Dee", "Fay", 61, 60)],
            [("Gus", None, 60, None), ("Bo", "Dee", 10, 90), ("Fay", "Ann", 72, 71)],
        ],
        factions={
            "Ann": "Necrons",
            "Bo": "Orks",
            "Cy": "Aeldari",
            "Dee": "orks ",  # another spelling of one faction
            "Eve": "Necrons",
            "Fay": "Tau Empire",
            "Gus": "",
        },
    )
    players = event.by_name
    event = licensed(event, organiser)
    consent_record(player=players["Cy"], results=False, lists=False, via="staff", user=organiser)
    fourth = Round.objects.create(event=event, number=4, status="in_progress")
    pending = Game.objects.create(
        round=fourth, table_number=1, player_a=players["Ann"], player_b=players["Fay"]
    )
    Result.objects.create(
        game=pending, version=1, vp_a=90, vp_b=0, status="pending", source="player"
    )
    playoff = Round.objects.create(event=event, number=5, status="complete", stage="playoff")
    final = Game.objects.create(
        round=playoff, table_number=1, player_a=players["Eve"], player_b=players["Bo"]
    )
    Result.objects.create(game=final, version=1, vp_a=80, vp_b=10, status="confirmed", source="bye")
    return event


def _consume(source: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, str(CONSUMER), source, "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _page_rows(event) -> list[dict]:
    return faction_stats_event(event=event)["factions"]


def _compare(consumed: list[dict], page: list[dict]) -> None:
    assert [r["label"] for r in consumed] == [r["label"] for r in page]
    for mine, theirs in zip(consumed, page, strict=True):
        for key in ("players", "wins", "draws", "losses", "mirrors", "games"):
            assert mine[key] == theirs[key], (mine["label"], key)
        assert mine["win_rate_percent"] == theirs["display"]["win_rate"], mine["label"]
        if theirs["games"]:
            assert Fraction(mine["win_rate"]) == Fraction(theirs["wins"], theirs["games"])
        else:
            assert mine["win_rate"] is None


def test_the_consumer_finds_the_factions_pages_win_rates_from_a_file(
    anon, client, varied, tmp_path
):
    document = anon.get(f"/api/feed/events/{varied.pk}/").json()
    path = tmp_path / "feed.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    consumed = _consume(str(path))
    page = _page_rows(varied)
    _compare(consumed, page)
    # The numbers are the ones the page prints.
    html = client.get(reverse("event-factions", args=[varied.pk])).content.decode()
    for row in consumed:
        if row["games"]:
            assert row["win_rate_percent"] in html
    assert any(r["mirrors"] for r in consumed)
    assert any(r["draws"] for r in consumed)


def test_the_consumer_reads_the_feed_from_a_url(anon, varied):
    body = anon.get(f"/api/feed/events/{varied.pk}/").content

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        consumed = _consume(f"http://127.0.0.1:{server.server_port}/api/feed/events/{varied.pk}/")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    _compare(consumed, _page_rows(varied))

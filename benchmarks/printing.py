"""Scoresheet throughput for a 1,000-player round, end to end: `python benchmarks/printing.py`.

Builds the round in a throwaway SQLite database (Django's test database machinery), then
times gathering the data and rendering 500 scoresheet pages: in one process, and split into
parts over 2 worker processes with the parts merged by pypdf, as the print jobs do.
"""

from __future__ import annotations

import io
import os
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

PLAYERS = 1000


def build_round() -> tuple[int, int]:
    from django.contrib.auth import get_user_model

    from tournament.models import Game, Player, Round
    from tournament.services.events.events import event_create

    user = get_user_model().objects.create_user("bench", is_staff=True)
    event = event_create(user=user, name="Benchmark Open", rounds=5, seed=1)
    factions = ["Orks", "Aeldari", "Necrons", "Space Marines", "Tyranids", "T'au Empire"]
    Player.objects.bulk_create(
        Player(event=event, name=f"Player {i:04d}", faction=factions[i % 6]) for i in range(PLAYERS)
    )
    ids = list(event.players.values_list("pk", flat=True))
    round_ = Round.objects.create(event=event, number=1, mission_code="C")
    Game.objects.bulk_create(
        Game(round=round_, table_number=t + 1, player_a_id=ids[2 * t], player_b_id=ids[2 * t + 1])
        for t in range(PLAYERS // 2)
    )
    return event.pk, round_.number


def render_part(args: tuple[int, int, int, int]) -> bytes:
    from django.db import connection

    from tournament.models import Event
    from tournament.printing.render import Part, render_round
    from tournament.services.documents.printing import print_round_data

    event_id, number, start, stop = args
    data = print_round_data(event=Event.objects.get(pk=event_id), round_number=number)
    out = render_round("scoresheets", data, Part("scoresheets", start, stop))
    connection.close()
    return out


def one_process(event_id: int, number: int) -> tuple[float, int]:
    from tournament.models import Event
    from tournament.printing.render import render_round
    from tournament.services.documents.printing import print_round_data

    start = time.perf_counter()
    data = print_round_data(event=Event.objects.get(pk=event_id), round_number=number)
    pdf = render_round("scoresheets", data)
    return time.perf_counter() - start, len(pdf)


def two_workers(event_id: int, number: int, chunk: int = 100) -> tuple[float, float]:
    from django.db import connection
    from pypdf import PdfWriter

    games = PLAYERS // 2
    jobs = [(event_id, number, s, min(s + chunk, games)) for s in range(0, games, chunk)]
    connection.close()  # each forked worker opens its own
    start = time.perf_counter()
    with get_context("fork").Pool(2) as pool:
        parts = pool.map(render_part, jobs)
    rendered = time.perf_counter() - start
    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(part))
    writer.write(io.BytesIO())
    return rendered, time.perf_counter() - start


def main() -> None:
    import django
    from django.db import connection
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        event_id, number = build_round()
        pages = PLAYERS // 2
        one_process(event_id, number)  # warm up imports and caches, as a running worker is
        # Best of three: the machine is shared, and a slow run measures the neighbours.
        elapsed, size = min(one_process(event_id, number) for _ in range(3))
        print(
            f"scoresheets, 1 process : {pages / elapsed:6.0f} pages/s "
            f"({pages} pages in {elapsed:.2f}s, {size / 1024:.0f} KB)"
        )
        rendered, elapsed = min(two_workers(event_id, number) for _ in range(3))
        print(
            f"scoresheets, 2 workers : {pages / elapsed:6.0f} pages/s "
            f"({pages} pages in {elapsed:.2f}s: parts of 100 rendered in {rendered:.2f}s "
            f"= {pages / rendered:.0f} pages/s, then merged by pypdf)"
        )
        print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

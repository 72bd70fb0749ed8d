"""The paper pack of a 1,000-player round (issue 33): `python benchmarks/fallback_pack.py`.

Builds a reviewed 500-table round in a throwaway database (the default configuration: SQLite,
no broker, so print jobs run in-process), then times, in this one process:

- the baseline: the round's 500 scoresheets rendered in-process (as benchmarks/printing.py);
- the pack (pairings by name, by table, 500 result slips) made as a print job, from the job's
  creation to its merged PDF: the goal is ready within 60 s; printed as a ratio to the baseline;
- the organiser's release request (POST to the pairing page's release) without the pack
  ("before"), and with it started in the print thread ("after"), and how long after the
  release the pack is ready.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

PLAYERS = 1000
GOAL_S = 60


def build_round():
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
    round_ = Round.objects.create(event=event, number=1, mission_code="C", released=False)
    Game.objects.bulk_create(
        Game(round=round_, table_number=t + 1, player_a_id=ids[2 * t], player_b_id=ids[2 * t + 1])
        for t in range(PLAYERS // 2)
    )
    return user, event, round_


def baseline(event) -> float:
    from tournament.printing.render import render_round
    from tournament.services.documents.printing import print_round_data

    start = time.perf_counter()
    render_round("scoresheets", print_round_data(event=event, round_number=1))
    return time.perf_counter() - start


def pack_in_process(event, round_) -> tuple[float, int]:
    """The pack as a print job run in this thread (eager tasks): creation to merged PDF."""
    from tournament.models import PrintJob
    from tournament.tasks import print_job_publish

    start = time.perf_counter()
    job = PrintJob.objects.create(event=event, round=round_, kind="fallback")
    print_job_publish(job.pk)
    elapsed = time.perf_counter() - start
    job.refresh_from_db()
    assert job.status == "done", job.error
    return elapsed, job.pages


def release_request(client, event, round_) -> float:
    from django.urls import reverse

    from tournament.models import PrintJob, Round

    Round.objects.filter(pk=round_.pk).update(released=False)
    PrintJob.objects.filter(round=round_, kind="fallback").delete()
    start = time.perf_counter()
    response = client.post(reverse("manage-round-release", args=[event.pk, 1]))
    elapsed = time.perf_counter() - start
    assert response.status_code == 302, response.status_code
    return elapsed


def main() -> None:
    import django
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        from tournament import tasks
        from tournament.models import PrintJob
        from tournament.services.rounds import release

        user, event, round_ = build_round()
        client = Client()
        client.force_login(user)
        baseline(event)  # warm up imports and caches, as a running server is
        base = min(baseline(event) for _ in range(2))
        print(f"baseline, 500 scoresheets in-process : {base:6.2f}s")
        made, pages = min(pack_in_process(event, round_) for _ in range(2))
        verdict = "within" if made <= GOAL_S else "OVER"
        print(
            f"paper pack, 1,000 players, in-process: {made:6.2f}s = {made / base:.2f}x baseline "
            f"({pages} pages; goal {GOAL_S}s: {verdict})"
        )
        hook = release.fallback_pack_after_commit
        release.fallback_pack_after_commit = lambda **kw: None  # as before the pack existed
        try:
            before = min(release_request(client, event, round_) for _ in range(3))
        finally:
            release.fallback_pack_after_commit = hook
        settings.PRINT_EAGER_THREAD = True
        after = []
        for _ in range(2):
            after.append(release_request(client, event, round_))
            start = time.perf_counter()
            tasks._BACKGROUND.submit(lambda: None).result()
            ready = after[-1] + time.perf_counter() - start
            job = PrintJob.objects.get(round=round_, kind="fallback")
            assert job.status == "done", job.error
        print(
            f"release request, before: {before * 1000:6.0f} ms; after (pack in the print "
            f"thread): {min(after) * 1000:6.0f} ms = {min(after) / before:.2f}x; "
            f"pack ready {ready:.1f}s after the release"
        )
        print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

"""Time the audit log API (GET /api/events/{id}/audit/) of a large event, with its query count.

The event is built once through the services in a SQLite file (kept with --db, so the same
event can be timed before and after a change): PLAYERS players registered, round 1 entered and
confirmed, round 2 paired, which logs a change for every registration and every result. Each
request is timed REPEAT times as the organiser; the median is shown.

    python benchmarks/audit_api.py --players 1000 --db /tmp/audit.sqlite3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--db", default=str(Path(tempfile.gettempdir()) / "audit-bench.sqlite3"))
    args = parser.parse_args()
    fresh = not Path(args.db).exists()
    os.environ["DATABASE_URL"] = f"sqlite:///{args.db}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from rest_framework.test import APIClient

    from benchmarks.serve import build_event
    from tournament.models import Event

    if fresh:
        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        build_event(args.players, name="Audit GT")
        print(f"built {args.players} players in {time.perf_counter() - started:.0f} s")
    event = Event.objects.get(name="Audit GT")
    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(username="bench"))
    url = f"/api/events/{event.pk}/audit/"
    print(f"{event.audit.count()} log entries")
    queries = [0]

    def count(execute, sql, params, many, context):
        queries[0] += 1
        return execute(sql, params, many, context)

    path, label = url, "first page"
    while path and label:
        times = []
        for _ in range(args.repeat):
            queries[0] = 0
            with connection.execute_wrapper(count):
                started = time.perf_counter()
                response = client.get(path)
                times.append(time.perf_counter() - started)
            assert response.status_code == 200, response.content[:300]
        print(
            f"{label}: {len(response.json())} entries, median {statistics.median(times):.3f} s, "
            f"{queries[0]} queries"
        )
        link = response.get("Link", "")
        path = link.split(">")[0].lstrip("<").replace("http://testserver", "") if link else ""
        label = "next page" if label == "first page" else ""
    if not response.get("Link") and label == "next page":
        print("next page: (no pagination)")


if __name__ == "__main__":
    main()

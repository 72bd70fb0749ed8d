"""What a phone's poll costs the server, made by the framework or replayed: `python
benchmarks/replay.py [--players 1000] [--polls 600]`.

Builds a 1,000-player event in a throwaway SQLite database (round 1 confirmed, round 2 paired),
then asks, in one process through Django's full middleware stack (the test client's WSGI
handler), for what the pages poll at the end of a round: the standings (API), the standings
page's htmx part, the round (API), and the pairings and event pages' parts, each --polls
times, as an anonymous phone would:

- made: each poll answered by the view (the shared computation is already made, so this is
  the framework, the queries and the copy; tournament/caching/replay.py's store is emptied first);
- replayed: each poll answered from this process's last answer (tournament/caching/replay.py);
- remade from nothing: every cache emptied first, as each process pays once per window after a
  result moved the event's revision (the cost that decides the end of a round).

It prints the CPU time per poll of each and their ratio (the baseline is "made", same process).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")


HTMX = {"HTTP_HX_REQUEST": "true"}


def build(players: int) -> int:
    from django.contrib.auth import get_user_model

    from tournament.models import Game, Player, Result, Round
    from tournament.services.events.events import event_create

    user = get_user_model().objects.create_user("bench", is_staff=True)
    event = event_create(user=user, name="Replay Open", rounds=5, seed=1)
    Player.objects.bulk_create(
        Player(event=event, name=f"Player {i:04d}", faction="Orks") for i in range(players)
    )
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    for number in (1, 2):
        round_ = Round.objects.create(event=event, number=number, mission_code="C")
        order = ids if number == 1 else ids[1:] + ids[:1]
        Game.objects.bulk_create(
            Game(round=round_, table_number=t + 1, player_a_id=order[2 * t],
                 player_b_id=order[2 * t + 1])
            for t in range(players // 2)
        )  # fmt: skip
        if number == 1:
            Result.objects.bulk_create(
                Result(
                    game=game, version=1, vp_a=60 + game.table_number % 30, vp_b=50,
                    status="confirmed", source="organiser",
                )
                for game in round_.games.all()
            )  # fmt: skip
    return event.pk


def cpu_remade(client, url: str, headers: dict, times: int = 4) -> float:
    """CPU of an answer made from nothing, as after a result moved the event's revision: every
    cache emptied first (the least of a few, so the figure is the work, not the machine)."""
    from django.core.cache import caches

    from tournament.caching.replay import STORE

    spent = []
    for _ in range(times):
        for alias in caches:
            caches[alias].clear()
        STORE.clear()
        started = time.process_time()
        response = client.get(url, **headers)
        spent.append(time.process_time() - started)
        assert response.status_code == 200, response.status_code
    return min(spent)


def cpu_per_poll(client, url: str, headers: dict, polls: int, *, replay: bool) -> float:
    from tournament.caching.replay import STORE

    client.get(url, **headers)  # computed once: both measure answering, not computing
    started = time.process_time()
    for _ in range(polls):
        if not replay:
            STORE.clear()
        response = client.get(url, **headers)
        assert response.status_code == 200, response.status_code
    return (time.process_time() - started) / polls


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--polls", type=int, default=600)
    args = parser.parse_args()

    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    from django.db import connection
    from django.test import Client

    old = connection.creation.create_test_db(verbosity=0)
    try:
        from tournament.caching import cached

        # The clock stands still: every poll falls in the replay window, as most do at the end
        # of a round (a new computation every cached.LAG_S).
        now = time.time()
        cached.clock = lambda: now
        event_id = build(args.players)
        client = Client()
        answers = [
            ("standings (API)", f"/api/events/{event_id}/standings/", {}),
            ("standings page's part", f"/events/{event_id}/standings/", HTMX),
            ("round (API)", f"/api/events/{event_id}/rounds/2/", {}),
            # Where players leave their phones: find my table, and the event's page.
            ("pairings page's part", f"/events/{event_id}/pairings/?round=2&by=table", HTMX),
            ("event page's part", f"/events/{event_id}/", HTMX),
        ]
        print(f"{args.players} players, {args.polls} polls each, CPU per poll in one process")
        for name, url, headers in answers:
            made = cpu_per_poll(client, url, headers, args.polls, replay=False)
            replayed = cpu_per_poll(client, url, headers, args.polls, replay=True)
            remade = cpu_remade(client, url, headers)
            print(
                f"  {name}: made {made * 1000:.2f} ms, replayed {replayed * 1000:.3f} ms "
                f"= {replayed / made:.3f}x; remade from nothing {remade * 1000:.0f} ms"
            )
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)


if __name__ == "__main__":
    main()

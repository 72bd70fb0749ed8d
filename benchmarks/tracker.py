"""Benchmark of the deck tracker: engine apply/view per second, and the service round trip.

    .venv/bin/python benchmarks/tracker.py [--games 20] [--service-games 3]

Engine: whole legal games (the test driver's choices) applied action by action; `view` is
timed for each side on every state. Service: `tracker_act` (row lock, apply, log row, save)
on a throwaway SQLite database, the cost a phone's tap pays on the server.
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


def engine_figures(games: int) -> None:
    from tests.tracker.web.helpers import Driver
    from tracker.engine.leviathan import apply, new_game, view

    actions, states = [], []
    for n in range(games):
        state, driver = (
            new_game(n, mission_rules=("secret_intel",), primary="take_and_hold"),
            Driver("player_1"),
        )
        while state["phase"] != "over":
            act = driver.next_action(state)
            actions.append((state, act))
            state = apply(state, act)
            states.append(state)
    start = time.perf_counter()
    for state, act in actions:
        apply(state, act)
    applied = time.perf_counter() - start
    start = time.perf_counter()
    for state in states:
        view(state, "attacker")
        view(state, "defender")
    viewed = time.perf_counter() - start
    print(f"engine: {len(actions)} actions over {games} games")
    print(f"  apply: {len(actions) / applied:,.0f}/s ({applied / len(actions) * 1e6:.0f} us each)")
    print(
        f"  view:  {2 * len(states) / viewed:,.0f}/s ({viewed / len(states) / 2 * 1e6:.0f} us each)"
    )


def service_figures(games: int) -> None:
    db = Path(tempfile.mkdtemp()) / "tracker-bench.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from tests.tracker.web.helpers import Driver
    from tracker.services.trackers import tracker_act, tracker_create, tracker_view

    acts, views = [], []
    for _ in range(games):
        tracked, driver = tracker_create(mission_code="LEV-A"), Driver("player_1")
        while tracked.state["phase"] != "over":
            action = driver.next_action(tracked.state)
            start = time.perf_counter()
            tracked = tracker_act(tracked_id=tracked.pk, action=action)
            acts.append(time.perf_counter() - start)
            start = time.perf_counter()
            tracker_view(tracked=tracked, side="attacker")
            views.append(time.perf_counter() - start)
    print(f"service (SQLite): {len(acts)} actions over {games} games")
    print(f"  tracker_act:  median {statistics.median(acts) * 1e3:.2f} ms, "
          f"p95 {sorted(acts)[int(len(acts) * 0.95)] * 1e3:.2f} ms")  # fmt: skip
    print(f"  tracker_view: median {statistics.median(views) * 1e3:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--service-games", type=int, default=3)
    args = parser.parse_args()
    engine_figures(args.games)
    if args.service_games:
        service_figures(args.service_games)


if __name__ == "__main__":
    main()

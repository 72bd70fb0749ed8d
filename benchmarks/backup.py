"""Result entry with and without the backup loop (BACKUP_DIR), in one run of one process.

    .venv/bin/python benchmarks/backup.py [--games 30] [--blocks 3]

Builds, in a SQLite file of its own, an event whose round 1 has --games x 2 x --blocks games,
then enters results in blocks of --games games (each entered by player A with their key and
confirmed by player B, through Django's full request path), alternately with the backup loop
off and on: the loop is `manage.py backup`, the very process `make serve` starts beside
gunicorn, copying into a temporary folder. Alternating blocks see the same machine. It prints
each block's time per game, the ratio on/off (medians of the blocks) and how long after the
last confirmation the backup held it. The loop is stopped by its process id.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WARM_UP = 5
sys.path.insert(0, str(ROOT))


def setup(folder: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'db.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    os.environ["DATA_DIR"] = str(folder / "var")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def build(games: int) -> list[tuple[int, str, str]]:
    from django.contrib.auth import get_user_model

    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    user = get_user_model().objects.create_user("bench", password="x" * 20, is_staff=True)
    event = event_create(user=user, name="Backup bench", rounds=3, seed=1)
    players = [
        player_register(event=event, user=user, name=f"Player {i:04d}", faction="Orks")
        for i in range(games * 2)
    ]
    pairs = [
        {"player_a": a.pk, "player_b": b.pk}
        for a, b in zip(players[::2], players[1::2], strict=True)
    ]
    rnd = round_create(event_id=event.pk, user=user, pairings=pairs, mission_code="C")
    return [
        (g.pk, g.player_a.private_key, g.player_b.private_key)
        for g in rnd.games.order_by("table_number")
    ]


def enter(client, games: list[tuple[int, str, str]]) -> float:
    """Seconds per game to enter and confirm `games`."""
    started = time.perf_counter()
    for game_id, key_a, key_b in games:
        entered = client.post(
            f"/api/games/{game_id}/result/",
            {"vp_a": 70, "vp_b": 50},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Key {key_a}",
        )
        assert entered.status_code in (200, 201), entered.content
        confirmed = client.post(
            f"/api/games/{game_id}/result/confirm/",
            {},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Key {key_b}",
        )
        assert confirmed.status_code == 200, confirmed.content
    return (time.perf_counter() - started) / len(games)


def start_loop(folder: Path) -> subprocess.Popen:
    env = {**os.environ, "BACKUP_DIR": str(folder / "stick")}
    status = folder / "var" / "backup-status.json"
    status.unlink(missing_ok=True)  # the previous block's loop wrote one
    loop = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "backup", "--parent", str(os.getpid())],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # timed from its first copy, as a running server's
        if status.exists() and json.loads(status.read_text()).get("last_copy_at"):
            return loop
        time.sleep(0.1)
    loop.kill()
    raise SystemExit("the backup loop made no copy within 120 s")


def caught_up_after(folder: Path, confirmed_at: datetime) -> float:
    status = folder / "var" / "backup-status.json"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        report = json.loads(status.read_text())
        last = report.get("last_copy_at")
        if last and datetime.fromisoformat(last) >= confirmed_at:
            return (datetime.fromisoformat(last) - confirmed_at).total_seconds()
        time.sleep(0.05)
    return float("inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per block")
    parser.add_argument("--blocks", type=int, default=3, help="blocks with the loop, and without")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="strategium-backup-bench-") as tmp:
        folder = Path(tmp)
        (folder / "stick").mkdir()
        setup(folder)
        from datetime import UTC

        from django.test import Client

        games = build(args.games * 2 * args.blocks + WARM_UP)
        client = Client()
        enter(client, games[:WARM_UP])  # the first requests import and compile: not timed
        games = games[WARM_UP:]
        off, on, lags = [], [], []
        for block in range(args.blocks * 2):
            part = games[block * args.games : (block + 1) * args.games]
            if block % 2 == 0:
                off.append(enter(client, part))
                continue
            loop = start_loop(folder)
            try:
                on.append(enter(client, part))
                lags.append(caught_up_after(folder, datetime.now(UTC)))
            finally:
                loop.send_signal(signal.SIGTERM)
                loop.wait(timeout=30)
        copies = len([p for p in (folder / "stick").iterdir() if p.name.startswith("strategium-")])
        size = (folder / "db.sqlite3").stat().st_size
    print(f"{len(games)} games timed, database {size / 1e6:.1f} MB, {copies} backups kept")
    print("per game, off: " + ", ".join(f"{s * 1000:.1f} ms" for s in off))
    print("per game, on:  " + ", ".join(f"{s * 1000:.1f} ms" for s in on))
    print(f"backup held the last confirmation after: {', '.join(f'{s:.1f} s' for s in lags)}")
    ratio = statistics.median(on) / statistics.median(off)
    print(f"result entry with BACKUP_DIR / without: {ratio:.2f}x")


if __name__ == "__main__":
    main()

"""Load on the production server: many phones reading standings and rounds, results arriving.

    .venv/bin/python benchmarks/serve.py [--players 1000] [--readers 100] [--writers 40]
        [--seconds 20] [--games 500] [--workers 4] [--database postgres://...]

Starts `manage.py serve` (what `make serve` runs: gunicorn, DEBUG off) on a free loopback port
against its own PostgreSQL database (created and emptied by this script; SQLite with
`--database sqlite`), builds an event of --players players with round 1 played and round 2
paired, then plays, each bounded in time and count, loopback only:

- read: --readers clients for --seconds, each asking in turn for the standings (API), the
  round (API) and the public standings page, as phones refreshing do;
- write: --games games of round 2, --writers clients at once, each game entered by one player
  with their key and confirmed by the other;

and each beside a baseline of the same clients asking `GET /api/events/{id}/` for the same time.
It prints requests, errors, p50/p95/p99 and throughput, and the ratios to the baseline; then
checks that every write landed once (one confirmed result per game, one version each).
The server is stopped by its process id whatever happens.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/strategium_bench"


# ---- the server ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fresh_database(url: str) -> None:
    """Drop and create the benchmark's own PostgreSQL database (never the project's own)."""
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    assert name.startswith("strategium_bench"), "the benchmark only empties its own database"
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def start_server(env: dict, port: int, workers: int, log) -> subprocess.Popen:
    command = [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--workers", str(workers)]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server stopped while starting; see its log")
        try:
            status, _ = request(("127.0.0.1", port), "GET", "/health/")
            if status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.3)
    stop(server)
    raise SystemExit("the server did not answer /health/ within 120 s")


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)


def request(address, method: str, path: str, body=None, *, headers=None, conn=None):
    """One request; returns (status, body bytes). Reuses `conn` (keep-alive) when given."""
    own = conn is None
    conn = conn or http.client.HTTPConnection(*address, timeout=30)
    data = json.dumps(body).encode() if body is not None else None
    hdrs = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
    conn.request(method, path, body=data, headers=hdrs)
    response = conn.getresponse()
    payload = response.read()
    if own:
        conn.close()
    return response.status, payload


# ---- the event --------------------------------------------------------------------------------


def build_event(players: int) -> dict:
    """An event with round 1 played (confirmed) and round 2 paired, made through the services."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournament.services.events import event_create
    from tournament.services.players import player_register
    from tournament.services.results import result_enter
    from tournament.services.rounds import round_create

    user = get_user_model().objects.create_user("bench", password="bench", is_staff=True)
    event = event_create(user=user, name="Load test GT", rounds=5, seed=1)
    for i in range(players):
        player_register(event=event, user=user, name=f"Player {i:04d}", faction="Orks")
    first = round_create(event_id=event.pk, user=user, seed=1)
    for n, game in enumerate(first.games.filter(player_b__isnull=False)):
        data = {"vp_a": 60 + n % 30, "vp_b": 40 + n % 25}
        result_enter(game_id=game.pk, data=data, user=user)
    second = round_create(event_id=event.pk, user=user, seed=2)
    games = [
        (g.pk, g.player_a.private_key, g.player_b.private_key)
        for g in second.games.filter(player_b__isnull=False).select_related("player_a", "player_b")
    ]
    return {"event": event.pk, "round": second.number, "games": games}


# ---- the load ---------------------------------------------------------------------------------


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: list[float] = []
        self.errors: dict[int, int] = {}

    def add(self, seconds: float, status: int) -> None:
        with self.lock:
            self.times.append(seconds)
            if status >= 400:
                self.errors[status] = self.errors.get(status, 0) + 1

    def row(self, name: str, wall: float) -> dict:
        times = sorted(self.times) or [0.0]

        def pct(p: float) -> float:
            return times[min(len(times) - 1, int(p * len(times)))]

        return {
            "name": name,
            "requests": len(self.times),
            "errors": sum(self.errors.values()),
            "p50": statistics.median(times),
            "p95": pct(0.95),
            "p99": pct(0.99),
            "rps": len(self.times) / wall if wall else 0.0,
        }


def timed(tally: Tally, address, conn, request_line: tuple):
    """One request on `conn`, its time counted; a broken connection is replaced (status 599).
    Returns the connection to go on with. request_line: (method, path, body, headers)."""
    method, path, body, headers = request_line
    started = time.perf_counter()
    try:
        status, _ = request(address, method, path, body, headers=headers, conn=conn)
    except (OSError, http.client.HTTPException):
        conn.close()
        conn = http.client.HTTPConnection(*address, timeout=30)
        status = 599
    tally.add(time.perf_counter() - started, status)
    return conn


def run_threads(tally: Tally, targets) -> dict:
    """Run one thread per target at once; the tally's figures over the wall time taken."""
    started = time.monotonic()
    threads = [threading.Thread(target=t) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return tally.row("", time.monotonic() - started)


def run_clients(address, clients: int, seconds: float, paths_for) -> dict:
    """`clients` threads, each with its own keep-alive connection, asking until time is up."""
    tally, stop_at = Tally(), time.monotonic() + seconds

    def client(index: int) -> None:
        conn = http.client.HTTPConnection(*address, timeout=30)
        step = 0
        while time.monotonic() < stop_at:
            conn = timed(tally, address, conn, paths_for(index, step))
            step += 1
        conn.close()

    return run_threads(tally, [lambda i=i: client(i) for i in range(clients)])


def run_writes(address, games: list, clients: int) -> dict:
    """Each game: player A enters with their key, player B confirms; `clients` at once."""
    tally, queue, lock = Tally(), list(games), threading.Lock()

    def client() -> None:
        conn = http.client.HTTPConnection(*address, timeout=30)
        while True:
            with lock:
                if not queue:
                    break
                game_id, key_a, key_b = queue.pop()
            for key, path, body in (
                (key_a, f"/api/games/{game_id}/result/", {"vp_a": 55, "vp_b": 45}),
                (key_b, f"/api/games/{game_id}/result/confirm/", {}),
            ):
                auth = {"Authorization": f"Key {key}"}
                conn = timed(tally, address, conn, ("POST", path, body, auth))
        conn.close()

    return run_threads(tally, [client] * clients)


def check_writes(games: list) -> tuple[int, int]:
    """(games without exactly one confirmed current result, games with more than one version)."""
    from django.db.models import Count, Q

    from tournament.models import Game

    ids = [g[0] for g in games]
    rows = Game.objects.filter(pk__in=ids).annotate(
        current=Count("results", filter=Q(results__is_current=True, results__status="confirmed")),
        versions=Count("results"),
    )
    lost = sum(1 for g in rows if g.current != 1)
    duplicated = sum(1 for g in rows if g.versions > 1)
    return lost, duplicated


def show(rows: list[dict]) -> None:
    heads = ("requests", "errors", "p50", "p95", "p99", "req/s")
    print(f"  {'load':<34} " + " ".join(f"{h:>8}" for h in heads))
    for r in rows:
        print(
            f"  {r['name']:<34} {r['requests']:>8} {r['errors']:>6} {r['p50'] * 1000:>6.0f}ms "
            f"{r['p95'] * 1000:>6.0f}ms {r['p99'] * 1000:>6.0f}ms {r['rps']:>8.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--writers", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--database", default=DEFAULT_DB)
    parser.add_argument("--only", choices=["read", "write"], help="play one load only")
    args = parser.parse_args()
    if not (2 <= args.players <= 5000 and 1 <= args.readers <= 500 and args.seconds <= 120):
        raise SystemExit("bounded load only: 2-5000 players, 1-500 clients, at most 120 s")

    folder = Path(tempfile.mkdtemp(prefix="strategium-serve-bench-"))
    database = args.database
    if database == "sqlite":
        database = f"sqlite:///{folder / 'db.sqlite3'}"
    else:
        fresh_database(database)
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "ALLOWED_HOSTS"}}
    env.update(
        DATABASE_URL=database,
        DATA_DIR=str(folder / "var"),
        STATIC_ROOT=str(folder / "static"),
        ACCESS_LOG="/dev/null",
        CONN_MAX_AGE="60",
    )
    port = free_port()
    address = ("127.0.0.1", port)
    with (folder / "server.log").open("w") as log:
        served = {**env, "DJANGO_SETTINGS_MODULE": "config.settings.venue"}
        server = start_server(served, port, args.workers, log)
        try:
            os.environ.update(DATABASE_URL=database, DJANGO_SETTINGS_MODULE="config.settings.local")
            started = time.perf_counter()
            event = build_event(args.players)
            print(
                f"serve: {args.players} players, round {event['round']} paired, "
                f"{args.workers} workers, {'SQLite' if 'sqlite' in database else 'PostgreSQL'} "
                f"(set up in {time.perf_counter() - started:.1f} s)"
            )
            measure(address, event, args)
        finally:
            stop(server)


def measure(address, event: dict, args) -> None:
    eid, number = event["event"], event["round"]
    detail = ("GET", f"/api/events/{eid}/", None, None)
    reads = [
        ("GET", f"/api/events/{eid}/standings/", None, None),
        ("GET", f"/api/events/{eid}/rounds/{number}/", None, None),
        ("GET", f"/events/{eid}/standings/", None, None),
    ]
    single = {}
    for method, path, _, _ in reads[:2]:
        times = []
        for _ in range(5):
            t = time.perf_counter()
            request(address, method, path)
            times.append(time.perf_counter() - t)
        single[path] = statistics.median(times)
    alone = ", ".join(f"{p} {s * 1000:.0f} ms" for p, s in single.items())
    print(f"  one reader alone: {alone}")

    # Every server thread opens its database connection on its first request: a short unmeasured
    # load first, so that neither measured load pays for that and the other not.
    run_clients(address, max(args.readers, args.writers), 3, lambda i, s: detail)
    rows = []
    if args.only != "write":
        read = run_clients(address, args.readers, args.seconds, lambda i, s: reads[(i + s) % 3])
        base = run_clients(address, args.readers, args.seconds, lambda i, s: detail)
        read["name"] = f"read: standings+round ({args.readers} clients)"
        base["name"] = f"baseline: event detail ({args.readers})"
        rows += [read, base]
    if args.only == "read":
        show(rows)
        print(
            f"  read throughput / baseline: {read['rps'] / base['rps']:.2f}; "
            f"read p95 {read['p95'] * 1000:.0f} ms"
        )
        return
    games = event["games"][: args.games]
    write = run_writes(address, games, args.writers)
    wbase = run_clients(address, args.writers, args.seconds / 2, lambda i, s: detail)
    write["name"] = f"write: enter+confirm ({args.writers} clients)"
    wbase["name"] = f"baseline: event detail ({args.writers})"
    show([*rows, write, wbase])
    lost, duplicated = check_writes(games)
    if rows:
        print(
            f"  read throughput / baseline: {read['rps'] / base['rps']:.2f}; "
            f"read p95 {read['p95'] * 1000:.0f} ms"
        )
    print(
        f"  write p95 / baseline p95: {write['p95'] / wbase['p95']:.2f}; "
        f"{len(games)} games: {lost} lost, {duplicated} duplicated, "
        f"{write['errors']} errors"
    )


if __name__ == "__main__":
    main()

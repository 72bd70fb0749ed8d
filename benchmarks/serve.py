"""Load on the production server: many phones reading standings and rounds, results arriving.

    .venv/bin/python benchmarks/serve.py [--players 1000] [--readers 100] [--writers 40]
        [--seconds 20] [--games 500] [--workers 4] [--database postgres://...]
        [--only read|write|mixed] [--phones 1000] [--cache redis://127.0.0.1:6379/N]
        [--poll mix|three|standings-part|pairings-part|event-part|standings-api|round-api]
        [--no-etag 0.1] [--no-gzip 0.1] [--label TEXT] [--clocks 500] [--tap-every 20]

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

`--only mixed` plays the end of a round instead, on two events built alike: --writers clients
write one's round alone and the other's while --phones phones (at most 2,000) poll it, each
every 10 s, where players leave them (`--poll mix`, the default): 35% on the standings page
(its htmx part), 25% on the pairings page (its part), 10% on the event page (its live part),
15% reading the standings API and 15% the round API, as apps do. `--poll three` is the earlier
run (every phone asks for the standings API, the standings part and the round API); `--poll
pairings-part` and the like put every phone on one page. Phones send the ETag they last saw
(If-None-Match) and accept gzip, as browsers do, except a share that sends no ETag
(`--no-etag`, default 10%) and a share that does not accept gzip (`--no-gzip`, default 10%).
A quarter of each round in turn, so that both see the same machine. A watcher reads the public
standings every 0.5 s to time how long they trail the confirmations. It prints the write time
mixed against alone (goal <= 1.5x), the phones' read p95 (goal < 1 s; also per page polled),
the longest the public standings trailed a confirmation (goal <= 5 s), and lost, duplicated
and server errors (goal 0); last, one SUMMARY line naming the configuration (database, cache,
phones, poll) with the machine's load average, to paste beside other configurations' lines.

`--clocks N` (mixed) adds the game clocks of issue 35: a third event's N tables have 90-minute
clocks, each table's two phones hold the clock's stream open on the push server that `serve`
starts beside gunicorn, and the phone whose side runs taps every --tap-every seconds (give or
take half), first for 20 s alone (the baseline), then while the phones poll and the round is
written. It prints how long the other phone waited to see each tap (goal: p95 < 1 s) beside
the baseline, and the SUMMARY counts it among the goals (benchmarks/clock_phones.py).

The configurations the README reports (the database named is the benchmark's own):

    serve.py --only mixed --database sqlite              # `make serve` as it comes: its own
                                                         # Redis when redis-server is installed
    serve.py --only mixed --database sqlite --cache file # the file cache (VENUE_REDIS=0)
    serve.py --only mixed --database postgres://.../strategium_x_bench --cache file
    serve.py --only mixed --database postgres://.../strategium_x_bench --cache redis://...:6379/N
    ... each with --phones 1000 and --phones 2000

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
# How long the game clocks tap alone, before the round, for the baseline of their latency.
CLOCK_BASELINE_S = 20


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
    assert name.startswith("strategium_"), "the benchmark only empties its own database"
    assert name.endswith("bench"), "the benchmark only empties its own database"
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def empty_cache(url: str) -> None:
    """Empty the benchmark's own Redis database: its new database reuses the event's ids and
    revisions, so pages cached by an earlier run would be taken for this one's."""
    import redis

    assert urlparse(url).path.strip("/") not in ("", "0"), "name a Redis database of its own"
    redis.Redis.from_url(url).flushdb()


def start_server(
    env: dict, port: int, workers: int, log, push_port: int | None = None
) -> subprocess.Popen:
    command = [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--workers", str(workers)]
    if push_port:
        command += ["--push-port", str(push_port)]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    # Migrating, collecting static files and booting the workers take minutes on a busy machine.
    deadline = time.monotonic() + 300
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
    raise SystemExit("the server did not answer /health/ within 300 s")


def served_cache(log: Path) -> str:
    """The shared cache the server says it runs with (its banner)."""
    for line in log.read_text().splitlines():
        if "Shared cache:" in line:
            return line.split("Shared cache:", 1)[1].strip()
    return "?"


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


def build_event(players: int, name: str = "Load test GT") -> dict:
    """An event with round 1 played (confirmed) and round 2 paired, made through the services."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    user = get_user_model().objects.filter(username="bench").first()
    user = user or get_user_model().objects.create_user("bench", password="bench", is_staff=True)
    event = event_create(user=user, name=name, rounds=5, seed=1)
    # One commit for the players (each registration is a transaction of its own: on SQLite a
    # disk sync each, minutes on a busy machine).
    with transaction.atomic():
        for i in range(players):
            player_register(event=event, user=user, name=f"Player {i:04d}", faction="Orks")
    first = round_create(event_id=event.pk, user=user, seed=1)
    with transaction.atomic():  # one commit again, for round 1's results
        for n, game in enumerate(first.games.filter(player_b__isnull=False)):
            data = {"vp_a": 60 + n % 30, "vp_b": 40 + n % 25}
            result_enter(game_id=game.pk, data=data, user=user)
    second = round_create(event_id=event.pk, user=user, seed=2)
    games = [
        (g.pk, g.player_a.private_key, g.player_b.private_key)
        for g in second.games.filter(player_b__isnull=False).select_related("player_a", "player_b")
    ]
    return {"event": event.pk, "round": second.number, "games": games}


def build_clock_event(tables: int) -> list[tuple[int, str, str]]:
    """A third event whose round's games have 90-minute game clocks: (game, key a, key b)."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from tournament.services.events.events import event_create, event_update
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    user = get_user_model().objects.get(username="bench")
    event = event_create(user=user, name="Load test GT, the clocks", rounds=5, seed=1)
    event_update(event=event, user=user, changes={"game_clock_minutes": 90})
    with transaction.atomic():
        for i in range(2 * tables):
            player_register(event=event, user=user, name=f"Clock player {i:04d}", faction="Orks")
    first = round_create(event_id=event.pk, user=user, seed=1)
    return [
        (g.pk, g.player_a.private_key, g.player_b.private_key)
        for g in first.games.filter(player_b__isnull=False).select_related("player_a", "player_b")
    ]


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
            "max": times[-1],
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
    return run_writes_timed(address, games, clients)[0]


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


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--writers", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--database", default=DEFAULT_DB)
    parser.add_argument("--only", choices=["read", "write", "mixed"], help="play one load only")
    parser.add_argument("--phones", type=int, default=1000, help="mixed: phones polling")
    parser.add_argument(
        "--poll", choices=sorted(POLLS), default="mix", help="mixed: what the phones poll"
    )
    parser.add_argument("--no-etag", type=float, default=0.1, help="mixed: share sending none")
    parser.add_argument("--no-gzip", type=float, default=0.1, help="mixed: share without gzip")
    parser.add_argument("--label", default="", help="a note for the SUMMARY line")
    parser.add_argument(
        "--clocks",
        type=int,
        default=0,
        help="mixed: tables of a third event whose game clocks run, two phones each holding "
        "the clock's stream on the push server, tapping while the phones poll",
    )
    parser.add_argument(
        "--tap-every", type=float, default=20, help="mixed: seconds between a table's taps"
    )
    parser.add_argument(
        "--cache",
        default="",
        help="CACHE_URL for the server (Redis), or `file` for the venue's file cache; "
        "default: what `make serve` runs with (its own Redis when redis-server is installed)",
    )
    args = parser.parse_args()
    if not (2 <= args.players <= 5000 and 1 <= args.readers <= 500 and args.seconds <= 120):
        raise SystemExit("bounded load only: 2-5000 players, 1-500 clients, at most 120 s")
    if not 1 <= args.phones <= 2000:
        raise SystemExit("bounded load only: 1-2000 phones")
    if not (0 <= args.clocks <= 1000 and args.tap_every >= 2):
        raise SystemExit("bounded load only: 0-1000 clocks, a tap every 2 s or more per table")
    if not (0 <= args.no_etag <= 1 and 0 <= args.no_gzip <= 1):
        raise SystemExit("--no-etag and --no-gzip are shares of the phones, 0 to 1")
    return args


def main() -> None:
    args = parse_args()

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
    env.pop("CACHE_URL", None)
    env.pop("VENUE_REDIS", None)
    if args.cache == "file":
        env["VENUE_REDIS"] = "0"
    elif args.cache:
        env["CACHE_URL"] = args.cache
        empty_cache(args.cache)
    port, push_port = free_port(), free_port()
    address = ("127.0.0.1", port)
    args.push = ("127.0.0.1", push_port)
    with (folder / "server.log").open("w") as log:
        served = {**env, "DJANGO_SETTINGS_MODULE": "config.settings.venue"}
        server = start_server(served, port, args.workers, log, push_port)
        try:
            os.environ.update(DATABASE_URL=database, DJANGO_SETTINGS_MODULE="config.settings.local")
            started = time.perf_counter()
            event = build_event(args.players)
            args.configuration = (
                f"{'SQLite' if 'sqlite' in database else 'PostgreSQL'}, "
                f"cache {served_cache(folder / 'server.log')}, {args.workers} workers"
            )
            print(
                f"serve: {args.players} players, round {event['round']} paired, "
                f"{args.configuration} (set up in {time.perf_counter() - started:.1f} s)"
            )
            if args.only == "mixed":
                args.server_pid = server.pid
                twin = build_event(args.players, name="Load test GT, the alone twin")
                args.clock_tables = build_clock_event(args.clocks) if args.clocks else []
                measure_mixed(address, {"mixed": event, "alone": twin}, args)
            else:
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


# ---- the end of a round: writes while phones poll ---------------------------------------------

POLL_S = 10.0  # how often a phone refreshes, as the pages do


# What a phone polls, by where it sits: (name, share of the phones in the mix).
POLLS = {
    "mix": (
        ("standings-part", 0.35),
        ("pairings-part", 0.25),
        ("event-part", 0.10),
        ("standings-api", 0.15),
        ("round-api", 0.15),
    ),
    "three": (("three", 1.0),),
    **{
        name: ((name, 1.0),)
        for name in ("standings-part", "pairings-part", "event-part", "standings-api", "round-api")
    },
}


def poll_requests(event: int, number: int) -> dict[str, list[tuple[str, dict]]]:
    """Each place's polls: (path, headers) asked in turn every POLL_S. A page's part is asked
    as htmx asks for it (HX-Request, HX-Target)."""
    part = {"HX-Request": "true", "HX-Target": "live"}
    places = {
        "standings-part": [(f"/events/{event}/standings/", part)],
        "pairings-part": [(f"/events/{event}/pairings/?round={number}&by=table", part)],
        "event-part": [(f"/events/{event}/", part)],
        "standings-api": [(f"/api/events/{event}/standings/", {})],
        "round-api": [(f"/api/events/{event}/rounds/{number}/", {})],
    }
    # The earlier run: every phone all three (its standings part without HX-Target).
    places["three"] = [
        places["standings-api"][0],
        (f"/events/{event}/standings/", {"HX-Request": "true"}),
        places["round-api"][0],
    ]
    return places


def phone_places(count: int, poll: str, *, no_etag: float, no_gzip: float) -> list[tuple]:
    """(place, sends ETags, accepts gzip) of each phone: the places in their shares, and the
    phones without ETags or gzip spread evenly over them (every n-th phone, not the first)."""
    import random

    places = [name for name, share in POLLS[poll] for _ in range(round(share * count))]
    places = (places + [POLLS[poll][0][0]] * count)[:count]
    random.Random(1).shuffle(places)
    step = random.Random(2)
    return [(place, step.random() >= no_etag, step.random() >= no_gzip) for place in places]


class Phones:
    """`count` phones, each asking every POLL_S for its place's polls with the ETag it last saw
    (unless it sends none), driven by a few threads (one per phone would cost the client more
    than the server). A phone's poll starts when it is due; how late the threads ran it is kept
    apart from the answer's time."""

    def __init__(self, address, places: list[tuple], polls: dict, threads: int) -> None:
        self.address, self.places, self.polls, self.threads = address, places, polls, threads
        count = len(places)
        self.tally, self.not_modified, self.late = Tally(), 0, 0.0
        self.by_place = {place: Tally() for place in polls}
        self.bytes = 0
        self.etags = [{} for _ in range(count)]
        self.count, self.due = count, []
        self.lock = threading.Lock()
        self.stopping, self.active = threading.Event(), threading.Event()

    def resume(self) -> None:
        """Phones poll again, their polls spread over one period, as phones opening the page
        at random would (no burst of every phone at once)."""
        start = time.monotonic()
        with self.lock:
            self.due = [(start + POLL_S * i / self.count, i) for i in range(self.count)]
        self.active.set()

    def rest(self) -> None:
        self.active.clear()

    def _next(self):
        import heapq

        with self.lock:
            when, phone = heapq.heappop(self.due)
            heapq.heappush(self.due, (when + POLL_S, phone))
        return when, phone

    def _client(self) -> None:
        conn = http.client.HTTPConnection(*self.address, timeout=30)
        while not self.stopping.is_set():
            if not self.active.wait(0.2):
                continue
            when, phone = self._next()
            wait = when - time.monotonic()
            if wait > 0 and self.stopping.wait(wait):
                break
            if not self.active.is_set():
                continue
            with self.lock:
                self.late = max(self.late, -wait)
            place, etags, gzip_ok = self.places[phone]
            for path, headers in self.polls[place]:
                etag = self.etags[phone].get(path) if etags else None
                sent = {**headers, **({"If-None-Match": etag} if etag else {})}
                if gzip_ok:
                    # Phones' browsers accept compressed answers (every browser sends this).
                    sent["Accept-Encoding"] = "gzip, deflate, br"
                started = time.perf_counter()
                for attempt in (1, 2):
                    try:
                        conn.request("GET", path, headers=sent)
                        response = conn.getresponse()
                        size = len(response.read())
                        status = response.status
                        if response.getheader("ETag"):
                            self.etags[phone][path] = response.getheader("ETag")
                        break
                    except (OSError, http.client.HTTPException):
                        # The server closes a connection left idle (keep-alive ends): a browser
                        # asks again on a new one, and so does the phone, once.
                        conn.close()
                        conn = http.client.HTTPConnection(*self.address, timeout=30)
                        status = 599 if attempt == 2 else 0
                took = time.perf_counter() - started
                self.tally.add(took, status)
                self.by_place[place].add(took, status)
                with self.lock:
                    self.not_modified += status == 304
                    self.bytes += size if status < 599 else 0
        conn.close()

    def start(self) -> None:
        self.workers = [threading.Thread(target=self._client) for _ in range(self.threads)]
        for t in self.workers:
            t.start()

    def stop(self) -> None:
        self.stopping.set()
        self.active.set()
        for t in self.workers:
            t.join()


class Watcher:
    """Reads the public standings every 0.5 s, as a phone would without an ETag, and keeps for
    each read when it was asked and how many games the rows count (each game counts twice:
    a result for each player)."""

    def __init__(self, address, path: str) -> None:
        self.address, self.path = address, path
        self.reads: list[tuple[float, int]] = []
        self.errors = 0
        self.stopping = threading.Event()

    def _run(self) -> None:
        conn = http.client.HTTPConnection(*self.address, timeout=30)
        while not self.stopping.wait(0.5):
            asked = time.monotonic()
            try:
                conn.request("GET", self.path)
                response = conn.getresponse()
                body = response.read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(*self.address, timeout=30)
                self.errors += 1
                continue
            if response.status != 200:
                self.errors += 1
                continue
            rows = json.loads(body)
            played = sum(r["wins"] + r["draws"] + r["losses"] for r in rows)
            self.reads.append((asked, played // 2))
        conn.close()

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join()

    def trailing(self, confirmed_at: list[float], counted_before: int) -> float:
        """The longest a confirmation waited to be counted: for each read that counted fewer
        games than were confirmed when it was asked, how long ago the first one it missed was
        confirmed. `confirmed_at`: when each confirmation of the load was answered, sorted."""
        worst = 0.0
        for asked, counted in self.reads:
            missed = counted - counted_before  # confirmations of the load counted
            done = sum(1 for t in confirmed_at if t <= asked)
            if missed < done:
                worst = max(worst, asked - confirmed_at[max(missed, 0)])
        return worst


def run_writes_timed(address, games: list, clients: int) -> tuple[dict, list[float]]:
    """Each game: player A enters with their key, player B confirms; `clients` at once. Also
    when each confirmation was answered (monotonic), the wall time and the server errors."""
    tally, queue, lock, confirmed = Tally(), list(games), threading.Lock(), []

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
            with lock:
                confirmed.append(time.monotonic())
        conn.close()

    started = time.monotonic()
    row = run_threads(tally, [client] * clients)
    row["wall"] = time.monotonic() - started
    row["5xx"] = sum(n for status, n in tally.errors.items() if 500 <= status < 599)
    return row, sorted(confirmed)


def cpu_seconds(root: int) -> tuple[float, float]:
    """(CPU seconds of the server's process tree, of this process): who used the cores."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += used.get(pid, 0.0)
        todo += children.get(pid, [])
    return total, used.get(os.getpid(), 0.0)


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def start_clocks(address, args):
    """The clocks' phones with their streams open, after tapping alone for the baseline."""
    if not args.clock_tables:
        return None
    from benchmarks.clock_phones import ClockPhones

    clocks = ClockPhones(address, args.push, args.clock_tables, args.tap_every)
    clocks.start()
    clocks.tapping.set()
    time.sleep(CLOCK_BASELINE_S)
    clocks.tapping.clear()
    clocks.baseline = clocks.take()
    return clocks


def measure_mixed(address, events: dict, args) -> None:
    """The same writes on two events built alike: one's round written alone, the other's while
    the phones poll it. Quarter by quarter, alternately, so that a change in the load other work
    puts on the machine weighs on both; both rounds end in their last quarter (the end of a
    round costs the writes more than its start, phones or not)."""
    eid, number = events["mixed"]["event"], events["mixed"]["round"]
    standings = f"/api/events/{eid}/standings/"
    places = phone_places(args.phones, args.poll, no_etag=args.no_etag, no_gzip=args.no_gzip)
    quarter = min(args.games, len(events["mixed"]["games"])) // 4
    parts = {
        kind: [event["games"][i * quarter : (i + 1) * quarter] for i in range(4)]
        for kind, event in events.items()
    }
    run_clients(address, args.writers, 3, lambda i, s: ("GET", f"/api/events/{eid}/", None, None))
    polls = poll_requests(eid, number)
    phones = Phones(address, places, polls, threads=min(64, max(4, args.phones // 10)))
    watcher = Watcher(address, standings)
    clocks = start_clocks(address, args)
    phones.start()
    watcher.start()
    rows = {"alone": [], "mixed": []}
    cpu = {"alone": [0.0, 0.0], "mixed": [0.0, 0.0]}
    loads: list[str] = []
    confirmed: list[float] = []
    try:
        for index in range(4):
            for kind in ("alone", "mixed"):
                part = parts[kind][index]
                if kind == "mixed":
                    phones.resume()
                    if clocks:
                        clocks.tapping.set()
                    time.sleep(POLL_S)  # every phone has polled once (has its ETags)
                before = cpu_seconds(args.server_pid)
                row, times = run_writes_timed(address, part, args.writers)
                after = cpu_seconds(args.server_pid)
                cpu[kind] = [c + b - a for c, a, b in zip(cpu[kind], before, after, strict=True)]
                rows[kind].append(row)
                if kind == "mixed":
                    confirmed += times
                loads.append(load_average())
                print(
                    f"  quarter {index + 1} {kind}: {len(part)} games in {row['wall']:.1f} s, "
                    f"write p95 {row['p95'] * 1000:.0f} ms, slowest {row['max'] * 1000:.0f} ms; "
                    f"load average {loads[-1]}"
                )
                if kind == "mixed" and clocks:
                    clocks.tapping.clear()
                if kind == "mixed" and index < 3:
                    phones.rest()
        time.sleep(6)  # the phones go on; the watcher sees the last confirmations counted
    finally:
        watcher.stop()
        phones.stop()
        if clocks:
            clocks.stop()
    args.clock_rows = (
        (clocks.row(clocks.baseline), clocks.row(clocks.take()), clocks) if clocks else None
    )
    written = [g for kind in parts for part in parts[kind] for g in part]
    mixed_games = sum(len(part) for part in parts["mixed"])
    report_mixed(
        args,
        rows=rows,
        cpu=cpu,
        phones=phones,
        watcher=watcher,
        confirmed=sorted(confirmed),
        counted_before=len(events["mixed"]["games"]),  # round 1, played before
        written=written,
        mixed_games=mixed_games,
        loads=loads,
    )


def report_mixed(
    args, *, rows, cpu, phones, watcher, confirmed, counted_before, written, mixed_games, loads
) -> None:
    wall = {kind: sum(r["wall"] for r in rows[kind]) for kind in rows}
    errors = {kind: sum(r["errors"] for r in rows[kind]) for kind in rows}
    server_errors = sum(r["5xx"] for kind in rows for r in rows[kind])
    server_errors += sum(n for st, n in phones.tally.errors.items() if 500 <= st < 599)
    broken = phones.tally.errors.get(599, 0)
    reads = phones.tally.row(f"phones ({args.phones})", 1)
    lost, duplicated = check_writes(written)
    trailing = watcher.trailing(confirmed, counted_before)
    final = watcher.reads[-1][1] if watcher.reads else 0
    print(
        f"  write time mixed / alone: {wall['mixed']:.1f} s / {wall['alone']:.1f} s = "
        f"{wall['mixed'] / wall['alone']:.2f} (goal <= 1.5)"
    )
    print(
        f"  phones: {reads['requests']} reads, p50 {reads['p50'] * 1000:.0f} ms, p95 "
        f"{reads['p95'] * 1000:.0f} ms (goal < 1000), p99 {reads['p99'] * 1000:.0f} ms; "
        f"{phones.not_modified} answered 304; {phones.bytes / 1e6:.0f} MB sent to them; polls "
        f"ran up to {phones.late:.1f} s late on the client"
    )
    places = ", ".join(
        f"{place} {t.row('', 1)['p95'] * 1000:.0f} ms ({len(t.times)})"
        for place, t in phones.by_place.items()
        if t.times
    )
    print(f"  phones' p95 by place (reads): {places}")
    print(
        f"  public standings trailed a confirmation by at most {trailing:.1f} s (goal <= 5); "
        f"at the end they count {final} of {counted_before + mixed_games} games"
    )
    print(
        f"  {len(written)} games: {lost} lost, {duplicated} duplicated; refused writes "
        f"{errors['alone'] + errors['mixed']}, phones' errors {reads['errors']}, server errors "
        f"{server_errors} (and {broken} connections broken twice), watcher {watcher.errors}"
    )
    print(
        f"  CPU seconds of the server's processes while writing alone {cpu['alone'][0]:.1f}, "
        f"mixed {cpu['mixed'][0]:.1f}; of the clients {cpu['alone'][1]:.1f} and "
        f"{cpu['mixed'][1]:.1f} (PostgreSQL and Redis not counted)"
    )
    ratio = wall["mixed"] / wall["alone"]
    failures = lost + duplicated + server_errors + reads["errors"]
    met = ratio <= 1.5 and reads["p95"] < 1.0 and trailing <= 5.0 and failures == 0
    clock_line = ""
    if args.clock_rows:
        alone, mixed, clocks = args.clock_rows
        print(
            f"  game clocks ({len(args.clock_tables)} tables, {2 * len(args.clock_tables)} "
            f"streams, a tap every ~{args.tap_every:.0f} s a table): the other phone saw a tap "
            f"after p50 {mixed['p50'] * 1000:.0f} ms, p95 {mixed['p95'] * 1000:.0f} ms (goal < "
            f"1000), max {mixed['max'] * 1000:.0f} ms over {mixed['taps']} taps during the "
            f"round; alone p95 {alone['p95'] * 1000:.0f} ms over {alone['taps']} taps "
            f"(ratio {mixed['p95'] / alone['p95']:.2f}); refused taps {clocks.refused}, "
            f"stream errors {clocks.stream_errors}"
        )
        met = met and mixed["p95"] < 1.0 and clocks.refused == 0
        clock_line = (
            f", clocks {len(args.clock_tables)} tables tap p95 {mixed['p95'] * 1000:.0f} ms "
            f"(<1000; alone {alone['p95'] * 1000:.0f})"
        )
    loads_1m = [float(a.split()[0]) for a in loads if a != "?"] or [0.0]
    print(
        f"SUMMARY {args.configuration}, {args.phones} phones, poll {args.poll}, "
        f"{args.no_etag:.0%} without ETag, {args.no_gzip:.0%} without gzip"
        f"{', ' + args.label if args.label else ''}: writes {wall['mixed']:.1f}/"
        f"{wall['alone']:.1f} s = {ratio:.2f}x (<=1.5), read p95 {reads['p95'] * 1000:.0f} ms "
        f"(<1000), lag {trailing:.1f} s (<=5), lost/dup/errors {lost}/{duplicated}/"
        f"{server_errors + reads['errors']} (0){clock_line}; "
        f"load {min(loads_1m):.1f}-{max(loads_1m):.1f}; "
        f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; "
        f"{'goals met' if met else 'goals NOT met'}"
    )


if __name__ == "__main__":
    main()

"""The real venue server for the backup tests: `manage.py serve` (what `make serve` runs) on
127.0.0.1 and one of this helper's ports, its own SQLite file, stopped by its process id."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DROP = {"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "CELERY_BROKER_URL", "CACHE_URL", "BACKUP_DIR"}

# Builds an event of `count` players with round 1 paired (1v2, 3v4...) in the database the
# environment names, and prints the games and keys the test plays with.
SETUP = """
import json, django
django.setup()
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
from django.contrib.auth import get_user_model
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register
from tournament.services.rounds.rounds import round_create
user = get_user_model().objects.create_user("warden", password="a-long-venue-pw", is_staff=True)
event = event_create(user=user, name="Backup GT", rounds=3, seed=1)
players = [player_register(event=event, user=user, name=f"Player {i:02d}", faction="Orks")
           for i in range(1, COUNT + 1)]
pairs = [{"player_a": a.pk, "player_b": b.pk} for a, b in zip(players[::2], players[1::2])]
rnd = round_create(event_id=event.pk, user=user, pairings=pairs, mission_code="C")
games = [{"id": g.pk, "a": g.player_a.private_key, "b": g.player_b.private_key}
         for g in rnd.games.order_by("table_number")]
print(json.dumps({"event": event.pk, "games": games,
                  "keys": {p.name: p.private_key for p in players}}))
"""


def server_env(tmp: Path, database: Path, static: Path, **extra: str) -> dict[str, str]:
    """A machine of its own in `tmp` (data folder, logs), on its own SQLite file; `static` may
    be shared between the tests' machines (collected once)."""
    env = {k: v for k, v in os.environ.items() if k not in DROP}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.venue",
        DATABASE_URL=f"sqlite:///{database}",
        DATA_DIR=str(tmp / "var"),
        STATIC_ROOT=str(static),
        ACCESS_LOG=str(tmp / "access.log"),
        **extra,
    )
    return env


# Seconds spent building the event and waiting for servers to come up (migrate, collectstatic,
# gunicorn's boot): on a quiet machine a few, on a loaded 2-core one a minute or more each; the
# tests bound the rest.
booting = {"s": 0.0}


def build_event(env: dict[str, str], count: int) -> dict:
    began = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-c", SETUP.replace("COUNT", str(count))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=240,
    )
    booting["s"] += time.monotonic() - began
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def start(env: dict[str, str], port: int, log: Path) -> subprocess.Popen:
    command = [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--workers", "2", "--threads", "2"]
    with log.open("w") as out:
        # A session of its own: the server, its workers and its helpers are one process group,
        # stopped together by the server's process id.
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    began = time.monotonic()
    deadline = began + 240
    while time.monotonic() < deadline:
        if server.poll() is not None:
            break
        try:
            if request(f"{base}/health/")[0] == 200:
                booting["s"] += time.monotonic() - began
                return server
        except OSError:
            pass
        time.sleep(0.2)
    stop(server)
    raise AssertionError(f"the server did not start:\n{log.read_text()}")


def stop(server: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    if server.poll() is None:
        with contextlib.suppress(ProcessLookupError):  # gone between the two lines
            os.killpg(server.pid, sig)
    server.wait(timeout=30)


def request(url: str, *, body: dict | None = None, key: str | None = None) -> tuple[int, bytes]:
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if key:
        headers["Authorization"] = f"Key {key}"
    req = urllib.request.Request(url, data=data, headers=headers)  # noqa: S310 - loopback
    try:
        with urllib.request.urlopen(req, timeout=10) as response:  # noqa: S310 - loopback
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def play(base: str, game: dict, vp_a: int, vp_b: int) -> None:
    """One game's result entered by player A with their key and confirmed by player B."""
    status, body = request(
        f"{base}/api/games/{game['id']}/result/", body={"vp_a": vp_a, "vp_b": vp_b}, key=game["a"]
    )
    assert status in (200, 201), body
    status, body = request(f"{base}/api/games/{game['id']}/result/confirm/", body={}, key=game["b"])
    assert status == 200, body

"""How much a worker grows while the import page takes an export file (peak RSS).

    .venv/bin/python benchmarks/import_memory.py [--players 1000] [--rounds 5]

Builds an event of that size through the services in a scratch SQLite database, exports it,
then in a fresh process (a worker that has already imported one small event, so its modules
and mission data are loaded) posts the file to the import page and reports the growth of its
peak resident memory against the file's size; and the same for a file of the same size made
of empty objects (refused before parsing, 413). Nothing outside a temporary folder is touched.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FACTIONS = ("Orks", "Necrons", "Aeldari", "Tyranids", "Adepta Sororitas")


def _setup(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    import django

    django.setup()


def build(user, players: int, rounds: int, out: Path) -> None:
    """An event of `players` over `rounds`, every result entered and confirmed, exported."""
    from exchange.services.export import event_export
    from tournament.models import Game
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_confirm, result_enter
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=user, name=f"GT of {players}", rounds=rounds, seed=1)
    for i in range(players):
        player_register(
            event=event, user=user, name=f"Player {i:04d}", faction=FACTIONS[i % 5], club=f"C{i}"
        )
    for number in range(1, rounds + 1):
        round_ = round_create(event_id=event.pk, user=user, seed=number)
        games = Game.objects.filter(round=round_, player_b__isnull=False)
        for n, game in enumerate(games.select_related("player_a", "player_b")):
            data = {"vp_a": 40 + (n * 7 + number) % 50, "vp_b": 30 + (n * 11) % 60}
            result_enter(game_id=game.pk, data=data, player=game.player_a)
            result_confirm(game_id=game.pk, player=game.player_b)
    document = event_export(event=event, user=user)
    out.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")


MEASURE = """
import resource, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from benchmarks.import_memory import _setup, _request
_setup(Path({database!r}))
from exchange.views.events import event_import_page
event_import_page(_request(Path({small!r})))  # warm: modules and mission data load once
request = _request(Path({file!r}))  # the body as the server received it, not measured
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
status = event_import_page(request).status_code
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(status, (after - before) * 1024)
"""


def _request(path: Path):
    from django.contrib.auth import get_user_model
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import RequestFactory

    with path.open("rb") as handle:
        upload = SimpleUploadedFile(path.name, handle.read(), "application/json")
    request = RequestFactory().post("/manage/events/import/", {"file": upload})
    del upload
    request.user = get_user_model().objects.get(username="org")
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    request._dont_enforce_csrf_checks = True
    return request


def measure(database: Path, small: Path, file: Path) -> tuple[int, int]:
    code = MEASURE.format(root=str(ROOT), database=str(database), small=str(small), file=str(file))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    status, grown = out.stdout.split()[-2:]
    return int(status), int(grown)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="strategium-import-bench-") as scratch:
        folder = Path(scratch)
        database, small, big = folder / "db.sqlite3", folder / "small.json", folder / "big.json"
        _setup(database)
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        user = get_user_model().objects.create_user("org", password="pw", is_staff=True)
        build(user, 8, 1, small)
        build(user, args.players, args.rounds, big)
        size = big.stat().st_size
        status, grown = measure(database, small, big)
        print(
            f"export of {args.players} players, {args.rounds} rounds: {size / 1e6:.1f} MB; "
            f"import page {status}, peak RSS growth {grown / 1e6:.0f} MB "
            f"({grown / size:.1f} times the file)"
        )
        hostile = folder / "hostile.json"
        hostile.write_bytes(b"[" + b",".join([b"{}"] * max(size // 3, 1)) + b"]")
        status, grown = measure(database, small, hostile)
        print(
            f"{hostile.stat().st_size / 1e6:.1f} MB of empty objects: import page {status}, "
            f"peak RSS growth {grown / 1e6:.0f} MB"
        )


if __name__ == "__main__":
    main()

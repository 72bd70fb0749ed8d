"""`manage.py serve`: the production server for a venue (what `make serve` runs).

Migrates, collects static files, prints the address players should open (with a QR code of
it), then replaces itself with gunicorn running WORKERS processes of THREADS threads each.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys

import qrcode
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from ops.backup.status import backup_uses_sqlite
from ops.demo import DEMO_LOGIN, demo_accounts
from ops.machine import lan_address
from ops.private_redis import private_redis_start, redis_server_path, watchdog_argv

DEMO_REFUSAL = (
    f"The demo organiser ({DEMO_LOGIN}, printed in the README) can sign in to this database, "
    "so anyone at the venue could change your events. `make run` now keeps the demo in a "
    "database of its own (var/demo.sqlite3). Remove the demo from this one, then serve again:\n"
    "  DJANGO_SETTINGS_MODULE=config.settings.venue .venv/bin/python manage.py remove_demo\n"
    "(it deletes the demo events and the demo account; an account that runs other events is "
    "kept, with its password disabled: give it a new one with `manage.py changepassword`)."
)


def default_workers() -> int:
    # Two per core: requests mostly wait on the database, so a core serves two comfortably.
    return int(os.environ.get("WORKERS") or 2 * (os.cpu_count() or 1))


def _shared_cache() -> bool:
    """Whether the processes share a cache (Redis): only then can one make for the others."""
    return not settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")


def _file_cache() -> bool:
    """Whether the processes would share the venue settings' file cache (no CACHE_URL)."""
    return settings.CACHES["default"]["BACKEND"].endswith("FileBasedCache")


def _refresher_argv(parent: int) -> list[str]:
    manage = str(settings.BASE_DIR / "manage.py")
    return [sys.executable, manage, "refresh_public", "--parent", str(parent)]


def _backup_argv(parent: int) -> list[str]:
    manage = str(settings.BASE_DIR / "manage.py")
    return [sys.executable, manage, "backup", "--parent", str(parent)]


def _push_argv(parent: int, host: str, port: int) -> list[str]:
    manage = str(settings.BASE_DIR / "manage.py")
    argv = [sys.executable, manage, "push", "--host", host, "--port", str(port)]
    return [*argv, "--parent", str(parent)]


def _backs_up() -> bool:
    """BACKUP_DIR is used with SQLite only: PostgreSQL has its own means (docs/deploy.md)."""
    return bool(settings.BACKUP_DIR) and backup_uses_sqlite()


def _database_name() -> str:
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"SQLite ({db['NAME']})"
    return f"{connections['default'].vendor} ({db.get('HOST') or 'local'}/{db['NAME']})"


class Command(BaseCommand):
    help = "Run the production server on this machine's network (migrate, static files, gunicorn)."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
        parser.add_argument("--host", default=os.environ.get("HOST") or "0.0.0.0")  # noqa: S104
        parser.add_argument("--workers", type=int, default=default_workers())
        parser.add_argument("--threads", type=int, default=int(os.environ.get("THREADS") or 4))
        parser.add_argument(
            "--push-port",
            type=int,
            default=int(os.environ.get("PUSH_PORT") or 0),
            help="The push server's port (game clocks' streams); default: --port + 1.",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Prepare and print, but do not start."
        )

    def handle(self, *args, port, host, workers, threads, push_port, dry_run, **options):
        if settings.DEBUG:
            raise CommandError("DEBUG is on: serve with config.settings.venue or production.")
        push_port = push_port or port + 1
        if not (1 <= port <= 65535 and 1 <= push_port <= 65535) or workers < 1 or threads < 1:
            raise CommandError(
                "--port and --push-port must be 1-65535; --workers and --threads at least 1."
            )
        call_command("migrate", interactive=False, verbosity=0)
        if not dry_run:
            # E-mail addresses kept past EMAIL_RETENTION_DAYS go at each start (and daily by
            # cron on a server that runs for weeks: docs/privacy.md).
            call_command("forget_emails", verbosity=0, stdout=io.StringIO())
        if demo_accounts():
            raise CommandError(DEMO_REFUSAL)
        call_command("collectstatic", interactive=False, verbosity=0)
        redis_server = redis_server_path() if _file_cache() else None
        cache = self.start_cache(redis_server, dry_run=dry_run)
        self.banner(host, port, workers, threads, cache)
        self.stdout.write(f"  Game clocks' streams: port {push_port} (the same address)\n")
        argv = [
            sys.executable, "-m", "gunicorn", "config.wsgi:application",
            "--bind", f"{host}:{port}",
            "--workers", str(workers),
            "--worker-class", "gthread",
            "--threads", str(threads),
            "--timeout", "60",
            "--graceful-timeout", "20",
            "--access-logfile", os.environ.get("ACCESS_LOG", "-"),
            # Private keys and tracker tokens masked in the access and error logs.
            "--logger-class", "ops.gunicorn_log.MaskedLogger",
            "--no-control-socket",
        ]  # fmt: skip
        if dry_run:
            self.stdout.write(" ".join(argv))
            self.stdout.write(" ".join(_push_argv(os.getpid(), host, push_port)))
            if _shared_cache():
                self.stdout.write(" ".join(_refresher_argv(os.getpid())))
            if _backs_up():
                self.stdout.write(" ".join(_backup_argv(os.getpid())))
            return
        connections.close_all()
        # The phones' open streams, beside gunicorn, stopped like the refresher (ops/push/).
        subprocess.Popen(_push_argv(os.getpid(), host, push_port))  # noqa: S603 - our own arguments
        # Pages name the push server's port; behind a proxy that routes the streams to it on
        # the public address (docs/deploy.md), they read them from their own origin instead.
        if os.environ.get("PUSH_PROXIED") == "1":
            os.environ.pop("PUSH_PORT", None)
        else:
            os.environ["PUSH_PORT"] = str(push_port)
        if _shared_cache():
            # Beside the workers, under the same process id gunicorn takes on below: it stops
            # when that is gone (and with the process group, as the server does).
            subprocess.Popen(_refresher_argv(os.getpid()))  # noqa: S603 - our own arguments
        if _backs_up():
            # One backup loop for all the workers, stopped like the refresher (ops/backup/loop.py).
            subprocess.Popen(_backup_argv(os.getpid()))  # noqa: S603 - our own arguments
        os.environ["DJANGO_SETTINGS_MODULE"] = settings.SETTINGS_MODULE
        # The workers' SITE_URL (the address in QR codes) carries the port they listen on.
        os.environ["PORT"] = str(port)
        sys.stdout.flush()
        os.execv(sys.executable, argv)  # noqa: S606 - our own interpreter, our own arguments

    def start_cache(self, redis_server: str | None, *, dry_run: bool) -> str:
        """The venue's own Redis instead of the file cache when redis-server is installed
        (ops/private_redis.py): its URL goes to gunicorn's processes through CACHE_URL, and a
        watchdog stops it once this process (gunicorn after execv) is gone. Says which cache
        the server runs with."""
        if not _file_cache():
            backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
            return "Redis" if "Redis" in backend else backend
        if redis_server is None:
            why = "VENUE_REDIS=0" if shutil.which("redis-server") else "no redis-server"
            return f"files in {settings.CACHES['default']['LOCATION']} ({why})"
        if dry_run:
            return f"its own Redis ({redis_server}), started with the server"
        try:
            redis, url = private_redis_start(server=redis_server, data_dir=settings.DATA_DIR)
        except RuntimeError as exc:
            self.stderr.write(self.style.WARNING(f"  {exc}: the file cache is used instead."))
            return f"files in {settings.CACHES['default']['LOCATION']}"
        os.environ["CACHE_URL"] = url
        argv = watchdog_argv(sys.executable, parent=os.getpid(), redis_pid=redis.pid)
        subprocess.Popen(argv, cwd=settings.BASE_DIR)  # noqa: S603 - our own arguments
        return f"its own Redis ({url.removeprefix('unix://').split('?')[0]})"

    def banner(self, host: str, port: int, workers: int, threads: int, cache: str) -> None:
        lan = lan_address() if host in ("0.0.0.0", "") else host  # noqa: S104
        out = self.stdout
        out.write("")
        out.write(self.style.SUCCESS("  Strategium venue server"))
        if lan:
            url = f"http://{lan}:{port}/"
            out.write(f"  Players, on the venue's network: {url}")
            qr = qrcode.QRCode(border=1)
            qr.add_data(url)
            text = io.StringIO()
            qr.print_ascii(out=text, invert=True)
            out.write(text.getvalue())
        else:
            out.write("  No network address found: players cannot reach this machine yet.")
        out.write(f"  On this machine: http://127.0.0.1:{port}/   health: /health/")
        broker = settings.CELERY_BROKER_URL.split("@")[-1] or "in-process"
        out.write(
            f"  {workers} workers x {threads} threads · database {_database_name()} · "
            f"tasks {broker}"
        )
        out.write(f"  Shared cache: {cache}")
        self.backup_line()
        if not get_user_model().objects.filter(is_active=True, is_staff=True).exists():
            out.write(
                self.style.WARNING("  No organiser account yet: create one with `make organiser`.")
            )
        out.write("")

    def backup_line(self) -> None:
        out = self.stdout
        if _backs_up():
            out.write(
                f"  Backup: into {settings.BACKUP_DIR} within 10 s of every change "
                "(its state is on the organiser's dashboard)"
            )
        elif not backup_uses_sqlite():
            if not settings.BACKUP_DIR:
                return  # PostgreSQL's own backups apply (docs/deploy.md)
            out.write(
                self.style.WARNING(
                    f"  BACKUP_DIR={settings.BACKUP_DIR} is NOT used: the database is PostgreSQL, "
                    "back it up with PostgreSQL's own means (docs/deploy.md)."
                )
            )
        else:
            out.write(
                self.style.WARNING(
                    "  No backup: if this laptop fails the event is lost. "
                    "Serve with BACKUP_DIR=<a USB stick or share> make serve."
                )
            )

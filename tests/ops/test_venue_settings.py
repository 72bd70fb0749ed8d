"""The venue settings find what production needs on their own; production passes check --deploy."""

import os
import secrets
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

from ops.machine import kept_secret_key, lan_address, machine_addresses

ROOT = Path(__file__).resolve().parents[2]
CLEAN = {
    k: v
    for k, v in os.environ.items()
    if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "SITE_URL", "DJANGO_SETTINGS_MODULE"}
}


def _run(code: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**CLEAN, **env},
        capture_output=True,
        text=True,
        check=False,
    )


SHOW = (
    "import config.settings.venue as s; "
    "print(s.DEBUG); print(s.SECRET_KEY); print(','.join(s.ALLOWED_HOSTS)); print(s.SITE_URL)"
)


def test_venue_makes_a_secret_key_once_and_keeps_it(tmp_path):
    first = _run(SHOW, {"DATA_DIR": str(tmp_path)})
    second = _run(SHOW, {"DATA_DIR": str(tmp_path)})
    assert first.returncode == 0, first.stderr
    debug, key, hosts, _ = first.stdout.splitlines()
    assert debug == "False"
    assert len(key) >= 50
    assert second.stdout.splitlines()[1] == key
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert {"127.0.0.1", "localhost", socket.gethostname()} <= set(hosts.split(","))


def test_venue_respects_what_the_environment_gives(tmp_path):
    env = {
        "DATA_DIR": str(tmp_path),
        "SECRET_KEY": "k" * 60,
        "ALLOWED_HOSTS": "tables.example",
        "SITE_URL": "http://tables.example",
    }
    out = _run(SHOW, env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[1:] == ["k" * 60, "tables.example", "http://tables.example"]
    assert not (tmp_path / "secret_key").exists()


def test_venue_site_url_is_the_lan_address_for_printed_qr_codes(tmp_path):
    out = _run(SHOW, {"DATA_DIR": str(tmp_path), "PORT": "8123"})
    expected = f"http://{lan_address() or '127.0.0.1'}:8123"
    assert out.stdout.splitlines()[3] == expected


def test_secret_key_written_once_when_processes_race(tmp_path):
    keys, barrier = [], threading.Barrier(8)

    def make():
        barrier.wait()
        keys.append(kept_secret_key(tmp_path))

    threads = [threading.Thread(target=make) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(keys)) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]


def test_machine_addresses_start_with_loopback_and_have_no_duplicates():
    addresses = machine_addresses()
    assert addresses[:3] == ["localhost", "127.0.0.1", "[::1]"]
    assert len(addresses) == len(set(addresses))


FAIL_ON_WARNING = ("--fail-level", "WARNING")


def test_production_settings_pass_check_deploy():
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "tables.example",
    }
    result = subprocess.run(
        # The security checks; the API schema's own warnings are the schema's business.
        [sys.executable, "manage.py", "check", "--deploy", "--tag", "security", *FAIL_ON_WARNING],
        cwd=ROOT,
        env={**CLEAN, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout

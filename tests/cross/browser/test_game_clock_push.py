"""Two 390 px phones run a game clock as under `make serve`: the push server runs beside the
page's server, the players' pages send their taps to the page's server and follow the clock on
the push server's stream, and the pages' Content-Security-Policy lets them (issue 35: the policy
named this site only, so browsers refused the stream and the other phone polled every 2 s). The
push server is a process of its own on the suite's database; it is stopped by its process id."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.page_checks import csp_listen, csp_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def push_server(settings, tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("the push process opens the suite's SQLite file (the browser pass's)")
    port = _free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    env["DATABASE_URL"] = f"sqlite:///{connection.settings_dict['NAME']}"
    log = (tmp_path / "push.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "manage.py", "push", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        for _ in range(300):  # at most ~30 s to start on a busy machine
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert server.poll() is None, (tmp_path / "push.log").read_text()
            time.sleep(0.1)
        settings.PUSH_PORT = port
        yield port
    finally:
        server.terminate()
        server.wait(10)


def test_the_other_phone_hears_a_tap_on_the_push_servers_stream(
    live_server, organiser, chromium, push_server
):
    from tests.conftest import add_players
    from tournament.services.events.events import event_create, event_update
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Clock GT", rounds=3, seed=1)
    event_update(event=event, user=organiser, changes={"game_clock_minutes": 90})
    a, b = add_players(event, organiser, 2)
    round_create(event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}])
    # The push server is this host's other port: the page's address must name 127.0.0.1 too.
    base = live_server.url.replace("localhost", "127.0.0.1")
    pages, consoles, taps, streams = {}, {}, [], []
    for side, player in (("a", a), ("b", b)):
        context = chromium.new_context(viewport=PHONE, device_scale_factor=1)
        context.set_default_timeout(10_000)
        page = context.new_page()
        consoles[side] = csp_listen(page)
        page.on("request", lambda r: taps.append(r.url) if r.method == "POST" else None)
        page.on("request", lambda r: streams.append(r.url) if "/stream/" in r.url else None)
        page.goto(f"{base}/p/{player.private_key}/")
        page.locator("#game-clock").wait_for()
        pages[side] = page
    a_page, b_page = pages["a"], pages["b"]
    b_page.wait_for_function("() => !!document.querySelector('[data-clock-stream]')")
    a_page.get_by_test_id("clock-big").click()
    b_page.wait_for_function(
        "() => document.querySelector('[data-gc-big]').textContent.trim() === \"Opponent's turn\"",
        timeout=5_000,
    )
    game = event.rounds.get().games.get()
    assert taps == [f"{base}/api/games/{game.pk}/clock/"]
    assert streams
    assert all(f":{push_server}/" in url for url in streams)
    for side, page in pages.items():
        assert csp_violations(page, consoles[side]) == [], side
    for page in pages.values():
        page.context.close()

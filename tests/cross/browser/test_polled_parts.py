"""A polled part in a real browser on a phone: after its first answer it asks with that
answer's ETag, keeps itself as it is on a 304 (htmx alone would swap the empty answer in and
the part would vanish), and shows a confirmed result on the next poll after it."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The page polls every 15 s; the test makes its part poll every second instead (the same
# htmx poll, the same script), and again after each swap brings the server's 15 s back.
FAST = """() => {
  const fast = () => {
    const live = document.getElementById("live");
    live.setAttribute("hx-trigger", "every 1s");
    window.htmx.process(live);
  };
  document.body.addEventListener("htmx:afterSwap", fast);
  fast();
}"""


@pytest.mark.parametrize("path", ["/events/{e}/pairings/", "/events/{e}/"])
def test_a_polled_part_sends_its_etag_and_keeps_itself_on_a_304(
    live_server, new_page, event, organiser, path
):
    from tests.conftest import add_players
    from tests.tournament.printing.helpers import pair_in_order
    from tournament.services.results.results import result_enter

    round_ = pair_in_order(event, organiser, add_players(event, organiser, 8))
    page = new_page(PHONE)
    polls: list[tuple[str | None, int]] = []
    page.on(
        "response",
        lambda r: (
            polls.append((r.request.headers.get("if-none-match"), r.status))
            if r.request.headers.get("hx-request")
            else None
        ),
    )
    page.goto(live_server.url + path.format(e=event.pk))
    page.wait_for_function("() => window.htmx !== undefined")
    page.evaluate(FAST)
    page.wait_for_function("() => document.querySelectorAll('#live table').length > 0")
    page.wait_for_timeout(3500)
    assert any(status == 304 and etag for etag, status in polls), polls
    assert polls[0][0] is None  # the first poll has no ETag yet
    assert page.locator("#live table.pairings").count() == 1  # still there after the 304s
    assert "70–30" not in page.locator("#live").inner_text()

    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    page.wait_for_function(
        "() => document.getElementById('live').textContent.includes('70–30')", timeout=15_000
    )
    assert page.locator("#live table.pairings").count() == 1

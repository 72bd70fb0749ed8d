"""A phone's script sends the player's result form again with its Idempotency-Key, as an
offline queue does: fetch with the form's own fields (its CSRF token among them) and the
browser's cookies. The retry gives the first answer and changes nothing (ops/idempotency.py)."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEND = """async ([mine, theirs, key]) => {
  const form = document.querySelector('form[action$="/result/"]');
  const body = new FormData(form);
  body.set("vp_a", mine);
  body.set("vp_b", theirs);
  const headers = key ? {"Idempotency-Key": key} : {};
  const answer = await fetch(form.action, {method: "POST", body, headers});
  return answer.status;
}"""


def test_a_result_form_sent_again_by_fetch_with_its_key_changes_nothing(
    live_server, new_page, event, players, organiser
):
    from tournament.models import Result
    from tournament.services.rounds.rounds import round_create

    round_ = round_create(event_id=event.pk, user=organiser, seed=7)
    game = round_.games.filter(player_b__isnull=False).order_by("table_number").first()
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{game.player_a.private_key}/")
    # The redirect is followed to the player's page, as the browser's own post would be.
    assert page.evaluate(SEND, ["70", "30", "queued-1"]) == 200
    assert page.evaluate(SEND, ["60", "40", None]) == 200  # changed their mind, no key
    assert page.evaluate(SEND, ["70", "30", "queued-1"]) == 200  # the queue's retry
    current = Result.objects.get(game=game, is_current=True)
    assert (current.vp_a, current.vp_b) == (60, 40)
    # The same key for another score is refused, naming the header.
    refused = page.evaluate(
        """async () => {
          const form = document.querySelector('form[action$="/result/"]');
          const body = new FormData(form);
          body.set("vp_a", "10");
          body.set("vp_b", "90");
          const answer = await fetch(form.action,
            {method: "POST", body, headers: {"Idempotency-Key": "queued-1"}});
          return [answer.status, await answer.json()];
        }"""
    )
    assert refused[0] == 422
    assert refused[1]["error_codes"] == {"Idempotency-Key": ["idempotency_key_reused"]}
    assert Result.objects.get(game=game, is_current=True).vp_a == 60

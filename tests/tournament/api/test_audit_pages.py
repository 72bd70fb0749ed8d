"""The audit log API answers a page at a time, quickly, whatever the event's size (issue 32,
minor: 4-7 s at 1,000 players): `limit` entries (default 100, at most 500) before the entry
`before`, newest first, with a `Link: <...>; rel="next"` to the next page; each page's undo
checks read the rows they need in a few batched queries, not several per entry."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


def _logged(event, organiser, count: int):
    """`count` players and round 1 entered, then round 2 paired: a log entry per player, one
    per result (each depending on round 2) and two pairings."""
    players = add_players(event, organiser, count)
    first = pair_in_order(event, organiser, players)
    for game in first.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    pair_in_order(event, organiser, list(reversed(players)))


def _next(response) -> str:
    link = response.get("Link", "")
    assert link.endswith('; rel="next"'), link
    return link.split(">")[0].lstrip("<").replace("http://testserver", "")


def test_pages_walk_the_whole_log_newest_first(api, event, organiser):
    _logged(event, organiser, 12)
    every = list(event.audit.order_by("-pk").values_list("pk", flat=True))
    url = f"/api/events/{event.pk}/audit/?limit=7"
    seen = []
    while url:
        response = api.get(url)
        assert response.status_code == 200
        rows = response.json()
        assert 0 < len(rows) <= 7
        seen += [row["id"] for row in rows]
        url = _next(response) if response.has_header("Link") else ""
    assert seen == every


def test_default_page_is_the_newest_hundred(api, event, organiser):
    _logged(event, organiser, 80)  # 80 players, 40 results, 2 pairings
    total = event.audit.count()
    assert total > 100
    response = api.get(f"/api/events/{event.pk}/audit/")
    newest = list(event.audit.order_by("-pk").values_list("pk", flat=True)[:100])
    assert [row["id"] for row in response.json()] == newest
    assert _next(response).endswith(f"before={newest[-1]}&limit=100")


def test_a_page_costs_at_most_one_query_an_entry_whatever_the_event(api, event, organiser):
    from tournament.services.events.events import event_create

    _logged(event, organiser, 8)
    large = event_create(user=organiser, name="Large GT", rounds=3, seed=2)
    _logged(large, organiser, 80)

    def cost(ev) -> tuple[int, list]:
        with CaptureQueriesContext(connection) as queries:
            rows = api.get(f"/api/events/{ev.pk}/audit/?limit=40").json()
        return len(queries.captured_queries), rows

    small_cost, _ = cost(event)
    large_cost, large_rows = cost(large)
    assert len(large_rows) == 40
    # A constant for the request and the page (the small event's page holds 8 registrations,
    # 4 results and 2 pairings), then at most one query for each result (still the current
    # one?): the checks' other reads (games, rounds, later pairings) are batched per page.
    assert small_cost <= 30, small_cost
    assert large_cost <= small_cost + 40, (small_cost, large_cost)
    # The results' previews still say what depends on them.
    results = [row for row in large_rows if row["action"] == "result_enter"]
    assert results
    assert all(row["can_undo"] for row in results)


@pytest.mark.parametrize(
    ("query", "field"),
    [("limit=0", "limit"), ("limit=501", "limit"), ("limit=x", "limit"), ("before=x", "before")],
)
def test_bad_paging_is_refused_naming_the_field(api, event, query, field):
    response = api.get(f"/api/events/{event.pk}/audit/?{query}")
    assert response.status_code == 400
    assert field in response.json()["error_codes"]

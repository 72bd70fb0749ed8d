"""Issue 15: a Maelstrom of War mission's page shows its Tactical Objective rule and the pack's
D66 table, and offers to track a game on it; Eternal War and Only War pages do not."""

from __future__ import annotations

import html as html_lib

import pytest

from missions.classic import tactical
from missions.services.missions import mission_generate

pytestmark = pytest.mark.django_db

DEADLOCK_8TH = "EGT-K-K"
SPOILS_7TH = "SVN-0-0"


def page(client, code: str) -> str:
    response = client.get(f"/missions/{code}/")
    assert response.status_code == 200
    return html_lib.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("code", "pack", "key"),
    [(DEADLOCK_8TH, "eighth", "deadlock"), (SPOILS_7TH, "seventh", "the_spoils_of_war")],
)
def test_a_maelstrom_page_offers_tracking_and_the_d66_table(client, code, pack, key):
    html = page(client, code)
    assert "Track a game on this mission" in html
    assert '<form method="post" action="/tracker/new/"' in html
    assert f'name="mission" value="{code}"' in html
    mission = tactical.mission(pack, key)
    assert mission.generation.summary in html
    rows = tactical.table(pack)
    assert len(rows) == 36
    for objective in rows:
        cells = (
            f"<tr><td>{objective.number}</td><td>{objective.name}</td>"
            f"<td>{objective.category}</td><td>{objective.vp}</td><td>{objective.summary}</td></tr>"
        )
        assert cells in html, objective.number


def test_the_tracker_still_preselects_a_mission_named_in_its_address(client):
    html = page(client, DEADLOCK_8TH)
    start = client.get(f"/tracker/new/?maelstrom=eighth:deadlock&code={DEADLOCK_8TH}")
    body = start.content.decode()
    assert 'value="eighth:deadlock" selected' in body
    assert f'name="mission_code" value="{DEADLOCK_8TH}"' in body
    assert "Track a game" in html


@pytest.mark.parametrize("pack", ["eighth", "seventh", "only_war"])
def test_eternal_war_and_only_war_pages_start_the_score_tracker(client, pack):
    # Issue 26 item 17: every pack's games can be played from the phone.
    for seed in range(40):
        mission = mission_generate(pack_key=pack, seed=seed)
        if mission.mission.table != "maelstrom_of_war":
            break
    html = page(client, mission.code)
    assert "Track a game on this mission" in html
    assert "The score by battle round" in html
    assert 'id="d66"' not in html

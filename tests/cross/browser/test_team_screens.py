"""A team event on a 390 px phone: the dashboard's round button opens the team rounds page,
and a team CSV chosen as a file is previewed line by line, then imported."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.site_pages import ORGANISER, _team_event, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(db):
    site = site_build()
    _team_event(site)
    return site


def _fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"


def test_the_dashboard_leads_to_the_team_rounds(live_server, new_page, site):
    event = site.extra["team_event"]
    page = open_as(new_page, live_server, site, ORGANISER, PHONE)
    page.goto(f"{live_server.url}/manage/events/{event.pk}/")
    page.get_by_role("link", name="Team round 1 ›").click()
    page.wait_for_url(f"**/manage/events/{event.pk}/team-rounds/")
    tabs = page.get_by_role("navigation", name="Event sections")
    assert tabs.locator("[aria-current=page]").inner_text() == "Team rounds"


def test_a_team_file_is_previewed_then_imported(live_server, new_page, shoot, site, tmp_path):
    event = site.extra["team_event"]
    csv = tmp_path / "teams.csv"
    csv.write_text(
        "team,name,faction,club\n"
        "Night Owls,Marie-Hélène Östergård-Łukasiewicz,Orks,North\n"
        "Night Owls,Oda Owl,Necrons,\n",
        encoding="utf-8-sig",
    )
    page = open_as(new_page, live_server, site, ORGANISER, PHONE)
    page.goto(f"{live_server.url}/manage/events/{event.pk}/teams/import/")
    page.get_by_label("CSV file").set_input_files(str(csv))
    page.get_by_role("button", name="Preview import").click()
    page.get_by_text("All 2 lines are fine. Import them?").wait_for()
    assert page.get_by_role("cell", name="Marie-Hélène Östergård-Łukasiewicz captain").is_visible()
    _fits(page)
    shoot(page, "team-import-preview", full_page=False)
    page.get_by_role("button", name="Import 2 players").click()
    page.get_by_text("Imported the players of 1 teams.").wait_for()
    assert event.teams.get(name="Night Owls").members.count() == 2

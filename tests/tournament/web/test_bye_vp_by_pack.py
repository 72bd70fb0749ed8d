"""The bye VP a new event starts with fits its pack's scoring (issue 26, item 16).

Leviathan's 60 is sized for a total capped at 100. An 8th or 7th edition game has no cap and
far smaller totals: each objective marker is worth 3 VP (seed 000 around line 2207, "Take and
Hold") and the bonus objectives 1 VP each (seed 000 around line 2209, "Slay the Warlord"), so a
solid win of two markers and the three bonuses is 9 VP.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.services.events.events import bye_vp_default, event_create, event_update

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("pack", "bye_vp"), [("eighth", 9), ("seventh", 9), ("leviathan", 60), ("eleventh", 60)]
)
def test_a_new_event_made_on_the_web_starts_with_its_packs_bye_vp(org_client, pack, bye_vp):
    data = {
        "name": f"GT {pack}",
        "planned_rounds": 3,
        "battle_size": "strike_force",
        "mission_pack": pack,
    }
    response = org_client.post(reverse("manage-event-new"), data)
    assert response.status_code == 302
    event = response.wsgi_request.user.staffed_events.get(name=f"GT {pack}")
    assert event.mission_pack == pack
    assert event.bye_vp == bye_vp == bye_vp_default(pack)


def test_a_chosen_bye_vp_and_an_existing_events_setting_are_kept(organiser):
    event = event_create(user=organiser, name="Old", rounds=3, mission_pack="eighth", bye_vp=12)
    assert event.bye_vp == 12
    levi = event_create(user=organiser, name="Levi", rounds=3, mission_pack="leviathan")
    # Moving an event to an older pack keeps the organiser's setting: only new events follow.
    levi = event_update(event=levi, user=organiser, changes={"mission_pack": "eighth"})
    assert levi.bye_vp == 60

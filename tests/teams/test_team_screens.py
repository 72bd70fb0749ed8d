"""A team event opens on the team screens: made on the web it lands on its Teams page, and the
dashboard's round button leads to the team rounds page. Team CSV import previews every line
(from a pasted text or an uploaded file) before anything is imported."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from teams.models.teams import Team
from teams.services.rounds import team_round_create
from teams.services.teams import team_create, team_member_add
from tournament.services.events.events import event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    for name in ("Lions", "Bears"):
        team = team_create(event=event, user=organiser, name=name)
        for i, faction in enumerate(("Orks", "Necrons", "Aeldari"), start=1):
            team_member_add(team=team, user=organiser, name=f"{name} {i}", faction=faction)
    return event


def test_a_team_event_made_on_the_web_opens_on_its_teams_page(org_client):
    data = {"name": "Teams", "planned_rounds": 3, "battle_size": "strike_force"}
    response = org_client.post(
        reverse("manage-event-new"), {**data, "kind": "team", "team_size": 4}
    )
    event = response.wsgi_request.user.staffed_events.get(name="Teams")
    assert response["Location"] == reverse("manage-teams", args=[event.pk])
    # A singles event still opens on its players.
    response = org_client.post(reverse("manage-event-new"), {**data, "name": "Solo"})
    solo = response.wsgi_request.user.staffed_events.get(name="Solo")
    assert response["Location"] == reverse("manage-event", args=[solo.pk])


def test_the_dashboards_round_button_leads_to_the_team_rounds(org_client, event, organiser):
    url = reverse("manage-event", args=[event.pk])
    team_rounds = reverse("manage-team-rounds", args=[event.pk])
    html = org_client.get(url).content.decode()
    assert f'<a class="button" href="{team_rounds}">Pair team round 1 ›</a>' in html
    team_round_create(event_id=event.pk, user=organiser, seed=1)
    html = org_client.get(url).content.decode()
    assert f'<a class="button" href="{team_rounds}">Team round 1 ›</a>' in html
    assert reverse("manage-rounds", args=[event.pk]) + '">Round' not in html


CSV = "team,name,faction,club\nOwls,Ola Owl,Orks,North\nOwls,Oda Owl,Tau Empire,\n"


def test_the_preview_lists_every_line_and_imports_nothing(org_client, event):
    url = reverse("manage-teams-import", args=[event.pk])
    response = org_client.post(url, {"text": CSV, "preview": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ola Owl" in html
    assert "Oda Owl" in html
    assert "new team" in html
    assert "captain" in html
    assert "Import 2 players" in html
    assert not Team.objects.filter(name="Owls").exists()
    # The confirm button sends the same lines back and imports them.
    response = org_client.post(url, {"text": CSV, "confirm": "1"})
    assert response.status_code == 302
    assert Team.objects.get(name="Owls").members.count() == 2


def test_an_uploaded_file_is_previewed_with_each_lines_problem(org_client, event):
    url = reverse("manage-teams-import", args=[event.pk])
    upload = SimpleUploadedFile(
        "teams.csv",
        "\ufeffLions,Leo Late,Tau Empire\nOwls,O1,Orks\nOwls,O2,Orks\n,Nobody,Orks\n".encode(),
        content_type="text/csv",
    )
    response = org_client.post(url, {"file": upload, "preview": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Leo Late" in html  # the byte order mark is not part of the first team's name
    assert "Lions already has 3 players (the team size)." in html
    assert "Orks is already played by O1 in Owls." in html
    assert "Team: may not be blank." in html
    assert "Fix the file and preview again" in html
    assert 'name="confirm"' not in html
    assert not Team.objects.filter(name="Owls").exists()

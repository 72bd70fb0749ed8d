"""Staff roles: organisers add co-organisers and judges by username, change roles and remove
them (never the last organiser); every change is logged in words; judges enter and settle
results but do not pair, change settings or players, manage staff or undo."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from common.errors import Conflict, Forbidden, Invalid, NotFound
from tests.cross.roles.conftest import snapshot
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, EventStaff, Result
from tournament.services.audit.log import audit_undo_previews
from tournament.services.events.staff import staff_add, staff_list, staff_remove, staff_set_role

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _roles(event) -> dict[str, str]:
    return {row.user.username: row.role for row in staff_list(event=event)}


# Service ------------------------------------------------------------------------------------


def test_the_creator_is_the_events_organiser(scn):
    row = EventStaff.objects.get(event=scn.event, user=scn.organiser)
    assert (row.role, row.added_by) == ("organiser", scn.organiser)
    assert _roles(scn.event) == {"org": "organiser", "judy": "judge"}


def test_staff_list_puts_organisers_first(scn):
    staff_add(event=scn.event, user=scn.organiser, username="rival", role="organiser")
    assert [r.user.username for r in staff_list(event=scn.event)] == ["org", "rival", "judy"]


@pytest.mark.parametrize(
    ("username", "role", "error", "field", "code"),
    [
        ("nobody", "judge", Invalid, "username", "unknown_user"),
        ("  ", "judge", Invalid, "username", "blank"),
        ("newbie", "head_judge", Invalid, "role", "invalid_choice"),
        ("judy", "organiser", Conflict, "username", "already_staff"),
    ],
)
def test_staff_add_refusals_name_the_field(scn, username, role, error, field, code):  # noqa: PLR0917
    before = snapshot()
    with pytest.raises(error) as refused:
        staff_add(event=scn.event, user=scn.organiser, username=username, role=role)
    assert refused.value.codes == {field: [code]}
    assert snapshot() == before


def test_already_staff_says_their_role(scn):
    with pytest.raises(Conflict, match="judy is already this event's judge"):
        staff_add(event=scn.event, user=scn.organiser, username="judy", role="judge")


def test_the_last_organiser_stays(scn):
    with pytest.raises(Conflict) as removing:
        staff_remove(event=scn.event, user=scn.organiser, member_id=scn.organiser.pk)
    assert removing.value.codes == {"user": ["last_organiser"]}
    assert "org is this event's only organiser" in str(removing.value)
    with pytest.raises(Conflict) as demoting:
        staff_set_role(
            event=scn.event, user=scn.organiser, member_id=scn.organiser.pk, role="judge"
        )
    assert demoting.value.codes == {"user": ["last_organiser"]}
    assert _roles(scn.event)["org"] == "organiser"


def test_with_a_second_organiser_the_first_may_leave(scn):
    staff_set_role(event=scn.event, user=scn.organiser, member_id=scn.judge.pk, role="organiser")
    staff_remove(event=scn.event, user=scn.organiser, member_id=scn.organiser.pk)
    assert _roles(scn.event) == {"judy": "organiser"}


def test_unknown_member_is_not_found(scn):
    with pytest.raises(NotFound) as missing:
        staff_remove(event=scn.event, user=scn.organiser, member_id=scn.other_organiser.pk)
    assert missing.value.codes == {"user": ["not_staff"]}


def test_judges_and_strangers_cannot_change_the_staff(scn):
    for user in (scn.judge, scn.other_organiser):
        with pytest.raises(Forbidden) as refused:
            staff_add(event=scn.event, user=user, username="newbie", role="judge")
        assert refused.value.codes == {"event": ["not_organiser"]}
        with pytest.raises(Forbidden):
            staff_remove(event=scn.event, user=user, member_id=scn.judge.pk)


def test_staff_changes_are_logged_in_words_and_not_undone_from_the_log(scn):
    staff_set_role(event=scn.event, user=scn.organiser, member_id=scn.judge.pk, role="organiser")
    staff_set_role(event=scn.event, user=scn.organiser, member_id=scn.judge.pk, role="organiser")
    staff_remove(event=scn.event, user=scn.organiser, member_id=scn.judge.pk)
    entries = list(scn.event.audit.filter(action__startswith="staff_").order_by("pk"))
    previews = audit_undo_previews(entries)
    said = [(previews[e.pk].label, previews[e.pk].description, e.actor_name) for e in entries]
    assert said == [
        ("Staff added", "judy added as judge", "org"),
        ("Staff role changed", "judy: judge → organiser", "org"),  # the repeat logs nothing
        ("Staff removed", "judy removed (was organiser)", "org"),
    ]
    assert not any(previews[e.pk].can_undo for e in entries)


# API ----------------------------------------------------------------------------------------


def test_api_staff_round_trip(scn):
    api = _api(scn.organiser)
    url = f"/api/events/{scn.event.pk}/staff/"
    added = api.post(url, {"username": "newbie", "role": "judge"}, format="json")
    assert added.status_code == 201
    body = added.json()
    assert {k: body[k] for k in ("username", "role", "added_by")} == {
        "username": "newbie",
        "role": "judge",
        "added_by": "org",
    }
    listed = api.get(url).json()
    assert [(r["username"], r["role"]) for r in listed] == [
        ("org", "organiser"),
        ("judy", "judge"),
        ("newbie", "judge"),
    ]
    assert set(listed[0]) == {"user", "username", "role", "added_at", "added_by"}
    member = f"{url}{body['user']}/"
    promoted = api.patch(member, {"role": "organiser"}, format="json")
    assert (promoted.status_code, promoted.json()["role"]) == (200, "organiser")
    assert api.delete(member).status_code == 204
    assert _roles(scn.event) == {"org": "organiser", "judy": "judge"}


@pytest.mark.parametrize(
    ("body", "status", "codes"),
    [
        ({"username": "nobody", "role": "judge"}, 400, {"username": ["unknown_user"]}),
        ({"username": "newbie", "role": "boss"}, 400, {"role": ["invalid_choice"]}),
        ({"username": 7, "role": "judge"}, 400, {"username": ["invalid"]}),
        ({"role": "judge"}, 400, {"username": ["required"]}),
        ({"username": "judy", "role": "organiser"}, 409, {"username": ["already_staff"]}),
    ],
)
def test_api_staff_add_refusals(scn, body, status, codes):
    before = snapshot()
    response = _api(scn.organiser).post(f"/api/events/{scn.event.pk}/staff/", body, format="json")
    assert response.status_code == status
    assert response.json()["error_codes"] == codes
    assert snapshot() == before


def test_api_refuses_to_remove_the_last_organiser(scn):
    api = _api(scn.organiser)
    before = snapshot()
    url = f"/api/events/{scn.event.pk}/staff/{scn.organiser.pk}/"
    removed = api.delete(url)
    assert removed.status_code == 409
    assert removed.json()["error_codes"] == {"user": ["last_organiser"]}
    demoted = api.patch(url, {"role": "judge"}, format="json")
    assert demoted.json()["error_codes"] == {"user": ["last_organiser"]}
    assert snapshot() == before


def test_a_judge_is_refused_the_staff_list(scn):
    response = _api(scn.judge).get(f"/api/events/{scn.event.pk}/staff/")
    assert response.status_code == 403
    assert response.json() == {
        "event": ["Only this event's organisers may do this."],
        "error_codes": {"event": ["not_organiser"]},
    }


# What a judge does --------------------------------------------------------------------------


def test_a_judges_result_is_confirmed_at_once(scn):
    api = _api(scn.judge)
    response = api.post(
        f"/api/games/{scn.game.pk}/result/", {"vp_a": 70, "vp_b": 50}, format="json"
    )
    assert response.status_code == 201
    result = Result.objects.get(game=scn.game, is_current=True)
    assert (result.status, result.entered_by_user, result.confirmed_by_user) == (
        "confirmed",
        scn.judge,
        scn.judge,
    )
    entry = AuditEntry.objects.filter(action="result_enter").latest("pk")
    assert entry.actor_name == "judy"


def test_a_judge_settles_a_dispute_on_the_results_board(scn):
    from tournament.services.results.results import result_enter

    result_enter(game_id=scn.game.pk, data={"vp_a": 61, "vp_b": 40}, player=scn.players["A"])
    result_enter(game_id=scn.game.pk, data={"vp_a": 50, "vp_b": 50}, player=scn.players["B"])
    client = _web(scn.judge)
    board = client.get(reverse("manage-results", args=[scn.event.pk])).content.decode()
    assert "Accept Player A's 61–40</button>" in board
    client.post(reverse("manage-settle", args=[scn.event.pk, scn.game.pk]), {"version": "1"})
    result = Result.objects.get(game=scn.game, is_current=True)
    assert (result.vp_a, result.vp_b, result.status) == (61, 40, "confirmed")


def test_a_judge_sees_the_organiser_pages_without_the_organisers_buttons(scn):
    client = _web(scn.judge)
    pages = {
        name: client.get(reverse(name, args=[scn.event.pk])).content.decode()
        for name in ("manage-event", "manage-rounds", "manage-audit", "manage-results")
    }
    settings_tab = reverse("manage-settings", args=[scn.event.pk])
    for html in pages.values():
        assert settings_tab not in html
    players = pages["manage-event"]
    assert "Player B" in players
    for hidden in ("Add player", "Preview import", "manage-player-toggle", "Check in</button>"):
        assert hidden not in players
    assert (
        reverse("manage-player-toggle", args=[scn.event.pk, scn.players["B"].pk, "dropped"])
        not in players
    )
    rounds = pages["manage-rounds"]
    assert "Player A" in rounds
    for hidden in ("Pair round 2", "Re-pair round 1", "Undo round 1", "Swap two players"):
        assert hidden not in rounds
    assert "Undo…" not in pages["manage-audit"]
    assert "Round 1 paired" in pages["manage-audit"]
    results = pages["manage-results"]
    assert reverse("manage-result", args=[scn.event.pk, scn.game.pk]) in results
    player = client.get(reverse("manage-player", args=[scn.event.pk, scn.players["B"].pk]))
    html = player.content.decode()
    assert scn.players["B"].private_key in html
    assert ">Save</button>" not in html


def test_the_organiser_still_sees_every_button(scn):
    client = _web(scn.organiser)
    rounds = client.get(reverse("manage-rounds", args=[scn.event.pk])).content.decode()
    # "Pair round 2" waits for round 1 to be played
    # (tests/tournament/web/test_pairing_page_offers.py).
    for shown in ("Re-pair round 1", "Undo round 1", "Swap two players"):
        assert shown in rounds
    players = client.get(reverse("manage-event", args=[scn.event.pk])).content.decode()
    assert "Add player" in players
    assert reverse("manage-settings", args=[scn.event.pk]) in players
    audit = client.get(reverse("manage-audit", args=[scn.event.pk])).content.decode()
    assert "Undo…" in audit


def test_a_judge_is_refused_pairing_with_the_rule(scn):
    client = _web(scn.judge)
    before = snapshot()
    response = client.post(reverse("manage-round-pair", args=[scn.event.pk]))
    assert response.status_code == 403
    assert "Only this event&#x27;s organisers may do this." in response.content.decode()
    assert snapshot() == before


def test_a_hidden_event_is_visible_to_its_judge(scn):
    from tournament.services.events.events import event_update

    event_update(event=scn.event, user=scn.organiser, changes={"hidden": True})
    assert _api(scn.judge).get(f"/api/events/{scn.event.pk}/").status_code == 200
    assert _api(scn.other_organiser).get(f"/api/events/{scn.event.pk}/").status_code == 404
    home = _web(scn.judge).get(reverse("home")).content.decode()
    assert reverse("manage-event", args=[scn.event.pk]) in home


# The Staff page -----------------------------------------------------------------------------


def test_saving_a_role_unchanged_changes_nothing(scn):
    client = _web(scn.organiser)
    page = client.get(reverse("manage-staff", args=[scn.event.pk])).content.decode()
    before = snapshot()
    for who in ("org", "judy"):
        data = form_data(page, f"Save role of {who}")
        assert data["role"] == {"org": "organiser", "judy": "judge"}[who]
        url = reverse(
            "manage-staff-role",
            args=[scn.event.pk, scn.organiser.pk if who == "org" else scn.judge.pk],
        )
        assert client.post(url, data).status_code == 302
    assert snapshot() == before


def test_the_add_form_sent_empty_changes_nothing(scn):
    client = _web(scn.organiser)
    url = reverse("manage-staff", args=[scn.event.pk])
    data = form_data(client.get(url).content.decode(), "Add to the staff")
    assert data == {
        "csrfmiddlewaretoken": data["csrfmiddlewaretoken"],
        "username": "",
        "role": "judge",
    }
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert snapshot() == before


def test_the_staff_page_adds_changes_and_removes(scn):
    client = _web(scn.organiser)
    url = reverse("manage-staff", args=[scn.event.pk])
    data = form_data(client.get(url).content.decode(), "Add to the staff")
    data.update(username="newbie", role="organiser")
    page = client.post(url, data, follow=True).content.decode()
    assert "newbie added as organiser." in page
    newbie = EventStaff.objects.get(event=scn.event, user__username="newbie").user
    data = form_data(page, "Save role of newbie")
    data["role"] = "judge"
    page = client.post(
        reverse("manage-staff-role", args=[scn.event.pk, newbie.pk]), data, follow=True
    )
    assert "newbie is judge." in page.content.decode()
    data = form_data(page.content.decode(), "Remove newbie")
    page = client.post(
        reverse("manage-staff-remove", args=[scn.event.pk, newbie.pk]), data, follow=True
    )
    assert "newbie removed from the staff." in page.content.decode()
    assert _roles(scn.event) == {"org": "organiser", "judy": "judge"}


def test_the_staff_page_names_an_unknown_username(scn):
    client = _web(scn.organiser)
    url = reverse("manage-staff", args=[scn.event.pk])
    response = client.post(url, {"username": "ghost", "role": "judge"})
    assert response.status_code == 400
    assert "No account is named “ghost”." in response.content.decode()


def test_the_staff_page_refuses_removing_the_last_organiser(scn):
    client = _web(scn.organiser)
    before = snapshot()
    url = reverse("manage-staff-remove", args=[scn.event.pk, scn.organiser.pk])
    page = client.post(url, follow=True).content.decode()
    assert "org is this event&#x27;s only organiser: add another organiser first." in page
    assert snapshot() == before


def test_removing_yourself_goes_home(scn):
    staff_set_role(event=scn.event, user=scn.organiser, member_id=scn.judge.pk, role="organiser")
    client = _web(scn.organiser)
    url = reverse("manage-staff-remove", args=[scn.event.pk, scn.organiser.pk])
    response = client.post(url)
    assert response["Location"] == reverse("home")
    assert _roles(scn.event) == {"judy": "organiser"}


# The admin ----------------------------------------------------------------------------------


def test_the_admin_is_for_organisers_not_judges(scn):
    scn.judge.is_staff = True  # even a judge who may use the admin
    scn.judge.save()
    judge = _web(scn.judge)
    assert "Home GT" not in judge.get("/admin/tournament/event/").content.decode()
    assert judge.get(f"/admin/tournament/event/{scn.event.pk}/change/").status_code in (302, 403)
    organiser = _web(scn.organiser)
    page = organiser.get(f"/admin/tournament/event/{scn.event.pk}/change/")
    assert page.status_code == 200
    assert "judy" in page.content.decode()  # the staff inline, read-only


def test_api_staff_patch_without_a_role_changes_nothing(scn):
    """PATCH is partial (the schema says so): an empty body answers the row as it is, logs
    nothing; for someone not on the staff it is 404 as with a role."""
    api = _api(scn.organiser)
    judy = next(r for r in staff_list(event=scn.event) if r.role == "judge")
    before = snapshot()
    same = api.patch(f"/api/events/{scn.event.pk}/staff/{judy.user_id}/", {}, format="json")
    assert (same.status_code, same.json()["role"]) == (200, "judge")
    assert snapshot() == before
    missing = api.patch(f"/api/events/{scn.event.pk}/staff/32767/", {}, format="json")
    assert missing.status_code == 404

"""Every form POST of the web UI against every role. Organiser forms need a signed-in
organiser of that event; player forms need the private key of a player of that game. A
refusal is a 403 (never a redirect to a page that might look like success) and changes
nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from tests.cross.roles.conftest import (
    FORGED_KEY,
    ROLES,
    key_of,
    open_signup,
    snapshot,
    unrelease_round,
    user_of,
)

pytestmark = pytest.mark.django_db

ORG = frozenset({"organiser"})
STAFF = frozenset({"organiser", "judge"})
PLAYER = frozenset({"player_of_game"})


def _pending_by_a(scn):
    from tournament.services.results.results import result_enter

    result_enter(game_id=scn.game.pk, data={"vp_a": 61, "vp_b": 40}, player=scn.players["A"])


def _announced(scn):
    from tournament.services.live.announcements import announcement_post

    announcement_post(event=scn.event, user=scn.organiser, text="Lunch at 13:00")


def _disputed(scn):
    from tournament.services.results.results import result_enter

    _pending_by_a(scn)
    result_enter(game_id=scn.game.pk, data={"vp_a": 50, "vp_b": 50}, player=scn.players["B"])


def _confirmed(scn):
    from tournament.services.results.results import result_enter

    result_enter(game_id=scn.game.pk, data={"vp_a": 61, "vp_b": 40}, user=scn.organiser)


def _unplayed(scn):
    from tournament.services.players.players import player_register

    scn.extra["unplayed"] = player_register(event=scn.event, user=scn.organiser, name="Late F")


def _list_sent_by_a(scn):
    from rosters.services.armylists import army_list_submit

    army_list_submit(player=scn.players["A"], text="Warboss", by_player=True)


def _m(name, *args):
    return lambda s: reverse(name, args=[s.event.pk, *(a(s) if callable(a) else a for a in args)])


@dataclass(frozen=True)
class Form:
    name: str
    url: Callable
    data: Callable = lambda s: {}
    allowed: frozenset = ORG
    game_player: str = "A"
    setup: Callable | None = None
    by_key: bool = False  # the URL carries the acting player's key


SETTINGS = {
    "name": "Renamed GT",
    "planned_rounds": 4,
    "battle_size": "strike_force",
    "status": "running",
    "tiebreak_1": "sos",
    "tiebreak_2": "vp",
    "bye_vp": 50,
    "hidden": "on",
}


def _export_upload(scn) -> dict:
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    from exchange.services.export import event_export_document

    raw = json.dumps(event_export_document(event=scn.event)).encode()
    return {"file": SimpleUploadedFile("home-gt.strategium.json", raw, "application/json")}


def _rounds_upload(scn) -> dict:
    from django.core.files.uploadedfile import SimpleUploadedFile

    raw = b"round,table,player_a,faction_a,vp_a,player_b,faction_b,vp_b\n1,1,Ann,,60,Bo,,40\n"
    return {
        "source": "rounds_csv",
        "name": "Old GT",
        "mission_pack": "leviathan",
        "file": SimpleUploadedFile("rounds.csv", raw, "text/csv"),
    }


FORMS = [
    Form(
        "old event import",
        lambda s: reverse("manage-old-event-import"),
        _rounds_upload,
        frozenset({"organiser", "other_organiser"}),
    ),
    Form(
        "event import",
        lambda s: reverse("manage-event-import"),
        _export_upload,
        frozenset({"organiser", "other_organiser"}),
    ),
    Form(
        "event new",
        lambda s: reverse("manage-event-new"),
        lambda s: {"name": "New GT", "planned_rounds": 3, "battle_size": "strike_force"},
        frozenset({"organiser", "other_organiser"}),
    ),
    Form("player add", _m("manage-player-add"), lambda s: {"name": "Newcomer", "faction": "Tau"}),
    Form(
        "player import",
        _m("manage-import"),
        lambda s: {"text": "name,faction\nNew One,Orks\nNew Two,Tau\n", "confirm": "1"},
    ),
    Form(
        "player edit",
        _m("manage-player", lambda s: s.players["B"].pk),
        lambda s: {"name": "Player B2", "faction": "Tau"},
    ),
    Form(
        "check-in toggle",
        _m("manage-player-toggle", lambda s: s.players["B"].pk, "checked_in"),
        lambda s: {"value": "1"},
    ),
    Form(
        "drop toggle",
        _m("manage-player-toggle", lambda s: s.players["B"].pk, "dropped"),
        lambda s: {"value": "1"},
    ),
    Form("settings", _m("manage-settings"), lambda s: SETTINGS),
    # Judges run the clock and speak to the hall; only organisers pair or change settings.
    Form(
        "round clock",
        _m("manage-clock", 1),
        lambda s: {"action": "start", "minutes": "150"},
        allowed=STAFF,
    ),
    Form("announce", _m("manage-announce"), lambda s: {"text": "Round 2 starts"}, allowed=STAFF),
    Form(
        "remove announcement",
        _m("manage-announcement-delete", lambda s: s.event.announcements.first().pk),
        allowed=STAFF,
        setup=_announced,
    ),
    # The sign-up page is public: any visitor may sign up (a key in the URL changes nothing).
    Form(
        "sign up",
        _m("event-signup"),
        lambda s: {"name": "Walk In", "faction": "Orks"},
        frozenset(ROLES),
        setup=open_signup,
    ),
    Form(
        "approve sign-up",
        _m("manage-signup-approve", lambda s: s.players["S"].pk),
        setup=open_signup,
    ),
    Form(
        "reject sign-up",
        _m("manage-signup-reject", lambda s: s.players["S"].pk),
        setup=open_signup,
    ),
    Form("archive", _m("manage-archive"), lambda s: {"value": "1"}),
    Form("event delete", _m("manage-event-delete"), lambda s: {"confirm": "Home GT"}),
    Form(
        "player delete",
        _m("manage-player-delete", lambda s: s.extra["unplayed"].pk),
        setup=_unplayed,
    ),
    Form("audit undo", _m("manage-undo", lambda s: s.event.audit.first().pk)),
    Form("pair next round (force)", _m("manage-round-pair"), lambda s: {"force": "1"}),
    Form("check in everyone", _m("manage-check-in-all")),
    Form("drop the absent", _m("manage-drop-absent")),
    Form("re-pair round", _m("manage-round-repair")),
    Form("undo round", _m("manage-round-undo")),
    Form(
        "swap players",
        _m("manage-swap", 1),
        lambda s: {"player_x": s.players["B"].pk, "player_y": s.players["C"].pk},
    ),
    Form("round mission", _m("manage-round-mission", 1), lambda s: {"mission": "A"}),
    Form("release pairings", _m("manage-round-release", 1), setup=unrelease_round),
    Form(
        "organiser result",
        _m("manage-result", lambda s: s.game.pk),
        lambda s: {"vp_a": 70, "vp_b": 50},
        STAFF,
    ),
    Form(
        "organiser confirm",
        _m("manage-confirm", lambda s: s.game.pk),
        allowed=STAFF,
        setup=_pending_by_a,
    ),
    Form(
        "settle dispute",
        _m("manage-settle", lambda s: s.game.pk),
        lambda s: {"version": "1"},
        STAFF,
        setup=_disputed,
    ),
    Form(
        "print job",
        lambda s: reverse("print-job-start", args=[s.event.pk]),
        lambda s: {"kind": "standings", "round": "1"},
        STAFF,
    ),
    Form(
        "painting scores",
        _m("manage-awards"),
        lambda s: {f"painting_{s.players['B'].pk}": "12"},
        STAFF,  # judges score painting
    ),
    Form(
        "sportsmanship vote",
        lambda s, key: reverse("player-sports-vote", args=[key, s.game.pk]),
        lambda s: {"favourite": "yes"},
        PLAYER,
        setup=_confirmed,
        by_key=True,
    ),
    Form("staff add", _m("manage-staff"), lambda s: {"username": "newbie", "role": "judge"}),
    Form(
        "staff role",
        _m("manage-staff-role", lambda s: s.judge.pk),
        lambda s: {"role": "organiser"},
    ),
    Form("staff remove", _m("manage-staff-remove", lambda s: s.judge.pk)),
    Form(
        "player result",
        lambda s, key: reverse("player-result", args=[key, s.game.pk]),
        lambda s: {"vp_a": 70, "vp_b": 50},
        PLAYER,
        by_key=True,
    ),
    Form(
        "player confirm",
        lambda s, key: reverse("player-confirm", args=[key, s.game.pk]),
        allowed=PLAYER,
        game_player="B",
        setup=_pending_by_a,
        by_key=True,
    ),
    # A key sends its own player's list (whoever that is); no key, no list.
    Form(
        "player army list",
        lambda s, key: reverse("player-list", args=[key]),
        lambda s: {"army_list": "Strike Force (2000 Points)\r\nWarboss"},
        frozenset({"player_of_game", "player_of_other_game"}),
        by_key=True,
    ),
    Form(
        "army list review",
        _m("manage-list-review", lambda s: s.players["A"].pk),
        lambda s: {f"p{s.players['A'].pk}-status": "checked"},
        STAFF,
        setup=_list_sent_by_a,
    ),
]


def _client(scn, role: str, game_player: str) -> tuple[Client, str | None]:
    key = key_of(scn, role, game_player)
    headers = {"HTTP_AUTHORIZATION": f"Key {key}"} if key else {}
    client = Client(**headers)
    user = user_of(scn, role)
    if user is not None:
        client.force_login(user)
    return client, key


SESSIONLESS = frozenset({"anonymous", "player_of_game", "player_of_other_game", "forged_key"})


def _cases():
    for form in FORMS:
        for role in ROLES:
            yield pytest.param(form, role, id=f"{form.name}-{role}")


@pytest.mark.parametrize(("form", "role"), list(_cases()))
def test_web_form_matrix(scn, form, role):
    if form.setup:
        form.setup(scn)
    client, key = _client(scn, role, form.game_player)
    # Without a key of their own, a role can only try someone else's link: a forged one.
    url = form.url(scn, key or FORGED_KEY) if form.by_key else form.url(scn)
    if not form.by_key and key:
        url += f"?key={key}"
    before = snapshot()
    response = client.post(url, form.data(scn))
    if role in form.allowed:
        assert response.status_code in (200, 302), response.status_code
        assert snapshot() != before
    else:
        assert response.status_code in (401, 403), response.status_code
        assert snapshot() == before


def test_a_player_cannot_confirm_their_own_entry_from_the_page(scn):
    _pending_by_a(scn)
    client = Client()
    before = snapshot()
    key = scn.players["A"].private_key
    response = client.post(reverse("player-confirm", args=[key, scn.game.pk]))
    assert response.status_code == 403
    assert snapshot() == before


def test_player_link_of_another_event_is_refused(scn):
    key = scn.players["E"].private_key
    before = snapshot()
    response = Client().post(
        reverse("player-result", args=[key, scn.game.pk]), {"vp_a": 1, "vp_b": 0}
    )
    assert response.status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize(
    "url",
    [
        lambda s: reverse("manage-player-add", args=[s.event.pk]),
        lambda s: reverse("player-result", args=[s.players["A"].private_key, s.game.pk]),
    ],
)
def test_form_posts_without_a_csrf_token_are_refused(scn, url):
    client = Client(enforce_csrf_checks=True)
    client.force_login(scn.organiser)
    before = snapshot()
    response = client.post(url(scn), {"name": "Sneaky", "vp_a": 1, "vp_b": 0})
    assert response.status_code == 403
    assert snapshot() == before


def _print_job(scn):
    from tournament.models import PrintJob

    job = PrintJob.objects.create(event=scn.event, kind="standings", created_by=scn.organiser)
    scn.extra["job"] = job.pk


@dataclass(frozen=True)
class Page:
    name: str
    url: Callable
    allowed: frozenset = STAFF
    setup: Callable | None = None


PAGES = [
    Page("players", _m("manage-event")),
    Page("player", _m("manage-player", lambda s: s.players["B"].pk)),
    Page("import", _m("manage-import"), ORG),
    Page("pairing", _m("manage-rounds")),
    Page("results board", _m("manage-results")),
    Page("audit log", _m("manage-audit")),
    Page("standings (organiser's tabs)", _m("manage-standings")),
    Page("undo preview", _m("manage-undo", lambda s: s.event.audit.first().pk), ORG),
    Page("settings", _m("manage-settings"), ORG),
    Page("export download", _m("manage-export"), ORG),
    Page("staff", _m("manage-staff"), ORG),
    Page("sign-ups", _m("manage-signups"), ORG),
    Page("army lists", _m("manage-lists")),
    Page("print", lambda s: reverse("print-event", args=[s.event.pk])),
    Page("print round", lambda s: reverse("print-round", args=[s.event.pk, 1])),
    Page(
        "print job status",
        lambda s: reverse("print-job-status", args=[s.extra["job"]]),
        setup=_print_job,
    ),
]


def _page_cases():
    for page in PAGES:
        for role in ROLES:
            yield pytest.param(page, role, id=f"{page.name}-{role}")


@pytest.mark.parametrize(("page", "role"), list(_page_cases()))
def test_web_page_matrix(scn, page, role):
    """Staff pages: signed-out visitors (keys give no session) go to the sign-in page; a
    signed-in account that may not see the page gets 403; the allowed roles see it."""
    if page.setup:
        page.setup(scn)
    client, _ = _client(scn, role, "A")
    response = client.get(page.url(scn))
    if role in page.allowed:
        assert response.status_code == 200
    elif role in SESSIONLESS:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == 403


def test_the_public_pages_offer_the_staff_pages_to_staff_only(scn):
    url = reverse("event-standings", args=[scn.event.pk])
    manage = reverse("manage-event", args=[scn.event.pk])
    for role in ROLES:
        client, _ = _client(scn, role, "A")
        page = client.get(url).content.decode()
        assert (manage in page) == (role in STAFF), role
        assert ("?provisional=1" in page) == (role in STAFF), role


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    "name",
    ["event-screen", "event-screen-live", "event-now", "event-factions", "event-factions-pdf"],
)
def test_day_of_the_event_pages_of_a_hidden_event(scn, role, name):
    """The big screen and the clock strip follow the event's visibility; the strip also opens
    to a player's own key (their page shows it), passed as `?key=`."""
    from tournament.services.events.events import event_update

    event_update(event=scn.event, user=scn.organiser, changes={"hidden": True})
    client, key = _client(scn, role, "A")
    url = reverse(name, args=[scn.event.pk])
    if name == "event-now" and key:
        url += f"?key={key}"
    response = client.get(url)
    by_key = name == "event-now" and role in ("player_of_game", "player_of_other_game")
    expected = 200 if role in STAFF or by_key else 404
    assert response.status_code == expected


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    "name",
    ["event-screen", "event-screen-live", "event-now", "event-factions", "event-factions-pdf"],
)
def test_day_of_the_event_pages_of_a_public_event(scn, role, name):
    client, key = _client(scn, role, "A")
    url = reverse(name, args=[scn.event.pk])
    if name == "event-now" and key:
        url += f"?key={key}"
    # A forged key on the strip finds no player: 404, as an unknown player link does.
    expected = 404 if name == "event-now" and role == "forged_key" else 200
    assert client.get(url).status_code == expected


@pytest.mark.parametrize(
    "name",
    [
        "manage-event",
        "manage-signups",
        "manage-rounds",
        "manage-results",
        "manage-audit",
        "manage-settings",
    ],
)
def test_organiser_pages_are_closed_to_others(scn, name):
    url = reverse(name, args=[scn.event.pk])
    anonymous = Client().get(url)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    rival = Client()
    rival.force_login(scn.other_organiser)
    assert rival.get(url).status_code == 403
    own = Client()
    own.force_login(scn.organiser)
    assert own.get(url).status_code == 200


def test_a_withdraw_link_acts_on_its_own_player_only(scn):
    """Withdrawing needs the sign-up's own key: the URL names no one else to act on."""
    open_signup(scn)
    before = snapshot()
    forged = Client().post(reverse("player-withdraw", args=[FORGED_KEY]))
    assert forged.status_code == 403
    assert snapshot() == before
    # Another player's link acts on that player only, who has played, so nothing changes.
    other = Client().post(reverse("player-withdraw", args=[scn.players["C"].private_key]))
    assert other.status_code == 302
    assert snapshot() == before
    own = Client().post(reverse("player-withdraw", args=[scn.players["S"].private_key]))
    assert own.status_code == 302
    statuses = dict(scn.event.players.values_list("name", "status"))
    assert statuses["Sign Up"] == "withdrawn"
    assert statuses["Player C"] == "approved"


@pytest.mark.parametrize("role", ROLES)
def test_instance_faction_pages_are_public_and_leave_hidden_events_out(scn, role):
    from tournament.services.events.events import event_update

    event_update(event=scn.event, user=scn.organiser, changes={"hidden": True})
    client, _ = _client(scn, role, "A")
    page = client.get(reverse("factions"))
    assert page.status_code == 200
    # Instance figures are public: a hidden event stays out of them even for its staff.
    html = page.content.decode()
    assert "1 event ·" in html  # the rival's event only
    assert "Home GT" not in html
    assert client.get(reverse("factions-pdf")).status_code == 200

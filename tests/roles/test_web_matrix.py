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

from tests.roles.conftest import FORGED_KEY, ROLES, key_of, snapshot, user_of

pytestmark = pytest.mark.django_db

ORG = frozenset({"organiser"})
PLAYER = frozenset({"player_of_game"})


def _pending_by_a(scn):
    from tournament.services.results import result_enter

    result_enter(game_id=scn.game.pk, data={"vp_a": 61, "vp_b": 40}, player=scn.players["A"])


def _unplayed(scn):
    from tournament.services.players import player_register

    scn.extra["unplayed"] = player_register(event=scn.event, user=scn.organiser, name="Late F")


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

FORMS = [
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
    Form(
        "organiser result",
        _m("manage-result", lambda s: s.game.pk),
        lambda s: {"vp_a": 70, "vp_b": 50},
    ),
    Form("organiser confirm", _m("manage-confirm", lambda s: s.game.pk), setup=_pending_by_a),
    Form(
        "print job",
        lambda s: reverse("print-job-start", args=[s.event.pk]),
        lambda s: {"kind": "standings", "round": "1"},
    ),
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
]


def _client(scn, role: str, game_player: str) -> tuple[Client, str | None]:
    key = key_of(scn, role, game_player)
    headers = {"HTTP_AUTHORIZATION": f"Key {key}"} if key else {}
    client = Client(**headers)
    user = user_of(scn, role)
    if user is not None:
        client.force_login(user)
    return client, key


# Known hole outside this folder's code: the print views use @login_required, so a sessionless
# POST is redirected (302) to the sign-in page instead of refused with 403. Strict: this
# starts failing (and should be removed) once the printing views answer 403.
SESSIONLESS = ("anonymous", "player_of_game", "player_of_other_game", "forged_key")


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


@pytest.mark.parametrize(
    "name", ["manage-event", "manage-rounds", "manage-results", "manage-audit", "manage-settings"]
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

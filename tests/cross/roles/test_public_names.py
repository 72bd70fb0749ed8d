"""Display-name modes (issue 36): an event showing players by first name and initial, or by
nickname, shows no surname to the public anywhere.

Every GET route of the URL conf that an anonymous visitor can open (pages, the API, PDFs, CSV
and workbook downloads) is asked about one event in each mode whose players carry distinctive
surnames. In "initial" mode no full surname may appear in any answer; in "nickname" mode the
nicknames appear and the surnames do not; in "full" mode the full names appear, as before. The
staff's pages still show full names. New routes join the walk by being in the URL conf.
"""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from pypdf import PdfReader

pytestmark = pytest.mark.django_db

# Surnames that appear nowhere else (no faction, club or mission holds them).
PEOPLE = (
    ("Zebediah", "Quackenbush", "Grimtooth"),
    ("Ottoline", "Vanderpump", ""),  # no nickname: first name and initial in nickname mode
    ("Łukasz", "Żółćkiewicz", "Ironfist"),
    ("Bartholomew", "Fiddlesticks", "Skarsnik"),
)
# Two more for a team event's two teams of three.
MORE_PEOPLE = (("Hortensia", "Wigglesworth", ""), ("Cornelius", "Pumpernickel", ""))
SURNAMES = tuple(surname for _, surname, _ in (*PEOPLE, *MORE_PEOPLE))
# The full-names event's players have surnames of their own: pages of the whole site (the
# faction statistics) show them in full, as before.
FULL_PEOPLE = (
    ("Zebediah", "Plainsworth", ""),
    ("Ottoline", "Brightwater", ""),
    ("Łukasz", "Openshaw", ""),
    ("Bartholomew", "Clearfield", ""),
)
# Parts of a route this walk does not fill: private keys and tokens are a player's own.
PRIVATE = frozenset({"key", "token"})
OUTSIDE = re.compile(r"^(admin/|api/schema|api/docs|missions/|api/missions/)")


def _walk(patterns, prefix=""):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and entry.name:
            route = prefix + str(entry.pattern)
            names = tuple(entry.pattern.regex.groupindex)
            if not PRIVATE & set(names) and not OUTSIDE.match(route):
                yield entry.name, names


ROUTES = sorted(set(_walk(get_resolver().url_patterns)))


def _bracket(organiser) -> dict:
    """An event in "initial" mode whose Swiss is done and whose top four are cut to a
    knockout bracket (the play-offs' pages, API, PDF and big-screen panel)."""
    from playoffs.services.playoffs import playoff_create
    from tests.tournament.printing.helpers import pair_in_order
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter

    event = event_create(
        user=organiser, name="Names bracket", rounds=1, seed=5, public_names="initial"
    )
    players = [
        player_register(event=event, user=organiser, name=f"{first} {surname}", faction="Orks")
        for first, surname, _ in PEOPLE
    ]
    for game in pair_in_order(event, organiser, players).games.all():
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    playoff_create(event_id=event.pk, user=organiser, format="single", size=4)
    return {
        "event": event,
        "ids": {
            "event_id": event.pk,
            "number": 2,
            "player_id": players[0].pk,
            "person_id": players[0].person_link.person_id,
        },
    }


def _teams(organiser) -> dict:
    """A team event in "initial" mode: two teams of three, round 1 paired (team pages, team
    standings and matches)."""
    from teams.services.rounds import team_round_create
    from teams.services.teams import team_create, team_member_add
    from tournament.services.events.events import event_create

    event = event_create(
        user=organiser,
        name="Names teams",
        rounds=3,
        kind="team",
        team_size=3,
        public_names="initial",
    )
    people = iter((*PEOPLE, *MORE_PEOPLE))
    teams = []
    for team_name in ("Alpha", "Beta"):
        team = team_create(event=event, user=organiser, name=team_name)
        for faction in ("Orks", "Necrons", "Tyranids"):  # one of each faction per team
            first, surname, _ = next(people)
            team_member_add(team=team, user=organiser, name=f"{first} {surname}", faction=faction)
        teams.append(team)
    match = team_round_create(event_id=event.pk, user=organiser, seed=1).matches.first()
    return {
        "event": event,
        "ids": {
            "event_id": event.pk,
            "number": 1,
            "team_id": teams[0].pk,
            "match_id": match.pk,
            "player_id": teams[0].members.first().player_id,
        },
    }


def _build(mode: str, organiser) -> dict:
    from tests.tournament.printing.helpers import pair_in_order
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter

    event = event_create(user=organiser, name=f"Names {mode}", rounds=3, seed=3, public_names=mode)
    players = [
        player_register(
            event=event,
            user=organiser,
            name=f"{first} {surname}",
            faction="Orks",
            nickname=nick if mode == "nickname" else "",
        )
        for first, surname, nick in (FULL_PEOPLE if mode == "full" else PEOPLE)
    ]
    first = pair_in_order(event, organiser, players)
    for game in first.games.all():
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    second = pair_in_order(event, organiser, [players[0], players[2], players[1], players[3]])
    return {
        "event": event,
        "ids": {
            "event_id": event.pk,
            "number": 1,
            "game_id": second.games.order_by("table_number").first().pk,
            "player_id": players[0].pk,
            "person_id": players[0].person_link.person_id,
        },
    }


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        from django.contrib.auth import get_user_model

        organiser = get_user_model().objects.create_user("namer", password="pw", is_staff=True)
        built = {mode: _build(mode, organiser) for mode in ("full", "initial", "nickname")}
        yield {**built, "bracket": _bracket(organiser), "teams": _teams(organiser)}
        transaction.set_rollback(True)


def _text(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if body.startswith(b"%PDF"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    if body.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            return "\n".join(archive.read(n).decode(errors="replace") for n in archive.namelist())
    return body.decode(errors="replace")


def _answers(ids: dict, client: Client) -> dict[str, str]:
    """Every route's answer to this client, by URL, for the routes it may open (200)."""
    out = {}
    for name, kwargs in ROUTES:
        if not set(kwargs) <= set(ids) | {"kind", "field", "object_id", "app_label", "code"}:
            continue
        args = {k: ids.get(k) for k in kwargs}
        if set(kwargs) - set(ids):
            continue
        url = reverse(name, kwargs=args)
        response = client.get(url)
        if response.status_code == 200:
            out[url] = _text(response)
    return out


def test_the_public_reads_no_surname_in_initial_and_nickname_modes(world):
    seen = {}
    for mode in ("initial", "nickname", "bracket", "teams"):
        answers = _answers(world[mode]["ids"], Client())
        seen[mode] = answers
        # The walk opened the event's pages, API reads and downloads (54 when written).
        assert len(answers) >= 50, sorted(answers)
        leaks = sorted(
            f"{url}: {surname}"
            for url, text in answers.items()
            for surname in SURNAMES
            if surname in text
        )
        assert not leaks, f"{mode} mode shows surnames:\n" + "\n".join(leaks)
    # The walk reached the public surfaces that show names.
    event_id = world["initial"]["ids"]["event_id"]
    for url in (
        reverse("event-pairings", args=[event_id]),
        reverse("event-standings", args=[event_id]),
        reverse("event-screen", args=[event_id]),
    ):
        assert "Zebediah Q." in seen["initial"][url], url
    bracket = world["bracket"]["ids"]["event_id"]
    for name in ("event-playoffs", "event-screen", "api-playoffs"):
        assert "Zebediah Q." in seen["bracket"][reverse(name, args=[bracket])], name
    nick = world["nickname"]["ids"]["event_id"]
    standings = seen["nickname"][reverse("event-standings", args=[nick])]
    assert "Grimtooth" in standings
    assert "Ottoline V." in standings  # chose no nickname


def test_full_mode_is_as_before(world):
    answers = _answers(world["full"]["ids"], Client())
    standings = answers[reverse("event-standings", args=[world["full"]["ids"]["event_id"]])]
    assert "Zebediah Plainsworth" in standings


def test_staff_read_full_names(world):
    client = Client()
    client.login(username="namer", password="pw")
    event_id = world["initial"]["ids"]["event_id"]
    for name in ("manage-event", "manage-results"):
        page = client.get(reverse(name, args=[event_id])).content.decode()
        assert "Zebediah Quackenbush" in page, name
    api = client.get(reverse("api-players", args=[event_id])).content.decode()
    assert "Zebediah Quackenbush" in api


def test_a_player_reads_their_own_name_in_full_and_their_opponent_as_the_public(world):
    from tournament.models import Player

    event = world["initial"]["event"]
    zeb = Player.objects.get(event=event, name="Zebediah Quackenbush")
    page = Client().get(reverse("player-home", args=[zeb.private_key])).content.decode()
    assert "Zebediah Quackenbush" in page
    assert "show you as <strong>Zebediah Q.</strong>" in page
    # Round 2: Zebediah plays Łukasz, round 1 Ottoline.
    assert "Łukasz Ż." in page
    assert "Żółćkiewicz" not in page
    assert "Vanderpump" not in page


@pytest.mark.parametrize("mode", ["initial", "nickname"])
def test_printouts_show_public_names_and_the_door_sheet_full_names(world, mode):
    """Pairings, scoresheets, table packs, the paper pack and the standings go on the wall or
    to both players: public names. The door sheet's cards are cut and handed to each player
    with their private link: full names, for the staff alone."""
    from tournament.printing.render import KINDS
    from tournament.services.documents.door_sheet import door_sheet_pdf
    from tournament.services.documents.printing import print_document

    event = world[mode]["event"]
    for kind in KINDS:
        number = None if kind == "standings" else 2
        pdf = print_document(event=event, kind=kind, round_number=number)
        text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
        assert not [s for s in SURNAMES if s in text], kind
        assert ("Grimtooth" if mode == "nickname" else "Zebediah Q.") in text, kind
    door = door_sheet_pdf(event=event)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(door)).pages)
    assert "Quackenbush" in text

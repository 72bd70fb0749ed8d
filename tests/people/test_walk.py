"""Every people and series route, pages and API, walked as another organiser, a judge, a
player key and anonymous (issue 32): each gets only what it may (a refusal, a 404 for what it
may not know of, or content filtered to the events it may see), and nothing changes."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from people.models import Person, PersonChange, PersonLink
from people.services.people import person_merge
from series.models import Series, SeriesChange, SeriesEvent
from series.services.series import series_create, series_event_add
from tests.series.helpers import finished_event
from tournament.models import EventStaff, StaffRole

pytestmark = pytest.mark.django_db

ACTORS = ("rival", "judge", "key", "anon")
# Words of the organiser's hidden event that no one but its staff may read anywhere, and the
# addresses no one reads on these pages at all.
SECRET = ("Secret GT", "Anabel", "Dee Ray")
ADDRESSES = ("ana@x.org", "dee@x.org")


@pytest.fixture
def world(organiser, other_organiser):
    spring, (ana, ben, zoe, _) = finished_event(
        organiser,
        "Spring GT",
        [("Ana Lima", "ana@x.org"), ("Ben Ode", ""), ("Zoë Smith", ""), ("Cy", "")],
    )
    autumn, (ana2, ben2, zoe2, _) = finished_event(
        organiser,
        "Autumn GT",
        [("Ana Lima", "ana@x.org"), ("Ben Ode", ""), ("zoe smith", ""), ("Cy", "")],
    )
    hidden = [("Anabel Lima", "ana@x.org"), ("Dee Ray", "dee@x.org")]
    secret, (anabel, dee) = finished_event(organiser, "Secret GT", hidden, hidden=True)
    open_gt, (fay, _) = finished_event(other_organiser, "Open GT", [("Ana Lima", ""), ("Gus", "")])
    judge = get_user_model().objects.create_user("judge", password="pw")
    for event in (spring, secret):
        EventStaff.objects.create(event=event, user=judge, role=StaffRole.JUDGE)
    club = series_create(user=organiser, fields={"name": "Club League", "placing_points": ["3"]})
    for event in (spring, autumn):
        series_event_add(user=organiser, series_id=club.pk, event_id=event.pk)
    hush = series_create(user=organiser, fields={"name": "Hush League"})
    series_event_add(user=organiser, series_id=hush.pk, event_id=secret.pk)
    keep = zoe.person_link.person_id
    person_merge(user=organiser, keep_id=keep, other_id=zoe2.person_link.person_id)
    clients = {"anon": Client(), "key": Client(HTTP_AUTHORIZATION=f"Key {dee.private_key}")}
    for name, user in (("rival", other_organiser), ("judge", judge)):
        clients[name] = Client()
        clients[name].force_login(user)
    assert ana2.person_link.person_id == ana.person_link.person_id == anabel.person_link.person_id
    return {
        "clients": clients,
        "ana": ana.person_link.person_id,
        "ana_player": ana2.pk,
        "ben": ben.person_link.person_id,
        "ben2": ben2.person_link.person_id,
        "dee": dee.person_link.person_id,
        "fay": fay.person_link.person_id,
        "change": PersonChange.objects.get().pk,
        "club": club.pk,
        "hush": hush.pk,
        "spring": spring.pk,
        "open": open_gt.pk,
    }


def _state() -> list:
    return [
        sorted(Person.objects.values_list("pk", "display_name", "email", "external_ids")),
        sorted(PersonLink.objects.values_list("player_id", "person_id", "how")),
        sorted(PersonChange.objects.values_list("pk", "action", "undone", "words")),
        sorted(Series.objects.values_list("pk", "name", "placing_points", "best_events")),
        sorted(SeriesEvent.objects.values_list("series_id", "event_id", "position")),
        SeriesChange.objects.count(),
    ]


def _walk(world, routes):
    """Ask every route as every actor; the answers that differ from the table, by route."""
    wrong = {}
    for method, url, body, expected in routes:
        for actor, status in zip(ACTORS, expected, strict=True):
            client = world["clients"][actor]
            if method == "get" or (method == "delete" and body is None):
                response = getattr(client, method)(url)
            elif method == "post":
                response = client.post(url, body)
            else:
                response = getattr(client, method)(
                    url, json.dumps(body), content_type="application/json"
                )
            content = response.content.decode("utf-8", "replace")
            # The judge is on the hidden event's staff: its names are theirs to read.
            leaked = [w for w in SECRET if w in content and actor != "judge"]
            leaked += [w for w in ADDRESSES if w in content]
            if response.status_code != status or leaked:
                wrong[f"{method.upper()} {url} as {actor}"] = (response.status_code, leaked)
    return wrong


def test_every_people_route_gives_each_only_what_it_may(world):
    w = world
    before = _state()
    table = f"/api/series/{w['club']}/table/"
    rows = w["clients"]["anon"].get(table).json()["rows"]
    # Expected answers as (rival, judge, key, anon).
    routes = [
        ("get", "/manage/people/", None, (200, 403, 302, 302)),
        ("get", f"/manage/people/{w['ana']}/", None, (404, 403, 302, 302)),
        ("get", f"/manage/people/{w['dee']}/", None, (404, 403, 302, 302)),
        ("get", f"/people/{w['ana']}/", None, (200, 200, 200, 200)),
        ("get", f"/people/{w['dee']}/", None, (404, 200, 404, 404)),
        ("get", f"/api/people/{w['ana']}/", None, (200, 200, 200, 200)),
        ("get", f"/api/people/{w['dee']}/", None, (404, 200, 404, 404)),
        ("get", "/api/people/999999/", None, (404, 404, 404, 404)),
        (
            "post",
            "/manage/people/merge/",
            {"keep": w["ana"], "other": w["ben"]},
            (404, 403, 403, 403),
        ),
        (
            "post",
            "/manage/people/merge/",
            {"keep": w["ben"], "other": w["ben2"]},
            (404, 403, 403, 403),
        ),
        (
            "post",
            "/manage/people/merge/",
            {"keep": w["fay"], "other": w["ana"]},
            (404, 403, 403, 403),
        ),
        ("post", "/manage/people/split/", {"player": w["ana_player"]}, (404, 403, 403, 403)),
        ("post", "/manage/people/undo/", {"change": w["change"]}, (404, 403, 403, 403)),
    ]
    assert _walk(world, routes) == {}
    assert _state() == before
    # The organiser's series table keeps every row (a merge by the rival removed one).
    assert w["clients"]["anon"].get(table).json()["rows"] == rows
    # The rival's own review and person page suggest none of the organiser's people.
    rival = w["clients"]["rival"]
    for url in ("/manage/people/", f"/manage/people/{w['fay']}/"):
        page = rival.get(url).content.decode()
        assert "Spring GT" not in page, url
        assert "Autumn GT" not in page, url
    # Where others see Ana, her name and events come from public events only.
    for actor in ("rival", "key", "anon"):
        data = w["clients"][actor].get(f"/api/people/{w['ana']}/").json()
        assert data["name"] == "Ana Lima"
        assert [e["event_name"] for e in data["events"]] == ["Spring GT", "Autumn GT"]


def test_every_series_route_gives_each_only_what_it_may(world):
    w = world
    before = _state()
    club, hush = f"/series/{w['club']}/", f"/series/{w['hush']}/"
    mclub, mhush = f"/manage/series/{w['club']}/", f"/manage/series/{w['hush']}/"
    aclub, ahush = f"/api/series/{w['club']}/", f"/api/series/{w['hush']}/"
    spring, open_gt = w["spring"], w["open"]
    routes = [
        ("get", "/series/", None, (200, 200, 200, 200)),
        ("get", club, None, (200, 200, 200, 200)),
        ("get", club + "table.csv", None, (200, 200, 200, 200)),
        ("get", club + "table.pdf", None, (200, 200, 200, 200)),
        ("get", hush, None, (404, 404, 404, 404)),
        ("get", hush + "table.csv", None, (404, 404, 404, 404)),
        ("get", hush + "table.pdf", None, (404, 404, 404, 404)),
        ("get", "/manage/series/new/", None, (200, 403, 302, 302)),
        ("get", mclub, None, (403, 403, 302, 302)),
        ("post", mclub, {"name": "Mine"}, (403, 403, 403, 403)),
        ("post", mclub + "events/", {"event": open_gt}, (403, 403, 403, 403)),
        ("post", mclub + "events/remove/", {"event": spring}, (403, 403, 403, 403)),
        ("get", mhush, None, (404, 404, 302, 302)),
        ("post", mhush, {"name": "Mine"}, (404, 404, 404, 404)),
        ("post", mhush + "events/remove/", {"event": spring}, (404, 404, 404, 404)),
        ("get", "/api/series/", None, (200, 200, 200, 200)),
        ("get", aclub, None, (200, 200, 200, 200)),
        ("get", aclub + "table/", None, (200, 200, 200, 200)),
        ("patch", aclub, {"name": "Mine"}, (403, 403, 403, 401)),
        ("post", aclub + "events/", {"event": open_gt}, (403, 403, 403, 401)),
        ("delete", aclub + f"events/{spring}/", None, (403, 403, 403, 401)),
        ("get", ahush, None, (404, 404, 404, 404)),
        ("get", ahush + "table/", None, (404, 404, 404, 404)),
        ("patch", ahush, {"name": "Mine"}, (404, 404, 404, 404)),
        ("post", ahush + "events/", {"event": open_gt}, (404, 404, 404, 404)),
        ("delete", ahush + f"events/{spring}/", None, (404, 404, 404, 404)),
    ]
    assert _walk(world, routes) == {}
    assert _state() == before
    # Making a series of one's own is every organiser's right: the rival's is theirs alone.
    for actor, status in zip(ACTORS, (201, 403, 403, 401), strict=True):
        client = w["clients"][actor]
        made = client.post("/api/series/", json.dumps({"name": "Mine"}), "application/json")
        assert made.status_code == status, actor
    assert list(Series.objects.filter(name="Mine").values_list("owner__username", flat=True)) == [
        "rival"
    ]
    listed = [s["id"] for s in w["clients"]["rival"].get("/api/series/").json()]
    assert w["hush"] not in listed
    assert w["club"] in listed

"""The feed's documents: licensed public events only, valid against their published schema,
players by pseudonyms, consent honoured, only settled results."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from feed.services.document import feed_pseudonyms
from people.models import PersonLink
from people.services.consent import consent_record
from tests.feed.conftest import licensed
from tests.ratings.conftest import play
from tournament.models import Event, Game, Result, Round
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs/feed.schema.json").read_text())


def _validate(document: dict) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    validator = jsonschema.Draft202012Validator(
        SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(document), key=str)
    assert errors == [], errors[0].message if errors else ""


def test_a_licensed_event_is_listed_and_its_document_follows_the_schema(anon, spring):
    listing = anon.get("/api/feed/events/").json()
    assert (listing["format"], listing["version"]) == ("strategium-feed", 1)
    assert [e["id"] for e in listing["events"]] == [spring.pk]
    assert listing["events"][0]["licence"]["id"] == "CC-BY-4.0"
    answer = anon.get(f"/api/feed/events/{spring.pk}/")
    assert answer.status_code == 200
    document = answer.json()
    _validate(document)
    assert document["licence"]["id"] == "CC-BY-4.0"
    assert document["as_of"]
    assert [r["number"] for r in document["rounds"]] == [1, 2, 3]
    assert all(r["complete"] and not r["provisional"] for r in document["rounds"])
    names = {p["id"]: p["name"] for p in document["players"]}
    first = document["rounds"][0]["games"][0]
    assert (names[first["player_a"]], names[first["player_b"]]) == ("Ann", "Bo")
    assert (first["result"]["vp_a"], first["result"]["vp_b"], first["result"]["outcome"]) == (
        70,
        40,
        "a",
    )
    # Byes come after the tables on every database (SQLite sorts a missing table first).
    bye = document["rounds"][2]["games"][-1]
    assert bye["bye"]
    assert bye["player_b"] is None
    assert bye["result"]["vp_a"] == spring.bye_vp


@pytest.mark.parametrize("licence", ["", None])
def test_an_event_without_a_licence_is_absent_and_404(anon, organiser, spring, licence):
    if licence is None:
        Event.objects.filter(pk=spring.pk).update(hidden=True)  # licensed but hidden
    else:
        event_update(event=spring, user=organiser, changes={"feed_licence": licence})
    assert anon.get("/api/feed/events/").json()["events"] == []
    answer = anon.get(f"/api/feed/events/{spring.pk}/")
    assert answer.status_code == 404
    # The same answer as for an event that does not exist.
    assert answer.json() == anon.get("/api/feed/events/987654/").json()


def test_players_who_did_not_consent_appear_without_name_or_list(anon, organiser, spring):
    from rosters.models.armylists import ArmyList, ListSettings

    ann, bo, cy = (spring.by_name[n] for n in ("Ann", "Bo", "Cy"))
    ListSettings.objects.update_or_create(
        event=spring, defaults={"publication": "everyone", "deadline": "2026-01-01T00:00Z"}
    )
    for player in (ann, bo, cy):
        ArmyList.objects.update_or_create(
            player=player, defaults={"text": f"{player.name}'s list", "detachments": ["Horde"]}
        )
    consent_record(player=ann, results=True, lists=True, via="staff", user=organiser)
    consent_record(player=bo, results=False, lists=True, via="staff", user=organiser)
    consent_record(player=cy, results=True, lists=False, via="staff", user=organiser)
    document = anon.get(f"/api/feed/events/{spring.pk}/").json()
    _validate(document)
    ids = feed_pseudonyms(player_ids=[ann.pk, bo.pk, cy.pk])
    rows = {p["id"]: p for p in document["players"]}
    assert document["event"]["lists_published"] is True
    assert (rows[ids[ann.pk]]["name"], rows[ids[ann.pk]]["list"]) == ("Ann", "Ann's list")
    assert rows[ids[ann.pk]]["detachments"] == ["Horde"]
    # Bo said no to results: no name, no list (though he said yes to his list).
    assert rows[ids[bo.pk]]["name"] is None
    assert rows[ids[bo.pk]]["list"] is None
    assert rows[ids[bo.pk]]["detachments"] is None
    assert rows[ids[bo.pk]]["faction"] == "Orks"
    # Cy said no to his list: named, no list.
    assert (rows[ids[cy.pk]]["name"], rows[ids[cy.pk]]["list"]) == ("Cy", None)
    # Bo's games are still there, under his pseudonym.
    played = [g for r in document["rounds"] for g in r["games"] if ids[bo.pk] in g.values()]
    assert len(played) == 3
    assert "Bo" not in json.dumps(document).replace("Bo's", "")


def test_pseudonyms_are_stable_across_events_and_calls_and_not_internal_ids(
    anon, organiser, spring
):
    summer = licensed(
        play(organiser, name="Summer GT", day=20, rounds=[[("Ann", "Dee", 60, 30)]]), organiser
    )
    first = anon.get(f"/api/feed/events/{spring.pk}/").json()
    again = anon.get(f"/api/feed/events/{spring.pk}/").json()
    second = anon.get(f"/api/feed/events/{summer.pk}/").json()
    by_name = {p["name"]: p["id"] for p in first["players"]}
    assert by_name == {p["name"]: p["id"] for p in again["players"]}
    for p in second["players"]:
        assert p["id"] == by_name[p["name"]]  # Ann and Dee: the same person, the same id
    ann_summer = next(p for p in summer.players.all() if p.name == "Ann")
    assert PersonLink.objects.get(player=ann_summer).person_id == (
        PersonLink.objects.get(player=spring.by_name["Ann"]).person_id
    )
    internal = {str(pk) for pk in Event.objects.values_list("players__pk", flat=True)}
    internal |= {str(pk) for pk in PersonLink.objects.values_list("person_id", flat=True)}
    assert len(set(by_name.values())) == 4
    for feed_id in by_name.values():
        assert feed_id not in internal
        assert not any(feed_id.endswith(i) and feed_id[2:].isdigit() for i in internal)


def test_only_settled_results_and_released_rounds(anon, organiser, spring):
    ann, bo, cy, dee = (spring.by_name[n] for n in ("Ann", "Bo", "Cy", "Dee"))
    fourth = Round.objects.create(event=spring, number=4, status="in_progress")
    done = Game.objects.create(round=fourth, table_number=1, player_a=ann, player_b=dee)
    waiting = Game.objects.create(round=fourth, table_number=2, player_a=bo, player_b=cy)
    Result.objects.create(game=done, version=1, vp_a=55, vp_b=45, status="confirmed", source="bye")
    Result.objects.create(
        game=waiting, version=1, vp_a=99, vp_b=0, status="pending", source="player"
    )
    Round.objects.create(event=spring, number=5, status="paired", released=False)
    document = anon.get(f"/api/feed/events/{spring.pk}/").json()
    _validate(document)
    assert [r["number"] for r in document["rounds"]] == [1, 2, 3, 4]
    fourth_doc = document["rounds"][3]
    assert (fourth_doc["complete"], fourth_doc["provisional"]) == (False, True)
    assert [g["result"] and g["result"]["vp_a"] for g in fourth_doc["games"]] == [55, None]


def test_eleventh_edition_metadata_and_battle_rounds(anon, spring):
    game = Game.objects.filter(round__event=spring, round__number=1, table_number=1).get()
    Game.objects.filter(pk=game.pk).update(
        disposition_a="take-and-hold", disposition_b="purge-the-foe", layout="B"
    )
    rounds_a = [{"primary": 10, "secondary": 4}] * 5
    rounds_b = [{"primary": 5, "secondary": 3}] * 5
    Result.objects.filter(game=game).update(
        rounds_a=rounds_a,
        rounds_b=rounds_b,
        attacker="b",
        first_turn="a",
        secondaries_a="fixed",
        secondaries_b="tactical",
    )
    document = anon.get(f"/api/feed/events/{spring.pk}/").json()
    _validate(document)
    first = document["rounds"][0]["games"][0]
    assert first["result"]["battle_rounds_a"] == rounds_a
    assert first["result"]["battle_rounds_b"] == rounds_b
    eleventh = first["eleventh"]
    assert eleventh["dispositions"] == ["take-and-hold", "purge-the-foe"]
    assert eleventh["layout"] == "B"
    assert (eleventh["attacker"], eleventh["first_turn"]) == ("b", "a")
    assert (eleventh["secondaries_a"], eleventh["secondaries_b"]) == ("fixed", "tactical")
    assert eleventh["primary_a"]
    assert eleventh["primary_b"]


def test_a_query_parameter_is_refused_naming_it(anon, spring):
    for url in ("/api/feed/events/", f"/api/feed/events/{spring.pk}/"):
        answer = anon.get(url, {"since": "2026-01-01"})
        assert answer.status_code == 400
        assert "since" in answer.json()
        assert "unknown_field" in json.dumps(answer.json())

"""A team bracket (and the third-place choice) travels in the event document: the import has
the same bracket, teams, team matches and winners, and its export is the same document."""

from __future__ import annotations

import json

import pytest

from common.errors import Invalid
from exchange.services.export import checksum, event_export_document
from exchange.services.importing.write import event_import
from playoffs.models import PlayoffTeamMatch
from playoffs.services.playoffs import playoff_advance, playoff_create
from playoffs.services.views import playoff_view
from tests.playoffs.team_events import confirm, pair_players, team_swiss

pytestmark = pytest.mark.django_db


def _without_ids(value):
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k not in ("id", "player", "team")}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def test_a_team_bracket_is_the_same_after_export_and_import(organiser):
    event = team_swiss(organiser, teams=4, rounds=2)
    playoff_create(
        event_id=event.pk,
        user=organiser,
        format="single",
        size=4,
        third_place=True,
        knockout_tiebreak="organiser",
    )
    playoff_advance(event_id=event.pk, user=organiser)
    for link in PlayoffTeamMatch.objects.select_related("team_match"):
        confirm(pair_players(link.team_match, organiser), lambda g: (80, 40))
    playoff_advance(event_id=event.pk, user=organiser)
    before = playoff_view(event=event)
    document = event_export_document(event=event)
    section = document["playoffs"]
    assert (section["entrants"], section["third_place"]) == ("teams", True)
    assert len(section["team_matches"]) == 4
    assert all(s.startswith("t-") for s in section["seeds"])
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    after = playoff_view(event=report.event)
    assert _without_ids(after) == _without_ids(before)
    again = event_export_document(event=report.event)
    assert again["playoffs"] == section


def test_a_bad_team_match_key_is_refused_by_its_path(organiser):
    event = team_swiss(organiser, teams=2, rounds=1)
    playoff_create(event_id=event.pk, user=organiser, format="single", size=2)
    playoff_advance(event_id=event.pk, user=organiser)
    document = event_export_document(event=event)
    document["playoffs"]["team_matches"][0]["team_match"] = "m-99"
    document["sha256"] = checksum(document)
    with pytest.raises(Invalid, match=r"playoffs\.team_matches\[0\]\.team_match"):
        event_import(raw=json.dumps(document).encode(), as_admin=True)

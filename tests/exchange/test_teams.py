"""A team event travels whole: teams, captains and members, the team scoring and ritual
settings, team rounds and matches with their games, each match's pairing ritual, the audit
log (whose team entries name teams and matches by the file's keys) and both standings."""

from __future__ import annotations

import json
import random

import pytest
from rest_framework.test import APIClient

from common.errors import Invalid
from exchange.services.export import checksum
from exchange.services.importing.write import event_import
from teams.engine.scoring import WTC_TABLE, table_data
from teams.models.ritual import RitualSetting, TeamMatchRitual
from teams.models.teams import Team, TeamMatch
from teams.services.matches import team_match_pair_players, team_match_unpair
from teams.services.ritual import ritual_setting_update, ritual_words
from teams.services.rounds import team_round_create
from teams.services.scoring import team_scoring_update
from teams.services.standings import team_standings_compute
from teams.services.teams import team_create, team_member_add, team_update
from tests.cross.roles.conftest import snapshot
from tests.exchange.helpers import export, imported, observable, put_aside, without_stamp
from tests.teams.ritual.test_services import play_to_the_end
from tournament.models import Event
from tournament.services.events.events import event_create
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db

FACTIONS = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"]
TEAMS, SIZE, ROUNDS = 8, 3, 3


def simulate(organiser) -> Event:
    """8 teams of 3 over 3 rounds: odd matches paired by the captains' ritual, even ones by the
    organiser (one taken back and paired again), every result confirmed."""
    rng = random.Random(16)
    event = event_create(user=organiser, name="Team Cup", rounds=ROUNDS, kind="team", team_size=3)
    # The organiser's own table (a narrower 0-5 band than the WTC's), draw margin, tie-breaks.
    own_table = [{"up_to": 2, "points": 10}, *table_data(WTC_TABLE)[1:]]
    changes = {"draw_margin": 4, "score_table": own_table, "tiebreaks": ["vp_diff", "sos"]}
    team_scoring_update(event=event, user=organiser, changes=changes)
    # Chosen and chosen back: the setting row exists, with two log entries.
    ritual_setting_update(event_id=event.pk, variant="champions", user=organiser)
    ritual_setting_update(event_id=event.pk, variant="etc", user=organiser)
    for t in range(TEAMS):
        team = team_create(event=event, user=organiser, name=f"Team {t}")
        for i, faction in enumerate(rng.sample(FACTIONS, SIZE)):
            team_member_add(team=team, user=organiser, name=f"T{t} P{i}", faction=faction)
    # A captain change: its log entry holds player ids (the undo restores them).
    team = Team.objects.get(event=event, name="Team 2")
    last = team.members.order_by("player__name").last().player_id
    team_update(team=team, user=organiser, changes={"captain": last})
    for number in range(1, ROUNDS + 1):
        team_round = team_round_create(event_id=event.pk, user=organiser, seed=number)
        for match in team_round.matches.exclude(team_b=None).order_by("number"):
            if match.number % 2:
                play_to_the_end(match)
            else:
                a = [m.player_id for m in match.team_a.members.order_by("player__name")]
                b = [m.player_id for m in match.team_b.members.order_by("player__name")]
                pairs = list(zip(a, rng.sample(b, SIZE), strict=True))
                team_match_pair_players(match=match, pairs=pairs, user=organiser)
                if number == 1:
                    team_match_unpair(match=match, user=organiser)
                    team_match_pair_players(match=match, pairs=pairs[::-1], user=organiser)
            for link in TeamMatch.objects.get(pk=match.pk).match_games.all():
                scores = {"vp_a": rng.randint(20, 100), "vp_b": rng.randint(20, 100)}
                result_enter(game_id=link.game_id, data=scores, user=organiser)
    return Event.objects.get(pk=event.pk)


def team_observable(event: Event) -> dict:
    """What people see of the teams: standings, matches and their games, rituals in words."""
    standings = team_standings_compute(event=event)
    rows = [{k: v for k, v in row.items() if k != "team"} for row in standings["rows"]]
    matches = []
    for match in TeamMatch.objects.filter(team_round__event=event).order_by(
        "team_round__number", "number"
    ):
        ritual = TeamMatchRitual.objects.filter(match=match).first()
        matches.append(
            (
                match.team_round.number,
                match.number,
                match.team_a.name,
                match.team_b.name if match.team_b_id else None,
                match.first_table,
                match.players_paired_by,
                match.players_paired_at,
                str(match.paired_by_user or ""),
                sorted(
                    (
                        link.game.table_number,
                        link.game.player_a.name,
                        link.game.player_b.name if link.game.player_b_id else None,
                    )
                    for link in match.match_games.select_related("game__player_a", "game__player_b")
                ),
                None
                if ritual is None
                else (
                    ritual.variant,
                    ritual.state["step"],
                    ritual.state["version"],
                    ritual_words(match, ritual.state),
                    [(r["side"], r["by"], r["at"]) for r in ritual.log],
                    ritual.started_at,
                    ritual.finished_at,
                ),
            )
        )
    teams = [
        (
            t.name,
            t.captain.name if t.captain_id else None,
            sorted(m.player.name for m in t.members.all()),
        )
        for t in Team.objects.filter(event=event).order_by("name")
    ]
    return {"standings": rows, "matches": matches, "teams": teams}


@pytest.fixture
def team_event(organiser):
    return simulate(organiser)


def test_a_team_event_imported_elsewhere_is_the_same_event(team_event):
    before = observable(team_event), team_observable(team_event)
    document = export(team_event)
    assert (document["event"]["kind"], document["event"]["team_size"]) == ("team", 3)
    assert len(document["teams"]) == TEAMS
    assert document["teams"][0]["members"] == ["p-1", "p-2", "p-3"]
    assert document["team_scoring"]["draw_margin"] == 4
    assert document["team_scoring"]["tiebreaks"] == ["vp_diff", "sos"]
    assert document["team_scoring"]["score_table"][0] == {"up_to": 2, "points": 10}
    assert document["ritual_setting"] == {"variant": "etc"}
    assert [r["round"] for r in document["team_rounds"]] == ["r-1", "r-2", "r-3"]
    rituals = [m["ritual"] for r in document["team_rounds"] for m in r["matches"] if m["ritual"]]
    assert len(rituals) == ROUNDS * 2
    # No database id inside a ritual: players are the file's keys.
    assert all(p.startswith("p-") for r in rituals for p in r["state"]["teams"]["a"])
    targets = {e["target"] for e in document["audit"]}
    assert {"team:t-3", "teamround:tr-1", "teammatch:m-2", "team_match:m-1"} <= targets
    # Another instance: the original is gone, so its keys and links are free again.
    # (Matches protect their teams and games their players: rounds go first.)
    team_event.team_rounds.all().delete()
    team_event.rounds.all().delete()
    Event.objects.filter(pk=team_event.pk).delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert report.new_keys == []
    copy = report.event
    assert (observable(copy), team_observable(copy)) == (imported(before[0]), before[1])
    assert without_stamp(export(copy)) == without_stamp(document)


def test_a_team_event_imported_beside_itself(team_event, organiser):
    before = observable(team_event), team_observable(team_event)
    document = export(team_event)
    copy = event_import(raw=json.dumps(document).encode(), user=organiser).event
    seen = imported(before[0], linked={organiser.username})
    assert (observable(copy), team_observable(copy)) == (seen, before[1])
    again = export(copy)
    assert put_aside(again, organiser.username) == put_aside(document, organiser.username)
    # The copy's teams are its own rows: the original's are untouched.
    assert Team.objects.filter(event=copy).count() == Team.objects.filter(event=team_event).count()
    assert not set(Team.objects.filter(event=copy).values_list("id", flat=True)) & set(
        Team.objects.filter(event=team_event).values_list("id", flat=True)
    )


def test_a_singles_file_written_before_team_events_still_imports(demo):
    document = export(demo)
    assert "teams" not in document
    del document["event"]["kind"], document["event"]["team_size"]
    document["sha256"] = checksum(document)
    copy = event_import(raw=document, as_admin=True).event
    assert (copy.kind, copy.team_size) == ("singles", 5)


def _resealed(document: dict) -> dict:
    document = {**document}
    document["sha256"] = checksum(document)
    return document


def _counts() -> dict:
    return {
        **{name: len(rows) for name, rows in snapshot().items()},
        "rituals": TeamMatchRitual.objects.count(),
        "ritual_settings": RitualSetting.objects.count(),
    }


def _refused(document: dict) -> str:
    before, rows = snapshot(), _counts()
    with pytest.raises(Invalid) as caught:
        event_import(raw=_resealed(document), as_admin=True)
    assert caught.value.codes == {"file": ["invalid_file"]}
    assert snapshot() == before
    assert _counts() == rows
    return str(caught.value).removeprefix("file: ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["teams"][2]["members"].__setitem__(1, "p-99"),
            "teams[2].members[1]: no player 'p-99' in this file.",
        ),
        (
            lambda d: d["teams"][1]["members"].__setitem__(0, "p-1"),
            "teams[1].members[0]: 'p-1' is already in team 't-1'.",
        ),
        (
            lambda d: d["teams"][0].__setitem__("captain", "p-4"),
            "teams[0].captain: 'p-4' is not a member of this team.",
        ),
        (
            lambda d: d["team_rounds"][1]["matches"][0].__setitem__("team_b", "t-99"),
            "team_rounds[1].matches[0].team_b: no team 't-99' in this file.",
        ),
        (
            lambda d: d["team_rounds"][0].__setitem__("round", "r-9"),
            "team_rounds[0].round: no round 'r-9' in this file.",
        ),
        (
            lambda d: d["team_rounds"][0]["matches"][0]["games"].__setitem__(0, "g-99"),
            "team_rounds[0].matches[0].games[0]: no game 'g-99' in this file.",
        ),
        (
            lambda d: d["team_rounds"][1]["matches"][0]["games"].__setitem__(0, "g-1"),
            "team_rounds[1].matches[0].games[0]: game 'g-1' is not a game of round 'r-2'.",
        ),
        (
            lambda d: d["team_rounds"][0]["matches"][0]["ritual"]["state"]["pool"].__setitem__(
                "a", ["p-99"]
            ),
            "team_rounds[0].matches[0].ritual.state: no player 'p-99' of this match's teams in "
            "this file.",
        ),
        (
            lambda d: d["team_scoring"].__setitem__("draw_margin", 999),
            "team_scoring.draw_margin: Must be a whole number from 0 to 60 or null.",
        ),
        (
            lambda d: d["audit"][-1].__setitem__("target", "teammatch:m-99"),
            "audit[{last}].target: no teammatch 'm-99' in this file.",
        ),
        (
            lambda d: d["event"].__setitem__("kind", "singles"),
            "teams: only a team event (event.kind 'team') has teams.",
        ),
    ],
)
def test_dangling_team_references_are_refused_by_their_place(team_event, change, message):
    document = export(team_event)
    change(document)
    assert _refused(document) == message.format(last=len(document["audit"]) - 1)


def test_the_api_exports_and_imports_a_team_event(team_event, organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    document = client.get(f"/api/events/{team_event.pk}/export/").json()
    assert [t["name"] for t in document["teams"]][:2] == ["Team 0", "Team 1"]
    answer = client.post("/api/events/import/", document, format="json")
    assert answer.status_code == 201, answer.content
    copy = Event.objects.get(pk=answer.json()["id"])
    assert team_observable(copy) == team_observable(team_event)
    # A dangling team reference over the API: a 400 naming its place, nothing written.
    document["teams"][2]["members"][1] = "p-99"
    rows = _counts()
    answer = client.post("/api/events/import/", _resealed(document), format="json")
    assert answer.status_code == 400
    assert answer.json()["error_codes"] == {"file": ["invalid_file"]}
    assert answer.json()["file"] == ["teams[2].members[1]: no player 'p-99' in this file."]
    assert _counts() == rows

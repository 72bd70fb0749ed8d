"""Team services: entering teams, the faction rule, pairing team rounds and match players,
standings from confirmed results only, the audit log and its undo."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Invalid
from teams.models.teams import Team, TeamMatch
from teams.services.matches import team_match_pair_players
from teams.services.rounds import team_round_create
from teams.services.standings import team_standings_compute
from teams.services.teams import team_create, team_member_add, team_update, teams_import
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo
from tournament.services.events.events import event_create, event_update
from tournament.services.players.players import player_update
from tournament.services.results.results import result_confirm, result_enter

pytestmark = pytest.mark.django_db

FACTIONS = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"]


@pytest.fixture
def event(organiser):
    return event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)


def _team(event, user, name, factions=("Orks", "Necrons", "Aeldari")):
    team = team_create(event=event, user=user, name=name)
    for i, faction in enumerate(factions):
        team_member_add(team=team, user=user, name=f"{name} {i + 1}", faction=faction)
    return team


def test_first_member_captains_and_the_captain_key_is_theirs(event, organiser):
    team = _team(event, organiser, "Lions")
    team.refresh_from_db()
    assert team.captain.name == "Lions 1"
    assert team.captain_key == team.captain.private_key


def test_duplicate_faction_is_refused_naming_team_and_member(event, organiser):
    team = _team(event, organiser, "Lions", ("Orks",))
    with pytest.raises(Invalid) as exc:
        team_member_add(team=team, user=organiser, name="Other", faction="orks")
    assert exc.value.codes == {"faction": ["duplicate_faction"]}
    assert "Lions" in str(exc.value)
    assert "Lions 1" in str(exc.value)
    assert team.members.count() == 1


def test_another_spelling_of_a_members_faction_is_the_same_faction(event, organiser):
    team = _team(event, organiser, "Lions", ("T'au Empire",))
    with pytest.raises(Invalid) as exc:
        team_member_add(team=team, user=organiser, name="Other", faction="Tau Empire")
    assert exc.value.codes == {"faction": ["duplicate_faction"]}


def test_player_edit_keeps_the_faction_rule(event, organiser):
    team = _team(event, organiser, "Lions")
    second = team.members.get(player__name="Lions 2").player
    with pytest.raises(Invalid) as exc:
        player_update(player=second, user=organiser, changes={"faction": "Orks"})
    assert exc.value.codes == {"faction": ["duplicate_faction"]}
    second.refresh_from_db()
    assert second.faction == "Necrons"


def test_a_full_team_takes_nobody_more(event, organiser):
    team = _team(event, organiser, "Lions")
    with pytest.raises(Conflict) as exc:
        team_member_add(team=team, user=organiser, name="Fourth", faction="Tau Empire")
    assert exc.value.codes == {"team": ["team_full"]}


def test_team_size_cannot_go_below_a_team(event, organiser):
    _team(event, organiser, "Lions")
    with pytest.raises(Invalid) as exc:
        event_update(event=event, user=organiser, changes={"team_size": 2})
    assert "team_size" in exc.value.codes


def test_import_is_all_or_nothing_and_names_the_line(event, organiser):
    text = "team,name,faction,club\nLions,Ann,Orks,\nLions,Bob,Orks,\n"
    with pytest.raises(Invalid) as exc:
        teams_import(event=event, user=organiser, text=text)
    assert "Line 3" in str(exc.value)
    assert "faction" in str(exc.value)
    assert not Team.objects.filter(event=event).exists()
    teams = teams_import(
        event=event, user=organiser, text="Lions,Ann,Orks\nLions,Bob,Necrons,Club X\nBears,C,Orks"
    )
    assert [t.name for t in teams] == ["Lions", "Bears"]
    assert Team.objects.get(name="Lions").captain.name == "Ann"


def _in_order(match):
    a = match.team_a.members.values_list("player_id", flat=True)
    b = match.team_b.members.values_list("player_id", flat=True)
    return list(zip(a, b, strict=True))


def _play(event, organiser, vp=(60, 40)):
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    for match in team_round.matches.exclude(team_b=None):
        a = list(match.team_a.members.values_list("player_id", flat=True))
        b = list(match.team_b.members.values_list("player_id", flat=True))
        games = team_match_pair_players(
            match=match, pairs=list(zip(a, b, strict=False)), user=organiser
        )
        for game in games:
            result_enter(game_id=game.pk, data={"vp_a": vp[0], "vp_b": vp[1]}, user=organiser)
    return team_round


def test_a_round_pairs_matches_and_players_then_standings_count(event, organiser):
    for name in ("Lions", "Bears", "Wolves", "Owls"):
        _team(event, organiser, name)
    team_round = _play(event, organiser)
    matches = list(team_round.matches.all())
    assert len(matches) == 2
    assert [m.first_table for m in matches] == [1, 4]
    standings = team_standings_compute(event=event)
    top = standings["rows"][:2]
    assert {r["wins"] for r in top} == {1}
    # 60-40: difference 20, 13-7 by the WTC table, three games: 39-21
    assert {r["game_points"] for r in top} == {39}
    assert standings["unfinished_matches"] == []


def test_unconfirmed_results_do_not_count(event, organiser):
    for name in ("Lions", "Bears"):
        _team(event, organiser, name)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    match = team_round.matches.get()
    a = list(match.team_a.members.values_list("player_id", flat=True))
    b = list(match.team_b.members.values_list("player_id", flat=True))
    games = team_match_pair_players(
        match=match, pairs=list(zip(a, b, strict=False)), source="ritual"
    )
    for game in games:
        result_enter(game_id=game.pk, data={"vp_a": 90, "vp_b": 10}, player=game.player_a)
    standings = team_standings_compute(event=event)
    assert {r["played"] for r in standings["rows"]} == {0}
    assert standings["unfinished_matches"][0]["confirmed"] == 0
    provisional = team_standings_compute(event=event, provisional=True)
    assert provisional["rows"][0]["wins"] == 1
    for game in games:
        result_confirm(game_id=game.pk, player=game.player_b)
    assert team_standings_compute(event=event)["rows"][0]["game_points"] == 60


def test_pairs_must_name_every_player_once(event, organiser):
    for name in ("Lions", "Bears"):
        _team(event, organiser, name)
    match = team_round_create(event_id=event.pk, user=organiser, seed=1).matches.get()
    a = list(match.team_a.members.values_list("player_id", flat=True))
    b = list(match.team_b.members.values_list("player_id", flat=True))
    for pairs, code in (
        ([(a[0], b[0]), (a[0], b[1]), (a[2], b[2])], "paired_twice"),
        ([(a[0], b[0]), (a[1], b[1])], "unpaired"),
        ([(b[0], a[0]), (a[1], b[1]), (a[2], b[2])], "wrong_team"),
    ):
        with pytest.raises(Invalid) as exc:
            team_match_pair_players(match=match, pairs=pairs, user=organiser)
        assert exc.value.codes == {"pairs": [code]}
    assert not TeamMatch.objects.get(pk=match.pk).match_games.exists()


def test_pairing_and_round_are_logged_and_undone(event, organiser):
    for name in ("Lions", "Bears", "Wolves"):
        _team(event, organiser, name)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3)
    assert team_round.matches.filter(team_b=None).count() == 1
    match = team_round.matches.exclude(team_b=None).get()
    a = list(match.team_a.members.values_list("player_id", flat=True))
    b = list(match.team_b.members.values_list("player_id", flat=True))
    team_match_pair_players(match=match, pairs=list(zip(a, b, strict=False)), user=organiser)
    entry = AuditEntry.objects.get(action="team_match_pair")
    audit_undo(entry_id=entry.pk, user=organiser)
    assert not match.match_games.exists()
    entry = AuditEntry.objects.get(action="team_round_create")
    audit_undo(entry_id=entry.pk, user=organiser)
    assert not event.team_rounds.exists()
    assert not event.rounds.exists()


def test_dropped_team_is_not_paired(event, organiser):
    teams = [_team(event, organiser, n) for n in ("Lions", "Bears", "Wolves")]
    team_update(team=teams[2], user=organiser, changes={"dropped": True})
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3)
    assert team_round.matches.count() == 1
    assert teams[2].pk not in {
        team_round.matches.get().team_a_id,
        team_round.matches.get().team_b_id,
    }


def test_singles_rounds_are_refused_in_a_team_event(event, organiser):
    from tournament.services.rounds.rounds import round_create

    with pytest.raises(Conflict) as exc:
        round_create(event_id=event.pk, user=organiser)
    assert exc.value.codes == {"round": ["team_event"]}


def test_singles_round_tools_are_refused_in_a_team_event(event, organiser):
    from tournament.services.rounds.rounds import round_delete_latest
    from tournament.services.rounds.swaps import round_repair, round_swap_players

    for name in ("Lions", "Bears"):
        _team(event, organiser, name)
    team_round_create(event_id=event.pk, user=organiser, seed=1)
    players = list(event.players.all())
    for call in (
        lambda: round_delete_latest(event_id=event.pk, user=organiser),
        lambda: round_repair(event_id=event.pk, user=organiser),
        lambda: round_swap_players(
            event_id=event.pk,
            user=organiser,
            round_number=1,
            player_x=players[0].pk,
            player_y=players[1].pk,
        ),
    ):
        with pytest.raises(Conflict) as exc:
            call()
        assert exc.value.codes == {"round": ["team_event"]}
    assert event.team_rounds.count() == 1


def test_team_actions_are_logged_in_words(event, organiser):
    from tournament.services.audit.words import audit_describe

    for name in ("Lions", "Bears"):
        _team(event, organiser, name)
    _play(event, organiser)
    entries = list(AuditEntry.objects.filter(action__startswith="team_"))
    words = audit_describe(entries)
    texts = [words[e.pk] for e in entries]
    assert "Team Lions entered" in texts
    assert any(t.startswith("Team round 1 paired: ") and " v " in t for t in texts)
    paired = next(t for t in texts if "players paired by the organiser" in t)
    assert "(table 1)" in paired
    assert "Lions 1 v Bears 1" in paired or "Bears 1 v Lions 1" in paired


def test_an_old_pairing_entry_does_not_undo_a_newer_pairing(event, organiser):
    from teams.services.matches import team_match_unpair

    for name in ("Lions", "Bears"):
        _team(event, organiser, name)
    match = team_round_create(event_id=event.pk, user=organiser, seed=1).matches.get()
    pairs = _in_order(match)
    team_match_pair_players(match=match, pairs=pairs, user=organiser)
    first = AuditEntry.objects.get(action="team_match_pair")
    team_match_unpair(match=match, user=organiser)
    swapped = [(pairs[0][0], pairs[1][1]), (pairs[1][0], pairs[0][1]), pairs[2]]
    team_match_pair_players(match=match, pairs=swapped, user=organiser)
    with pytest.raises(Conflict) as exc:
        audit_undo(entry_id=first.pk, user=organiser)
    assert exc.value.codes == {"entry": ["gone"]}
    assert match.match_games.count() == 3


def test_a_played_team_event_can_be_deleted_whole(event, organiser):
    from teams.models.teams import TeamMatchGame, TeamRound
    from tournament.models import Event, Player
    from tournament.services.events.events import event_delete

    for name in ("Lions", "Bears"):
        _team(event, organiser, name)
    _play(event, organiser)
    event_delete(event=event, user=organiser, confirm="Team GT")
    assert not Event.objects.filter(pk=event.pk).exists()
    assert not Team.objects.exists()
    assert not TeamRound.objects.exists()
    assert not TeamMatchGame.objects.exists()
    assert not Player.objects.filter(event_id=event.pk).exists()


def test_a_team_event_with_teams_stays_a_team_event(event, organiser):
    _team(event, organiser, "Lions", ("Orks",))
    with pytest.raises(Invalid) as exc:
        event_update(event=event, user=organiser, changes={"kind": "singles"})
    assert exc.value.codes == {"kind": ["has_teams"]}


def test_a_captain_key_finds_the_team_and_its_current_match(event, organiser):
    from teams.services.captains import captain_team_find, team_match_current

    lions = _team(event, organiser, "Lions")
    _team(event, organiser, "Bears")
    lions.refresh_from_db()
    assert captain_team_find(key=lions.captain.private_key) == lions
    assert captain_team_find(key="nobody") is None
    other = lions.members.exclude(player=lions.captain).first().player
    assert captain_team_find(key=other.private_key) is None
    assert team_match_current(team=lions) is None
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    assert team_match_current(team=lions) == team_round.matches.get()


def test_a_new_captain_is_logged_by_name_and_undone(event, organiser):
    from tournament.services.audit.words import audit_describe

    team = _team(event, organiser, "Lions")
    second = team.members.get(player__name="Lions 2").player
    team_update(team=team, user=organiser, changes={"captain": second.pk})
    entry = AuditEntry.objects.get(action="team_update")
    assert audit_describe([entry])[entry.pk] == "Lions: captain Lions 1 → Lions 2"
    audit_undo(entry_id=entry.pk, user=organiser)
    team.refresh_from_db()
    assert team.captain.name == "Lions 1"


def test_team_round_1_closes_sign_up_and_the_status_follows_the_rounds(organiser):
    event = event_create(user=organiser, name="Short Team GT", rounds=1, kind="team", team_size=3)
    event = event_update(event=event, user=organiser, changes={"registration_open": True})
    for name in ("Lions", "Bears"):
        _team(event, organiser, name)
    _play(event, organiser)
    event.refresh_from_db()
    assert (event.registration_open, event.status) == (False, "finished")
    closing = AuditEntry.objects.filter(action="event_update").latest("pk")
    assert closing.after == {"registration_open": False}

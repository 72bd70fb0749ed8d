"""Every page a person can open, in one list, and an event with enough in it to fill them.

tests/cross/browser/test_site_walk.py walks PAGES (its policy, phone and accessibility checks on
one load of each page). A new page joins every check by adding one `Page` row here: a name (in
the walk's report and the screenshot's name), who opens it, and a function from the `Site` to
its path. `Site.extra` is there for rows that need more data
than the event below (a `setup` function on the row may put it there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse

ORGANISER = "organiser"
PLAYER = "player"  # the private link of Player A, who has a game in the current round
ANYONE = "anyone"  # not signed in


@dataclass
class Site:
    event: object
    organiser: object
    players: dict  # label -> Player; A plays B, C plays D, E plays F, G plays H in round 1
    games: dict  # label of player_a -> Game
    tracked: object  # a standalone tracker game
    extra: dict = field(default_factory=dict)


# Classic pack missions by shareable code (seeded, so always the same mission).
EIGHTH_APPROXIMATE = "EGT-0-0"  # Spoils of War on Spearhead Assault
SEVENTH_MAELSTROM = "SVN-0-0"  # The Spoils of War, with Mysterious Objectives
ONLY_WAR = "OWR-1-1"  # Slay and Secure
CLEANSE = "EGT-6-6"  # 8th edition Maelstrom of War: Cleanse and Capture
ELEVENTH_QUERY = "?a=take-and-hold&b=purge-the-foe&layout=B&seed=7"  # Search and Destroy


def _eleventh() -> str:
    """The shareable code of an 11th-edition matchup whose layout is in the data."""
    from missions.services.eleventh import matchup_generate

    return matchup_generate(seed=7, a="take-and-hold", b="purge-the-foe", layout="B").code


@dataclass(frozen=True)
class Page:
    name: str
    who: str
    path: Callable[[Site], str]
    setup: Callable[[Site], None] | None = None
    ready: str = "main"  # a selector that is on the page once it has drawn itself


def _e(name: str, *args) -> Callable[[Site], str]:
    """The path of an event page: the event id, then args (callables take the site)."""
    return lambda s: reverse(name, args=[s.event.pk, *(a(s) if callable(a) else a for a in args)])


def _key(s: Site) -> str:
    return s.players["A"].private_key


def _open_signup(s: Site) -> None:
    """Sign-up open with two places taken by one sign-up waiting for approval and one waiting."""
    from tournament.services.events.events import event_update
    from tournament.services.players.registration import registration_submit

    event_update(
        event=s.event,
        user=s.organiser,
        changes={"registration_open": True, "registration_approval": True, "places": 9},
    )
    registration_submit(event=s.event, name="Iona Pending-Approval", faction="Orks")
    registration_submit(event=s.event, name="Jory On-The-Waiting-List", faction="Necrons")


def _check_in_open(s: Site) -> None:
    """Check-in from the phone open, Player A not checked in yet."""
    from tournament.services.events.events import event_update

    event_update(event=s.event, user=s.organiser, changes={"check_in_open": True})
    type(s.players["A"]).objects.filter(pk=s.players["A"].pk).update(checked_in=False)


def _round_under_review(s: Site) -> None:
    """The current round back under the organiser's review (unreleased)."""
    s.games["A"].round.__class__.objects.filter(pk=s.games["A"].round_id).update(released=False)


def _awarded(s: Site) -> None:
    """Painting scores for some players, and Dita's vote for Cass after their confirmed game."""
    from tournament.services.standings.awards import painting_set, sports_vote

    for label, score in (("A", 18), ("C", 12), ("D", 18)):
        painting_set(event=s.event, player_id=s.players[label].pk, score=score, user=s.organiser)
    sports_vote(game_id=s.games["C"].pk, player=s.players["D"], favourite=True)


def _maelstrom_game(s: Site) -> None:
    """An 8th edition Tactical Escalation game at the end of round 2's first turn, with an
    objective achieved, so the page shows objectives, achieve forms, the log and the score."""
    from tracker.services.trackers import tracker_act, tracker_create

    tracked = tracker_create(pack_key="eighth", mission_key="tactical_escalation", seed=3)

    def act(kind: str, **fields) -> None:
        state = tracked.state
        action = {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
        tracker_act(tracked_id=tracked.pk, action=action)
        tracked.refresh_from_db()

    act("set_priority", side="player_1", category="Purge")
    act("set_priority", side="player_2", category="Seize Ground")
    act("set_first_turn", first="player_1")
    for side in ("player_1", "player_2", "player_1"):
        act("generate", side=side)
        act("advance", side=side)
        if tracked.state["round"] == 1 and side == "player_1":
            number = tracked.state["sides"]["player_1"]["active"][0]
            act("achieve", side=side, number=number, roll=2)
        if tracked.state["round"] == 1:
            act("end_turn", side=side)
    s.extra["maelstrom"] = tracked


def _eternal_games(s: Site) -> None:
    """Two Eternal War games: Big Guns Never Tire (8th) in round 2 with Heavy Support units
    destroyed and a bonus point, and The Scouring (8th) at the end of the battle with two
    markers held, so the pages show the turn's forms, the markers' forms and the score."""
    from tracker.services.trackers import tracker_act, tracker_create

    def act(tracked, kind: str, **fields) -> None:
        state = tracked.state
        action = {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
        tracker_act(tracked_id=tracked.pk, action=action)
        tracked.refresh_from_db()

    guns = tracker_create(pack_key="eighth", mission_key="big_guns_never_tire", seed=2)
    act(guns, "set_first_turn", first="player_1")
    act(guns, "kills", side="player_1", count=2)
    act(guns, "bonus", side="player_1", name="first_blood", value=True)
    act(guns, "end_turn", side="player_1")
    act(guns, "end_turn", side="player_2")
    scouring = tracker_create(pack_key="eighth", mission_key="the_scouring", seed=2)
    act(scouring, "roll_markers", superior=3, inferior=5)
    act(scouring, "set_first_turn", first="player_2")
    while scouring.state["phase"] in ("turn", "game_length"):
        if scouring.state["phase"] == "game_length":
            act(scouring, "game_length", roll=1)
        else:
            act(scouring, "end_turn", side=scouring.state["turn"])
    act(scouring, "hold", marker=3, holder="player_1")
    act(scouring, "hold", marker=5, holder="player_2")
    s.extra["eternal"], s.extra["eternal_end"] = guns, scouring


def _only_war_tracked_event(s: Site) -> None:
    """An Only War event, round 1 paired on Domination: its game's tracker in setup (the
    Power Levels form) on Player 1's phone."""
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    event = event_create(
        user=s.organiser, name="Only War Skirmish", rounds=3, mission_pack="only_war", seed=4
    )
    players = [
        player_register(event=event, user=s.organiser, name=name, faction=faction)
        for name, faction in zip(NAMES[4:8], FACTIONS[4:8], strict=True)
    ]
    round_ = round_create(
        event_id=event.pk,
        user=s.organiser,
        pairings=[
            {"player_a": players[0].pk, "player_b": players[1].pk},
            {"player_a": players[2].pk, "player_b": players[3].pk},
        ],
        mission_code=ONLY_WAR,
    )
    s.extra["only_war_game"] = round_.games.get(player_a=players[0])


def _eleventh_game(s: Site) -> None:
    """An 11th-edition game in round 2: A Fixed, B Tactical with cards in hand, primary VP
    banked, B's page open at the end of its turn (score and discard forms)."""
    from tracker.services.trackers import tracker_act, tracker_create

    tracked = tracker_create(pack_key="eleventh", dispositions=("disruption", "purge-the-foe"))

    def act(kind: str, **fields) -> None:
        state = tracked.state
        action = {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
        tracker_act(tracked_id=tracked.pk, action=action)
        tracked.refresh_from_db()

    act("assign_roles", attacker="a")
    act("choose_secondaries", side="a", mode="fixed", cards=["assassination", "bring-it-down"])
    act("choose_secondaries", side="b", mode="tactical")
    act("set_first_turn", first="a")
    for _ in range(3):  # A's and B's round 1 turns, then A's round 2 turn
        side = tracked.state["turn"]
        if side == "b":
            act("draw", side="b")
        act("advance", side=side, to="end_of_turn")
        if side == "a":
            act("score_primary", side="a", vp=2)
        act("advance", side=side)
    act("draw", side="b")
    act("advance", side="b", to="end_of_turn")
    s.extra["eleventh"] = tracked


def _classic_event(s: Site) -> None:
    """An 8th edition event beside the Leviathan one, round 1 on Cleanse and Capture (a
    Maelstrom of War mission): its game tracked into player 1's first turn."""
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create
    from tracker.services.trackers import tracker_game_act, tracker_of_game

    event = event_create(
        user=s.organiser, name="Eighth Edition Revival", rounds=3, mission_pack="eighth", seed=3
    )
    players = [
        player_register(event=event, user=s.organiser, name=name, faction=faction)
        for name, faction in zip(NAMES[:4], FACTIONS[:4], strict=True)
    ]
    round_ = round_create(
        event_id=event.pk,
        user=s.organiser,
        pairings=[
            {"player_a": players[0].pk, "player_b": players[1].pk},
            {"player_a": players[2].pk, "player_b": players[3].pk},
        ],
        mission_code=CLEANSE,
    )
    game = round_.games.get(player_a=players[0])
    for fields in (
        {"type": "set_first_turn", "first": "player_1"},
        {"type": "generate", "side": "player_1", "discard": []},
    ):
        state = tracker_of_game(game_id=game.pk, user=s.organiser).state
        action = {"round": state["round"], "phase": state["phase"], "seq": state["seq"], **fields}
        tracker_game_act(game_id=game.pk, action=action, user=s.organiser)
    s.extra["classic_event"] = event
    s.extra["classic_game"] = game


def _only_war_event(s: Site) -> None:
    """An Only War event, round 1 on Ancient Relic chosen by name: the Rounds page shows the
    map and leaves the marker roll to the table; the phones ask both Power Levels."""
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.rounds.mission import round_choose_mission
    from tournament.services.rounds.rounds import round_create

    event = event_create(
        user=s.organiser, name="Only War Night", rounds=2, mission_pack="only_war", seed=5
    )
    players = [
        player_register(event=event, user=s.organiser, name=name, faction=faction)
        for name, faction in zip(NAMES[:2], FACTIONS[:2], strict=True)
    ]
    round_create(
        event_id=event.pk,
        user=s.organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    )
    round_choose_mission(
        event_id=event.pk, user=s.organiser, number=1, mission_name="ancient_relic"
    )
    s.extra["only_war_event"] = event
    s.extra["only_war_key"] = players[0].private_key


def _c(name: str, *args) -> Callable[[Site], str]:
    """The path of a classic-pack event page (the event of `_classic_event`)."""
    return lambda s: reverse(
        name, args=[s.extra["classic_event"].pk, *(a(s) if callable(a) else a for a in args)]
    )


def _classic_tracker(s: Site) -> str:
    return reverse("tracker-game", args=[s.extra["classic_game"].pk])


def _eleventh_results(s: Site) -> None:
    """An 11th-edition event beside the Leviathan one: round 1 paired, one game confirmed with
    its whole record (battle rounds, Attacker, first turn, secondaries), round 1's other game
    waiting for its result (the record's boxes on the board and on Player 1's phone)."""
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    event = event_create(
        user=s.organiser, name="Eleventh Edition Open", rounds=3, mission_pack="eleventh", seed=5
    )
    dispositions = ("take-and-hold", "purge-the-foe", "disruption", "reconnaissance")
    players = [
        player_register(
            event=event, user=s.organiser, name=name, faction=faction, disposition=disposition
        )
        for name, faction, disposition in zip(NAMES[:4], FACTIONS[:4], dispositions, strict=True)
    ]
    round_ = round_create(
        event_id=event.pk,
        user=s.organiser,
        pairings=[
            {"player_a": players[0].pk, "player_b": players[1].pk},
            {"player_a": players[2].pk, "player_b": players[3].pk},
        ],
    )
    played = round_.games.get(player_a=players[2])
    grid = [{"primary": 8, "secondary": 6}] * 5
    data = {"rounds_a": grid, "vp_b": 51, "first_turn": "a", "secondaries_a": "tactical"}
    result_enter(game_id=played.pk, data=data, user=s.organiser)
    s.extra["eleventh_event"] = event
    s.extra["eleventh_game"] = round_.games.get(player_a=players[0])


def _r11(name: str, query: str = "") -> Callable[[Site], str]:
    """The path of a page of the 11th-edition event of `_eleventh_results`."""
    return lambda s: reverse(name, args=[s.extra["eleventh_event"].pk]) + query


def _a_confirmed(s: Site) -> None:
    """Player A's game confirmed, so their page asks for the sportsmanship vote."""
    from tournament.services.results.results import result_enter

    result_enter(game_id=s.games["A"].pk, data={"vp_a": 66, "vp_b": 58}, user=s.organiser)


def _judge_called(s: Site) -> None:
    """Player C's table called a judge (a note), A's claimed by the organiser: the floor page's
    two kinds of call, and A's page says a judge is on the way."""
    from floor.services.calls import judge_call_claim, judge_call_open

    judge_call_open(
        game_id=s.games["C"].pk, note="Line of sight to the ruin", player=s.players["C"]
    )
    call, _ = judge_call_open(game_id=s.games["A"].pk, player=s.players["A"])
    judge_call_claim(call_id=call.pk, user=s.organiser)


def _penalised(s: Site) -> None:
    """Issue 35: player A's game confirmed, A given a yellow card and a VP penalty, A's table
    given ten more minutes: the marks show on the standings, pairings and staff pages."""
    from tournament.services.players.penalties import penalty_give
    from tournament.services.rounds.extensions import game_extend

    _a_confirmed(s)
    for kind, vp in (("yellow_card", None), ("vp_penalty", 5)):
        penalty_give(
            event=s.event,
            user=s.organiser,
            player_id=s.players["A"].pk,
            kind=kind,
            round_number=1,
            vp=vp,
            reason="Slow play",
        )
    game_extend(game_id=s.games["A"].pk, minutes=10, reason="Judge call", user=s.organiser)


def _lists_sent(s: Site) -> None:
    """Lists from A (over the points limit, needing a fix), B (checked) and C (its faction
    not the one recorded); the rest none."""
    from rosters.services.armylists import army_list_review, army_list_submit

    over = "++ Army Roster (Adeptus Custodes) [2,035pts] ++\n\n+ HQ +\nShield-Captain [130pts]"
    army_list_submit(player=s.players["A"], text=over, by_player=True)
    army_list_review(
        player=s.players["A"], user=s.organiser, status="needs_fix", comment="35 points over."
    )
    army_list_submit(
        player=s.players["B"], text="Strike Force (2000 Points)\nWarboss", by_player=True
    )
    army_list_review(player=s.players["B"], user=s.organiser, status="checked")
    # C is recorded as Space Marines and sends an Orks list: the page shows the mismatch
    # with its "use the list's faction" button.
    army_list_submit(
        player=s.players["C"],
        text="Orks\nStrike Force (2000 Points)\n\nCHARACTERS\n\nWarboss (80 Points)",
        by_player=True,
    )


def _lists_published(s: Site) -> None:
    """The lists above, published to everyone: the deadline has passed."""
    import datetime

    from django.utils import timezone

    from tournament.services.events.events import event_update

    _lists_sent(s)
    event_update(
        event=s.event,
        user=s.organiser,
        changes={
            "list_deadline": timezone.now() - datetime.timedelta(hours=1),
            "list_publication": "everyone",
        },
    )


def _last_audit(s: Site) -> int:
    return s.event.audit.first().pk


def _team_match(s: Site) -> None:
    """A team event of two 4-player teams, round 1 paired, both defenders revealed: the
    captain's ritual page then shows the attackers step."""
    from teams.services.ritual import ritual_act
    from teams.services.rounds import team_round_create
    from teams.services.teams import team_create, team_member_add
    from tournament.services.events.events import event_create

    event = event_create(user=s.organiser, name="Team GT", rounds=3, kind="team", team_size=4)
    for team_name, people in (("Lions", "Ann Bea Cyd Dot"), ("Wolves", "Eve Fay Gus Hal")):
        team = team_create(event=event, user=s.organiser, name=team_name)
        for name, faction in zip(
            people.split(), ("Orks", "Necrons", "Aeldari", "Tau Empire"), strict=True
        ):
            team_member_add(
                team=team, user=s.organiser, name=f"{name} {team_name}", faction=faction
            )
    match = team_round_create(event_id=event.pk, user=s.organiser, seed=1).matches.get()
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        first = team.members.order_by("player__name").first().player_id
        ritual_act(
            match_id=match.pk,
            data={"side": side, "step": "defender", "player": first},
            user=s.organiser,
        )
    s.extra["ritual_event"] = event
    s.extra["team_match"] = match
    s.extra["captain_key"] = match.team_a.captain.private_key


def _team_event(s: Site) -> None:
    """A team event beside the singles one: four teams of three, team round 1 paired, the
    first match's players paired and one of its results entered (not yet confirmed)."""
    from teams.services.matches import team_match_pair_players
    from teams.services.rounds import team_round_create
    from teams.services.teams import team_create, team_member_add
    from tournament.services.events.events import event_create
    from tournament.services.results.results import result_enter

    event = event_create(user=s.organiser, name="Team Cup", rounds=3, kind="team", team_size=3)
    for name in ("Iron Lions", "Grey Bears", "Red Wolves", "Pale Owls"):
        team = team_create(event=event, user=s.organiser, name=name)
        for i, faction in enumerate(("Orks", "Necrons", "Aeldari"), start=1):
            team_member_add(team=team, user=s.organiser, name=f"{name} {i}", faction=faction)
    match = team_round_create(event_id=event.pk, user=s.organiser, seed=1).matches.first()
    a = match.team_a.members.values_list("player_id", flat=True)
    b = match.team_b.members.values_list("player_id", flat=True)
    games = team_match_pair_players(
        match=match, pairs=list(zip(a, b, strict=True)), user=s.organiser
    )
    result_enter(game_id=games[0].pk, data={"vp_a": 72, "vp_b": 41}, player=games[0].player_a)
    s.extra["team_event"] = event
    s.extra["team"] = match.team_a


def _t(name: str, *args) -> Callable[[Site], str]:
    """The path of a team event page (the event of `_team_event`)."""
    return lambda s: reverse(
        name, args=[s.extra["team_event"].pk, *(a(s) if callable(a) else a for a in args)]
    )


def _playoff_event(s: Site) -> None:
    """A finished 3-round Swiss of 12 cut to a top 8 after a 5-12 qualifier, the qualifier
    played and the quarter-finals paired: the bracket on a phone and on the big screen."""
    from playoffs.services.playoffs import playoff_advance, playoff_create
    from tests.playoffs.conftest import swiss_event
    from tournament.services.results.results import result_enter

    event = swiss_event(s.organiser, players=12, rounds=3)
    playoff_create(event_id=event.pk, user=s.organiser, format="single", size=8, qualifier=(5, 12))
    for game in playoff_advance(event_id=event.pk, user=s.organiser).games.all():
        result_enter(game_id=game.pk, data={"vp_a": 75, "vp_b": 60}, user=s.organiser)
    playoff_advance(event_id=event.pk, user=s.organiser)
    s.extra["playoff_event"] = event
    s.extra["playoff_key"] = event.players.order_by("pk").first().private_key


def _team_playoff_event(s: Site) -> None:
    """A 4-team Swiss of 2 rounds cut to a team top 4 with a third-place match, the
    semi-finals paired: a team bracket (team names, tables, the team tie rule)."""
    from playoffs.services.playoffs import playoff_advance, playoff_create
    from tests.playoffs.team_events import team_swiss

    event = team_swiss(s.organiser, teams=4, rounds=2)
    playoff_create(
        event_id=event.pk,
        user=s.organiser,
        format="single",
        size=4,
        third_place=True,
        knockout_tiebreak="game_points",
    )
    playoff_advance(event_id=event.pk, user=s.organiser)
    s.extra["team_playoff_event"] = event


def _tp(name: str) -> Callable[[Site], str]:
    """The path of a page of the team bracket's event (`_team_playoff_event`)."""
    return lambda s: reverse(name, args=[s.extra["team_playoff_event"].pk])


def _p(name: str) -> Callable[[Site], str]:
    """The path of a page of the play-off event (the event of `_playoff_event`)."""
    return lambda s: reverse(name, args=[s.extra["playoff_event"].pk])


def _patrol_event(s: Site) -> None:
    """A Combat Patrol event with two patrols entered."""
    from rosters.services.patrols.patrols import patrol_create
    from tournament.services.events.events import event_create

    event = event_create(
        user=s.organiser, name="Patrol Clash", rounds=3, battle_size="combat_patrol"
    )
    for name, units in (
        ("Orks Combat Patrol", [("Warboss", 1), ("Boyz", 10), ("Deffkoptas", 3)]),
        ("Necrons Combat Patrol", [("Overlord", 1), ("Necron Warriors", 10)]),
    ):
        patrol = patrol_create(
            event=event,
            user=s.organiser,
            data={
                "name": name,
                "units": [{"name": n, "models": m} for n, m in units],
                "enhancements": ["First Enhancement", "Second Enhancement"],
            },
        )
    s.extra["patrol_event"] = event
    s.extra["patrol"] = patrol


def _cp(name: str, *args) -> Callable[[Site], str]:
    """The path of a page of the Combat Patrol event (the event of `_patrol_event`)."""
    return lambda s: reverse(
        name, args=[s.extra["patrol_event"].pk, *(a(s) if callable(a) else a for a in args)]
    )


def _series(s: Site) -> None:
    """Two finished events with the same long-named players (one known only by name, so the
    organiser has a suggestion), in a series counting the best event."""
    from series.services.series import series_create, series_event_add
    from tests.series.helpers import finished_event

    people = [
        ("Hild Brannigan-Featherstonehaugh", "hild@example.org"),
        ("Bram Okoro", "bram@example.org"),
        ("Cass Ironhand", ""),
        ("Dita Moreau", "dita@example.org"),
    ]
    spring, players = finished_event(s.organiser, "Spring Grand Tournament 2026", people)
    autumn, _ = finished_event(s.organiser, "Autumn Grand Tournament 2026", people[::-1])
    series = series_create(
        user=s.organiser,
        fields={
            "name": "Northern Club League 2026",
            "placing_points": ["25", "18", "15", "12"],
            "best_events": 1,
        },
    )
    for event in (spring, autumn):
        series_event_add(user=s.organiser, series_id=series.pk, event_id=event.pk)
    s.extra["series"] = series
    s.extra["person"] = players[0].person_link.person


def _rated(s: Site) -> None:
    """The series' two finished events rated (issue 37): the ratings page and a person's
    rating history chart."""
    from ratings.engine.ratings import edition_of
    from ratings.services.ratings import ratings_rebuild_all

    _series(s)
    ratings_rebuild_all()
    s.extra["edition"] = edition_of(s.extra["person"].links.first().player.event.mission_pack)


def _win_chances(s: Site) -> None:
    """The event shows win chances under its pairings: each player given a rating (issue 37)."""
    from ratings.engine.ratings import edition_of
    from ratings.models import PersonRating
    from tournament.services.events.events import event_update

    event_update(event=s.event, user=s.organiser, changes={"ratings_win_chances": True})
    players = s.event.players.select_related("person_link").order_by("pk")
    PersonRating.objects.bulk_create(
        PersonRating(
            person_id=p.person_link.person_id,
            edition=edition_of(s.event.mission_pack),
            mu=20 + i,
            sigma=4,
            games=3,
            rank=len(players) - i,
        )
        for i, p in enumerate(players)
    )


def _clocked_game(s: Site) -> None:
    """An event with 1-minute game clocks: B ran out of time, A's clock runs (both faces, the
    out-of-time state and the rule on A's page)."""
    import datetime

    from django.utils import timezone

    from clocks.services.clocks import clock_move
    from tournament.services.events.events import event_create, event_update
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=s.organiser, name="Clock Cup", rounds=3, seed=6)
    event_update(event=event, user=s.organiser, changes={"game_clock_minutes": 1})
    a, b = (
        player_register(event=event, user=s.organiser, name=name, faction=faction)
        for name, faction in zip(NAMES[:2], FACTIONS[:2], strict=True)
    )
    game = round_create(
        event_id=event.pk, user=s.organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    ).games.get()
    begun = timezone.now() - datetime.timedelta(minutes=2)
    clock_move(game_id=game.pk, action="start", version=0, player=b, now=begun)
    clock_move(game_id=game.pk, action="pass", version=1, player=b, now=timezone.now())
    s.extra["clock_player"] = a
    s.extra["clock_game"] = game


def _engine_paired(s: Site) -> None:
    """An event whose second round the engine paired and an organiser then swapped (with a
    reason): its pairings link the pairing record, each player's page says why this opponent
    (issue 37)."""
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create
    from tournament.services.rounds.swaps import round_swap_players

    if "checked_event" in s.extra:
        return
    event = event_create(user=s.organiser, name="Checked Cup", rounds=3, seed=7)
    players = [
        player_register(event=event, user=s.organiser, name=name, faction=faction, club="Ultra")
        for name, faction in zip(NAMES[:6], FACTIONS[:6], strict=True)
    ]
    first = round_create(event_id=event.pk, user=s.organiser, seed=1)
    for game in first.games.all():
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 45}, user=s.organiser)
    second = round_create(event_id=event.pk, user=s.organiser, seed=2)
    games = list(second.games.order_by("table_number"))
    round_swap_players(
        event_id=event.pk,
        user=s.organiser,
        round_number=2,
        player_x=games[0].player_b_id,
        player_y=games[1].player_b_id,
        reason="They drove here together and asked to play others",
    )
    s.extra["checked_event"] = event
    s.extra["checked_key"] = next(p for p in players if p.pk == games[0].player_a_id).private_key


PAGES: list[Page] = [
    # The public
    Page("home", ANYONE, lambda s: reverse("home")),
    Page("event-overview", ANYONE, _e("event")),
    Page("event-pairings", ANYONE, _e("event-pairings")),
    Page(
        "event-pairings-win-chances",
        ANYONE,
        _e("event-pairings"),
        setup=_win_chances,
        ready=".win-chances",
    ),
    Page("event-standings", ANYONE, _e("event-standings")),
    Page("event-factions", ANYONE, _e("event-factions")),
    Page("player-link-again", ANYONE, _e("player-link-again")),
    Page("factions", ANYONE, lambda s: reverse("factions")),
    Page("event-awards", ANYONE, _e("event-awards"), setup=_awarded),
    Page("missions-generator", ANYONE, lambda s: reverse("missions")),
    Page("mission", ANYONE, lambda s: reverse("mission", args=[s.games["A"].round.mission_code])),
    # Classic packs: an approximate map (Spearhead Assault, seed 0), a 7th edition Maelstrom
    # mission with the Mysterious Objectives table, and Only War with its Underdog worked out.
    Page("mission-eighth", ANYONE, lambda s: reverse("mission", args=[EIGHTH_APPROXIMATE])),
    Page("mission-seventh", ANYONE, lambda s: reverse("mission", args=[SEVENTH_MAELSTROM])),
    Page(
        "mission-only-war",
        ANYONE,
        lambda s: reverse("mission", args=[ONLY_WAR]) + "?power_a=30&power_b=52&split_by=a",
    ),
    # 11th edition: the matchup form with a result (both primaries, the map), and the
    # matchup page a shared code opens (both players' cards, stacked on a phone).
    Page("missions-eleventh", ANYONE, lambda s: reverse("missions-eleventh") + ELEVENTH_QUERY),
    Page("mission-eleventh-matchup", ANYONE, lambda s: reverse("mission", args=[_eleventh()])),
    Page("tracker-new", ANYONE, lambda s: reverse("tracker-new")),
    Page(
        "tracker",
        ANYONE,
        lambda s: reverse("tracker", args=[s.tracked.token]),
        ready="#tracker-app .trk-board",
    ),
    Page(
        "tracker-maelstrom",
        ANYONE,
        lambda s: reverse("tracker", args=[s.extra["maelstrom"].token]) + "?side=player_1",
        setup=_maelstrom_game,
        ready="#tracker-app .trk-board",
    ),
    Page(
        "tracker-eternal",
        ANYONE,
        lambda s: reverse("tracker", args=[s.extra["eternal"].token]) + "?side=player_2",
        setup=_eternal_games,
        ready="#tracker-app .trk-board",
    ),
    Page(
        "tracker-eternal-end",
        ANYONE,
        lambda s: reverse("tracker", args=[s.extra["eternal_end"].token]) + "?side=player_1",
        setup=_eternal_games,
        ready="#tracker-app .trk-board",
    ),
    Page(
        "tracker-eleventh",
        ANYONE,
        lambda s: reverse("tracker", args=[s.extra["eleventh"].token]) + "?side=b",
        setup=_eleventh_game,
        ready="#tracker-app .trk-board",
    ),
    Page(
        "player-game-clock",
        ANYONE,
        lambda s: reverse("player-home", args=[s.extra["clock_player"].private_key]),
        setup=_clocked_game,
        ready="#game-clock",
    ),
    Page(
        "tracker-game-clock",
        ANYONE,
        lambda s: (
            reverse("tracker-game", args=[s.extra["clock_game"].pk])
            + f"?key={s.extra['clock_player'].private_key}"
        ),
        setup=_clocked_game,
        ready="#game-clock",
    ),
    Page("tracker-unknown", ANYONE, lambda s: reverse("tracker", args=["no-such-game"])),
    Page("event-screen", ANYONE, _e("event-screen")),
    Page("event-playoffs", ANYONE, _p("event-playoffs"), setup=_playoff_event),
    Page("event-screen-playoffs", ANYONE, _p("event-screen"), setup=_playoff_event),
    Page("event-playoffs-teams", ANYONE, _tp("event-playoffs"), setup=_team_playoff_event),
    Page(
        "player-home-playoffs",
        PLAYER,
        lambda s: reverse("player-home", args=[s.extra["playoff_key"]]),
        setup=_playoff_event,
    ),
    Page(
        "event-pairings-record",
        ANYONE,
        lambda s: reverse("event-pairings", args=[s.extra["checked_event"].pk]),
        setup=_engine_paired,
    ),
    Page(
        "player-home-why",
        PLAYER,
        lambda s: reverse("player-home", args=[s.extra["checked_key"]]),
        setup=_engine_paired,
    ),
    Page("event-signup", ANYONE, _e("event-signup"), setup=_open_signup),
    Page("event-lists", ANYONE, _e("event-lists"), setup=_lists_published),
    Page("login", ANYONE, lambda s: reverse("login")),
    Page("not-found", ANYONE, lambda s: "/no/such/page/"),
    # A player, by private link
    Page(
        "player-home", PLAYER, lambda s: reverse("player-home", args=[s.players["A"].private_key])
    ),
    Page(
        "player-home-vote",
        PLAYER,
        lambda s: reverse("player-home", args=[s.players["A"].private_key]),
        setup=_a_confirmed,
    ),
    Page(
        "player-home-judge-called",
        PLAYER,
        lambda s: reverse("player-home", args=[s.players["A"].private_key]),
        setup=_judge_called,
    ),
    Page(
        "player-home-check-in",
        PLAYER,
        lambda s: reverse("player-home", args=[s.players["A"].private_key]),
        setup=_check_in_open,
    ),
    Page(
        "player-home-pairings-coming",
        PLAYER,
        lambda s: reverse("player-home", args=[s.players["A"].private_key]),
        setup=_round_under_review,
    ),
    Page("event-pairings-coming", ANYONE, _e("event-pairings"), setup=_round_under_review),
    Page("event-screen-coming", ANYONE, _e("event-screen"), setup=_round_under_review),
    Page("organiser-rounds-review", ORGANISER, _e("manage-rounds"), setup=_round_under_review),
    Page("organiser-penalties", ORGANISER, _e("manage-penalties"), setup=_penalised),
    Page("event-standings-penalties", ANYONE, _e("event-standings"), setup=_penalised),
    Page("event-pairings-penalties", ANYONE, _e("event-pairings"), setup=_penalised),
    Page(
        "player-tracker",
        PLAYER,
        lambda s: reverse("tracker-game", args=[s.games["A"].pk]) + f"?key={_key(s)}",
        ready="#tracker-app .trk-board",
    ),
    Page(
        "player-tracker-maelstrom",
        PLAYER,
        lambda s: _classic_tracker(s) + f"?key={s.extra['classic_game'].player_a.private_key}",
        setup=_classic_event,
        ready="#tracker-app .trk-board",
    ),
    Page(
        "player-tracker-only-war",
        PLAYER,
        lambda s: (
            reverse("tracker-game", args=[s.extra["only_war_game"].pk])
            + f"?key={s.extra['only_war_game'].player_a.private_key}"
        ),
        setup=_only_war_tracked_event,
        ready="#tracker-app .trk-board",
    ),
    Page(
        "player-home-classic",
        PLAYER,
        lambda s: reverse("player-home", args=[s.extra["classic_game"].player_a.private_key]),
        setup=_classic_event,
    ),
    # An 11th-edition event's results and statistics
    Page(
        "player-home-eleventh",
        PLAYER,
        lambda s: reverse("player-home", args=[s.extra["eleventh_game"].player_a.private_key]),
        setup=_eleventh_results,
    ),
    Page("organiser-results-eleventh", ORGANISER, _r11("manage-results"), setup=_eleventh_results),
    Page(
        "event-factions-eleventh",
        ANYONE,
        _r11("event-factions", "?split=disposition"),
        setup=_eleventh_results,
    ),
    # A classic-pack (8th edition) event's own pages
    Page("event-overview-classic", ANYONE, _c("event"), setup=_classic_event),
    Page("event-pairings-classic", ANYONE, _c("event-pairings"), setup=_classic_event),
    Page("organiser-rounds-classic", ORGANISER, _c("manage-rounds"), setup=_classic_event),
    Page("organiser-settings-classic", ORGANISER, _c("manage-settings"), setup=_classic_event),
    Page("organiser-print-round-classic", ORGANISER, _c("print-round", 1), setup=_classic_event),
    Page(
        "organiser-tracker-maelstrom",
        ORGANISER,
        lambda s: _classic_tracker(s) + "?side=player_2",
        setup=_classic_event,
        ready="#tracker-app .trk-board",
    ),
    # An Only War event: the Rounds page's map and later roll, the phone's Power Levels
    Page(
        "organiser-rounds-only-war",
        ORGANISER,
        lambda s: reverse("manage-rounds", args=[s.extra["only_war_event"].pk]),
        setup=_only_war_event,
    ),
    Page(
        "player-home-only-war",
        PLAYER,
        lambda s: reverse("player-home", args=[s.extra["only_war_key"]]),
        setup=_only_war_event,
    ),
    # The organiser
    Page("organiser-new-event", ORGANISER, lambda s: reverse("manage-event-new")),
    Page("organiser-event-import", ORGANISER, lambda s: reverse("manage-event-import")),
    Page("organiser-old-event-import", ORGANISER, lambda s: reverse("manage-old-event-import")),
    Page("organiser-dashboard", ORGANISER, _e("manage-event")),
    Page(
        "organiser-dashboard-door",
        ORGANISER,
        lambda s: reverse("manage-event", args=[s.event.pk]) + "?missing=1&q=an",
    ),
    Page("organiser-player", ORGANISER, _e("manage-player", lambda s: s.players["A"].pk)),
    Page("organiser-import", ORGANISER, _e("manage-import")),
    Page("organiser-rounds", ORGANISER, _e("manage-rounds")),
    Page("organiser-playoffs-cut", ORGANISER, _e("manage-playoffs")),
    Page("organiser-playoffs", ORGANISER, _p("manage-playoffs"), setup=_playoff_event),
    Page(
        "organiser-playoffs-teams",
        ORGANISER,
        _tp("manage-playoffs"),
        setup=_team_playoff_event,
    ),
    Page("organiser-results", ORGANISER, _e("manage-results")),
    Page("organiser-floor", ORGANISER, _e("manage-floor"), setup=_judge_called),
    Page("organiser-settings", ORGANISER, _e("manage-settings")),
    Page("organiser-staff", ORGANISER, _e("manage-staff")),
    Page("organiser-signups", ORGANISER, _e("manage-signups"), setup=_open_signup),
    Page(
        "organiser-player-delete",
        ORGANISER,
        _e("manage-player-delete", lambda s: s.players["A"].pk),
    ),
    Page("organiser-lists", ORGANISER, _e("manage-lists"), setup=_lists_sent),
    Page("organiser-audit", ORGANISER, _e("manage-audit")),
    Page(
        "organiser-audit-filtered",
        ORGANISER,
        lambda s: (
            reverse("manage-audit", args=[s.event.pk]) + f"?round=1&player={s.players['G'].pk}"
        ),
    ),
    Page(
        "organiser-standings",
        ORGANISER,
        lambda s: reverse("manage-standings", args=[s.event.pk]) + "?provisional=1",
    ),
    Page("organiser-awards", ORGANISER, _e("manage-awards"), setup=_awarded),
    Page("organiser-undo", ORGANISER, _e("manage-undo", _last_audit)),
    Page("organiser-print", ORGANISER, _e("print-event")),
    Page("organiser-print-round", ORGANISER, _e("print-round", 1)),
    # A Combat Patrol event
    Page("organiser-patrols", ORGANISER, _cp("manage-patrols"), setup=_patrol_event),
    Page(
        "organiser-patrol",
        ORGANISER,
        _cp("manage-patrol", lambda s: s.extra["patrol"].pk),
        setup=_patrol_event,
    ),
    # A team event
    Page("event-teams", ANYONE, _t("event-teams"), setup=_team_event),
    Page("event-team-pairings", ANYONE, _t("event-team-pairings"), setup=_team_event),
    Page("event-team-standings", ANYONE, _t("event-team-standings"), setup=_team_event),
    Page("organiser-teams", ORGANISER, _t("manage-teams"), setup=_team_event),
    Page(
        "organiser-team",
        ORGANISER,
        _t("manage-team", lambda s: s.extra["team"].pk),
        setup=_team_event,
    ),
    Page("organiser-teams-import", ORGANISER, _t("manage-teams-import"), setup=_team_event),
    Page("organiser-team-scoring", ORGANISER, _t("manage-team-scoring"), setup=_team_event),
    Page("organiser-team-rounds", ORGANISER, _t("manage-team-rounds"), setup=_team_event),
    Page(
        "captain-ritual",
        PLAYER,
        lambda s: reverse(
            "team-ritual-captain", args=[s.extra["captain_key"], s.extra["team_match"].pk]
        ),
        setup=_team_match,
        ready="#ritual",
    ),
    Page(
        "organiser-ritual",
        ORGANISER,
        lambda s: reverse(
            "manage-team-ritual", args=[s.extra["ritual_event"].pk, s.extra["team_match"].pk]
        ),
        setup=_team_match,
        ready="#ritual",
    ),
    Page(
        "organiser-provisional-standings",
        ORGANISER,
        lambda s: reverse("event-standings", args=[s.event.pk]) + "?provisional=1",
    ),
    # People and series
    Page("series-list", ANYONE, lambda s: reverse("series-list"), setup=_series),
    Page(
        "series-table",
        ANYONE,
        lambda s: reverse("series", args=[s.extra["series"].pk]),
        setup=_series,
    ),
    Page("person", ANYONE, lambda s: reverse("person", args=[s.extra["person"].pk]), setup=_series),
    # Ratings across events
    Page(
        "ratings",
        ANYONE,
        lambda s: reverse("ratings") + f"?edition={s.extra['edition']}",
        setup=_rated,
    ),
    Page(
        "person-ratings",
        ANYONE,
        lambda s: reverse("person", args=[s.extra["person"].pk]) + "#ratings",
        setup=_rated,
        ready="#ratings svg",
    ),
    Page("organiser-series-new", ORGANISER, lambda s: reverse("manage-series-new")),
    Page(
        "organiser-series",
        ORGANISER,
        lambda s: reverse("manage-series", args=[s.extra["series"].pk]),
        setup=_series,
    ),
    Page("organiser-people", ORGANISER, lambda s: reverse("manage-people"), setup=_series),
    Page(
        "organiser-person",
        ORGANISER,
        lambda s: reverse("manage-person", args=[s.extra["person"].pk]),
        setup=_series,
    ),
]


def _pods_event(s: Site) -> None:
    """A 16-player event split into 2 pods by the standings after round 2, round 3 paired
    inside them: the organiser's pods page, standings by pod, the pod round's pairings."""
    from playoffs.services.pods.pods import pods_create
    from tests.playoffs.conftest import swiss_event, swiss_round

    event = swiss_event(s.organiser, players=16, rounds=4, played=2)
    pods_create(event_id=event.pk, user=s.organiser, method="standings", count=2, last_round=4)
    swiss_round(event, s.organiser, 3)
    s.extra["pods_event"] = event


def _pods(name: str, query: str = "") -> Callable[[Site], str]:
    """The path of a page of the pods event (the event of `_pods_event`)."""
    return lambda s: reverse(name, args=[s.extra["pods_event"].pk]) + query


PAGES += [
    Page("organiser-pods-new", ORGANISER, _e("manage-pods")),
    Page("organiser-pods", ORGANISER, _pods("manage-pods"), setup=_pods_event),
    Page("event-standings-pods", ANYONE, _pods("event-standings"), setup=_pods_event),
    Page("event-pairings-pods", ANYONE, _pods("event-pairings", "?round=3"), setup=_pods_event),
]

NAMES = ["Alice Varn", "Bram Okoro", "Cass Ironhand", "Dita Moreau"]
NAMES += ["Emil Strand", "Fenna Holt", "Gus Marlowe", "Hild Brannigan-Featherstonehaugh"]
FACTIONS = ["Adeptus Custodes", "Orks", "Space Marines", "Aeldari"]
FACTIONS += ["Necrons", "Tyranids", "Astra Militarum", "Chaos Space Marines"]


def site_build() -> Site:
    """An event in round 1 of 3: one result confirmed, one waiting, one disputed, one missing.

    Long names and a club on every player, so a page that only fits with short text fails."""
    from django.contrib.auth import get_user_model

    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create
    from tracker.services.trackers import tracker_create

    organiser = get_user_model().objects.create_user("marshal", password="pw", is_staff=True)
    event = event_create(
        user=organiser,
        name="Cog Wars Grand Tournament",
        rounds=3,
        seed=7,
        venue="The Warp Cafe, Upper Floor",
    )
    players = {
        label: player_register(
            event=event,
            user=organiser,
            name=name,
            faction=faction,
            club="Northern Wargaming Society",
        )
        for label, name, faction in zip("ABCDEFGH", NAMES, FACTIONS, strict=True)
    }
    pairs = [("A", "B"), ("C", "D"), ("E", "F"), ("G", "H")]
    round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[a].pk, "player_b": players[b].pk} for a, b in pairs],
        force=True,
    )
    games = {g.player_a.name[0]: g for g in event.rounds.get(number=1).games.all()}
    result_enter(game_id=games["C"].pk, data={"vp_a": 72, "vp_b": 55}, user=organiser)
    result_enter(game_id=games["E"].pk, data={"vp_a": 61, "vp_b": 40}, player=players["E"])
    result_enter(game_id=games["G"].pk, data={"vp_a": 80, "vp_b": 20}, player=players["G"])
    result_enter(game_id=games["G"].pk, data={"vp_a": 30, "vp_b": 70}, player=players["H"])
    return Site(
        event=event,
        organiser=organiser,
        players=players,
        games=games,
        tracked=tracker_create(mission_code=None),
    )


def open_as(new_page, live_server, site: Site, who: str, viewport, *, language: str = ""):
    """A fresh browser page for `who`: the organiser's is signed in by session cookie; with a
    `language`, the page is read in it (the footer switcher's cookie)."""
    from django.conf import settings

    page = new_page(viewport)
    cookies = []
    if who == ORGANISER:
        from django.test import Client

        client = Client()
        client.force_login(site.organiser)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": cookie})
    if language:
        cookies.append({"name": settings.LANGUAGE_COOKIE_NAME, "value": language})
    if cookies:
        page.context.add_cookies([{**item, "url": live_server.url} for item in cookies])
    return page

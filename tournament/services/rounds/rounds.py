"""Pairing rounds: by the engine, or as the organiser gives them; undoing the latest."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from common.errors import Conflict, Invalid, NotFound
from common.seeds import SEED_MAX
from missions.services.missions import (
    is_classic,
    mission_check_code,
    mission_draw_code,
    mission_seed_draw,
    round_generated_code,
)
from tournament.engine import check_pairing, pair_round
from tournament.engine.pairing.grouped import pair_in_groups
from tournament.extensions import PAIRING_GROUP_HOOKS
from tournament.models import (
    Event,
    Game,
    Result,
    ResultSource,
    ResultStatus,
    Round,
    RoundStage,
)
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.events.status import event_signup_close_at_round_1
from tournament.services.players.players import players_absent
from tournament.services.results.progress import standings_status
from tournament.services.results.results import round_refresh_status
from tournament.services.rounds.eleventh import (
    check_dispositions,
    games_fill,
    is_eleventh,
    round_layout_clean,
)
from tournament.services.rounds.fallback import fallback_pack_after_commit
from tournament.services.rounds.pairing_record import record_keep, record_made
from tournament.services.rounds.records import event_games, event_players


def _locked_event(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("event", "not_found", gettext("No such event."))
    return event


def _check_previous_complete(event: Event, force: bool) -> None:
    """An entry awaiting confirmation or a disputed one is no result yet: pairing from it
    would pair on a score nobody agreed to (the engine reads confirmed results only)."""
    if force:
        return
    last = standings_status(event=event).rounds
    last = last[-1] if last else None
    if last is None or last.complete:
        return
    lacking = last.games - last.confirmed
    games = _games_lacking_results(event, last.number)
    listed = "; ".join(games[:LACKING_LISTED])
    if len(games) > LACKING_LISTED:
        rest = len(games) - LACKING_LISTED
        listed = ngettext(
            "%(listed)s; and %(rest)s more", "%(listed)s; and %(rest)s more", rest
        ) % {"listed": listed, "rest": rest}
    raise Conflict(
        "round",
        "results_missing",
        ngettext(
            "Round %(number)s still lacks %(lacking)s confirmed result: %(listed)s. "
            "Enter or confirm it, or force the pairing.",
            "Round %(number)s still lacks %(lacking)s confirmed results: %(listed)s. "
            "Enter or confirm them, or force the pairing.",
            lacking,
        )
        % {"number": last.number, "lacking": lacking, "listed": listed},
    )


LACKING_LISTED = 5  # games named in the refusal; the rest are counted
# One game's status: its own context, as "disputed" elsewhere speaks of many results.
STATUS_WORDS = {
    ResultStatus.PENDING: pgettext_lazy("result status of one game", "awaiting confirmation"),
    ResultStatus.DISPUTED: pgettext_lazy("result status of one game", "disputed"),
}


def _games_lacking_results(event: Event, number: int) -> list[str]:
    """Each game of round `number` without a confirmed result, by table, as a person finds it
    in the room: "table 4, Ana v Ben (disputed)"."""
    games = (
        Game.objects.filter(round__event=event, round__number=number, player_b__isnull=False)
        .select_related("player_a", "player_b")
        .order_by("table_number", "pk")
    )
    status = dict(
        Result.objects.filter(game__in=games, is_current=True).values_list("game_id", "status")
    )
    lines = []
    for game in games:
        state = status.get(game.pk)
        if state == ResultStatus.CONFIRMED:
            continue
        words = {
            "a": game.player_a.name,
            "b": game.player_b.name,
            "status": STATUS_WORDS.get(state) or pgettext("result status of one game", "missing"),
            "table": game.table_number,
        }
        if game.table_number:
            lines.append(gettext("table %(table)s, %(a)s v %(b)s (%(status)s)") % words)
        else:
            lines.append(gettext("%(a)s v %(b)s (%(status)s)") % words)
    return lines


def require_singles(event: Event, instead: str) -> None:
    """A team event's rounds belong to its team rounds (the teams app): their games are made
    match by match, so pairing, re-pairing, swapping or removing them as singles is refused."""
    if event.is_team:
        raise Conflict(
            "round",
            "team_event",
            gettext("%(name)s is a team event: %(instead)s.")
            % {"name": event.name, "instead": instead},
        )


def check_checked_in(event: Event, number: int, force: bool) -> None:
    """With check-in required, every player the round expects must have checked in: round 1's
    field and any late entry alike. Forcing pairs them anyway."""
    if not event.check_in_required or force:
        return
    absent = players_absent(event=event, round_number=number)
    if absent:
        count = len(absent)
        raise Conflict(
            "players",
            "not_checked_in",
            ngettext(
                "%(count)s player is not checked in: %(join)s. Check them in, drop them, "
                "or force the pairing.",
                "%(count)s players are not checked in: %(join)s. Check them in, drop them, "
                "or force the pairing.",
                count,
            )
            % {"count": count, "join": ", ".join(p.name for p in absent)},
        )


def _parse_pairings(pairings) -> list[tuple[int, int | None, int | None]]:
    if not isinstance(pairings, list) or not pairings:
        raise Invalid("pairings", "invalid", gettext("Must be a non-empty list of pairs."))
    parsed = []
    for i, pair in enumerate(pairings):
        if not isinstance(pair, dict) or not isinstance(pair.get("player_a"), int):
            raise Invalid(
                "pairings",
                "invalid",
                gettext("Pair %(value)s: player_a must be a player id.") % {"value": i + 1},
            )
        b, table = pair.get("player_b"), pair.get("table")
        if b is not None and (isinstance(b, bool) or not isinstance(b, int)):
            raise Invalid(
                "pairings",
                "invalid",
                gettext("Pair %(value)s: player_b must be an id or null.") % {"value": i + 1},
            )
        if table is not None and (isinstance(table, bool) or not isinstance(table, int)):
            raise Invalid(
                "pairings",
                "invalid",
                gettext("Pair %(value)s: table must be a whole number.") % {"value": i + 1},
            )
        parsed.append((pair["player_a"], b, table))
    return parsed


def _flags_of(flags, a: int, b: int | None) -> list[dict]:
    pair = {a, b}
    return [{"code": f.code, "text": f.text} for f in flags if f.players and set(f.players) <= pair]


def _manual_pairs(event: Event, number: int, pairings) -> list[dict]:
    """Organiser-given pairs, recorded as given once every player is known and paired once."""
    parsed = _parse_pairings(pairings)
    flags = check_pairing(
        event_players(event),
        event_games(event),
        [(a, b) for a, b, _ in parsed],
        round_number=number,
        bye_vp=event.bye_vp,
    )
    errors = [f for f in flags if f.level == "error"]
    if errors:
        raise Invalid.from_errors({"pairings": [(f.code, f.text) for f in errors]})
    taken = {t for _, _, t in parsed if t is not None}
    free = (n for n in range(1, len(parsed) + len(taken) + 1) if n not in taken)
    return [
        {
            "a": a,
            "b": b,
            "table": (table if table is not None else next(free)) if b is not None else None,
            "flags": _flags_of(flags, a, b),
        }
        for a, b, table in parsed
    ]


def _pairing_groups(event: Event, number: int) -> list[tuple[str, list[int]]] | None:
    for hook in PAIRING_GROUP_HOOKS:
        groups = hook(event, number)
        if groups:
            return groups
    return None


def _check_grouped(players, groups: list[tuple[str, list[int]]], number: int) -> None:
    """Everyone the round pairs must be in a group: a late entry put nowhere is named."""
    placed = {pid for _, ids in groups for pid in ids}
    lost = [
        p.name for p in players if not p.dropped and p.first_round <= number and p.id not in placed
    ]
    if lost:
        labels = ", ".join(label for label, _ in groups)
        raise Conflict(
            "round",
            "players_without_group",
            ngettext(
                "Round %(number)s pairs within %(labels)s, but %(join)s is in none of them: "
                "place them first.",
                "Round %(number)s pairs within %(labels)s, but %(join)s are in none of them: "
                "place them first.",
                len(lost),
            )
            % {"number": number, "labels": labels, "join": ", ".join(lost)},
        )


def _engine_pairs(event: Event, number: int, seed: int) -> tuple[list[dict], dict, dict]:
    """The engine's pairs, their cost and the pairing record of what it was given."""
    players = event_players(event)
    games = event_games(event)
    tables = sorted(t.number for t in event.tables.all()) or None
    groups = _pairing_groups(event, number)
    if groups:
        _check_grouped(players, groups, number)
        result = pair_in_groups(
            players,
            games,
            [ids for _, ids in groups],
            round_number=number,
            seed=seed,
            bye_vp=event.bye_vp,
            avoid_same_club=event.avoid_same_club,
            tables=tables,
        )
    else:
        result = pair_round(
            players,
            games,
            round_number=number,
            seed=seed,
            bye_vp=event.bye_vp,
            avoid_same_club=event.avoid_same_club,
            tables=tables,
        )
    pairs = [
        {
            "a": p.player_a,
            "b": p.player_b,
            "table": p.table,
            "flags": [{"code": f.code, "text": f.text} for f in p.flags],
        }
        for p in result.pairs
    ]
    rematches, gap_sq, path = result.cost
    record = record_made(
        event=event,
        number=number,
        players=players,
        games=games,
        seed=seed,
        tables=tables,
        groups=[ids for _, ids in groups] if groups else None,
        result=result,
    )
    cost = {"rematches": rematches, "record_gap_sq": gap_sq, "path_distance": path}
    return pairs, cost, record


def _no_round_mission() -> Invalid:
    return Invalid(
        "mission",
        "no_round_mission",
        gettext(
            "11th-edition rounds have no single mission: each player's primary follows from the "
            "two dispositions."
        ),
    )


def round_mission_for(*, event: Event, number: int) -> str:
    """The mission round `number` plays by the event's pack (as a new round gets it): for
    rounds other apps pair (the play-offs' knockout rounds)."""
    return _mission_for(event, number, None)


def _mission_for(event: Event, number: int, mission_code: str | None) -> str:
    if is_eleventh(event):
        # No single mission: each player of each game has their own primary (services/eleventh).
        if mission_code:
            raise _no_round_mission()
        return ""
    if mission_code:
        return mission_check_code(event.mission_pack, mission_code)
    if is_classic(event.mission_pack):
        # No pool: the mission generated from the event's seed and the round's number, so
        # the same event always plays the same missions. Events made before the seed
        # existed take one derived from their id, just as reproducible.
        seed = event.mission_seed if event.mission_seed is not None else mission_seed_draw(event.pk)
        return round_generated_code(event.mission_pack, event_seed=seed, number=number)
    order = event.mission_order or []
    return order[(number - 1) % len(order)] if order else ""


# A round stores its seed in a signed 64-bit column; seeds are shared as plain non-negative
# numbers, like the mission generator's.


def seed_check(seed) -> None:
    """Refuse a seed the round cannot store, before anything is changed."""
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise Invalid("seed", "invalid", gettext("Must be a whole number."))
    if not 0 <= seed <= SEED_MAX:
        raise Invalid(
            "seed",
            "out_of_range",
            gettext("Must be a whole number from 0 to %(SEED_MAX)s.") % {"SEED_MAX": SEED_MAX},
        )


def round_create(
    *,
    event_id: int,
    user,
    pairings=None,
    seed: int | None = None,
    force: bool = False,
    mission_code: str | None = None,
    layout: str | None = None,
) -> Round:
    """Pair the next round in one transaction: all of its games, or nothing. An 11th-edition
    round's games carry their players' dispositions and a layout letter (`layout`: the one the
    organiser names under the `per_round` policy)."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        require_singles(event, "pair its team rounds instead")
        if event.rounds.exclude(stage=RoundStage.SWISS).exists():
            raise Conflict(
                "round",
                "playoffs_started",
                gettext("The play-offs have started: pair their next knockout round instead."),
            )
        _check_previous_complete(event, force)
        number = event.rounds.count() + 1
        if number > event.planned_rounds:
            raise Conflict(
                "round",
                "all_rounds_paired",
                gettext(
                    "All %(planned_rounds)s planned rounds are paired; raise the planned rounds."
                )
                % {"planned_rounds": event.planned_rounds},
            )
        check_checked_in(event, number, force)
        check_dispositions(event, number, force)
        seed_check(seed)
        layout = round_layout_clean(event, layout)
        record = None
        if pairings is not None:
            pairs, cost, method = _manual_pairs(event, number, pairings), {}, "manual"
        else:
            seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
            pairs, cost, record = _engine_pairs(event, number, seed)
            method = "engine"
        round_ = Round.objects.create(
            event=event,
            number=number,
            seed=seed,
            method=method,
            pairing_cost=cost,
            mission_code=_mission_for(event, number, mission_code),
            layout=layout,
            # Reviewed first when the event asks for it: the organiser releases it.
            released=not event.review_pairings,
        )
        games = [
            Game(
                round=round_,
                table_number=pair["table"],
                player_a_id=pair["a"],
                player_b_id=pair["b"],
                flags=pair["flags"],
            )
            for pair in pairs
        ]
        games_fill(event, round_, games)
        # One INSERT for the whole round: a 500-table round is paired while players wait.
        games = Game.objects.bulk_create(games)
        if record is not None:
            record_keep(round_=round_, data=record)
        Result.objects.bulk_create(
            Result(
                game=game,
                version=1,
                vp_a=event.bye_vp,
                status=ResultStatus.CONFIRMED,
                source=ResultSource.BYE,
            )
            for game in games
            if game.player_b_id is None
        )
        round_refresh_status(round_)
        audit_record(
            event=event,
            action="round_create",
            target=f"round:{round_.pk}",
            user=user,
            after={
                "number": number,
                "method": method,
                "seed": seed,
                "games": len(pairs),
                "released": round_.released,
                **({"layout": layout} if layout else {}),
            },
        )
        if number == 1:
            event_signup_close_at_round_1(event=event, user=user)
        if round_.released:  # shown to the players at once: its paper pack is made at once
            fallback_pack_after_commit(round_id=round_.pk)
        return round_


def round_delete_latest(*, event_id: int, user) -> int:
    """Undo the latest pairing, as long as no real result has been entered for it."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        require_singles(event, "undo its team round from the audit log instead")
        round_ = event.rounds.order_by("-number").first()
        if round_ is None:
            raise Conflict("round", "no_round", gettext("No round has been paired yet."))
        _delete_round(round_)
        audit_record(
            event=event,
            action="round_delete",
            target=f"round:{round_.number}",
            user=user,
            before={"number": round_.number},
        )
        return round_.number


def _delete_round(round_: Round) -> None:
    played = Result.objects.filter(game__round=round_).exclude(source=ResultSource.BYE)
    if played.exists():
        raise Conflict(
            "round",
            "has_results",
            gettext("Round %(number)s already has results; correct those instead of re-pairing.")
            % {"number": round_.number},
        )
    Result.objects.filter(game__round=round_).delete()
    round_.games.all().delete()
    round_.delete()


def _logged_round(entry) -> Round:
    """The round an entry paired, while it is the latest and has no result (else why not)."""
    number = (entry.after or {}).get("number", "?")
    round_ = audit_target(entry, "round", gone=f"Round {number} has already been removed.")
    later = round_.event.rounds.filter(number__gt=round_.number).order_by("-number").first()
    if later is not None:
        raise Conflict(
            "entry",
            "not_latest",
            gettext(
                "Only the latest round can be undone: round %(number)s was "
                "paired after round %(number2)s; undo it first."
            )
            % {"number": later.number, "number2": round_.number},
        )
    if Result.objects.filter(game__round=round_).exclude(source=ResultSource.BYE).exists():
        raise Conflict(
            "entry",
            "has_results",
            gettext("Round %(number)s has results; undo or correct them before its pairings.")
            % {"number": round_.number},
        )
    return round_


@undo_check("round_create")
def _check_round_create(entry) -> list[str]:
    _logged_round(entry)
    return []


@undoable("round_create")
def _undo_round_create(entry) -> None:
    _locked_event(entry.event_id)
    # By id, not number: a round paired again after an earlier undo is not this one.
    _delete_round(_logged_round(entry))


def round_set_mission(*, event_id: int, user, number: int, mission_code: str | None) -> Round:
    """The organiser picks a round's mission from the event's pool, or for a pack without a
    pool any generated mission of the pack by its code, or (`mission_code` None) a freshly
    drawn one of it (logged, not standings)."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        round_ = event.rounds.filter(number=number).first()
        if round_ is None:
            raise NotFound(
                "round",
                "not_found",
                gettext("Round %(number)s is not paired.") % {"number": number},
            )
        before = round_.mission_code
        if is_eleventh(event):
            raise _no_round_mission()
        if mission_code is None:  # draw another
            mission_code = mission_draw_code(event.mission_pack, other_than=before)
        round_.mission_code = mission_check_code(event.mission_pack, mission_code)
        if round_.mission_code == before:
            return round_  # saved unchanged: nothing to change or log
        round_.save(update_fields=["mission_code"])
        audit_record(
            event=event,
            action="round_mission",
            target=f"round:{round_.pk}",
            user=user,
            before={"mission": before},
            after={"mission": round_.mission_code},
        )
        return round_

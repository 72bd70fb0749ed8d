"""Entering, correcting and confirming results.

Every entry is a new version of the game's result; exactly one version counts (a partial
unique constraint backs this). The game row is locked for the whole transaction, so two
people entering at once are serialised: one makes version n, the other sees it and either
matches it (no new version) or makes version n+1. Nothing is lost or duplicated.
"""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, Forbidden, Invalid
from missions.scoring.rules import clean_result, scoring_rules
from missions.services.missions import is_classic, round_mission
from tournament.caching.revision import event_revision_bump_sql
from tournament.extensions import GAME_CLOCK_TIMES
from tournament.models import (
    Game,
    Player,
    Result,
    ResultSource,
    ResultStatus,
    Round,
    RoundStatus,
)
from tournament.services.audit.log import (
    audit_entry,
    audit_record,
    audit_writes,
    rounds_paired_after,
    undo_check,
    undoable,
)
from tournament.services.audit.targets import audit_target, logged_value
from tournament.services.events.archive import event_require_writable
from tournament.services.events.status import event_status_follow
from tournament.services.results import rowsql
from tournament.services.rounds.games import game_authorise, game_lock
from tournament.services.rounds.release import round_require_released

CONFIRMED = ResultStatus.CONFIRMED.value


def round_refresh_status(round_) -> None:
    """Complete once every game has a confirmed result; in progress once any has a result.

    Serialised on the round row: without the lock, the last confirmations of a round
    committing together each count the others as unconfirmed (READ COMMITTED), and the round
    stays in progress. Every caller already holds its game's row lock, so the order is always
    game, then round. After the lock is granted the counts below read a fresh snapshot, which
    includes every confirmation committed by the transactions that held it before."""
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    total = Game.objects.filter(round_id=round_.pk).count()
    counts = Result.objects.filter(game__round_id=round_.pk, is_current=True).aggregate(
        results=Count("id"), confirmed=Count("id", filter=Q(status=ResultStatus.CONFIRMED))
    )
    if total and counts["confirmed"] == total:
        status = RoundStatus.COMPLETE
    elif counts["results"]:
        status = RoundStatus.IN_PROGRESS
    else:
        status = RoundStatus.PAIRED
    if locked.status != status:
        locked.status = status
        locked.save(update_fields=["status"])
    round_.status = status


def round_note_result(round_, *, game: Game, confirmed: bool) -> None:
    """Keep the round's status right after one game's result changed, cheaply.

    Most results arrive while other games are still open: the round is then simply in
    progress, and taking the round's row lock (round_refresh_status) for every result would
    queue every writer of the round behind one another. The lock is taken only when this game
    may be the last one open. Two last confirmations committing together may each see the
    other's game still open; each checks again after its commit, and the later check sees both.
    That check starts with the open game found here (the witness): if it is still open, its own
    confirmation is still to commit and will check after it, so nothing else need be read."""
    witness = _open_game(round_.pk, excluding=game.pk) if confirmed else None
    if confirmed and witness is None:
        round_refresh_status(round_)
        return
    if round_.status != RoundStatus.IN_PROGRESS:
        reopened = round_.status == RoundStatus.COMPLETE
        moved = Round.objects.filter(pk=round_.pk).exclude(status=RoundStatus.IN_PROGRESS)
        if moved.update(status=RoundStatus.IN_PROGRESS) and reopened:
            # Not a save (no signal): a last round reopened by a correction runs again. Only
            # then, so a round's first result costs no more statements than before.
            event_status_follow(event_id=round_.event_id)
        round_.status = RoundStatus.IN_PROGRESS
    if confirmed:
        transaction.on_commit(lambda: _complete_if_done(round_.pk, witness=witness))


def _open_game(round_id: int, *, excluding: int | None = None) -> int | None:
    """A game of the round (but `excluding`) without a confirmed result, or None.

    Each game's result is looked up by its index in a subquery of its own (a NOT EXISTS would
    become an anti-join, which PostgreSQL without fresh statistics runs as a nested loop over
    every result of the database: 50 ms at the end of a 1,000-player round)."""
    result = rowsql.table(Result)
    sql = (
        f"SELECT g.id FROM {rowsql.table(Game)} g WHERE g.round_id = %s AND g.id <> %s "  # noqa: S608 - names from the models
        f"AND COALESCE((SELECT r.status FROM {result} r WHERE r.game_id = g.id AND r.is_current), "
        "'') <> %s LIMIT 1"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [round_id, -1 if excluding is None else excluding, CONFIRMED])
        row = cursor.fetchone()
    return None if row is None else row[0]


def _settled(game_id: int) -> bool:
    """Whether the game has a confirmed result, or is gone (a repaired round): either way, its
    confirmation will not come to check the round."""
    sql = (
        f"SELECT r.status FROM {rowsql.table(Game)} g LEFT JOIN {rowsql.table(Result)} r "  # noqa: S608 - names from the models
        "ON r.game_id = g.id AND r.is_current WHERE g.id = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        row = cursor.fetchone()
    return row is None or row[0] == CONFIRMED


def _complete_if_done(round_id: int, *, witness: int | None = None) -> None:
    if witness is not None and not _settled(witness):
        return  # its confirmation, still to come, checks after its own commit
    if _open_game(round_id) is not None:
        return
    with transaction.atomic():
        round_refresh_status(Round.objects.get(pk=round_id))


def _current(game: Game) -> tuple[Result | None, int]:
    """The game's counting result (or None) and the highest version of any of its results.

    Read after game_lock, in a statement of its own: under READ COMMITTED it sees every version
    committed by the writers that held the lock before (a subquery in the locking statement
    would not)."""
    result = rowsql.table(Result)
    sql = (
        f"SELECT m.last, {rowsql.columns(Result, 'r')} FROM "  # noqa: S608 - names from the models
        f"(SELECT MAX(version) AS last FROM {result} WHERE game_id = %s) m "
        f"LEFT JOIN {result} r ON r.game_id = %s AND r.is_current"
    )
    (last,), (current,) = rowsql.fetch((Result,), sql, [game.pk, game.pk], extra=1)
    if current is not None:
        current.game = game
    return current, last or 0


def _new_version(
    game: Game, scores: dict, *, current: Result | None, last: int, log=None, **fields
) -> Result:
    """Write version last + 1 as the counting one, with the audit entry `log` (and its revision)
    in the same statement; without `log` the caller logs it with audit_record. No save(), so no
    signal: the revision moves on with the log."""
    if current is not None:
        current.is_current = False
        rowsql.update(current, ["is_current"])
    result = Result(
        game=game,
        version=last + 1,
        is_current=True,
        entered_at=timezone.now(),
        **scores,
        **fields,
    )
    # An entry that waits for the opponent (or disputes it) changes what the round and the
    # counts of unconfirmed results show, never the published standings: it leaves their
    # revision as it is, so the end of a round does not recompute them for each entry.
    shown = fields.get("status") == ResultStatus.CONFIRMED or (
        current is not None and current.status == ResultStatus.CONFIRMED
    )
    writes = [] if log is None else audit_writes(log, standings=shown)
    rowsql.saved(result, rowsql.together(writes, rowsql.insert_sql(result))[0])
    return result


def _confirm(result: Result, *, writes: list, user=None, player=None) -> None:
    """Mark `result` confirmed, running `writes` (the log, or the revision) with it. No save(),
    so no signal: `writes` must move the event's revision on."""
    result.status = ResultStatus.CONFIRMED
    result.confirmed_by_user = user if user is not None and user.is_authenticated else None
    result.confirmed_by_player = player
    result.confirmed_at = timezone.now()
    names = ["status", "confirmed_by_user", "confirmed_by_player", "confirmed_at"]
    rowsql.together(writes, rowsql.update_sql(result, names))


def _player_status(current: Result | None, player: Player) -> str:
    """A player's entry waits for the opponent; one that contradicts the opponent's is disputed."""
    if current is None:
        return ResultStatus.PENDING
    if current.entered_by_player_id == player.pk and current.status == ResultStatus.PENDING:
        return ResultStatus.PENDING
    return ResultStatus.DISPUTED


def _agrees(standing: dict, entered: dict) -> bool:
    """Every score both entries give is equal (an unknown part contradicts nothing)."""
    # "" is an unknown ending or winner (`decided`, `ended`): it contradicts nothing either.
    return all(
        standing[k] == v
        for k, v in entered.items()
        if v not in (None, "") and standing[k] not in (None, "")
    ) and all(standing[k] == entered[k] for k in ("vp_a", "vp_b"))


def result_rules(game: Game):
    """The scoring rules of the game's round: its pack's, or its mission's own where the
    mission has its own victory conditions (8th edition's The Relic)."""
    pack = game.round.event.mission_pack
    try:
        mission = round_mission(pack, game.round.mission_code) if is_classic(pack) else None
    except Invalid:  # a code of another pack (the event's pack changed since): the pack's
        mission = None
    return scoring_rules(pack, mission.mission.key if mission is not None else None)


def _clock_times(game: Game) -> dict:
    """The game clock's times (GAME_CLOCK_TIMES), kept on the result the entry writes."""
    for hook in GAME_CLOCK_TIMES:
        times = hook(game)
        if times:
            return times
    return {}


def result_enter(
    *, game_id: int, data: dict, user=None, player: Player | None = None, source: str = ""
) -> tuple[Result, bool]:
    """Record a result. Returns (result, created); an identical repeat creates nothing."""
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        game_authorise(game, user=user, player=player)
        event_require_writable(game.round.event)
        round_require_released(game.round)
        if game.is_bye:
            raise Conflict("game", "bye", gettext("A bye's result is set by the event's bye VP."))
        scores = clean_result(data, rules=result_rules(game))
        current, last = _current(game)
        same = current is not None and current.scores() == scores
        if player is None:
            if same and current.status == ResultStatus.CONFIRMED:
                return current, False
            fields = {
                "status": ResultStatus.CONFIRMED,
                "source": source or ResultSource.ORGANISER,
                "entered_by_user": user,
                "confirmed_by_user": user,
                "confirmed_at": timezone.now(),
            }
        else:
            # A player's entry that names fewer parts (a phone's total beside the tracker's
            # breakdown, a Battle Ready tick beside a bare total) agrees when nothing differs.
            same = current is not None and _agrees(current.scores(), scores)
            if current is not None and current.status == ResultStatus.CONFIRMED:
                if same:
                    return current, False
                raise Conflict(
                    "result",
                    "confirmed",
                    gettext("This result is confirmed; ask an organiser to change it."),
                )
            if same:
                if current.entered_by_player_id != player.pk:
                    revision = event_revision_bump_sql(event_id=game.round.event_id)
                    _confirm(current, player=player, writes=[revision])
                    round_note_result(game.round, game=game, confirmed=True)
                return current, False
            fields = {
                "status": _player_status(current, player),
                "source": source or ResultSource.PLAYER,
                "entered_by_player": player,
            }
        fields.update(_clock_times(game))
        log = audit_entry(
            event=game.round.event,
            action="result_enter",
            target=f"game:{game.pk}",
            user=user,
            player=player,
            before=None if current is None else {"version": current.version, **current.scores()},
            after={"version": last + 1, "status": fields["status"], **scores},
        )
        result = _new_version(game, scores, current=current, last=last, log=log, **fields)
        round_note_result(game.round, game=game, confirmed=result.status == ResultStatus.CONFIRMED)
        return result, True


def result_confirm(
    *, game_id: int, user=None, player: Player | None = None, version: int | None = None
) -> Result:
    """The opponent (or an organiser) agrees with the standing entry.

    `version`, when given, is the entry the confirmer saw: a confirmation made offline and sent
    later never confirms an entry the opponent changed meanwhile (it is refused, and the phone
    shows the new entry to confirm or dispute)."""
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        game_authorise(game, user=user, player=player)
        event_require_writable(game.round.event)
        current, _last = _current(game)
        if current is None:
            raise Conflict(
                "result", "no_result", gettext("No result has been entered for this game.")
            )
        if current.status == ResultStatus.CONFIRMED:
            return current
        if player is not None and current.entered_by_player_id == player.pk:
            raise Forbidden(
                "result", "own_entry", gettext("Only the other player can confirm this entry.")
            )
        if version is not None and current.version != version:
            raise Conflict(
                "result",
                "changed",
                gettext(
                    "The result was changed after you saw it: check the new entry before "
                    "confirming."
                ),
            )
        log = audit_entry(
            event=game.round.event,
            action="result_confirm",
            target=f"game:{game.pk}",
            user=user,
            player=player,
            before={"version": current.version, "status": current.status},
            after={"version": current.version, "status": ResultStatus.CONFIRMED},
        )
        _confirm(current, user=user, player=player, writes=audit_writes(log))
        round_note_result(game.round, game=game, confirmed=True)
        return current


def _logged_game(entry) -> Game:
    """The entry's game, only in the entry's own event."""
    return audit_target(entry, "game", gone="This game's round has been removed.")


def _game_place(game: Game) -> str:
    return f"Round {game.round.number}, table {game.table_number or '–'}"


def _paired_after(entry, game: Game) -> list[str]:
    return [
        f"Round {n} was paired after this result; its pairings stay as they are."
        for n in rounds_paired_after(entry, after_round=game.round.number)
    ]


def _check_still_current(entry, what: str) -> list[str]:
    """Only the version that still counts can be taken back; say what depends on it."""
    game = _logged_game(entry)
    current = game.results.filter(is_current=True).first()
    if current is None or current.version != entry.after["version"]:
        raise Conflict(
            "entry",
            "superseded",
            gettext("%(_game_place)s has a newer result than %(what)s; undo that one first.")
            % {"_game_place": _game_place(game), "what": what},
        )
    return _paired_after(entry, game)


@undo_check("result_enter")
def _check_result_enter(entry) -> list[str]:
    return _check_still_current(entry, "this one")


@undo_check("result_confirm")
def _check_result_confirm(entry) -> list[str]:
    return _check_still_current(entry, "the one confirmed here")


def result_claims(game: Game) -> list[Result]:
    """Each player's latest entry for the game, player A's first: the claims of a dispute."""
    claims = []
    for player_id in (game.player_a_id, game.player_b_id):
        if player_id is None:
            continue
        claim = (
            game.results.filter(entered_by_player_id=player_id)
            .select_related("entered_by_player")
            .order_by("-version")
            .first()
        )
        if claim is not None:
            claims.append(claim)
    return claims


def result_settle(*, game_id: int, version: int, user) -> Result:
    """An organiser accepts one claim of an unconfirmed or disputed game as its result.

    The accepted scores become a new confirmed version entered by the organiser, so the
    players' own entries stay in the history as they made them; undo restores the claim
    that stood before."""
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        game_authorise(game, user=user)
        event_require_writable(game.round.event)
        if isinstance(version, bool) or not isinstance(version, int):
            raise Invalid(
                "version", "invalid", gettext("Must be a version number of this game's result.")
            )
        chosen = game.results.filter(version=version).first()
        if chosen is None:
            raise Invalid(
                "version", "not_found", gettext("This game has no entry with that version.")
            )
        current, last = _current(game)
        if current is None:
            raise Conflict(
                "result", "no_result", gettext("No result has been entered for this game.")
            )
        if current.status == ResultStatus.CONFIRMED:
            raise Conflict(
                "result",
                "confirmed",
                gettext("This result is already confirmed; enter a correction instead."),
            )
        scores = chosen.scores()
        result = _new_version(
            game,
            scores,
            current=current,
            last=last,
            status=ResultStatus.CONFIRMED,
            source=ResultSource.ORGANISER,
            entered_by_user=user,
            confirmed_by_user=user,
            confirmed_at=timezone.now(),
        )
        audit_record(
            event=game.round.event,
            action="result_settle",
            target=f"game:{game.pk}",
            user=user,
            before={"version": current.version, "status": current.status, **current.scores()},
            after={
                "version": result.version,
                "status": result.status,
                "accepted_version": chosen.version,
                **scores,
            },
        )
        round_refresh_status(game.round)
        return result


@undoable("result_enter")
def _undo_result_enter(entry) -> None:
    game = game_lock(game_id=_logged_game(entry).pk)
    current = game.results.filter(is_current=True).first()
    if current is None or current.version != entry.after["version"]:
        raise Conflict(
            "entry", "superseded", gettext("A later result replaced this one; undo that first.")
        )
    current.is_current = False
    current.save(update_fields=["is_current"])
    if entry.before:
        game.results.filter(version=entry.before["version"]).update(is_current=True)
    round_refresh_status(game.round)


@undoable("result_confirm")
def _undo_result_confirm(entry) -> None:
    game = game_lock(game_id=_logged_game(entry).pk)
    result = game.results.filter(version=entry.after["version"], is_current=True).first()
    if result is None:
        raise Conflict(
            "entry", "superseded", gettext("A later result replaced this one; undo that first.")
        )
    result.status = logged_value(Result, "status", entry.before["status"])
    result.confirmed_by_user = None
    result.confirmed_by_player = None
    result.confirmed_at = None
    result.save()
    round_refresh_status(game.round)


@undo_check("result_settle")
def _check_result_settle(entry) -> list[str]:
    # Undone like an entry, so it can be undone when an entry could.
    return _check_result_enter(entry)


@undoable("result_settle")
def _undo_result_settle(entry) -> None:
    # The same as undoing an entry: the settled version goes, the claim before it stands.
    _undo_result_enter(entry)

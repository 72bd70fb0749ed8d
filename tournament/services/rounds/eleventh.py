"""11th-edition events: each player's Force Disposition, and each game's dispositions and layout.

A game stores the two dispositions as they were when it was made (a later edit of a player does
not rewrite a past game) and its layout letter; each side's own primary follows from the matrix
(missions.eleventh.matrix, `Game.eleventh`). Where the letter comes from is the event's layout
policy: rolled for each table from the round's seed, named by the organiser for the round, or
fixed by the organiser for each table (unnamed tables roll).
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from common.errors import Conflict, Invalid
from missions.eleventh import matrix
from tournament.localtime import when
from tournament.models import Event, Game, LayoutPolicy, Player, PlayerStatus, Round
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_edit_check, audit_restore, audit_restores
from tournament.services.events.archive import event_require_writable
from tournament.services.events.extra_fields import extra_value
from tournament.services.players.names import players_by_name

ELEVENTH = "eleventh"
LETTERS = matrix.LAYOUT_LETTERS


def is_eleventh(event: Event) -> bool:
    return event.mission_pack == ELEVENTH


def disposition_clean(value, *, field: str = "disposition") -> str:
    """A disposition id, or "" (none chosen yet); 400 on `field` for anything else."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or value not in matrix.DISPOSITION_NAMES:
        raise Invalid(
            field,
            "unknown_disposition",
            gettext("Must be one of %(join)s (or empty).")
            % {"join": ", ".join(matrix.DISPOSITION_IDS)},
        )
    return value


def disposition_from_text(value: str) -> str:
    """A disposition as a spreadsheet writes it: its id or its name, in any case ("Take and
    Hold", "take-and-hold"); "" for empty. Raises Invalid on `disposition` otherwise."""
    text = " ".join((value or "").split()).lower()
    if not text:
        return ""
    for key, name in matrix.DISPOSITIONS:
        if text in (key, name.lower()):
            return key
    return disposition_clean(value)


def disposition_name(value: str) -> str:
    return matrix.DISPOSITION_NAMES.get(value, value) if value else ""


def disposition_allowed(event: Event, value: str) -> None:
    """Only an 11th-edition event records a disposition (an empty one is fine anywhere)."""
    if value and not is_eleventh(event):
        raise Invalid(
            "disposition",
            "not_in_pack",
            gettext(
                "Only 11th-edition events record a Force Disposition; this "
                "event plays %(mission_pack)s."
            )
            % {"mission_pack": event.mission_pack},
        )


def layout_clean(value, *, field: str = "layout") -> str:
    """A layout letter: A, B or C (a lower-case letter is read as its capital)."""
    if isinstance(value, str) and value.strip().upper() in LETTERS:
        return value.strip().upper()
    raise Invalid(
        field, "unknown_layout", gettext("Must be one of %(join)s.") % {"join": ", ".join(LETTERS)}
    )


def layout_policy_clean(value) -> str:
    if value not in LayoutPolicy.values:
        raise Invalid(
            "layout_policy",
            "invalid_choice",
            gettext("Must be one of %(join)s.") % {"join": ", ".join(LayoutPolicy.values)},
        )
    return value


def table_layouts_clean(value) -> dict[str, str]:
    """The per-table letters: {"1": "A", "2": "C"} (table numbers as text, as JSON keys are)."""
    if not isinstance(value, dict):
        raise Invalid(
            "table_layouts", "invalid", gettext('Must map table numbers to letters: {"1": "A"}.')
        )
    clean = {}
    for table, letter in value.items():
        number = str(table).strip()
        if not number.isdigit() or not 1 <= int(number) <= 32767:
            # Its own code: the API's schema (OpenAPI 3.0) cannot state what its keys may be.
            raise Invalid(
                "table_layouts",
                "not_a_table",
                gettext("%(table)s is not a table number (1 to 32767).") % {"table": repr(table)},
            )
        clean[str(int(number))] = layout_clean(letter, field="table_layouts")
    return dict(sorted(clean.items(), key=lambda item: int(item[0])))


def table_layouts_text(value: dict) -> str:
    """The per-table letters as the settings form shows them: "1: A, 2: C"."""
    return ", ".join(f"{table}: {letter}" for table, letter in (value or {}).items())


def table_layouts_parse(text: str) -> dict[str, str]:
    """The settings form's "1: A, 2: C" (commas, new lines or spaces between entries; ":" or
    "=" inside them) as the setting's dict."""
    entries = [e for e in (text or "").replace("\n", ",").replace(";", ",").split(",") if e.strip()]
    parsed = {}
    for entry in entries:
        for sep in (":", "="):
            if sep in entry:
                table, letter = entry.split(sep, 1)
                break
        else:
            parts = entry.split()
            if len(parts) != 2:
                raise Invalid(
                    "table_layouts",
                    "invalid",
                    gettext("“%(strip)s”: write a table and a letter.") % {"strip": entry.strip()},
                )
            table, letter = parts
        parsed[table.strip()] = letter.strip()
    return table_layouts_clean(parsed)


# Dispositions of the field -------------------------------------------------------------------


def players_without_disposition(*, event: Event, round_number: int) -> list[Player]:
    """Active players a round expects who have not chosen their disposition."""
    return players_by_name(
        event.players.filter(
            status=PlayerStatus.APPROVED,
            dropped=False,
            disposition="",
            first_round__lte=round_number,
        )
    )


def check_dispositions(event: Event, number: int, force: bool, players=None) -> None:
    """Every player an 11th-edition round pairs needs a disposition: their primary follows from
    it. Forcing pairs them anyway (their games then show no primaries)."""
    if not is_eleventh(event) or force:
        return
    missing = players_without_disposition(event=event, round_number=number)
    if players is not None:
        missing = [p for p in missing if p.pk in players]
    if missing:
        count = len(missing)
        raise Conflict(
            "players",
            "no_disposition",
            ngettext(
                "%(count)s player has no Force Disposition: %(join)s. Record theirs, drop "
                "them, or force the pairing.",
                "%(count)s players have no Force Disposition: %(join)s. Record theirs, drop "
                "them, or force the pairing.",
                count,
            )
            % {"count": count, "join": ", ".join(p.name for p in missing)},
        )


def disposition_lock_reason(event: Event, now=None) -> str:
    """Why a player may no longer change their own disposition ("" while they may): the list
    deadline has passed, or round 1 is paired. The organiser may still change it."""
    # The deadline is the rosters app's setting (extra_fields.py); without it, none.
    deadline = extra_value("event", event, "list_deadline")
    if deadline is not None and (now or timezone.now()) >= deadline:
        return gettext("Dispositions locked at the list deadline, %(when)s") % {
            "when": when(deadline, event.time_zone)
        }
    if event.rounds.exists():
        return gettext("Dispositions locked when round 1 was paired")
    return ""


@transaction.atomic
def player_set_disposition(*, player: Player, disposition) -> Player:
    """The player's own choice, from their private page: until the lock, logged and undoable."""
    value = disposition_clean(disposition)
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event = player.event
    if not is_eleventh(event):
        raise Invalid("disposition", "not_in_pack", gettext("Only 11th-edition events record one."))
    if player.status in (PlayerStatus.REJECTED, PlayerStatus.WITHDRAWN):
        raise Conflict(
            "disposition",
            "not_entered",
            gettext("%(name)s is not entered.") % {"name": player.name},
        )
    reason = disposition_lock_reason(event)
    if reason:
        raise Conflict(
            "disposition",
            "disposition_locked",
            gettext("%(reason)s; ask an organiser.") % {"reason": reason},
        )
    event_require_writable(event)
    if value == player.disposition:
        return player
    before = player.disposition
    player.disposition = value
    player.save(update_fields=["disposition"])
    audit_record(
        event=event,
        action="player_disposition",
        target=f"player:{player.pk}",
        player=player,
        before={"disposition": before},
        after={"disposition": value},
        revised=True,
    )
    return player


audit_restores("player_disposition", "player", ("disposition",))


@undo_check("player_disposition")
def _check_player_disposition(entry) -> list[str]:
    audit_edit_check(entry, lambda p: p.name)
    return []


@undoable("player_disposition")
def _undo_player_disposition(entry) -> None:
    audit_restore(entry)


# Games ---------------------------------------------------------------------------------------


def layout_rolled(seed_key, table: int | None, a: str = "", b: str = "") -> str:
    """The letter a table rolls: the same round seed, table and matchup always give the same
    letter. With both dispositions known it is one of the matchup's layouts the data holds
    (any of the three for a matchup it holds none of: the table is set up from the printed
    card). The first draw is kept where the data holds it, so the tables it gave a held
    layout keep theirs; a missing letter is drawn again among the held ones, which leaves each
    held letter equally likely."""
    rng = random.Random(f"eleventh-layout/{seed_key}/{table}")
    letter = rng.choice(LETTERS)
    held = matrix.layouts_held(a, b) if a and b else ()
    if held and letter not in held:
        letter = held[rng.randrange(len(held))]
    return letter


def _seed_key(round_: Round):
    # Manual pairings have no seed: the round's own id keeps its rolls fixed all the same.
    return round_.seed if round_.seed is not None else f"round-{round_.pk}"


def round_layout_clean(event: Event, layout) -> str:
    """The letter named when pairing: required by the `per_round` policy, refused otherwise."""
    if not is_eleventh(event):
        if layout:
            raise Invalid(
                "layout", "not_in_pack", gettext("Only 11th-edition rounds have a layout.")
            )
        return ""
    if event.layout_policy != LayoutPolicy.PER_ROUND:
        if layout:
            raise Invalid(
                "layout",
                "not_per_round",
                gettext("The event's layouts are %(lower)s; change a game's layout instead.")
                % {"lower": LayoutPolicy(event.layout_policy).label.lower()},
            )
        return ""
    if not layout:
        raise Invalid(
            "layout",
            "required",
            gettext("The event's layouts are named for each round: choose A, B or C."),
        )
    return layout_clean(layout)


def game_layout_for(event: Event, round_: Round, game: Game) -> str:
    """The organiser's letter where the policy names one, else the table's roll for its
    matchup."""
    table = game.table_number
    if event.layout_policy == LayoutPolicy.PER_ROUND and round_.layout:
        return round_.layout
    if event.layout_policy == LayoutPolicy.PER_TABLE and table is not None:
        fixed = (event.table_layouts or {}).get(str(table))
        if fixed in LETTERS:
            return fixed
    return layout_rolled(_seed_key(round_), table, game.disposition_a, game.disposition_b)


def games_fill(event: Event, round_: Round, games) -> None:
    """Give new (unsaved) games of an 11th-edition round their players' dispositions and their
    layout letters; games of other packs stay as they are. Byes get neither."""
    if not is_eleventh(event):
        return
    games = list(games)
    ids = {pid for g in games for pid in (g.player_a_id, g.player_b_id) if pid}
    chosen = dict(Player.objects.filter(pk__in=ids).values_list("pk", "disposition"))
    for game in games:
        if game.player_b_id is None:
            continue
        game.disposition_a = chosen.get(game.player_a_id, "")
        game.disposition_b = chosen.get(game.player_b_id, "")
        game.layout = game_layout_for(event, round_, game)


def _layout_misfits(game: Game, before: tuple[str, str]) -> bool:
    """A game given a new matchup whose letter is not one of its layouts the data holds (it
    rolls again, so a swap never leaves a table without its map that could have one)."""
    a, b = game.disposition_a, game.disposition_b
    if not (a and b) or (a, b) == before:
        return False
    return not matrix.layout_available(a, b, game.layout) and bool(matrix.layouts_held(a, b))


def games_refresh_dispositions(event: Event, games) -> list[str]:
    """After the organiser moved players between games (a swap, before results): each game
    takes its players' current dispositions again. Returns the fields to save."""
    if not is_eleventh(event):
        return []
    games = list(games)
    ids = {pid for g in games for pid in (g.player_a_id, g.player_b_id) if pid}
    chosen = dict(Player.objects.filter(pk__in=ids).values_list("pk", "disposition"))
    for game in games:
        bye = game.player_b_id is None
        before = (game.disposition_a, game.disposition_b)
        game.disposition_a = "" if bye else chosen.get(game.player_a_id, "")
        game.disposition_b = "" if bye else chosen.get(game.player_b_id, "")
        if bye:
            game.layout = ""
        elif not game.layout or _layout_misfits(game, before):
            game.layout = game_layout_for(event, game.round, game)
    return ["disposition_a", "disposition_b", "layout"]


def game_fields(game: Game) -> dict:
    """The API's 11th-edition fields of a game (all null for other packs and byes)."""
    data = game.eleventh or {}
    return {
        "primary_a": data.get("primary_a"),
        "primary_b": data.get("primary_b"),
        "layout": data.get("layout"),
        "layout_available": data.get("layout_available"),
        "deployment": data.get("deployment"),
    }

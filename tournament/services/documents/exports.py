"""An event's standings, results and pairings as flat tables, for CSV and JSON downloads.

Ranking sites and spreadsheets read these: one row per player (standings), per player and game
(results) or per table (pairings), every value a plain string or number. Public tables count
confirmed results only, like the public standings; `provisional` (organisers and judges) shows
every entry with its status.

CSV files start with a UTF-8 byte order mark: Excel reads a CSV without one in the machine's
legacy code page and garbles names such as "Zoë"; Python's "utf-8-sig", pandas and
LibreOffice skip the mark. Text is quoted and numbers are not (docs/exports.md: opening the
files in LibreOffice).
"""

from __future__ import annotations

import csv
import io
import unicodedata

from django.db.models import F
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext

from common.errors import NotFound
from tournament.caching.cached import event_cached, standings_cached
from tournament.caching.revision import event_revision
from tournament.engine import compute_standings, known_metrics, metric_json
from tournament.engine.standings.metrics import AWARD_METRICS, H2H
from tournament.extensions import DECIDED_GAME_HOOKS
from tournament.models import Event, Game, Result, ResultStatus, RoundStage
from tournament.services.events.extra_fields import extra_value
from tournament.services.players.penalties import penalty_marks
from tournament.services.players.public import (
    games_named_for_public,
    names_audience,
    rows_named_for_public,
)
from tournament.services.rounds.eleventh import disposition_name
from tournament.services.rounds.records import event_games, players_records, ranked_players
from tournament.services.standings.standings import metric_options, standings_final_first

STANDINGS_COLUMNS = (
    "rank",
    "tied",
    "player",
    "faction",
    "club",
    "dropped",
    "mp",
    "wins",
    "draws",
    "losses",
    "byes",
    "played",
    "record",
)
RESULTS_COLUMNS = (
    "round",
    "table",
    "player",
    "faction",
    "club",
    "opponent",
    "opponent_faction",
    "opponent_club",
    "vp_for",
    "vp_against",
    "outcome",
    "status",
    # Penalties of that player in that round (issue 35), as the public may read them: the
    # kinds and a VP penalty's VP, never the reason. VP and outcome stay as entered.
    "penalties",
)
PAIRINGS_COLUMNS = (
    "round",
    "table",
    "player_a",
    "faction_a",
    "club_a",
    "player_b",
    "faction_b",
    "club_b",
    "attacker",
)
# 11th-edition events add their own fields (other packs keep the columns above): each side's
# disposition and primary, the layout and its map per table; per player and game the
# breakdown and the game's record as that player saw it.
PAIRINGS_ELEVENTH = (
    "disposition_a",
    "primary_a",
    "disposition_b",
    "primary_b",
    "layout",
    "deployment",
)
RESULTS_ELEVENTH = (
    "disposition",
    "primary_mission",
    "layout",
    "primary_for",
    "secondary_for",
    "battle_ready_for",
    "primary_against",
    "secondary_against",
    "battle_ready_against",
    "secondaries",
    "attacker",
    "went_first",
)


def _eleventh(event: Event) -> bool:
    return event.mission_pack == "eleventh"


def pairings_columns(event: Event) -> tuple[str, ...]:
    return (*PAIRINGS_COLUMNS, *PAIRINGS_ELEVENTH) if _eleventh(event) else PAIRINGS_COLUMNS


# Events with game clocks (the clocks app's `game_clock_minutes`) add each player's time used
# (seconds, both sides) and whether that player ran out of time.
RESULTS_CLOCKS = ("time_used_for", "time_used_against", "timed_out")


def has_game_clocks(event: Event) -> bool:
    """Whether the event runs game clocks: the clocks app's setting, read through the event's
    extra fields (this app never imports that one)."""
    return extra_value("event", event, "game_clock_minutes") is not None


def results_columns(event: Event) -> tuple[str, ...]:
    columns = (*RESULTS_COLUMNS, *RESULTS_ELEVENTH) if _eleventh(event) else RESULTS_COLUMNS
    return (*columns, *RESULTS_CLOCKS) if has_game_clocks(event) else columns


# Names come from public sign-ups, so a cell a spreadsheet would run is written with a leading
# "'" (the guard OWASP describes for CSV injection). "=" always starts a formula, and a leading
# tab or carriage return hides one. "+", "-" and "@" start one in Excel too, but what follows
# them can call nothing and compute nothing unless it holds a digit, a bracket, an operator, a
# quote or the pipe and "!" of a DDE link: "-Ann Minus" is a name, and LibreOffice (which shows
# the guard's "'") reads it as text. Excel may still show such a name as #NAME?: the workbook
# (event.xlsx), whose cells are typed text, keeps it exact in every program.
FORMULA_ALWAYS = ("=", "\t", "\r")
FORMULA_SIGNS = ("+", "-", "@")


def _only_words(text: str) -> bool:
    """Letters, marks and spaces only, at least one letter: nothing a formula can run."""
    kinds = {unicodedata.category(c)[0] for c in text}
    return "L" in kinds and kinds <= {"L", "M", "Z"}


def csv_text_cell(value: str) -> str:
    """A text cell as the CSV writes it: guarded when a spreadsheet would run it."""
    runs = value.startswith(FORMULA_ALWAYS) or (
        value.startswith(FORMULA_SIGNS) and not _only_words(value[1:])
    )
    return "'" + value if runs else value


def file_slug(text: str, fallback: str) -> str:
    """A file name's stem from a name: its letters kept ("Łódź Open" -> "łódź-open"), sent with
    `file_disposition` (RFC 6266's filename*, which carries them)."""
    return slugify(text, allow_unicode=True)[:60].strip("-") or fallback


def file_disposition(name: str, *, inline: bool = False) -> str:
    """The Content-Disposition of a download: `filename="..."` for an ASCII name, else
    `filename*=utf-8''...` (RFC 5987), which every current browser reads."""
    return content_disposition_header(not inline, name)


def export_filename(*, event: Event, what: str) -> str:
    return f"{file_slug(event.name, 'event')}-{what}.csv"


def _cell(value) -> str | int | float:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return csv_text_cell(value)
    return value


def export_csv(*, columns, rows: list[dict]) -> bytes:
    """A header row, then one line per row; UTF-8 with a byte order mark (see above)."""
    out = io.StringIO()
    # Text quoted, numbers bare: a spreadsheet told to read quoted fields as text (LibreOffice's
    # "Format quoted field as text") keeps a record "2-0-1" a record, not a date.
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row.get(c)) for c in columns])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


# Read from the standings rows, and only when the event ranks by them: h2h means nothing outside
# a tie of two, and the awards' scores are an event's own choice to count.
ONLY_WHEN_RANKED = {H2H, *AWARD_METRICS}


def standings_metric_names(*, event: Event) -> list[str]:
    """Every metric of the registry; h2h and the awards' only when the event ranks by them."""
    return [m for m in known_metrics() if m not in ONLY_WHEN_RANKED or m in event.tiebreaks]


def standings_export(
    *,
    event: Event,
    as_of_round: int | None = None,
    provisional: bool = False,
    public: bool = False,
) -> tuple[list[str], list[dict]]:
    """The standings rows with every metric, as the API's JSON numbers (rates rounded by the
    registry, exact values otherwise). `public`: players by the event's public names."""
    revision = event_revision(event_id=event.pk)  # first, so both parts read the same data
    rows = standings_cached(
        event=event, as_of_round=as_of_round, provisional=provisional, revision=revision
    )
    if public:
        rows = rows_named_for_public(event, rows)
    names = standings_metric_names(event=event)

    def compute():
        players = ranked_players(event)
        games = event_games(
            event, as_of_round=as_of_round, include_unconfirmed=provisional, released_only=True
        )
        others = [m for m in names if m not in ONLY_WHEN_RANKED]
        extra = compute_standings(
            players_records(players),
            games,
            tiebreaks=others,
            bye_vp=event.bye_vp,
            as_of_round=as_of_round,
            options=metric_options(event),
        )
        # Computed apart from the ranking, so metrics the event does not rank by break no tie.
        return {r.player_id: {m: metric_json(m, r.metrics[m]) for m in others} for r in extra}

    values = event_cached(
        event=event,
        name="export-metrics",
        variant=f"{as_of_round}:{int(provisional)}",
        compute=compute,
        revision=revision,
    )
    # An app's hook (the play-offs) may add the final place to the rows: once every row has
    # one, the rows come in that order and it is the first column (the Swiss `rank` beside).
    final = ["final_place"] if rows and "final_place" in rows[0] else []
    out = []
    for row in standings_final_first(rows):
        flat = {c: row[c] for c in (*STANDINGS_COLUMNS, *final) if c != "player"}
        flat["player"] = row["name"]
        flat.update(values.get(row["player"], {}))
        for name in ONLY_WHEN_RANKED.intersection(names):
            flat[name] = row.get(name)
        out.append(flat)
    return [*final, *STANDINGS_COLUMNS, *names], out


def games_decided(*, event: Event) -> dict[int, int]:
    """Games that ended on equal VP and still have a winner (a knockout game decided by the
    seed, the primary VP or the organiser): game id -> the player who went through. Asked
    only of events with rounds after the Swiss."""
    if not DECIDED_GAME_HOOKS or not event.rounds.exclude(stage=RoundStage.SWISS).exists():
        return {}
    out: dict[int, int] = {}
    for hook in DECIDED_GAME_HOOKS:
        out.update(hook(event))
    return out


def game_outcome(mine: int | None, theirs: int | None, *, me: int, winner: int | None) -> str:
    """ "win", "draw" or "loss" for player `me`; equal VP with a `winner` (games_decided) is
    that player's win, not a draw; "" while no result counts."""
    if mine is None or theirs is None:
        return ""
    if mine == theirs and winner is not None:
        return "win" if winner == me else "loss"
    return "win" if mine > theirs else "draw" if mine == theirs else "loss"


def games_in_order(event: Event, number: int | None = None, *, released_only: bool = False):
    """The event's games in round and table order; `released_only` leaves out a round still
    under the organiser's review (its draw is for the staff alone)."""
    games = (
        Game.objects.filter(round__event=event)
        .select_related("round", "player_a", "player_b", "attacker")
        .order_by("round__number", F("table_number").asc(nulls_last=True), "id")
    )
    if number is not None:
        games = games.filter(round__number=number)
    if released_only:
        games = games.filter(round__released=True)
    return games


def results_export(*, event: Event, provisional: bool = False, public: bool = False) -> list[dict]:
    """Each game seen from each of its players (a bye once): round, table, both players, VP for
    and against, outcome and status. Public: released rounds only, and a result not yet
    confirmed has no VP and status "unconfirmed"; provisional (the staff's): every round and
    every entry's VP and its own status. `public`: players by the event's public names."""

    def compute():
        current = {
            r.game_id: r
            for r in Result.objects.filter(game__round__event=event, is_current=True)
            if provisional or r.status == ResultStatus.CONFIRMED
        }
        decided = games_decided(event=event)
        marks = penalty_marks(event.pk)
        penalised = {
            (player, m["round"]): "; ".join(
                x["words"].rsplit(", round", 1)[0] for x in found if x["round"] == m["round"]
            )
            for player, found in marks.items()
            for m in found
        }
        rows = []
        eleventh = _eleventh(event)
        clocked = has_game_clocks(event)
        games = list(games_in_order(event, released_only=not provisional))
        if public:
            games_named_for_public(event, games)
        for game in games:
            base = {"round": game.round.number, "table": game.table_number}
            if game.player_b_id is None:
                rows.append(
                    {
                        **base,
                        **_side(game.player_a, "for"),
                        "opponent": "Bye",
                        "vp_for": event.bye_vp,
                        "outcome": "bye",
                        "status": "bye",
                        "penalties": penalised.get((game.player_a_id, game.round.number), ""),
                    }
                )
                continue
            result = current.get(game.pk)
            status = result.status if result else "unconfirmed" if not provisional else "missing"
            for me, them, side in (
                (game.player_a, game.player_b, "a"),
                (game.player_b, game.player_a, "b"),
            ):
                other = "b" if side == "a" else "a"
                mine = getattr(result, f"vp_{side}") if result else None
                theirs = getattr(result, f"vp_{other}") if result else None
                row = {
                    **base,
                    **_side(me, "for"),
                    **_side(them, "against"),
                    "vp_for": mine,
                    "vp_against": theirs,
                    "outcome": game_outcome(mine, theirs, me=me.pk, winner=decided.get(game.pk)),
                    "status": status,
                    "penalties": penalised.get((me.pk, game.round.number), ""),
                }
                if eleventh:
                    row.update(_eleventh_result(game, result, side))
                if clocked:
                    row.update(_clock_times(result, side))
                rows.append(row)
        return rows

    variant = f"{int(provisional)}:{names_audience(event, staff=not public)}"
    return event_cached(event=event, name="export-results", variant=variant, compute=compute)


def _side(player, role: str) -> dict:
    if role == "for":
        return {"player": player.name, "faction": player.faction, "club": player.club}
    return {
        "opponent": player.name,
        "opponent_faction": player.faction,
        "opponent_club": player.club,
    }


def pairings_export(*, event: Event, number: int, public: bool = False) -> list[dict]:
    """One row per table of round `number` (a bye has no player_b). `public`: players by the
    event's public names."""
    if not event.rounds.filter(number=number).exists():
        raise NotFound(
            "round", "not_found", gettext("There is no round %(number)s.") % {"number": number}
        )

    def compute():
        rows = []
        eleventh = _eleventh(event)
        games = list(games_in_order(event, number))
        if public:
            games_named_for_public(event, games)
        for game in games:
            a, b = game.player_a, game.player_b
            rows.append(
                {
                    "round": number,
                    "table": game.table_number,
                    "player_a": a.name,
                    "faction_a": a.faction,
                    "club_a": a.club,
                    "player_b": b.name if b else "Bye",
                    "faction_b": b.faction if b else "",
                    "club_b": b.club if b else "",
                    "attacker": game.attacker.name if game.attacker else "",
                    **(_eleventh_pairing(game) if eleventh else {}),
                }
            )
        return rows

    variant = f"{number}:{names_audience(event, staff=not public)}"
    return event_cached(event=event, name="export-pairings", variant=variant, compute=compute)


def _eleventh_pairing(game: Game) -> dict:
    """A table's dispositions, primaries and layout in words (blank for a bye)."""
    x = game.eleventh or {}
    a, b = x.get("dispositions") or (None, None)
    return {
        "disposition_a": disposition_name(a or ""),
        "primary_a": x.get("primary_a") or "",
        "disposition_b": disposition_name(b or ""),
        "primary_b": x.get("primary_b") or "",
        "layout": x.get("layout") or "",
        "deployment": x.get("deployment") or "",
    }


def _yes_no(value: str | None, side: str) -> str:
    return "" if not value else "yes" if value == side else "no"


def _clock_times(result: Result | None, side: str) -> dict:
    """One player's side of a game's clock: seconds used by them and their opponent, and
    whether they ran out ("yes"/"no"; blank when the game had no clock or no result)."""
    other = "b" if side == "a" else "a"
    mine = getattr(result, f"time_used_{side}", None)
    if result is None or mine is None:
        return {"time_used_for": None, "time_used_against": None, "timed_out": ""}
    return {
        "time_used_for": mine,
        "time_used_against": getattr(result, f"time_used_{other}"),
        "timed_out": "yes" if result.timed_out == side else "no",
    }


def _eleventh_result(game: Game, result: Result | None, side: str) -> dict:
    """One player's side of an 11th-edition game: their disposition and own primary, the
    layout, both sides' breakdown (blank where not recorded or not shown) and their record."""
    other = "b" if side == "a" else "a"
    x = game.eleventh or {}
    part = (lambda name, s: getattr(result, f"{name}_{s}")) if result else (lambda *_: None)
    return {
        "disposition": disposition_name(getattr(game, f"disposition_{side}")),
        "primary_mission": x.get(f"primary_{side}") or "",
        "layout": x.get("layout") or "",
        **{f"{n}_for": part(n, side) for n in ("primary", "secondary", "battle_ready")},
        **{f"{n}_against": part(n, other) for n in ("primary", "secondary", "battle_ready")},
        "secondaries": (getattr(result, f"secondaries_{side}") or "") if result else "",
        "attacker": _yes_no(result.attacker, side) if result else "",
        "went_first": _yes_no(result.first_turn, side) if result else "",
    }

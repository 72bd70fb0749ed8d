"""Results as ranking circuits and spreadsheets take them: one row per player with each round
across, and the event's own facts beside (docs/exports.md lists every column).

Public like the standings: confirmed results and byes only, so a file sent to a circuit before
the last result is confirmed shows that game without a result rather than a guess.
"""

from __future__ import annotations

from tournament.caching.cached import event_cached
from tournament.models import Event, Result, ResultStatus
from tournament.services.documents.exports import game_outcome, games_decided, games_in_order
from tournament.services.players.public import public_names_of
from tournament.services.standings.standings import (
    standings_compute,
    standings_final_first,
    standings_finals,
)

# The game system every event of this app plays; circuits ask for it beside the format.
GAME_SYSTEM = "Warhammer 40,000"
PLAYER_SHEET_HEAD = ("place", "first_name", "last_name", "player_id", "faction", "club")
PLAYER_SHEET_TAIL = (
    "wins",
    "draws",
    "losses",
    "byes",
    "mp",
    "vp_total",
    "vp_against_total",
    "dropped_after_round",
)
ROUND_PARTS = ("opponent", "opponent_id", "result", "vp", "vp_against")
# Each round's result as one letter: no value of the sheet reads as a date or a number.
RESULT_LETTERS = {"win": "W", "draw": "D", "loss": "L", "bye": "BYE"}


def name_split(name: str) -> tuple[str, str]:
    """(first name, last name) from the one name players give: the last word is the last name,
    the words before it the first name ("Anna Maria Kowalska" -> "Anna Maria", "Kowalska");
    a single word is a last name alone. The two joined by a space give the name back."""
    words = name.split()
    if len(words) < 2:
        return "", " ".join(words)
    return " ".join(words[:-1]), words[-1]


def player_sheet_columns(rounds: int, *, final: bool = False) -> list[str]:
    """The columns; `final` (the play-offs have placed everyone): `place` is the final place
    and `swiss_rank` follows it."""
    per_round = [f"round_{n}_{part}" for n in range(1, rounds + 1) for part in ROUND_PARTS]
    head = (
        [*PLAYER_SHEET_HEAD[:1], "swiss_rank", *PLAYER_SHEET_HEAD[1:]]
        if final
        else PLAYER_SHEET_HEAD
    )
    return [*head, *per_round, *PLAYER_SHEET_TAIL]


def _rounds_by_player(event: Event) -> dict[int, dict[int, dict]]:
    """player id -> round number -> that round's cells, from confirmed results and byes."""
    confirmed = {
        r.game_id: r
        for r in Result.objects.filter(
            game__round__event=event, is_current=True, status=ResultStatus.CONFIRMED
        )
    }
    decided = games_decided(event=event)
    out: dict[int, dict[int, dict]] = {}
    for game in games_in_order(event, released_only=True):
        number = game.round.number
        a, b = game.player_a, game.player_b
        if b is None:
            out.setdefault(a.pk, {})[number] = {
                "opponent": "Bye",
                "opponent_id": None,
                "result": RESULT_LETTERS["bye"],
                "vp": event.bye_vp,
                "vp_against": None,
            }
            continue
        result = confirmed.get(game.pk)
        for me, them, mine, theirs in (
            (a, b, "vp_a", "vp_b"),
            (b, a, "vp_b", "vp_a"),
        ):
            cells = {"opponent": them.name, "opponent_id": them.pk, "result": ""}
            cells["vp"] = getattr(result, mine) if result else None
            cells["vp_against"] = getattr(result, theirs) if result else None
            if result is not None:
                outcome = game_outcome(
                    cells["vp"], cells["vp_against"], me=me.pk, winner=decided.get(game.pk)
                )
                cells["result"] = RESULT_LETTERS[outcome]
            out.setdefault(me.pk, {})[number] = cells
    return out


def player_sheet_export(*, event: Event, public: bool = False) -> tuple[list[str], list[dict]]:
    """One row per ranked player, best first: place, name in two parts, this event's player
    id, faction and club, then each round's opponent, result (W, D, L, BYE) and VP for and
    against, then the totals and the round the player dropped after. Public: a round under
    the organiser's review has no columns yet."""
    rounds = event.rounds.filter(released=True).count()

    def compute():
        standings = standings_final_first(standings_compute(event=event))
        final = standings_finals(standings)
        by_round = _rounds_by_player(event)
        dropped = dict(event.players.values_list("pk", "dropped_after_round"))
        rows = []
        for row in standings:
            first, last = name_split(row["name"])
            flat = {
                # The final place once the play-offs give one, else the Swiss rank.
                "place": row["place"],
                "first_name": first,
                "last_name": last,
                "player_id": row["player"],
                "faction": row["faction"],
                "club": row["club"],
                "wins": row["wins"],
                "draws": row["draws"],
                "losses": row["losses"],
                "byes": row["byes"],
                "mp": row["mp"],
                "dropped_after_round": dropped.get(row["player"]),
            }
            if final:
                flat["swiss_rank"] = row["rank"]
            games = by_round.get(row["player"], {})
            vp = against = 0
            for number in range(1, rounds + 1):
                cells = games.get(number, {})
                for part in ROUND_PARTS:
                    flat[f"round_{number}_{part}"] = cells.get(part)
                vp += cells.get("vp") or 0
                against += cells.get("vp_against") or 0
            flat["vp_total"], flat["vp_against_total"] = vp, against
            rows.append(flat)
        return rows

    rows = event_cached(event=event, name="export-player-sheet", variant="public", compute=compute)
    if public:
        rows = _named_for_public(event, rows, rounds)
    final = bool(rows) and "swiss_rank" in rows[0]
    return player_sheet_columns(rounds, final=final), rows


def _named_for_public(event: Event, rows: list[dict], rounds: int) -> list[dict]:
    """Copies of the rows with players and opponents by the event's public names (issue 36)."""
    names = public_names_of(event)
    if names is None:
        return rows
    out = []
    for row in rows:
        copy = dict(row)
        copy["first_name"], copy["last_name"] = name_split(names.get(row["player_id"], ""))
        for number in range(1, rounds + 1):
            opponent = row.get(f"round_{number}_opponent_id")
            if opponent in names:
                copy[f"round_{number}_opponent"] = names[opponent]
        out.append(copy)
    return out


EVENT_SHEET_COLUMNS = ("field", "value")


def event_metadata(*, event: Event) -> list[dict]:
    """The event's facts a circuit asks for beside its results, one (field, value) a row."""
    players = event.players.filter(status="approved").count()
    facts = [
        ("event_id", event.pk),
        ("name", event.name),
        ("start_date", event.start_date.isoformat() if event.start_date else ""),
        ("end_date", event.end_date.isoformat() if event.end_date else ""),
        ("venue", event.venue),
        ("game_system", GAME_SYSTEM),
        ("format", event.get_kind_display()),
        ("battle_size", event.get_battle_size_display()),
        ("points_limit", event.points_limit),
        ("mission_pack", event.mission_pack),
        ("rounds_planned", event.planned_rounds),
        ("rounds_played", event.rounds.count()),
        ("players", players),
        ("tiebreaks", ", ".join(event.tiebreaks)),
        ("owr_floor", event.owr_floor),
        ("status", event.get_status_display()),
    ]
    return [{"field": k, "value": v} for k, v in facts]

"""The audit log's words for a game's entries: its results entered, confirmed and settled, its
layout, and the sportsmanship votes cast after it."""

from __future__ import annotations

from missions.eleventh import matrix
from tournament.models import AuditEntry, Game, ResultStatus
from tournament.services.audit.words import AuditWords, describes, target_id

STATUS_WORDS = {s.value: s.label.lower() for s in ResultStatus}


def _game(batch: AuditWords, entry: AuditEntry) -> Game | None:
    return batch.games.get(target_id(entry.target, "game"))


def _where(game: Game) -> str:
    if game.player_b_id is None:
        return f"Round {game.round.number}, bye"
    return f"Round {game.round.number}, table {game.table_number or '–'}"


def _score(batch: AuditWords, game: Game, scores: dict | None) -> str:
    if not scores or "vp_a" not in scores:
        return f"{batch.name(game.player_a_id)} vs {batch.name(game.player_b_id)}"
    if game.player_b_id is None:
        return f"{batch.name(game.player_a_id)} {scores['vp_a']} VP"
    a, b = batch.name(game.player_a_id), batch.name(game.player_b_id)
    return f"{a} {scores['vp_a']} - {scores.get('vp_b')} {b}"


def _scores_of(batch: AuditWords, game: Game, state: dict | None) -> dict | None:
    """The scores an entry names: its own copy, else the result version it points at."""
    if not state:
        return None
    if "vp_a" in state:
        return state
    result = batch.results.get((game.pk, state.get("version")))
    return result.scores() if result else None


def layout_words(game: Game, letter: str) -> str:
    """ "B (Dawn of War)", or "B (not in our data)" for one of the layouts the data lacks."""
    if not letter:
        return "none"
    a, b = game.disposition_a, game.disposition_b
    if not (a and b):
        return letter
    map_id = matrix.layout_map(a, b, letter)
    return f"{letter} ({matrix.MAP_NAMES[map_id] if map_id else 'not in our data'})"


@describes("result_enter", "result_settle")
def result_enter(batch: AuditWords, entry: AuditEntry) -> str:
    game = _game(batch, entry)
    if game is None:
        return "a game of a removed round"
    after = entry.after or {}
    text = f"{_where(game)}: "
    before = _scores_of(batch, game, entry.before)
    if before:
        text += f"{_score(batch, game, before)} → "
    text += _score(batch, game, _scores_of(batch, game, after))
    status = STATUS_WORDS.get(after.get("status"))
    return f"{text} ({status})" if status else text


@describes("result_confirm")
def result_confirm(batch: AuditWords, entry: AuditEntry) -> str:
    game = _game(batch, entry)
    if game is None:
        return "a game of a removed round"
    scores = _scores_of(batch, game, entry.after)
    was = STATUS_WORDS.get((entry.before or {}).get("status"), "unconfirmed")
    return f"{_where(game)}: {_score(batch, game, scores)} (was {was}, now confirmed)"


@describes("game_layout")
def game_layout(batch: AuditWords, entry: AuditEntry) -> str:
    before = (entry.before or {}).get("layout", "")
    after = (entry.after or {}).get("layout", "")
    game = _game(batch, entry)
    if game is None:
        return f"Layout: {before or 'none'} → {after or 'none'}"
    names = f" ({batch.name(game.player_a_id)} v {batch.name(game.player_b_id)})"
    return (
        f"{_where(game)}{names}: layout {layout_words(game, before)} → {layout_words(game, after)}"
    )


@describes("game_extend")
def game_extend(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    game = _game(batch, entry)
    where = "A game of a removed round"
    if game is not None:
        names = f"{batch.name(game.player_a_id)} v {batch.name(game.player_b_id)}"
        where = f"{_where(game)} ({names})"
    return (
        f"{where}: +{after.get('minutes')} min ({after.get('extra_minutes')} in all): "
        f"{after.get('reason', '')}"
    )


@describes("sports_vote")
def sports_vote(batch: AuditWords, entry: AuditEntry) -> str:
    game, after = _game(batch, entry), entry.after or {}
    where = _where(game) if game is not None else "A game of a removed round"
    voter, opponent = batch.name(after.get("voter")), batch.name(after.get("opponent"))
    said = "favourite opponent" if after.get("favourite") else "not their favourite"
    return f"{where}: {voter} named {opponent} {said}"

"""The audit log's words for a game's entries: its results entered, confirmed and settled, its
layout, and the sportsmanship votes cast after it."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from missions.eleventh import matrix
from tournament.models import AuditEntry, Game, ResultStatus
from tournament.services.audit.words import AuditWords, describes, target_id


def _status_words(status) -> str | None:
    """A result's status as its label says it, lower case, in the reader's language."""
    return str(ResultStatus(status).label).lower() if status in ResultStatus.values else None


REMOVED = gettext_lazy("A game of a removed round")


def _game(batch: AuditWords, entry: AuditEntry) -> Game | None:
    return batch.games.get(target_id(entry.target, "game"))


def _where(game: Game) -> str:
    if game.player_b_id is None:
        return gettext("Round %(number)s, bye") % {"number": game.round.number}
    return gettext("Round %(number)s, table %(table)s") % {
        "number": game.round.number,
        "table": game.table_number or "–",
    }


def _score(batch: AuditWords, game: Game, scores: dict | None) -> str:
    if not scores or "vp_a" not in scores:
        return gettext("%(a)s vs %(b)s") % {
            "a": batch.name(game.player_a_id),
            "b": batch.name(game.player_b_id),
        }
    if game.player_b_id is None:
        return gettext("%(name)s %(vp)s VP") % {
            "name": batch.name(game.player_a_id),
            "vp": scores["vp_a"],
        }
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
        return gettext("none")
    a, b = game.disposition_a, game.disposition_b
    if not (a and b):
        return letter
    map_id = matrix.layout_map(a, b, letter)
    return f"{letter} ({matrix.MAP_NAMES[map_id] if map_id else gettext('not in our data')})"


@describes("result_enter", "result_settle")
def result_enter(batch: AuditWords, entry: AuditEntry) -> str:
    game = _game(batch, entry)
    if game is None:
        return gettext("a game of a removed round")
    after = entry.after or {}
    text = f"{_where(game)}: "
    before = _scores_of(batch, game, entry.before)
    if before:
        text += f"{_score(batch, game, before)} → "
    text += _score(batch, game, _scores_of(batch, game, after))
    status = _status_words(after.get("status"))
    return f"{text} ({status})" if status else text


@describes("result_confirm")
def result_confirm(batch: AuditWords, entry: AuditEntry) -> str:
    game = _game(batch, entry)
    if game is None:
        return gettext("a game of a removed round")
    scores = _scores_of(batch, game, entry.after)
    was = _status_words((entry.before or {}).get("status")) or gettext("unconfirmed")
    return gettext("%(where)s: %(score)s (was %(was)s, now confirmed)") % {
        "where": _where(game),
        "score": _score(batch, game, scores),
        "was": was,
    }


@describes("game_layout")
def game_layout(batch: AuditWords, entry: AuditEntry) -> str:
    before = (entry.before or {}).get("layout", "")
    after = (entry.after or {}).get("layout", "")
    game = _game(batch, entry)
    if game is None:
        return gettext("Layout: %(before)s → %(after)s") % {
            "before": before or gettext("none"),
            "after": after or gettext("none"),
        }
    return gettext("%(where)s (%(a)s v %(b)s): layout %(before)s → %(after)s") % {
        "where": _where(game),
        "a": batch.name(game.player_a_id),
        "b": batch.name(game.player_b_id),
        "before": layout_words(game, before),
        "after": layout_words(game, after),
    }


@describes("game_extend")
def game_extend(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    game = _game(batch, entry)
    where = str(REMOVED)
    if game is not None:
        where = gettext("%(where)s (%(a)s v %(b)s)") % {
            "where": _where(game),
            "a": batch.name(game.player_a_id),
            "b": batch.name(game.player_b_id),
        }
    return gettext("%(where)s: +%(minutes)s min (%(extra)s in all): %(reason)s") % {
        "where": where,
        "minutes": after.get("minutes"),
        "extra": after.get("extra_minutes"),
        "reason": after.get("reason", ""),
    }


@describes("sports_vote")
def sports_vote(batch: AuditWords, entry: AuditEntry) -> str:
    game, after = _game(batch, entry), entry.after or {}
    where = _where(game) if game is not None else str(REMOVED)
    voter, opponent = batch.name(after.get("voter")), batch.name(after.get("opponent"))
    said = (
        gettext("%(where)s: %(voter)s named %(opponent)s favourite opponent")
        if after.get("favourite")
        else gettext("%(where)s: %(voter)s named %(opponent)s not their favourite")
    )
    return said % {"where": where, "voter": voter, "opponent": opponent}

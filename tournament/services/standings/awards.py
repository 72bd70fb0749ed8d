"""Awards: painting scores (organisers and judges), sportsmanship votes (players, with their
key) and the overall ranking that weighs them with the battle results.

Sportsmanship, as this project reads "each player names their favourite opponent after each
game, once per game": after a game with a result, each of its two players answers once whether
their opponent was their favourite (a good sport). A "yes" is one vote for that opponent. The
answer is final (a unique constraint on game and voter holds it, also against two requests at
once); an organiser may undo it from the log, after which the player may answer again.

Every change is logged in the audit log (which also moves the event's revision on, so cached
pages refresh) and can be undone there.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from tournament.engine.display import format_percent, format_points, json_points, json_rate
from tournament.engine.standings.awards import AwardInputs, AwardWeights, award_table
from tournament.models import (
    Event,
    Game,
    PaintingScore,
    Player,
    PlayerStatus,
    Result,
    SportsVote,
)
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target, logged_value
from tournament.services.events.access import require_judge
from tournament.services.events.archive import event_require_writable
from tournament.services.players.public import players_named_for_public, rows_named_for_public
from tournament.services.rounds.games import game_authorise, game_lock
from tournament.services.rounds.records import event_games, players_records, ranked_players

AWARD_METRICS = ("painting", "sports", "overall")


def _weights(event: Event) -> AwardWeights:
    return AwardWeights(
        battle=event.weight_battle,
        painting=event.weight_painting,
        sports=event.weight_sports,
        painting_max=event.painting_max,
    )


def awards_inputs(*, event: Event, as_of_round: int | None = None) -> AwardInputs:
    """Painting scores and favourite votes received (games up to `as_of_round`), by player."""
    painting = dict(
        PaintingScore.objects.filter(player__event=event).values_list("player_id", "score")
    )
    votes = SportsVote.objects.filter(game__round__event=event, favourite=True)
    if as_of_round is not None:
        votes = votes.filter(game__round__number__lte=as_of_round)
    received = dict(
        votes.values("opponent_id")
        .annotate(n=Count("id"))
        .values_list("opponent_id", "n")
        .order_by()
    )
    return AwardInputs(painting=painting, votes=received, weights=_weights(event))


# Painting ---------------------------------------------------------------------------------


def _clean_score(event: Event, score) -> int | None:
    if score is None or score == "":
        return None
    if isinstance(score, str) and score.strip().isdigit():
        score = int(score)
    whole = isinstance(score, int) and not isinstance(score, bool)
    if not whole or not 0 <= score <= event.painting_max:
        # Above this event's own scale (yet a whole number) is a rule against stored data.
        code = "above_max" if whole and score > event.painting_max else "range"
        raise Invalid(
            "score",
            code,
            gettext("Must be a whole number from 0 to %(painting_max)s, or empty.")
            % {"painting_max": event.painting_max},
        )
    return score


def _set_painting(player: Player, score: int | None, user) -> None:
    if score is None:
        PaintingScore.objects.filter(player=player).delete()
    else:
        PaintingScore.objects.update_or_create(
            player=player, defaults={"score": score, "entered_by": user}
        )


@transaction.atomic
def painting_set(*, event: Event, player_id: int, score, user) -> int | None:
    """Set (or with None clear) a player's painting score; returns the score now held.

    Organisers and judges; the same score again changes and logs nothing."""
    require_judge(user, event)
    event_require_writable(event)
    player = (
        Player.objects.select_for_update()
        .filter(event=event, pk=player_id, status=PlayerStatus.APPROVED)
        .first()
    )
    if player is None:
        raise NotFound("player", "not_found", gettext("No such player in this event."))
    score = _clean_score(event, score)
    before = PaintingScore.objects.filter(player=player).values_list("score", flat=True).first()
    if before == score:
        return score
    _set_painting(player, score, user)
    audit_record(
        event=event,
        action="painting_score",
        target=f"player:{player.pk}",
        user=user,
        before={"painting": before},
        after={"painting": score},
    )
    return score


@transaction.atomic
def painting_many(*, event: Event, scores: dict[int, object], user) -> int:
    """Several players' scores from the organiser's form at once; returns how many changed.

    All or nothing: one score out of range changes none, and the error names the player."""
    before = dict(
        PaintingScore.objects.filter(player__event=event).values_list("player_id", "score")
    )
    names = dict(event.players.values_list("pk", "name"))
    changed = 0
    for player_id, score in scores.items():
        try:
            now = painting_set(event=event, player_id=player_id, score=score, user=user)
        except Invalid as exc:
            message = exc.messages.get("score", [str(exc)])[0]
            raise Invalid(
                f"painting_{player_id}",
                "range",
                gettext("%(get)s: %(message)s")
                % {"get": names.get(player_id, "Player"), "message": message},
            ) from exc
        changed += now != before.get(player_id)
    return changed


def _logged_player(entry) -> Player:
    return audit_target(entry, "player", gone="That player has been deleted.")


@undo_check("painting_score")
def _check_painting(entry) -> list[str]:
    player = _logged_player(entry)
    now = PaintingScore.objects.filter(player=player).values_list("score", flat=True).first()
    if now != (entry.after or {}).get("painting"):
        raise Conflict(
            "entry",
            "superseded",
            gettext("%(name)s's painting score was changed again after this; undo that first.")
            % {"name": player.name},
        )
    return []


@undoable("painting_score")
def _undo_painting(entry) -> None:
    player = Player.objects.select_for_update().get(pk=_logged_player(entry).pk)
    score = (entry.before or {}).get("painting")
    if score is not None:
        score = logged_value(PaintingScore, "score", score)
    _set_painting(player, score, entry.undone_by)


# Sportsmanship ----------------------------------------------------------------------------


def _has_result(game: Game) -> bool:
    return game.results.filter(is_current=True).exists()


def sports_vote(*, game_id: int, player: Player, favourite) -> SportsVote:
    """The player's one answer for this game: was the opponent their favourite?"""
    if not isinstance(favourite, bool):
        raise Invalid("favourite", "invalid", gettext("Must be true or false."))
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        game_authorise(game, player=player)
        event = game.round.event
        event_require_writable(event)
        if game.is_bye:
            raise Conflict("game", "bye", gettext("A bye has no opponent to vote for."))
        if not _has_result(game):
            raise Conflict(
                "game", "no_result", gettext("Vote once the game's result has been entered.")
            )
        opponent_id = game.player_b_id if player.pk == game.player_a_id else game.player_a_id
        if SportsVote.objects.filter(game=game, voter=player).exists():
            raise Conflict(
                "game",
                "already_voted",
                gettext("You have already voted for round %(number)s; one vote per game.")
                % {"number": game.round.number},
            )
        try:
            with transaction.atomic():
                vote = SportsVote.objects.create(
                    game=game, voter=player, opponent_id=opponent_id, favourite=favourite
                )
        except IntegrityError as exc:  # a second request that got past the check at once
            raise Conflict(
                "game", "already_voted", gettext("You have already voted for this game.")
            ) from exc
        audit_record(
            event=event,
            action="sports_vote",
            target=f"game:{game.pk}",
            player=player,
            after={"voter": player.pk, "opponent": opponent_id, "favourite": favourite},
        )
        return vote


def _logged_vote(entry) -> SportsVote | None:
    after = entry.after or {}
    game = audit_target(entry, "game", gone="That game's round has been removed.")
    return SportsVote.objects.filter(game=game, voter_id=after.get("voter")).first()


@undo_check("sports_vote")
def _check_vote(entry) -> list[str]:
    if _logged_vote(entry) is None:
        raise Conflict("entry", "superseded", gettext("That vote is no longer held."))
    return []


@undoable("sports_vote")
def _undo_vote(entry) -> None:
    vote = _logged_vote(entry)
    if vote is not None:
        vote.delete()


def sports_ballot(*, player: Player) -> list[dict]:
    """The player's games with an opponent, newest first: whether they may vote, or how they
    voted. Only games with a result take a vote."""
    # One query: the player's page is read often and must stay cheap.
    games = (
        # Released rounds only: an unreleased draw must not name the next opponent.
        Game.objects.filter(
            Q(player_a=player) | Q(player_b=player), player_b__isnull=False, round__released=True
        )
        .select_related("round", "player_a", "player_b")
        .annotate(
            has_result=Exists(Result.objects.filter(game=OuterRef("pk"), is_current=True)),
            my_vote=Subquery(
                SportsVote.objects.filter(game=OuterRef("pk"), voter=player).values("favourite")[:1]
            ),
        )
        .order_by("-round__number")
    )
    rows = []
    games = list(games)
    opponents = [g.player_b if g.player_a_id == player.pk else g.player_a for g in games]
    # Opponents as the public reads them (issue 36); the player's own name is not shown here.
    players_named_for_public(player.event, opponents)
    for game, opponent in zip(games, opponents, strict=True):
        rows.append(
            {
                "game": game.pk,
                "round": game.round.number,
                "table": game.table_number,
                "opponent": opponent.name,
                "has_result": game.has_result,
                "vote": game.my_vote,
            }
        )
    return rows


# The awards page ----------------------------------------------------------------------------


def awards_compute(*, event: Event) -> dict:
    """The overall ranking with each part, best first, and the weights it used.

    Battle counts confirmed results (and byes), as the published standings do."""
    players = list(ranked_players(event))
    inputs = awards_inputs(event=event)
    rows = award_table(
        players_records(players),
        event_games(event),
        awards=inputs,
        bye_vp=event.bye_vp,
    )
    names = {p.pk: p for p in players}
    out = []
    for row in rows:
        player = names[row.player_id]
        out.append(
            {
                "rank": row.rank,
                "tied": row.tied,
                "player": row.player_id,
                "name": player.name,
                "faction": player.faction,
                "mp": json_points(row.mp),
                "painting": row.painting,
                "votes": row.votes,
                "vote_games": row.vote_games,
                "battle_share": json_rate(row.battle_share),
                "painting_share": json_rate(row.painting_share),
                "sports_share": json_rate(row.sports_share),
                "overall": json_rate(row.overall),
                "display": {
                    "mp": format_points(row.mp),
                    "painting": "–" if row.painting is None else f"{row.painting}",
                    "votes": f"{row.votes} of {row.vote_games}",
                    "battle_share": format_percent(row.battle_share),
                    "painting_share": format_percent(row.painting_share),
                    "sports_share": format_percent(row.sports_share),
                    "overall": format_percent(row.overall),
                },
            }
        )
    best = _best(out)
    return {
        "weights": {
            "battle": event.weight_battle,
            "painting": event.weight_painting,
            "sports": event.weight_sports,
        },
        "painting_max": event.painting_max,
        "best_painted": best["painting"],
        "best_sport": best["votes"],
        "rows": out,
    }


def awards_named_for_public(event: Event, awards: dict) -> dict:
    """A copy of the awards with players by the event's public names (issue 36)."""
    rows = rows_named_for_public(event, awards["rows"])
    if rows is awards["rows"]:
        return awards
    best = _best(rows)
    return {**awards, "rows": rows, "best_painted": best["painting"], "best_sport": best["votes"]}


def _best(rows: list[dict]) -> dict[str, list[str]]:
    """Names of the players with the highest painting score and the most votes (all of a tie);
    none while nobody has any."""
    best = {}
    for key in ("painting", "votes"):
        top = max((r[key] or 0 for r in rows), default=0)
        best[key] = [r["name"] for r in rows if top and (r[key] or 0) == top]
    return best

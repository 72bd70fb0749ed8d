"""Tracked games as a service: create, find, act and view, each in one transaction.

Each edition's engine (`tracker.engine`) is pure, and its service hooks are registered in
`tracker.services.editions`; this module persists a game's state and action log, decides who
may act, and turns a finished event game into that game's result, the same way for each.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from common.errors import Conflict, Forbidden, Invalid, NotFound
from tournament.models import Game, Player
from tournament.services.results.results import result_enter
from tournament.services.rounds.games import game_authorise, game_lock, game_require_known
from tracker.engine.errors import Refusal
from tracker.engine.rulesets import ruleset_of
from tracker.models import TrackedAction, TrackedGame
from tracker.services.base import require_roll_off_winner
from tracker.services.editions import STARTS, edition_of, edition_of_game


def tracker_create(
    *,
    mission_code: str | None = None,
    pack_key: str = "leviathan",
    mission_key: str | None = None,
    seed: str | int | None = None,
    dispositions: tuple[Any, Any] | None = None,
) -> TrackedGame:
    """A standalone tracked game. Leviathan: on a mission code (generated or pool), or a
    fresh mission. A Maelstrom pack ("eighth", "seventh"): on `mission_key`, with an optional
    `seed` and `mission_code` label (see `maelstrom_create`). 11th edition ("eleventh"): on
    two `dispositions` (player A's, player B's) or a matchup code (`mission_code`)."""
    # Checked before any use: a list is unhashable (500s before).
    start = STARTS.get(pack_key) if isinstance(pack_key, str) else None
    if start is None:
        *most, last = STARTS
        raise Invalid(
            "pack",
            "unknown_pack",
            gettext("pack: %(join)s or %(last)s") % {"join": ", ".join(most), "last": last},
        )
    return start(
        mission_code=mission_code, mission_key=mission_key, seed=seed, dispositions=dispositions
    )


def tracker_get(*, token: str) -> TrackedGame:
    """A standalone game by its link token; event games are not reachable by token."""
    tracked = TrackedGame.objects.filter(token=token, game__isnull=True).first()
    if tracked is None:
        raise NotFound("token", "not_found", gettext("No tracked game has this link."))
    return tracked


def tracker_of_game_require_known(*, game_id: int, user=None) -> None:
    """404 unless the asker may know the game exists (see `game_require_known`): checked
    before a signed-out visitor without a key is asked for one."""
    game_require_known(game_id=game_id, user=user)


def tracker_authorise(game: Game, *, user=None, player: Player | None = None) -> None:
    """The game's two players (by key) or the event's organisers."""
    game_authorise(game, user=user, player=player)


def tracker_of_game(*, game_id: int, user=None, player: Player | None = None) -> TrackedGame:
    """The event game's tracked game, made on first use. One per game even when two phones
    ask at once: the game row is locked and the one-to-one column is unique."""
    try:
        with transaction.atomic():
            game = game_lock(game_id=game_id)
            tracker_authorise(game, user=user, player=player)
            existing = TrackedGame.objects.filter(game=game).first()
            if existing is not None:
                return existing
            if game.is_bye:
                raise Conflict("game", "bye", gettext("A bye has no battle to track."))
            edition, mission = edition_of_game(game)
            tracked = edition.open(mission, game=game)
            edition.seat_players(tracked, _by_system)
            return tracked
    except IntegrityError:  # lost a race the lock did not cover: the winner's row stands
        return TrackedGame.objects.get(game_id=game_id)


class _ReadKeys(dict):
    """An action that notes which of its keys the engine looked at."""

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.read: set[str] = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


def _store(
    tracked: TrackedGame, action: dict[str, Any], *, actor: str, strict: bool = False
) -> dict[str, Any]:
    # Each action type reads its own fields; with `strict`, a key the engine never looked
    # at (a typo, a field of another action) is refused rather than silently dropped.
    watched = _ReadKeys(action) if strict else action
    edition = edition_of(tracked)
    edition.upgrade(tracked)
    try:
        new = edition.ruleset.apply(tracked.state, watched)
    except Refusal as err:
        raise edition.refusal(err) from err
    if strict:
        # `seq` is the service's check, `side` also picks the view the caller gets back.
        unread = [key for key in action if key not in watched.read and key not in ("seq", "side")]
        if unread:
            kind = action.get("type")
            raise Invalid(
                unread[0],
                "unknown_field",
                gettext("%(unread)s: not a field of %(kind)s")
                % {"unread": unread[0], "kind": kind},
            )
    TrackedAction.objects.create(tracked=tracked, seq=new["seq"], actor=actor, action=action)
    tracked.state = new
    tracked.finished = new["phase"] == "over"
    tracked.save(update_fields=["state", "finished", "updated_at"])
    return new


def _by_system(tracked: TrackedGame, action: dict[str, Any]) -> dict[str, Any]:
    return _store(tracked, action, actor="system")


def _actor(user, player: Player | None) -> str:
    if player is not None:
        return f"player:{player.pk}"
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}"
    return "link"


def tracker_act(
    *, tracked_id: int, action: Any, user=None, player: Player | None = None, strict: bool = False
) -> TrackedGame:
    """Apply one action under a row lock and log it; a refusal changes nothing.

    Callers have already checked access (token, key or organiser). An action carrying a
    `seq` that is not the game's current one was built from an old view (a second phone)
    and is refused with `stale_action` (409). `strict` (the API) refuses keys the action does
    not take (`unknown_field`); the pages' forms send a fixed set of fields for every action."""
    if not isinstance(action, dict):
        raise Invalid("action", "bad_action", gettext("action: must be a JSON object"))
    with transaction.atomic():
        tracked = TrackedGame.objects.select_for_update().filter(pk=tracked_id).first()
        if tracked is None:
            raise NotFound("token", "not_found", gettext("No such tracked game."))
        if "seq" in action and action["seq"] != tracked.seq:
            if not _only_hidden_choices_since(tracked, action):
                raise Conflict(
                    "seq",
                    "stale_action",
                    gettext("seq: the game has moved on to action %(seq)s; reload and try again")
                    % {"seq": tracked.seq},
                )
            # Built before the other side's hidden choice, which changed nothing this side
            # may do: applied as if sent now (the log then replays).
            action = {**action, "seq": tracked.seq}
        before = tracked.state
        state = _store(tracked, action, actor=_actor(user, player), strict=strict)
        if tracked.game_id is not None:
            edition = edition_of(tracked)
            edition.record_attacker(tracked, before, state, _by_system)
            if state["phase"] == "over":
                _enter_result(tracked, edition.result_data(state), user=user, player=player)
        return tracked


def _only_hidden_choices_since(tracked: TrackedGame, action: dict[str, Any]) -> bool:
    """True when every action since the one `action` was built on is the other side's secret
    choice, still unrevealed: two phones choosing at the same moment, in either order. A
    reveal moves the phase on, so a choice that revealed makes any older view stale."""
    seen, side = action["seq"], action.get("side")
    ruleset = ruleset_of(tracked.state)
    sides = ruleset.sides
    if type(seen) is not int or seen > tracked.seq or side not in sides:
        return False
    if not ruleset.secret_actions:  # nothing is chosen face down in these games
        return False
    since = list(
        TrackedAction.objects.filter(tracked=tracked, seq__gt=seen).values_list("action", flat=True)
    )
    state = tracked.state
    return all(
        done.get("type") in ruleset.secret_actions
        and done.get("side") in sides
        and done.get("side") != side
        and (done.get("round"), done.get("phase")) == (state["round"], state["phase"])
        for done in since
    )


def _enter_result(tracked: TrackedGame, data, *, user, player: Player | None) -> None:
    result, _ = result_enter(
        game_id=tracked.game_id,
        data=data,
        user=user,
        player=player,
        source="tracker",
    )
    tracked.result = result
    tracked.save(update_fields=["result"])


def player_side(tracked: TrackedGame, player: Player | None) -> str | None:
    """The side a player of an event game plays: in Leviathan once roles are decided; in the
    other editions player A's side is the first (player_1, or a)."""
    return edition_of(tracked).side_of(tracked, player)


def tracker_view(*, tracked: TrackedGame, side: str | None) -> dict[str, Any]:
    """What one side (or a spectator, side None) may see: never the seed, the deck order or
    the other side's unrevealed choices. Plus the live score, legal action types and texts."""
    return edition_of(tracked).view(tracked=tracked, side=side)


def tracker_sides(tracked: TrackedGame) -> tuple[str, ...]:
    """The sides of a tracked game: Attacker and Defender, Maelstrom's player_1/player_2, or
    an 11th-edition game's a and b (player A and player B)."""
    return ruleset_of(tracked.state).sides


def tracker_game_act(
    *, game_id: int, action: Any, user=None, player: Player | None = None, strict: bool = False
) -> TrackedGame:
    """An event game's action: each player acts only for their own side (an action naming
    the other side is refused, 403); the event's organisers act for both."""
    tracked = tracker_of_game(game_id=game_id, user=user, player=player)
    edition = edition_of(tracked)
    mine = edition.side_of(tracked, player)
    acting = action.get("side") if isinstance(action, dict) else None
    foreign = acting in edition.ruleset.sides and acting != mine
    if player is not None and mine is not None and foreign:
        message = edition.not_your_side.format(side=mine, name=player.name)
        raise Forbidden("side", "not_your_side", message)
    if player is not None:
        require_roll_off_winner(tracked, action, player, edition.players)
    return tracker_act(
        tracked_id=tracked.pk, action=action, user=user, player=player, strict=strict
    )

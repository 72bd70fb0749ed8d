"""The pages of forms the 11th edition, Maelstrom of War and Eternal War / Only War games are
played on: every button is a form posting one action (with the game's `seq`, so a resent form
is refused, never applied twice), then back to the same side's page. Each edition gives its
template, how its forms read back into an action and what its template shows."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from common.errors import RuleError, ServiceError
from tracker.engine.rulesets import ruleset_of
from tracker.services.trackers import player_side, tracker_act, tracker_game_act, tracker_view

POLL_MS = 4000  # how often a phone asks for the other phone's moves (TRACKER_POLL_MS)


def poll_ms() -> int:
    return int(getattr(settings, "TRACKER_POLL_MS", POLL_MS))


def read_form(post: QueryDict, texts: tuple[str, ...], ints: tuple[str, ...]) -> dict[str, Any]:
    """The named text and number fields of a posted form: blank ones left out, numbers as
    ints (anything else kept, for the engine to refuse)."""
    action: dict[str, Any] = {}
    for field in texts:
        if post.get(field):
            action[field] = post[field]
    for field in ints:
        raw = post.get(field, "").strip()
        if raw:
            action[field] = int(raw) if raw.lstrip("-").isdigit() else raw
    return action


def error_text(error: Exception, players: dict[str, str]) -> str:
    """A refusal as a player reads it: their names, not side keys, and no field prefix."""
    messages = getattr(error, "messages", None)  # a ServiceError: its first message
    if messages:
        text = next(iter(messages.values()))[0]
    else:  # an engine's refusal: its words in the reader's language
        text = error.message if isinstance(error, RuleError) else str(error)
    head, sep, rest = text.partition(": ")
    if sep and head.isidentifier():
        text = rest[:1].upper() + rest[1:]
    for key, name in players.items():
        # Only the key standing as a word ("a's turn", "objective of b"), never the letter
        # inside other words nor the article ("roll a D6").
        text = re.sub(rf"(?<![\w']){re.escape(key)}(?='s\b|\s*$|[.,;:)])", name, text)
    return text


def _stale(exc: ServiceError) -> bool:
    return any("stale_action" in codes for codes in exc.codes.values())


def _moved_on(request, after: str):
    """A tap on a page older than the game (the other phone moved it on): nothing applied,
    the page reloads as the game now is and says so, rather than an error page."""
    messages.info(
        request,
        gettext("The other phone moved first: this is the game now (your tap was not applied)."),
    )
    return redirect(after)


def _acts_for(tracked, side: str) -> tuple[str, ...]:
    """The sides a phone showing `side` acts for, when the game does not tie it to one player
    (a standalone link, an organiser): both, unless choices are made face down."""
    ruleset = ruleset_of(tracked.state)
    return (side,) if ruleset.secret_actions else ruleset.sides


def _side_asked(request, tracked) -> str:
    """The side a page shows: `?side=`, or the form's `viewer`; else the first side."""
    sides = ruleset_of(tracked.state).sides
    side = request.GET.get("side") or request.POST.get("viewer")
    return side if side in sides else sides[0]


@dataclass(frozen=True)
class FormPage:
    template: str
    action_from_form: Callable[[QueryDict], dict[str, Any]]
    # (view data, viewer, actors): everything the template shows.
    page_context: Callable[[dict[str, Any], str, tuple[str, ...]], dict[str, Any]]
    # (state, action, form): a prompt shown instead of sending the action, or None to send it.
    hold: Callable[[dict[str, Any], dict[str, Any], QueryDict], Any] | None = None

    def standalone(self, request, tracked):
        return _standalone(request, tracked, self)

    def event(self, request, tracked, *, player, key: str):
        """An event game: a player's phone shows and acts for their own side; an
        organiser's shows either side (switch at the top)."""
        game = tracked.game
        url = reverse("tracker-game", kwargs={"game_id": game.pk})
        if player is not None:
            side = player_side(tracked, player)
            actors: tuple[str, ...] = (side,)
            after = f"{url}?key={key}"
            back = {
                "href": reverse("player-home", kwargs={"key": key}),
                "label": "Your player page",
            }
        else:
            side = _side_asked(request, tracked)
            actors = _acts_for(tracked, side)
            after = f"{url}?side={side}"
            back = {
                "href": reverse("event", kwargs={"event_id": game.round.event_id}),
                "label": "The event",
            }
        return self.render(
            request,
            tracked,
            side=side,
            actors=actors,
            act=lambda action: tracker_game_act(
                game_id=game.pk, action=action, user=request.user, player=player
            ),
            after=after,
            extra={
                "switch": player is None,
                "back": back,
                "share": None,
                "player_page": back["href"] if player is not None else None,
            },
        )

    def render(self, request, tracked, *, side, actors, act, after, extra):
        """The page for `side`, with controls for `actors`; a POST is one action sent through
        `act`, then a redirect to `after` (a refusal shows on the page instead).
        `?poll=1` answers only the game's `seq`: the page's script asks it every few seconds
        and fetches the whole page only when the other phone has moved."""
        if request.method == "GET" and request.GET.get("poll"):
            return JsonResponse({"seq": tracked.state["seq"]})
        error = status = unscored = None
        if request.method == "POST":
            action = self.action_from_form(request.POST)
            if self.hold is not None:
                unscored = self.hold(tracked.state, action, request.POST)
            if unscored is None:
                try:
                    act(action)
                except ServiceError as exc:
                    if _stale(exc):
                        return _moved_on(request, after)
                    # A refused form is a 400; acting for the other side, a 403.
                    error, status = exc, exc.status if exc.status == 403 else 400
                else:
                    return redirect(after)
                tracked.refresh_from_db()
        data = tracker_view(tracked=tracked, side=side)
        context = self.page_context(data, side, actors)
        context.update(
            extra,
            unscored=unscored,
            tracked=tracked,
            poll_ms=poll_ms(),
            error=error_text(error, data["players"]) if error is not None else None,
        )
        return render(request, self.template, context, status=status or 200)


@require_http_methods(["GET", "POST"])
def _standalone(request, tracked, page: FormPage):
    """A standalone game: anyone with the link plays; each phone opens it as one side."""
    side = _side_asked(request, tracked)
    here = reverse("tracker", kwargs={"token": tracked.token})
    return page.render(
        request,
        tracked,
        side=side,
        actors=_acts_for(tracked, side),
        act=lambda action: tracker_act(tracked_id=tracked.pk, action=action),
        after=f"{here}?side={side}",
        extra={
            "switch": True,
            "back": {"href": reverse("tracker-new"), "label": "Start another game"},
            "share": request.build_absolute_uri(here),
        },
    )

"""`{% floor_stat event %}`: the floor's line on the staff's pages (calls waiting, the median
time from a call to its claim), linking to the floor page."""

from __future__ import annotations

from django import template

from floor.views.pages import call_card_context, floor_summary
from tournament.models import Player

register = template.Library()


@register.inclusion_tag("floor/_stat.html")
def floor_stat(event) -> dict:
    return floor_summary(event)


@register.inclusion_tag("floor/partials/call_card.html", takes_context=True)
def judge_call_card(context, game) -> dict:
    """The "Call a judge" card on the tracker of an event game, for the player whose key
    opened it (staff call from the floor page; a standalone game has no judge)."""
    request = context.get("request")
    key = request.GET.get("key", "") if request is not None else ""
    player = Player.objects.select_related("event").filter(private_key=key).first() if key else None
    if game is None or player is None or player.pk not in (game.player_a_id, game.player_b_id):
        return {"judge": None}
    if game.player_b_id is None:
        return {"judge": None}
    return call_card_context(player=player, game=game, key=key, back=request.get_full_path())

"""The public ratings page, the person page's history chart, the player's "Leave me out of
ratings" and the win chances beside the public pairings."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from ratings.engine.ratings import EDITIONS, Rating, edition_of, win_chances
from ratings.models import PersonRating
from ratings.services.ratings import (
    person_choice,
    person_of_player,
    person_rating_history,
    rating_opt_out_set,
    rating_settings,
    ratings_factions,
    ratings_list,
)
from ratings.views.charts import history_chart
from tournament.models import Player

DEFAULT_EDITION = "eleventh"


@require_safe
def ratings_page(request):
    edition = request.GET.get("edition", DEFAULT_EDITION)
    error = ""
    if edition not in EDITIONS:
        error = f"Unknown edition: choose one of {', '.join(EDITIONS.values())}."
        edition = DEFAULT_EDITION
    q = request.GET.get("q", "")[:100]
    faction = request.GET.get("faction", "")[:120]
    factions = ratings_factions(edition=edition)
    if faction not in factions:
        faction = ""
    rows = ratings_list(edition=edition, q=q, faction=faction)
    context = {
        "editions": list(EDITIONS.items()),
        "edition": edition,
        "edition_label": EDITIONS[edition],
        "rows": rows,
        "q": q,
        "faction": faction,
        "factions": factions,
        "error": error,
    }
    return render(request, "ratings/ratings.html", context, status=400 if error else 200)


def person_ratings_section(person_id: int) -> str:
    """The person page's section (people.extensions.PERSON_PAGE_SECTIONS): each edition group's
    current rating and its history after each event, drawn as SVG; nothing for an opted-out
    person or one never rated."""
    history = person_rating_history(person_id=person_id)
    if not history:
        return ""
    for group in history:
        group["chart"] = history_chart(group["points"], title=f"{group['label']} rating")
    return render_to_string("ratings/partials/person_ratings.html", {"history": history})


def player_ratings_section(player: Player) -> tuple[str, dict] | None:
    """The player's own page (tournament's PLAYER_PAGE_SECTIONS): "Leave me out of ratings".
    One query: the player's person with their opt-out, if any."""
    found = person_choice(player_id=player.pk)
    if found is None:
        return None
    return "ratings/partials/my_ratings.html", {"ratings_opted_out": found[1]}


@require_POST
def player_ratings_choice(request, key: str):
    player = Player.objects.filter(private_key=key).only("pk").first()
    if player is None:
        raise PermissionDenied("Unknown player key.")
    person_id = person_of_player(player_id=player.pk)
    if person_id is None:
        raise PermissionDenied("This player is not linked to a person.")
    out = request.POST.get("out") == "yes"
    changed = rating_opt_out_set(person_id=person_id, out=out)
    if not changed:
        messages.info(request, gettext("Nothing changed."))
    elif out:
        messages.success(
            request,
            gettext(
                "You are left out of ratings: no rating is shown and your games are not rated."
            ),
        )
    else:
        messages.success(
            request, gettext("You are rated again: your games count from the next update.")
        )
    answer = redirect(reverse("player-home", kwargs={"key": key}) + "#ratings")
    answer["Cache-Control"] = "private, no-store"
    return answer


def pairings_win_chances(event, round_) -> str:
    """Under the public pairings (tournament's PAGE_SECTIONS["pairings"]): each table's win
    chances from both players' current ratings, when the organiser turned them on."""
    if round_ is None or not round_.released or not rating_settings(event).ratings_win_chances:
        return ""
    games = list(
        round_.games.filter(player_b__isnull=False)
        .select_related("player_a__person_link", "player_b__person_link", "player_a", "player_b")
        .order_by("table_number", "pk")
    )
    people = {
        link.person_id
        for g in games
        for link in (
            getattr(g.player_a, "person_link", None),
            getattr(g.player_b, "person_link", None),
        )
        if link is not None
    }
    ratings = {
        r.person_id: Rating(r.mu, r.sigma, r.games)
        for r in PersonRating.objects.filter(
            edition=edition_of(event.mission_pack),
            person_id__in=people,
            person__rating_opt_out__isnull=True,
        )
    }
    rows = []
    for g in games:
        a = getattr(getattr(g.player_a, "person_link", None), "person_id", None)
        b = getattr(getattr(g.player_b, "person_link", None), "person_id", None)
        if a in ratings and b in ratings:
            chance_a, _ = win_chances(ratings[a], ratings[b])
            rows.append(
                {
                    "table": g.table_number,
                    "a": g.player_a.name,
                    "b": g.player_b.name,
                    "chance_a": round(chance_a * 100),
                    "chance_b": 100 - round(chance_a * 100),
                }
            )
    if not rows:
        return ""
    return render_to_string("ratings/partials/win_chances.html", {"rows": rows})

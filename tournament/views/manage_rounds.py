"""Organiser pages of a round: pair it (or force it), swap two players, re-pair or undo it, and
the results board that brings missing, unconfirmed and disputed results to the top.

Judges see the round and work the results board; pairing stays with the organisers."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from missions.classic.generator import LATER_ROLLS
from missions.classic.types import ClassicMission
from missions.eleventh.matrix import LAYOUT_LETTERS
from missions.render.classic import classic_mission_svg
from missions.scoring.rules import scoring_rules
from missions.services.missions import is_classic, mission_names
from tournament.models import Game, LayoutPolicy
from tournament.services.live.clock import round_clock_state
from tournament.services.players.penalties import penalty_marks
from tournament.services.players.players import (
    players_absent,
    players_by_name,
    players_check_in_all,
    players_drop_absent,
)
from tournament.services.results.results import (
    result_claims,
    result_confirm,
    result_enter,
    result_settle,
)
from tournament.services.results.warnings import result_warnings
from tournament.services.rounds.eleventh import is_eleventh
from tournament.services.rounds.extensions import game_extend
from tournament.services.rounds.fallback import fallback_pack_offered
from tournament.services.rounds.layout import game_set_layout
from tournament.services.rounds.mission import round_choose_mission, round_mission_key
from tournament.services.rounds.pairing_record import round_has_record
from tournament.services.rounds.release import round_release
from tournament.services.rounds.rounds import round_create, round_delete_latest, round_set_mission
from tournament.services.rounds.swaps import round_repair, round_swap_players
from tournament.views.common import (
    back,
    error_texts,
    is_htmx,
    latest_round,
    organiser_required,
    report,
    staff_required,
)
from tournament.views.data import STATE_ORDER, games_of, mission_of
from tournament.views.forms.results import (
    EleventhScoreForm,
    ScoreForm,
    record_labels,
)
from tournament.views.forms.rounds import SwapForm

ATTENTION = ("disputed", "missing", "pending")


def _round_context(event, **extra) -> dict:
    current = latest_round(event)
    games = games_of(current)
    players = players_by_name(p for g in games for p in (g.player_a, g.player_b) if p is not None)
    mission = mission_of(event, current)
    classic = current is not None and is_classic(event.mission_pack)
    context = {
        "event": event,
        "tab": "rounds",
        "round": current,
        "games": games,
        "mission": mission,
        # A table pack has no pool: the organiser picks a mission by name from the pack's
        # list, types a code or draws again.
        "choose_mission": classic,
        "mission_names": mission_names(event.mission_pack) if classic else [],
        "mission_key": round_mission_key(current) if classic else "",
        **_classic_map(mission),
        "swap_form": SwapForm(players=players),
        "has_record": round_has_record(event=event, round_=current, staff=True),
        "open": current is not None
        and not any(g.state in ("pending", "confirmed", "disputed") for g in games),
        "waiting": sum(g.state in ATTENTION for g in games),
        "can_pair": event.rounds.count() < event.planned_rounds,
        "warnings": sum(len([f for f in g.flags if f.get("code") != "bye"]) for g in games),
        "clock": round_clock_state(round_=current) if current else None,
        # 11th edition: each game's primaries and layout (a letter to change); the letter to
        # name when pairing under the per_round policy.
        "eleventh": is_eleventh(event),
        "name_layout": is_eleventh(event) and event.layout_policy == LayoutPolicy.PER_ROUND,
        "layout_letters": LAYOUT_LETTERS,
        # Tables whose matchup has no layout in the data: counted before the release, so the
        # organiser has the printed cards ready (each row names its card).
        "missing_layouts": sum(bool((g.eleventh or {}).get("layout_card")) for g in games),
        # A released round's paper pack, made in the background on release.
        **fallback_pack_offered(round_=current),
    }
    context.update(extra)
    return context


def _classic_map(mission) -> dict:
    """A table pack's round: its map, the rolls made with it, and whether a roll waits for
    the table (The Scouring's markers after deployment, Ancient Relic's at round 1)."""
    if not isinstance(mission, ClassicMission):
        return {"round_map": "", "later_rolls": False}
    return {
        "round_map": classic_mission_svg(mission, width_px=480, translate=gettext),
        "later_rolls": mission.mission.key in LATER_ROLLS,
    }


@staff_required
def rounds_page(request, event):
    return render(request, "tournament/manage/rounds.html", _round_context(event))


@organiser_required
@require_POST
def round_pair(request, event):
    force = request.POST.get("force") == "1"
    layout = request.POST.get("layout") or None
    try:
        round_ = round_create(event_id=event.pk, user=request.user, force=force, layout=layout)
    except ServiceError as exc:
        codes = exc.codes
        if "results_missing" in codes.get("round", []) or {
            "not_checked_in",
            "no_disposition",
        } & set(codes.get("players", [])):
            # Forcing skips every check at once, so the page shows who is not checked in
            # next to missing results: the organiser never forces past no-shows unawares.
            absent = players_absent(event=event) if event.check_in_required else []
            context = _round_context(
                event,
                needs_force=" ".join(error_texts(exc)),
                absent=absent,
                results_missing="results_missing" in codes.get("round", []),
                layout_posted=layout,
            )
            return render(request, "tournament/manage/rounds.html", context, status=409)
        report(request, exc)
    else:
        review = "" if round_.released else " Check it, then release it to the players."
        messages.success(
            request,
            gettext("Round %(number)s is paired.%(review)s")
            % {"number": round_.number, "review": review},
        )
    return redirect("manage-rounds", event_id=event.pk)


@organiser_required
@require_POST
def round_release_view(request, event, number: int):
    try:
        round_release(event_id=event.pk, user=request.user, number=number)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("Round %(number)s's pairings are released: players see them.")
            % {"number": number},
        )
    return redirect("manage-rounds", event_id=event.pk)


@organiser_required
@require_POST
def round_mission(request, event, number: int):
    """A classic-pack round's mission: by name from the pack's list (`mission_name`), a code
    of the event's pack, or `draw` for another."""
    code = None if request.POST.get("draw") else request.POST.get("mission", "").strip()
    try:
        if "mission_name" in request.POST:
            round_ = round_choose_mission(
                event_id=event.pk,
                user=request.user,
                number=number,
                mission_name=request.POST["mission_name"],
            )
        else:
            round_ = round_set_mission(
                event_id=event.pk, user=request.user, number=number, mission_code=code
            )
    except ServiceError as exc:
        report(request, exc, {"mission": "Mission code"})
    else:
        messages.success(
            request,
            gettext("Round %(number)s's mission: %(mission_code)s.")
            % {"number": round_.number, "mission_code": round_.mission_code},
        )
    return redirect("manage-rounds", event_id=event.pk)


@organiser_required
@require_POST
def game_layout(request, event, game_id: int):
    """An 11th-edition game's layout letter, from the round page (logged, undoable)."""
    game = Game.objects.filter(pk=game_id, round__event=event).select_related("round").first()
    if game is None:
        raise Http404("No such game in this event.")
    try:
        game = game_set_layout(
            game_id=game.pk, user=request.user, layout=request.POST.get("layout", "")
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        table = game.table_number or "–"
        messages.success(
            request,
            gettext("Table %(table)s: layout %(layout)s.")
            % {"table": table, "layout": game.layout},
        )
    return back(request, "manage-rounds", event_id=event.pk)


@staff_required
@require_POST
def game_extension(request, event, game_id: int):
    """Give one table more time from the round page (organisers and judges; logged,
    undoable): the minutes and a reason, as a judge types them at the table on a phone."""
    game = Game.objects.filter(pk=game_id, round__event=event).first()
    if game is None:
        raise Http404("No such game in this event.")
    minutes = request.POST.get("minutes", "").strip()
    try:
        game = game_extend(
            game_id=game.pk,
            minutes=int(minutes) if minutes.isdigit() else minutes,
            reason=request.POST.get("reason", ""),
            user=request.user,
        )
    except ServiceError as exc:
        report(request, exc, {"minutes": "Minutes", "reason": "Reason"})
    else:
        messages.success(
            request,
            gettext("Table %(value)s: +%(extra_minutes)s min in all.")
            % {"value": game.table_number or "–", "extra_minutes": game.extra_minutes},
        )
    return back(request, "manage-rounds", event_id=event.pk)


def _absent_action(request, event, service, done: str, nothing: str):
    """Run a check-in bulk action and say whom it touched, by name."""
    try:
        players = service(event=event, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        if players:
            names = ", ".join(p.name for p in players)
            messages.success(
                request,
                gettext("%(done)s %(players_count)s: %(names)s.")
                % {"done": done, "players_count": len(players), "names": names},
            )
        else:
            messages.info(request, nothing)
    return redirect("manage-rounds", event_id=event.pk)


@organiser_required
@require_POST
def check_in_all(request, event):
    nothing = gettext("Everyone expected at the tables is already checked in.")
    return _absent_action(
        request, event, players_check_in_all, pgettext("players", "Checked in"), nothing
    )


@organiser_required
@require_POST
def drop_absent(request, event):
    nothing = gettext("Everyone expected at the tables is checked in; nobody dropped.")
    return _absent_action(
        request, event, players_drop_absent, pgettext("players", "Dropped"), nothing
    )


@organiser_required
@require_POST
def round_swap(request, event, number: int):
    current = latest_round(event)
    players = [p for g in games_of(current) for p in (g.player_a, g.player_b) if p]
    form = SwapForm(request.POST, players=players)
    if not form.is_valid():
        messages.error(request, gettext("Choose two players of this round to swap."))
        return redirect("manage-rounds", event_id=event.pk)
    try:
        warnings = round_swap_players(
            event_id=event.pk,
            user=request.user,
            round_number=number,
            player_x=form.cleaned_data["player_x"],
            player_y=form.cleaned_data["player_y"],
            reason=form.cleaned_data["reason"],
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        note = f" {len(warnings)} warning(s) to check." if warnings else ""
        messages.success(request, gettext("Players swapped.%(note)s") % {"note": note})
    return redirect("manage-rounds", event_id=event.pk)


@organiser_required
@require_POST
def round_repair_view(request, event):
    force = request.POST.get("force") == "1"
    try:
        round_ = round_repair(event_id=event.pk, user=request.user, force=force)
    except ServiceError as exc:
        if {"not_checked_in", "no_disposition"} & set(exc.codes.get("players", [])):
            context = _round_context(
                event,
                needs_force=" ".join(error_texts(exc)),
                absent=players_absent(event=event),
                repairing=True,
            )
            return render(request, "tournament/manage/rounds.html", context, status=409)
        report(request, exc)
    else:
        messages.success(
            request, gettext("Round %(number)s paired again.") % {"number": round_.number}
        )
    return redirect("manage-rounds", event_id=event.pk)


@organiser_required
@require_POST
def round_undo(request, event):
    try:
        number = round_delete_latest(event_id=event.pk, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Round %(number)s removed.") % {"number": number})
    return redirect("manage-rounds", event_id=event.pk)


@staff_required
def results_board(request, event):
    rounds = list(event.rounds.order_by("number"))
    wanted = request.GET.get("round", "")
    chosen = next((r for r in rounds if str(r.number) == wanted), rounds[-1] if rounds else None)
    games = sorted(games_of(chosen), key=lambda g: (STATE_ORDER[g.state], g.table_number or 0))
    _with_penalties(games, event, chosen)
    for game in games:
        _with_claims(game, event)
    context = {
        "event": event,
        "tab": "results",
        "rounds": rounds,
        "round": chosen,
        "games": games,
        "counts": _counts(games),
    }
    return render(request, "tournament/manage/results.html", context)


def _counts(games: list[Game]) -> dict[str, int]:
    return {s: sum(g.state == s for g in games) for s in STATE_ORDER}


def _event_game(event, game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id, round__event=event).first()
    if game is None:
        raise Http404("No such game in this event.")
    return game


def _with_penalties(games: list[Game], event, round_) -> None:
    """Each game's players' penalties of its round, beside the VP as entered (issue 35)."""
    marks = penalty_marks(event.pk, round_number=round_.number) if round_ else {}
    for game in games:
        game.penalties_a = marks.get(game.player_a_id, [])
        game.penalties_b = marks.get(game.player_b_id, []) if game.player_b_id else []


def _with_claims(game: Game, event) -> Game:
    """A disputed game carries both players' claims, so the board can set them side by side;
    every game carries what staff should check in its result (accepted all the same)."""
    game.claims = result_claims(game) if game.state == "disputed" else []
    game.warnings = result_warnings(game, game.current, pack_key=event.mission_pack)
    if game.player_b_id and scoring_rules(event.mission_pack).game_record:
        # The 11th-edition boxes, filled from the standing result (not a dispute's: see the row).
        names = (game.player_a.name, game.player_b.name)
        standing = None if game.claims else game.current
        game.record_form = EleventhScoreForm(
            initial=EleventhScoreForm.initial_for(standing), names=names, auto_id=f"g{game.pk}_%s"
        )
    return game


def _row(request, event, game_id: int):
    # Always 200: htmx swaps only successful answers, and the row shows its own messages.
    games = games_of(_event_game(event, game_id).round)
    game = next(g for g in games if g.pk == game_id)
    _with_penalties([game], event, game.round)
    _with_claims(game, event)
    context = {"event": event, "game": game, "inline_messages": True}
    row = render_to_string("tournament/manage/result_row.html", context, request=request)
    # The board's counts change with the row: sent along, swapped in place (htmx oob).
    counts = render_to_string(
        "tournament/manage/result_counts.html", {"counts": _counts(games), "oob": True}
    )
    return HttpResponse(row + counts)


@staff_required
@require_POST
def result_enter_view(request, event, game_id: int):
    game = _event_game(event, game_id)
    rules = scoring_rules(event.mission_pack)
    labels = None
    if rules.game_record:
        names = (game.player_a.name, game.player_b.name if game.player_b else "B")
        form = EleventhScoreForm(request.POST, names=names)
        labels = record_labels(*names)
    else:
        form = ScoreForm(request.POST, vp_max=rules.vp_max, power=rules.underdog_ties)
    if form.is_valid():
        data = form.scores() if rules.game_record else form.cleaned_data
        try:
            result_enter(game_id=game.pk, data=data, user=request.user)
        except ServiceError as exc:
            report(request, exc, labels)
        else:
            messages.success(
                request,
                gettext("Table %(table_number)s: result saved and confirmed.")
                % {"table_number": game.table_number},
            )
    else:
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            for error in errors:
                messages.error(
                    request,
                    gettext("Table %(table_number)s %(value)s: %(error)s")
                    % {"table_number": game.table_number, "value": label or field, "error": error},
                )
    if is_htmx(request):
        return _row(request, event, game.pk)
    return back(request, "manage-results", event_id=event.pk)


@staff_required
@require_POST
def result_confirm_view(request, event, game_id: int):
    game = _event_game(event, game_id)
    try:
        result_confirm(game_id=game.pk, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("Table %(table_number)s: result confirmed.")
            % {"table_number": game.table_number},
        )
    if is_htmx(request):
        return _row(request, event, game.pk)
    return back(request, "manage-results", event_id=event.pk)


@staff_required
@require_POST
def result_settle_view(request, event, game_id: int):
    game = _event_game(event, game_id)
    version = request.POST.get("version", "")
    try:
        result = result_settle(
            game_id=game.pk,
            version=int(version) if version.isdigit() else version,
            user=request.user,
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("Table %(table_number)s: %(vp_a)s–%(vp_b)s accepted and confirmed.")
            % {"table_number": game.table_number, "vp_a": result.vp_a, "vp_b": result.vp_b},
        )
    if is_htmx(request):
        return _row(request, event, game.pk)
    return back(request, "manage-results", event_id=event.pk)

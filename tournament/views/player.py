"""A player's own page, opened from the private link: no account, no email, the key is enough.

The game a form acts on is in its URL, and the services check that the key's player plays in
it, so a key only ever reaches its holder's own games.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from missions.classic.types import ClassicMission
from missions.render.classic import classic_mission_svg
from missions.render.svg import mission_svg
from missions.scoring.eleventh import ROUND_PARTS, ROUNDS
from missions.scoring.rules import scoring_rules
from missions.services.eleventh import matchup_code
from missions.services.missions import is_classic, mission_trackable
from ops.middleware import client_address
from tournament.caching.revision import event_revision
from tournament.extensions import (
    PLAYER_GAME_SECTIONS,
    PLAYER_PAGE_LINKS,
    PLAYER_PAGE_SECTIONS,
)
from tournament.models import Game, Player, PlayerStatus, PublicNames
from tournament.services.audit.words import field_label
from tournament.services.live.clock import when_words
from tournament.services.players.checkin import check_in_window, player_check_in_self
from tournament.services.players.players import player_nickname_set
from tournament.services.players.public import player_public_name, players_named_for_public
from tournament.services.players.registration import registration_can_withdraw
from tournament.services.results.results import result_claims, result_confirm, result_enter
from tournament.services.rounds.eleventh import (
    disposition_lock_reason,
    disposition_name,
    is_eleventh,
    player_set_disposition,
)
from tournament.services.rounds.extensions import game_ends_at
from tournament.services.rounds.names import round_title
from tournament.services.rounds.pairing_record import player_why
from tournament.services.standings.awards import sports_ballot
from tournament.services.standings.standing import player_standing
from tournament.views.common import is_htmx, latest_round, player_game_or_404, report
from tournament.views.data import game_for, mission_of, player_history
from tournament.views.forms.players import DispositionForm, NicknameForm
from tournament.views.forms.results import (
    RECORD_CHOICES,
    ROUND_BOXES,
    EleventhScoreForm,
    ScoreForm,
    record_labels,
    round_box,
    swap_sides,
)
from tournament.views.now import now_context
from tournament.views.signup import status_line


def _player(key: str, *, for_write: bool) -> Player:
    player = Player.objects.select_related("event").filter(private_key=key).first()
    if player is None:
        # A forged key on a write is refused outright; on a read it is simply not found.
        if for_write:
            raise PermissionDenied("Unknown player key.")
        raise Http404("No player has this link.")
    return player


def _tracker_url(game: Game, key: str) -> str | None:
    try:
        url = reverse("tracker-game", kwargs={"game_id": game.pk})
    except NoReverseMatch:
        return None
    return f"{url}?key={key}"


def _map_svg(mission) -> str:
    """The round's map: a classic pack's ("approximate" on low-confidence geometry) or a card
    pack's."""
    if mission is None:
        return ""
    if isinstance(mission, ClassicMission):
        return classic_mission_svg(mission, width_px=640, translate=gettext)
    return mission_svg(mission, width_px=640, translate=gettext)


def _sides(game: Game, player: Player) -> dict:
    mine = game.side_of(player.pk)
    other = "b" if mine == "a" else "a"
    return {
        "mine": mine,
        "other": other,
        "opponent": game.player_b if mine == "a" else game.player_a,
    }


def _dispute_claims(game: Game, player: Player) -> list[dict]:
    """A disputed game's claims as this player reads them: who entered what, their own VP
    first in each, theirs before the opponent's (never the opponent's claim as "the" result)."""
    mine = game.side_of(player.pk)
    claims = []
    for claim in result_claims(game):
        own = claim.entered_by_player_id == player.pk
        scores = (claim.vp_a, claim.vp_b) if mine == "a" else (claim.vp_b, claim.vp_a)
        claims.append(
            {
                # The opponent as the public reads them (issue 36).
                "who": gettext("You")
                if own
                else player_public_name(claim.entered_by_player, player.event),
                "own": own,
                "mine": scores[0],
                "theirs": scores[1],
            }
        )
    return sorted(claims, key=lambda c: not c["own"])


def player_home(request, key: str):
    player = _player(key, for_write=False)
    event = player.event
    current = latest_round(event)
    # A round under the organiser's review: "pairings coming", not the table.
    game = game_for(player, current) if current is None or current.released else None
    context = {"player": player, "event": event, "round": current, "game": game, "key": key}
    # "Round 3", or a knockout round's stage ("Quarter-final").
    context["round_title"] = round_title(event=event, round_=current) if current else ""
    if not is_htmx(request):
        revision = event_revision(event_id=event.pk)  # first: the reads below are as new
        context.update(now_context(event, key=key, revision=revision))
        for name, hook in (
            ("game_sections", PLAYER_GAME_SECTIONS),
            ("page_sections", PLAYER_PAGE_SECTIONS),
        ):
            context[name] = []
            for section in hook:
                found = section(player)
                if found is not None:
                    context.update(found[1])
                    context[name].append(found[0])
        context["standing"] = player_standing(event=event, player=player, revision=revision)
        if game is not None:
            context["why"] = player_why(round_=current, player=player)
    if game is not None:
        mission = mission_of(event, current)
        context.update(
            _sides(game, player),
            mission=mission,
            mission_svg=_map_svg(mission),
            # The tracker follows Leviathan's decks, the Maelstrom of War Tactical
            # Objectives and the Eternal War and Only War missions' score.
            tracker_url=(
                _tracker_url(game, key)
                if game.player_b_id
                and (mission_trackable(mission) or not is_classic(event.mission_pack))
                else None
            ),
            form=ScoreForm(),
            battle_ready_bonus=_battle_ready_bonus(event),
            early_end=event.mission_pack in EARLY_END_PACKS,
            # Only War: both armies' Power Levels settle equal VP (the Underdog's win).
            power_levels=scoring_rules(event.mission_pack).underdog_ties,
            record_rounds=_record_rounds(event, request.GET),
            claims=_dispute_claims(game, player) if game.state == "disputed" else [],
            breakdown=_entered_breakdown(game, player),
            typed=_typed(request.GET),
        )
    context["history"] = [g for g in player_history(player) if game is None or g.pk != game.pk]
    context["ballot"] = sports_ballot(player=player)
    context["signup"] = {
        "line": status_line(player),
        "can_withdraw": registration_can_withdraw(player=player),
    }
    context["check_in"] = _check_in_card(player)
    context["disposition"] = _disposition_card(player)
    context["public_name"] = _public_name_card(player)
    # The player reads their own name in full; their opponents as the public does (issue 36).
    _opponents_named_for_public(player, [game, *context["history"]])
    if game is not None and game.player_b_id:
        context["my_eleventh"] = _my_eleventh(game, player)
        if game.extra_minutes:
            # This table's own end: the round's, plus the minutes staff gave it (issue 35).
            ends = game_ends_at(game, game.round.clock_ends_at)
            context["my_ends_words"] = when_words(ends) if ends else ""
    context["extra_links"] = [link for links in PLAYER_PAGE_LINKS for link in links(player, key)]
    template = "tournament/partials/my_result.html" if is_htmx(request) else "tournament/me.html"
    return render(request, template, context)


def _public_name_card(player: Player) -> dict | None:
    """What the public reads for this player when the event hides surnames (issue 36), and
    the nickname form when it shows nicknames."""
    event = player.event
    if event.public_names == PublicNames.FULL:
        return None
    form = None
    if event.public_names == PublicNames.NICKNAME:
        form = NicknameForm(initial={"nickname": player.nickname}, auto_id="nickname_%s")
    return {"shown": player_public_name(player, event), "form": form}


def _opponents_named_for_public(player: Player, games) -> None:
    others = [
        getattr(game, side)
        for game in games
        if game is not None
        for side in ("player_a", "player_b")
        if getattr(game, f"{side}_id") not in (None, player.pk)
    ]
    players_named_for_public(player.event, others)


@require_POST
def player_nickname(request, key: str):
    player = _player(key, for_write=True)
    form = NicknameForm(request.POST)
    form.is_valid()  # too long is left for the service to name
    chosen = form.cleaned_data.get("nickname", request.POST.get("nickname", ""))
    before = player.nickname
    try:
        player = player_nickname_set(player=player, nickname=chosen)
    except ServiceError as exc:
        report(request, exc)
    else:
        if player.nickname == before:
            messages.info(request, gettext("Your nickname is unchanged."))
        elif player.nickname:
            messages.success(
                request,
                gettext("Nickname saved: the public pages show %(nickname)s.")
                % {"nickname": player.nickname},
            )
        else:
            messages.success(
                request, gettext("Nickname cleared: the public pages show your first name.")
            )
    return redirect(reverse("player-home", kwargs={"key": key}) + "#public-name")


# The parts of a breakdown, as the phone names them, in the order they are added up.
BREAKDOWN_PARTS = (
    ("primary", "Primary"),
    ("secondary", "Secondary"),
    ("tactical", "Tactical"),
    ("gambit", "Gambit"),
    ("battle_ready", "Battle Ready"),
)


def _entered_breakdown(game: Game, player: Player) -> dict | None:
    """The opponent's entry as this player confirms it, beyond the totals: each part of the
    breakdown and each battle round, this player's side first (None when it holds only the
    totals, or when nothing waits for this player's confirmation)."""
    result = game.current
    if result is None or game.state != "pending" or result.entered_by_player_id == player.pk:
        return None
    mine = game.side_of(player.pk)
    other = "b" if mine == "a" else "a"

    def shown(value) -> str:
        return "–" if value is None else str(value)

    parts = [
        (label, shown(getattr(result, f"{part}_{mine}")), shown(getattr(result, f"{part}_{other}")))
        for part, label in BREAKDOWN_PARTS
        if getattr(result, f"{part}_{mine}") is not None
        or getattr(result, f"{part}_{other}") is not None
    ]
    my_rounds = getattr(result, f"rounds_{mine}") or []
    their_rounds = getattr(result, f"rounds_{other}") or []
    rounds = [
        {
            "number": n,
            "mine": my_rounds[n - 1] if n <= len(my_rounds) else None,
            "theirs": their_rounds[n - 1] if n <= len(their_rounds) else None,
        }
        for n in range(1, max(len(my_rounds), len(their_rounds)) + 1)
    ]
    if not parts and not rounds:
        return None
    return {"parts": parts, "rounds": rounds}


def _typed(data) -> dict[str, str]:
    """The scores a refused entry sent back (`vp_a` mine, `vp_b` theirs; Only War's Power
    Levels alike), digits only, and
    the 11th-edition boxes (battle rounds as digits, the choices as one of their values)."""
    out = {}
    for field in ("vp_a", "vp_b", "power_a", "power_b", *ROUND_BOXES):
        value = (data.get(field) or "").strip()
        if value.isdigit() and value.isascii() and len(value) <= 4:
            out[field] = value
    early = {"outcome": ("a_wins", "b_wins", "draw"), "ended": ("time", "concession", "tabled")}
    for field, allowed in {**RECORD_CHOICES, **early}.items():
        if data.get(field) in allowed:
            out[field] = data[field]
    return out


def _record_rounds(event, data) -> list[dict] | None:
    """The phone's five battle-round rows for an 11th-edition game (what was typed before a
    refusal kept in them), or None for packs without the record."""
    if not scoring_rules(event.mission_pack).game_record:
        return None
    typed = _typed(data)
    return [
        {
            "number": n,
            "boxes": [
                {"name": name, "value": typed.get(name, ""), "part": part, "mine": side == "a"}
                for side in "ab"
                for part in ROUND_PARTS
                for name in [round_box(n, part, side)]
            ],
        }
        for n in range(1, ROUNDS + 1)
    ]


def _back_with_typed(key: str, data) -> HttpResponseRedirect:
    """Back to the player's page with what they typed still in the boxes: a refusal must not
    make someone at the table type the scores again."""
    query = urlencode(_typed(data))
    url = reverse("player-home", kwargs={"key": key})
    return HttpResponseRedirect(f"{url}?{query}#my-result" if query else url)


def _disposition_card(player: Player) -> dict | None:
    """11th edition: the player's Force Disposition, and the form to choose it until the lock."""
    event = player.event
    if not is_eleventh(event) or player.status in (PlayerStatus.REJECTED, PlayerStatus.WITHDRAWN):
        return None
    locked = disposition_lock_reason(event)
    return {
        "name": disposition_name(player.disposition),
        "locked": locked,
        "form": None if locked else DispositionForm(initial={"disposition": player.disposition}),
    }


def _my_eleventh(game: Game, player: Player) -> dict | None:
    """ "Your primary", "your opponent's" and the layout, from this player's side of the game."""
    x = game.eleventh
    if x is None:
        return None
    mine = game.side_of(player.pk)
    other = "b" if mine == "a" else "a"
    out = {**x, "mine": x[f"primary_{mine}"], "theirs": x[f"primary_{other}"]}
    if x["primary_a"] and x["layout"]:
        # The matchup page: both primaries in full and the layout's map, on the phone.
        code = matchup_code(a=game.disposition_a, b=game.disposition_b, layout=x["layout"])
        out["matchup_url"] = reverse("mission", kwargs={"code": code})
    return out


@require_POST
def player_disposition(request, key: str):
    player = _player(key, for_write=True)
    form = DispositionForm(request.POST)
    form.is_valid()  # a choice outside the list is left for the service to name
    chosen = form.cleaned_data.get("disposition", request.POST.get("disposition", ""))
    before = player.disposition
    try:
        player = player_set_disposition(player=player, disposition=chosen)
    except ServiceError as exc:
        report(request, exc)
    else:
        if player.disposition == before:
            messages.info(request, gettext("Your Force Disposition is unchanged."))
        elif player.disposition:
            name = disposition_name(player.disposition)
            messages.success(
                request, gettext("Force Disposition saved: %(name)s.") % {"name": name}
            )
        else:
            messages.success(request, gettext("Force Disposition cleared."))
    return redirect(reverse("player-home", kwargs={"key": key}) + "#disposition")


def _check_in_card(player: Player) -> dict | None:
    """What the page says of check-in: nothing until the organiser opens it (or for a player
    who has no place or has dropped), then the button, why not yet, or that it is done."""
    event = player.event
    if not event.check_in_open or player.status != PlayerStatus.APPROVED or player.dropped:
        return None
    return {"done": player.checked_in, "window": check_in_window(event)}


@require_POST
def player_check_in(request, key: str):
    player = _player(key, for_write=True)
    try:
        player_check_in_self(player=player, client_address=client_address(request))
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("You are checked in. Good luck!"))
    return redirect("player-home", key=key)


def _scores_for(game: Game, player: Player, form: ScoreForm) -> dict:
    """The form asks 'my VP' and 'their VP'; the service wants side A and side B. A ticked
    Battle Ready box names the bonus within my total (unticked says nothing of it)."""
    side = game.side_of(player.pk)
    bonus = _battle_ready_bonus(player.event)
    if isinstance(form, EleventhScoreForm):
        # The boxes read "mine" first: the game's sides once swapped for player B.
        data = form.scores()
        if bonus and form.cleaned_data.get("battle_ready"):
            data["battle_ready_a"] = bonus
        return swap_sides(data) if side == "b" else data
    mine, theirs = form.cleaned_data["vp_a"], form.cleaned_data["vp_b"]
    data = {"vp_a": theirs, "vp_b": mine} if side == "b" else {"vp_a": mine, "vp_b": theirs}
    # The phone's "a_wins" reads "I won", as its vp_a is "my VP": side B's is the game's b_wins.
    outcome = form.cleaned_data.get("outcome")
    if outcome:
        flipped = {"a_wins": "b_wins", "b_wins": "a_wins"}
        data["outcome"] = flipped.get(outcome, outcome) if side == "b" else outcome
    if form.cleaned_data.get("ended"):
        data["ended"] = form.cleaned_data["ended"]
    if "power_a" in form.cleaned_data:  # Only War: the form's power_a is "my" Power Level
        mine, theirs = form.cleaned_data["power_a"], form.cleaned_data["power_b"]
        data["power_a"], data["power_b"] = (theirs, mine) if side == "b" else (mine, theirs)
    if bonus and form.cleaned_data.get("battle_ready"):
        data[f"battle_ready_{side}"] = bonus
    return data


# Packs whose results can name the winner whatever the VP (issue 26): The Relic's major or
# minor victory (seed 000 around line 2439), a concession or a tabled side (seed 000 around
# line 2018, seed 001 around line 310); Only War's wiped-out army and, on equal VP and equal
# Power Levels, the Underdog who assigned the deployment zones (seed 003 lines 1705, 1723).
EARLY_END_PACKS = ("eighth", "seventh", "only_war")


def _battle_ready_bonus(event) -> int | None:
    """The Battle Ready bonus of the event's pack (Leviathan's 10 VP), or None without one."""
    part = scoring_rules(event.mission_pack).part("battle_ready")
    return part.maximum if part else None


def _score_labels(game: Game, player: Player, *, record: bool = False) -> dict[str, str]:
    """The score form's fields as this player's page labels them (the form asks "my VP")."""
    sides = _sides(game, player)
    opponent = sides["opponent"].name if sides["opponent"] else gettext("Opponent")
    labels = {}
    if record:
        labels = record_labels(*((None, opponent) if sides["mine"] == "a" else (opponent, None)))
    labels.update(
        {
            f"vp_{sides['mine']}": gettext("My VP"),
            f"vp_{sides['other']}": gettext("%(name)s's VP") % {"name": opponent},
        }
    )
    return labels


@require_POST
def player_result(request, key: str, game_id: int):
    player = _player(key, for_write=True)
    game = player_game_or_404(player, game_id)
    if game.side_of(player.pk) is None:
        raise PermissionDenied("You are not playing in this game.")
    rules = scoring_rules(player.event.mission_pack)
    opponent = _sides(game, player)["opponent"]
    if rules.game_record:
        names = (gettext("Me"), opponent.name if opponent else gettext("Opponent"))
        form = EleventhScoreForm(
            request.POST,
            parts=False,
            battle_ready=True,
            names=names,
            owners=(None, names[1]),
        )
    else:
        form = ScoreForm(
            request.POST,
            vp_max=rules.vp_max,
            battle_ready=_battle_ready_bonus(player.event) is not None,
            power=rules.underdog_ties,
        )
    if form.is_valid():
        try:
            result, _created = result_enter(
                game_id=game.pk, data=_scores_for(game, player, form), player=player
            )
        except ServiceError as exc:
            report(request, exc, _score_labels(game, player, record=rules.game_record))
            return _back_with_typed(key, request.POST)
        else:
            if result.status == "confirmed":
                messages.success(request, gettext("Both scores agree: the result is confirmed."))
            elif result.status == "disputed":
                messages.warning(
                    request, gettext("Your score differs; an organiser will settle it.")
                )
            else:
                messages.success(request, gettext("Result sent. Your opponent now confirms it."))
    else:
        # The form's own fields are "mine" (vp_a) and "theirs" (vp_b), whatever the seats.
        labels = {"vp_a": "My VP", "vp_b": f"{opponent.name if opponent else 'Opponent'}'s VP"}
        for field, errors in form.errors.items():
            label = labels.get(field) or (form.fields[field].label if field in form.fields else "")
            for error in errors:
                text = f"{label or field_label(field)}: {error}" if field != "__all__" else error
                messages.error(request, text)
        return _back_with_typed(key, request.POST)
    return redirect("player-home", key=key)


@require_POST
def player_confirm(request, key: str, game_id: int):
    player = _player(key, for_write=True)
    game = player_game_or_404(player, game_id)
    # The entry the page showed (absent from older pages and scripts: the current one).
    seen = request.POST.get("version", "")
    version = int(seen) if seen.isdigit() and seen.isascii() and len(seen) <= 9 else None
    try:
        result_confirm(game_id=game.pk, player=player, version=version)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Result confirmed. Thank you!"))
    return redirect("player-home", key=key)

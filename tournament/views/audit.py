"""The audit log page: each entry said in words (table, players, scores), with undo."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournament.errors import ServiceError
from tournament.models import AuditEntry, Game, Player, Round
from tournament.services.audit import UNDO_HANDLERS, audit_undo
from tournament.views.common import organiser_required, report

LABELS = {
    "event_create": "Event created",
    "event_update": "Settings changed",
    "player_register": "Player added",
    "player_update": "Player changed",
    "round_create": "Round paired",
    "round_delete": "Round removed",
    "pairing_swap": "Players swapped",
    "round_mission": "Mission chosen",
    "result_enter": "Result entered",
    "result_confirm": "Result confirmed",
    "undo": "Undo",
}


def _ids(entries, kind: str) -> set[int]:
    out = set()
    for entry in entries:
        prefix, _, ident = entry.target.partition(":")
        if prefix == kind and ident.isdigit():
            out.add(int(ident))
    return out


def _value(value) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "–" if value is None else str(value)


def _changes(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    if entry.action not in ("event_update", "player_update") or not isinstance(after, dict):
        return ""
    return "; ".join(
        f"{k.replace('_', ' ')} {_value(before.get(k))} → {_value(v)}" for k, v in after.items()
    )


def _game_text(entry, game) -> str:
    vs = f"{game.player_a.name} vs {game.player_b.name}" if game.player_b else "bye"
    text = f"R{game.round.number} table {game.table_number or '–'}: {vs}"
    after = entry.after or {}
    if "vp_a" in after:
        text += f" · {after['vp_a']}–{after.get('vp_b')} ({after.get('status', '')})"
    return text


def _describe(entry, games: dict, players: dict, rounds: dict) -> str:
    kind, _, ident = entry.target.partition(":")
    ident = int(ident) if ident.isdigit() else None
    text = entry.target
    if kind == "game" and ident in games:
        text = _game_text(entry, games[ident])
    elif kind == "player" and ident in players:
        changes = _changes(entry)
        text = f"{players[ident].name}: {changes}" if changes else players[ident].name
    elif kind == "event":
        text = _changes(entry) or "event"
    elif kind == "round":
        number = (
            ident if entry.action == "round_delete" else getattr(rounds.get(ident), "number", "?")
        )
        text = f"Round {number}"
    elif kind == "audit":
        text = "a previous change"
    return text


@organiser_required
def audit_log(request, event):
    entries = list(event.audit.select_related("actor_user", "actor_player", "undone_by")[:300])
    games = Game.objects.select_related("player_a", "player_b", "round").in_bulk(
        _ids(entries, "game")
    )
    players = Player.objects.in_bulk(_ids(entries, "player"))
    rounds = Round.objects.in_bulk(_ids(entries, "round"))
    for entry in entries:
        entry.can_undo = entry.undone_at is None and entry.action in UNDO_HANDLERS
        entry.label = LABELS.get(entry.action, entry.action.replace("_", " ").capitalize())
        entry.what = _describe(entry, games, players, rounds)
    context = {"event": event, "tab": "audit", "entries": entries}
    return render(request, "tournament/manage/audit.html", context)


@organiser_required
@require_POST
def audit_undo_view(request, event, entry_id: int):
    entry = AuditEntry.objects.filter(pk=entry_id, event=event).first()
    if entry is None:
        raise Http404("No such entry in this event's log.")
    try:
        audit_undo(entry_id=entry.pk, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        label = LABELS.get(entry.action, entry.action)
        messages.success(request, f"Undone: {label.lower()}.")
    return redirect("manage-audit", event_id=event.pk)

"""What an import must reproduce, read through the services, and the document modulo ids."""

from __future__ import annotations

from tournament.models import AuditEntry, Event, Game, Result
from tournament.services.audit import audit_undo_previews
from tournament.services.audit_words import audit_describe
from tournament.services.exchange import event_export_document
from tournament.services.standings import standings_compute


def _names(event: Event) -> dict[int, str]:
    return dict(event.players.values_list("id", "name"))


def observable(event: Event) -> dict:
    """Standings, pairings, results and the audit log in words: no ids anywhere."""
    names = _names(event)
    rounds = list(event.rounds.order_by("number").values_list("number", flat=True))
    standings = {
        n: [
            {**{k: v for k, v in row.items() if k not in ("player_id", "id", "player")}}
            for row in standings_compute(event=event, as_of_round=n, provisional=True)
        ]
        for n in [0, *rounds]
    }
    pairings = [
        (g.round.number, g.table_number, names[g.player_a_id], names.get(g.player_b_id))
        for g in Game.objects.filter(round__event=event).select_related("round")
    ]
    results = sorted(
        (
            g.round.number,
            names[g.player_a_id],
            r.version,
            r.is_current,
            r.status,
            r.source,
            tuple(sorted(r.scores().items())),
        )
        for g in Game.objects.filter(round__event=event).select_related("round")
        for r in Result.objects.filter(game=g)
    )
    entries = list(AuditEntry.objects.filter(event=event).order_by("id"))
    words = audit_describe(entries)
    previews = audit_undo_previews(entries)
    audit = [
        (
            e.action,
            e.actor_name,
            words[e.pk],
            e.created_at,
            e.undone_at,
            previews[e.pk].can_undo,
            previews[e.pk].reason,
        )
        for e in entries
    ]
    return {"standings": standings, "pairings": pairings, "results": results, "audit": audit}


def without_stamp(document: dict) -> dict:
    """The document without what differs between two exports of the same content."""
    return {k: v for k, v in document.items() if k not in ("exported_at", "sha256")}


def export(event: Event) -> dict:
    return event_export_document(event=Event.objects.get(pk=event.pk))

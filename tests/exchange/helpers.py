"""What an import must reproduce, read through the services, and the document modulo ids."""

from __future__ import annotations

import json

from exchange.services.export import event_export_document
from tournament.models import AuditEntry, Event, Game, Result
from tournament.services.audit.log import IMPORTED_REASON, audit_undo_previews
from tournament.services.audit.words import audit_describe
from tournament.services.standings.standings import standings_compute


def _names(event: Event) -> dict[int, str]:
    return dict(event.players.values_list("id", "name"))


def observable(event: Event, *, as_of: list[int] | None = None, undo: bool = True) -> dict:
    """Standings (after each round, or those `as_of`), pairings, results and the audit log in
    words: no ids anywhere."""
    names = _names(event)
    rounds = list(event.rounds.order_by("number").values_list("number", flat=True))
    standings = {
        n: [
            {**{k: v for k, v in row.items() if k not in ("player_id", "id", "player")}}
            for row in standings_compute(event=event, as_of_round=n, provisional=True)
        ]
        for n in (as_of if as_of is not None else [0, *rounds])
    }
    pairings = [
        (g.round.number, g.table_number, names[g.player_a_id], names.get(g.player_b_id))
        for g in Game.objects.filter(round__event=event).select_related("round")
    ]
    games = {g.pk: g for g in Game.objects.filter(round__event=event).select_related("round")}
    results = sorted(
        (
            games[r.game_id].round.number,
            names[games[r.game_id].player_a_id],
            r.version,
            r.is_current,
            r.status,
            r.source,
            tuple(sorted(r.scores().items())),
            r.entered_by_player.name if r.entered_by_player_id else None,
            r.confirmed_by_player.name if r.confirmed_by_player_id else None,
            str(r.entered_by_user or r.entered_by_label),
            r.entered_at,
            r.confirmed_at,
        )
        for r in Result.objects.filter(game__in=games).select_related(
            "entered_by_player", "confirmed_by_player", "entered_by_user"
        )
    )
    entries = list(AuditEntry.objects.filter(event=event).order_by("id"))
    words = audit_describe(entries)
    previews = audit_undo_previews(entries) if undo else {}
    audit = [
        (
            e.action,
            e.actor_name,
            words[e.pk],
            e.created_at,
            e.undone_at,
            previews[e.pk].can_undo if undo else None,
            previews[e.pk].reason if undo else None,
        )
        for e in entries
    ]
    return {"standings": standings, "pairings": pairings, "results": results, "audit": audit}


def imported(seen: dict, *, linked: set[str] | None = None) -> dict:
    """What the import of an event observed as `seen` must show (docs/export-format.md): the
    same, except that its log is history (no entry can be undone; one undone before still says
    so) and, unless `linked` is None (a superuser linked every account), the log names accounts
    other than those in `linked` as names from the file."""
    audit = []
    for action, actor, words, at, undone_at, can_undo, reason in seen["audit"]:
        shown = (can_undo, reason)
        if can_undo is not None:
            shown = (False, reason if undone_at is not None else IMPORTED_REASON)
        account = actor != "system" and not actor.endswith(" (player)")
        name = actor
        if linked is not None and account and actor not in linked:
            name = f"{actor} (named in the imported file)"
        audit.append((action, name, words, at, undone_at, *shown))
    return {**seen, "audit": audit}


def without_stamp(document: dict) -> dict:
    """The document without what differs between two exports of the same content, and with
    the two settings an import always sets (hidden, sign-up closed: test_import_hidden.py)."""
    out = {k: v for k, v in document.items() if k not in ("exported_at", "sha256")}
    out["event"] = {**out["event"], "hidden": True, "registration_open": False}
    return out


def export(event: Event) -> dict:
    return event_export_document(event=Event.objects.get(pk=event.pk))


def put_aside(document: dict, importer: str) -> dict:
    """`document` without what an import by an account that is not a superuser may change
    (docs/export-format.md, "What an import changes"): the staff, every private key and tracker
    link, and the account references kept only as links (any account but the importer's)."""

    def name(value):
        return value if value == importer else None

    out = json.loads(json.dumps(without_stamp(document)))
    out.pop("staff")
    for player in out["players"]:
        player["private_key"] = ""
    for tracked in out.get("tracked_games", []):
        tracked["token"] = ""
    for row in out["announcements"]:
        row["created_by"] = name(row["created_by"])
    for row in out["awards"]["painting"]:
        row["entered_by"] = name(row["entered_by"])
    for team_round in out.get("team_rounds", []):
        for match in team_round["matches"]:
            match["paired_by_user"] = name(match["paired_by_user"])
            ritual = match.get("ritual")
            if ritual:
                ritual["started_by"] = name(ritual["started_by"])
                for step in ritual["log"]:
                    step["user"] = name(step.get("user"))
    return out

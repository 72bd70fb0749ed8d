"""Writing a checked event document as a new event: the import's second phase (check.py is
the first), in one transaction.

A file speaks for nobody here: its audit entries become history that cannot be undone, the
accounts it names become names (only the importing account is linked, unless a superuser
chooses to link them all), and its private keys are kept only for a trusted importer (a
superuser or the command line), so an import cannot tell anyone which keys exist here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import DatabaseError, IntegrityError, transaction
from django.utils.translation import gettext

from common.errors import Forbidden, Invalid
from exchange.extensions import EXCHANGE_EXTENSIONS, extension_kinds
from exchange.services import fields
from exchange.services.importing.check import document_check, document_parse
from exchange.services.importing.plan import Plan
from exchange.services.refs import TARGET_KINDS, map_payload, map_target
from tournament.caching.revision import event_revision_bump
from tournament.models import (
    Announcement,
    AuditEntry,
    Event,
    EventStaff,
    Game,
    PaintingScore,
    Penalty,
    Player,
    Result,
    Round,
    SportsVote,
    StaffRole,
    Table,
)
from tournament.models.player import new_private_key
from tournament.services.events.access import user_can_create_events
from tournament.services.events.extra_fields import extra_split, extra_write
from tournament.services.players.players import player_warnings


@dataclass
class ImportReport:
    event: Event
    skipped_staff: list[str] = field(default_factory=list)
    missing_accounts: list[str] = field(default_factory=list)
    new_keys: list[str] = field(default_factory=list)
    new_tokens: int = 0
    warnings: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "id": self.event.pk,
            "name": self.event.name,
            "hidden": self.event.hidden,
            "registration_open": self.event.registration_open,
            "warnings": self.warnings,
            "skipped_staff": self.skipped_staff,
            "missing_accounts": self.missing_accounts,
            "new_keys": self.new_keys,
            "new_tracker_links": self.new_tokens,
        }

    def lines(self) -> list[str]:
        out = [
            f"Imported “{self.event.name}” as event {self.event.pk}.",
            "It is hidden, with sign-up closed: check it, then show it and open sign-up in its "
            "settings.",
        ]
        out += [w["message"] for w in self.warnings]
        if self.skipped_staff:
            out.append("Staff in the file not made staff here: " + ", ".join(self.skipped_staff))
        others = sorted(set(self.missing_accounts) - set(self.skipped_staff))
        if others:
            out.append("Accounts named in the file, kept as names: " + ", ".join(others))
        if self.new_keys:
            out.append("New private keys (hand out their new links): " + ", ".join(self.new_keys))
        if self.new_tokens:
            out.append(f"{self.new_tokens} tracker link(s) were renewed.")
        return out


class _Ids:
    """Document keys -> ids of the rows just written."""

    def __init__(self, event_id: int, users: dict, *, trusted: bool, report) -> None:
        self.event_id = event_id
        # What an extension tells the importer (renewed tracker links), and the written
        # results by (game key, version), which extensions' rows may point at.
        self.report = report
        self.results: dict[tuple[str, int], int] = {}
        # username -> id of an account on this instance, for the accounts the import links;
        # every other username stays a name (a label, or an id no account has).
        self.users = users
        self.trusted = trusted
        self.kinds: dict[str, dict] = {
            kind: {} for kind in (*TARGET_KINDS, *sorted(extension_kinds()))
        }
        self.gone: dict[tuple[str, str], int] = {}

    def ref(self, kind: str, value):
        if kind == "event":
            return self.event_id
        if value is None or value == "":
            return value
        if (kind, value) in self.gone:
            return self.gone[(kind, value)]
        if kind == "user" and not str(value).startswith("~"):
            # An account the import does not link stays a name ("user:@judy"), never an id.
            return self.users.get(value) or f"@{value}"
        if str(value).startswith("~"):
            # A row gone before the export: an id no row has, like a deleted one.
            return self.gone.setdefault((kind, value), -(len(self.gone) + 1))
        return self.kinds[kind][value]


def _fresh_player_ids(event: Event, count: int) -> list[int]:
    """Ids no player of this instance has or will get: an undo of a deleted player
    recreates it under its logged id, which must not collide with anyone."""
    if not count:
        return []
    made = Player.objects.bulk_create(
        [Player(event=event, name=f"~{n}", private_key=new_private_key()) for n in range(count)]
    )
    ids = [p.pk for p in made]
    Player.objects.filter(pk__in=ids).delete()
    return ids


def restamp(model, rows: list, **stamps) -> None:
    """Put the file's times back: creation sets auto_now_add fields to now."""
    for obj, values in rows:
        for name in stamps:
            setattr(obj, name, values[name])
    model.objects.bulk_update([obj for obj, _ in rows], list(stamps), batch_size=500)


def _write_players(event: Event, plan: Plan, ids: _Ids, report: ImportReport) -> None:
    # Keys are kept only for a trusted importer: one that kept the free keys and renewed the
    # taken ones would learn which keys exist on this instance.
    taken = set(
        Player.objects.filter(
            private_key__in=[v["private_key"] for _, v in plan.players]
        ).values_list("private_key", flat=True)
        if ids.trusted
        else (v["private_key"] for _, v in plan.players)
    )
    rows, theirs = [], []
    for _, values in plan.players:
        data, extras = extra_split("player", values)
        if data["private_key"] in taken:
            data["private_key"] = new_private_key()
            report.new_keys.append(data["name"])
        rows.append((Player(event=event, **data), values))
        theirs.append(extras)
    made = Player.objects.bulk_create([p for p, _ in rows], batch_size=500)
    restamp(Player, rows, created_at=True)
    # What the players API says of an unknown faction, here for each player it concerns.
    for player in made:
        report.warnings += [
            {**w, "message": f"{player.name}: {w['message']}"} for w in player_warnings(player)
        ]
    for player, extras in zip(made, theirs, strict=True):
        extra_write("player", player, extras, restore=True)
    ids.kinds["player"] = {key: p.pk for (key, _), p in zip(plan.players, made, strict=True)}


def _write_rounds(event: Event, plan: Plan, ids: _Ids) -> dict:
    rounds = [(Round(event=event, **values), values) for _, values, _ in plan.rounds]
    Round.objects.bulk_create([r for r, _ in rounds])
    restamp(Round, rounds, created_at=True)
    ids.kinds["round"] = {
        key: r.pk for (key, _, _), (r, _) in zip(plan.rounds, rounds, strict=True)
    }
    player = ids.kinds["player"]
    games = []
    for (round_, _), (_, _, round_games) in zip(rounds, plan.rounds, strict=True):
        for game_key, values, refs, _ in round_games:
            game = Game(
                round=round_,
                **values,
                player_a_id=player[refs["player_a"]],
                player_b_id=player.get(refs["player_b"]),
                attacker_id=player.get(refs["attacker"]),
            )
            games.append((game_key, game))
    Game.objects.bulk_create([g for _, g in games], batch_size=500)
    ids.kinds["game"] = {key: g.pk for key, g in games}
    return _write_results(plan, ids)


def _write_results(plan: Plan, ids: _Ids) -> dict:
    player, game_ids = ids.kinds["player"], ids.kinds["game"]
    rows = []
    for _, _, round_games in plan.rounds:
        for game_key, _, _, results in round_games:
            for values, refs in results:
                result = Result(
                    game_id=game_ids[game_key],
                    **values,
                    entered_by_player_id=player.get(refs["entered_by_player"]),
                    confirmed_by_player_id=player.get(refs["confirmed_by_player"]),
                    entered_by_user_id=ids.users.get(refs["entered_by_user"]),
                    confirmed_by_user_id=ids.users.get(refs["confirmed_by_user"]),
                    entered_by_label=_label(refs["entered_by_user"], ids),
                    confirmed_by_label=_label(refs["confirmed_by_user"], ids),
                )
                rows.append(((game_key, values["version"]), result, values))
    Result.objects.bulk_create([r for _, r, _ in rows], batch_size=500)
    restamp(Result, [(r, v) for _, r, v in rows], entered_at=True)
    return {key: r.pk for key, r, _ in rows}


def _write_staff(event: Event, plan: Plan, ids: _Ids, user, report: ImportReport) -> None:
    rows = []
    for name, values, added_by in plan.staff:
        # Only linked accounts (the importer's own, or all when a superuser links them):
        # a file cannot make anyone else staff of an event.
        if name not in ids.users:
            report.skipped_staff.append(name)
            continue
        rows.append(
            EventStaff(
                event=event, user_id=ids.users[name], added_by_id=ids.users.get(added_by), **values
            )
        )
    EventStaff.objects.bulk_create(rows)
    if user is not None:
        # The importer runs the imported event, whatever the file made them.
        EventStaff.objects.update_or_create(
            event=event,
            user=user,
            defaults={"role": StaffRole.ORGANISER},
            create_defaults={"role": StaffRole.ORGANISER, "added_by": user},
        )


def _write_announcements(event: Event, plan: Plan, ids: _Ids) -> None:
    rows = [
        (
            Announcement(
                event=event,
                text=values["text"],
                created_by_id=ids.users.get(by),
                ends_at=values["ends_at"],
                until_round=values["until_round"],
            ),
            values,
        )
        for _, values, by in plan.announcements
    ]
    Announcement.objects.bulk_create([a for a, _ in rows])
    restamp(Announcement, rows, created_at=True)
    ids.kinds["announcement"] = {
        key: a.pk for (key, _, _), (a, _) in zip(plan.announcements, rows, strict=True)
    }


def _write_awards(plan: Plan, ids: _Ids) -> None:
    players = ids.kinds["player"]
    painting = [
        (
            PaintingScore(
                player_id=players[key], score=values["score"], entered_by_id=ids.users.get(by)
            ),
            values,
        )
        for key, values, by in plan.painting
    ]
    PaintingScore.objects.bulk_create([row for row, _ in painting])
    restamp(PaintingScore, painting, entered_at=True)
    votes = [
        (
            SportsVote(
                game_id=ids.kinds["game"][game],
                voter_id=players[voter],
                opponent_id=players[opponent],
                favourite=values["favourite"],
            ),
            values,
        )
        for game, voter, opponent, values in plan.votes
    ]
    SportsVote.objects.bulk_create([row for row, _ in votes])
    restamp(SportsVote, votes, cast_at=True)


def _write_penalties(event: Event, plan: Plan, ids: _Ids) -> None:
    rows = [
        Penalty(
            event=event,
            player_id=ids.kinds["player"][player],
            kind=values["kind"],
            round_number=values["round"],
            vp=values["vp"],
            reason=values["reason"],
            given_by_id=ids.users.get(by),
            given_at=values["given_at"],
        )
        for _, player, values, by in plan.penalties
    ]
    Penalty.objects.bulk_create(rows)
    ids.kinds["penalty"] = {
        key: row.pk for (key, *_), row in zip(plan.penalties, rows, strict=True)
    }


def _label(username: str | None, ids: _Ids) -> str:
    """A username the import does not link, kept as a name; empty for a linked one."""
    return "" if not username or username in ids.users else username


def _write_audit(event: Event, plan: Plan, ids: _Ids) -> None:
    rows = []
    for _, values, refs, _ in plan.audit:
        action = refs["payload_action"]
        entry = AuditEntry(
            event=event,
            action=values["action"],
            target="",
            actor_user_id=ids.users.get(refs["actor_user"]),
            actor_label=_label(refs["actor_user"], ids),
            actor_player_id=ids.kinds["player"].get(refs["actor_player"]),
            before=map_payload(action, values["before"], ids.ref),
            after=map_payload(action, values["after"], ids.ref),
            undone_at=values["undone_at"],
            undone_by_id=ids.users.get(refs["undone_by"]),
            undone_by_label=_label(refs["undone_by"], ids),
            # History, not instructions: nothing here wrote it, so it is never undone.
            imported=True,
        )
        rows.append((entry, values))
    AuditEntry.objects.bulk_create([e for e, _ in rows], batch_size=500)
    ids.kinds["audit"] = {
        key: e.pk for (key, _, _, _), (e, _) in zip(plan.audit, rows, strict=True)
    }
    # Targets last: an undo names its original entry, whose id exists only now.
    for (entry, values), (_, _, refs, _) in zip(rows, plan.audit, strict=True):
        entry.target = map_target(values["action"], refs["target"], ids.ref)
        entry.created_at = values["created_at"]
    AuditEntry.objects.bulk_update([e for e, _ in rows], ["target", "created_at"], batch_size=500)


def _gone_ids(event: Event, plan: Plan, ids: _Ids) -> None:
    gone = sorted({ref for *_, refs in plan.audit for ref in refs}, key=lambda r: (r[0], r[1]))
    players = [ref for ref in gone if ref[0] == "player"]
    for ref, pk in zip(players, _fresh_player_ids(event, len(players)), strict=True):
        ids.gone[ref] = pk
    for n, ref in enumerate(r for r in gone if r[0] != "player"):
        # Rows other than players are never recreated under their old id: any id no row has.
        ids.gone[ref] = -(n + 1)


def _write(plan: Plan, user, users: dict, *, trusted: bool, place: list) -> ImportReport:
    """Write the checked plan; `place` holds the section being written (for a refusal)."""
    place[:] = ["event"]
    name_in_use = Event.objects.filter(name__iexact=plan.event["name"]).exists()
    # A copy must not go public, or take sign-ups, before its organiser has looked at it.
    own, theirs = extra_split("event", plan.event)
    event = Event.objects.create(**{**own, "hidden": True, "registration_open": False})
    extra_write("event", event, theirs, restore=True)
    Event.objects.filter(pk=event.pk).update(created_at=plan.event["created_at"])
    event.created_at = plan.event["created_at"]
    report = ImportReport(event=event)
    report.missing_accounts = sorted(plan.usernames - set(users))
    if name_in_use:
        message = (
            f"Another event is already called “{event.name}”: rename this one in its settings."
        )
        report.warnings.append({"field": "name", "code": "name_in_use", "message": message})
    ids = _Ids(event.pk, users, trusted=trusted, report=report)
    place[:] = ["staff"]
    _write_staff(event, plan, ids, user, report)
    place[:] = ["players"]
    _write_players(event, plan, ids, report)
    place[:] = ["tables"]
    Table.objects.bulk_create([Table(event=event, **values) for values in plan.tables])
    place[:] = ["rounds"]
    ids.results = _write_rounds(event, plan, ids)
    place[:] = ["announcements"]
    _write_announcements(event, plan, ids)
    place[:] = ["awards"]
    _write_awards(plan, ids)
    place[:] = ["penalties"]
    _write_penalties(event, plan, ids)
    place[:] = ["audit"]
    # Before the extensions: a tracker action may name a player the log names as gone, and
    # both must get the same id so the export names them by the same gone key again.
    _gone_ids(event, plan, ids)
    for extension in EXCHANGE_EXTENSIONS:
        place[:] = [extension.name]
        extension.write(event, plan.extensions[extension.name], ids)
    place[:] = ["audit"]
    _write_audit(event, plan, ids)
    # Rows made in bulk send no signals: one change marks the new event's pages.
    event_revision_bump(event_id=event.pk)
    return report


def _linked(plan: Plan, user, link_accounts: bool) -> dict:
    """username -> account id of the accounts the import links: the importer's own when the
    file names it, or every existing one when a superuser (or the operator) chooses to."""
    if link_accounts:
        accounts = get_user_model().objects.filter(username__in=plan.usernames)
        return dict(accounts.values_list("username", "id"))
    if user is not None and user.is_authenticated and user.get_username() in plan.usernames:
        return {user.get_username(): user.pk}
    return {}


def event_import(
    *, raw, user=None, as_admin: bool = False, link_accounts: bool = False
) -> ImportReport:
    """A new event from an export document. `user` (who may create events, unless the
    command line imports `as_admin`) becomes an organiser of it. The file is refused whole
    (Invalid, nothing written) when anything in it is wrong.

    The file speaks for nobody: the accounts it names stay names unless `link_accounts`,
    which only a superuser or the command line may choose; its log is history, never undone;
    its private keys and tracker links are kept (where free) only for those trusted importers.
    """
    if not as_admin and not user_can_create_events(user):
        raise Forbidden(
            "user", "not_organiser", gettext("Only organiser accounts may import events.")
        )
    trusted = as_admin or bool(user is not None and user.is_superuser)
    if link_accounts and not trusted:
        raise Forbidden(
            "link_accounts",
            "not_superuser",
            gettext(
                "Only a superuser may link the accounts a file names to this instance's accounts."
            ),
        )
    plan = document_check(document_parse(raw))
    users = _linked(plan, user, link_accounts)
    place = ["event"]
    try:
        with transaction.atomic():
            return _write(plan, user, users, trusted=trusted, place=place)
    except (IntegrityError, DatabaseError):
        # The database's own words (rows, SQL) are not the file's: name the section.
        raise Invalid(
            fields.FIELD,
            "inconsistent",
            gettext(
                "%(place)s: the file's content breaks a rule of the database "
                "(for example two rows that must differ); nothing was "
                "imported."
            )
            % {"place": place[0]},
        ) from None

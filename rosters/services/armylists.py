"""Army lists: submitted by players until the event's list deadline, checked by the staff,
published after the deadline to opponents, to everyone, or to nobody.

A player sends their list with their private key until the deadline; then lists lock and only
organisers change them (logged). Organisers and judges mark each list checked or needing a fix
with a comment the player reads; a replaced list goes back to "submitted". The header's points
total is compared with the event's points limit, as a warning only: the staff decide.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, Forbidden, Invalid
from rosters.engine.checks import CODES, ERROR
from rosters.engine.sheet import roster_sheet
from rosters.models.armylists import ArmyList, ListPublication, ListStatus
from rosters.services.checking import RosterCheck, roster_read
from rosters.services.fields import ARMY_LIST_LIMIT, army_list_clean, row_values
from rosters.services.recorded import list_recorded_fill
from rosters.services.rows import list_row, list_row_save, list_settings
from rosters.services.rules import army_list_rules
from tournament.engine.armylist import ListHeader, parse_header, points_over
from tournament.localtime import when
from tournament.models import Event, Game, Player, PlayerStatus
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_edit_check, audit_restore, audit_restores
from tournament.services.events.access import require_judge, require_organiser, user_can_judge
from tournament.services.events.archive import event_require_writable
from tournament.services.players.names import text_checked

COMMENT_LIMIT = 2_000
REVIEW_STATUSES = (ListStatus.CHECKED, ListStatus.NEEDS_FIX)
# What a submit or review changes, as the log keeps it (and an undo puts back).
LOGGED = ("army_list", "list_status", "list_comment", "list_overrules")


__all__ = ["ARMY_LIST_LIMIT", "army_list_clean"]


def army_lists_locked(event: Event, now=None) -> bool:
    """Past the deadline (an event without one never locks its lists)."""
    deadline = list_settings(event).deadline
    return deadline is not None and (now or timezone.now()) >= deadline


def army_list_deadline_words(event: Event) -> str:
    """'Sat 23 Nov 2026, 18:00' in the event's zone, or '' without a deadline."""
    deadline = list_settings(event).deadline
    return when(deadline, event.time_zone) if deadline else ""


def army_lists_published(event: Event, now=None) -> bool:
    """Lists are shown to players only once they are locked, and unless the event says nobody."""
    publication = list_settings(event).publication
    return publication != ListPublication.NOBODY and army_lists_locked(event, now)


@dataclass(frozen=True)
class ListCheck:
    """What the list's header says, and the warning (if any) the player and staff see."""

    header: ListHeader
    warning: str = ""


def army_list_check(*, event: Event, text: str) -> ListCheck:
    header = parse_header(text or "")
    over = points_over(header, event.points_limit)
    warning = ""
    if over:
        warning = (
            f"The list's header states {header.points:,} points, {over:,} over this event's "
            f"limit of {event.points_limit:,} points."
        )
    return ListCheck(header=header, warning=warning)


def _snapshot(row: ArmyList) -> dict:
    values = row_values(row)
    return {f: values[f] for f in LOGGED}


def _locked_row(player: Player) -> ArmyList:
    """The player's list row under a lock (an unsaved empty one when they have none)."""
    row = ArmyList.objects.select_for_update().filter(player_id=player.pk).first()
    return row or ArmyList(player_id=player.pk, status=ListStatus.NONE)


def _changed(before: dict, after: dict) -> tuple[dict, dict]:
    keys = [k for k in after if before[k] != after[k]]
    return {k: before[k] for k in keys}, {k: after[k] for k in keys}


@transaction.atomic
def army_list_submit(*, player: Player, text, user=None, by_player: bool = False) -> Player:
    """Submit or replace `player`'s list: by the player (`by_player`, with their key) until the
    deadline, or by an organiser (`user`) at any time. A new text goes back to "submitted";
    an empty one withdraws the list. Sending the same text again changes nothing."""
    clean = army_list_clean(text)
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event = player.event
    if by_player:
        user = None
        if player.status in (PlayerStatus.REJECTED, PlayerStatus.WITHDRAWN):
            raise Conflict(
                "army_list",
                "not_entered",
                gettext("%(name)s is not entered in %(name2)s.")
                % {"name": player.name, "name2": event.name},
            )
        if army_lists_locked(event):
            raise Conflict(
                "army_list",
                "lists_locked",
                gettext(
                    "Army lists locked at the deadline, "
                    "%(army_list_deadline_words)s; ask an organiser to change "
                    "yours."
                )
                % {"army_list_deadline_words": army_list_deadline_words(event)},
            )
    else:
        require_organiser(user, event)
    event_require_writable(event)
    row = _locked_row(player)
    if clean == row.text:
        player.list_row = row
        return player
    before = _snapshot(row)
    row.text = clean
    row.status = ListStatus.SUBMITTED if clean else ListStatus.NONE
    # A review (and any overrule of the checks) was of the old text; it would now mislead.
    row.comment = ""
    row.overrules = {}
    row.updated_at = timezone.now()
    list_row_save(player, row)
    was, now = _changed(before, _snapshot(row))
    audit_record(
        event=event,
        action="army_list_submit",
        target=f"player:{player.pk}",
        user=user,
        player=player if by_player else None,
        before=was,
        after=now,
        revised=True,
    )
    if clean:
        # What the list states fills the player's empty faction and disposition (logged on
        # its own line, so either can be undone alone); a differing one waits for the staff.
        list_recorded_fill(player=player, user=user, by_player=by_player)
    return player


@transaction.atomic
def army_list_review(*, player: Player, user, status: str, comment="") -> Player:
    """Mark a list checked or needing a fix (organisers and judges); "needs a fix" says what,
    in a comment the player reads on their page."""
    event = player.event
    require_judge(user, event)
    if status not in REVIEW_STATUSES:
        raise Invalid("status", "invalid_choice", gettext("Must be checked or needs_fix."))
    if not isinstance(comment, str):
        raise Invalid("comment", "invalid", gettext("Must be text."))
    # The one text check (engine/names.py): NUL, direction controls, invisible-only text.
    comment = text_checked(comment, field="comment", multiline=True)
    if len(comment) > COMMENT_LIMIT:
        raise Invalid(
            "comment",
            "max_length",
            gettext("Must be at most %(COMMENT_LIMIT)s characters.")
            % {"COMMENT_LIMIT": format(COMMENT_LIMIT, ",")},
        )
    if status == ListStatus.NEEDS_FIX and not comment:
        raise Invalid(
            "comment", "required", gettext("Say what needs fixing: the player reads this.")
        )
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event_require_writable(player.event)
    row = _locked_row(player)
    if not row.text:
        raise Conflict(
            "army_list",
            "no_list",
            gettext("%(name)s has not submitted a list.") % {"name": player.name},
        )
    before = _snapshot(row)
    row.status = status
    row.comment = comment
    was, now = _changed(before, _snapshot(row))
    if not now:
        player.list_row = row
        return player
    list_row_save(player, row)
    audit_record(
        event=event,
        action="army_list_review",
        target=f"player:{player.pk}",
        user=user,
        before=was,
        after=now,
        revised=True,
    )
    return player


audit_restores("army_list_submit", "player", LOGGED)
audit_restores("army_list_review", "player", LOGGED)
audit_restores("army_list_overrule", "player", LOGGED)


@undo_check("army_list_submit")
@undo_check("army_list_review")
@undo_check("army_list_overrule")
def _check_list_undo(entry) -> list[str]:
    audit_edit_check(entry, lambda player: player.name)
    return []


@undoable("army_list_submit")
@undoable("army_list_review")
@undoable("army_list_overrule")
def _undo_list(entry) -> None:
    audit_restore(entry)


def army_list_passes(rules: RosterCheck | None, overrules: dict) -> bool:
    """Checked, and every problem that is an error overruled by the staff."""
    if rules is None or not rules.checked:
        return False
    return all(p.severity != ERROR or p.code in overrules for p in rules.problems)


def army_list_results(rules: RosterCheck | None, overrules: dict) -> dict:
    """The list read and checked, as the list API and the event document give it: `rules`
    (the verdict: edition, data version, checked, passes; None without a list), `roster` (the
    list read into its parts; None without one) and `problems` (each with the staff's reason
    for overruling it, or None)."""
    if rules is None:
        return {"rules": None, "roster": None, "problems": []}
    data = rules.as_dict()
    return {
        "rules": {
            **{k: data[k] for k in ("edition", "data_version", "checked")},
            "passes": army_list_passes(rules, overrules),
        },
        "roster": data["roster"],
        "problems": [{**p, "overruled": overrules.get(p["code"])} for p in data["problems"]],
    }


@dataclass(frozen=True)
class ListRow:
    """One player's list on the review page, with the checks' verdict (None: no list)."""

    player: Player
    check: ListCheck
    rules: RosterCheck | None = None

    @property
    def codes(self) -> set[str]:
        return {p.code for p in self.rules.problems} if self.rules else set()

    @property
    def overrules(self) -> dict:
        return dict(list_row(self.player).overrules or {})

    @property
    def passes(self) -> bool:
        return army_list_passes(self.rules, self.overrules)


@transaction.atomic
def army_list_overrule(*, player: Player, user, code, comment="") -> Player:
    """Overrule one problem of the checks on `player`'s list, saying why (organisers and
    judges); an empty comment takes the overrule back. Logged and undoable."""
    event = player.event
    require_judge(user, event)
    if not isinstance(code, str) or not isinstance(comment, str):
        raise Invalid("code", "invalid", gettext("Must be text."))
    # The one text check (engine/names.py): NUL, direction controls, invisible-only text.
    comment = text_checked(comment, field="comment", multiline=True)
    if len(comment) > COMMENT_LIMIT:
        raise Invalid(
            "comment",
            "max_length",
            gettext("Must be at most %(COMMENT_LIMIT)s characters.")
            % {"COMMENT_LIMIT": format(COMMENT_LIMIT, ",")},
        )
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event_require_writable(player.event)
    row = _locked_row(player)
    if not row.text:
        raise Conflict(
            "army_list",
            "no_list",
            gettext("%(name)s has not submitted a list.") % {"name": player.name},
        )
    overrules = dict(row.overrules or {})
    if comment:
        rules = army_list_rules(player=player, event=player.event)
        if code not in {p.code for p in (rules.problems if rules else ())}:
            raise Invalid(
                "code",
                "not_found",
                gettext("The checks find no problem “%(get)s” in %(name)s's list.")
                % {"get": CODES.get(code, "of that kind"), "name": player.name},
            )
        overrules[code] = comment
    elif code in overrules:
        del overrules[code]
    else:
        raise Invalid(
            "comment", "required", gettext("Say why the check is overruled: it is logged.")
        )
    before = _snapshot(row)
    row.overrules = overrules
    was, now = _changed(before, _snapshot(row))
    player.list_row = row
    if not now:
        return player
    list_row_save(player, row)
    audit_record(
        event=event,
        action="army_list_overrule",
        target=f"player:{player.pk}",
        user=user,
        before=was,
        after=now,
        revised=True,
    )
    return player


def army_list_problem_counts(rows: list[ListRow]) -> dict[str, int]:
    """How many lists show each problem code (for the filter's labels), codes sorted."""
    counts: dict[str, int] = {}
    for row in rows:
        for code in row.codes:
            counts[code] = counts.get(code, 0) + 1
    return dict(sorted(counts.items()))


def army_lists_for_review(
    *, event: Event, user, status: str | None = None, problem: str | None = None
) -> list[ListRow]:
    """The entered players' lists for the staff, optionally of one status ("" : no list) and
    only those whose checks name `problem` (a problem code)."""
    require_judge(user, event)
    players = event.players.exclude(
        status__in=(PlayerStatus.REJECTED, PlayerStatus.WITHDRAWN)
    ).select_related("list_row")
    if status == ListStatus.NONE:
        players = players.filter(Q(list_row__isnull=True) | Q(list_row__status=status))
    elif status is not None:
        players = players.filter(list_row__status=status)
    rows = [
        ListRow(
            p,
            army_list_check(event=event, text=list_row(p).text),
            army_list_rules(player=p, event=event),
        )
        for p in players
    ]
    return [r for r in rows if problem in r.codes] if problem else rows


def army_list_counts(*, event: Event) -> dict[str, int]:
    """How many entered players' lists stand at each status (for the filter's labels)."""
    counts = {s.value: 0 for s in ListStatus}
    players = event.players.exclude(status__in=(PlayerStatus.REJECTED, PlayerStatus.WITHDRAWN))
    for value in players.values_list("list_row__status", flat=True):
        counts[value or ""] = counts.get(value or "", 0) + 1
    return counts


def army_lists_of_opponents(*, player: Player) -> list[dict]:
    """The lists of `player`'s opponents, one per game, once published to opponents or to
    everyone (nothing before the deadline)."""
    event = player.event
    if not army_lists_published(event):
        return []
    games = (
        Game.objects.filter(round__event=event, player_b__isnull=False)
        .filter(Q(player_a_id=player.pk) | Q(player_b_id=player.pk))
        .select_related("round", "player_a__list_row", "player_b__list_row")
        .order_by("round__number")
    )
    rows = []
    for game in games:
        opponent = game.player_b if game.player_a_id == player.pk else game.player_a
        rows.append({"round": game.round.number, "opponent": opponent})
    return rows


def army_lists_public(*, event: Event) -> list[Player]:
    """Every approved player's list, when the event publishes lists to everyone (and only after
    the deadline); an empty list otherwise."""
    if list_settings(event).publication != ListPublication.EVERYONE:
        return []
    if not army_lists_locked(event):
        return []
    players = event.players.filter(status=PlayerStatus.APPROVED, list_row__text__gt="")
    return list(players.select_related("list_row"))


def army_lists_printable(event: Event) -> bool:
    """Table packs carry both players' lists when the lists are published (and only then)."""
    return army_lists_published(event)


def army_lists_printed(event: Event) -> dict[int, str]:
    """{player id: list} for the table packs: every list once published, none before."""
    if not army_lists_printable(event):
        return {}
    rows = ArmyList.objects.filter(player__event=event).exclude(text="")
    version = list_settings(event).data_version or None
    return {
        pid: army_list_sheet(text, version) for pid, text in rows.values_list("player_id", "text")
    }


def army_list_sheet(text: str, data_version: str | None = None) -> str:
    """A list as the table packs print it: its parsed roster laid out (rosters.engine.sheet)
    when the parser finds units in it, the text as sent otherwise."""
    roster = roster_read(text=text, data_version=data_version)
    return roster_sheet(roster) if roster.units else text


def army_list_readable(*, owner: Player, user=None, reader: Player | None = None) -> bool:
    """Whether `owner`'s list may be read: by its player and the staff always; by everyone or
    by the owner's opponents once published so."""
    event = owner.event
    if reader is not None and reader.pk == owner.pk:
        return True
    if user is not None and user_can_judge(user, event):
        return True
    if not army_lists_published(event):
        return False
    if list_settings(event).publication == ListPublication.EVERYONE:
        return owner.status == PlayerStatus.APPROVED
    if reader is None or reader.event_id != event.pk:
        return False
    return (
        Game.objects.filter(round__event=event)
        .filter(
            Q(player_a_id=owner.pk, player_b_id=reader.pk)
            | Q(player_a_id=reader.pk, player_b_id=owner.pk)
        )
        .exists()
    )


def army_list_require_readable(*, owner: Player, user=None, reader: Player | None = None) -> None:
    if not army_list_readable(owner=owner, user=user, reader=reader):
        if army_lists_published(owner.event):
            message = f"{owner.name}'s army list is shown to their opponents only."
        else:
            message = f"{owner.name}'s army list is not published."
        raise Forbidden("army_list", "not_published", message)

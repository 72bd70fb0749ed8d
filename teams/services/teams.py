"""Entering teams: names, captains, members (tournament players) and the faction rule."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils.translation import gettext

from common.errors import Conflict, Invalid
from teams.models.teams import Team, TeamMember
from teams.services.common import team_event_lock
from tournament.data.factions import faction_canonical
from tournament.engine.names import name_key
from tournament.models import Event, Player
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target, audit_target_kind, logged_value
from tournament.services.players.imports import csv_rows
from tournament.services.players.names import name_checked, name_clash, name_holder
from tournament.services.players.players import player_register
from tournament.services.players.public import players_named_for_public

NAME_LIMIT = 120


def _clean_name(value) -> str:
    return name_checked(value, limit=NAME_LIMIT)


def team_of(player: Player) -> Team | None:
    member = TeamMember.objects.select_related("team").filter(player=player).first()
    return member.team if member else None


def faction_check(team: Team, faction: str, *, player: Player | None = None) -> None:
    """No two members of a team play the same faction (an empty faction is not chosen yet)."""
    # The list's name for a known spelling: "Tau Empire" is the T'au Empire already taken.
    faction = faction_canonical(faction or "")
    if not faction:
        return
    others = Player.objects.filter(team_member__team=team, faction__iexact=faction)
    if player is not None and player.pk:
        others = others.exclude(pk=player.pk)
    other = others.first()
    if other is not None:
        raise Invalid(
            "faction",
            "duplicate_faction",
            gettext(
                "%(name)s already has %(faction)s, played by %(name2)s: each "
                "member of a team plays a different faction."
            )
            % {"name": team.name, "faction": other.faction, "name2": other.name},
        )


def _name_free(event: Event, name: str, team: Team | None = None) -> None:
    """Refuse a name another team of the event holds, in any case or character form."""
    holder = name_holder(Team.objects.filter(event=event), name, exclude=team)
    if holder is not None:
        raise name_clash(name, holder, what="team", verb="entered")


@transaction.atomic
def team_create(*, event: Event, user, name: str) -> Team:
    """Enter a team (members are added one by one, the first becomes its captain)."""
    event = team_event_lock(event_id=event.pk, user=user)
    name = _clean_name(name)
    _name_free(event, name)
    team = Team.objects.create(event=event, name=name, first_round=event.team_rounds.count() + 1)
    audit_record(
        event=event,
        action="team_create",
        target=f"team:{team.pk}",
        user=user,
        after={"name": team.name},
    )
    return team


audit_target_kind("team", Team, "event_id")


@undo_check("team_create")
def _check_team_create(entry) -> list[str]:
    team = audit_target(entry, "team", gone="This team has already been removed.")
    if team.members.exists() or team.matches_as_a.exists() or team.matches_as_b.exists():
        raise Conflict(
            "entry",
            "team_in_use",
            gettext("%(name)s has players now; delete the team itself (or drop it) instead.")
            % {"name": team.name},
        )
    return []


@undoable("team_create")
def _undo_team_create(entry) -> None:
    _check_team_create(entry)
    audit_target(entry, "team", lock=True).delete()


@transaction.atomic
def team_member_add(
    *, team: Team, user, name: str, faction: str = "", club: str = "", captain: bool = False
) -> Player:
    """Add a player to a team: a new player of the event, checked against the team's size and
    factions first. The team's first member is its captain until another is named."""
    event = team_event_lock(event_id=team.event_id, user=user)
    team = Team.objects.select_for_update().get(pk=team.pk)
    size = team.members.count()
    if size >= event.team_size:
        raise Conflict(
            "team",
            "team_full",
            gettext("%(name)s is full: a team of this event has %(team_size)s players.")
            % {"name": team.name, "team_size": event.team_size},
        )
    if not isinstance(faction, str):
        raise Invalid("faction", "invalid", gettext("Must be text."))
    faction_check(team, faction)
    player = player_register(event=event, user=user, name=name, faction=faction, club=club)
    TeamMember.objects.create(team=team, player=player)
    if captain or team.captain_id is None:
        team.captain = player
        team.save(update_fields=["captain"])
    audit_record(
        event=event,
        action="team_member_add",
        target=f"team:{team.pk}",
        user=user,
        after={"team": team.name, "player": player.name, "faction": player.faction},
    )
    return player


EDITABLE = ("name", "captain", "dropped")
# Logged beside the changed fields so the log reads in names; never restored.
WORDS_ONLY = ("team", "captain_name")


@transaction.atomic
def team_update(*, team: Team, user, changes: dict) -> Team:
    """Rename a team, name its captain (one of its players, by player id) or drop it."""
    event = team_event_lock(event_id=team.event_id, user=user)
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise Invalid(unknown[0], "unknown_field", gettext("Not a team field."))
    team = Team.objects.select_for_update().get(pk=team.pk)
    before, after = {}, {}
    if "name" in changes:
        name = _clean_name(changes["name"])
        if name != team.name:
            _name_free(event, name, team)
            before["name"], after["name"] = team.name, name
            team.name = name
    if "captain" in changes:
        pid = changes["captain"]
        if isinstance(pid, Player):
            pid = pid.pk
        if isinstance(pid, bool) or not isinstance(pid, int):
            raise Invalid(
                "captain", "invalid", gettext("Must be the id of one of the team's players.")
            )
        if not team.members.filter(player_id=pid).exists():
            raise Invalid(
                "captain",
                "not_member",
                gettext("The captain must be a player of %(name)s.") % {"name": team.name},
            )
        if pid != team.captain_id:
            before["captain"], after["captain"] = team.captain_id, pid
            # Names for the log's words; only the ids are restored by an undo.
            before["captain_name"] = team.captain.name if team.captain_id else None
            after["captain_name"] = team.members.get(player_id=pid).player.name
            team.captain_id = pid
    if "dropped" in changes:
        dropped = changes["dropped"]
        if not isinstance(dropped, bool):
            raise Invalid("dropped", "invalid", gettext("Must be true or false."))
        if dropped != team.dropped:
            before["dropped"], after["dropped"] = team.dropped, dropped
            before["dropped_after_round"] = team.dropped_after_round
            team.dropped = dropped
            team.dropped_after_round = event.team_rounds.count() if dropped else None
            after["dropped_after_round"] = team.dropped_after_round
    if not after:
        return team
    team.save()
    audit_record(
        event=event,
        action="team_update",
        target=f"team:{team.pk}",
        user=user,
        before={"team": before.get("name", team.name), **before},
        after={"team": team.name, **after},
    )
    return team


# What a team change logs and an undo puts back (the words-only keys are never restored).
RESTORED = ("name", "captain", "dropped", "dropped_after_round")


def _team_values(entry, team: Team, side: str) -> dict:
    """The restorable part of `before` or `after`, checked: only the fields a team change
    logs, each of its type, a captain only one of this team's players."""
    values = getattr(entry, side)
    if not isinstance(values, dict) or set(values) - {*RESTORED, *WORDS_ONLY}:
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record a team change.")
        )
    out = {}
    for key in set(values) & set(RESTORED):
        value = values[key]
        try:
            if key == "captain":
                if value is not None and not team.members.filter(player_id=value).exists():
                    raise ValueError("not a member")
                out["captain_id"] = value
            else:
                out[key] = logged_value(Team, key, value)
        except (ValueError, TypeError):
            raise Conflict(
                "entry", "not_undoable", gettext("This entry does not record a team change.")
            ) from None
    return out


@undo_check("team_update")
def _check_team_update(entry) -> list[str]:
    team = audit_target(entry, "team", gone="This team has been removed.")
    _team_values(entry, team, "before")  # refuses an entry whose before is not a team's fields
    for key, value in _team_values(entry, team, "after").items():
        if getattr(team, key) != value:
            raise Conflict(
                "entry",
                "superseded",
                gettext("%(name)s was changed again after this; undo that first.")
                % {"name": team.name},
            )
    old_name = (entry.before or {}).get("name")
    if isinstance(old_name, str):
        teams = Team.objects.filter(event_id=team.event_id)
        holder = name_holder(teams, old_name, exclude=team)
        if holder is not None:
            raise Conflict(
                "entry",
                "name_taken",
                gettext("Another team is now called %(name)s; rename it first.")
                % {"name": holder.name},
            )
    return []


@undoable("team_update")
def _undo_team_update(entry) -> None:
    team = audit_target(entry, "team", lock=True)
    values = _team_values(entry, team, "before")
    for key, value in values.items():
        setattr(team, key, value)
    team.save(update_fields=list(values))


@transaction.atomic
def team_delete(*, team: Team, user) -> str:
    """Remove a team entered by mistake, with its players. A team that has been paired is
    dropped instead, so its opponents' records stay whole."""
    event = team_event_lock(event_id=team.event_id, user=user)
    team = Team.objects.select_for_update().filter(pk=team.pk).first()
    if team is None:
        raise Conflict("team", "gone", gettext("This team has already been removed."))
    if team.matches_as_a.exists() or team.matches_as_b.exists():
        raise Conflict(
            "team",
            "team_has_matches",
            gettext("%(name)s has been paired and cannot be deleted; drop it instead.")
            % {"name": team.name},
        )
    name = team.name
    players = [m.player for m in team.members.select_related("player")]
    members = [{"name": p.name, "faction": p.faction, "club": p.club} for p in players]
    Player.objects.filter(pk__in=[p.pk for p in players]).delete()
    team.delete()
    audit_record(
        event=event,
        action="team_delete",
        target=f"team:{name}",
        user=user,
        before={"team": name, "members": members},
    )
    return name


def teams_named_for_public(event: Event, teams) -> list[Team]:
    """The teams (of teams_with_members) with their players by the event's public names
    (issue 36), in memory: for the public's pages and API."""
    teams = list(teams)
    captains = [team.captain for team in teams if team.captain_id]
    members = [member.player for team in teams for member in team.members.all()]
    players_named_for_public(event, [*captains, *members])
    return teams


def teams_with_members(event: Event):
    return (
        Team.objects.filter(event=event)
        .annotate(size=Count("members"))
        .select_related("captain", "event")
        .prefetch_related("members__player")
    )


def _entered_team(name: str, event: Event, teams: dict) -> Team:
    key = name_key(name)
    if key not in teams:
        team = name_holder(Team.objects.filter(event=event), name)
        if team is None:
            team = Team.objects.create(
                event=event, name=name, first_round=event.team_rounds.count() + 1
            )
        teams[key] = team
    return teams[key]


def _import_error(line: int, field: str, message: str, code: str = "invalid") -> Invalid:
    return Invalid(
        "file",
        code,
        gettext("Line %(line)s: %(field)s: %(message)s")
        % {"line": line, "field": field, "message": message},
    )


@transaction.atomic
def teams_import(*, event: Event, user, text: str) -> list[Team]:
    """Import teams from CSV lines `team,name,faction[,club]` (a header line naming those
    columns may come first): every line or none; an error names its line. Teams that do not
    exist yet are created; the first player listed for a new team is its captain."""
    event = team_event_lock(event_id=event.pk, user=user)
    if not isinstance(text, str) or not text.strip():
        raise Invalid("file", "empty", gettext("The file holds no teams."))
    rows = csv_rows(text)
    first = [c.strip().lower() for c in rows[0][1]] if rows else []
    start = 2 if first[:3] == ["team", "name", "faction"] else 1
    body = rows[start - 1 :]
    teams: dict[str, Team] = {}
    touched: list[Team] = []
    try:
        with transaction.atomic():
            for line, row in body:
                if not any(c.strip() for c in row):
                    continue
                if not 3 <= len(row) <= 4:
                    raise _import_error(
                        line, "columns", "must be team,name,faction[,club].", "columns"
                    )
                team_name, name, faction = (" ".join(c.split()) for c in row[:3])
                club = " ".join(row[3].split()) if len(row) == 4 else ""
                if not team_name:
                    raise _import_error(line, "team", "may not be blank.", "blank")
                try:
                    team_name = name_checked(team_name, field="team", limit=NAME_LIMIT)
                    team = _entered_team(team_name, event, teams)
                    team_member_add(team=team, user=user, name=name, faction=faction, club=club)
                except (Invalid, Conflict) as exc:
                    field, ((code, message), *_) = next(iter(exc.errors.items()))
                    raise _import_error(line, field, message, code) from exc
                if team not in touched:
                    touched.append(team)
    except IntegrityError as exc:  # a race with another entry of the same name
        raise Conflict(
            "file", "duplicate", gettext("A team or player was entered meanwhile.")
        ) from exc
    return touched

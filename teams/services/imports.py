"""What a team CSV would import, line by line, before anything is written: the organiser's
preview. It reads the file as `teams_import` does (`team,name,faction[,club]`, an optional
header) and flags the problems that import would refuse; `teams_import` stays the judge and
still imports every line or none."""

from __future__ import annotations

from dataclasses import dataclass, field

from teams.models.teams import Team, TeamMember
from tournament.models import Event
from tournament.services.players.imports import csv_rows

MAX_LINES = 2000


@dataclass
class TeamImportRow:
    line: int
    team: str
    name: str
    faction: str
    club: str
    new_team: bool = False
    captain: bool = False  # the first player listed for a new team
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def teams_import_preview(*, event: Event, text: str) -> list[TeamImportRow]:
    """Every non-blank line with the team it joins and why it cannot be imported, if so."""
    rows = csv_rows(text)[:MAX_LINES]
    first = [c.strip().lower() for c in rows[0][1]] if rows else []
    start = 2 if first[:3] == ["team", "name", "faction"] else 1
    teams = {t.name.lower(): t for t in Team.objects.filter(event=event)}
    members: dict[str, list[tuple[str, str]]] = {key: [] for key in teams}
    for m in TeamMember.objects.filter(team__event=event).select_related("team", "player"):
        members[m.team.name.lower()].append((m.player.name, m.player.faction))
    taken = {n.casefold() for n in event.players.values_list("name", flat=True)}
    out: list[TeamImportRow] = []
    for line, cells in rows[start - 1 :]:
        if not any(c.strip() for c in cells):
            continue
        team, name, faction, club = ([" ".join(c.split()) for c in cells] + ["", "", "", ""])[:4]
        row = TeamImportRow(line=line, team=team, name=name, faction=faction, club=club)
        out.append(row)
        if not 3 <= len(cells) <= 4:
            row.errors.append("Columns: must be team,name,faction[,club].")
            continue
        if not team:
            row.errors.append("Team: may not be blank.")
            continue
        if not name:
            row.errors.append("Name: may not be blank.")
        elif name.casefold() in taken:
            row.errors.append(f"Name: {name} is already a player of this event.")
        key = team.lower()
        row.new_team = key not in teams
        mates = members.setdefault(key, [])
        if len(mates) >= event.team_size:
            row.errors.append(f"{team} already has {event.team_size} players (the team size).")
        same = next((who for who, f in mates if faction and f.lower() == faction.lower()), None)
        if same:
            row.errors.append(f"{faction} is already played by {same} in {team}.")
        if not row.errors:
            row.captain = row.new_team and not mates
            mates.append((name, faction))
            taken.add(name.casefold())
    return out

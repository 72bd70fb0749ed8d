"""Reading a pasted list and checking it for an event: pure calls (no database reads or writes)
that the player's page, the staff's Lists page and the API can share.

`roster_check` takes the settings directly; `roster_check_event` reads them from an event
(its battle size, points limit and mission pack's edition). 8th-edition lists are checked
against the rulebook's organised-event guidelines, which need no rules data; lists of an
edition without checks (7th) are read but not checked, and say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from common.errors import Invalid
from missions.pack.registry import get_pack
from rosters.data import UnknownDataset, dataset_default, rules_data
from rosters.engine.checks import EDITIONS, EIGHTH, ERROR, MusterSettings, Problem, check_roster
from rosters.engine.parse import BATTLE_SIZES, parse_roster
from rosters.engine.patrols import Patrol
from rosters.engine.roster import Roster


@dataclass(frozen=True)
class RosterCheck:
    roster: Roster
    problems: tuple[Problem, ...]
    edition: str
    # The rules data the list was checked against (None: 8th edition, checked without data,
    # or an edition without checks).
    data_version: str | None

    @property
    def checked(self) -> bool:
        return self.data_version is not None or self.edition == EIGHTH

    @property
    def passes(self) -> bool:
        """Checked, and no problem is an error (warnings are for the staff to look at)."""
        return self.checked and not any(p.severity == ERROR for p in self.problems)

    def as_dict(self) -> dict:
        return {
            "edition": self.edition,
            "data_version": self.data_version,
            "checked": self.checked,
            "passes": self.passes,
            "roster": self.roster.as_dict(),
            "problems": [p.as_dict() for p in self.problems],
        }


def _rules(data_version: str | None):
    try:
        return rules_data(data_version or dataset_default())
    except UnknownDataset as error:
        raise Invalid("data_version", "unknown_dataset", str(error)) from error


def roster_read(*, text: str, data_version: str | None = None) -> Roster:
    """The list read into its parts, with the rules data's names to tell its header apart."""
    return parse_roster(text or "", vocabulary=_rules(data_version).vocabulary())


def roster_check(
    *,
    text: str,
    edition: str,
    battle_size: str | None = None,
    points_limit: int | None = None,
    disposition: str | None = None,
    data_version: str | None = None,
    patrols: tuple[Patrol, ...] = (),
) -> RosterCheck:
    """Read `text` and check it under `edition`'s muster rules. `battle_size` is a name
    ("Strike Force") or the event's key ("strike_force"); `disposition` the id recorded for
    the player, if any; `patrols` a Combat Patrol event's patrols."""
    rules = _rules(data_version)
    roster = parse_roster(text or "", vocabulary=rules.vocabulary())
    if edition not in EDITIONS:
        return RosterCheck(roster, (), edition, None)
    if edition == EIGHTH:
        # 8th-edition events have no battle sizes (the event's is a later edition's preset).
        settings = MusterSettings(edition=edition, points_limit=points_limit)
        return RosterCheck(roster, tuple(check_roster(roster, settings)), edition, None)
    size = BATTLE_SIZES.get((battle_size or "").replace("_", " ").lower())
    settings = MusterSettings(
        edition=edition,
        battle_size=size,
        points_limit=points_limit,
        disposition=disposition,
        patrols=tuple(patrols),
    )
    problems = tuple(check_roster(roster, settings, rules))
    return RosterCheck(roster, problems, edition, rules.version)


def roster_check_event(
    *,
    event,
    text: str,
    disposition: str | None = None,
    data_version: str | None = None,
    patrols: tuple[Patrol, ...] | None = None,
) -> RosterCheck:
    """`roster_check` with the event's battle size, points limit and edition (its pack's).
    A Combat Patrol event's patrols are read from the database unless given."""
    if patrols is None and event.battle_size == "combat_patrol":
        from rosters.services.patrols.patrols import patrol_specs  # noqa: PLC0415 - the one DB read

        patrols = patrol_specs(event=event)
    return roster_check(
        patrols=patrols or (),
        text=text,
        edition=get_pack(event.mission_pack).edition,
        battle_size=event.battle_size,
        points_limit=event.points_limit,
        disposition=disposition,
        data_version=data_version,
    )

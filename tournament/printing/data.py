"""Plain data the documents print, gathered by the printing service in a few queries. No ORM."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext

from missions.classic.types import ClassicMission
from missions.eleventh.layouts import Layout, companion_card_text
from missions.eleventh.primaries import Primary
from missions.engine.mission import Mission
from missions.pack.scoring import ScoreCaps


@dataclass(frozen=True)
class EventInfo:
    id: int
    name: str
    venue: str = ""
    dates: str = ""
    paper_size: str = "A4"  # "A4" or "letter"
    tiebreaks: tuple[str, ...] = ()
    # IANA zone: the printed times are in it (the worker has no request to take one from).
    time_zone: str = ""


@dataclass(frozen=True)
class Seat:
    """One player at a table, with the record they bring into the round."""

    player_id: int
    name: str
    faction: str
    record: str  # "W-D-L"
    # Set only when the event publishes lists and the deadline passed (table packs print it).
    army_list: str = ""


@dataclass(frozen=True)
class EleventhSide:
    """One player of an 11th-edition game: their disposition's name and their own primary
    (None while either player's disposition is unknown)."""

    disposition: str
    primary: Primary | None


@dataclass(frozen=True)
class EleventhGame:
    """What an 11th-edition game plays: each side's own primary, the layout letter ("" while
    not set) and the layout (None until the letter and both dispositions are known; a layout
    the data lacks is a stub that says so)."""

    a: EleventhSide
    b: EleventhSide
    letter: str = ""
    layout: Layout | None = None

    @property
    def layout_words(self) -> str:
        """'Layout B: Crucible of Battle', 'Layout A (not in our data)', or 'Layout to
        be announced'."""
        if not self.letter:
            return gettext("Layout to be announced")
        if self.layout is None:
            return gettext("Layout %(letter)s (its map once both dispositions are recorded)") % {
                "letter": self.letter
            }
        if self.layout.map is None:
            return gettext("Layout %(letter)s (not in our data)") % {"letter": self.letter}
        return gettext("Layout %(letter)s: %(map)s") % {
            "letter": self.letter,
            "map": self.layout.map.name,
        }

    @property
    def layout_card(self) -> str:
        """Where a table whose layout the data lacks is set up from ("" when it has one)."""
        if self.layout is None or self.layout.map is not None:
            return ""
        return companion_card_text(self.a.disposition, self.b.disposition, self.letter)


@dataclass(frozen=True)
class Pairing:
    table: int | None
    a: Seat
    b: Seat | None  # None: a bye
    attacker: str | None = None  # "a", "b" or None when not rolled yet
    eleventh: EleventhGame | None = None  # set in 11th-edition events (not for a bye)
    # Minutes staff gave this table beyond the round's end (issue 35): a reprint says so.
    extra_minutes: int = 0

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def extra_words(self) -> str:
        if not self.extra_minutes:
            return ""
        return gettext("Extra time: +%(minutes)s min") % {"minutes": self.extra_minutes}


@dataclass(frozen=True)
class CardText:
    name: str
    summary: str
    note: str = ""  # e.g. "Fixed or Tactical"


@dataclass(frozen=True)
class MissionInfo:
    code: str
    deployment: str
    primary: CardText
    rules: tuple[CardText, ...]
    secondaries: tuple[CardText, ...]
    gambits: tuple[CardText, ...]
    caps: ScoreCaps | None  # None: a classic pack (no Leviathan caps)
    mission: Mission | ClassicMission  # pure data; the map is drawn from its geometry
    # Classic packs (8th, 7th edition, Only War): the rolled mission's name, whether its map
    # is of low confidence, and for Maelstrom of War how Tactical Objectives are generated.
    name: str = ""
    approximate: bool = False
    tactical_rule: str = ""
    game_length: CardText | None = None
    max_battle_rounds: int = 5
    # Slay the Warlord, First Blood, Linebreaker (empty for Only War and The Relic).
    bonuses: tuple[str, ...] = ()

    @property
    def classic(self) -> bool:
        return isinstance(self.mission, ClassicMission)

    @property
    def maelstrom(self) -> bool:
        return bool(self.tactical_rule)

    @property
    def title(self) -> str:
        if self.classic:
            return f"{self.name} · {self.deployment} ({self.code})"
        return f"{self.code}: {self.primary.name} · {self.deployment}"


@dataclass(frozen=True)
class RoundPrint:
    event: EventInfo
    number: int
    mission: MissionInfo | None
    pairings: tuple[Pairing, ...]
    printed_at: datetime | None = None
    # "Round ends 14:30, Mon 23 Nov" while its clock runs, else its planned length.
    timing: str = ""
    # An 11th-edition round: no single mission; each game carries its own (Pairing.eleventh).
    eleventh: bool = False
    # A line in words every sheet and pack of the round carries: a knockout round's rule for
    # games ending on equal VP (from the app that pairs such rounds).
    note: str = ""
    # The round's public pairings page, the one QR code a scoresheet carries ("" for a hidden
    # event: no code). Never a player's private link: these sheets lie on shared tables.
    public_link: str = ""
    # A knockout round's stage ("Quarter-final") and its players' seeds ((player id, seed)
    # pairs), from the app that pairs such rounds; "" and () for a Swiss round.
    stage: str = ""
    seeds: tuple[tuple[int, int], ...] = ()
    # The event runs game clocks (its `game_clock_minutes`, kept by the clocks app): each
    # scoresheet has a line for the time each player used.
    game_clocks: bool = False

    @property
    def title(self) -> str:
        """What the round is called on paper: "Round 3", or a knockout round's stage."""
        return self.stage or gettext("Round %(number)s") % {"number": self.number}

    def seed_of(self, player_id: int) -> int | None:
        return dict(self.seeds).get(player_id)

    @property
    def games(self) -> tuple[Pairing, ...]:
        """Pairings with two players, in table order: one scoresheet and table pack each."""
        return tuple(p for p in self.pairings if not p.is_bye)


@dataclass(frozen=True)
class StandingsPrint:
    event: EventInfo
    as_of_round: int | None
    columns: tuple[tuple[str, str], ...]  # (row key, heading) of the tie-break metrics
    rows: tuple[dict, ...] = field(default_factory=tuple)  # standings_compute rows, with display
    labels: tuple[str, ...] = ()  # the tie-breaks in words, for the intro line
    printed_at: datetime | None = None
    # "After round 2 · Round 3 in play: 5 of 12 results confirmed (byes already count)",
    # from services.progress; the subtitle, so the paper says what it counts.
    status_text: str = ""

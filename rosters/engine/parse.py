"""Reading the army-list text players paste into a `Roster`.

Three kinds of export are read, for 10th and 11th edition lists alike:

- the official Warhammer 40,000 app ("gw-app"): a header (army name and total, faction,
  detachments, battle size), units grouped under CHARACTERS, BATTLELINE, ... with their
  wargear on bullet lines ("• 1x ...", "◦ ...") and "• Warlord", "• Enhancements: ...";
- New Recruit's tournament text ("new-recruit"): a "+ FACTION KEYWORD: ..." box, then one line
  per unit, "Char1: 1x Name (95 pts): wargear, Warlord, Enhancement: ...";
- BattleScribe-style text ("battlescribe"): "++ Army Roster (...) [..pts] ++", "+ Section +",
  "Name [95pts]: options" and ". 10x Model: wargear" lines.

Header facts may also be written as labels in any of them ("Detachment: ...", "Force
Disposition: ...", "Battle size: ..."), which is how `rosters.engine.printer` writes them.
A line that fits none of these is kept in `Roster.unread`, never dropped. Pure Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from missions.eleventh.matrix import DISPOSITION_NAMES
from rosters.engine.roster import SECTIONS, Roster, RosterUnit, UnreadLine

BATTLE_SIZES = {
    "combat patrol": "Combat Patrol",
    "incursion": "Incursion",
    "strike force": "Strike Force",
    "onslaught": "Onslaught",
}
UNREAD_TITLE = "UNREAD LINES"

# Thousands may be grouped with a comma, a full stop or (as the official app does in some
# languages) a no-break, narrow no-break or thin space: "1,995", "1.995", "1\u202f995".
_GROUP = "[,.\u00a0\u202f\u2009]"
_NUMBER = rf"\d{{1,3}}(?:{_GROUP}\d{{3}})+|\d+"
# 8th-edition BattleScribe puts power level and command points in the same brackets:
# "[7 PL, 118pts]", "[101 PL, 5CP, 2,000pts]".
_BESIDE = r"(?:[^()\[\]:]*?[A-Za-z]\s*,\s*)?"
_AFTER = r"(?:,[^()\[\]]*)?"
_POINTS = re.compile(
    rf"[\(\[]{_BESIDE}\s*\+?({_NUMBER})\s*(?:pts|points?|pt)\.?\s*{_AFTER}[\)\]]", re.IGNORECASE
)
_SIZE = re.compile(r"\b(combat\s+patrol|incursion|strike\s+force|onslaught)\b", re.IGNORECASE)
_UNIT = re.compile(
    rf"^(?:char\d+:\s*)?(?:(?P<n>\d+)\s*x\s+)?(?P<name>.+?)\s*"
    rf"[\(\[]{_BESIDE}\s*(?P<pts>{_NUMBER})\s*(?:pts|points?)\.?\s*{_AFTER}[\)\]]"
    rf"\s*(?::\s*(?P<opts>.*))?$",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^(\s*)([•◦·▪‣∙\-\*\.])\s+(.*)$")
_COUNT = re.compile(r"^(\d+)\s*x\s+(.+)$", re.IGNORECASE)
_MODEL_ENTRY = re.compile(r"^(\d+)\s*x\s+([^:]+?):\s*(.*)$", re.IGNORECASE)
_ENHANCEMENT = re.compile(r"^(?:enhancements?|upgrade)\s*:\s*(.+)$", re.IGNORECASE)
_LABEL = re.compile(r"^([A-Za-z][A-Za-z /'’]{1,30}?)\s*:\s*(.*)$")
_DP = re.compile(r"\s*[\(\[]\s*(\d+)\s*(?:dp|detachment points?)\s*[\)\]]\s*$", re.IGNORECASE)
# The official app names several detachments on one line: "A and B (5 Detachment Points)",
# "A, B, and C (6 Detachment Points)".
_JOINS = re.compile(r"\s*,\s*and\s+|\s*,\s*|\s+and\s+|\s*&\s*", re.IGNORECASE)
# The app heads a leader and the unit it leads "Attached Units", each pair "Attached Unit 1".
_ATTACHED = re.compile(r"^attached\s+units?(?:\s*\d+)?\s*:?$", re.IGNORECASE)
# A suffix some exports add to an upgrade's name ("Interred Expertise (Upgrade)").
_UPGRADE_SUFFIX = re.compile(r"\s*[\(\[]\s*upgrade\s*[\)\]]\s*$", re.IGNORECASE)
# New Recruit's box names each enhancement after the first on a line of its own:
# "& Name (on Char2: Bearer)".
_AND_ENHANCEMENT = re.compile(r"^&\s*(.+\(\s*on\s+.+\))\s*$", re.IGNORECASE)
_POINTS_SUFFIX = re.compile(rf"\s*[\(\[]\s*\+?\s*(?:{_NUMBER})\s*(?:pts|points?)\s*[\)\]]\s*$")
_EDITION = re.compile(r"\b(8|9|10|11)(?:th)?\b")
# BattleScribe's 8th-edition detachment title: "Battalion Detachment +5CP (Faction) [..]".
_DETACHMENT_TITLE = re.compile(
    r"^(?P<name>[\w' -]*?\b(?:detachment|fortification network))\s*(?:[+-]?\d+\s*cp)?\s*"
    r"(?:\((?P<faction>[^()]*)\))?",
    re.IGNORECASE,
)
# Its command-point lines ("Detachment CP [5CP]", "Battle-forged CP [3CP]"): nothing to check.
_CP_LINE = re.compile(r"^[\w' -]*\bcp\s*\[\s*[+-]?\d+\s*cp\s*\]$", re.IGNORECASE)
_EXPORTED = re.compile(r"^(exported with|created with)\b", re.IGNORECASE)
_CHAR_REF = re.compile(r"^char\d+\s*:\s*", re.IGNORECASE)

# Header labels, by the field they fill.
LABELS = {
    "army": "name",
    "army name": "name",
    "list name": "name",
    "total": "points",
    "total army points": "points",
    "army points": "points",
    "points": "points",
    "edition": "edition",
    "faction": "faction",
    "faction keyword": "faction",
    "army faction": "faction",
    "battle size": "battle_size",
    "points limit": "points_limit",
    "detachment": "detachment",
    "detachment choice": "detachment",
    "detachments": "detachments",
    # A Combat Patrol list names its patrol where others name their detachment.
    "combat patrol": "detachment",
    "force disposition": "disposition",
    "force dispositions": "disposition",
    "detachment points": "detachment_points",
    "note": "note",
    "notes": "note",
    "disposition": "disposition",
    "warlord": "warlord",
    "enhancement": "enhancement",
    "number of units": "ignore",
    "show hide options": "ignore",
    # BattleScribe's 8th-edition chapter line repeats the last part of the faction.
    "chapter selection": "ignore",
}


def norm(text: str) -> str:
    """A name for matching: lower case, one kind of apostrophe, single spaces."""
    text = text.replace("’", "'").replace("‘", "'").replace("`", "'").lower()
    return " ".join(re.sub(r"[^a-z0-9' ]+", " ", text).split())


def singular(text: str) -> str:
    name = norm(text)
    return name[:-1] if name.endswith("s") else name


def number(text: str) -> int:
    return int(re.sub(_GROUP, "", text))


_DISPOSITIONS = {norm(name) for name in DISPOSITION_NAMES.values()}


@dataclass(frozen=True)
class Vocabulary:
    """Names the rules data knows (normalised with `norm`), to tell a faction line from a
    detachment line in the official app's header, which labels neither."""

    factions: frozenset[str] = frozenset()
    detachments: frozenset[str] = frozenset()


@dataclass
class _Unit:
    name: str
    points: int
    count: int | None
    line: int
    section: str | None
    items: list[tuple[int, str]] = field(default_factory=list)
    enhancements: list[str] = field(default_factory=list)
    warlord: bool = False


@dataclass
class _State:
    vocabulary: Vocabulary | None
    source: str
    name: str | None = None
    points: int | None = None
    edition: str | None = None
    factions: list[str] = field(default_factory=list)
    battle_size: str | None = None
    points_limit: int | None = None
    detachments: list[str] = field(default_factory=list)
    dispositions: list[str] = field(default_factory=list)
    # Detachment Points as the list states them, per header line: (detachments named, points).
    stated_points: list[tuple[int, int | None]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stated_total: int | None = None
    # Plain header lines read before any faction line the vocabulary knows: the faction (the
    # first) and detachments, or, once a known faction line follows, the player's notes.
    pending: list[str] = field(default_factory=list)
    units: list[_Unit] = field(default_factory=list)
    unread: list[UnreadLine] = field(default_factory=list)
    exported_with: str | None = None
    section: str | None = None
    in_body: bool = False
    in_unread: bool = False
    # Header lines naming a unit's warlord or enhancement (New Recruit's box).
    late: list[tuple[str, str, int]] = field(default_factory=list)


def detect_source(lines: list[str]) -> str:
    for raw in lines:
        line = raw.strip()
        if re.match(r"^\+\s*(faction keyword|detachment|total army points)\s*:", line, re.I):
            return "new-recruit"
        if re.match(r"^\+\+\s.*\+\+$", line) or re.match(r"^\+\s*configuration\s*\+$", line, re.I):
            return "battlescribe"
    return "gw-app"


def _battle_size(state: _State, text: str) -> bool:
    """Read "Strike Force (2000 Points)", "2. Strike Force (2000 Point limit)", "Onslaught"."""
    size = _SIZE.search(text)
    if size:
        state.battle_size = BATTLE_SIZES[" ".join(size.group(1).lower().split())]
    limit = re.search(rf"({_NUMBER})\s*(?:pts|points?)", text, re.IGNORECASE)
    if limit:
        state.points_limit = number(limit.group(1))
    return bool(size or limit)


def _is_size_line(text: str) -> bool:
    rest = _SIZE.sub("", text, count=1)
    rest = re.sub(
        rf"[\(\[]\s*({_NUMBER})\s*(?:pts|points?)(?:\s*limit)?\s*[\)\]]", "", rest, flags=re.I
    )
    return bool(_SIZE.search(text)) and not re.sub(r"[\d.\s]", "", rest)


def _first_number(value: str) -> int | None:
    found = re.search(_NUMBER, value)
    return number(found.group(0)) if found else None


def _set(name: str, read):
    """A label handler: store `read(value)` in the state's `name` (a value that reads as
    None leaves the line unread)."""

    def handler(state: _State, value: str) -> bool:
        result = read(value)
        if result is None:
            return False
        setattr(state, name, result)
        return True

    return handler


def _append(name: str, read=lambda v: [v]):
    def handler(state: _State, value: str) -> bool:
        getattr(state, name).extend(read(value))
        return True

    return handler


def _edition(value: str) -> str | None:
    found = _EDITION.search(value)
    return f"{found.group(1)}th" if found else None


def _split_detachments(text: str, vocabulary: Vocabulary | None, stated: bool) -> list[str]:
    """One header line's detachments. A name the rules data knows is kept whole (some have
    a comma or an "and": "Ordo Xenos, Alien Hunters"); otherwise the line is cut at its
    commas and "and"s where every piece is a detachment the data knows, or, when the line
    states Detachment Points for them all, where the app joins names."""
    text = " ".join(text.split())
    known = vocabulary.detachments if vocabulary is not None else frozenset()
    if not text or norm(text) in known:
        return [text] if text else []
    pieces = _JOINS.split(text)
    joins = _JOINS.findall(text)
    if len(pieces) < 2:
        return [text]

    def cut(start: int) -> list[str] | None:
        # The fewest known names that cover pieces[start:], joined as the line joins them.
        if start == len(pieces):
            return []
        for end in range(len(pieces), start, -1):
            name = pieces[start]
            for index in range(start + 1, end):
                name += joins[index - 1] + pieces[index]
            if norm(name) in known:
                rest = cut(end)
                if rest is not None:
                    return [name, *rest]
        return None

    found = cut(0) if known else None
    if found:
        return found
    return [p for p in pieces if p.strip()] if stated else [text]


def _add_detachments(state: _State, text: str) -> None:
    dp = _DP.search(text)
    names = _split_detachments(_DP.sub("", text), state.vocabulary, bool(dp))
    state.detachments.extend(names)
    state.stated_points.append((len(names), int(dp.group(1)) if dp else None))


def _detachment_label(state: _State, value: str) -> bool:
    """ "Detachment: Name", New Recruit's "+ DETACHMENT: Name (Disposition)" and "Name (1 DP)":
    the bracket says what the detachment grants or costs; it is not part of its name."""
    bracket = re.search(r"\s*\(([^()]*)\)\s*$", value)
    if bracket and norm(bracket.group(1)) in _DISPOSITIONS:
        value = value[: bracket.start()]
    state.detachments.append(_DP.sub("", value).strip())
    dp = _DP.search(value)
    state.stated_points.append((1, int(dp.group(1)) if dp else None))
    return True


def _detachments_label(state: _State, value: str) -> bool:
    """ "Detachments: A; B" (one label, several names)."""
    for part in re.split(r"[;|]", value):
        if part.strip():
            _detachment_label(state, part.strip())
    return True


def _stated_points(value: str) -> int | None:
    return _first_number(value)


_HANDLERS = {
    "name": _set("name", lambda v: v),
    "points": _set("points", _first_number),
    "points_limit": _set("points_limit", _first_number),
    "edition": _set("edition", _edition),
    "faction": _append("factions"),
    "battle_size": _battle_size,
    "detachment": _detachment_label,
    "detachment_points": _set("stated_total", _stated_points),
    "note": _append("notes"),
    "detachments": _detachments_label,
    "disposition": _append("dispositions"),
}


def _label(state: _State, key: str, value: str, lineno: int) -> bool:
    what = LABELS.get(norm(key))
    value = value.strip()
    if what == "ignore":
        return True
    if what is None or not value:
        return False
    if what in _HANDLERS:
        return _HANDLERS[what](state, value)
    if what == "enhancement" and state.in_body and state.units and "(on " not in value.lower():
        # New Recruit's "Enhancement: Name (+10 pts)" line under the unit that takes it.
        state.units[-1].items.append((1, f"Enhancement: {value}"))
        return True
    # Warlord, enhancement: New Recruit's box names the unit; matched once units are read.
    state.late.append((what, value, lineno))
    return True


def _roster_title(state: _State, inner: str) -> None:
    """BattleScribe's "++ Army Roster (Faction) [1,995pts] ++" and "++ Total: [..] ++"."""
    detachment = _DETACHMENT_TITLE.match(inner)
    if detachment:
        # Each 8th-edition detachment heads its own units; the army's total comes from the
        # "++ Total ++" line, not from a detachment's.
        state.detachments.append(" ".join(detachment.group("name").split()))
        if detachment.group("faction") and not state.factions:
            state.factions.append(detachment.group("faction").strip())
        state.section = None
        return
    points = _POINTS.search(inner)
    total = re.match(r"^total\s*:", inner, re.IGNORECASE)
    roster = re.match(r"^(?:army\s+roster)?\s*(?:\((.*?)\))?\s*([^\[]*)", inner, re.I)
    if points and state.points is None:
        state.points = number(points.group(1))
    if not total and roster:
        faction = roster.group(1) or roster.group(2).strip()
        if faction and not state.factions:
            state.factions.append(faction)


def _plus_line(state: _State, line: str, lineno: int) -> bool:
    """BattleScribe's and New Recruit's "+"-framed lines."""
    if re.fullmatch(r"[+\s]+", line):
        return True  # a bare frame ("+", "+++++") holds nothing
    double = re.match(r"^\+\+\s*(.*?)\s*\+\+$", line)
    if double:
        _roster_title(state, double.group(1))
        return True
    inner = line[1:].strip()
    inner = inner[:-1].strip() if inner.endswith("+") else inner
    also = _AND_ENHANCEMENT.match(inner)
    if also:
        state.late.append(("enhancement", also.group(1), lineno))
        return True
    label = _LABEL.match(inner)
    if label and _label(state, label.group(1), label.group(2), lineno):
        return True
    title = norm(_POINTS.sub("", inner))
    if title in SECTIONS or title == "configuration":
        state.section = SECTIONS.get(title)
        state.in_body = state.in_body or title in SECTIONS
        return True
    return False


def _start_unit(state: _State, text: str, lineno: int) -> bool:
    found = _UNIT.match(text)
    if not found:
        return False
    state.in_body = True
    unit = _Unit(
        name=found.group("name").strip(),
        points=number(found.group("pts")),
        count=int(found.group("n")) if found.group("n") else None,
        line=lineno,
        section=state.section,
    )
    opts = found.group("opts")
    if opts:
        for item in _split(opts):
            unit.items.append((1, item))
    state.units.append(unit)
    return True


def _split(opts: str) -> list[str]:
    return [part.strip() for part in opts.split(",") if part.strip()]


def _plain_header(state: _State, text: str) -> None:
    """A header line with no label: the app's faction, detachment or disposition line."""
    key = norm(_DP.sub("", text))
    edition = re.fullmatch(r"(8|9|10|11)th edition", key)
    if edition:
        state.edition = f"{edition.group(1)}th"
        return
    if key in _DISPOSITIONS:
        state.dispositions.append(text)
        return
    vocab = state.vocabulary
    if vocab is not None:
        if key in vocab.factions:
            if not state.factions:
                # Lines above the army's first faction line are the player's own notes.
                state.notes.extend(state.pending)
                state.pending.clear()
            state.factions.append(text)
            return
        if not state.factions and key not in vocab.detachments and not _DP.search(text):
            state.pending.append(text)
            return
        _add_detachments(state, text)
        return
    if not state.factions:
        state.factions.append(text)
    else:
        _add_detachments(state, text)


def _names_the_army(line: str, following: str | None) -> bool:
    """The app's first line, "My list (1995 Points)", is the army's name and total when the
    header goes on below it (a faction or battle size line), not when a unit's lines follow."""
    found = _UNIT.match(line)
    if not found or found.group("n") or following is None or _BULLET.match(following):
        return False
    nxt = following.strip()
    if following[:1].isspace() or nxt == UNREAD_TITLE or _EXPORTED.match(nxt):
        return False
    if _is_size_line(nxt):
        return True
    return norm(nxt) not in SECTIONS and not _POINTS.search(nxt) and ":" not in nxt


def _unit_item(state: _State, raw: str) -> bool:
    """A bullet or indented line under a unit: one of its models, wargear or options."""
    bullet = _BULLET.match(raw)
    unit = state.units[-1] if state.units else None
    if unit is None or not state.in_body or not (bullet or raw[:1].isspace()):
        return False
    if bullet:
        deep = bullet.group(2) == "◦" or len(bullet.group(1).expandtabs()) >= 4
        unit.items.append((2 if deep else 1, bullet.group(3).strip()))
    else:  # the app's continuation line: a sibling of the bullet above it
        level = unit.items[-1][0] if unit.items else 1
        unit.items.append((level, raw.strip()))
    return True


def _attached_or_also(state: _State, line: str, lineno: int) -> bool:
    """The app's "Attached Units" / "Attached Unit 2" headings, and New Recruit's "& Name (on
    Char2: Bearer)" line outside its box."""
    if _ATTACHED.match(line):
        # A heading over a leader and the unit it leads: neither a detachment nor a group.
        state.section = None
        state.in_body = True
        return True
    also = _AND_ENHANCEMENT.match(line)
    if also:
        state.late.append(("enhancement", also.group(1), lineno))
        return True
    return False


def _header_fact(state: _State, line: str, lineno: int) -> bool:
    """A line that states a fact about the whole army wherever it stands."""
    if line.startswith("+") and _plus_line(state, line, lineno):
        return True
    if _EXPORTED.match(line):
        state.exported_with = line
        return True
    label = _LABEL.match(line)
    if (
        _CP_LINE.match(line)
        or (label and _label(state, label.group(1), label.group(2), lineno))
        or _attached_or_also(state, line, lineno)
    ):
        return True
    if norm(line) in SECTIONS and not _POINTS.search(line):
        state.section = SECTIONS[norm(line)]
        state.in_body = True
        return True
    if _is_size_line(line) and not state.in_body:
        _battle_size(state, line)
        return True
    return False


def _read_line(state: _State, raw: str, lineno: int, first: bool, following: str | None) -> None:
    line = raw.strip()
    if state.in_unread:
        state.unread.append(UnreadLine(line, lineno))
    elif line == UNREAD_TITLE:
        state.in_unread = True
    elif _unit_item(state, raw) or _header_fact(state, line, lineno):
        pass
    elif first and state.source == "gw-app" and _names_the_army(line, following):
        found = _UNIT.match(line)
        state.name = found.group("name").strip()
        state.points = number(found.group("pts"))
    elif _start_unit(state, line, lineno):
        pass
    elif (
        not state.in_body
        and not _BULLET.match(raw)
        and not _POINTS.search(line)
        and ":" not in line
        and re.match(r"^[\w'’]", line)
    ):
        _plain_header(state, line)
    else:
        state.unread.append(UnreadLine(line, lineno))


def _is_model_entry(unit: _Unit, items: list[tuple[int, str]], index: int) -> int | None:
    level, text = items[index]
    found = _COUNT.match(text)
    if level != 1 or not found:
        return None
    has_children = index + 1 < len(items) and items[index + 1][0] == 2
    if has_children or singular(found.group(2)) == singular(unit.name):
        return int(found.group(1))
    return None


def _enhancement_name(text: str) -> str:
    """An enhancement's name without the cost or "(Upgrade)" an export writes after it."""
    text = _POINTS_SUFFIX.sub("", text).strip()
    return _POINTS_SUFFIX.sub("", _UPGRADE_SUFFIX.sub("", text)).strip()


def _finish_unit(unit: _Unit) -> RosterUnit:
    wargear: list[str] = []
    models = 0
    items = unit.items
    for index, (level, text) in enumerate(items):
        if norm(text) == "warlord":
            unit.warlord = True
            continue
        enhancement = _ENHANCEMENT.match(text)
        if enhancement:
            unit.enhancements.append(_enhancement_name(enhancement.group(1)))
            continue
        entry = _MODEL_ENTRY.match(text)
        if entry and level == 1 and unit.count is None:
            models += int(entry.group(1))
            wargear.extend(_split(entry.group(3)))
            continue
        count = _is_model_entry(unit, items, index) if unit.count is None else None
        if count is not None:
            models += count
            continue
        wargear.append(text)
    return RosterUnit(
        name=unit.name,
        points=unit.points,
        models=unit.count if unit.count is not None else (models or None),
        wargear=tuple(wargear),
        enhancements=tuple(unit.enhancements),
        warlord=unit.warlord,
        section=unit.section,
        line=unit.line,
    )


def _apply_late(state: _State, units: list[RosterUnit]) -> list[RosterUnit]:
    """New Recruit's box names the warlord and each enhancement's bearer: mark those units
    (a name that matches no unit is kept as an unread line)."""
    for what, value, lineno in state.late:
        target = _CHAR_REF.sub("", value)
        enhancement = None
        if what == "enhancement":
            found = re.match(r"^(.*?)\s*\(on\s+(.*)\)\s*$", value, re.IGNORECASE)
            if not found:
                state.unread.append(UnreadLine(f"Enhancement: {value}", lineno))
                continue
            enhancement = _enhancement_name(found.group(1))
            target = _CHAR_REF.sub("", found.group(2))
        matches = [i for i, u in enumerate(units) if norm(u.name) == norm(target)]
        if not matches:
            state.unread.append(UnreadLine(f"{what.capitalize()}: {value}", lineno))
            continue
        index = matches[0]
        unit = units[index]
        if what == "warlord":
            units[index] = replace(unit, warlord=True)
        elif norm(enhancement) not in {norm(e) for e in unit.enhancements}:
            units[index] = replace(unit, enhancements=(*unit.enhancements, enhancement))
    return units


def _detachment_points(state: _State) -> int | None:
    """The Detachment Points the list states: its own total line, or the points stated for
    every detachment line added up (None when some line states none)."""
    if state.stated_total is not None:
        return state.stated_total
    parts = state.stated_points
    if not parts or any(points is None for _, points in parts):
        return None
    return sum(points for _, points in parts)


def parse_roster(text: str, *, vocabulary: Vocabulary | None = None) -> Roster:
    """Read a pasted army list. Never fails: what cannot be read is kept in `unread`."""
    lines = (text or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    state = _State(vocabulary=vocabulary, source=detect_source(lines))
    filled = [(n, raw.rstrip()) for n, raw in enumerate(lines, 1) if raw.strip()]
    for index, (lineno, raw) in enumerate(filled):
        following = filled[index + 1][1] if index + 1 < len(filled) else None
        _read_line(state, raw, lineno, index == 0, following)
    if state.pending:
        # No faction line the vocabulary knows: the first plain line names the faction.
        state.factions[:0] = state.pending[:1]
        state.detachments[:0] = state.pending[1:]
        state.stated_points[:0] = [(1, None)] * len(state.pending[1:])
    units = _apply_late(state, [_finish_unit(u) for u in state.units])
    return Roster(
        name=state.name,
        points=state.points,
        edition=state.edition,
        faction=" - ".join(state.factions) if state.factions else None,
        battle_size=state.battle_size,
        points_limit=state.points_limit,
        detachments=tuple(state.detachments),
        detachment_points=_detachment_points(state),
        dispositions=tuple(state.dispositions),
        notes=tuple(state.notes),
        units=tuple(units),
        unread=tuple(sorted(state.unread, key=lambda u: u.line or 0)),
        exported_with=state.exported_with,
        source=state.source,
    )

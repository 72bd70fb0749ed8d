"""Sections that apps built on events add to the event document (docs/export-format.md).

Neither the tournament app nor this one imports those apps (tests/architecture/test_layers.py): an
app that keeps rows of its own for an event (teams, play-offs, the tracker's tracked games)
registers an ExchangeExtension here at start-up (its AppConfig.ready), and the
export and import call it beside their own sections, in the same transaction, with the same
"check the whole file first, then write" rule and the same place-named refusals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from common.hooks import Hook
from exchange.services import refs as exchange_refs


@dataclass(frozen=True)
class ExchangeExtension:
    name: str
    # (event) -> {kind: {database id: document key}}: the app's rows that audit targets name.
    keys: Callable
    # (event, keys) -> {top-level section: value}; sections are left out of files of events
    # that have none of the app's rows, so a singles event's document is unchanged.
    dump: Callable
    # (document, known) -> (plan, {kind: set of keys}); `known` holds the file's keys by kind
    # ("player", "game", "round", "round_of_game": {game key: round key}, "result_versions":
    # {game key: set of versions}, "usernames" set);
    # raises exchange_fields.bad(path, ...) naming the first problem.
    read: Callable
    # (event, plan, ids) -> None; ids.kinds[kind][key] is a written row's id, ids.users maps
    # usernames to accounts of this instance, ids.results maps (game key, version) to a
    # result's id, ids.trusted says whether links may be kept, ids.report is the answer;
    # sets ids.kinds for its own kinds.
    write: Callable
    # Audit target prefixes naming the app's rows ("team_match" -> kind "teammatch").
    target_kinds: dict = field(default_factory=dict)
    # Actions whose target is not a row id (a deleted team's name): kept as written.
    targets_as_is: frozenset = frozenset()
    # Ids inside before/after that are players: {action: (key, ...)}.
    player_id_keys: dict = field(default_factory=dict)
    # The top-level sections dump() may write: an import refuses any section no one declares.
    sections: tuple = ()
    # Place among the extensions (lowest first) in the document and in the writing order:
    # the tracker's section keeps its place right after the log, where files have it.
    order: int = 100


EXCHANGE_EXTENSIONS = Hook(
    "event file sections",
    "ExchangeExtension: an app's sections of the event export and import, one per name, in "
    "`order` (exchange_extension_register). Filled by the tracker, teams, play-offs, rosters, "
    "people.",
)


def exchange_extension_register(extension: ExchangeExtension) -> None:
    """Add an app's sections (once; apps call this from AppConfig.ready)."""
    if any(e.name == extension.name for e in EXCHANGE_EXTENSIONS):
        return
    EXCHANGE_EXTENSIONS.append(extension)
    EXCHANGE_EXTENSIONS.sort(key=lambda e: e.order)
    exchange_refs.EXTRA_TARGET_KINDS.update(extension.target_kinds)
    exchange_refs.TARGETS_AS_IS.update(extension.targets_as_is)
    for action, keys in extension.player_id_keys.items():
        exchange_refs.PLAYER_ID_KEYS[action] = tuple(keys)


@dataclass(frozen=True)
class DerivedKeys:
    """Keys an app adds to each of the document's players that it computes from what the
    document already holds (rosters: a list's parsed roster and checks, from its text and the
    event's pinned rules data). They are for the file's readers: an import checks their shape,
    refusing a bad one by its place, and never stores them, since the importing site computes
    them again (a file is never trusted to say what its own data means)."""

    name: str
    # (player) -> {key: value}, only the keys that hold something (each optional in a file:
    # absent reads as nothing to check).
    dump: Callable
    # (player object of the file, its checked fields, path) -> None; raises
    # exchange_fields.bad(path + "." + key, ...) naming the first problem.
    check: Callable


PLAYER_DERIVED = Hook(
    "derived player keys",
    "DerivedKeys an app computes for each player of the file, one per name "
    "(player_derived_register). Filled by rosters.",
)


def player_derived_register(derived: DerivedKeys) -> None:
    """Add an app's derived player keys (once; apps call this at start-up)."""
    if all(known.name != derived.name for known in PLAYER_DERIVED):
        PLAYER_DERIVED.append(derived)


def player_derived_dump(player) -> dict:
    return {key: value for derived in PLAYER_DERIVED for key, value in derived.dump(player).items()}


def player_derived_check(data: dict, values: dict, path: str) -> None:
    for derived in PLAYER_DERIVED:
        derived.check(data, values, path)


def extension_sections() -> set[str]:
    return {name for extension in EXCHANGE_EXTENSIONS for name in extension.sections}


def extension_kinds() -> set[str]:
    return set(exchange_refs.EXTRA_TARGET_KINDS.values())

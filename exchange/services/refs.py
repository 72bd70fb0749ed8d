"""Ids inside audit entries (and, through the same mappers, the sections of apps built on
events, such as tracker actions), turned into the document's own keys and back.

Audit entries keep database ids in `target` ("game:12") and, for a few actions, inside
`before`/`after` (players checked in, swapped games, a deleted player). The document must not
carry database ids, so each one becomes the key of the object in the file ("game:g-7"), or,
when the object no longer exists (a deleted player, a removed round), a "gone" key "~3" that
names it consistently across the file. Import maps keys to the new rows' ids; gone keys get
ids that no row of this instance has (see importing/write.py).
"""

from __future__ import annotations

from collections.abc import Callable

# Which ids an entry's before/after hold, by action (an undo entry holds its original's).
PLAYER_ID_KEYS = {
    "player_delete": ("id",),
    "sports_vote": ("voter", "opponent"),
    "penalty_give": ("player",),
    "penalty_remove": ("player",),
}
PLAYER_LIST_KEYS = {
    "players_check_in": ("player_ids",),
    "players_drop_absent": ("player_ids",),
    "pairing_swap": ("swap",),
}
GAME_ROW_KEYS = {"pairing_swap": ("games",)}

# Target prefixes whose suffix is a row of this kind; the others ("round" of round_delete is a
# number, "event" is the event itself) are handled where they are read.
TARGET_KINDS = ("player", "game", "round", "announcement", "audit", "user", "penalty")
# Prefixes of apps built on events (exchange/extensions.py): prefix -> the kind of row it names; and
# the actions whose target is kept as written (not a row id).
EXTRA_TARGET_KINDS: dict[str, str] = {}
TARGETS_AS_IS: set[str] = set()

Mapper = Callable[[str, object], object]


def map_payload(action: str, payload, mapper: Mapper):
    """A copy of before/after with each id put through mapper(kind, value)."""
    if not isinstance(payload, dict):
        return payload
    out = dict(payload)
    for key in PLAYER_ID_KEYS.get(action, ()):
        if key in out:
            out[key] = mapper("player", out[key])
    for key in PLAYER_LIST_KEYS.get(action, ()):
        if isinstance(out.get(key), list):
            out[key] = [mapper("player", v) for v in out[key]]
    for key in GAME_ROW_KEYS.get(action, ()):
        if isinstance(out.get(key), list):
            out[key] = [
                [mapper("game", row[0]), *(mapper("player", p) for p in row[1:])]
                if isinstance(row, list) and row
                else row
                for row in out[key]
            ]
    return out


def map_target(action: str, target: str, mapper: Mapper) -> str:
    kind, sep, ident = (target or "").partition(":")
    if not sep:
        return target
    if kind == "event":
        return f"event:{mapper('event', ident)}"
    # round_delete keeps the removed round's number, not a row; TARGETS_AS_IS likewise.
    if (kind == "round" and action == "round_delete") or action in TARGETS_AS_IS:
        return target
    row_kind = kind if kind in TARGET_KINDS else EXTRA_TARGET_KINDS.get(kind)
    if row_kind is not None:
        return f"{kind}:{mapper(row_kind, ident)}"
    return target

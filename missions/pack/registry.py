"""Look packs up by key. Add a pack by adding a module that builds a `Pack`."""

from __future__ import annotations

from missions.pack.errors import MissionError
from missions.pack.pack import Pack


def _leviathan() -> Pack:
    from missions.pack.leviathan import PACK  # noqa: PLC0415 - build packs only when asked

    return PACK


_PACKS = {"leviathan": _leviathan}


def pack_keys() -> tuple[str, ...]:
    return tuple(_PACKS)


def get_pack(key: str) -> Pack:
    """The pack for `key` (e.g. "leviathan"); raises MissionError code `unknown_pack`."""
    loader = _PACKS.get(key)
    if loader is None:
        raise MissionError(
            "unknown_pack",
            f"pack: unknown pack key {key!r}, known: {', '.join(_PACKS)}",
            field="pack",
        )
    return loader()

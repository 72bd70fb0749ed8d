"""Look packs up by key. Add a pack by adding a module that builds a `Pack` (card-driven,
like Leviathan), a `ClassicPack` (dice tables, like 8th edition matched play) or a
`MatrixPack` (11th edition: each player's primary from the disposition matrix).

Every kind has `key`, `name`, `edition`, `kind` ("cards", "classic" or "matrix"),
`code_prefix`, `generates` and `pool`; `get_pack` returns any, `get_card_pack` only a card
pack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from missions.pack.errors import MissionError
from missions.pack.pack import Pack

if TYPE_CHECKING:
    from missions.classic.types import ClassicPack
    from missions.eleventh.pack import MatrixPack

    AnyPack = Pack | ClassicPack | MatrixPack


def _leviathan() -> Pack:
    from missions.pack.leviathan import PACK  # noqa: PLC0415 - build packs only when asked

    return PACK


def _eighth() -> ClassicPack:
    from missions.classic.eighth import PACK  # noqa: PLC0415

    return PACK


def _seventh() -> ClassicPack:
    from missions.classic.seventh import PACK  # noqa: PLC0415

    return PACK


def _only_war() -> ClassicPack:
    from missions.classic.only_war import PACK  # noqa: PLC0415

    return PACK


def _eleventh() -> MatrixPack:
    from missions.eleventh.pack import PACK  # noqa: PLC0415

    return PACK


_PACKS = {
    "leviathan": _leviathan,
    "eighth": _eighth,
    "seventh": _seventh,
    "only_war": _only_war,
    "eleventh": _eleventh,
}


def pack_keys() -> tuple[str, ...]:
    """Every pack: card-driven, classic and matrix."""
    return tuple(_PACKS)


def card_pack_keys() -> tuple[str, ...]:
    """Packs whose missions are drawn from card decks (Leviathan): those with a pool."""
    return tuple(k for k in _PACKS if get_pack(k).kind == "cards")


def get_card_pack(key: str) -> Pack:
    """A card-driven pack; a classic pack's key raises `unknown_pack` naming the field."""
    pack = get_pack(key)
    if not isinstance(pack, Pack):
        raise MissionError(
            "unknown_pack",
            f"pack: {key!r} is a {pack.edition} edition {_KIND_WORDS[pack.kind]}, not a card pack",
            field="pack",
        )
    return pack


_KIND_WORDS = {"classic": "table pack", "matrix": "disposition-matrix pack"}


def get_any_pack(key: str) -> AnyPack:
    """Any pack by key (same as `get_pack`, named for readers who want to say so)."""
    return get_pack(key)


def get_pack(key: str) -> AnyPack:
    """The pack for `key` (e.g. "leviathan", "eighth"); raises MissionError `unknown_pack`."""
    loader = _PACKS.get(key)
    if loader is None:
        raise MissionError(
            "unknown_pack",
            f"pack: unknown pack key {key!r}, known: {', '.join(_PACKS)}",
            field="pack",
        )
    return loader()

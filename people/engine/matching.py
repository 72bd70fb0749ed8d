"""Which person a player of an event is: matched by e-mail or by an external id when one is
given, suggested by name otherwise. Pure: the services pass plain records in.

- An e-mail matches when both are the same address once trimmed and case-folded (addresses are
  case-insensitive in practice; a provider that is not is rare enough to be a merge away).
- An external id ("circuit:number") matches when the same system gives the same number.
- Names never match on their own (two people share a name more often than an address): they
  only suggest, the organiser decides. They are compared folded as Find my table folds them
  (case, accents and letters such as Ł, Ø: tournament/engine/names.py `name_fold`).
- A person goes by one name: their newest spelling that is not written all in capitals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournament.engine.names import name_fold


@dataclass(frozen=True)
class PersonRecord:
    id: int
    name: str
    email: str = ""
    external_ids: Mapping[str, str] = field(default_factory=dict)  # system -> number


def email_key(email: str) -> str:
    return email.strip().casefold()


def _all_capitals(name: str) -> bool:
    return name == name.upper() and name != name.lower()


def person_name(spellings: Sequence[str]) -> str:
    """The one name a person goes by, from their players' names oldest event first: the
    newest spelling, passing over one written all in capitals ("ANA LIMA" on a sign-up sheet)
    while another exists; "" for none."""
    for name in reversed(spellings):
        if not _all_capitals(name):
            return name
    return spellings[-1] if spellings else ""


def person_match(
    people: Iterable[PersonRecord],
    *,
    email: str = "",
    external_ids: Mapping[str, str] | None = None,
) -> int | None:
    """The one person the address or an external id names, else None. An external id wins over
    the address (a circuit's number is given for exactly this); two people named by the same
    facts (a merge not yet made) give the lowest id, so the answer never depends on order."""
    people = list(people)
    wanted_ids = {(k, str(v).strip()) for k, v in (external_ids or {}).items() if str(v).strip()}
    key = email_key(email)
    by_id = sorted(
        p.id
        for p in people
        if wanted_ids & {(k, str(v).strip()) for k, v in p.external_ids.items()}
    )
    if by_id:
        return by_id[0]
    if not key:
        return None
    by_email = sorted(p.id for p in people if p.email and email_key(p.email) == key)
    return by_email[0] if by_email else None


def person_suggestions(people: Iterable[PersonRecord], name: str) -> list[int]:
    """People whose name is the same once folded ("Zoë Smith" and "zoe  smith", "Łukasz" and
    "Lukasz"), lowest id first; suggestions only."""
    key = name_fold(name)
    return sorted(p.id for p in people if key and name_fold(p.name) == key)


def merged_external_ids(
    keep: Mapping[str, str], other: Mapping[str, str]
) -> tuple[dict[str, str], list[str]]:
    """The kept person's ids plus the other's; a system both give with different numbers keeps
    the kept person's and is named in the second value (the organiser sees the clash)."""
    out = dict(keep)
    clashes = []
    for system, number in sorted(other.items()):
        if system in out and out[system] != number:
            clashes.append(system)
            continue
        out[system] = number
    return out, clashes

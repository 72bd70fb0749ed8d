"""People in the event document: an optional `people` section giving, by the file's player
keys, the circuit or club numbers of each player's person ({"player key": {"external_ids":
{"system": "number"}}}), only for players whose person has any, so other documents are
unchanged. On import every player of the new event is linked to a person (the import writes
players in bulk, which the save hook does not see): by those numbers or the player's e-mail
address when either matches a person of the events the importer runs (of the whole server for
a superuser's or the operator's import), else a new person carrying the file's numbers.
Registered with the tournament app's export and import from people.apps."""

from __future__ import annotations

from exchange.extensions import ExchangeExtension, exchange_extension_register
from exchange.services.fields import bad
from people.models import PersonLink
from people.services.people import person_link_player
from tournament.models import Player

SECTION = "people"
MAX_ID = 100  # characters in a system name or a number


def _keys(event) -> dict:
    return {}


def _dump(event, keys) -> dict:
    links = PersonLink.objects.filter(player__event=event).select_related("person")
    out = {}
    for link in links.order_by("player_id"):
        ids = link.person.external_ids or {}
        if ids:
            out[keys.player(link.player_id)] = {"external_ids": dict(sorted(ids.items()))}
    return {SECTION: dict(sorted(out.items()))} if out else {}


def _read(document: dict, known: dict):
    data = document.get(SECTION)
    if data is None:
        return {}, {}
    if not isinstance(data, dict):
        raise bad(SECTION, "must be an object of player keys.")
    plan = {}
    for key, item in data.items():
        path = f"{SECTION}.{key}"
        if key not in known["player"]:
            raise bad(path, f"no player '{key}' in this file.")
        if not isinstance(item, dict) or set(item) != {"external_ids"}:
            raise bad(path, 'must be an object with "external_ids" only.')
        ids = item["external_ids"]
        if not isinstance(ids, dict):
            raise bad(f"{path}.external_ids", "must be an object of system: number.")
        for system, number in ids.items():
            if not isinstance(number, str) or not number.strip() or len(number) > MAX_ID:
                raise bad(f"{path}.external_ids.{system}", "must be a number written as text.")
            if not system.strip() or len(system) > MAX_ID:
                raise bad(f"{path}.external_ids", "a system needs a name of 1 to 100 characters.")
        plan[key] = ids
    return plan, {}


def _write(event, plan, ids) -> None:
    by_id = {pk: key for key, pk in ids.kinds["player"].items()}
    for player in Player.objects.filter(event=event).order_by("pk"):
        external = (plan or {}).get(by_id.get(player.pk), {})
        person_link_player(player=player, external_ids=external, everywhere=ids.trusted)


EXTENSION = ExchangeExtension(
    name=SECTION,
    keys=_keys,
    dump=_dump,
    read=_read,
    write=_write,
    sections=(SECTION,),
)


def register() -> None:
    exchange_extension_register(EXTENSION)

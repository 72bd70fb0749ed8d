"""People in the event document: an optional `people` section giving, by the file's player
keys, the circuit or club numbers of each player's person ({"player key": {"external_ids":
{"system": "number"}}}), only for players whose person has any, so other documents are
unchanged. On import every player of the new event is linked to a person (the import writes
players in bulk, which the save hook does not see): by those numbers or the player's e-mail
address when either matches a person of the events the importer runs (of the whole server for
a superuser's or the operator's import), else a new person carrying the file's numbers.
Registered with the tournament app's export and import from people.apps."""

from __future__ import annotations

from django.utils.dateparse import parse_datetime

from exchange.extensions import ExchangeExtension, exchange_extension_register
from exchange.services.fields import bad
from people.models import ConsentVia, PersonLink, PublicationConsent
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


# Publication consent (issue 36): each player's answers, oldest first, with when and how each
# was given, so an event moved to another server never publishes someone who said no. The
# staff member who recorded an answer on a player's behalf is not carried (an account of this
# server); the answer and its `via` are.
CONSENTS = "consents"
CONSENT_KEYS = {"results", "lists", "via", "made_at"}


def _consents_dump(event, keys) -> dict:
    rows = PublicationConsent.objects.filter(player__event=event).order_by("player_id", "id")
    out: dict[str, list] = {}
    for row in rows:
        out.setdefault(keys.player(row.player_id), []).append(
            {
                "results": row.results,
                "lists": row.lists,
                "via": row.via,
                "made_at": row.made_at.isoformat(),
            }
        )
    return {CONSENTS: dict(sorted(out.items()))} if out else {}


def _consent_item(item, path: str) -> dict:
    if not isinstance(item, dict) or set(item) != CONSENT_KEYS:
        raise bad(path, f"must be an object with {', '.join(sorted(CONSENT_KEYS))} only.")
    for subject in ("results", "lists"):
        if item[subject] is not None and not isinstance(item[subject], bool):
            raise bad(f"{path}.{subject}", "must be true, false or null.")
    if item["via"] not in ConsentVia.values:
        raise bad(f"{path}.via", f"must be one of {', '.join(ConsentVia.values)}.")
    made_at = parse_datetime(item["made_at"]) if isinstance(item["made_at"], str) else None
    if made_at is None or made_at.tzinfo is None:
        raise bad(f"{path}.made_at", "must be a date and time with its offset (ISO 8601).")
    return {**item, "made_at": made_at}


def _consents_read(document: dict, known: dict):
    data = document.get(CONSENTS)
    if data is None:
        return {}, {}
    if not isinstance(data, dict):
        raise bad(CONSENTS, "must be an object of player keys.")
    plan = {}
    for key, answers in data.items():
        path = f"{CONSENTS}.{key}"
        if key not in known["player"]:
            raise bad(path, f"no player '{key}' in this file.")
        if not isinstance(answers, list) or not answers:
            raise bad(path, "must be a list of the player's answers, oldest first.")
        plan[key] = [_consent_item(item, f"{path}[{n}]") for n, item in enumerate(answers)]
    return plan, {}


def _consents_write(event, plan, ids) -> None:
    answers = [
        (ids.kinds["player"][key], item)
        for key, items in sorted((plan or {}).items())
        for item in items
    ]
    rows = PublicationConsent.objects.bulk_create(
        PublicationConsent(
            player_id=player_id,
            results=item["results"],
            lists=item["lists"],
            via=item["via"],
        )
        for player_id, item in answers
    )
    # made_at is set when a row is added; the file's moments are put back as written.
    for row, (_, item) in zip(rows, answers, strict=True):
        row.made_at = item["made_at"]
    PublicationConsent.objects.bulk_update(rows, ["made_at"])


CONSENT_EXTENSION = ExchangeExtension(
    name=CONSENTS,
    keys=_keys,
    dump=_consents_dump,
    read=_consents_read,
    write=_consents_write,
    sections=(CONSENTS,),
)


def register() -> None:
    exchange_extension_register(EXTENSION)
    exchange_extension_register(CONSENT_EXTENSION)

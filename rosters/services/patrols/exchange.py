"""Combat Patrols in the event document (an optional `combat_patrols` section): each patrol's
name, faction, units and enhancements, keyed so the audit log's entries name them. Registered
with the tournament app's export and import (rosters.apps)."""

from __future__ import annotations

from common.errors import Invalid
from exchange.extensions import ExchangeExtension, exchange_extension_register
from exchange.services import fields
from exchange.services.fields import bad
from rosters.models.patrols import CombatPatrol
from rosters.services.patrols.patrols import FIELDS, patrol_clean
from tournament.engine.names import name_key

SECTION = "combat_patrols"


def _patrols(event):
    return CombatPatrol.objects.filter(event=event).order_by("id")


def _keys(event) -> dict:
    ids = _patrols(event).values_list("id", flat=True)
    return {"patrol": {pk: f"cp-{n}" for n, pk in enumerate(ids, 1)}}


def _dump(event, keys) -> dict:
    rows = list(_patrols(event))
    if not rows:
        return {}
    mine = _keys(event)["patrol"]
    return {
        SECTION: [
            {"key": mine[p.pk], **{field: getattr(p, field) for field in FIELDS}} for p in rows
        ]
    }


def _read(document: dict, known: dict):
    data = document.get(SECTION)
    if data is None:
        return [], {"patrol": set()}
    plan, seen, names = [], set(), set()
    for i, item in enumerate(fields.as_list(data, SECTION)):
        path = f"{SECTION}[{i}]"
        if not isinstance(item, dict):
            raise bad(path, "must be an object.")
        key = item.get("key")
        if not isinstance(key, str) or not key or key in seen:
            raise bad(f"{path}.key", "must be a key used once in this file.")
        values = {k: v for k, v in item.items() if k != "key"}
        missing = [f for f in FIELDS if f not in values]
        if missing:
            raise bad(f"{path}.{missing[0]}", "is missing.")
        try:
            clean = patrol_clean(values)
        except Invalid as error:
            field, messages = next(iter(error.messages.items()))
            raise bad(f"{path}.{field}", messages[0]) from None
        if name_key(clean["name"]) in names:
            raise bad(f"{path}.name", f"another patrol is called {clean['name']}.")
        seen.add(key)
        names.add(name_key(clean["name"]))
        plan.append((key, clean))
    return plan, {"patrol": seen}


def _write(event, plan, ids) -> None:
    ids.kinds["patrol"] = {
        key: CombatPatrol.objects.create(event=event, **values).pk for key, values in plan
    }


EXTENSION = ExchangeExtension(
    name="combat_patrols",
    keys=_keys,
    dump=_dump,
    read=_read,
    write=_write,
    target_kinds={"patrol": "patrol"},
    # A deleted patrol's entry names it by its name: there is no row left to name by key.
    targets_as_is=frozenset({"patrol_delete"}),
    sections=(SECTION,),
)


def register() -> None:
    exchange_extension_register(EXTENSION)

"""The pods in the event document (an optional `pods` section): how they were formed, the
rounds they pair, and each pod's players by the file's player keys. Registered with the
tournament app's export and import (hooks.py)."""

from __future__ import annotations

from exchange.extensions import ExchangeExtension, exchange_extension_register
from exchange.services import fields
from exchange.services.fields import bad
from playoffs.engine.pods import POD_METHODS
from playoffs.models import PodSplit

SPLIT = fields._specs(
    ("method", "str", False, POD_METHODS),
    ("after_round", "int"),
    ("seed", "int", True),
    ("first_round", "int"),
    ("last_round", "int"),
)


def _keys(event) -> dict:
    return {}


def _dump(event, keys) -> dict:
    split = PodSplit.objects.filter(event=event).first()
    if split is None:
        return {}
    return {
        "pods": {
            **fields.dump_fields(SPLIT, split),
            "pods": [[keys.player(p) for p in pod] for pod in split.pods],
        }
    }


def _read(document: dict, known: dict):
    data = document.get("pods")
    if data is None:
        return None, {}
    if not isinstance(data, dict):
        raise bad("pods", "must be an object.")
    values = fields.load_fields(SPLIT, data, "pods")
    pods = fields.as_list(data.get("pods"), "pods.pods")
    seen: set[str] = set()
    for i, pod in enumerate(pods):
        for j, key in enumerate(fields.as_list(pod, f"pods.pods[{i}]")):
            if not isinstance(key, str) or key not in known["player"]:
                raise bad(f"pods.pods[{i}][{j}]", f"no player '{key}' in this file.")
            if key in seen:
                raise bad(f"pods.pods[{i}][{j}]", f"player '{key}' is in two pods.")
            seen.add(key)
    if values["last_round"] < values["first_round"]:
        raise bad("pods.last_round", "must be first_round or later.")
    return (values, pods), {}


def _write(event, plan, ids) -> None:
    if plan is None:
        return
    values, pods = plan
    players = ids.kinds["player"]
    PodSplit.objects.create(event=event, pods=[[players[k] for k in pod] for pod in pods], **values)


EXTENSION = ExchangeExtension(
    name="pods",
    keys=_keys,
    dump=_dump,
    read=_read,
    write=_write,
    sections=("pods",),
)


def register() -> None:
    exchange_extension_register(EXTENSION)

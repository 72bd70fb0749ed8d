"""What the pods register with the tournament app at start-up (playoffs.apps): the pairing
hook that keeps a pod round inside its pods, audit words and undo handlers."""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import Conflict
from playoffs.models import PodSplit
from playoffs.services.pods.pods import pod_label, pods_pairing_groups
from tournament.models import Event
from tournament.services.audit.log import undo_check, undoable
from tournament.services.audit.words import audit_words_register


def _pods_words(names: list[list[str]]) -> str:
    return "; ".join(f"{pod_label(i + 1)}: {', '.join(pod)}" for i, pod in enumerate(names))


def _create_words(entry) -> str:
    a = entry.after or {}
    how = {
        "standings": f"by the standings after round {a.get('after_round')}",
        "organiser": "by the organiser",
        "random": "at random, clubs spread",
    }.get(a.get("method"), "")
    return (
        f"Pods {how} for rounds {a.get('first_round')} to {a.get('last_round')}. "
        f"{_pods_words(a.get('names', []))}"
    )


def _adjust_words(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    parts = []
    if "names" in after:
        parts.append(f"{_pods_words(before.get('names', []))} → {_pods_words(after['names'])}")
    if "last_round" in after:
        parts.append(f"last pod round {before.get('last_round')} → {after['last_round']}")
    return "; ".join(parts)


def _delete_words(entry) -> str:
    return "Pods taken back before any round paired inside them"


def _split_of(entry) -> PodSplit:
    split = PodSplit.objects.filter(event_id=entry.event_id).first()
    if split is None:
        raise Conflict("entry", "gone", gettext("The pods have already been taken back."))
    return split


def _paired(entry) -> int:
    return Event.objects.get(pk=entry.event_id).rounds.count()


@undo_check("pods_create")
def _check_create(entry) -> list[str]:
    split = _split_of(entry)
    if _paired(entry) >= split.first_round:
        raise Conflict(
            "entry", "pods_started", gettext("A round is paired inside the pods: undo it first.")
        )
    if split.pods != (entry.after or {}).get("pods"):
        raise Conflict("entry", "changed", gettext("The pods have changed since: undo that first."))
    return []


@undoable("pods_create")
def _undo_create(entry) -> None:
    _check_create(entry)
    _split_of(entry).delete()


@undo_check("pods_adjust")
def _check_adjust(entry) -> list[str]:
    split = _split_of(entry)
    after, before = entry.after or {}, entry.before or {}
    if "pods" in after and split.pods != after["pods"]:
        raise Conflict("entry", "changed", gettext("The pods have changed since: undo that first."))
    if "last_round" in after:
        if split.last_round != after["last_round"]:
            raise Conflict("entry", "changed", gettext("The last pod round has changed since."))
        if _paired(entry) > before.get("last_round", 0) >= split.first_round - 1:
            raise Conflict(
                "entry",
                "rounds_paired",
                gettext("Round %(value)s is already paired inside the pods.")
                % {"value": before.get("last_round", 0) + 1},
            )
    return []


@undoable("pods_adjust")
def _undo_adjust(entry) -> None:
    _check_adjust(entry)
    split = _split_of(entry)
    before = entry.before or {}
    split.pods = before.get("pods", split.pods)
    split.last_round = before.get("last_round", split.last_round)
    split.save(update_fields=["pods", "last_round"])


@undo_check("pods_delete")
def _check_delete(entry) -> list[str]:
    before = entry.before or {}
    if PodSplit.objects.filter(event_id=entry.event_id).exists():
        raise Conflict(
            "entry", "exists", gettext("The event has pods again: take them back first.")
        )
    if _paired(entry) >= before.get("first_round", 0):
        raise Conflict(
            "entry",
            "rounds_paired",
            gettext("Round %(get)s is already paired.") % {"get": before.get("first_round")},
        )
    return []


@undoable("pods_delete")
def _undo_delete(entry) -> None:
    _check_delete(entry)
    b = entry.before or {}
    PodSplit.objects.create(
        event_id=entry.event_id,
        method=b["method"],
        after_round=b.get("after_round", 0),
        seed=b.get("seed"),
        first_round=b["first_round"],
        last_round=b["last_round"],
        pods=b["pods"],
    )


def register() -> None:
    from playoffs.services.pods import exchange as pods_exchange  # noqa: PLC0415
    from tournament.extensions import PAIRING_GROUP_HOOKS  # noqa: PLC0415

    PAIRING_GROUP_HOOKS.register(pods_pairing_groups)
    audit_words_register("pods_create", "Pods formed", _create_words)
    audit_words_register("pods_adjust", "Pods adjusted", _adjust_words)
    audit_words_register("pods_delete", "Pods taken back", _delete_words)
    pods_exchange.register()

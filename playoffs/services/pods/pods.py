"""Pods: the field split into groups that pair among themselves for the rounds the organiser
chooses (the tournament's pairing service pairs inside them through its group hook), then a
cut across the pods into a bracket. Every change is logged; the split and each adjustment
are undone from the log while no round has been paired inside the pods since."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from playoffs.engine.pods import (
    POD_METHODS,
    pods_at_random,
    pods_by_organiser,
    pods_by_standings,
    pods_cut,
)
from playoffs.models import PodSplit
from playoffs.services.bracket import names_of
from playoffs.services.playoffs import playoff_create
from tournament.models import Event
from tournament.services.audit.log import audit_record
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.rounds.records import event_players
from tournament.services.rounds.rounds import require_singles, seed_check
from tournament.services.standings.standings import standings_compute

CUTS = ("per_pod", "overall")


def pod_label(number: int) -> str:
    return f"Pod {number}"


def _locked_event(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("event", "not_found", gettext("No such event."))
    return event


def pods_of(event: Event) -> PodSplit:
    split = PodSplit.objects.filter(event=event).first()
    if split is None:
        raise NotFound("pods", "not_found", gettext("%(name)s has no pods.") % {"name": event.name})
    return split


def _in_play(event: Event) -> list:
    """The players a pod must hold: approved and not dropped."""
    return [p for p in event_players(event) if not p.dropped]


def _started(split: PodSplit) -> bool:
    """A round has been paired inside the pods."""
    return split.event.rounds.filter(number__gte=split.first_round).exists()


def _check_rounds(event: Event, first: int, last: int, *, starting: bool = True) -> None:
    paired = event.rounds.count()
    if starting and first <= paired:
        raise Invalid(
            "first_round",
            "already_paired",
            gettext("Round %(first)s is already paired: pods start at round %(value)s or later.")
            % {"first": first, "value": paired + 1},
        )
    if last < first:
        raise Invalid(
            "last_round", "before_first", gettext("Must be the first pod round or later.")
        )
    if last > event.planned_rounds:
        raise Invalid(
            "last_round",
            "beyond_planned",
            gettext("%(name)s plans %(planned_rounds)s rounds; raise them first.")
            % {"name": event.name, "planned_rounds": event.planned_rounds},
        )


def _check_pods(event: Event, pods, field: str = "pods") -> list[list[int]]:
    """The organiser's pods: lists of player ids, everyone in play in exactly one."""
    if (
        not isinstance(pods, list)
        or len(pods) < 2
        or any(not isinstance(pod, list) or not pod for pod in pods)
        or any(isinstance(p, bool) or not isinstance(p, int) for pod in pods for p in pod)
    ):
        raise Invalid(
            field, "invalid", gettext("Must be two or more non-empty lists of player ids.")
        )
    small = [pod_label(i + 1) for i, pod in enumerate(pods) if len(pod) < 2]
    if small:
        raise Invalid(
            field,
            "pod_too_small",
            gettext("A pod needs two players at least: %(join)s.") % {"join": ", ".join(small)},
        )
    flat = [p for pod in pods for p in pod]
    known = {p.id: p for p in event_players(event)}
    if any(p not in known for p in flat):
        raise Invalid(
            field, "unknown_player", gettext("Every player must be a player of this event.")
        )
    twice = sorted({known[p].name for p in flat if flat.count(p) > 1})
    if twice:
        raise Invalid(
            field, "duplicate", gettext("In two pods: %(join)s.") % {"join": ", ".join(twice)}
        )
    missing = [p.name for p in _in_play(event) if p.id not in set(flat)]
    if missing:
        raise Invalid(
            field, "missing_player", gettext("In no pod: %(join)s.") % {"join": ", ".join(missing)}
        )
    return [list(pod) for pod in pods]


def _split(event: Event, method: str, *, count, after_round, seed, pods) -> list[list[int]]:
    if method == "organiser":
        if pods is None:
            raise Invalid(
                "pods", "required", gettext('The organiser\'s pods are given with "pods".')
            )
        chosen = _check_pods(event, pods)
        # The engine's shape: player -> pod number.
        return pods_by_organiser(
            [p for pod in chosen for p in pod],
            {p: i + 1 for i, pod in enumerate(chosen) for p in pod},
        )
    if pods is not None:
        raise Invalid("pods", "not_taken", gettext('Pods are given with method "organiser".'))
    players = _in_play(event)
    if not isinstance(count, int) or isinstance(count, bool) or count < 2:
        raise Invalid("count", "invalid", gettext("Must be a whole number of pods, 2 or more."))
    if count * 2 > len(players):
        raise Invalid(
            "count",
            "too_many",
            gettext("%(players_count)s players fill at most %(value)s pods.")
            % {"players_count": len(players), "value": len(players) // 2},
        )
    if method == "standings":
        rows = standings_compute(event=event, as_of_round=after_round)
        ids = {p.id for p in players}
        ranked = [r["player"] for r in rows if r["player"] in ids]
        # Anyone not ranked yet (a late entry) comes last, in the usual order.
        ranked += [p.id for p in players if p.id not in set(ranked)]
        return pods_by_standings(ranked, count)
    return pods_at_random(players, count, seed)


def pods_create(
    *,
    event_id: int,
    user,
    method: str,
    count: int | None = None,
    after_round: int | None = None,
    seed: int | None = None,
    pods: list[list[int]] | None = None,
    first_round: int | None = None,
    last_round: int,
) -> PodSplit:
    """Split the field into pods for rounds `first_round` (the next round by default) to
    `last_round`: by the standings after round `after_round` (the last paired by default), by
    the organiser's lists, or at random from `seed` with clubs spread."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        require_singles(event, "team pods are not available")
        if PodSplit.objects.filter(event=event).exists():
            raise Conflict(
                "pods", "exists", gettext("%(name)s already has its pods.") % {"name": event.name}
            )
        if method not in POD_METHODS:
            raise Invalid(
                "method",
                "invalid_choice",
                gettext("Must be one of: %(join)s.") % {"join": ", ".join(POD_METHODS)},
            )
        paired = event.rounds.count()
        first_round = paired + 1 if first_round is None else first_round
        _check_rounds(event, first_round, last_round)
        if method == "standings":
            after_round = paired if after_round is None else after_round
            if not 0 <= after_round <= paired:
                raise Invalid(
                    "after_round",
                    "range",
                    gettext("Must be between 0 and %(paired)s.") % {"paired": paired},
                )
        else:
            after_round = paired
        seed_check(seed)
        if method == "random" and seed is None:
            seed = random.SystemRandom().randrange(2**31)
        groups = _split(event, method, count=count, after_round=after_round, seed=seed, pods=pods)
        split = PodSplit.objects.create(
            event=event,
            method=method,
            after_round=after_round,
            seed=seed if method == "random" else None,
            first_round=first_round,
            last_round=last_round,
            pods=groups,
        )
        audit_record(
            event=event,
            action="pods_create",
            target=f"event:{event.pk}",
            user=user,
            after={
                "method": method,
                "after_round": after_round,
                "seed": split.seed,
                "first_round": first_round,
                "last_round": last_round,
                "pods": groups,
                "names": _names(groups),
            },
        )
        return split


def _names(groups: list[list[int]]) -> list[list[str]]:
    names = names_of([p for pod in groups for p in pod])
    return [[names.get(p, "") for p in pod] for pod in groups]


def pods_adjust(
    *, event_id: int, user, pods: list[list[int]] | None = None, last_round: int | None = None
) -> PodSplit:
    """Move players between pods (the whole list, as the page posts it) or change the last
    round paired inside them; logged; saved unchanged, nothing happens."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        split = pods_of(event)
        before, after = {}, {}
        if pods is not None:
            chosen = _check_pods(event, pods)
            # Who is in which pod is what counts; the order inside a pod means nothing.
            if [sorted(p) for p in chosen] != [sorted(p) for p in split.pods]:
                before["pods"], after["pods"] = split.pods, chosen
                split.pods = chosen
        if last_round is not None and last_round != split.last_round:
            paired = event.rounds.count()
            if split.first_round <= paired and last_round < paired:
                raise Invalid(
                    "last_round",
                    "already_paired",
                    gettext("Round %(paired)s is paired inside the pods: they last to it at least.")
                    % {"paired": paired},
                )
            _check_rounds(event, split.first_round, last_round, starting=False)
            before["last_round"], after["last_round"] = split.last_round, last_round
            split.last_round = last_round
        if not after:
            return split
        split.save(update_fields=["pods", "last_round"])
        for side in (before, after):
            if "pods" in side:
                side["names"] = _names(side["pods"])
        audit_record(
            event=event,
            action="pods_adjust",
            target=f"event:{event.pk}",
            user=user,
            before=before,
            after=after,
        )
        return split


def pods_delete(*, event_id: int, user) -> None:
    """Take the pods back before any round is paired inside them."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        split = pods_of(event)
        if _started(split):
            raise Conflict(
                "pods", "pods_started", gettext("A round is paired inside the pods: undo it first.")
            )
        audit_record(
            event=event,
            action="pods_delete",
            target=f"event:{event.pk}",
            user=user,
            before={
                "method": split.method,
                "after_round": split.after_round,
                "seed": split.seed,
                "first_round": split.first_round,
                "last_round": split.last_round,
                "pods": split.pods,
                "names": _names(split.pods),
            },
        )
        split.delete()


def pod_rankings(*, event: Event, split: PodSplit) -> list[list[dict]]:
    """Each pod's standings: the event's Swiss rows (confirmed results) of its players in
    their order, each with its place in the pod."""
    rows = standings_compute(event=event)
    pod_of = {p: i for i, pod in enumerate(split.pods) for p in pod}
    out: list[list[dict]] = [[] for _ in split.pods]
    for row in rows:
        i = pod_of.get(row["player"])
        if i is not None and not row["dropped"]:
            out[i].append({**row, "pod_place": len(out[i]) + 1})
    return out


def pods_cut_create(
    *,
    event_id: int,
    user,
    cut: str,
    per_pod: int | None = None,
    size: int | None = None,
    format: str = "single",
    grand_final_reset: bool = True,
    knockout_tiebreak: str = "higher_seed",
    force: bool = False,
) -> None:
    """The cut across pods: the top `per_pod` of each pod (pod winners first, each tier by the
    whole field's standings) or the top `size` overall, into the play-offs' bracket. The
    play-offs log the cut and undo it as any cut."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        split = pods_of(event)
        if cut not in CUTS:
            raise Invalid(
                "cut",
                "invalid_choice",
                gettext("Must be one of: %(join)s.") % {"join": ", ".join(CUTS)},
            )
        if cut == "overall":
            if size is None or per_pod is not None:
                raise Invalid(
                    "size", "required", gettext('The overall cut takes "size" (not per_pod).')
                )
            playoff_create(
                event_id=event.pk,
                user=user,
                format=format,
                size=size,
                grand_final_reset=grand_final_reset,
                knockout_tiebreak=knockout_tiebreak,
                force=force,
            )
            return
        if per_pod is None or size is not None:
            raise Invalid(
                "per_pod", "required", gettext('The cut per pod takes "per_pod" (not size).')
            )
        rankings = pod_rankings(event=event, split=split)
        short = [pod_label(i + 1) for i, r in enumerate(rankings) if len(r) < per_pod]
        if short:
            raise Invalid(
                "per_pod",
                "too_few_players",
                gettext("%(join)s ranks fewer than %(per_pod)s.")
                % {"join": ", ".join(short), "per_pod": per_pod},
            )
        overall = [r["player"] for r in standings_compute(event=event)]
        seeds = pods_cut([[r["player"] for r in pod] for pod in rankings], per_pod, overall)
        playoff_create(
            event_id=event.pk,
            user=user,
            format=format,
            size=len(seeds),
            grand_final_reset=grand_final_reset,
            seeding="organiser",
            seeds=seeds,
            knockout_tiebreak=knockout_tiebreak,
            force=force,
        )


def pods_pairing_groups(event: Event, number: int) -> list[tuple[str, list[int]]] | None:
    """The tournament's pairing hook: round `number` pairs inside the pods while it is one of
    their rounds."""
    split = PodSplit.objects.filter(event=event).first()
    if split is None or not split.first_round <= number <= split.last_round:
        return None
    return [(pod_label(i + 1), list(pod)) for i, pod in enumerate(split.pods)]


def pods_view(*, event: Event) -> dict | None:
    """The pods as the API and pages show them: settings, and each pod's players in their
    pod standings order (confirmed results only)."""
    split = PodSplit.objects.filter(event=event).first()
    if split is None:
        return None
    rankings = pod_rankings(event=event, split=split)
    names = names_of([p for pod in split.pods for p in pod])
    pods = []
    for i, pod in enumerate(split.pods):
        ranked = rankings[i]
        seen = {r["player"] for r in ranked}
        pods.append(
            {
                "number": i + 1,
                "name": pod_label(i + 1),
                "players": [
                    {
                        "player": r["player"],
                        "name": r["name"],
                        "place": r["pod_place"],
                        "rank": r["rank"],
                        "record": r["record"],
                        "mp": r["mp"],
                    }
                    for r in ranked
                ]
                + [
                    {
                        "player": p,
                        "name": names.get(p, ""),
                        "place": None,
                        "rank": None,
                        "record": "",
                        "mp": None,
                    }
                    for p in pod
                    if p not in seen
                ],
            }
        )
    return {
        "method": split.method,
        "after_round": split.after_round,
        "seed": split.seed,
        "first_round": split.first_round,
        "last_round": split.last_round,
        "started": _started(split),
        "pods": pods,
    }


__all__ = [
    "CUTS",
    "pod_label",
    "pod_rankings",
    "pods_adjust",
    "pods_create",
    "pods_cut_create",
    "pods_delete",
    "pods_of",
    "pods_pairing_groups",
    "pods_view",
]

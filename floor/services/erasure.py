"""The calls' part in a person's erasure (EVENT_TEXT_SCRUBBERS): a player's note and a
judge's ruling are free text that may name the erased person."""

from __future__ import annotations

from collections.abc import Callable

from floor.models import JudgeCall


def calls_scrub(event_id: int, scrub: Callable[[str], str]) -> None:
    changed = []
    for call in JudgeCall.objects.filter(event_id=event_id).only("pk", "note", "ruling"):
        note, ruling = scrub(call.note), scrub(call.ruling)
        if (note, ruling) != (call.note, call.ruling):
            call.note, call.ruling = note, ruling
            changed.append(call)
    JudgeCall.objects.bulk_update(changed, ["note", "ruling"])

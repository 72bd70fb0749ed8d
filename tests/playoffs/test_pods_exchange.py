"""The pods travel in the event export as an optional `pods` section: an event imported
elsewhere has the same pods (by name), pairs its next pod round inside them, and its export
is the same document again."""

from __future__ import annotations

import json

import pytest

from common.errors import Invalid
from exchange.services.export import checksum, event_export_document
from exchange.services.importing.write import event_import
from playoffs.services.pods.pods import pods_create, pods_view
from tests.playoffs.conftest import swiss_event, swiss_round

pytestmark = pytest.mark.django_db


def _names(view: dict) -> list[list[str]]:
    return [[p["name"] for p in pod["players"]] for pod in view["pods"]]


def test_pods_are_the_same_after_export_and_import(organiser):
    event = swiss_event(organiser, players=12, rounds=4, played=1)
    pods_create(event_id=event.pk, user=organiser, method="random", count=3, seed=5, last_round=3)
    swiss_round(event, organiser, 2)
    document = event_export_document(event=event)
    assert document["pods"]["method"] == "random"
    assert document["pods"]["seed"] == 5
    assert [len(p) for p in document["pods"]["pods"]] == [4, 4, 4]
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    before, after = pods_view(event=event), pods_view(event=report.event)
    assert _names(after) == _names(before)
    assert (after["first_round"], after["last_round"], after["started"]) == (2, 3, True)
    again = event_export_document(event=report.event)
    assert again["pods"] == document["pods"]


def test_a_bad_pods_section_is_refused_by_path(organiser):
    event = swiss_event(organiser, players=6, rounds=3, played=1)
    pods_create(event_id=event.pk, user=organiser, method="standings", count=2, last_round=3)
    document = event_export_document(event=event)
    document["pods"]["pods"][1].append(document["pods"]["pods"][0][0])
    document["sha256"] = checksum(document)
    with pytest.raises(Invalid) as refused:
        event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert "pods.pods[1][2]: player" in str(refused.value)  # pods of 4 and 2 (whole pairs)


def test_an_event_without_pods_exports_no_section(organiser):
    event = swiss_event(organiser, players=4, rounds=1)
    assert "pods" not in event_export_document(event=event)

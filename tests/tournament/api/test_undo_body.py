"""An undo over the API needs a body that says what it confirms (issue 32, minor): a POST with
no body at all (a stray retry, a script that forgot its JSON) is refused with 400 naming
`confirm`, and nothing is undone; an explicit `{}` or `{"confirm": ...}` is read as ever."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def _undoable(api, event):
    response = api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json")
    assert response.status_code == 201, response.json()
    entry = event.audit.filter(action="round_create").get()
    return entry, f"/api/events/{event.pk}/audit/{entry.pk}/undo/"


@pytest.mark.parametrize("content_type", [None, "application/json"])
def test_an_empty_body_is_refused_and_undoes_nothing(api, event, players, content_type):
    entry, url = _undoable(api, event)
    assert api.get(url).json()["can_undo"] is True
    kwargs = {"content_type": content_type} if content_type else {}
    refused = api.generic("POST", url, b"", **kwargs)
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"confirm": ["required"]}
    assert "confirm" in refused.json()["confirm"][0]
    entry.refresh_from_db()
    assert entry.undone_at is None
    assert event.rounds.count() == 1


def test_an_explicit_body_still_undoes(api, event, players):
    entry, url = _undoable(api, event)
    assert api.post(url, {"confirm": True}, format="json").status_code == 200
    entry.refresh_from_db()
    assert entry.undone_at is not None
    assert event.rounds.count() == 0

"""The event's `tiebreak_preset` in the API: the preset whose order (and, for Best Coast Pairings,
floor) the event has, else "custom"; read-only, so the order stays set through `tiebreaks` and
`owr_floor`, and an object read and sent back whole is still accepted."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_event_shows_the_preset_its_order_and_floor_make(api, event):
    url = f"/api/events/{event.pk}/"
    assert api.get(url).json()["tiebreak_preset"] == "companion"  # the default ["owr", "vp"]
    made = api.patch(url, {"tiebreaks": ["owr_floor", "vp"]}, format="json")
    assert made.status_code == 200, made.json()
    assert made.json()["tiebreak_preset"] == "bcp"  # the default floor is BCP's 0.33
    made = api.patch(url, {"owr_floor": "1/3"}, format="json")
    assert made.json()["tiebreak_preset"] == "custom"
    listed = api.get("/api/events/").json()
    assert [e["tiebreak_preset"] for e in listed if e["id"] == event.pk] == ["custom"]


def test_the_preset_is_read_only_and_may_be_sent_back_unchanged(api, event):
    url = f"/api/events/{event.pk}/"
    read = api.get(url).json()
    sent_back = api.patch(url, {**read, "venue": "Bunker"}, format="json")
    assert sent_back.status_code == 200, sent_back.json()
    refused = api.patch(url, {"tiebreak_preset": "bcp"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"tiebreak_preset": ["read_only"]}
    event.refresh_from_db()
    assert event.tiebreaks == ["owr", "vp"]


def test_the_schema_lists_the_presets(api):
    schema = api.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    field = components["Event"]["properties"]["tiebreak_preset"]
    assert field["readOnly"] is True
    # The choices as a shared enum (drf-spectacular names it), or inline.
    refs = [part["$ref"].rsplit("/", 1)[1] for part in field.get("allOf", [])]
    enum = components[refs[0]]["enum"] if refs else field["enum"]
    assert enum == ["companion", "bcp", "custom"]

"""docs/api.md and the OpenAPI schema agree: every documented call exists, every schema call is
documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "api.md"
# A documented call is a table row that starts with "`METHOD /api/...`".
CALL = re.compile(r"^\|\s*`(GET|POST|PATCH|PUT|DELETE) (/api/[^`?\s]*)")


def documented_calls() -> set[tuple[str, str]]:
    calls = set()
    for line in DOC.read_text().splitlines():
        match = CALL.match(line)
        if match:
            calls.add((match.group(1).lower(), match.group(2)))
    return calls


@pytest.fixture
def schema_calls(client) -> set[tuple[str, str]]:
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = response.json()["paths"]
    verbs = {"get", "post", "patch", "put", "delete"}
    return {(verb, path) for path, ops in paths.items() for verb in ops if verb in verbs}


@pytest.mark.django_db
def test_every_documented_call_is_in_the_schema(schema_calls):
    calls = documented_calls()
    assert len(calls) > 20  # the parser found the tables
    assert sorted(calls - schema_calls) == []


@pytest.mark.django_db
def test_every_schema_call_is_documented(schema_calls):
    assert sorted(schema_calls - documented_calls()) == []


@pytest.mark.django_db
def test_export_and_import_are_served_and_documented(schema_calls):
    assert ("get", "/api/events/{event_id}/export/") in schema_calls & documented_calls()
    assert ("post", "/api/events/import/") in schema_calls & documented_calls()
    assert "## Not yet" not in DOC.read_text()


def test_the_doc_states_the_standings_and_check_in_rules():
    text = DOC.read_text()
    for rule in (
        "confirmed results and byes",
        "?provisional=1",
        "compared exactly",
        "not_checked_in",
        "results_missing",
        "error_codes",
        "Authorization: Key <private_key>",
    ):
        assert rule in text

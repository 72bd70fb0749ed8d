"""The OpenAPI schema is true, and no generated request makes the server fail.

Schemathesis reads `/api/schema/` and sends requests shaped by it (valid and invalid), as an
organiser and anonymously, and runs every one of its checks on each answer: no 5xx, every
status, header and body as the schema documents it, invalid input refused and valid input
accepted (or refused only for a documented reason of state or permission).
"""

import os

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from config.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
if os.environ.get("DATABASE_FREE_TESTS") == "skip":
    # CI's PostgreSQL pass (tests/conftest.py): the coverage phase sends only its valid cases
    # (the boundary values: longest names, largest numbers, every enum value), which reach the
    # database, where the two can differ. Its invalid cases are refused by the API's validation
    # before anything is stored, the same on any database, and the SQLite pass sent them all.
    # The examples and fuzzing phases, valid and invalid alike, run fully in both passes.
    schema.config.phases.coverage.generation.modes = [GenerationMode.POSITIVE]

# Rules between two fields or against stored data, which JSON Schema cannot state: the schema
# says them in words, and a schema-valid body may be refused (400) for these codes only.
CROSS_FIELD_CODES = {
    "before_start",  # end_date before start_date
    "below_played",  # fewer planned rounds than rounds paired
    "mismatch",  # a total that differs from its breakdown
    "cap",  # primary plus gambit over the cap
    "checksum_mismatch",  # an event document whose content does not match its sha256
    "all_zero",  # the three overall-ranking weights all 0
    "above_max",  # a painting score above the event's own painting_max
    "no_pool",  # a mission order for a pack without a pool (mission_pack)
    "unknown_mission",  # a round's mission code checked against the event's pack
    "wrong_pack",  # a generated mission code of another pack than the event's
    "not_in_pack",  # a result part the event's pack does not score (a gambit in 8th edition)
    "bad_side",  # a tracker side of the other kind of game (attacker vs player_1)
    "automatic",  # a status other than the one due, sent with status_auto true
    "before_opens",  # check_in_closes_at not after check_in_opens_at
    "invalid_network",  # a check-in network that is a string but not an address range
    "not_for_pack",  # a, b or layout (11th edition matchups) sent to generate another pack
    "invalid_file",  # an old event's file (BCP JSON, CSV text) breaking its format, by place
    "no_name",  # an old event named neither by the body nor by its BCP file
    "unknown_dataset",  # a list_data_version this site has not loaded (rosters data versions)
    "above_one",  # an owr_floor fraction above 1 (numerator over denominator)
    "duplicate",  # a name twice in another case (uniqueItems compares case): detachments
    "not_a_table",  # a table_layouts key that is not a table number (3.0 has no propertyNames)
    "in_past",  # an announcement's ends_at checked against the clock
    # The one text check of every name and text (tournament/engine/names.py) goes by Unicode
    # category: control and text-direction characters refused, a visible character needed. A
    # schema pattern cannot name categories portably, so the schema states NUL and blank only.
    # A webhook address (feed): the schema states its form; a user name in it and a private,
    # loopback or reserved address are refused by the service, which resolves what a pattern
    # cannot; a secret is empty or 16 to 200 characters, one minLength cannot say "or empty".
    "credentials",
    "private_address",
    "length",
    "bad_character",  # a control, text-direction or lone surrogate character in a text
    "blank",  # a text of invisible characters only (format characters, marks, fillers)
}


def _codes(error_codes) -> set[str]:
    if isinstance(error_codes, dict):
        return set().union(*(_codes(v) for v in error_codes.values()))
    if isinstance(error_codes, list):
        return set().union(*(_codes(v) for v in error_codes))
    return {error_codes}


def valid_data_accepted(ctx, response, case):
    """schemathesis' positive_data_acceptance, except for the cross-field rules above."""
    if response.status_code == 400:
        codes = _codes((response.json() or {}).get("error_codes", {}))
        if codes and codes <= CROSS_FIELD_CODES:
            return True
    return positive_data_acceptance(ctx, response, case)


ALL_CHECKS = {
    "excluded_checks": [positive_data_acceptance],
    "additional_checks": [valid_data_accepted],
}
# Bounded so the file runs in well under a minute; derandomized so a failure reproduces.
CASE_SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)


@pytest.fixture(autouse=True)
def _keep_test_connection():
    # The WSGI handler closes the connection after each request; Django's own test client
    # avoids that, and so must we, or the test's transaction would be closed under it.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def organiser_token(organiser, event, players):
    from rest_framework.authtoken.models import Token

    return Token.objects.create(user=organiser).key


@pytest.mark.django_db
def test_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200


@schema.parametrize()
@CASE_SETTINGS
@pytest.mark.django_db
def test_no_server_error_as_organiser(case, organiser_token):
    case.call_and_validate(headers={"Authorization": f"Token {organiser_token}"}, **ALL_CHECKS)


@schema.parametrize()
@CASE_SETTINGS
@pytest.mark.django_db
def test_no_server_error_anonymously(case, event, players):
    response = case.call_and_validate(**ALL_CHECKS)
    if case.method in {"POST", "PATCH", "PUT", "DELETE"} and response.status_code < 400:
        # Anonymous writes are refused everywhere except the public mission tools.
        assert "tracker" in case.path or "missions" in case.path, case.path


@pytest.mark.django_db
def test_docs_load_their_files_locally(client):
    html = client.get("/api/docs/").content.decode()
    assert "cdn.jsdelivr" not in html
    assert "/static/drf_spectacular_sidecar/" in html


def test_schema_generates_without_warnings():
    """Every view has a serializer or a schema, every auth scheme is described and no two
    operations share an id: drf-spectacular's own validation passes with warnings as errors."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--validate", "--fail-on-warn"],
        cwd=root,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "openapi:" in done.stdout


@pytest.mark.django_db
def test_schema_states_lists_errors_and_rules(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    paths, components = schema["paths"], schema["components"]["schemas"]
    for path in (
        "/api/events/",
        "/api/events/{event_id}/players/",
        "/api/events/{event_id}/rounds/",
    ):
        listed = paths[path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert listed["type"] == "array", path
    standings = paths["/api/events/{event_id}/standings/"]["get"]["responses"]["200"]
    assert standings["content"]["application/json"]["schema"]["type"] == "array"
    create = paths["/api/events/"]["post"]["responses"]
    for status in ("400", "401", "403"):
        error = create[status]["content"]["application/json"]["schema"]["$ref"]
        assert error == "#/components/schemas/ApiError"
    assert components["ApiError"]["required"] == ["error_codes"]
    name = components["EventRequest"]["properties"]["name"]
    assert name["maxLength"] == 200
    assert "pattern" in name
    assert "name" in components["EventRequest"]["required"]
    seed = components["RoundInputRequest"]["properties"]["seed"]
    assert (seed["minimum"], seed["maximum"]) == (0, 2**63 - 1)
    assert "playerKey" in schema["components"]["securitySchemes"]

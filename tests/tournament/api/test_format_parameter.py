"""The `format` query parameter of the API's files names one of the formats the schema lists:
an empty or unknown one is refused (400, naming the field), not answered with a guessed format.
Found by schemathesis (ST201: `?format=` on the export files was accepted)."""

import pytest

pytestmark = pytest.mark.django_db

FILES = ("event.csv", "event.xlsx", "itc.csv", "ntr.txt", "players.csv", "teams.csv")


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("value", ["", "pdf", " csv"])
def test_an_empty_or_unknown_format_is_refused_naming_the_field(anon, event, players, name, value):
    answer = anon.get(f"/api/events/{event.pk}/{name}", {"format": value})
    assert answer.status_code == 400, (name, value, answer.status_code)
    body = answer.json()
    assert body["error_codes"] == {"format": ["invalid_choice"]}
    assert "json" in body["format"][0]  # the message names the formats taken


@pytest.mark.parametrize("name", FILES)
def test_without_format_the_file_is_served(anon, event, players, name):
    assert anon.get(f"/api/events/{event.pk}/{name}").status_code == 200


def test_a_listed_format_is_still_taken(anon, event, players):
    answer = anon.get(f"/api/events/{event.pk}/players.csv", {"format": "csv"})
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/csv")
    assert anon.get(f"/api/events/{event.pk}/", {"format": "json"}).status_code == 200

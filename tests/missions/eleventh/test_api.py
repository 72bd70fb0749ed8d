"""The 11th-edition endpoints: generate, look a code up, the matrix, the cards."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

GEN = "/api/missions/generate/?pack=eleventh"


def test_generate_with_chosen_dispositions_and_layout(client):
    got = client.get(f"{GEN}&seed=42&a=take-and-hold&b=purge-the-foe&layout=B").json()
    assert got["seed"] == 42
    assert got["dispositions"] == ["take-and-hold", "purge-the-foe"]
    assert (got["primary_a"], got["primary_b"]) == ("Immovable Object", "Unstoppable Force")
    assert (got["primary_a_id"], got["primary_b_id"]) == ("immovable-object", "unstoppable-force")
    assert got["layout"] == "B"
    assert got["layout_available"] is True
    assert got["deployment"] == "Search and Destroy"
    assert got["pairing"] == "take-and-hold-vs-purge-the-foe"
    assert got["code"].startswith("XI-")
    side_a = got["sides"][0]["primary"]
    assert side_a["summary"]
    assert (side_a["max_vp_game"], side_a["max_vp_round"]) == (45, 15)
    assert side_a["windows"][0]["text"]


def test_rolled_values_and_the_same_seed_twice(client):
    first = client.get(f"{GEN}&seed=9").json()
    assert first == client.get(f"{GEN}&seed=9").json()
    assert set(first["dispositions"]) <= {
        "take-and-hold", "disruption", "purge-the-foe", "priority-assets", "reconnaissance",
    }  # fmt: skip
    assert first["layout"] in {"A", "B", "C"}


def test_an_empty_choice_is_refused_not_rolled(client):
    response = client.get(f"{GEN}&seed=9&a=")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"a": ["unknown_disposition"]}


def test_other_packs_refuse_the_matchup_parameters(client):
    response = client.get("/api/missions/generate/?pack=leviathan&seed=1&layout=A")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"layout": ["not_for_pack"]}


def test_missing_layout_says_so(client):
    got = client.get(f"{GEN}&seed=1&a=reconnaissance&b=reconnaissance&layout=A").json()
    assert got["layout_available"] is False
    assert got["deployment"] is None


def test_code_looks_the_matchup_up(client):
    made = client.get(f"{GEN}&seed=123&a=disruption&layout=C").json()
    assert client.get(f"/api/missions/{made['code']}/").json() == made
    assert client.get(f"/api/missions/{made['code'].lower()}/").json() == made


def test_without_seed_one_is_chosen_and_shareable(client):
    made = client.get(GEN).json()
    assert client.get(f"/api/missions/{made['code']}/").json() == made


@pytest.mark.parametrize(
    ("query", "field", "code"),
    [
        ("&a=take-the-hill", "a", "unknown_disposition"),
        ("&b=Disruption", "b", "unknown_disposition"),
        ("&layout=D", "layout", "unknown_layout"),
        ("&seed=-1", "seed", "invalid"),
        ("&layuot=B", "layuot", "unknown_field"),
    ],
)
def test_bad_query_is_400_naming_the_field(client, query, field, code):
    response = client.get(f"{GEN}&seed=1{query}" if "seed" not in query else f"{GEN}{query}")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {field: [code]}


def test_bad_code_is_404(client):
    response = client.get("/api/missions/XI-1-2/")
    assert response.status_code == 404
    assert response.json()["error_codes"] == {"code": ["bad_code"]}


def test_other_packs_keep_their_answers(client):
    made = client.get("/api/missions/generate/?pack=eighth&seed=31").json()
    assert made["pack"] == "eighth"
    assert "dispositions" not in made


def test_matrix_lists_the_25_cells(client):
    cells = client.get("/api/missions/eleventh/matrix/").json()
    assert len(cells) == 25
    assert {
        "own": "disruption",
        "opponent": "purge-the-foe",
        "primary_id": "delaying-action",
        "primary": "Delaying Action",
        "mirror": False,
    } in cells
    assert sum(c["mirror"] for c in cells) == 5


def test_secondaries_and_primaries_lists(client):
    cards = client.get("/api/missions/eleventh/secondaries/").json()
    assert len(cards) == 18
    fixed = {c["name"] for c in cards if c["fixed_capable"]}
    assert fixed == {"Assassination", "Bring It Down", "A Grievous Blow", "Engage on All Fronts"}
    primaries = client.get("/api/missions/eleventh/primaries/").json()
    assert len(primaries) == 25
    assert all(p["windows"] for p in primaries)


def test_packs_list_names_the_pack(client):
    packs = {p["key"]: p for p in client.get("/api/missions/packs/").json()}
    assert packs["eleventh"]["name"] == "11th edition (Event Companion)"
    assert packs["eleventh"]["kind"] == "matrix"

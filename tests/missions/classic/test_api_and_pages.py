"""The missions API and pages for the classic packs; Leviathan answers stay as they were."""

import pytest

pytestmark = pytest.mark.django_db


def test_packs_endpoint_lists_every_pack(client):
    packs = client.get("/api/missions/packs/").json()
    assert [(p["key"], p["code_prefix"], p["kind"]) for p in packs] == [
        ("leviathan", "LEV", "cards"),
        ("eighth", "EGT", "classic"),
        ("seventh", "SVN", "classic"),
        ("only_war", "OWR", "classic"),
        ("eleventh", "XI", "matrix"),
    ]
    assert all(p["name"] and p["edition"] and p["generates"] for p in packs)


@pytest.mark.parametrize("key", ["eighth", "seventh", "only_war"])
def test_generate_and_lookup_by_code_for_each_classic_pack(client, key):
    made = client.get(f"/api/missions/generate/?pack={key}&seed=31").json()
    assert made["pack"] == key
    assert made["seed"] == 31
    assert made["rolls"]
    assert made == client.get(f"/api/missions/generate/?pack={key}&seed=31").json()
    assert client.get(f"/api/missions/{made['code']}/").json() == made
    assert client.get(f"/api/missions/pool/?pack={key}").json() == []


def test_generate_without_seed_picks_one_that_can_be_shared(client):
    made = client.get("/api/missions/generate/?pack=seventh").json()
    assert client.get(f"/api/missions/{made['code']}/").json() == made


def test_unknown_pack_and_bad_seed_are_400_naming_the_field(client):
    response = client.get("/api/missions/generate/?pack=ninth&seed=1")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"pack": ["unknown_pack"]}
    response = client.get("/api/missions/generate/?pack=eighth&seed=-3")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"seed": ["invalid"]}
    response = client.get("/api/missions/EGT-A/")
    assert response.status_code == 404
    assert response.json()["error_codes"] == {"code": ["unknown_pool_mission"]}


def test_leviathan_generate_keeps_its_shape(client):
    made = client.get("/api/missions/generate/?seed=77").json()
    assert {"deployment", "mission_rules", "primary", "markers"} <= set(made)
    assert "rolls" not in made
    assert made["pack"] == "leviathan"


def test_underdog_endpoint(client):
    got = client.get("/api/missions/only-war/underdog/?power_a=72&power_b=50&split_by=a").json()
    assert got == {"player": "b", "command_rerolls": 2, "reason": "lower Power Level by 22"}
    bad = client.get("/api/missions/only-war/underdog/?power_a=x&power_b=50")
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"power_a": ["invalid"]}
    bad = client.get("/api/missions/only-war/underdog/?power_a=1&power_b=2&split_by=c")
    assert bad.json()["error_codes"] == {"split_by": ["invalid_choice"]}


def test_generator_page_offers_every_pack_with_the_eleventh_edition_chosen(client):
    # New events play the 11th edition, so the generator opens on it (issue 32's first
    # impressions); every older pack stays one choice away.
    html = client.get("/missions/").content.decode()
    for key in ("eleventh", "leviathan", "eighth", "seventh", "only_war"):
        assert f'<option value="{key}"' in html
    assert '<option value="eleventh" selected>' in html
    html = client.get("/missions/?pack=seventh").content.decode()
    assert '<option value="seventh" selected>' in html


def test_draw_from_seed_with_a_pack_redirects_to_its_code(client):
    response = client.get("/missions/?pack=eighth&seed=0")
    assert response.status_code == 302
    assert response["Location"] == "/missions/EGT-0-0/"
    response = client.get("/missions/?pack=only_war&draw=1")
    assert response["Location"].startswith("/missions/OWR-")
    response = client.get("/missions/?pack=ninth&draw=1")
    assert response.status_code == 400
    assert "unknown pack" in response.content.decode()


def test_classic_mission_page_shows_rolls_map_rules_and_share_link(client):
    html = client.get("/missions/EGT-0-0/").content.decode()
    assert "Spoils of War" in html
    assert "Spearhead Assault" in html
    assert "Approximate map." in html
    assert "APPROXIMATE MAP" in html  # in the SVG too
    assert "<svg" in html
    assert "The rolls" in html
    assert "Maelstrom of War mission" in html
    for heading in ("Deployment", "First turn", "Battle length", "Slay the Warlord"):
        assert heading in html
    assert "First Blood" in html
    assert "Linebreaker" in html
    assert "Precious Cargo" in html
    assert "generate until you have 3 active" in html
    assert "http://testserver/missions/EGT-0-0/" in html


def test_seventh_page_lists_the_mysterious_objectives_table(client):
    html = client.get("/missions/SVN-0-0/").content.decode()
    assert "The Spoils of War" in html
    assert "Grav Wave Generator" in html
    assert "Night Fighting" in html
    assert "Approximate map." not in html


def test_only_war_page_works_out_the_underdog(client):
    html = client.get("/missions/OWR-1-1/").content.decode()
    assert "Find the Underdog" in html
    assert "underdog-result" not in html
    html = client.get("/missions/OWR-1-1/?power_a=30&power_b=52&split_by=b").content.decode()
    assert "Player A is the Underdog" in html
    assert "2 Command re-rolls" in html
    assert 'value="30"' in html  # the form keeps what was entered
    html = client.get("/missions/OWR-1-1/?power_a=abc&power_b=52").content.decode()
    assert "Must be a whole number" in html


def test_round_missions_of_a_table_pack_are_codes_of_that_pack():
    from common.errors import Invalid
    from missions.services.missions import mission_check_code, mission_summary, round_mission

    assert mission_check_code("eighth", " egt-0-0 ") == "EGT-0-0"
    assert round_mission("eighth", "EGT-0-0").mission.name == "Spoils of War"
    assert mission_summary("eighth", "EGT-0-0") == {
        "code": "EGT-0-0",
        "primary": "Spoils of War",
        "mission_rule": "Maelstrom of War",
        "deployment": "Spearhead Assault",
        "terrain_layouts": [],
    }
    for code, error in (
        ("SVN-0-0", "wrong_pack"),
        ("LEV-A", "wrong_pack"),
        ("A", "unknown_mission"),
    ):
        with pytest.raises(Invalid) as err:
            mission_check_code("eighth", code)
        assert err.value.codes == {"mission": [error]}
    assert mission_check_code("leviathan", "a") == "A"


def _code_of(pack_key: str, mission_key: str) -> str:
    from missions.classic.generator import generate_classic
    from missions.pack.registry import get_pack

    pack = get_pack(pack_key)
    return next(
        m.code
        for m in (generate_classic(pack, s) for s in range(500))
        if m.mission.key == mission_key
    )


@pytest.mark.parametrize(
    ("pack_key", "mission_key", "roll"),
    [
        ("eighth", "the_scouring", "Superior objective marker"),
        ("only_war", "ancient_relic", "Marker that stays"),
    ],
)
def test_a_mission_with_a_later_roll_rolls_it_on_the_page_when_asked(
    client, pack_key, mission_key, roll
):
    # Seed 000 around line 2283 (The Scouring: after all units are set up) and seed 003 around
    # line 1741 (Ancient Relic: at the start of the first battle round): the page rolls then.
    code = _code_of(pack_key, mission_key)
    html = client.get(f"/missions/{code}/").content.decode()
    assert "Roll now" in html
    assert roll not in html
    html = client.get(f"/missions/{code}/?later=1#later").content.decode()
    assert roll in html


def test_underdog_on_equal_power_is_the_player_who_did_not_split_the_table(client):
    # Seed 003 lines 1687-1691: one player splits the table, the other assigns the halves; around
    # line 1705: "If both have the same Power Level, the player who assigned the deployment zones
    # is the Underdog", so the one who did not split it.
    got = client.get("/api/missions/only-war/underdog/?power_a=50&power_b=50&split_by=a").json()
    assert got["player"] == "b"
    got = client.get("/api/missions/only-war/underdog/?power_a=50&power_b=50&split_by=b").json()
    assert got["player"] == "a"


def test_eighth_mission_page_has_the_chapter_approved_2019_rules_and_sudden_death(client):
    # Seed 000 around lines 2014-2100: sudden death, and the matched play rules of Chapter
    # Approved 2019 (e.g. Boots on the Ground: Flyers never control objective markers).
    html = client.get("/missions/EGT-0-0/").content.decode()
    for name in (
        "Sudden death",
        "Boots on the Ground",
        "Limits of Command",
        "Prepared Positions",
        "Strategic Discipline",
        "Tactical Reserves",
        "Tactical Restraint",
        "Targeting Characters",
    ):
        assert name in html, name
    assert "Flyer" in html
    assert "Sudden death" in client.get("/missions/SVN-0-0/").content.decode()

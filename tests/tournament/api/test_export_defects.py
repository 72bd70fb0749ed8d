"""Issue 25, "Export/import": result versions oldest first with the one that counts marked, the
bye in the same place (last) on every database, and the JSON export's file name."""

import pytest

from exchange.services.export import export_filename
from tests.conftest import add_players
from tournament.models import AuditEntry, Event, Game
from tournament.services.audit.log import audit_undo
from tournament.services.documents.exports import export_filename as csv_filename
from tournament.services.documents.printing import print_round_data
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def test_versions_oldest_first_and_the_current_one_marked_after_an_undone_correction(
    api, event, organiser
):
    add_players(event, organiser, 2)
    game = round_create(event_id=event.pk, user=organiser, seed=1).games.get()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    result_enter(game_id=game.pk, data={"vp_a": 30, "vp_b": 40}, user=organiser)
    rows = api.get(f"/api/games/{game.pk}/result/").json()
    assert [(r["version"], r["is_current"]) for r in rows] == [(1, False), (2, True)]
    correction = AuditEntry.objects.filter(event=event, target=f"game:{game.pk}").first()
    audit_undo(entry_id=correction.pk, user=organiser, confirm=True)
    rows = api.get(f"/api/games/{game.pk}/result/").json()
    assert [r["version"] for r in rows] == sorted(r["version"] for r in rows)
    current = [r for r in rows if r["is_current"]]
    assert len(current) == 1
    assert (current[0]["vp_a"], current[0]["vp_b"]) == (60, 40)


def test_the_bye_is_listed_last_in_the_round_api_and_the_printed_pairings(api, event, organiser):
    add_players(event, organiser, 5)
    round_ = round_create(event_id=event.pk, user=organiser, seed=1)
    bye = Game.objects.get(round=round_, player_b__isnull=True)
    listed = [g["id"] for g in api.get(f"/api/events/{event.pk}/rounds/1/").json()["games"]]
    assert listed[-1] == bye.pk
    assert listed == [
        g["id"] for g in api.get(f"/api/events/{event.pk}/rounds/").json()[0]["games"]
    ]
    printed = print_round_data(event=event, round_number=1).pairings
    assert printed[-1].table is None
    assert all(p.table is not None for p in printed[:-1])


def test_the_json_file_name_keeps_its_letters_like_the_csv_names(event):
    # Letters are kept (issue 32: "Ł" was dropped); the header carries them as filename*.
    Event.objects.filter(pk=event.pk).update(name="Ünïcode Zoë Łódź GT")
    event.refresh_from_db()
    assert export_filename(event) == "ünïcode-zoë-łódź-gt.strategium.json"
    assert csv_filename(event=event, what="standings") == "ünïcode-zoë-łódź-gt-standings.csv"

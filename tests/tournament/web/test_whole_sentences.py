"""Messages that filled English words into a sentence (issue 36): each full sentence is one
message of the catalogues, so a German reader sees no English possessive, no "player"/"team",
no model name and no "; and 3 more"."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from common.errors import Conflict, Invalid
from playoffs.services.playoffs import playoff_create
from rosters.models.patrols import CombatPatrol
from teams.models.teams import Team
from tests.conftest import add_players
from tests.playoffs.conftest import swiss_event
from tournament.models import Player
from tournament.services.rounds.rounds import round_create
from tournament.views.forms.results import EleventhScoreForm, record_labels

pytestmark = pytest.mark.django_db


def _partial_rounds(side: str) -> dict:
    return {f"r1_primary_{side}": "5"}


def test_the_battle_rounds_error_names_the_side_in_a_whole_sentence():
    with translation.override("de"):
        form = EleventhScoreForm(data=_partial_rounds("b"), names=("Ada", "Bo"))
        assert not form.is_valid()
        (error,) = form.non_field_errors()
        assert "Bo" in error
        assert "Schlachtrunden" in error
        assert "'s" not in error
        mine = EleventhScoreForm(
            data=_partial_rounds("a"), names=("Ich", "Bo"), owners=(None, "Bo"), parts=False
        )
        assert not mine.is_valid()
        (error,) = mine.non_field_errors()
        assert "dein" in error
        assert "Schlachtrunden" in error


def test_the_record_labels_are_whole_phrases():
    with translation.override("de"):
        labels = record_labels(None, "Bo")
    assert labels["rounds_a"] == "Meine Schlachtrunden"
    assert labels["rounds_b"] == "Schlachtrunden von Bo"
    assert labels["vp_b"] == "VP von Bo"
    assert labels["rounds_b[1].primary"] == "Bo, Schlachtrunde 2: Primär"
    assert labels["attacker"] == "Angreifer"
    english = record_labels("Ada", None)
    assert english["rounds_a"] == "Ada's battle rounds"
    assert english["secondary_b"] == "My secondary"


def test_a_duplicate_name_says_what_it_is_in_one_sentence(event, organiser):
    (player,) = add_players(event, organiser, 1)
    twin = Player(event=event, name=player.name, faction="Orks")
    with translation.override("de"), pytest.raises(ValidationError) as refused:
        twin.full_clean()
    assert f"Ein Spieler namens {player.name} ist schon in diesem Turnier." in str(refused.value)
    for model in (Player, Team, CombatPatrol):  # each says what it is in its own sentence
        assert "%(name)s" in str(model.duplicate_name_message)


def test_the_missing_results_list_counts_the_rest_in_the_readers_language(organiser):
    event = swiss_event(organiser, players=16, rounds=3, played=0)
    round_create(event_id=event.pk, user=organiser, seed=1)
    with translation.override("de"), pytest.raises(Conflict) as refused:
        round_create(event_id=event.pk, user=organiser, seed=1)
    text = refused.value.messages["round"][0]
    assert "und 3 weitere" in text
    assert "Tisch 1, " in text
    assert "(fehlt)" in text
    assert "more" not in text
    assert "table" not in text


def test_play_off_refusals_say_player_or_team_in_the_sentence(organiser):
    event = swiss_event(organiser, players=8, rounds=3, played=1)
    ids = list(event.players.values_list("pk", flat=True))
    with translation.override("de"):
        with pytest.raises(Invalid) as refused:
            playoff_create(
                event_id=event.pk,
                user=organiser,
                format="single",
                size=4,
                seeding="organiser",
                seeds=ids[:2],
                force=True,
            )
        assert refused.value.messages["seeds"] == ["Das Bracket braucht genau 4 Spieler."]
        with pytest.raises(Conflict) as unfinished:
            playoff_create(event_id=event.pk, user=organiser, format="single", size=4)
    assert unfinished.value.messages["playoffs"][0].startswith(
        "Erst 1 der 3 geplanten Swiss-Runden ist gespielt."
    )


def test_the_audit_column_and_the_language_button_are_two_messages(event, org_client):
    page = org_client.get(
        f"/manage/events/{event.pk}/audit/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "<th>Änderung</th>" in page  # the column: what changed
    assert ">Ändern</button>" in page  # the switcher's button: change the language

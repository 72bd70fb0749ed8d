"""The last English words people read on forms and in the log (issue 36): the score form's
choices, the organiser's note on a locked disposition, the sign-up's publication questions and
the erasure's audit entry, each in the reader's language."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import translation

from missions.eleventh import matrix
from people.services.erase import _erase_words
from people.views.consent import SIGNUP_LABELS, _answer_field
from tournament.services.audit.words import audit_label
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register
from tournament.services.rounds.rounds import round_create
from tournament.views.forms.results import EleventhScoreForm, ScoreForm


def _labels(field) -> dict[str, str]:
    return {value: str(label) for value, label in field.choices}


def test_the_score_forms_choices_read_in_the_readers_language():
    with translation.override("de"):
        outcome = _labels(ScoreForm().fields["outcome"])
        record = EleventhScoreForm(names=("Anna", "Ben"))
        modes = _labels(record.fields["secondaries_a"])
        attacker = _labels(record.fields["attacker"])
    assert outcome == {
        "": "nach VP",
        "a_wins": "A gewinnt",
        "b_wins": "B gewinnt",
        "draw": "Unentschieden",
    }
    assert modes == {"": "Nicht erfasst", "fixed": "Fixed", "tactical": "Tactical"}
    assert attacker == {"": "Nicht erfasst", "a": "Anna", "b": "Ben"}
    assert _labels(ScoreForm().fields["outcome"])[""] == "by VP"  # English stays English


def test_the_sign_up_asks_about_publication_in_the_readers_language():
    with translation.override("fr"):
        field = _answer_field(SIGNUP_LABELS["consent_lists"])
        label, choices = str(field.label), _labels(field)
    assert label == "Ta liste d'armée peut-elle être publiée au-delà de ce tournoi ?"
    assert choices == {"": "Demande-moi plus tard", "yes": "Oui", "no": "Non"}


def test_an_erasure_reads_in_the_log_in_the_readers_language():
    entry = SimpleNamespace(after={"name": "Erased player 1"})
    with translation.override("de"):
        assert audit_label("player_erase") == "Person gelöscht"
        assert _erase_words(entry) == (
            "Erased player 1: gelöscht (Name, E-Mail, Verein und Armeeliste); "
            "kann nicht rückgängig gemacht werden"
        )
    assert _erase_words(entry).startswith("Erased player 1: erased (name, e-mail")


@pytest.mark.django_db
def test_the_organiser_reads_why_a_disposition_is_locked_in_their_language(org_client, organiser):
    event = event_create(user=organiser, name="Muster GT", rounds=3, mission_pack="eleventh")
    for i, disposition in enumerate(matrix.DISPOSITION_IDS[:4]):
        player_register(
            event=event, user=organiser, name=f"P{i}", faction="Orks", disposition=disposition
        )
    round_create(event_id=event.pk, user=organiser, seed=4)
    player = event.players.get(name="P0")
    url = reverse("manage-player", args=[event.pk, player.pk])
    # The form's note on the field (the page's template does not show help texts yet).
    form = org_client.get(url, HTTP_ACCEPT_LANGUAGE="de").context["form"]
    assert str(form.fields["disposition"].help_text) == (
        "Force Dispositions gesperrt, als Runde 1 gepaart wurde: Der Spieler kann sie nicht "
        "mehr ändern; eine Änderung hier wird protokolliert."
    )

"""Publication consent travels with the event (issue 36): a player's answers on publishing
beyond the event, with when and how each was given, come back from the event document as they
were, so an event moved to another server never publishes someone who said no."""

from __future__ import annotations

import json

import pytest

from common.errors import Invalid
from exchange.services.export import checksum
from exchange.services.importing.write import event_import
from people.models import PublicationConsent
from people.services.consent import consent_history, consent_record, results_withheld_player_ids
from tests.exchange.helpers import export, without_stamp

pytestmark = pytest.mark.django_db


def _answers(event) -> dict[str, list[tuple]]:
    return {
        p.name: [(c.results, c.lists, c.via, c.made_at) for c in consent_history(player=p)]
        for p in event.players.order_by("name")
        if consent_history(player=p)
    }


def test_answers_and_their_history_come_back_as_they_were(demo):
    first, second = demo.players.order_by("name")[:2]
    consent_record(player=first, results=True, lists=True, via="signup")
    consent_record(player=first, results=False, lists=True, via="player_page")
    consent_record(player=second, results=None, lists=False, via="signup")
    before = _answers(demo)
    document = export(demo)
    assert len(document["consents"]) == 2
    demo.rounds.all().delete()
    demo.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert _answers(report.event) == before
    withheld = results_withheld_player_ids(event_id=report.event.pk)
    assert {p.name for p in report.event.players.filter(pk__in=withheld)} == {first.name}
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_an_event_without_answers_exports_as_before(demo):
    document = export(demo)
    assert "consents" not in document
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert not PublicationConsent.objects.filter(player__event=report.event).exists()


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda item: item.update(results="yes"), "results"),
        (lambda item: item.update(via="by_post"), "via"),
        (lambda item: item.update(made_at="yesterday"), "made_at"),
        (lambda item: item.update(colour="red"), "[0]"),
    ],
)
def test_a_bad_answer_is_refused_naming_its_place(demo, change, place):
    player = demo.players.order_by("name").first()
    consent_record(player=player, results=True, lists=None, via="signup")
    document = export(demo)
    (key,) = document["consents"]
    change(document["consents"][key][0])
    document["sha256"] = checksum(document)
    count = PublicationConsent.objects.count()
    with pytest.raises(Invalid) as exc:
        event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert f"consents.{key}" in str(exc.value)
    assert place in str(exc.value)
    assert PublicationConsent.objects.count() == count

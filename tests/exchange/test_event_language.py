"""The event's language travels in the event document (issue 36): exported and imported as
it was, read as the site's default from files written before it, and a language the importing
site does not offer refused whole, naming the field."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from common.errors import Invalid
from exchange.services.export import checksum
from exchange.services.importing.write import event_import
from tests.cross.roles.conftest import snapshot
from tests.exchange.helpers import export
from tournament.models import Event

pytestmark = pytest.mark.django_db

TWO_LANGUAGES = override_settings(LANGUAGES=[("en-gb", "English"), ("de", "Deutsch")])


def _sealed(document: dict) -> bytes:
    document = {**document}
    document["sha256"] = checksum(document)
    return json.dumps(document).encode()


def _imported(raw: bytes) -> Event:
    return Event.objects.get(pk=event_import(raw=raw, as_admin=True).event.pk)


@TWO_LANGUAGES
def test_the_language_is_exported_and_imported(event):
    event.language = "de"
    event.save(update_fields=["language"])
    document = export(event)
    assert document["event"]["language"] == "de"
    assert _imported(json.dumps(document).encode()).language == "de"


def test_a_file_written_before_the_language_imports_in_the_default(event):
    document = export(event)
    del document["event"]["language"]
    assert _imported(_sealed(document)).language == "en-gb"


@override_settings(LANGUAGES=[("en-gb", "English")])  # whatever catalogues are complete
def test_a_language_the_site_does_not_offer_is_refused_naming_it(event):
    document = export(event)
    document["event"]["language"] = "de"  # this site offers English only
    before = snapshot()
    with pytest.raises(Invalid) as caught:
        event_import(raw=_sealed(document), as_admin=True)
    assert caught.value.codes == {"file": ["invalid_file"]}
    assert "event.language" in str(caught.value)
    assert "'de' is not a language of this site (en-gb)" in str(caught.value)
    assert snapshot() == before

"""A play-off format's refusal in the organiser's language (issue 36), on the setting it
names: the engine's sentence, translated when read, not English capitalised by the service."""

from __future__ import annotations

import pytest
from django.utils import translation

from common.errors import Invalid
from playoffs.engine import bracket_build
from playoffs.engine.formats import FormatError
from playoffs.services.playoffs import _check_shape


def test_a_format_refusal_names_its_setting_and_reads_in_the_active_language():
    with pytest.raises(FormatError) as refused:
        bracket_build("single", 3, third_place=True)
    assert refused.value.field == "third_place"
    assert refused.value.message == "A third-place match needs at least 4 players."
    assert isinstance(refused.value, ValueError)  # callers that catch ValueError still do
    with translation.override("es"):
        assert refused.value.message == (
            "Un partido por el tercer puesto necesita al menos 4 jugadores."
        )


def test_the_play_off_service_answers_on_the_setting_in_the_readers_language():
    with translation.override("de"), pytest.raises(Invalid) as refused:
        _check_shape("double", 8, (5, 12), None, True)
    assert refused.value.messages == {
        "qualifier": ["Eine Qualifikation gibt es nur bei Single Elimination."]
    }

"""The standings' tie-break headings and words are given in the reader's language, and in
English they are the engine's registry's own, word for word (the engine may not import Django,
so the service keeps the translatable copy; this keeps the two from drifting apart)."""

from __future__ import annotations

from django.utils import translation

from tournament.engine.standings.metrics import REGISTRY
from tournament.services.standings.standing import ordinal
from tournament.services.standings.standings import METRIC_WORDS, metric_heading, metric_label


def test_every_metric_has_translatable_words_matching_the_registry_in_english():
    assert set(METRIC_WORDS) == set(REGISTRY)
    with translation.override("en-gb"):
        for name, metric in REGISTRY.items():
            assert metric_heading(name) == metric.short
            assert metric_label(name) == metric.label


def test_spanish_standings_words_and_places(settings):
    settings.LANGUAGES = [("en-gb", "English"), ("es", "Español")]
    with translation.override("es"):
        assert metric_heading("vp") == "PV"
        assert metric_label("owr") == "Porcentaje de victorias de los rivales"
        assert [ordinal(n) for n in (1, 2, 3, 11, 22)] == ["1.º", "2.º", "3.º", "11.º", "22.º"]
    with translation.override("en-gb"):
        assert [ordinal(n) for n in (1, 2, 3, 11, 12, 13, 21, 22, 103)] == [
            "1st",
            "2nd",
            "3rd",
            "11th",
            "12th",
            "13th",
            "21st",
            "22nd",
            "103rd",
        ]

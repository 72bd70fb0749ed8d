"""The standings' tie-break headings and words in the reader's language (the engine's registry
keeps them in English: it may not import Django). A module of its own, so the audit log's words
read them without the standings' imports."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from tournament.engine import metric_info

METRIC_WORDS = {
    "owr": (pgettext_lazy("tie-break", "OWR"), gettext_lazy("Opponents' win rate")),
    "owr_floor": (
        pgettext_lazy("tie-break", "OWR (floor)"),
        gettext_lazy("Opponents' win rate, each counted at no less than the event's floor"),
    ),
    "sos": (pgettext_lazy("tie-break", "SOS"), gettext_lazy("Strength of schedule")),
    "sosos": (pgettext_lazy("tie-break", "SOSOS"), gettext_lazy("Opponents' strength of schedule")),
    "vp": (pgettext_lazy("tie-break", "VP"), gettext_lazy("Total VP")),
    "opp_vp": (pgettext_lazy("tie-break", "Opp VP"), gettext_lazy("Opponents' total VP")),
    "sos_vp": (
        pgettext_lazy("tie-break", "SOS VP"),
        gettext_lazy("Strength of schedule by VP (opponents' mean VP a game)"),
    ),
    "vp_diff": (pgettext_lazy("tie-break", "VP diff"), gettext_lazy("VP difference")),
    "h2h": (pgettext_lazy("tie-break", "H2H"), gettext_lazy("Head to head (a tie of two)")),
    "painting": (pgettext_lazy("tie-break", "Paint"), gettext_lazy("Painting score")),
    "sports": (pgettext_lazy("tie-break", "Sports"), gettext_lazy("Sportsmanship votes")),
    "overall": (
        pgettext_lazy("tie-break", "Overall"),
        gettext_lazy("Overall score (battle, painting, sportsmanship)"),
    ),
}


def metric_heading(name: str) -> str:
    """A metric's column heading ("OWR", "VP diff"), the engine's registry's in English."""
    words = METRIC_WORDS.get(name)
    return str(words[0]) if words else metric_info(name).short


def metric_label(name: str) -> str:
    """A metric in words ("Opponents' win rate"), the engine's registry's in English."""
    words = METRIC_WORDS.get(name)
    return str(words[1]) if words else metric_info(name).label

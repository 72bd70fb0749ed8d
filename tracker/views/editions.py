"""The tracker's editions as pages, one per ruleset (`tracker.engine.rulesets`): Leviathan's
page is driven by its script through the API, the others' pages post forms."""

from __future__ import annotations

from tracker.engine.rulesets import ruleset_of
from tracker.views import eleventh, eternal, maelstrom
from tracker.views.forms import FormPage
from tracker.views.leviathan import ScriptPage

PAGES: dict[str, ScriptPage | FormPage] = {
    "leviathan": ScriptPage(),
    "eleventh": FormPage(
        "tracker/eleventh.html",
        eleventh.action_from_form,
        eleventh.page_context,
        hold=eleventh.leaving_unscored,
    ),
    "maelstrom": FormPage(
        "tracker/maelstrom.html", maelstrom.action_from_form, maelstrom.page_context
    ),
    "eternal": FormPage("tracker/eternal.html", eternal.action_from_form, eternal.page_context),
}


def page_of(tracked) -> ScriptPage | FormPage:
    return PAGES[ruleset_of(tracked.state).key]

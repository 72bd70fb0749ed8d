"""What the rosters app registers with the tournament app at start-up (rosters.apps): the
table packs' lists and the list actions' undo handlers (registered by importing their module).
The tournament app never imports this app (tests/test_import_direction.py)."""

from __future__ import annotations


def register() -> None:
    from rosters.services import armylists  # noqa: PLC0415 - registers the undo handlers
    from tournament.services.printing import PRINT_LISTS_HOOKS  # noqa: PLC0415

    if armylists.army_lists_printable not in PRINT_LISTS_HOOKS:
        PRINT_LISTS_HOOKS.append(armylists.army_lists_printable)

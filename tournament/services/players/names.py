"""Taking a person's or a team's name: the one check every path calls (engine/names.py), and the
clash with a name already in the event, found by its key and named in the refusal."""

from __future__ import annotations

from django.db.models import Model, QuerySet
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, Invalid
from tournament.engine.errors import EngineError
from tournament.engine.names import name_clean, name_key, name_sort_key, text_clean

NAME_LIMIT = 120


def name_checked(value, *, field: str = "name", limit: int = NAME_LIMIT) -> str:
    """The name as stored, or Invalid naming the field and the rule it breaks."""
    try:
        return name_clean(value, field=field, limit=limit)
    except EngineError as exc:
        raise Invalid.from_rule(exc) from exc


def text_checked(value, *, field: str, multiline: bool = False, limit: int | None = None) -> str:
    """Free text as stored (engine/names.py `text_clean`), or Invalid naming the field and the
    rule it breaks."""
    try:
        return text_clean(value, field=field, multiline=multiline, limit=limit)
    except EngineError as exc:
        raise Invalid.from_rule(exc) from exc


NICKNAME_LIMIT = 40


def nickname_checked(value) -> str:
    """A nickname as stored ("" for none): the rules of names, at most 40 characters."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return ""
    return name_checked(value, field="nickname", limit=NICKNAME_LIMIT)


def nickname_free(queryset: QuerySet, nickname: str, *, exclude: Model | None = None) -> None:
    """Refuse a nickname another player of the event (`queryset`) holds as their nickname or
    name, in any case or character form: the public must not read one player as another."""
    if not nickname:
        return
    wanted = name_key(nickname)
    others = queryset.exclude(pk=exclude.pk) if exclude is not None and exclude.pk else queryset
    for nick in others.exclude(nickname="").values_list("nickname", flat=True):
        if name_key(nick) == wanted:
            raise Conflict(
                "nickname",
                "nickname_taken",
                gettext(
                    "Another player of this event goes by %(nick)s; choose "
                    "another nickname (capitals and character forms do not count "
                    "as a difference)."
                )
                % {"nick": nick},
            )
    if others.filter(name_key=wanted).exists():
        raise Conflict(
            "nickname",
            "nickname_taken",
            gettext("Another player of this event is called that; choose another nickname."),
        )


def name_holder(queryset: QuerySet, name: str, *, exclude: Model | None = None) -> Model | None:
    """The row of `queryset` (one event's players or teams) whose name is the same as `name`."""
    rows = queryset.filter(name_key=name_key(name))
    if exclude is not None and exclude.pk:
        rows = rows.exclude(pk=exclude.pk)
    return rows.first()


# Each kind of name's own sentence, whole, so that a translation can say it its own way.
_CLASH = {
    ("player", "registered"): gettext_lazy("A player called %(holder)s is already registered"),
    ("team", "entered"): gettext_lazy("A team called %(holder)s is already entered"),
    ("Combat Patrol", "entered"): gettext_lazy(
        "A Combat Patrol called %(holder)s is already entered"
    ),
}


def name_clash_message(name: str, holder: str, *, what: str, verb: str) -> str:
    """'A player called Zoë Ártemis is already registered; ...' for `name` against `holder`."""
    sentence = _CLASH.get((what, verb))
    if sentence is None:
        message = f"A {what} called {holder} is already {verb}"
    else:
        message = str(sentence) % {"holder": holder}
    if name == holder:
        return message + "."
    return message + gettext(
        " (%(name)s differs only in capitals or character forms, which count as the same name)."
    ) % {"name": name}


def name_clash(name: str, holder, *, what: str = "player", verb: str = "registered") -> Conflict:
    return Conflict(
        "name", "duplicate", name_clash_message(name, holder.name, what=what, verb=verb)
    )


def players_by_name(players) -> list:
    """Players in the order people read names ("Åsa", "Émilie", "Łukasz" before "Zoë"), not
    the database's code-point order."""
    return sorted(players, key=lambda p: (*name_sort_key(p.name), p.pk))

"""Errors with machine codes: the pure engines' one base, and the services' errors.

An engine raises a `RuleError` (or its own subclass of it); a service turns it into a
`ServiceError`, which the API answers as `{"field": ["message"], "error_codes": {"field":
["code"]}}` with the status below, and pages show as the message. Tests assert on the codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

NON_FIELD = "non_field_errors"


def gettext_noop(text: str) -> str:
    """Marks an engine's English `text` for the catalogues (makemessages extracts it by this
    name) and returns it unchanged: it is translated when read."""
    return text


def rule_translator_install(translate: Callable[[str], str]) -> None:
    """How a refusal's words are put in the reader's language. The engines may not import
    Django: they raise English templates (marked with `gettext_noop`) and the project installs
    Django's gettext at start-up (tournament/apps.py), so every reader of `message` (services,
    forms, the API) gets the active language. Without Django the words stay English."""
    RuleError.translate = staticmethod(translate)


@dataclass(frozen=True)
class Phrase:
    """Words a refusal holds as one of its values ("at the end of your turn (round 2)"), put
    in the reader's language with the refusal: an English `template` (marked with
    `gettext_noop`) and its own values, which may be phrases too."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str]) -> str:
        # gettext("") is the catalogue's header, never words.
        template = translate(self.template) if self.template else self.template
        return _fill(template, self.params, translate)


@dataclass(frozen=True)
class Phrases:
    """Several phrases read as one value, each translated, joined by `sep`."""

    parts: Sequence[Phrase]
    sep: str = "; "

    def render(self, translate: Callable[[str], str]) -> str:
        return self.sep.join(part.render(translate) for part in self.parts)


def _fill(template: str, params: Mapping[str, object], translate: Callable[[str], str]) -> str:
    if not params:  # no values: a % in the words stays as it is
        return template
    values = {
        key: value.render(translate) if isinstance(value, (Phrase, Phrases)) else value
        for key, value in params.items()
    }
    return template % values


class RuleError(Exception):
    """The input broke a rule of a pure engine: `code` for machines, `message` for people,
    `field` naming the input at fault (None when the whole input is). `message` is the
    English `template` with its `params` filled in, translated when read (see above)."""

    translate: Callable[[str], str] = staticmethod(gettext_noop)

    def __init__(
        self,
        code: str,
        message: str,
        *,
        field: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.template = message
        self.params = dict(params or {})
        super().__init__(self._filled(message))
        self.code = code
        self.field = field

    def _filled(self, template: str, translate: Callable[[str], str] = gettext_noop) -> str:
        return _fill(template, self.params, translate)

    @property
    def message(self) -> str:
        return self._filled(self.translate(self.template), self.translate)


class ServiceError(Exception):
    status = 400

    def __init__(self, field: str, code: str, message: str) -> None:
        super().__init__(message)
        self.errors: dict[str, list[tuple[str, str]]] = {field: [(code, message)]}

    @classmethod
    def from_errors(cls, errors: dict[str, list[tuple[str, str]]]) -> ServiceError:
        field, ((code, message), *_) = next(iter(errors.items()))
        err = cls(field, code, message)
        err.errors = errors
        return err

    @classmethod
    def from_rule(
        cls,
        exc: RuleError,
        *,
        field: str | None = None,
        frame: str = "%(message)s",
        frame_params: Mapping[str, object] | None = None,
    ):
        """The service's error for an engine's refusal: same code, same words (set in `frame`,
        a translated sentence holding %(message)s and `frame_params`: "Round %(number)s:
        %(message)s"), on the engine's field unless the service names the one its caller
        knows."""
        message = frame % {**(frame_params or {}), "message": exc.message}
        return cls(field or exc.field or NON_FIELD, exc.code, message)

    @property
    def codes(self) -> dict[str, list[str]]:
        return {f: [c for c, _ in items] for f, items in self.errors.items()}

    @property
    def messages(self) -> dict[str, list[str]]:
        return {f: [m for _, m in items] for f, items in self.errors.items()}

    def __str__(self) -> str:
        return "; ".join(f"{f}: {m}" for f, items in self.errors.items() for _, m in items)


class Invalid(ServiceError):
    status = 400


class Forbidden(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409

"""Errors with machine codes: the pure engines' one base, and the services' errors.

An engine raises a `RuleError` (or its own subclass of it); a service turns it into a
`ServiceError`, which the API answers as `{"field": ["message"], "error_codes": {"field":
["code"]}}` with the status below, and pages show as the message. Tests assert on the codes.
"""

from __future__ import annotations

NON_FIELD = "non_field_errors"


class RuleError(Exception):
    """The input broke a rule of a pure engine: `code` for machines, `message` for people,
    `field` naming the input at fault (None when the whole input is)."""

    def __init__(self, code: str, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field


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
    def from_rule(cls, exc: RuleError, *, field: str | None = None, prefix: str = ""):
        """The service's error for an engine's refusal: same code, same words (after `prefix`),
        on the engine's field unless the service names the one its caller knows."""
        return cls(field or exc.field or NON_FIELD, exc.code, f"{prefix}{exc.message}")

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

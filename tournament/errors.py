"""Errors raised by services. Each names the field, a machine code and a readable rule.

The API turns them into `{"field": ["message"], "error_codes": {"field": ["code"]}}`
with the status below; pages show the message. Tests assert on the codes.
"""

from __future__ import annotations

NON_FIELD = "non_field_errors"


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

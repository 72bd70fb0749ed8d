"""Errors raised by the pure engine; `code` is the machine code callers and tests match on."""

from common.errors import RuleError


class EngineError(RuleError):
    """A rule was broken by the input; `field` names the offending input."""

    def __str__(self) -> str:
        return f"{self.field}: {self.message} [{self.code}]"

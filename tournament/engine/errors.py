"""Errors raised by the pure engine; `code` is the machine code callers and tests match on."""


class EngineError(Exception):
    """A rule was broken by the input; `field` names the offending input."""

    def __init__(self, code: str, field: str, message: str) -> None:
        super().__init__(f"{field}: {message} [{code}]")
        self.code = code
        self.field = field
        self.message = message

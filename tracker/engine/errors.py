"""Refusals: the tracker's only error. The state a refused action was applied to is unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NoReturn

from missions.pack.errors import MissionError


class Refusal(MissionError):
    """An action the rules do not allow now. `code` is stable; the message names field and rule.

    The message reads "where: the rule", `where` the action's field at fault (by default
    `field`) kept as it is in every language (the page shows only the rule), the rule an
    English template (marked with `gettext_noop`) translated when read."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        field: str | None = None,
        params: Mapping[str, object] | None = None,
        where: str | None = None,
    ) -> None:
        self.where = where if where is not None else field
        super().__init__(code, message, field=field, params=params)

    def _filled(self, template: str, translate=None) -> str:
        words = super()._filled(template, *([translate] if translate else []))
        return f"{self.where}: {words}" if self.where else words


def refuse(
    code: str,
    message: str,
    *,
    field: str | None = None,
    params: Mapping[str, object] | None = None,
    where: str | None = None,
) -> NoReturn:
    raise Refusal(code, message, field=field, params=params, where=where)


def require(
    ok: object,
    code: str,
    message: str,
    *,
    field: str | None = None,
    params: Mapping[str, object] | None = None,
    where: str | None = None,
) -> None:
    if not ok:
        refuse(code, message, field=field, params=params, where=where)

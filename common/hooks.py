"""Extension points: what an app offers to the apps built on it, declared once and filled at
start-up (each app's AppConfig.ready), so the app that offers never imports those that fill.

`Hook` is an ordered list of callables (or values) in the order the apps registered them;
`KeyedHook` maps a name to one entry. `register()` is idempotent: Django may run an app's
`ready()` twice (tests, the development server's reloader), and the same entry must not be
called twice or refused for it. Every app's hooks are declared in its `extensions.py`, with the
signature of what goes in and who fills it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Hook(list):
    """An ordered list of entries; iterate it to call them."""

    def __init__(self, name: str, signature: str = "") -> None:
        super().__init__()
        self.name = name
        self.signature = signature

    def register(self, entry: Any) -> Any:
        """Add `entry` once; returns it, so it may decorate a function."""
        if entry not in self:
            self.append(entry)
        return entry

    def __repr__(self) -> str:
        return f"<Hook {self.name}: {len(self)} registered>"


class KeyedHook(dict):
    """Entries by a name (an action, a kind of object): one per name."""

    def __init__(self, name: str, signature: str = "") -> None:
        super().__init__()
        self.name = name
        self.signature = signature

    def register(self, key: str, entry: Any) -> Any:
        """Name `entry` under `key`; the same entry again is a no-op, another one under a taken
        key is a programming error (two apps claiming one action) and raises."""
        held = self.get(key, entry)
        if held is not entry and held != entry:
            raise ValueError(f"{self.name}: {key!r} is registered already ({held!r})")
        self[key] = entry
        return entry

    def registering(self, key: str) -> Callable[[Any], Any]:
        """`@HOOK.registering("kind")` over a function registers it under that key."""
        return lambda entry: self.register(key, entry)

    def __repr__(self) -> str:
        return f"<KeyedHook {self.name}: {sorted(self)}>"

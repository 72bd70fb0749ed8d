"""Counting failed attempts (passwords, player keys, tracker tokens) per client and account.

Counts live in Django's cache, so every web process on every machine shares them when the cache
is Redis, and every process of one machine when it is the venue server's file cache. While
Redis does not answer, each process counts on its own (ops/cache.py): a per-process limit. A window
opens at the first failure; once its count reaches the limit, attempts are refused until the
window closes, even with the right password: a guesser learns nothing from a late success.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class Rule:
    scope: str  # what is counted, e.g. "login-account"
    limit: int  # failures allowed in one window
    window_s: int


# An account is counted at each address apart: a guesser elsewhere cannot lock its owner out.
LOGIN_PER_ACCOUNT = Rule("login-account-client", 10, 15 * 60)
LOGIN_PER_CLIENT = Rule("login-client", 30, 15 * 60)
# Past LOGIN_PER_CLIENT the address does not lock everyone there out (a venue's wifi is one
# address: a judge's first sign-in there must still work): each account keeps its own count at
# the address, with fewer tries left. Same scope as LOGIN_PER_ACCOUNT: one count, a lower limit.
LOGIN_WHILE_ADDRESS_FULL = Rule(LOGIN_PER_ACCOUNT.scope, 3, LOGIN_PER_ACCOUNT.window_s)
# A browser that signed in to the account before (ops/devices.py), counted on its own.
LOGIN_PER_DEVICE = Rule("login-device", 10, 15 * 60)
# Wrong player keys and tokens only: refusals with a real key are not guesses. Past the limit
# only wrong ones are refused: a real key or token always works (ops/middleware.py).
KEYS_PER_CLIENT = Rule("keys-client", 30, 10 * 60)


@dataclass(frozen=True)
class Budget:
    """`burst` at once, then one more every `every_s` seconds (a token bucket): unlike a Rule,
    whose window shuts for its whole length once full, a budget lets a queue through at a pace,
    so the next in line waits seconds, not minutes."""

    scope: str
    burst: int
    every_s: int


# Sign-ups taken at one address for one event. A venue's wifi puts the whole queue at the door
# behind one address, and they sign up together when the link goes on the screen: 30 at once,
# then one every 10 seconds, fits such a queue; a script making up names gets no more than that,
# and the event's own checks (one player per name) still hold. Staff are not counted.
SIGNUPS_PER_ADDRESS = Budget("signup-address-event", 30, 10)


def _key(rule: Rule, who: str) -> str:
    digest = hashlib.sha256(who.encode()).hexdigest()[:32]  # any username or address fits
    return f"throttle:{rule.scope}:{digest}"


def wait_seconds(rule: Rule, who: str) -> int:
    """Seconds until `who` may try again under `rule`; 0 when not blocked."""
    key = _key(rule, who)
    count = cache.get(f"{key}:n", 0)
    if count < rule.limit:
        return 0
    started = cache.get(f"{key}:t")
    if started is None:
        return 0
    return max(1, int(started + rule.window_s - time.time()))


def record_failure(rule: Rule, who: str) -> None:
    key = _key(rule, who)
    # add() opens the window only if none is open; incr() is atomic in Redis and in memory.
    cache.add(f"{key}:t", time.time(), rule.window_s)
    cache.add(f"{key}:n", 0, rule.window_s)
    try:
        cache.incr(f"{key}:n")
    except ValueError:  # the window closed between add() and incr()
        cache.set(f"{key}:n", 1, rule.window_s)


def forget(rule: Rule, who: str) -> None:
    key = _key(rule, who)
    cache.delete_many([f"{key}:n", f"{key}:t"])


def _bucket_key(budget: Budget, who: str) -> str:
    return _key(Rule(budget.scope, budget.burst, budget.burst * budget.every_s), who)


def budget_wait(budget: Budget, who: str) -> int:
    """Seconds until `who` has room in `budget` again; 0 when there is room now."""
    # The bucket is kept as the time it will be empty again ("theoretical arrival time"): each
    # use moves it every_s later; there is room while it is less than a full burst ahead.
    empty_at = cache.get(_bucket_key(budget, who), 0)
    ahead = empty_at - time.time()
    room = budget.burst * budget.every_s
    if ahead + budget.every_s <= room:
        return 0
    return max(1, math.ceil(ahead + budget.every_s - room))


def budget_take(budget: Budget, who: str) -> None:
    """Use one of the budget. Read and written apart: two processes at the same instant may
    both let one through at the edge, a sign-up or two more than the budget, never fewer."""
    key = _bucket_key(budget, who)
    empty_at = max(cache.get(key, 0), time.time()) + budget.every_s
    cache.set(key, empty_at, math.ceil(empty_at - time.time()) + 1)


def minutes_text(seconds: int) -> str:
    minutes = max(1, round(seconds / 60))
    return "1 minute" if minutes == 1 else f"{minutes} minutes"

"""The cache is an optimisation: when Redis does not answer, the site works without it.

ResilientRedisCache is Django's RedisCache with one difference: an operation that cannot reach
Redis is done on a per-process memory cache instead of raising. Reads then compute (or find
what this process computed), throttle counts are kept per process, nothing answers 500.

A short circuit breaker keeps an outage cheap: after a failure, Redis is not asked again for
BREAKER_S seconds, so requests do not each wait for a connection to be refused or time out;
then one operation tries again. The outage is logged once when it starts and once when it ends.

Every key names the database it belongs to (database_key), so a shared cache never serves one
database's pages to another (ops/installation.py).
"""

from __future__ import annotations

import logging
import re
import threading
import time
from typing import ClassVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from ops.installation import installation_id

log = logging.getLogger(__name__)

BREAKER_S = 5.0
# Redis on the local network answers in a millisecond; waiting longer only holds a worker.
DEFAULT_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 1.0}
OUTAGE = (RedisConnectionError, RedisTimeoutError, OSError)


def database_key(key: str, key_prefix: str, version) -> str:
    """Django's key, preceded by the installation id of the database being served."""
    return f"{installation_id()}:{key_prefix}:{version}:{key}"


class _Breaker:
    """Is Redis (at one location) believed down? Shared by the threads of a process: Django
    makes one cache object per thread, and each must not rediscover the outage."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.down_until = 0.0
        self.down = False
        self.lock = threading.Lock()

    def closed(self) -> bool:
        """True when Redis may be asked. Once the wait is over during an outage, only one
        caller tries again (the others keep to memory until it has answered or failed)."""
        now = time.monotonic()
        if now < self.down_until:
            return False
        if not self.down:
            return True
        with self.lock:
            if now < self.down_until:
                return False
            self.down_until = now + BREAKER_S  # this caller probes; a success closes it
            return True

    def failed(self, exc: BaseException) -> None:
        with self.lock:
            self.down_until = time.monotonic() + BREAKER_S
            if not self.down:
                self.down = True
                log.warning(
                    "cache %s unreachable (%s: %s): serving from per-process memory "
                    "until it answers",
                    self.location,
                    type(exc).__name__,
                    exc,
                )

    def answered(self) -> None:
        if self.down:
            with self.lock:
                if self.down:
                    self.down = False
                    self.down_until = 0.0
                    log.warning("cache %s answers again", self.location)


class ResilientRedisCache(RedisCache):
    _breakers: ClassVar[dict[str, _Breaker]] = {}
    _breakers_lock = threading.Lock()

    def __init__(self, server, params):
        params = {**params, "OPTIONS": {**DEFAULT_OPTIONS, **params.get("OPTIONS", {})}}
        super().__init__(server, params)
        location = server if isinstance(server, str) else ",".join(server)
        location = re.sub(r"//[^@/]*@", "//", location)  # logged: never its password
        with self._breakers_lock:
            self.breaker = self._breakers.setdefault(location, _Breaker(location))
        # One memory store per process and location (LocMemCache shares storage by name).
        local = {k: v for k, v in params.items() if k != "OPTIONS"}
        self.local = LocMemCache(f"redis-fallback:{location}", local)

    @property
    def is_down(self) -> bool:
        return self.breaker.down

    def _either(self, name: str, *args, **kwargs):
        if self.breaker.closed():
            try:
                value = getattr(super(), name)(*args, **kwargs)
            except OUTAGE as exc:
                self.breaker.failed(exc)
            else:
                self.breaker.answered()
                return value
        return getattr(self.local, name)(*args, **kwargs)

    def ping(self) -> bool:
        """Does Redis answer now (the health check)? Not asked while the breaker is open."""
        if not self.breaker.closed():
            return False
        try:
            self._cache.get_client(write=False).ping()
        except OUTAGE as exc:
            self.breaker.failed(exc)
            return False
        self.breaker.answered()
        return True

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("add", key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._either("get", key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set", key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("touch", key, timeout, version)

    def delete(self, key, version=None):
        return self._either("delete", key, version)

    def get_many(self, keys, version=None):
        return self._either("get_many", list(keys), version)

    def has_key(self, key, version=None):
        return self._either("has_key", key, version)

    def incr(self, key, delta=1, version=None):
        return self._either("incr", key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set_many", data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._either("delete_many", list(keys), version)

    def clear(self):
        self.local.clear()
        return self._either("clear")

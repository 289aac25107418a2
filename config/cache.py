"""The shared cache of a production deployment: Django's Redis cache that degrades to a miss.

Every cached value (rendered review lines, entity rows, computed tags, dashboard parts) can be
rebuilt from the database, so a Redis outage must cost speed, never a page: a connection or
timeout error on ``get`` answers the default (a miss) and on ``set``/``delete`` does nothing. The
error is logged by its class name only — a cache key or value may hold personal data.

So is an error Redis answers instead of doing the command: a replica after a failover refuses
writes (``READONLY``), a full one with ``maxmemory`` and no eviction too (``OOM``), one that cannot
save its snapshot to a full disk as well (``MISCONF``); each made every review page a 500.

After such an error the process leaves that Redis alone for ``CACHE_RETRY_SECONDS`` (10): a Redis
that hangs (paused, overloaded, a dropped route) would otherwise cost every cache call its socket
timeout, seconds per page and per review action.
"""
from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError, ResponseError, TimeoutError as RedisTimeoutError

from config.redis_tools import Pause

log = logging.getLogger(__name__)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
REFUSED = (ResponseError,)  # READONLY, OOM, MISCONF …: Redis answers, but not with the value
paused = Pause()  # per process: Redis servers (by their addresses) left alone for a while


class TolerantRedisCache(RedisCache):
    """``RedisCache`` whose reads miss and whose writes are skipped while Redis is unreachable."""

    def _tolerant(self, operation: str, default, call, *args):
        servers = tuple(self._servers)
        if paused.paused(servers):
            return default
        try:
            return call(*args)
        except UNREACHABLE + REFUSED as error:
            retry = getattr(settings, "CACHE_RETRY_SECONDS", 10)
            paused.pause(retry, servers)
            why = "refused it" if isinstance(error, REFUSED) else "unreachable"
            log.warning("cache %s skipped: Redis %s (%s); not tried again for %s s",
                        operation, why, type(error).__name__, retry)
            return default

    def get(self, key, default=None, version=None):
        return self._tolerant("get", default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._tolerant("get_many", {}, super().get_many, keys, version)

    def set(self, key, value, timeout=None, version=None):  # noqa: A003 - Django's name
        self._tolerant("set", None, super().set, key, value, timeout, version)

    def set_many(self, data, timeout=None, version=None):
        return self._tolerant("set_many", list(data), super().set_many, data, timeout, version)

    def add(self, key, value, timeout=None, version=None):
        return self._tolerant("add", False, super().add, key, value, timeout, version)

    def delete(self, key, version=None):
        return self._tolerant("delete", False, super().delete, key, version)

    def clear(self):
        return self._tolerant("clear", False, super().clear)

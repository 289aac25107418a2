"""The shared cache of a production deployment: Django's Redis cache that degrades to a miss.

Every cached value (rendered review lines, entity rows, computed tags, dashboard parts) can be
rebuilt from the database, so a Redis outage must cost speed, never a page: a connection or
timeout error on ``get`` answers the default (a miss) and on ``set``/``delete`` does nothing. The
error is logged by its class name only — a cache key or value may hold personal data.
"""
from __future__ import annotations

import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)


class TolerantRedisCache(RedisCache):
    """``RedisCache`` whose reads miss and whose writes are skipped while Redis is unreachable."""

    def _unreachable(self, operation: str, error: Exception) -> None:
        log.warning("cache %s skipped: Redis unreachable (%s)", operation, type(error).__name__)

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except UNREACHABLE as error:
            self._unreachable("get", error)
            return default

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except UNREACHABLE as error:
            self._unreachable("get_many", error)
            return {}

    def set(self, key, value, timeout=None, version=None):  # noqa: A003 - Django's name
        try:
            super().set(key, value, timeout, version)
        except UNREACHABLE as error:
            self._unreachable("set", error)

    def set_many(self, data, timeout=None, version=None):
        try:
            return super().set_many(data, timeout, version)
        except UNREACHABLE as error:
            self._unreachable("set_many", error)
            return list(data)

    def add(self, key, value, timeout=None, version=None):
        try:
            return super().add(key, value, timeout, version)
        except UNREACHABLE as error:
            self._unreachable("add", error)
            return False

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except UNREACHABLE as error:
            self._unreachable("delete", error)
            return False

    def clear(self):
        try:
            return super().clear()
        except UNREACHABLE as error:
            self._unreachable("clear", error)
            return False

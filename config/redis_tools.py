"""The two small tools every Redis caller of a process shares (the job queue, the cache, the health checks).

``quick_client``: a client that gives up fast — short connect and read timeouts, no retries — for
questions that must not hang on a paused or unreachable Redis (``/readyz/``'s pings, a worker
waiting for its Redis, a worker noting that it is alive).

``Pause``: after a Redis could not be reached, this process leaves it alone for some seconds
(``CACHE_RETRY_SECONDS``, ``QUEUE_RETRY_SECONDS``): a Redis that hangs costs one socket timeout
per pause, not one per call. Per process, per server (a key of the caller's choosing).

``check_writes``: a real write (``SET`` of a fixed key with a 10 s TTL). A Redis that answers ``PING``
may still refuse every write: a replica after a failover (``READONLY``), a full one without eviction
(``OOM``), one whose disk is full (``MISCONF``); ``/readyz/`` and a worker waiting for its Redis ask this.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Hashable

from redis import ConnectionPool, Redis
from redis.backoff import NoBackoff
from redis.retry import Retry


def quick_client(source: str | Redis, seconds: float) -> Redis:
    """A client of the Redis at ``source`` (a URL, or the server of an existing client) with
    ``seconds`` connect and read timeouts and no retries."""
    quick = {"socket_timeout": seconds, "socket_connect_timeout": seconds, "retry": Retry(NoBackoff(), 0)}
    if isinstance(source, str):
        return Redis.from_url(source, **quick)
    pool = source.connection_pool
    return Redis(connection_pool=ConnectionPool(connection_class=pool.connection_class, **{**pool.connection_kwargs, **quick}))


WRITE_PROBE_KEY = "anonymizer:write-probe"


def check_writes(client: Redis) -> None:
    """Write ``WRITE_PROBE_KEY`` (expiring in 10 s); raises the client's error (``ResponseError`` when refused)."""
    client.set(WRITE_PROBE_KEY, "1", ex=10)


class Pause:
    """Servers this process leaves alone until a moment (monotonic time), each by its key."""

    def __init__(self) -> None:
        self._until: dict[Hashable, float] = {}
        self._lock = threading.Lock()

    def paused(self, key: Hashable = None) -> bool:
        return time.monotonic() < self._until.get(key, 0.0)

    def pause(self, seconds: float, key: Hashable = None) -> None:
        with self._lock:
            self._until[key] = time.monotonic() + seconds

    def clear(self) -> None:
        with self._lock:
            self._until.clear()

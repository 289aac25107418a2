"""The RQ worker class of a deployment (``deploy/entrypoint.sh worker``, ``make worker``).

rq's ``SimpleWorker`` (the NLP pipeline stays loaded between jobs) whose process recovers dead jobs
from the start: a worker that was killed mid-job and restarted at once finds that job's heartbeat
still fresh at start-up (``recover_jobs`` leaves it), and before, only a process running a job of
its own looked again, so the document stayed "annotating" for good on an idle queue.

It also outlives its Redis. rq retries a lost connection only while it waits for a job; anywhere
else (start-up, a job's bookkeeping when it ends, a maintenance pass) the error ended the process
for good. Here a lost queue Redis stops rq's loop cleanly instead; the process waits, trying again
after 1 s, 2 s, 4 s … up to ``WORKER_RECONNECT_MAX_SECONDS`` (logging the exception's type only,
never a URL), then runs the job recovery once (:mod:`review.services.recovery`: a job lost with a
Redis that came back empty is failed, retryable) and starts rq's loop again. A job running when
Redis went away runs to its end: its result is in the database, only rq's record of it is lost.
A Redis that answers but refuses (``ResponseError``: ``READONLY`` after a failover, ``OOM``,
``MISCONF``) is waited out the same way, until a real write (``check_writes``) is taken again.

Before its first job the worker waits (1 s, 2 s, 4 s …) until the database answers and is migrated,
saying which (``config.health.database_not_ready``): started beside a web server that was still
migrating, it began with no tables (its job recovery failed with "no such table" at every beat).

Around each job the worker looks at its database connections as Django does around a web request
(``close_old_connections``): a connection ended by a database restart is replaced, not used by
every later job. A database that refuses a new connection before a job (every slot of
``max_connections`` taken, a role's or the database's connection limit, a restart) is waited out
(1 s, 2 s, 4 s …, the type only in the log) before the job runs: the job failed at its first query,
and a queue of documents failed one after another in a moment's exhaustion, each to be retried by hand.

Every beat of the job heartbeat (``JOB_HEARTBEAT_SECONDS``) the worker also notes in the queue
Redis that it is alive (:func:`announce`, through its own client with 2 s timeouts: a hung Redis
must not stall the heartbeat); ``/readyz/`` counts the workers seen lately (:func:`seen_recently`).
"""
from __future__ import annotations

import logging
import time
from functools import wraps

from django.conf import settings
from django.db import close_old_connections, connection
from redis.exceptions import ConnectionError as RedisConnectionError, ResponseError, TimeoutError as RedisTimeoutError
from rq import SimpleWorker
from rq.exceptions import StopRequested

from config.health import database_not_ready
from config.redis_tools import check_writes, quick_client

from .job_heartbeat import DATABASE_DOWN, forget_connection

log = logging.getLogger(__name__)
# unreachable, or answering with a refusal (READONLY after a failover, OOM when full, MISCONF on a full disk)
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError, ResponseError)
FIRST_WAIT = 1.0
QUICK_SECONDS = 2  # timeouts of the worker's own client (config.redis_tools.quick_client)
SEEN_KEY = "anonymizer:workers-seen"  # sorted set: worker name -> when it was last seen alive (Unix time)


def announce(connection, name: str) -> None:
    """Note that worker ``name`` is alive now (and forget workers not seen for a day)."""
    now = time.time()
    with connection.pipeline() as pipe:
        pipe.zadd(SEEN_KEY, {name: now})
        pipe.zremrangebyscore(SEEN_KEY, "-inf", now - 86400)
        pipe.execute()


def seen_recently(connection, seconds: float) -> int:
    """How many workers were seen alive in the last ``seconds``."""
    return connection.zcount(SEEN_KEY, time.time() - seconds, "+inf")


def _stop_when_redis_is_lost(method):
    """A step of rq's loop: a lost Redis stops the loop (rq's ``StopRequested``) and is remembered;
    rq itself would log it as unhandled and quit the process."""

    @wraps(method)
    def step(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except REDIS_DOWN as error:
            self.redis_lost = error
            raise StopRequested from error

    return step


def _reconnect_limit() -> float:
    """The longest wait between two tries at a database or a Redis that is gone (``WORKER_RECONNECT_MAX_SECONDS``)."""
    return max(FIRST_WAIT, float(getattr(settings, "WORKER_RECONNECT_MAX_SECONDS", 30)))


class Worker(SimpleWorker):
    redis_lost: Exception | None = None
    _resumed_at, _last_wait = float("-inf"), FIRST_WAIT  # the last resumption (monotonic) and the wait before it

    check_for_suspension = _stop_when_redis_is_lost(SimpleWorker.check_for_suspension)
    run_maintenance_tasks = _stop_when_redis_is_lost(SimpleWorker.run_maintenance_tasks)
    dequeue_job_and_maintain_ttl = _stop_when_redis_is_lost(SimpleWorker.dequeue_job_and_maintain_ttl)
    execute_job = _stop_when_redis_is_lost(SimpleWorker.execute_job)

    def heartbeat(self, timeout=None, pipeline=None):
        if pipeline is not None:  # queued in a pipeline: no connection used here
            return super().heartbeat(timeout, pipeline=pipeline)
        return _stop_when_redis_is_lost(SimpleWorker.heartbeat)(self, timeout)

    def perform_job(self, *args, **kwargs):
        """One job between two looks at the database connections, as Django does around each web
        request: every job runs in this one process, and a connection that a database restart (or
        ``DB_CONN_MAX_AGE``) ended while the worker waited failed every later job at its first query."""
        close_old_connections()
        self._wait_for_connection()
        try:
            return super().perform_job(*args, **kwargs)
        finally:
            close_old_connections()

    def _set_ip_address(self, connection) -> None:
        """rq asks Redis for the worker's address when the worker is made; Redis down at start-up ended the command."""
        try:
            super()._set_ip_address(connection)
        except REDIS_DOWN:
            self.ip_address = "unknown"

    def work(self, *args, **kwargs):
        from . import jobs

        if not self._wait_for_database():
            return False
        jobs.heartbeat.also.append(self._announce)
        jobs.heartbeat.start()  # recovers every JOB_STALE_SECONDS (review.services.recovery)
        worked = False
        try:
            while True:
                self.redis_lost = None
                self._announce()
                try:
                    worked = super().work(*args, **kwargs) or worked
                except REDIS_DOWN as error:  # at start-up: rq's loop had not begun
                    self.redis_lost = error
                    self._stop_listening()
                if self.redis_lost is None or self._stop_requested or not self._wait_for_redis(self.redis_lost):
                    return worked
        finally:
            jobs.heartbeat.also.remove(self._announce)
            self._announce(leaving=True)

    def _quick_client(self):
        if getattr(self, "_quick", None) is None:
            self._quick = quick_client(self.connection, QUICK_SECONDS)
        return self._quick

    def _announce(self, leaving: bool = False) -> None:
        """Best effort: a worker Redis cannot hear of now is simply not counted by /readyz/."""
        try:
            if leaving:
                self._quick_client().zrem(SEEN_KEY, self.name)
            else:
                announce(self._quick_client(), self.name)
        except Exception as exc:  # noqa: BLE001 - never the worker's or the heartbeat's end
            log.debug("worker presence not recorded (%s)", type(exc).__name__)

    def teardown(self):
        try:
            super().teardown()
        except REDIS_DOWN as error:  # rq could not record the worker's death: it stops listening all the same
            self.redis_lost = self.redis_lost or error
            self._stop_listening()

    def _stop_listening(self) -> None:
        """End rq's command channel thread (it would retry Redis every 2 s and log each time)."""
        thread, self.pubsub_thread = self.pubsub_thread, None
        if thread is not None:
            thread.stop()
            thread.join(timeout=1)
        try:
            if self.pubsub is not None:
                self.pubsub.close()
        except REDIS_DOWN:
            pass

    def _wait_for_database(self) -> bool:
        """Before the first job: wait with backoff until the database answers and is migrated (a worker
        started beside a web server still migrating found no tables); False on a stop."""
        limit = _reconnect_limit()
        wait, said = FIRST_WAIT, None
        while (reason := database_not_ready()) is not None:
            if reason != said:
                log.warning("worker %s: %s; waiting for it", self.name, reason)
                said = reason
            try:
                time.sleep(wait)
            except (StopRequested, KeyboardInterrupt):
                return False
            wait = min(wait * 2, limit)
        if said is not None:
            log.warning("worker %s: the database is ready; starting", self.name)
        return True

    def _wait_for_connection(self) -> None:
        """Before a job: connect, waiting with backoff while the database refuses (too many connections,
        a restart). A stop asked for meanwhile ends the wait: the job then fails safely (retryable)."""
        limit = _reconnect_limit()
        wait, waited = FIRST_WAIT, time.monotonic()
        while True:
            try:
                connection.ensure_connection()
            except DATABASE_DOWN as error:
                forget_connection()
                if self._stop_requested:
                    return
                log.warning("worker %s: the database refuses a connection (%s); the job waits %.0f s",
                            self.name, type(error).__name__, wait)
                time.sleep(wait)
                wait = min(wait * 2, limit)
                continue
            if wait > FIRST_WAIT:
                log.warning("worker %s: connected after %.0f s; running the job", self.name, time.monotonic() - waited)
            return

    def _wait_for_redis(self, error: Exception) -> bool:
        """Wait with backoff until Redis answers (True) or a stop is asked for (False). Lost again within
        ``limit`` of resuming (a Redis that takes the probe's write but refuses rq's commands), the wait
        goes on growing from the last one instead of starting at 1 s again."""
        limit = _reconnect_limit()
        lost, wait = time.monotonic(), FIRST_WAIT
        if lost - self._resumed_at < limit:
            wait = min(self._last_wait * 2, limit)
        self._state = "idle"  # a stop signal now ends the process at once (rq raises StopRequested)
        state = "refuses commands" if isinstance(error, ResponseError) else "is unreachable"
        log.warning("worker %s: the queue Redis %s (%s); waiting for it", self.name, state, type(error).__name__)
        while not self._stop_requested:
            log.warning("worker %s: trying the queue Redis again in %.0f s", self.name, wait)
            try:
                time.sleep(wait)
                check_writes(self._quick_client())  # 2 s timeouts: rq's own client waits minutes on a hung Redis
            except StopRequested:
                return False
            except REDIS_DOWN:
                wait = min(wait * 2, limit)
                continue
            log.warning("worker %s: the queue Redis answers again after %.0f s; resuming", self.name, time.monotonic() - lost)
            self._after_outage()
            self._resumed_at, self._last_wait = time.monotonic(), wait
            return True
        return False

    def _after_outage(self) -> None:
        from . import services

        try:  # a Redis that kept its data still holds this worker as alive: rq would refuse its rebirth
            self.register_death()
        except REDIS_DOWN:
            pass
        try:  # jobs lost with a Redis that restarted empty: failed and retryable once silent
            services.recover_stale_jobs()
        except Exception as exc:  # noqa: BLE001 - the heartbeat thread tries again
            log.warning("worker %s: job recovery after the outage failed (%s)", self.name, type(exc).__name__)

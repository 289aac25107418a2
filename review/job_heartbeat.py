"""The heartbeat of running jobs (one thread per process), and the failures a lost database left unwritten.

A running job's rows are stamped (``heartbeat_at``) every ``JOB_HEARTBEAT_SECONDS``; every
``JOB_STALE_SECONDS`` the thread also fails the jobs of processes that died
(:mod:`review.services.recovery`). A job whose database went away mid-job cannot write its own
failure; it leaves it here (:meth:`Heartbeat.fail_later`), and the failure is written at the first
beat the database answers: the document or export is failed and retryable within seconds of the
database's return, not left "annotating" until the stale-job recovery.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, close_old_connections, connection
from django.utils import timezone

from . import services

log = logging.getLogger(__name__)
DATABASE_DOWN = (OperationalError, InterfaceError)  # the database unreachable (not a refused row: DataError …)


def forget_connection() -> None:
    """Drop this thread's database connection after a database error (the next query connects anew)."""
    try:
        if not connection.in_atomic_block:  # a test's transaction: keep it
            connection.close()
    except Exception:  # noqa: BLE001 - closing a dead connection may fail too
        pass


class Heartbeat:
    """Stamps ``heartbeat_at`` of the registered rows every ``JOB_HEARTBEAT_SECONDS`` (one thread per process)."""

    def __init__(self) -> None:
        self.rows: dict[tuple[type, int], int] = {}
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.stopping = threading.Event()
        self.also: list[Callable[[], None]] = []  # called on every beat too (review.worker: "a worker is alive")
        self.unwritten: dict[tuple[type, int], tuple[str, datetime]] = {}  # failures the database missed

    def add(self, model: type, pk: int) -> None:
        model.objects.filter(pk=pk).update(heartbeat_at=services.recovery.database_time())
        if settings.JOBS_MODE == "inline":
            return
        with self.lock:
            self.rows[(model, pk)] = self.rows.get((model, pk), 0) + 1
        self.start()

    def start(self) -> None:
        """Beat (and recover dead jobs every ``JOB_STALE_SECONDS``) from now on, even with no job:
        a worker started after another was killed recovers that one's job while it waits (``review.worker``)."""
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.stopping.clear()
                self.thread = threading.Thread(target=self._beat, name="job-heartbeat", daemon=True)
                self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join()

    def remove(self, model: type, pk: int) -> None:
        with self.lock:
            left = self.rows.get((model, pk), 0) - 1
            if left > 0:
                self.rows[(model, pk)] = left
            else:
                self.rows.pop((model, pk), None)

    def fail_later(self, model: type, pk: int, reason: str) -> None:
        """The job of row ``pk`` stopped because the database went away: fail it (retryable) now if
        the database answers again, else at the first beat it does."""
        forget_connection()
        with self.lock:
            self.unwritten[(model, pk)] = (reason, timezone.now())
        if not self.write_failures():
            self.start()

    def write_failures(self) -> bool:
        """Write the failures the database missed; False while it still cannot be reached."""
        with self.lock:
            pending = dict(self.unwritten)
        for (model, pk), (reason, since) in pending.items():
            try:
                services.fail_interrupted(model, pk, reason, since)
            except DatabaseError as exc:
                log.warning("failure of %s %s not written yet: database unreachable (%s)", model.__name__, pk,
                            type(exc).__name__)
                forget_connection()
                return False
            with self.lock:
                self.unwritten.pop((model, pk), None)
        return True

    def _beat(self) -> None:
        checked = time.monotonic()
        while not self.stopping.wait(settings.JOB_HEARTBEAT_SECONDS):
            with self.lock:
                rows = list(self.rows)
            try:
                self.write_failures()
                for model in {m for m, _ in rows}:
                    model.objects.filter(pk__in=[pk for m, pk in rows if m is model]).update(
                        heartbeat_at=services.recovery.database_time())
                for beat in list(self.also):
                    beat()
                if time.monotonic() - checked >= settings.JOB_STALE_SECONDS:
                    checked = time.monotonic()
                    services.recover_stale_jobs()  # jobs of a process that died meanwhile
            except Exception as exc:  # noqa: BLE001 - a database hiccup must not kill the heartbeat
                log.warning("job heartbeat failed (%s)", type(exc).__name__)
            finally:
                close_old_connections()

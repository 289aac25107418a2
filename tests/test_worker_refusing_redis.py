"""A queue Redis that answers but refuses (READONLY after a failover, OOM when full, MISCONF on a
full disk) is waited out like an outage: the worker process lived through a lost connection but
quit at the first ``ResponseError``."""
from __future__ import annotations

import logging
import time
import types

import pytest
from redis.exceptions import ResponseError

from review import jobs, worker

from .test_cache import refusing_redis  # noqa: F401  (fixture: a fake Redis that refuses every write)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def beat(monkeypatch, settings):
    """The worker's heartbeat thread, stopped after the test."""
    settings.JOB_HEARTBEAT_SECONDS = 3600  # its recovery stays out of the way
    monkeypatch.setattr(jobs, "heartbeat", beat := jobs.Heartbeat())
    yield beat
    beat.stop()


def _worker(url: str, monkeypatch):
    from redis import Redis
    from rq import Queue

    # the fake answers CLIENT INFO with +OK only (a refusing Redis names the client as usual)
    monkeypatch.setattr(worker.Worker, "_set_ip_address", lambda self, connection: setattr(self, "ip_address", "unknown"))
    connection = Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    return worker.Worker([Queue("default", connection=connection)], connection=connection)


def _clock(rq_worker, waits: list, stop_after: int):
    """The worker's ``time`` with a ``sleep`` that only counts (a stop is asked for after ``stop_after``)."""
    def sleep(seconds):
        waits.append(seconds)
        if len(waits) >= stop_after:
            rq_worker._stop_requested = True

    return types.SimpleNamespace(sleep=sleep, monotonic=time.monotonic, time=time.time)


def test_it_waits_out_a_queue_redis_that_refuses_writes(refusing_redis, settings, monkeypatch, caplog):  # noqa: F811
    settings.WORKER_RECONNECT_MAX_SECONDS = 4
    rq_worker = _worker(refusing_redis, monkeypatch)
    waits: list[float] = []
    monkeypatch.setattr(worker, "time", _clock(rq_worker, waits, stop_after=4))
    caplog.set_level(logging.INFO)
    assert rq_worker.work(burst=True) is False  # a stop while waiting: no traceback, no exit on the refusal
    assert waits == [1, 2, 4, 4]  # backs off like an outage, the refusals went on
    ours = [r.getMessage() for r in caplog.records if r.name == "review.worker"]
    assert any("queue Redis refuses commands (" in m and "Error); waiting" in m for m in ours), ours  # the type only
    assert not any(word in caplog.text for word in ("READONLY", "OOM", "MISCONF", "127.0.0.1"))


def test_it_resumes_when_the_redis_takes_writes_again(refusing_redis, settings, monkeypatch, caplog):  # noqa: F811
    settings.WORKER_RECONNECT_MAX_SECONDS = 2
    rq_worker = _worker(refusing_redis, monkeypatch)
    answers = iter([ResponseError("READONLY You can't write against a read only replica."), True])

    class Probe:  # the worker's own client: refused once more, then the write is taken (a new primary)
        def set(self, *args, **kwargs):
            answer = next(answers, True)
            if isinstance(answer, Exception):
                raise answer
            return answer

        def zadd(self, *args, **kwargs):
            raise ResponseError("READONLY")

        zrem = zadd

    rq_worker._quick = Probe()
    waits: list[float] = []
    monkeypatch.setattr(worker, "time", _clock(rq_worker, waits, stop_after=3))
    caplog.set_level(logging.INFO)
    rq_worker.work(burst=True)
    ours = [r.getMessage() for r in caplog.records if r.name == "review.worker"]
    assert waits[:2] == [1, 2] and any("answers again" in m for m in ours), ours


def test_it_backs_off_further_when_redis_takes_the_probe_but_refuses_rq(refusing_redis, settings, monkeypatch):  # noqa: F811
    """The probe's write taken, rq's next command refused again: the wait went back to 1 s each time."""
    settings.WORKER_RECONNECT_MAX_SECONDS = 8
    rq_worker = _worker(refusing_redis, monkeypatch)

    class Probe:  # the worker's own client: every write taken
        def set(self, *args, **kwargs):
            return True

        def zadd(self, *args, **kwargs):
            return 0

        zrem = zadd

    rq_worker._quick = Probe()
    waits: list[float] = []
    monkeypatch.setattr(worker, "time", _clock(rq_worker, waits, stop_after=5))
    rq_worker.work(burst=True)
    assert waits == [1, 2, 4, 8, 8]

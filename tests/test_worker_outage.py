"""The worker outlives its Redis: down at start-up or while a job runs, the worker waits with
backoff (logged, exception types only), resumes when Redis answers again and runs what was queued."""
from __future__ import annotations

import logging
import signal
import threading
import time

import pytest

from anonymizer.types import Analysis
from review import jobs, pipelines, services, worker
from review.models import Corpus, Document
from tests.conftest import reachable, redis_db
from tests.redis_proxy import RedisProxy

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
DB = redis_db(13)  # this test's own Redis database: flushed before and after, no other
SECRET = "INMATE ZEBULON QUARTERMAINE: I was in Fresno."


@pytest.fixture
def outage():
    """A proxy in front of the test Redis (database 13), down to begin with; and a direct connection."""
    if not reachable("127.0.0.1", 6379):
        pytest.skip("Redis is not reachable on 127.0.0.1:6379: the outage is simulated in front of a real Redis")
    from redis import Redis

    direct = Redis.from_url(f"redis://127.0.0.1:6379/{DB}")
    direct.flushdb()
    proxy = RedisProxy()
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}  # rq installs its own
    yield proxy, direct
    proxy.down()
    direct.flushdb()
    for sig, handler in handlers.items():
        signal.signal(sig, handler)


def _queue(direct, document: Document) -> None:
    from rq import Queue

    services.mark_queued(document)
    Queue("default", connection=direct).enqueue(jobs.analyze_document, document.pk,
                                                 job_id=services.job_id("analyze", document.pk))


def test_it_keeps_the_worker_through_a_redis_outage_and_resumes(outage, settings, monkeypatch, caplog):
    from redis import Redis
    from rq import Queue

    proxy, direct = outage
    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": f"redis://127.0.0.1:6379/{DB}", "DEFAULT_TIMEOUT": 600}}
    settings.WORKER_RECONNECT_MAX_SECONDS = 2
    settings.JOB_HEARTBEAT_SECONDS = 3600  # the worker's recovery thread stays out of the way
    beat = jobs.Heartbeat()
    monkeypatch.setattr(jobs, "heartbeat", beat)
    corpus = Corpus.objects.create(name="outage")
    first, second = (Document.objects.create(corpus=corpus, title=name, original_name=f"{name}.txt",
                                             original=f"{SECRET} ({name})\n".encode()) for name in ("first", "second"))
    _queue(direct, first)
    ups = []

    class RedisGoesAwayMidJob:  # the automatic pass of the first document: Redis stops while it runs
        def run(self, transcript, progress=None):
            if transcript.name == "first.txt":
                proxy.down()
                _queue(direct, second)  # queued meanwhile (by a web process that still reaches Redis)
                ups.append(threading.Timer(2.5, proxy.up))
                ups[-1].start()
            return Analysis(transcript=transcript, mentions=(), entities=())

    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: RedisGoesAwayMidJob())
    caplog.set_level(logging.INFO)
    ups.append(threading.Timer(2.5, proxy.up))  # down at start-up too: back 2.5 s later
    ups[-1].start()
    connection = Redis.from_url(proxy.url(DB), socket_connect_timeout=1, socket_timeout=5)
    started = time.monotonic()
    try:
        rq_worker = worker.Worker([Queue("default", connection=connection)], connection=connection)  # Redis down
        rq_worker.work(burst=True)
    finally:
        for timer in ups:
            timer.cancel()
        beat.stop()
    took = time.monotonic() - started

    assert Document.objects.get(pk=first.pk).status == Document.Status.READY  # the job in flight kept its result
    assert Document.objects.get(pk=second.pk).status == Document.Status.READY  # queued during the outage: run after it
    ours = [r.getMessage() for r in caplog.records if r.name == "review.worker"]
    assert sum("queue Redis is unreachable (ConnectionError)" in m for m in ours) == 2, ours
    assert sum("answers again" in m for m in ours) == 2, ours
    assert any("trying the queue Redis again in 2 s" in m for m in ours), ours  # the wait grows
    assert "ZEBULON" not in caplog.text and "Fresno" not in caplog.text
    assert f":{proxy.port}" not in "\n".join(ours)  # no address (a URL may carry a password)
    assert took < 60


def test_it_stops_waiting_for_redis_when_asked_to_stop(outage, settings, monkeypatch):
    from redis import Redis
    from rq import Queue

    proxy, _ = outage
    settings.WORKER_RECONNECT_MAX_SECONDS = 1
    monkeypatch.setattr(jobs, "heartbeat", beat := jobs.Heartbeat())
    connection = Redis.from_url(proxy.url(DB), socket_connect_timeout=1)
    rq_worker = worker.Worker([Queue("default", connection=connection)], connection=connection)
    stop = threading.Timer(2, lambda: setattr(rq_worker, "_stop_requested", True))
    stop.start()
    try:
        assert rq_worker.work(burst=True) is False  # returns, the process would exit: no job, no hang
    finally:
        stop.cancel()
        beat.stop()

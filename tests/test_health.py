"""/healthz/ stays cheap (the process and the database); /readyz/ also checks the cache, the job
queue's Redis and that a worker was seen lately, answering 503 with component names and exception
types only."""
from __future__ import annotations

import json

import pytest

from review import jobs, worker

from .test_cache import refusing_redis  # noqa: F401  (fixture: a fake Redis that answers PING, refuses writes)

pytestmark = pytest.mark.django_db
DEAD = "redis://:hunter2-secret@127.0.0.1:1/0"  # nothing listens on port 1; the password must never show


@pytest.fixture
def queue_redis(redis_url, settings):
    """The queue on the test Redis, without any worker seen."""
    from redis import Redis

    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": redis_url, "DEFAULT_TIMEOUT": 600}}
    connection = Redis.from_url(redis_url)
    connection.delete(worker.SEEN_KEY)
    yield connection
    connection.delete(worker.SEEN_KEY)


def _ready(client):
    response = client.get("/readyz/")
    return response.status_code, json.loads(response.content)


def test_it_answers_ready_naming_every_component(client, queue_redis):
    worker.announce(queue_redis, "worker-1")
    status, body = _ready(client)
    assert status == 200 and body["status"] == "ready"
    assert body["checks"] == {"database": "ok", "migrations": "ok", "cache": "ok", "queue": "ok", "workers": "ok (1 seen in the last 90 s)"}


def test_it_is_not_ready_without_a_worker_seen_lately(client, queue_redis, settings):
    settings.WORKER_SEEN_SECONDS = 30
    queue_redis.zadd(worker.SEEN_KEY, {"worker-gone": 1})  # seen long ago
    status, body = _ready(client)
    assert status == 503 and body["status"] == "not ready"
    assert body["checks"]["workers"] == "none seen in the last 30 s" and body["checks"]["queue"] == "ok"


def test_it_names_the_component_and_the_exception_type_only(client, settings):
    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": DEAD, "DEFAULT_TIMEOUT": 600}}
    settings.CACHES = {"default": {"BACKEND": "config.cache.TolerantRedisCache", "LOCATION": DEAD}}
    response = client.get("/readyz/")
    body = json.loads(response.content)
    assert response.status_code == 503
    assert body["checks"] == {"database": "ok", "migrations": "ok", "cache": "unavailable (ConnectionError)",
                              "queue": "unavailable (ConnectionError)", "workers": "unknown (queue unavailable)"}
    assert "hunter2" not in response.content.decode() and "127.0.0.1" not in response.content.decode()
    assert response["Cache-Control"].startswith("max-age=0")


def test_it_keeps_healthz_to_the_process_and_the_database(client, settings):
    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": DEAD, "DEFAULT_TIMEOUT": 600}}
    response = client.get("/healthz/")
    assert (response.status_code, response.content) == (200, b"ok")


def test_it_needs_no_queue_or_worker_when_jobs_run_in_the_web_process(client, settings):
    settings.JOBS_MODE = "thread"
    status, body = _ready(client)
    assert status == 200 and body["checks"]["queue"].startswith("not used") and body["checks"]["workers"].startswith("not used")


@pytest.mark.django_db(transaction=True)
def test_it_counts_a_running_worker_and_forgets_it_when_it_stops(client, queue_redis, monkeypatch):
    from rq import Queue

    monkeypatch.setattr(jobs, "heartbeat", beat := jobs.Heartbeat())
    rq_worker = worker.Worker([Queue("default", connection=queue_redis)], connection=queue_redis)
    seen = []
    monkeypatch.setattr(worker.Worker, "dequeue_job_and_maintain_ttl",
                        lambda self, *a, **kw: seen.append(_ready(client)) or None)  # while it works: an empty queue
    try:
        rq_worker.work(burst=True)
    finally:
        beat.stop()
    assert seen and seen[0][0] == 200 and seen[0][1]["checks"]["workers"] == "ok (1 seen in the last 90 s)"
    assert _ready(client)[1]["checks"]["workers"] == "none seen in the last 90 s"  # stopped: forgotten at once


def test_it_is_not_ready_when_the_cache_redis_answers_ping_but_refuses_writes(client, settings, refusing_redis):  # noqa: F811
    """A replica after a failover (READONLY), a full Redis (OOM), a full disk (MISCONF): PING answers."""
    from redis.exceptions import ResponseError
    from redis import exceptions

    settings.JOBS_MODE = "thread"
    settings.CACHES = {"default": {"BACKEND": "config.cache.TolerantRedisCache", "LOCATION": refusing_redis}}
    status, body = _ready(client)
    refused = body["checks"]["cache"]
    assert status == 503 and refused.startswith("unavailable (") and body["checks"]["database"] == "ok"
    assert issubclass(getattr(exceptions, refused[len("unavailable ("):-1]), ResponseError), refused
    assert not any(word in refused for word in ("READONLY", "OOM", "MISCONF", "127.0.0.1"))


def test_it_is_not_ready_when_the_queue_redis_refuses_writes(client, settings, refusing_redis):  # noqa: F811
    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": refusing_redis, "DEFAULT_TIMEOUT": 600}}
    status, body = _ready(client)
    assert status == 503 and body["checks"]["queue"].startswith("unavailable (") and body["checks"]["cache"] == "ok"

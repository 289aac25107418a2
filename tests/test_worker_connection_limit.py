"""A worker whose database refuses a new connection (every slot taken, a connection limit reached)
waits for one before the job: the document is annotated, not failed at the job's first query."""
from __future__ import annotations

import os
import threading

import pytest
from django.db import connection

from anonymizer.types import Analysis
from review import jobs, pipelines, services, worker
from review.models import Corpus, Document
from tests.conftest import own_queue, redis_db

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
DB = redis_db(7)
QUEUE = "test-connection-limit"  # this test's own queue, emptied before and after
ROLE = f"anonymizer_limited_{os.getpid()}"
FREED_AFTER = 2.0  # seconds the database refuses the worker's connection


@pytest.fixture
def queue():
    yield from own_queue(QUEUE, DB)


class _RefusingAfterTheFirst:
    """The pass of the first document (its connection open) starts the refusal; the database takes
    connections again ``FREED_AFTER`` seconds later. The next job meets the refusal at its start."""

    def __init__(self, refuse) -> None:
        self.refuse, self.timer = refuse, None

    def run(self, transcript, progress=None):
        if self.timer is None:
            self.timer = threading.Timer(FREED_AFTER, self.refuse())
            self.timer.start()
        return Analysis(transcript=transcript, mentions=(), entities=())


def _params(**changes) -> dict:
    params = {k: v for k, v in connection.get_connection_params().items() if k in ("host", "port", "user", "dbname", "password")}
    return params | changes


def _role_full(admin, name: str):
    """A role's connection limit reached (as max_connections is for everyone): no new connection."""
    admin.execute(f'ALTER ROLE "{ROLE}" CONNECTION LIMIT 0')
    return lambda: admin.execute(f'ALTER ROLE "{ROLE}" CONNECTION LIMIT -1')


def _database_closed(admin, name: str):
    """A database that accepts no connection for a while (a restart, an administrator's pause)."""
    admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
    return lambda: admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')


REFUSALS = [
    # what refuses the worker's connections for FREED_AFTER seconds after its first job
    pytest.param(_role_full, id="too many connections for the role"),
    pytest.param(_database_closed, id="database not accepting connections"),
]


@pytest.mark.parametrize("refuse", REFUSALS)
def test_it_waits_for_a_connection_before_the_job_instead_of_failing_the_document(queue, settings, monkeypatch, refuse):
    """Seen on the production-like instance with the role's connection limit reached: the worker
    took the next job, its first query was refused, and the document failed ("the database could
    not be reached", Retry by hand) within 20 ms, and so would every document queued behind it."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (a connection limit): make test runs this on PostgreSQL")
    import psycopg

    settings.JOBS_MODE = "rq"
    settings.JOB_HEARTBEAT_SECONDS = 3600  # the worker's recovery thread stays out of the way
    monkeypatch.setattr(jobs, "heartbeat", beat := jobs.Heartbeat())
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 0)  # each job connects anew
    corpus = Corpus.objects.create(name="limit")
    documents = [Document.objects.create(corpus=corpus, title=name, original_name=f"{name}.txt",
                                         original=f"INMATE DOE: {name}.\n".encode()) for name in ("first", "second")]
    for document in documents:
        services.mark_queued(document)
        queue.enqueue(jobs.analyze_document, document.pk, job_id=services.job_id("analyze", document.pk))
    name, user = connection.settings_dict["NAME"], connection.settings_dict["USER"]
    admin = psycopg.connect(**_params(dbname="postgres"), autocommit=True)
    admin.execute(f'CREATE ROLE "{ROLE}" LOGIN NOSUPERUSER')
    with psycopg.connect(**_params(), autocommit=True) as owner:
        owner.execute(f'GRANT ALL ON ALL TABLES IN SCHEMA public TO "{ROLE}"')
        owner.execute(f'GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO "{ROLE}"')
    pipeline = _RefusingAfterTheFirst(lambda: refuse(admin, name))
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    connection.close()
    connection.settings_dict["USER"] = ROLE  # the worker connects as a role of its own
    try:
        worker.Worker([queue], connection=queue.connection).work(burst=True)
        pipeline.timer.join()
    finally:
        beat.stop()
        connection.close()
        connection.settings_dict["USER"] = user
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        with psycopg.connect(**_params(), autocommit=True) as owner:
            owner.execute(f'DROP OWNED BY "{ROLE}"')
        admin.execute(f'DROP ROLE IF EXISTS "{ROLE}"')
        admin.close()
    assert [Document.objects.filter(pk=d.pk).values_list("status", "failure_reason").get() for d in documents] == [
        (Document.Status.READY, "")] * 2

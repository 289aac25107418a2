"""The worker outlives a PostgreSQL restart: the next job gets a working connection."""
from __future__ import annotations

import pytest
from django.db import connection

from anonymizer.types import Analysis
from review import jobs, pipelines, services, worker
from review.models import Corpus, Document
from tests.conftest import own_queue, redis_db

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
DB = redis_db(7)
QUEUE = "test-database-restart"  # this test's own queue, emptied before and after


@pytest.fixture
def queue():
    yield from own_queue(QUEUE, DB)


class _Empty:
    def run(self, transcript, progress=None):
        return Analysis(transcript=transcript, mentions=(), entities=())


def _drop_the_connection() -> None:
    """What a database restart does to the worker's idle connection: its backend ends."""
    import psycopg

    connection.ensure_connection()
    params = {k: v for k, v in connection.get_connection_params().items() if k in ("host", "port", "user", "dbname", "password")}
    backend = connection.connection.info.backend_pid
    with psycopg.connect(**params, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [backend])


def test_it_runs_the_next_job_after_the_database_dropped_the_workers_connection(queue, settings, monkeypatch):
    """rq's SimpleWorker runs every job in one process and Django reset its connection only per web
    request: after a PostgreSQL restart every later job of the worker failed at its first query and
    its document stayed queued (seen on the production-like instance: 3 jobs in a row)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (a server to restart): make test runs this on PostgreSQL")
    settings.JOBS_MODE = "rq"
    settings.JOB_HEARTBEAT_SECONDS = 3600  # the worker's recovery thread stays out of the way
    monkeypatch.setattr(jobs, "heartbeat", beat := jobs.Heartbeat())
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: _Empty())
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)  # as deploy/production.env.example
    corpus = Corpus.objects.create(name="restart")
    documents = [Document.objects.create(corpus=corpus, title=name, original_name=f"{name}.txt",
                                         original=f"INMATE DOE: {name}.\n".encode()) for name in ("first", "second")]
    rq_worker = worker.Worker([queue], connection=queue.connection)
    try:
        for document in documents:
            connection.close()  # the test's own queries stand for a web process's: a fresh connection
            services.mark_queued(document)
            queue.enqueue(jobs.analyze_document, document.pk, job_id=services.job_id("analyze", document.pk))
            _drop_the_connection()  # the database restarted while the worker waited for this job
            rq_worker.work(burst=True)
    finally:
        beat.stop()
    connection.close()
    assert [Document.objects.get(pk=d.pk).status for d in documents] == [Document.Status.READY] * 2

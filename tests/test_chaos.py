"""Chaos: a worker killed mid-job, a Redis that is down, a fan-out PDF. Nothing stays stuck."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from review import jobs, services
from review.models import Corpus, Document, Export
from tests.hostile_pdf import fan_out_pdf
from tests.test_jobs import HEARING, dead_redis  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parent.parent

# A worker process running one job whose pass never ends (it is killed with SIGKILL).
HANGING_WORKER = """
import django, sys, time
django.setup()
from review import jobs, pipelines
class Hang:
    def run(self, transcript, progress=None):
        progress("detecting", 0.2)
        time.sleep(600)
pipelines.get_pipeline = lambda config: Hang()
jobs.analyze_document(int(sys.argv[1]))
"""


def _database_url() -> str:
    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings['NAME']}"
    return f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT'] or 5432}/{settings['NAME']}"


def _wait(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


@pytest.mark.django_db(transaction=True)
def test_it_recovers_a_document_whose_worker_was_killed_mid_job(settings):
    corpus = Corpus.objects.create(name="chaos")
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    env = {
        **os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings", "DATABASE_URL": _database_url(),
        "JOBS_MODE": "thread", "JOB_HEARTBEAT_SECONDS": "1", "PYTHONPATH": str(ROOT),
    }
    worker = subprocess.Popen([sys.executable, "-c", HANGING_WORKER, str(document.pk)], cwd=ROOT, env=env)
    try:
        assert _wait(lambda: Document.objects.get(pk=document.pk).progress_stage == "detecting", 60)
        first = Document.objects.get(pk=document.pk).heartbeat_at
        assert _wait(lambda: Document.objects.get(pk=document.pk).heartbeat_at > first, 10)  # it beats while alive
        settings.JOB_STALE_SECONDS = 3
        assert services.recover_stale_jobs().documents == []  # alive: never touched
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(10)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert Document.objects.get(pk=document.pk).status == Document.Status.ANNOTATING
    assert _wait(lambda: services.recover_stale_jobs().documents == [document.pk], 15)
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED and "interrupted" in document.failure_reason
    jobs.enqueue_analysis(document)  # Retry (inline in the tests)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason


@pytest.mark.django_db
def test_it_leaves_upload_and_export_retryable_when_redis_is_down(client, django_user_model, settings, dead_redis):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.JOBS_MODE = "rq"
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    corpus = Corpus.objects.create(name="down")
    upload = client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": [SimpleUploadedFile("h.txt", HEARING.encode())]})
    approved = Document.objects.create(corpus=corpus, title="a", original_name="a.txt", original=b"x", status=Document.Status.APPROVED,
                                       approved_by=django_user_model.objects.get(username="boss"))
    export = client.post(reverse("review:export_start", args=[corpus.pk]))
    assert (upload.status_code, export.status_code) == (302, 302)
    assert Document.objects.get(title="h").status == Document.Status.FAILED
    assert Export.objects.get().status == Export.Status.FAILED and "Redis" in Export.objects.get().failure_reason
    assert Document.objects.get(pk=approved.pk).status == Document.Status.APPROVED  # nothing else changed


@pytest.mark.django_db(transaction=True)
def test_it_fails_a_fan_out_pdf_at_its_limit_and_the_queue_goes_on(settings):
    settings.JOBS_MODE = "thread"
    settings.PDF_MAX_SECONDS = 3
    settings.PDF_MAX_MEMORY_MB = 8192  # PDFium fills 1.5 GB in about 2.5 s here: the wall time is what this tests
    corpus = Corpus.objects.create(name="hostile")
    hostile = Document.objects.create(corpus=corpus, title="fan", original_name="fan.pdf", original=fan_out_pdf(depth=7))
    good = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    started = time.monotonic()
    jobs.enqueue_analysis(hostile)
    jobs.enqueue_analysis(good)
    jobs.runner.join()
    assert time.monotonic() - started < 60
    hostile.refresh_from_db()
    good.refresh_from_db()
    assert hostile.status == Document.Status.FAILED and "took longer than 3 s" in hostile.failure_reason
    assert good.status == Document.Status.READY, good.failure_reason
    assert jobs.runner.thread.is_alive()  # the worker lives on


@pytest.fixture
def hung_redis(monkeypatch):
    """Every queue points at a Redis that takes connections and never answers (paused, overloaded)."""
    import socket

    import django_rq
    from redis import Redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry
    from rq import Queue

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    port = server.getsockname()[1]
    monkeypatch.setattr(django_rq, "get_queue", lambda name="default", **kw: Queue(
        name, connection=Redis(port=port, socket_connect_timeout=1, socket_timeout=1, retry=Retry(NoBackoff(), 0))))
    yield
    server.close()


@pytest.mark.django_db
def test_it_pays_a_hung_redis_one_timeout_per_upload_not_one_per_file(client, django_user_model, settings, hung_redis):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.JOBS_MODE = "rq"
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    corpus = Corpus.objects.create(name="hung")
    files = [SimpleUploadedFile(f"h{i}.txt", f"INMATE DOE: hearing {i}.\n".encode()) for i in range(6)]
    started = time.monotonic()
    upload = client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": files}, follow=True)
    assert time.monotonic() - started < 4  # one 1 s timeout, not one per file (6 s and more)
    assert upload.status_code == 200
    assert set(corpus.documents.values_list("status", "failure_reason")) == {(Document.Status.FAILED, jobs.QUEUE_DOWN)}
    said = [str(m) for m in upload.context["messages"]]
    assert sum("stored, but its automatic pass could not start" in m and "could not be reached" in m for m in said) == 6
    assert not any("imported" in m for m in said)  # "imported" beside "could not be reached" read as a contradiction
    assert "6 document(s) stored in hung; 6 of them wait for their automatic pass" in " ".join(said)


@pytest.mark.django_db(transaction=True)
def test_it_recovers_a_killed_workers_job_in_a_restarted_idle_worker(settings, monkeypatch):
    """Killed mid-job and restarted at once, the worker found the job's heartbeat fresh at start-up;
    idle, nothing looked again and the document stayed "annotating" for good."""
    from rq import SimpleWorker

    from review import worker

    settings.JOB_HEARTBEAT_SECONDS, settings.JOB_STALE_SECONDS = 0.1, 1
    beat = jobs.Heartbeat()
    monkeypatch.setattr(jobs, "heartbeat", beat)
    monkeypatch.setattr(SimpleWorker, "work", lambda self, *a, **kw: True)  # an idle queue
    corpus = Corpus.objects.create(name="killed")
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=b"x",
                                       status=Document.Status.ANNOTATING)
    Document.objects.filter(pk=document.pk).update(heartbeat_at=timezone.now())  # fresh at the restart
    try:
        worker.Worker.__new__(worker.Worker).work()  # (no Redis: the queue is idle)
        assert _wait(lambda: Document.objects.get(pk=document.pk).status == Document.Status.FAILED, 10)
    finally:
        beat.stop()
    assert Document.objects.get(pk=document.pk).failure_reason == services.recovery.INTERRUPTED


@pytest.mark.django_db(transaction=True)
def test_it_serves_the_first_request_after_postgresql_restarted(client, django_user_model):
    """A restart ends every kept connection (DB_CONN_MAX_AGE=60 in production): the first request
    of each web thread answered 500 (and /healthz/ 503) until its connection was thrown away."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: make test runs this on PostgreSQL")
    import psycopg
    from django.db import close_old_connections

    client.force_login(django_user_model.objects.create_user("ann", password="a-long-test-password"))
    kept = connection.settings_dict["CONN_MAX_AGE"]
    connection.settings_dict["CONN_MAX_AGE"] = 60  # as deploy/production.env.example
    connection.close()  # the next connection is kept 60 s
    try:
        assert client.get(reverse("review:documents")).status_code == 200
        backend = connection.connection.info.backend_pid
        params = {k: v for k, v in connection.get_connection_params().items() if k in ("host", "port", "user", "dbname", "password")}
        with psycopg.connect(**params, autocommit=True) as admin:  # what a restart does to every connection
            admin.execute("SELECT pg_terminate_backend(%s)", [backend])
        close_old_connections()  # what the server's handler does when a request starts (the test client does not)
        assert client.get(reverse("review:documents")).status_code == 200
        assert client.get("/healthz/").status_code == 200
    finally:
        connection.settings_dict["CONN_MAX_AGE"] = kept

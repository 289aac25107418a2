"""A database lost in the middle of a job: the document (or export) ends failed and retryable as
soon as the database answers again, not "annotating" until the stale-job recovery runs."""
from __future__ import annotations

import time

import pytest
from django.db import connection
from django.db.utils import OperationalError

from anonymizer.types import Analysis
from review import exporting, jobs, pipelines, services
from review.models import Corpus, Document, Export

pytestmark = pytest.mark.django_db(transaction=True)


class Outage:
    """A database that stops answering (an execute wrapper on this thread's connection)."""

    def __init__(self) -> None:
        self.down = False

    def __call__(self, execute, sql, params, many, context):
        if self.down:
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)


class Pass:
    """The automatic pass; the database goes away at ``stage`` (while it runs, or while its mentions are saved)."""

    def __init__(self, outage: Outage, stage: str) -> None:
        self.outage, self.stage = outage, stage

    def run(self, transcript, progress=None):
        if self.stage == "detecting":
            self.outage.down = True
            progress("detecting", 0.5)  # the progress write meets the outage
        return Analysis(transcript=transcript, mentions=(), entities=())


def _wait(predicate, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


@pytest.fixture
def beat(settings, monkeypatch):
    settings.JOBS_MODE = "inline"
    settings.JOB_HEARTBEAT_SECONDS, settings.JOB_STALE_SECONDS = 0.05, 3600  # no stale-job recovery meanwhile
    beat = jobs.Heartbeat()
    monkeypatch.setattr(jobs, "heartbeat", beat)
    yield beat
    beat.stop()


@pytest.mark.parametrize("stage", ["start", "detecting", "saving"])
def test_it_fails_a_document_whose_database_went_away_mid_job_once_it_is_back(beat, monkeypatch, stage):
    outage = Outage()
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: Pass(outage, stage))
    if stage == "saving":
        apply = services.apply_analysis
        monkeypatch.setattr(jobs.services, "apply_analysis", lambda *a: (setattr(outage, "down", True), apply(*a)))
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title="h", original_name="h.txt",
                                       original=b"INMATE DOE: yes.\n")
    services.mark_queued(document)
    with connection.execute_wrapper(outage):
        outage.down = stage == "start"
        assert jobs.analyze_document(document.pk) == Document.Status.FAILED  # no exception out of the job
        outage.down = False  # the database is back
    beat.start()  # the heartbeat every job process runs (worker, web process)
    assert _wait(lambda: Document.objects.get(pk=document.pk).status == Document.Status.FAILED, 5)
    document.refresh_from_db()
    assert document.failure_reason == services.recovery.DATABASE_LOST and "Retry" in document.failure_reason
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: Pass(outage, "none"))
    jobs.enqueue_analysis(document)  # Retry
    assert Document.objects.get(pk=document.pk).status == Document.Status.READY


def test_it_leaves_a_retried_document_alone(beat):
    """The failure the outage left unwritten is not written over a Retry made since."""
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title="h", original_name="h.txt",
                                       original=b"INMATE DOE: yes.\n", status=Document.Status.ANNOTATING)
    beat.unwritten[(Document, document.pk)] = (services.recovery.DATABASE_LOST, document.created_at)
    beat.add(Document, document.pk)  # the new job's heartbeat is newer than the outage
    assert beat.write_failures() and not beat.unwritten
    assert Document.objects.get(pk=document.pk).status == Document.Status.ANNOTATING


def test_it_fails_an_export_whose_database_went_away_once_it_is_back(beat, monkeypatch):
    outage = Outage()
    corpus = Corpus.objects.create(name="c")
    export = Export.objects.create(corpus=corpus, status=Export.Status.QUEUED)

    def lost(export_id):
        outage.down = True
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(exporting, "_prepare_all", lambda export: lost(export.pk))
    with connection.execute_wrapper(outage):
        assert jobs.export_corpus(export.pk) == Export.Status.FAILED
        outage.down = False
    beat.start()
    assert _wait(lambda: Export.objects.get(pk=export.pk).status == Export.Status.FAILED, 5)
    assert Export.objects.get(pk=export.pk).failure_reason == services.recovery.EXPORT_DATABASE_LOST


class Drop(Outage):
    """A connection dropped once (the database restarted, an idle-connection killer): the next query
    fails, a new connection answers."""

    def __call__(self, execute, sql, params, many, context):
        if self.down:
            self.down = False
            raise OperationalError("terminating connection due to administrator command")
        return execute(sql, params, many, context)


@pytest.mark.parametrize("stage", ["detecting", "saving"])
def test_it_finishes_a_pass_whose_connection_was_dropped_while_the_database_answers(beat, monkeypatch, stage):
    """Seen on the production-like instance: pg_terminate_backend on the worker's connection 10 s into a
    pass failed the document ('the database could not be reached ... use Retry') although the
    database answered a new connection at once."""
    drop = Drop()
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: Pass(drop, stage))
    if stage == "saving":
        apply = services.apply_analysis
        calls = []  # the connection drops in the first try only

        def dropping(*args):
            drop.down = not calls
            calls.append(1)
            return apply(*args)

        monkeypatch.setattr(jobs.services, "apply_analysis", dropping)
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title="h", original_name="h.txt",
                                       original=b"INMATE DOE: yes.\n")
    services.mark_queued(document)
    with connection.execute_wrapper(drop):
        assert jobs.analyze_document(document.pk) == Document.Status.READY
    document.refresh_from_db()
    assert (document.status, document.failure_reason, document.progress_stage) == (Document.Status.READY, "", "done")

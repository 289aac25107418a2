"""Background jobs. Jobs take primary keys, never model instances.

``settings.JOBS_MODE``: ``rq`` queues on Redis for ``manage.py rqworker``; ``thread`` runs
jobs one at a time in a background thread of the web process (the upload returns at once);
``inline`` runs them synchronously (the tests).

A running job stamps ``heartbeat_at`` every ``JOB_HEARTBEAT_SECONDS``; a job silent for
``JOB_STALE_SECONDS`` is marked failed and retryable by :mod:`review.services.recovery`
(the ``recover_jobs`` command, the thread runner, worker and web start-up). A queue that
cannot be reached leaves the document or export failed with a clear, retryable reason.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from functools import partial

from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

from anonymizer import errors, lang
from config.redis_tools import Pause

from . import pipelines, services, speech_pass
from .job_heartbeat import DATABASE_DOWN, Heartbeat
from .models import Document, Export
from .services.recovery import STORE_SECONDS  # one home: recovery queues a lost pass again with it

log = logging.getLogger(__name__)

QUEUE_DOWN = "the job queue (Redis) could not be reached; nothing was lost, use Retry when it is back"


class PassTimeout(Exception):
    """The automatic pass of one document ran past ``JOB_MAX_SECONDS``."""


def pass_timeouts() -> tuple[type[BaseException], ...]:
    """What ends a pass past its wall time: its own deadline (a recording's too), and rq's timeout of the job."""
    from rq.timeouts import JobTimeoutException

    return PassTimeout, JobTimeoutException, speech_pass.TooLong


class DocumentGone(Exception):
    """The document of a running pass was deleted (its progress found no row): the pass stops."""


def _progress(document: Document, stage: str, fraction: float) -> None:
    if not once_more(lambda: document.set_progress(stage, fraction)):
        raise DocumentGone


def once_more(write: Callable[[], object]):
    """``write``, once more on a new connection when the job's connection was dropped (a restart of the
    database, an idle-connection killer, ``pg_terminate_backend``): the pass of minutes failed at its
    next progress write while the database answered a new connection at once. A database really down
    fails the second try too (``DATABASE_DOWN``: the job ends failed and retryable, as before)."""
    try:
        return write()
    except DATABASE_DOWN as exc:
        if connection.in_atomic_block:  # a transaction's earlier writes went with the connection
            raise
        log.warning("the job's database connection was dropped (%s); trying once more on a new one", type(exc).__name__)
        connection.close()
        return write()


class _Throttled:
    """Progress callback writing to the database at most every 0.5 s and at every new stage; enforces
    the wall-time limit, and stops the pass at its next write when the document was deleted meanwhile."""

    def __init__(self, document: Document, deadline: float, base: float = 0.1, top: float = 0.95) -> None:
        self.document, self.deadline, self.base, self.top = document, deadline, base, top
        self.last = 0.0
        self.stage = ""

    def __call__(self, stage: str, fraction: float) -> None:
        now = time.monotonic()
        if now > self.deadline:
            raise PassTimeout
        stage = "saving the mentions" if stage == "done" else stage  # the pipeline's end, not the job's
        if now - self.last >= 0.5 or fraction >= 1.0 or stage != self.stage:
            self.last, self.stage = now, stage
            _progress(self.document, stage, self.base + (self.top - self.base) * fraction)


def pdf_limits():
    from anonymizer.ingest import Limits

    return Limits(
        seconds=settings.PDF_MAX_SECONDS, memory_mb=settings.PDF_MAX_MEMORY_MB,
        pages=settings.PDF_MAX_PAGES, chars=settings.PDF_MAX_CHARS,
    )


heartbeat = Heartbeat()
#: what a job returns when its document or export was deleted while it waited or ran (Django's admin)
DELETED = "deleted"


def _deleted(model: type, pk: int) -> bool:
    """Whether the row a failed job worked on is gone (then the failure is the deletion's, not the job's)."""
    if model.objects.filter(pk=pk).exists():
        return False
    log.warning("%s %s was deleted while its job waited or ran; nothing to do", model.__name__.lower(), pk)
    return True


def analyze_document(document_id: int) -> str:
    """Ingest (if needed) and pre-annotate one document. Returns the final status; a database lost
    mid-job leaves the document failed and retryable as soon as it answers again (``fail_later``)."""
    try:
        return _analyze(document_id)
    except DATABASE_DOWN as exc:  # its own failure could not be written either
        log.error("document %s: database unreachable during the automatic pass (%s)", document_id, type(exc).__name__)
        heartbeat.fail_later(Document, document_id, services.recovery.DATABASE_LOST)
        return Document.Status.FAILED
    except Exception:
        if _deleted(Document, document_id):  # deleted while queued: DoesNotExist
            return DELETED
        raise


def _analyze(document_id: int) -> str:
    from anonymizer.ingest import IngestError, load_bytes

    document = Document.objects.select_related("corpus").get(pk=document_id)
    deadline = time.monotonic() + settings.JOB_MAX_SECONDS + speech_pass.extra_seconds(document)
    Document.objects.filter(pk=document.pk).update(status=Document.Status.ANNOTATING)
    heartbeat.add(Document, document.pk)
    try:
        _progress(document, "reading", 0.02)
        config = services.config_from_settings(document.corpus)
        base, top = speech_pass.bar(document, config)  # before recognition stores ``timed``
        transcript = (speech_pass.load(document, config, deadline, partial(_progress, document)) if document.is_audio
                      else load_bytes(bytes(document.original), document.original_name, config, pdf_limits()))
        _progress(document, "detecting", base)  # deleted while its file was read: the pass does not start
        analysis = pipelines.get_pipeline(config).run(transcript, progress=_Throttled(document, deadline, base, top))
        analysis = speech_pass.mend(document, analysis, config, partial(_progress, document))  # unsure words, names pass
        once_more(lambda: services.apply_analysis(document, analysis))  # one transaction: all or nothing
        log.info("document %s: read as language %s%s", document.pk, analysis.language,
                 " (detected)" if config.language == lang.AUTO else "")
    except IngestError as exc:
        document.fail(exc.reason)
        log.info("document %s failed ingestion", document.pk)
    except DATABASE_DOWN:
        raise  # written by analyze_document when the database answers again
    except pass_timeouts():
        document.fail(f"the automatic pass took longer than {settings.JOB_MAX_SECONDS} s (limit); split the file or raise JOB_MAX_SECONDS")
        log.warning("document %s: automatic pass past the time limit", document.pk)
    except Exception as exc:  # noqa: BLE001 - any failure must end in a visible state
        if _deleted(Document, document.pk):  # deleted mid-pass: DoesNotExist writing the analysis
            return DELETED
        # the message may quote document text: the log names the type, the document says it in words
        document.fail(f"the automatic pass could not finish: {errors.plain(exc)} (the worker log names it for document {document.pk}); Retry")
        log.error("document %s: automatic pass failed with %s", document.pk, type(exc).__name__)
    finally:
        heartbeat.remove(Document, document.pk)
    document.refresh_from_db(fields=["status"])
    return document.status


def rerun_unstarted(corpus, user=None) -> int:
    """Re-run the automatic pass, with the corpus's current knowledge, on every document no one
    has started (``services.knowledge.unstarted``: never one with any human decision)."""
    from .constants import Action
    from .services import knowledge

    documents = list(knowledge.unstarted(corpus).defer("original", "text"))
    for document in documents:
        services.record(document, user, Action.RERUN, f"document:{document.pk}", "Re-ran the pass with corpus knowledge")
        enqueue_analysis(document)
    return len(documents)


def export_corpus(export_id: int) -> str:
    """Run one corpus export (review.exporting); returns its final status."""
    from . import exporting  # the export imports nothing of the jobs: no cycle

    try:
        heartbeat.add(Export, export_id)
        try:
            return exporting.run_export(export_id)
        finally:
            heartbeat.remove(Export, export_id)
    except DATABASE_DOWN as exc:  # its own failure could not be written either
        log.error("export %s: database unreachable (%s)", export_id, type(exc).__name__)
        heartbeat.fail_later(Export, export_id, services.recovery.EXPORT_DATABASE_LOST)
        return Export.Status.FAILED
    except Exception:
        if _deleted(Export, export_id):  # its corpus deleted
            return DELETED
        raise


def check_export_document(export_id: int, document_id: int, token: str) -> str:
    """Helper of a running export on another worker: the leak gate's detector re-run of one of
    its documents (:mod:`review.export_checks`). Skipped when the export no longer runs or the
    check is taken; a failure gives the claim back, so the export job checks it itself."""
    from . import export_checks, leakgate

    export = Export.objects.select_related("corpus").filter(pk=export_id, status=Export.Status.RUNNING).first()
    if export is None:
        return "skipped"
    # models first (a forking worker loads them per job): a claim is held only while checking
    detector = pipelines.get_pipeline(services.config_from_settings(export.corpus)).detector
    checks = export_checks.shared(export_id, token)
    if not checks.claim(document_id):
        return "skipped"
    try:
        document = Document.objects.select_related("corpus").get(pk=document_id)
        text = leakgate.pseudonymized_text(document)
        checks.run(document_id, export_checks.digest(text),
                   lambda: export_checks.detector_hits(detector, document.neutral_id, text,
                                                       export_checks.source_format(document)))
    except Exception as exc:  # noqa: BLE001 - the export job does the check instead
        checks.release(document_id)
        log.error("export %s: check of document %s failed with %s", export_id, document_id, type(exc).__name__)
        return "failed"
    return "checked"


def after_approval(document_id: int) -> str:
    """After an approval: the leak gate's detector check of the text an export would publish now,
    kept by its SHA-256 (an export reuses it only for that very text and these settings), and
    the document's dashboard parts (``trail``). An optimisation: a failure is logged, no more."""
    from . import annotator_quality, export_checks, leakgate, trail

    document = Document.objects.select_related("corpus").filter(pk=document_id, status=Document.Status.APPROVED).first()
    if document is None:
        return "skipped"
    try:
        trail.keep_flows([document.pk])
        annotator_quality.keep_parts([document.pk])
        config = services.config_from_settings(document.corpus)
        settings_sha, text = export_checks.settings_digest(config), leakgate.pseudonymized_text(document)
        sha = export_checks.digest(text)
        if (document.pk, sha) not in export_checks.kept([document.pk], settings_sha):
            detector = pipelines.get_pipeline(config).detector
            hits = export_checks.detector_hits(detector, "approved", text, export_checks.source_format(document))
            export_checks.keep(document.pk, sha, settings_sha, hits)
    except Exception as exc:  # noqa: BLE001 - the export checks the document itself
        log.error("after approval of document %s: %s", document_id, type(exc).__name__)
        return "failed"
    return "checked"


def enqueue_after_approval(document_id: int) -> None:
    """Run :func:`after_approval` in the job mode (off with ``AFTER_APPROVAL_JOBS=0``); never fails the caller."""
    from .models import DetectorCheck  # heartbeat key of no row: nothing to stamp for this job

    if not settings.AFTER_APPROVAL_JOBS:
        return
    if settings.JOBS_MODE == "inline":
        after_approval(document_id)
    elif settings.JOBS_MODE == "thread":
        runner.put(after_approval, document_id, DetectorCheck)
    elif not queue_recently_down():
        import django_rq

        try:
            django_rq.get_queue("default").enqueue(after_approval, document_id, result_ttl=0,
                                                   job_timeout=settings.RQ_QUEUES["default"]["DEFAULT_TIMEOUT"])
        except Exception as exc:  # noqa: BLE001 - the export checks the document itself
            _queue_down(exc)
            log.warning("after-approval job of document %s not queued (%s)", document_id, type(exc).__name__)


def enqueue_analysis(document: Document, asked: bool = False) -> bool:
    """Queue the automatic pass for a document; False (document failed, retryable) when the queue is down.
    ``asked``: one document a user asked for (Retry, re-run): the queue is tried even within the pause."""
    services.mark_queued(document)
    ok = _dispatch(analyze_document, document.pk, services.job_id("analyze", document.pk), Document, asked=asked,
                   timeout=int(settings.JOB_MAX_SECONDS + STORE_SECONDS + speech_pass.extra_seconds(document)))
    if not ok:
        document.fail(QUEUE_DOWN)
    document.refresh_from_db()
    return ok


def enqueue_export(export_id: int) -> bool:
    """Queue a corpus export (one a user asked for: tried even within the pause); False (export failed,
    retryable) when the queue is down."""
    ok = _dispatch(export_corpus, export_id, services.job_id("export", export_id), Export, asked=True)
    if not ok:
        Export.objects.filter(pk=export_id).update(status=Export.Status.FAILED, failure_reason=QUEUE_DOWN)
    return ok


def _dispatch(function: Callable[[int], str], pk: int, rq_id: str, model: type, timeout: int | None = None,
              asked: bool = False) -> bool:
    """Run or queue ``function(pk)``. Within the pause after a queue failure nothing is tried (each
    file of an upload would pay a hung Redis's timeout), unless ``asked``: one user's click on one row
    pays at most one connection attempt, and a Redis back within ``QUEUE_RETRY_SECONDS`` takes the
    job (a Retry 10 s after a restart said "could not be reached", in every web process that saw it down)."""
    mode = settings.JOBS_MODE
    if mode == "inline":
        function(pk)
        return True
    if mode == "thread":
        heartbeat.add(model, pk)  # queued rows beat too: a restart leaves them silent
        runner.put(function, pk, model)
        return True
    import django_rq
    from redis.exceptions import RedisError

    if queue_recently_down() and not asked:
        log.error("queue unreachable for %s %s (not tried: unreachable moments ago)", model.__name__, pk)
        return False
    try:
        queue = django_rq.get_queue("default")
        _forget_ended(queue.connection, rq_id)
        queue.enqueue(function, pk, job_id=rq_id, job_timeout=timeout or settings.RQ_QUEUES["default"]["DEFAULT_TIMEOUT"])
    except (RedisError, OSError) as exc:
        _queue_down(exc)
        log.error("queue unreachable for %s %s (%s)", model.__name__, pk, type(exc).__name__)
        return False
    if asked:
        queue_paused.clear()  # it answers again: an upload need not wait out the pause
    return True


queue_paused = Pause()  # per process: the queue is not tried again for a while once unreachable


def queue_recently_down() -> bool:
    """Whether this process found Redis unreachable less than ``QUEUE_RETRY_SECONDS`` ago: a Redis
    that hangs would otherwise cost each file of an upload (or each approval) its socket timeout."""
    return queue_paused.paused()


def _queue_down(error: Exception) -> None:
    from redis.exceptions import RedisError

    if isinstance(error, (RedisError, OSError)):
        queue_paused.pause(settings.QUEUE_RETRY_SECONDS)


def _forget_ended(connection, rq_id: str) -> None:
    """Delete an ended job that holds ``rq_id`` before the id is queued again (Retry, re-run).

    A finished or failed job's key expires after its result TTL; enqueueing the same id on top
    of it keeps that expiry, so the new job could vanish from Redis while queued and recovery
    would then fail the document as interrupted. A queued or running job is left alone."""
    from rq.exceptions import NoSuchJobError
    from rq.job import Job, JobStatus

    try:
        job = Job.fetch(rq_id, connection=connection)
    except NoSuchJobError:
        return
    if job.get_status(refresh=False) not in (JobStatus.QUEUED, JobStatus.STARTED):
        job.delete()


class ThreadRunner:
    """One background thread per web process running queued jobs one at a time."""

    def __init__(self) -> None:
        self.jobs: queue.Queue = queue.Queue()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def put(self, function: Callable[[int], str], pk: int, model: type) -> None:
        self.jobs.put((function, pk, model))
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="job-runner", daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            function, pk, model = self.jobs.get()
            try:
                function(pk)
            except Exception as exc:  # noqa: BLE001 - the runner lives on
                log.error("job %s(%s) failed with %s", function.__name__, pk, type(exc).__name__)
            finally:
                heartbeat.remove(model, pk)
                close_old_connections()
                self.jobs.task_done()

    def join(self) -> None:
        """Wait until every queued job has run (tests, benchmarks)."""
        self.jobs.join()


runner = ThreadRunner()


def wait_for_local_jobs() -> None:
    """A command that queued jobs and then exits waits here for the thread runner (its thread is
    a daemon and would die with the process, leaving the documents queued). No-op with rq or inline."""
    if settings.JOBS_MODE == "thread":
        runner.join()

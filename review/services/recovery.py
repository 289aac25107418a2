"""Finding jobs that died (worker killed, process restarted) and leaving them failed, retryable.

A running job stamps ``heartbeat_at`` (review.jobs.Heartbeat). A document queued or
annotating, or an export queued or running, whose heartbeat is older than
``JOB_STALE_SECONDS`` is marked failed with a reason; so is a document still "uploaded" that long
(an upload stores every file, then queues them: a server stopped in between left them so); the document list offers Retry, the
export page a new export. With RQ, a queued document or export still waiting in Redis is
alive without a heartbeat. Each row changes in one conditional UPDATE, so a job that
finishes meanwhile is never overwritten; human decisions are never touched. The partial archives
of exports neither queued nor running (a worker killed mid-write) are removed
(:mod:`review.export_files`).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db.models import DateTimeField, ExpressionWrapper, Q
from django.db.models.functions import Now

from .. import audio, export_files
from ..models import Document, Export

log = logging.getLogger(__name__)

INTERRUPTED = "interrupted: the job stopped without finishing (worker killed or server restarted); use Retry"
NEVER_QUEUED = ("interrupted: the upload stopped before the automatic pass was queued (server stopped or "
                "database unreachable during the upload); use Retry")
EXPORT_INTERRUPTED = "interrupted: the export stopped without finishing (worker killed or server restarted); start it again"
EXPORT_QUEUE_LOST = ("interrupted: the job queue (Redis) lost this queued export (restarted without its data) "
                     "before it started; start it again")
DATABASE_LOST = "interrupted: the database could not be reached during the automatic pass; use Retry"
EXPORT_DATABASE_LOST = "interrupted: the database could not be reached during the export; start it again"
QUEUE_LOST_TWICE = ("interrupted: the job queue (Redis) lost this queued pass twice (restarted without its data); "
                    "use Retry")
QUEUE_LOST = ("interrupted: the job queue (Redis) lost this queued pass (restarted without its data) and it could not "
              "be queued again; use Retry")
#: ``progress_stage`` of a pass recovery queued again after Redis lost it: once only (a Retry's ``mark_queued`` resets it)
REQUEUED = "queued again"
#: an rq worker stops an automatic pass at ``JOB_MAX_SECONDS`` and this much more (storing the result):
#: the pass itself checks its deadline only when a stage reports progress, and a stage that runs for
#: hours on a hostile file reports none (rq's ``JOB_TIMEOUT`` of an hour was the only limit)
STORE_SECONDS = 60
_ANALYZE = "review.jobs.analyze_document"  # by name: the jobs import the services, not the other way
_LIVE_RQ = {"queued", "started", "deferred", "scheduled"}
_WAITING_RQ = _LIVE_RQ - {"started"}  # queued again, not the job that stopped


def job_id(kind: str, pk: int) -> str:
    """The RQ job id of a document's pass (``analyze``) or an export (``export``)."""
    return f"{kind}-{pk}"


@dataclass(frozen=True)
class Recovered:
    documents: list[int]
    exports: list[int]


def recover_stale_jobs(stale_seconds: int | None = None) -> Recovered:
    """Mark every silent job failed (retryable); returns the ids changed."""
    seconds = settings.JOB_STALE_SECONDS if stale_seconds is None else stale_seconds
    cutoff = database_time(-seconds)
    silent = Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, updated_at__lt=cutoff)
    documents = _fail_silent(
        Document, Document.objects.filter(silent, status__in=[Document.Status.QUEUED, Document.Status.ANNOTATING]),
        Document.Status.QUEUED, "analyze", INTERRUPTED, cutoff, lost=_requeue_once,
    )
    # stored by an upload that died before queueing them: no job ever ran, no Retry was offered
    documents += _fail_silent(
        Document, Document.objects.filter(silent, status=Document.Status.UPLOADED), "", "analyze", NEVER_QUEUED, cutoff,
    )
    exports = _fail_silent(
        Export, Export.objects.filter(
            Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, created_at__lt=cutoff),
            status__in=[Export.Status.QUEUED, Export.Status.RUNNING],
        ),
        Export.Status.QUEUED, "export", EXPORT_INTERRUPTED, cutoff, lost=lambda pk, cutoff: EXPORT_QUEUE_LOST,
    )
    if documents or exports:
        log.warning("recovered %d document job(s) and %d export(s) left running", len(documents), len(exports))
    _remove_partial_exports(seconds)
    return Recovered(documents, exports)


def _remove_partial_exports(seconds: float) -> None:
    """And the recordings of deleted documents (review.audio): nothing of a deleted hearing stays on disk."""
    try:
        export_files.remove_stale_partials()
        audio.remove_unused(min_age=seconds)
    except OSError as exc:  # an unreadable EXPORT_ROOT or AUDIO_ROOT: the next recovery tries again
        log.warning("partial export files or unused recordings not looked for (%s)", type(exc).__name__)


def database_time(seconds: float = 0):
    """The database's clock (``seconds`` from now): heartbeats are stamped and judged by this one clock,
    never by the clocks of the processes that beat and recover (a worker whose clock ran two minutes
    behind had every running job failed as silent by the others' recovery)."""
    return ExpressionWrapper(Now() + timedelta(seconds=seconds), output_field=DateTimeField())


def fail_interrupted(model, pk: int, reason: str, since) -> bool:
    """The job of one document or export stopped at ``since`` without writing its end (its database
    went away): failed, retryable; not when it is alive again since (a newer heartbeat, or queued
    again in Redis by a Retry)."""
    live = ([Document.Status.QUEUED, Document.Status.ANNOTATING] if model is Document
            else [Export.Status.QUEUED, Export.Status.RUNNING])
    rows = model.objects.filter(pk=pk, status__in=live).filter(Q(heartbeat_at__lt=since) | Q(heartbeat_at__isnull=True))
    kind = "analyze" if model is Document else "export"
    failed = bool(_fail_silent(model, rows, model.Status.QUEUED, kind, reason, since, waiting=_WAITING_RQ))
    if failed and model is Export:
        _remove_partial_exports()
    return failed


def _fail_silent(model, rows, queued: str, kind: str, reason: str, cutoff, waiting=_LIVE_RQ, lost=None) -> list[int]:
    """Fail the silent ``rows``; a queued one whose job Redis no longer holds at all (it restarted
    without its data: the job never started) is first given to ``lost`` (pk, cutoff) -> None when it
    is queued again, else the reason to fail it with."""
    changed = []
    for pk, status in rows.values_list("pk", "status"):
        why = reason
        if status == queued:
            state = _rq_state(kind, pk, waiting)
            if state == "waiting":
                continue
            if state == "lost" and lost is not None and (why := lost(pk, cutoff)) is None:
                continue
        updated = model.objects.filter(pk=pk, status=status).filter(
            Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True)
        ).update(status=model.Status.FAILED, failure_reason=why)
        if updated:
            changed.append(pk)
    return changed


def _requeue_once(pk: int, cutoff) -> str | None:
    """Queue again, once, the pass of a queued document whose job Redis lost (None); the reason to
    fail it with when it was queued again already (lost twice: no loop) or the queue refuses it now.
    Claimed in one conditional UPDATE (two recoveries at once queue it once), audited, logged by id."""
    from redis.exceptions import RedisError

    from ..constants import Action
    from .base import record

    claimed = Document.objects.filter(pk=pk, status=Document.Status.QUEUED).exclude(progress_stage=REQUEUED).filter(
        Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True)).update(progress_stage=REQUEUED, heartbeat_at=database_time())
    if not claimed:
        log.warning("document %s: its queued pass was lost by the job queue again; failed, retryable", pk)
        return QUEUE_LOST_TWICE
    try:
        import django_rq

        django_rq.get_queue("default").enqueue(_ANALYZE, pk, job_id=job_id("analyze", pk),
                                               job_timeout=settings.JOB_MAX_SECONDS + STORE_SECONDS)
    except (RedisError, OSError) as exc:
        log.warning("document %s: its lost queued pass could not be queued again (%s)", pk, type(exc).__name__)
        return QUEUE_LOST
    record(Document.objects.only("pk").get(pk=pk), None, Action.RERUN, f"document:{pk}",
           "Queued again by recovery: the job queue (Redis) lost the queued pass")
    log.warning("document %s: its queued pass was lost by the job queue (Redis restarted empty); queued again once", pk)
    return None


def _rq_state(kind: str, pk: int, waiting=_LIVE_RQ) -> str:
    """With RQ, whether the job is ``waiting`` in Redis (unknown, i.e. Redis down, counts as waiting),
    ``lost`` (no such job: Redis lost it) or ``ended``; ``ended`` without RQ."""
    if settings.JOBS_MODE != "rq":
        return "ended"
    import django_rq
    from redis.exceptions import RedisError
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    try:
        connection = django_rq.get_connection("default")
        found = Job.fetch(job_id(kind, pk), connection=connection).get_status(refresh=False) in waiting
    except NoSuchJobError:
        return "lost"
    except (RedisError, OSError):
        return "waiting"
    return "waiting" if found else "ended"

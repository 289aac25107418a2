"""Background jobs (django-rq). Jobs take primary keys, never model instances.

Without ``REDIS_URL`` (``settings.JOBS_INLINE``) a job runs synchronously in the calling
process, so the demo needs nothing but Python.
"""
from __future__ import annotations

import logging
import time

from django.conf import settings

from . import pipelines, services
from .models import Document

log = logging.getLogger(__name__)

class _Throttled:
    """Progress callback writing to the database at most every 0.5 s."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.last = 0.0

    def __call__(self, stage: str, fraction: float) -> None:
        now = time.monotonic()
        if now - self.last >= 0.5 or fraction >= 1.0:
            self.last = now
            self.document.set_progress(stage, 0.1 + 0.85 * fraction)


def analyze_document(document_id: int) -> str:
    """Ingest (if needed) and pre-annotate one document. Returns the final status."""
    from anonymizer.ingest import IngestError, load_bytes

    document = Document.objects.select_related("corpus").get(pk=document_id)
    Document.objects.filter(pk=document.pk).update(status=Document.Status.ANNOTATING)
    document.set_progress("reading", 0.02)
    config = services.config_from_settings(document.corpus)
    try:
        transcript = load_bytes(bytes(document.original), document.original_name, config)
        document.set_progress("detecting", 0.1)
        analysis = pipelines.get_pipeline(config).run(transcript, progress=_Throttled(document))
        services.apply_analysis(document, analysis)
    except IngestError as exc:
        document.fail(exc.reason)
        log.info("document %s failed ingestion", document.pk)
    except Exception as exc:  # noqa: BLE001 - any failure must end in a visible state
        # the message may quote document text: log and show the type only
        document.fail(f"internal error ({type(exc).__name__}); see the worker log for document {document.pk}")
        log.error("document %s: automatic pass failed with %s", document.pk, type(exc).__name__)
    document.refresh_from_db(fields=["status"])
    return document.status


def enqueue_analysis(document: Document) -> None:
    """Queue the automatic pass for a document (inline without Redis)."""
    services.mark_queued(document)
    if settings.JOBS_INLINE:
        analyze_document(document.pk)
    else:
        import django_rq

        django_rq.get_queue("default").enqueue(analyze_document, document.pk, job_timeout=settings.RQ_QUEUES["default"]["DEFAULT_TIMEOUT"])
    document.refresh_from_db()


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

    return exporting.run_export(export_id)


def enqueue_export(export_id: int) -> None:
    """Queue a corpus export (inline without Redis)."""
    if settings.JOBS_INLINE:
        export_corpus(export_id)
    else:
        import django_rq

        django_rq.get_queue("default").enqueue(export_corpus, export_id, job_timeout=settings.RQ_QUEUES["default"]["DEFAULT_TIMEOUT"])

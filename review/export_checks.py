"""The leak gate's detector re-run of an export, spread over the workers.

The detectors run again on every pseudonymized text an export publishes (about two thirds
of an export's time). With ``JOBS_MODE=rq`` the export job, once it has pseudonymized the
documents (storing their numbers), queues one :func:`review.jobs.check_export_document`
per document, then walks the documents itself. Each check is claimed once in Redis
(``SET NX`` with an expiry); whoever wins (the export job or a helper on another worker)
runs the detector and stores the hits with the SHA-256 of the text it checked. The export
job takes a stored result only for the very text it publishes, and checks a document
itself when a helper's text differs or its claim expires without a result (a worker
died): the outcome is the single-process one, only spread over the workers. Without Redis
(``inline``, ``thread``) or when Redis fails, the export job checks every document itself.

Checks are also kept in the database (``DetectorCheck``): the job after each approval
(``jobs.after_approval``) checks the text an export would publish then, and every export keeps
what it checked. An export takes a kept check only when both the SHA-256 of the very text it
publishes and that of the detection settings and package/model versions
(:func:`settings_digest`) match; any other document goes through the checks above.

Keys hold a per-run token (an override runs again with fresh keys), expire on their own
and are deleted when the run ends. Hits are offsets and labels only, never text.
"""
from __future__ import annotations

import functools
import hashlib
import json
import logging
import time
import uuid
from pathlib import Path
from typing import Callable

from anonymizer import unbroken
from anonymizer.pdf import reflow
from anonymizer.ingest import suffix
from anonymizer.pipeline import in_ordinary_case
from anonymizer.types import Transcript

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120  # a claim left by a dead worker is taken over after this (a check takes seconds)
RESULT_SECONDS = 3600
POLL_SECONDS = 0.2
Hits = list[tuple]  # (start, end, label, confidence); checks kept before confidence was stored: 3 items


def detector_hits(detector, name: str, text: str, source_format: str = "pdf") -> Hits:
    """What the detectors find in one published text: ``(start, end, label, confidence)``, read as the
    automatic pass read the document: a text file printed like its PDF through its reflowed view
    (``anonymizer.pdf.reflow``: a phrase wrapped over two printed lines is one phrase), a word cut by a
    line's hyphen or an invisible character read whole (``anonymizer.unbroken``), a text typed in
    capitals or without any in ordinary case; the offsets are the published text's."""
    shown = unbroken.through(text, reflow.view(text) if source_format == "txt" else None)
    read = Transcript(name, shown.text if shown is not None else text)
    found = detector.detect(in_ordinary_case(read))
    spans = [(m.start, m.end) if shown is None else shown.span(m.start, m.end) for m in found]
    return [(start, end, m.label, m.confidence) for (start, end), m in zip(spans, found)]


def source_format(document) -> str:
    """How the automatic pass read a document: ``pdf`` or ``txt`` (by its upload name)."""
    return "pdf" if suffix(document.original_name or "") == ".pdf" else "txt"


def evidence(hit) -> int:
    """A hit's confidence (1: a rule, the title page or two tools agree); a kept check without one: 1."""
    return int(hit[3]) if len(hit) > 3 else 1


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Checks:
    """One export run's shared checks; ``store`` is a Redis client (or None: no sharing)."""

    def __init__(self, export_id: int, token: str | None = None, store=None) -> None:
        self.export_id, self.token, self.store = export_id, token or uuid.uuid4().hex, store

    def _key(self, document_id: int, what: str) -> str:
        return f"export-check:{self.export_id}:{self.token}:{document_id}:{what}"

    def _call(self, method: str, *args, **kwargs):
        """A Redis call; any failure answers None (the export job then checks the document itself)."""
        if self.store is None:
            return None
        try:
            return getattr(self.store, method)(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - sharing is an optimisation, never a failure
            log.warning("export %s: shared checks unavailable (%s)", self.export_id, type(exc).__name__)
            self.store = None
            return None

    def claim(self, document_id: int) -> bool:
        """True when this process may check the document (always without sharing)."""
        if self.store is None:
            return True
        won = self._call("set", self._key(document_id, "claim"), "1", nx=True, ex=CLAIM_SECONDS)
        return bool(won) or self.store is None

    def save(self, document_id: int, sha: str, hits: Hits) -> None:
        self._call("set", self._key(document_id, "hits"), json.dumps({"sha": sha, "hits": hits}), ex=RESULT_SECONDS)

    def stored(self, document_id: int) -> dict | None:
        raw = self._call("get", self._key(document_id, "hits"))
        return json.loads(raw) if raw else None

    def run(self, document_id: int, sha: str, check: Callable[[], Hits]) -> Hits:
        """Check a document this process claimed and share the result."""
        hits = check()
        self.save(document_id, sha, [list(h) for h in hits])
        return hits

    def hits_for(self, documents: list[tuple[int, str, Callable[[], Hits]]],
                 progress: Callable[[int], None] = lambda done: None) -> dict[int, Hits]:
        """Every document's hits, ``(document id, text, check)`` each: stored by a helper for
        this very text, or checked here (claimed first, or after a helper's claim expired)."""
        found: dict[int, Hits] = {}
        waiting = list(documents)
        while waiting:
            left = []
            for document_id, text, check in waiting:
                if (hits := self._taken(document_id, digest(text), check)) is None:
                    left.append((document_id, text, check))  # a helper is on it: come back later
                else:
                    found[document_id] = hits
                    progress(len(found))
            if left:
                time.sleep(POLL_SECONDS)
            waiting = left
        return found

    def _taken(self, document_id: int, sha: str, check: Callable[[], Hits]) -> Hits | None:
        result = self.stored(document_id)
        if result is not None:
            if result["sha"] == sha:
                return [tuple(h) for h in result["hits"]]
            return check()  # a helper checked another text: check the published one here
        if self.claim(document_id):
            return self.run(document_id, sha, check)
        return None

    def release(self, document_id: int) -> None:
        """A helper that failed gives its claim back (the export job then checks the document)."""
        self._call("delete", self._key(document_id, "claim"))

    def queue(self, document_ids: list[int]) -> None:
        """One helper job per document on the queue (nothing without sharing)."""
        if self.store is None:
            return
        import django_rq

        try:
            queue = django_rq.get_queue("default", connection=self.store)  # the store's Redis, never another
            for document_id in document_ids:
                queue.enqueue("review.jobs.check_export_document", self.export_id, document_id, self.token,
                              job_timeout=CLAIM_SECONDS, result_ttl=0)
        except Exception as exc:  # noqa: BLE001 - the export job checks every document itself
            log.warning("export %s: helpers not queued (%s)", self.export_id, type(exc).__name__)

    def clear(self, document_ids: list[int]) -> None:
        if self.store is not None and document_ids:
            self._call("delete", *[self._key(d, w) for d in document_ids for w in ("claim", "hits")])


def shared(export_id: int, token: str | None = None) -> Checks:
    """The checks of an export run (``token``: a helper joins the run): shared through Redis
    with ``JOBS_MODE=rq``, else local."""
    from django.conf import settings

    if settings.JOBS_MODE != "rq":
        return Checks(export_id, token)
    import django_rq

    return Checks(export_id, token, store=django_rq.get_connection("default"))


# ---------------------------------------------------------------- checks kept in the database

PACKAGES = ("transcript-anonymizer", "spacy", "presidio-analyzer")


def settings_digest(config) -> str:
    """SHA-256 of what a detector check depends on besides the text: the detection settings
    (the tag style aside) and the versions of the packages and the spaCy model."""
    import dataclasses
    import importlib.metadata

    def version(package: str) -> str | None:
        try:
            return importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            return None

    detection = dataclasses.asdict(dataclasses.replace(config, style="parts"))
    packages = {p: version(p) for p in (*PACKAGES, config.spacy_model.replace("_", "-"))}
    return digest(json.dumps([detection, packages, source_digest()], sort_keys=True, default=str))


@functools.lru_cache(maxsize=1)
def source_digest() -> str:
    """SHA-256 of the ``anonymizer`` package's files (code and word lists): a deployment that changes
    the detectors without a version bump does not reuse checks made by the old code (once per process)."""
    import anonymizer

    root = Path(anonymizer.__file__).parent
    sha = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix != ".pyc"):
        sha.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def kept(document_ids: list[int], settings_sha: str) -> dict[tuple[int, str], Hits]:
    """Checks kept in the database for these documents and settings: ``(document, text sha) -> hits``."""
    from .models import DetectorCheck

    rows = DetectorCheck.objects.filter(document_id__in=document_ids, settings_sha256=settings_sha)
    return {(d, sha): [tuple(h) for h in hits] for d, sha, hits in rows.values_list("document_id", "text_sha256", "hits")}


def keep(document_id: int, sha: str, settings_sha: str, hits: Hits) -> None:
    """Keep one check (offsets and labels only); the document's checks of other texts are dropped."""
    from django.db import transaction

    from .models import DetectorCheck

    with transaction.atomic():
        DetectorCheck.objects.filter(document_id=document_id).exclude(text_sha256=sha, settings_sha256=settings_sha).delete()
        DetectorCheck.objects.update_or_create(document_id=document_id, text_sha256=sha, settings_sha256=settings_sha,
                                               defaults={"hits": [list(h) for h in hits]})

"""Mention counts per document, kept by the services, read by the document list and the dashboard.

Counting every mention of a corpus for each page took seconds at the seed paper's size (334
hearings, 668,000 mentions). A :class:`~review.models.MentionTally` row holds one document's
mentions counted by (label, status, origin, sources), at one document version:

* the services recount a document when its version moved: the one Decision writer after
  every decision on a document it was handed (:func:`store`, at the version it records), the
  automatic pass, the curation of corpus knowledge and new twins at their end (:func:`refresh`). Every change of a document's mentions bumps its version (the review screen's
  caches rely on the same rule), so a tally of the document's version is exact;
* readers (:func:`current`, :func:`settle`) take the stored counts whose version is the
  document's and count the other documents on the fly, in one query, without storing anything
  (GET requests never write): a stale or missing tally costs time, never a wrong number.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from django.db.models import BooleanField, Count, ExpressionWrapper, F, Q, QuerySet

from .constants import ReviewStatus
from .models import Document, Mention, MentionTally

Cell = tuple[str, str, str, str, int]  # label, status, origin, sources ('+'-joined detectors), mentions


@dataclass(frozen=True)
class Tally:
    """One document's mentions, counted per (label, status, origin, sources)."""

    cells: tuple[Cell, ...]

    @property
    def total(self) -> int:
        return sum(cell[4] for cell in self.cells)

    @property
    def decided(self) -> int:
        return sum(cell[4] for cell in self.cells if cell[1] != ReviewStatus.PENDING)


def count(document_ids: Iterable[int]) -> dict[int, Tally]:
    """The documents' mentions counted now, in one query (a document without mentions: no cells)."""
    cells: dict[int, list[Cell]] = {pk: [] for pk in document_ids}
    if cells:
        rows = (Mention.objects.filter(document_id__in=list(cells))
                .values_list("document_id", "label", "status", "origin", "sources").annotate(n=Count("id")).order_by())
        for pk, *cell in rows:
            cells[pk].append(tuple(cell))
    return {pk: Tally(tuple(sorted(found))) for pk, found in cells.items()}


def refresh(document_ids: Iterable[int], *, force: bool = False) -> int:
    """Recount the documents whose tally is missing or of another version (every one with ``force``,
    after a change that bypassed the services); in the caller's transaction. Returns how many."""
    documents = Document.objects.filter(pk__in=set(document_ids))
    if not force:
        documents = documents.exclude(tally__version=F("version"))
    return store(dict(documents.values_list("pk", "version")))


def store(versions: dict[int, int]) -> int:
    """Count the documents' mentions now and store them as their tallies at the given versions (two queries)."""
    if not versions:
        return 0
    rows = [MentionTally(document_id=pk, version=versions[pk], total=tally.total, decided=tally.decided,
                         cells=[list(cell) for cell in tally.cells]) for pk, tally in count(versions).items()]
    MentionTally.objects.bulk_create(rows, update_conflicts=True, unique_fields=["document"],
                                     update_fields=["version", "total", "decided", "cells"])
    return len(rows)


def current(rows: Iterable[tuple[int, int, int | None, list | None]]) -> dict[int, Tally]:
    """Each document's tally now, from ``(document, version, tally version, tally cells)`` rows (a
    LEFT JOIN on the stored tally: ``values_list("pk", "version", "tally__version", "tally__cells")``);
    documents whose stored tally is missing or stale are counted in one query."""
    found: dict[int, Tally] = {}
    stale: list[int] = []
    for pk, version, tally_version, cells in rows:
        if tally_version is not None and tally_version == version:
            found[pk] = Tally(tuple(tuple(cell) for cell in cells))
        else:
            stale.append(pk)
    return {**found, **count(stale)}


# ---------------------------------------------------------------- the document list


def with_totals(documents: QuerySet) -> QuerySet:
    """Documents annotated from their stored tally (``mention_total``, ``mention_decided``) and with
    ``has_text``; call :func:`settle` on the rows read."""
    return documents.annotate(
        tally_version=F("tally__version"),
        mention_total=F("tally__total"),
        mention_decided=F("tally__decided"),
        has_text=ExpressionWrapper(~Q(text=""), output_field=BooleanField()),
    )


def settle(documents: list[Document]) -> list[Document]:
    """Documents from :func:`with_totals` whose tally was missing or stale get the counts of now."""
    stale = {d.pk: d for d in documents if d.tally_version != d.version}
    for pk, tally in count(stale).items():
        stale[pk].mention_total, stale[pk].mention_decided = tally.total, tally.decided
    return documents

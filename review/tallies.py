"""Mention counts per document, kept by the services, read by the document list and the dashboard.

Counting every mention of a corpus for each page took seconds at the seed paper's size (334
hearings, 668,000 mentions). A :class:`~review.models.MentionTally` row holds one document's
mentions counted by (label, status, origin, sources), at one document version:

* the services recount a document when its version moved: the one Decision writer after
  every decision on a document it was handed (:func:`store`, at the version it records), the
  automatic pass, the curation of corpus knowledge and new twins at their end (:func:`refresh`). Every change of a document's mentions bumps its version (the review screen's
  caches rely on the same rule), so a tally of the document's version is exact. A decision that
  only moved statuses carries the stored tally of the version before it (:func:`keep`): the
  moved mentions' cells change, nothing else can; the stored tally then stays equal to a
  recount without counting every mention inside the action's locked transaction;
* readers (:func:`current`, :func:`settle`) take the stored counts whose version is the
  document's and count the other documents on the fly, in one query, without storing anything
  (GET requests never write): a stale or missing tally costs time, never a wrong number.
"""
from __future__ import annotations

from collections import Counter
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
    return len(_store(versions))


def _store(versions: dict[int, int]) -> dict[int, MentionTally]:
    if not versions:
        return {}
    rows = {pk: _row(pk, versions[pk], tally) for pk, tally in count(versions).items()}
    MentionTally.objects.bulk_create(list(rows.values()), update_conflicts=True, unique_fields=["document"],
                                     update_fields=["version", "total", "decided", "cells"])
    return rows


def _row(pk: int, version: int, tally: Tally) -> MentionTally:
    return MentionTally(document_id=pk, version=version, total=tally.total, decided=tally.decided,
                        cells=[list(cell) for cell in tally.cells])


def keep(documents: list[Document], moves: dict[int, tuple[str, str]] | None = None) -> None:
    """Store each document's tally at its version (the Decision writer, after an action's version swap).

    ``moves`` (mention -> ``(status before, status after)``): the action only changed these
    statuses of its one document. The tally stored at the version before then becomes this
    version's by moving the moved mentions' counts from one status to the other (:func:`_carried`):
    two small queries instead of counting every mention. Otherwise (or when that tally is missing
    or of another version) the documents are recounted. Either way the tally is left on the
    document instance (:func:`loaded`), so the action's answer reads its counts without a query.
    """
    carried = _carried(documents[0], moves) if moves is not None and len(documents) == 1 else None
    rows = {documents[0].pk: carried} if carried is not None else _store({d.pk: d.version for d in documents})
    for document in documents:
        document.tally = rows[document.pk]


def _carried(document: Document, moves: dict[int, tuple[str, str]]) -> MentionTally | None:
    """The stored tally of ``document.version - 1`` with ``moves`` applied, stored at ``document.version``;
    None (nothing written) when there is no such tally or the moves do not fit it."""
    try:
        previous = document.tally  # read with the document (``services.begin``) or one query
    except MentionTally.DoesNotExist:
        return None
    if previous.version != document.version - 1:
        return None
    cells = Counter({tuple(cell[:4]): cell[4] for cell in previous.cells})
    found = list(Mention.objects.filter(document_id=document.pk, pk__in=list(moves))
                 .values_list("pk", "label", "origin", "sources")) if moves else []
    for pk, label, origin, sources in found:
        old, new = moves[pk]
        cells[(label, old, origin, sources)] -= 1
        cells[(label, new, origin, sources)] += 1
    if len(found) != len(moves) or min(cells.values(), default=0) < 0:
        return None  # a moved mention is gone or was not counted with the status the decision says
    row = _row(document.pk, document.version, Tally(tuple(sorted((*key, n) for key, n in cells.items() if n))))
    MentionTally.objects.filter(document_id=document.pk).update(
        version=row.version, total=row.total, decided=row.decided, cells=row.cells)
    return row


def loaded(document: Document) -> Tally | None:
    """The document's tally at its version when it is in memory already (no query), else None."""
    if not Document.tally.is_cached(document):
        return None
    try:
        row = document.tally
    except MentionTally.DoesNotExist:
        return None
    if row.version != document.version:
        return None
    return Tally(tuple(tuple(cell) for cell in row.cells))


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

"""Progress and quality numbers of a corpus.

Mention counts (pending per label, the quality of the automatic pass) are summed from each
document's stored tally (``review.tallies``: recounted by the services when the document
changes, so a page view reads one row per document instead of every mention); throughput and
review times from each document's cached part of the audit trail (``review.trail``).

The quality of the automatic pass is measured from what the reviewers did (the paper's
Appendix B table, live): per label and per detector,

* precision = accepted / (accepted + rejected) over the decided automatic mentions the
  detector proposed (pending mentions are not counted);
* recall = accepted automatic mentions the detector proposed / (accepted automatic
  mentions + mentions added by hand), i.e. how much of what the people kept it found.

A relabelled mention counts under its final label; whitelisting deletes pending mentions,
so they do not count as rejections.

Second copies of double annotation (``Document.twin``) count nowhere here: they repeat an
original's text and automatic pass, so counting them would double its mentions, documents and
work. The work on them is measured by its agreement with the original
(``annotator_quality.agreement``).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Iterable

from django.db.models import Count
from django.utils import timezone

from anonymizer.types import LABELS, SOURCES

from . import tallies
from .models import Corpus, Document, Mention, ReviewStatus
from .trail import (  # noqa: F401  (the dashboard's numbers from the audit trail, importable from here too)
    REVIEW_ACTIONS, SESSION_GAP, ReviewTime, Throughput, corpus_flows, originals, review_times, throughput,
    touched_mentions,
)

DETECTORS = tuple(s for s in SOURCES if s != "manual")


# ---------------------------------------------------------------- progress


def status_counts(corpus: Corpus) -> dict[str, int]:
    """Documents per status, every status present (in workflow order)."""
    rows = Document.objects.filter(originals(), corpus=corpus).values_list("status").annotate(n=Count("id")).order_by()
    counts = dict(rows)
    return {status: counts.get(status, 0) for status in Document.Status.values}


@dataclass(frozen=True)
class Tallied:
    """An original document of a corpus with its mention tally now (``corpus_tallies``)."""

    pk: int
    status: str
    approved_at: dt.datetime | None
    tally: tallies.Tally


def corpus_tallies(corpus: Corpus) -> list[Tallied]:
    """Every original document of the corpus with its tally (one query; one more for stale tallies)."""
    rows = list(Document.objects.filter(originals(), corpus=corpus)
                .values_list("pk", "version", "status", "approved_at", "tally__version", "tally__cells"))
    now = tallies.current((pk, version, tv, cells) for pk, version, _, _, tv, cells in rows)
    return [Tallied(pk, status, approved, now[pk]) for pk, _, status, approved, _, _ in rows]


def pending_by_label(corpus: Corpus, documents: list[Tallied] | None = None) -> dict[str, int]:
    """Mentions still pending, per label (labels without pending mentions left out)."""
    documents = corpus_tallies(corpus) if documents is None else documents
    counts: dict[str, int] = {}
    for document in documents:
        for label, status, _, _, n in document.tally.cells:
            if status == ReviewStatus.PENDING:
                counts[label] = counts.get(label, 0) + n
    return dict(sorted(counts.items(), key=_label_order))


def _label_order(item: tuple[str, object]) -> tuple[int, str]:
    order = {label: i for i, label in enumerate(LABELS)}
    return order.get(item[0], len(order)), item[0]


# ---------------------------------------------------------------- quality of the automatic pass


@dataclass(frozen=True)
class Score:
    accepted: int  # automatic mentions kept by a person
    rejected: int  # automatic mentions a person rejected
    relevant: int  # everything people kept: accepted automatic + added by hand

    @property
    def proposed(self) -> int:
        return self.accepted + self.rejected

    @property
    def precision(self) -> float | None:
        return self.accepted / self.proposed if self.proposed else None

    @property
    def recall(self) -> float | None:
        return min(1.0, self.accepted / self.relevant) if self.relevant else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None or p + r == 0:
            return None
        return 2 * p * r / (p + r)

    def as_dict(self) -> dict:
        rounded = {k: None if v is None else round(v, 3) for k, v in
                   (("precision", self.precision), ("recall", self.recall), ("f1", self.f1))}
        return {"proposed": self.proposed, "accepted": self.accepted, "rejected": self.rejected, **rounded}


@dataclass(frozen=True)
class QualityRow:
    label: str
    combined: Score  # the automatic pass as a whole
    detectors: dict[str, Score]
    manual: int  # added by hand (missed by every detector)
    pending: int

    def as_dict(self) -> dict:
        return {"label": self.label, "all": self.combined.as_dict(), "manual": self.manual, "pending": self.pending,
                "detectors": {d: s.as_dict() for d, s in self.detectors.items()}}


@dataclass(frozen=True)
class Quality:
    corpus: str
    detectors: tuple[str, ...]  # detectors that proposed at least one decided mention
    rows: list[QualityRow]
    overall: QualityRow

    def as_dict(self) -> dict:
        return {"corpus": self.corpus, "detectors": list(self.detectors),
                "labels": [r.as_dict() for r in self.rows], "overall": self.overall.as_dict()}

    def format(self) -> str:
        """A plain-text table (the management command prints it)."""
        groups = ("all", *self.detectors)
        head1 = f"{'label':<17}{'hand':>6}{'pend':>6}" + "".join(f" | {g:^20}" for g in groups)
        head2 = f"{'':<17}{'':>6}{'':>6}" + " | {:>6} {:>6} {:>6}".format("P", "R", "F1") * len(groups)
        lines = [head1, head2, "-" * len(head2)]
        for row in (*self.rows, self.overall):
            scores = (row.combined, *(row.detectors[d] for d in self.detectors))
            cells = "".join(" | " + " ".join(_cell(v) for v in (s.precision, s.recall, s.f1)) for s in scores)
            lines.append(f"{row.label:<17}{row.manual:>6}{row.pending:>6}{cells}")
        return "\n".join(lines)


def _cell(value: float | None) -> str:
    return f"{'—' if value is None else f'{value:.3f}':>6}"


KEYS = ("acc", "rej", "manual", "pending", *(f"{d}_{kind}" for d in DETECTORS for kind in ("acc", "rej")))


def _sums(cells: Iterable[tuple[object, tallies.Cell]]) -> dict[object, dict[str, int]]:
    """Per key, the counts of its ``(key, cell)`` pairs: automatic mentions accepted (``acc``) and
    rejected (``rej``), in total and per detector named in their sources, accepted mentions added by
    hand (``manual``), pending ones; a key with cells but nothing counted gets zeros."""
    merged: dict[tuple, int] = {}  # the same cell of many documents, summed first (a corpus has few distinct ones)
    for key, (_, status, origin, sources, n) in cells:
        merged[key, status, origin, sources] = merged.get((key, status, origin, sources), 0) + n
    sums: dict[object, dict[str, int]] = {}
    for (key, status, origin, sources), n in merged.items():
        if key not in sums:
            sums[key] = dict.fromkeys(KEYS, 0)
        counts = sums[key]
        if status == ReviewStatus.PENDING:
            counts["pending"] += n
        elif status == ReviewStatus.ACCEPTED and origin == Mention.Origin.MANUAL:
            counts["manual"] += n
        if origin == Mention.Origin.AUTO and status in (ReviewStatus.ACCEPTED, ReviewStatus.REJECTED):
            kind = "acc" if status == ReviewStatus.ACCEPTED else "rej"
            counts[kind] += n
            for detector in set(sources.split("+")).intersection(DETECTORS):
                counts[f"{detector}_{kind}"] += n
    return sums


def _used(rows: Iterable[dict]) -> tuple[str, ...]:
    rows = list(rows)
    return tuple(d for d in DETECTORS if any(r[f"{d}_acc"] + r[f"{d}_rej"] for r in rows))


def _total(rows: Iterable[dict]) -> dict[str, int]:
    rows = list(rows)
    return {key: sum(r[key] for r in rows) for key in KEYS}


def quality(corpus: Corpus, documents: list[Tallied] | None = None) -> Quality:
    """Precision and recall of the automatic pass per label and per detector (from the tallies)."""
    documents = corpus_tallies(corpus) if documents is None else documents
    rows = _sums((cell[0], cell) for d in documents for cell in d.tally.cells)
    labels = sorted(rows, key=lambda label: _label_order((label, None)))
    used = _used(rows.values())
    return Quality(
        corpus=corpus.name,
        detectors=used,
        rows=[_row(label, rows[label], used) for label in labels],
        overall=_row("Overall", _total(rows.values()), used),
    )


@dataclass(frozen=True)
class QualityTrend:
    """The auto-pass quality of the documents approved in each week (weeks without approvals left out).

    Each week's numbers come from the mentions of the documents approved that week, so an
    admin sees whether corpus-level whitelists and decisions pay off on later documents.
    """

    weeks: list[dt.date]  # the Monday of each week
    documents: list[int]  # documents approved per week
    overall: list[QualityRow]  # one per week
    labels: dict[str, list[QualityRow]]  # per label, one per week (zero counts where absent)
    detectors: tuple[str, ...]

    def precision(self, by: str) -> dict[str, list[float | None]]:
        """Precision series per label (``by="label"``) or per detector (``by="detector"``)."""
        if by == "label":
            return {label: [r.combined.precision for r in rows] for label, rows in self.labels.items()}
        return {d: [r.detectors[d].precision for r in self.overall] for d in self.detectors}


def quality_over_time(corpus: Corpus, documents: list[Tallied] | None = None) -> QualityTrend:
    """``quality`` per week of approval (from the tallies of the approved documents)."""
    documents = corpus_tallies(corpus) if documents is None else documents
    approved = [(_week(d.approved_at), d) for d in documents
                if d.status == Document.Status.APPROVED and d.approved_at is not None]
    cells = _sums(((week, cell[0]), cell) for week, d in approved for cell in d.tally.cells)
    used = _used(cells.values())
    weeks = sorted({week for week, _ in cells})
    labels = sorted({label for _, label in cells}, key=lambda label: _label_order((label, None)))
    zero = dict.fromkeys(KEYS, 0)
    by_label = {label: [_row(label, cells.get((w, label), zero), used) for w in weeks] for label in labels}
    overall = [_row("Overall", _total(r for (week, _), r in cells.items() if week == w), used) for w in weeks]
    # a document has mentions of several labels: count documents per week apart from the labels
    per_week: dict[dt.date, int] = {}
    for week, _ in approved:
        per_week[week] = per_week.get(week, 0) + 1
    return QualityTrend(weeks=weeks, documents=[per_week.get(w, 0) for w in weeks], overall=overall,
                        labels=by_label, detectors=used)


def _week(moment: dt.datetime) -> dt.date:
    """The Monday of the week of ``moment`` in the current time zone (as the database's TruncWeek)."""
    day = timezone.localtime(moment).date() if timezone.is_aware(moment) else moment.date()
    return day - dt.timedelta(days=day.weekday())


def _row(label: str, counts: dict, detectors: tuple[str, ...]) -> QualityRow:
    relevant = counts["acc"] + counts["manual"]
    return QualityRow(
        label=label,
        combined=Score(counts["acc"], counts["rej"], relevant),
        detectors={d: Score(counts[f"{d}_acc"], counts[f"{d}_rej"], relevant) for d in detectors},
        manual=counts["manual"],
        pending=counts["pending"],
    )


def find_corpus(name_or_pk: str) -> Corpus:
    """A corpus by name, or by primary key when the argument is a number."""
    if name_or_pk.isdigit() and Corpus.objects.filter(pk=int(name_or_pk)).exists():
        return Corpus.objects.get(pk=int(name_or_pk))
    return Corpus.objects.get(name=name_or_pk)

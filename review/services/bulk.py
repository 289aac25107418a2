"""Bulk confirmation that keeps the human in charge: accept what the reviewer has seen.

* :func:`accept_pending`: every *pending* mention shown under a filter (labels, certainties,
  sources, entities). The screen states the count before the post; the post carries that
  count (``expected``) and is refused when the set changed meanwhile.
* :func:`accept_rest`: every pending mention, offered only once the reviewer has read every
  line: stepped to it, or had it in view long enough at the reading pace (:mod:`.reading`).

Only pending mentions change, so no explicit human decision is ever overturned. One
:class:`Decision` lists every mention it changed (its before/after hold each mention id:
the per-mention audit trail) and one undo reverts it as a whole. Filters are generic so
other sources ("suspect", "corpus" …) plug in without a new action.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from django.db import transaction
from django.db.models import Count

from ..constants import Action, ReviewStatus
from ..models import Document, Mention
from .base import ActionError, Outcome, begin, finish
from .reading import Reading, line_count, mark_read, reading  # noqa: F401  (re-exported)


@dataclass(frozen=True)
class PendingFilter:
    """Which pending mentions a bulk accept covers; an empty field does not filter."""

    labels: tuple[str, ...] = ()
    certainties: tuple[int, ...] = ()
    sources: tuple[str, ...] = ()
    entity_ids: tuple[int, ...] = ()
    #: the entity list's other filters that chose ``entity_ids`` (``(name, shown value)``): given, only
    #: those entities' mentions are covered, none when no entity passes them
    rows: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, labels: Iterable[str] = (), certainties: Iterable[int] = (), sources: Iterable[str] = (),
           entity_ids: Iterable[int] = (), rows: Iterable[tuple[str, str]] = ()) -> "PendingFilter":
        return cls(tuple(sorted(set(labels))), tuple(sorted({int(c) for c in certainties})),
                   tuple(sorted(set(sources))), tuple(sorted({int(e) for e in entity_ids})), tuple(rows))

    @property
    def by_entity(self) -> bool:
        return bool(self.entity_ids or self.rows)

    def describe(self, *, audit: bool = False) -> str:
        """The set in words, as the screen states it (``audit``: a name searched for is not repeated)."""
        parts = [f"{name} {', '.join(map(str, values))}" for name, values in (
            ("label", self.labels), ("certainty", self.certainties), ("source", self.sources)) if values]
        parts += [("name search" if audit and name == "name" else f"{name} {value}".strip()) for name, value in self.rows]
        if self.entity_ids and not self.rows:
            parts.append(f"entity {', '.join(map(str, self.entity_ids))}")
        return "; ".join(parts) or "no filter"

    def matches(self, label: str, confidence: int, sources: str, entity_id: int) -> bool:
        return ((not self.labels or label in self.labels)
                and (not self.certainties or confidence in self.certainties)
                and (not self.sources or bool(set(sources.split("+")) & set(self.sources)))
                and (not self.by_entity or entity_id in self.entity_ids))


def _selected(document: Document | int, selection: PendingFilter):
    """The pending mentions the filter selects, but for sources (matched in Python: ``a+b`` lists)."""
    rows = Mention.objects.filter(document=document, status=ReviewStatus.PENDING)
    if selection.labels:
        rows = rows.filter(label__in=selection.labels)
    if selection.certainties:
        rows = rows.filter(confidence__in=selection.certainties)
    if selection.by_entity:
        rows = rows.filter(entity_id__in=selection.entity_ids)
    return rows


def pending_under(document: Document | int, selection: PendingFilter) -> list[tuple[int, int, int, int]]:
    """``(pk, start, end, entity_id)`` of the pending mentions the filter selects (what the screen counts)."""
    rows = _selected(document, selection)
    return [(pk, s, e, ent) for pk, s, e, ent, label, conf, src in rows.order_by("start").values_list(
        "pk", "start", "end", "entity_id", "label", "confidence", "sources")
        if selection.matches(label, conf, src, ent)]


def pending_counts(document: Document | int, selection: PendingFilter) -> tuple[int, dict[str, int]]:
    """How many pending mentions the filter selects, and the pending mentions per label (counted by the database)."""
    pending = Mention.objects.filter(document=document, status=ReviewStatus.PENDING)
    labels = dict(pending.values_list("label").annotate(n=Count("id")).order_by())
    count = len(pending_under(document, selection)) if selection.sources else _selected(document, selection).count()
    return count, labels


def _accept(document: Document, user, rows, action: str, target: str, summary: str) -> Outcome:
    ids = [pk for pk, *_ in rows]
    Mention.objects.filter(pk__in=ids, status=ReviewStatus.PENDING).update(status=ReviewStatus.ACCEPTED)
    decision = finish(
        document, user, action, target, summary,
        before={"mentions": [{"ids": ids, "set": {"status": ReviewStatus.PENDING}}]},
        after={"mentions": [{"ids": ids, "set": {"status": ReviewStatus.ACCEPTED}}],
               **_seen_then(document, user)},  # for the diff's "never looked at"
    )
    return Outcome(document, decision, [(s, e) for _, s, e, _ in rows], {ent for *_, ent in rows}, regroup=True)


def _seen_then(document: Document, user) -> dict:
    """The lines the author had read when deciding (the diff's "never looked at" reads them)."""
    seen = reading(document, user)
    return {"lines_read": seen.lines_read, "seen_lines": seen.ranges}


def _as_confirmed(rows: list, expected: int | None, empty: str) -> list:
    """The rows, when they are what the reviewer confirmed (the count the screen stated)."""
    if not rows:
        raise ActionError(empty)
    if expected is not None and expected != len(rows):
        raise ActionError(f"The list changed: {len(rows)} pending mentions are shown now, you confirmed {expected}. "
                          "Nothing was accepted; check and confirm again.")
    return rows


@transaction.atomic
def accept_pending(document_id: int, version: int, user, *, labels: Iterable[str] = (),
                   certainties: Iterable[int] = (), sources: Iterable[str] = (), entity_ids: Iterable[int] = (),
                   expected: int | None = None, selection: PendingFilter | None = None) -> Outcome:
    """Accept every pending mention shown under the filter (decided mentions are never touched).

    ``selection``: the whole set as the screen chose it (the entity list's filters too), instead of
    the separate filters. The version is compared strictly: with ``expected`` (the count the
    screen stated) the set is the one the reviewer saw, or nothing is accepted."""
    selection = selection or PendingFilter.of(labels, certainties, sources, entity_ids)
    document = begin(document_id, version)
    rows = _as_confirmed(pending_under(document, selection), expected, "No pending mention is shown under this filter.")
    return _accept(document, user, rows, Action.ACCEPT_PENDING, f"document:{document.pk}",
                   f"Accepted {len(rows)} pending mentions shown under {selection.describe(audit=True)} "
                   f"(decided mentions untouched)")


# ---------------------------------------------------------------- accept the rest (reading: .reading)


@transaction.atomic
def accept_rest(document_id: int, version: int, user, *, expected: int | None = None) -> Outcome:
    """Accept every pending mention left, once the reviewer has seen every line."""
    document = begin(document_id, version)
    seen = reading(document, user)
    if not seen.complete:
        raise ActionError(f"Read every line first: {seen.lines_read} of {seen.lines} lines read. “Accept the rest” is "
                          "offered once every line was stepped to, or stayed in view long enough to read it at "
                          f"{seen.pace} words a minute.")
    rows = _as_confirmed(pending_under(document, PendingFilter()), expected, "Nothing is pending.")
    return _accept(document, user, rows, Action.ACCEPT_REST, f"document:{document.pk}",
                   f"Accepted the rest: {len(rows)} pending mentions after reading all {seen.lines} lines "
                   f"(decided mentions untouched)")

"""The audit trail as the dashboard reads it: throughput and review times, summed from per-document parts.

Replaying every review decision of a corpus (their before/after) on each dashboard view took
~19 s at 334 reviewed hearings (90,000 decisions). Each document's part of a number is built
from its own decisions once per document stamp (its version and last save: every review
decision, undo, mark done and approval moves the version) and kept in Django's cache
(:func:`per_document`); a view rebuilds only the documents that changed since, in one query.
A job after each approval also keeps the parts in the database (:func:`keep`, ``TrailPart``),
so an empty cache (a restart, another process) reads them instead of replaying the trail.
The sums equal the replay of the whole trail: a mention belongs to one document, so distinct
mentions add up over documents, and each person's review time comes from the merged times
of all their decisions. People are stored by id and named when read.
"""
from __future__ import annotations

import datetime as dt
import pickle
from dataclasses import dataclass, field
from typing import Callable, TypeVar

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Q
from django.utils import timezone

from .constants import UNDOABLE, Action
from .models import Corpus, Decision, Document, TrailPart

REVIEW_ACTIONS = tuple(sorted(UNDOABLE))  # the decisions a person makes on mentions and entities
#: the kind (and cache key) of the throughput parts; "-2": a document counts once as done (its last
#: submission), parts kept before counted every submission and are not read
FLOWS = "flows-2"
SESSION_GAP = 30 * 60  # seconds: a longer pause between two decisions is a break, not review time
DELETED = "(deleted user)"
Part = TypeVar("Part")


def originals(via: str = "") -> Q:
    """Rows of original documents only, no second copy (``via``: the path to the document, e.g. ``"document__"``)."""
    return Q(**{f"{via}twin__isnull": True})


def stamp(version: int, updated_at: dt.datetime | None) -> tuple:
    """What a document's cached parts depend on: its version and last save (a database id can come
    back after a delete, with version 1 again)."""
    return version, str(updated_at)


def per_document(key: str, documents: dict[int, tuple], build: Callable[[dict[int, tuple]], dict[int, Part]],
                 kind: str | None = None) -> dict[int, Part]:
    """Each document's part from the cache entry ``key`` when built at its stamp, else built now.

    ``documents`` maps a primary key to a row whose first two values are its version and last
    save; ``build`` gets the rows of the documents to build (one call, for all of them) and
    returns their parts; ``kind``: parts of that kind kept in the database (:func:`keep`) are read
    before anything is built. The parts of a corpus share one entry (a cache of a few hundred entries,
    like the default local-memory one, would evict per-document entries of a large corpus).
    """
    cached = cache.get(key) or {}
    parts: dict[int, Part] = {}
    missing: dict[int, tuple] = {}
    for pk, row in documents.items():
        hit = cached.get(pk)
        if hit is not None and hit[0] == stamp(*row[:2]):
            parts[pk] = hit[1]
        else:
            missing[pk] = row
    if missing and kind:  # parts kept in the database at the documents' current stamps
        found = kept(kind, missing)
        parts.update(found)
        missing = {pk: row for pk, row in missing.items() if pk not in found}
    if missing or len(cached) != len(parts):  # something new, or parts of documents gone
        built = build(missing) if missing else {}
        parts.update(built)
        cache.set(key, {pk: (stamp(*documents[pk][:2]), part) for pk, part in parts.items()}, 24 * 3600)
    return parts


def kept(kind: str, documents: dict[int, tuple]) -> dict[int, Part]:
    """The parts of ``kind`` kept in the database for these documents, at their current stamps only."""
    rows = TrailPart.objects.filter(kind=kind, document_id__in=list(documents)).values_list("document_id", "stamp", "data")
    return {pk: pickle.loads(data) for pk, at, data in rows if at == repr(stamp(*documents[pk][:2]))}


def keep(kind: str, documents: dict[int, tuple], build: Callable[[dict[int, tuple]], dict[int, Part]]) -> None:
    """Build the parts of ``kind`` for these documents and keep them in the database (jobs, never a GET)."""
    for pk, part in build(documents).items():
        TrailPart.objects.update_or_create(document_id=pk, kind=kind, defaults={
            "stamp": repr(stamp(*documents[pk][:2])), "data": pickle.dumps(part)})


def keep_flows(document_ids: list[int]) -> None:
    """Keep the throughput and review-time parts of these documents (:func:`flows`)."""
    rows = Document.objects.filter(pk__in=document_ids).values_list("pk", "version", "updated_at", "submitted_at")
    keep(FLOWS, {r[0]: r[1:] for r in rows}, flows)


def names(ids) -> dict[int | None, str]:
    """Usernames by id (a deleted person: ``DELETED``)."""
    found = dict(get_user_model().objects.filter(pk__in={i for i in ids if i is not None}).values_list("pk", "username"))
    return {i: found.get(i, DELETED) for i in ids}


def touched_mentions(action: str, before: dict | None, after: dict | None) -> set[int]:
    """The mentions one audit row decided (read from what services record before/after each action).

    accept/reject/relabel/move/split and the entity-wide actions list mention ids in their
    ``mentions`` groups (entity-wide ones only the mentions they changed), ``add`` lists
    ``created_mentions``, ``whitelist`` the pending mentions it deleted; ``rename`` decides none.
    """
    before, after = before or {}, after or {}
    ids = set(after.get("created_mentions", []))
    for group in (*before.get("mentions", []), *after.get("mentions", [])):
        ids.update(group["ids"])
    ids.update(row["id"] for row in before.get("deleted_mentions", []))
    return ids if action in REVIEW_ACTIONS else set()


@dataclass
class Throughput:
    """Per annotator: mentions decided per day, documents marked done per day, mentions per hour.

    A mention counts once per person and day however often it was decided (undone actions
    do not count). Review time is the time between a person's consecutive decisions, pauses
    over ``SESSION_GAP`` left out; mentions per hour = mentions decided ÷ that time (None
    under a minute of measured time).
    """

    days: list[dt.date] = field(default_factory=list)
    mentions: dict[str, dict[dt.date, int]] = field(default_factory=dict)
    submitted: dict[str, dict[dt.date, int]] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)  # distinct mentions decided, all days
    active_seconds: dict[str, float] = field(default_factory=dict)

    def series(self, which: str) -> dict[str, list[int]]:
        """``{user: [value per day in self.days]}`` for ``mentions`` or ``submitted``."""
        table = getattr(self, which)
        return {user: [per_day.get(day, 0) for day in self.days] for user, per_day in sorted(table.items())}

    def per_hour(self, user: str) -> float | None:
        seconds = self.active_seconds.get(user, 0.0)
        return self.totals.get(user, 0) * 3600 / seconds if seconds >= 60 else None


@dataclass
class Flow:
    """One document's part of :class:`Throughput` and of its review time, people by id."""

    days: set[dt.date] = field(default_factory=set)
    mentions: dict[tuple, int] = field(default_factory=dict)  # (person, day) -> distinct mentions decided
    totals: dict[int | None, int] = field(default_factory=dict)  # person -> distinct mentions decided
    submitted: dict[tuple, int] = field(default_factory=dict)  # (person, day) -> marked done
    moments: dict[int | None, list[float]] = field(default_factory=dict)  # person -> times of their decisions
    review: tuple[dt.datetime, dt.datetime, int] | None = None  # first, last, count of decisions before submission


def flows(documents: dict[int, tuple]) -> dict[int, Flow]:
    """The parts of ``(version, last save, submitted_at)`` rows, from their decisions (one query)."""
    parts = {pk: Flow() for pk in documents}
    sets: dict[tuple, set[int]] = {}
    done: dict[int, tuple] = {}
    rows = (Decision.objects.filter(document_id__in=list(documents), undone=False,
                                    action__in=(*REVIEW_ACTIONS, Action.SUBMIT))
            .values_list("document_id", "user_id", "created_at", "action", "before", "after").order_by("id"))
    for pk, user, created, action, before, after in rows:
        part, day = parts[pk], timezone.localtime(created).date()
        part.days.add(day)
        if action == Action.SUBMIT:  # marked done: once per document, by its last submission
            done[pk] = (user, day)
            continue
        ids = touched_mentions(action, before, after)
        sets.setdefault((pk, user, day), set()).update(ids)
        sets.setdefault((pk, user, None), set()).update(ids)
        part.moments.setdefault(user, []).append(created.timestamp())
        submitted_at = documents[pk][2]
        if submitted_at is not None and created <= submitted_at:
            first, last, n = part.review or (created, created, 0)
            part.review = (min(first, created), max(last, created), n + 1)
    for pk, (user, day) in done.items():  # a document sent back and marked done again is done once
        parts[pk].submitted = {(user, day): 1}
    for (pk, user, day), ids in sets.items():
        if day is None:
            parts[pk].totals[user] = len(ids)
        else:
            parts[pk].mentions[user, day] = len(ids)
    return parts


def corpus_flows(corpus: Corpus) -> list[tuple[tuple, Flow]]:
    """Every original document of the corpus — ``(pk, title, submitted_by id, submitted_at, approved_at)``,
    by title — with its part (one query, one more for the documents changed since their part was built)."""
    rows = list(Document.objects.filter(originals(), corpus=corpus).order_by("title", "pk").values_list(
        "pk", "version", "updated_at", "submitted_at", "title", "submitted_by", "approved_at"))
    parts = per_document(f"review:{FLOWS}:{corpus.pk}", {r[0]: r[1:4] for r in rows}, flows, FLOWS)
    return [((pk, title, by, submitted, approved), parts[pk]) for pk, _, _, submitted, title, by, approved in rows]


def throughput(corpus: Corpus, documents: list[tuple[tuple, Flow]] | None = None) -> Throughput:
    """Mentions decided and documents marked done per annotator and day (from the documents' parts)."""
    documents = corpus_flows(corpus) if documents is None else documents
    parts = [part for _, part in documents]
    people = names({user for p in parts for user in (*p.totals, *p.moments, *(u for u, _ in p.submitted))})
    result = Throughput(days=sorted({day for p in parts for day in p.days}))
    for p in parts:
        for target, source in ((result.mentions, p.mentions), (result.submitted, p.submitted)):
            for (user, day), n in source.items():
                per_day = target.setdefault(people[user], {})
                per_day[day] = per_day.get(day, 0) + n
        for user, n in p.totals.items():
            result.totals[people[user]] = result.totals.get(people[user], 0) + n
    moments: dict[str, list[float]] = {}
    for p in parts:
        for user, times in p.moments.items():
            moments.setdefault(people[user], []).extend(times)
    for user, times in moments.items():
        times.sort()
        gaps = [b - a for a, b in zip(times, times[1:]) if b - a <= SESSION_GAP]
        if gaps:
            result.active_seconds[user] = float(sum(gaps))
    result.totals = dict(sorted(result.totals.items()))
    return result


@dataclass(frozen=True)
class ReviewTime:
    document_id: int
    title: str
    annotator: str
    decisions: int  # review decisions before the (last) submission
    review_seconds: float  # first to last decision before submission
    approval_seconds: float | None  # submission to approval


def review_times(corpus: Corpus, documents: list[tuple[tuple, Flow]] | None = None) -> list[ReviewTime]:
    """Submitted documents with their review time and their wait for the second look."""
    documents = corpus_flows(corpus) if documents is None else documents
    people = names({row[2] for row, _ in documents if row[2] is not None})
    times = []
    for (pk, title, by, submitted, approved), part in documents:
        if submitted is None:
            continue
        first, last, n = part.review or (None, None, 0)
        times.append(ReviewTime(
            document_id=pk, title=title, annotator=people[by] if by is not None else "—", decisions=n,
            review_seconds=(last - first).total_seconds() if first else 0.0,
            approval_seconds=(approved - submitted).total_seconds() if approved and approved >= submitted else None,
        ))
    return times

"""How good each annotator's work was, read from the audit trail of the second look.

For every document an annotator marked done (``Document.submitted_by``) we replay the
``Decision`` rows (not undone) in order:

* **decided**: the mentions the annotator's own decisions touched before their first "mark
  done" on that document (``trail.touched_mentions``: accepted, rejected, relabelled, moved,
  split, added by hand, whitelisted, entity-wide actions);
* **the second look**: every decision made on the document after that first "mark done" -
  the reviewer's corrections, and the annotator's own rework when it was sent back to them;
  only documents that are approved count (their second look is over).

On an approved document, a mention the annotator decided is *changed by the second look*
when its value before the second look first touches it differs from its value after
the last touch (so a change made and taken back is no correction). Each changed
mention counts under exactly one kind:

* **wrongly accepted**: the annotator left it accepted, the reviewer rejected it;
* **wrongly rejected**: the annotator left it rejected, the reviewer accepted it (under
  whatever label);
* **relabelled**: it stays accepted, with another label.

**Missed** mentions are the ones added by hand during the second look. Every share is a count ÷
*checked*, the mentions the annotator decided on approved documents ("per 100 decided").
Regrouping (move, split, merge without a label change) and tag renames are not errors.

Second copies (double annotation) are not counted above: an annotator's work on them is
measured apart, by its agreement with the other copy (:func:`agreement`).

Speed: per document, the annotator's review time is the sum of the pauses between their
consecutive decisions on it (pauses over ``trail.SESSION_GAP`` are breaks), in minutes per
1,000 words of the document; the median over their documents.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from .constants import Action
from .models import Corpus, Decision, Document
from .services import double
from .trail import REVIEW_ACTIONS, SESSION_GAP, keep, names, originals, per_document, touched_mentions

KINDS = ("missed", "wrongly_accepted", "wrongly_rejected", "relabelled")
KIND_NAMES = {"missed": "Missed", "wrongly_accepted": "Wrongly accepted", "wrongly_rejected": "Wrongly rejected",
              "relabelled": "Relabelled"}


@dataclass
class AnnotatorQuality:
    annotator: str
    documents: int = 0  # marked done by them
    approved: int = 0  # of those, approved
    mentions: int = 0  # mentions they decided on their documents
    checked: int = 0  # of those, on approved documents (the base of every share)
    missed: int = 0
    wrongly_accepted: int = 0
    wrongly_rejected: int = 0
    relabelled: int = 0
    minutes_per_1000_words: list[float] = field(default_factory=list, repr=False)
    agreement: float | None = None  # mean F1 with the other annotator of a doubly annotated text: ``agreement()``
    pairs: int = 0  # doubly annotated texts whose two copies are both marked done, one copy theirs

    @property
    def changed(self) -> int:
        return sum(getattr(self, kind) for kind in KINDS)

    def share(self, kind: str) -> float | None:
        """``kind`` (one of KINDS, or ``"changed"``) per mention checked; None before any approval."""
        count = self.changed if kind == "changed" else getattr(self, kind)
        return count / self.checked if self.checked else None

    @property
    def median_minutes(self) -> float | None:
        """Median review minutes per 1,000 words over their documents (None without words)."""
        return statistics.median(self.minutes_per_1000_words) if self.minutes_per_1000_words else None


def agreement(corpus: Corpus) -> dict[str, list[float]]:
    """Per annotator, the F1 of each doubly annotated text they did one copy of (original or second).

    Only pairs whose two copies are both marked done count (an unfinished copy would look
    like disagreement); F1 is over the masked spans (``services.double.agreement``).
    """
    scores: dict[str, list[float]] = {}
    twins = (corpus.documents.filter(twin__isnull=False, submitted_by__isnull=False, twin__submitted_by__isnull=False)
             .select_related("twin", "submitted_by", "twin__submitted_by")
             .defer("original", "text", "twin__original", "twin__text"))
    for twin in twins:
        f1 = double.agreement(twin.twin, twin).f1
        if f1 is not None:
            for person in {twin.submitted_by.get_username(), twin.twin.submitted_by.get_username()}:
                scores.setdefault(person, []).append(f1)
    return scores


def annotator_quality(corpus: Corpus) -> list[AnnotatorQuality]:
    """One row per annotator who marked a document of the corpus done, by name: the sum of each
    document's part, built from its decisions once per document stamp (``trail.per_document``)."""
    documents = {
        row[0]: row[1:] for row in Document.objects.filter(originals(), corpus=corpus, submitted_by__isnull=False)
        .values_list("pk", "version", "updated_at", "word_count", "status", "submitted_by", "submitted_at")
    }
    parts = per_document(f"review:annotators:{corpus.pk}", documents, _parts, "annotators")
    names_of = names({row[4] for row in documents.values()})
    people: dict[str, AnnotatorQuality] = {}
    for pk, row in documents.items():
        name = names_of[row[4]]
        person = people.setdefault(name, AnnotatorQuality(name))
        for counter in COUNTERS:
            setattr(person, counter, getattr(person, counter) + getattr(parts[pk], counter))
        person.minutes_per_1000_words.extend(parts[pk].minutes_per_1000_words)
    for name, f1s in agreement(corpus).items():
        person = people.setdefault(name, AnnotatorQuality(name))  # who did only second copies is listed too
        person.pairs, person.agreement = len(f1s), statistics.fmean(f1s)
    return [people[name] for name in sorted(people)]


COUNTERS = ("documents", "approved", "mentions", "checked", *KINDS)


def keep_parts(document_ids: list[int]) -> None:
    """Keep these documents' parts in the database (``trail.keep``: a job after an approval)."""
    rows = (Document.objects.filter(pk__in=document_ids, submitted_by__isnull=False)
            .values_list("pk", "version", "updated_at", "word_count", "status", "submitted_by", "submitted_at"))
    keep("annotators", {row[0]: row[1:] for row in rows}, _parts)


def _parts(documents: dict[int, tuple]) -> dict[int, AnnotatorQuality]:
    """Each document's part of its annotator's row, from ``(version, last save, word_count, status,
    submitted_by, submitted_at)`` rows and their decisions (one query)."""
    decisions: dict[int, list[tuple]] = {}
    for row in (
        Decision.objects.filter(document_id__in=list(documents), undone=False, action__in=(*REVIEW_ACTIONS, Action.SUBMIT))
        .values_list("document_id", "user_id", "created_at", "action", "before", "after")
        .order_by("id")
    ):
        decisions.setdefault(row[0], []).append(row[1:])
    parts = {}
    for pk, (_, _, word_count, status, by, submitted_at) in documents.items():
        parts[pk] = AnnotatorQuality("")
        doc = {"word_count": word_count, "status": status, "submitted_by": by, "submitted_at": submitted_at}
        _document(parts[pk], doc, decisions.get(pk, []))
    return parts


def _document(person: AnnotatorQuality, doc: dict, rows: list[tuple]) -> None:
    annotator = doc["submitted_by"]
    submits = [i for i, (user, _, action, _, _) in enumerate(rows) if action == "submit" and user == annotator]
    first_submit = submits[0] if submits else len(rows)
    decided: dict[int, str | None] = {}  # mention -> the status the annotator left it in (None: not recorded)
    for user, _, action, before, after in rows[:first_submit]:
        if user == annotator and action != "submit":
            for pk in touched_mentions(action, before, after):
                decided.setdefault(pk, None)
            for group in (after or {}).get("mentions", []):
                if "status" in group["set"]:
                    decided.update(dict.fromkeys(group["ids"], group["set"]["status"]))
            decided.update(dict.fromkeys((after or {}).get("created_mentions", []), "accepted"))
    seconds, last = 0.0, None
    for user, created, action, _, _ in rows:  # time: all their decisions up to the (last) mark done
        if user == annotator and action != "submit" and created <= doc["submitted_at"]:
            if last is not None and (gap := (created - last).total_seconds()) <= SESSION_GAP:
                seconds += gap
            last = created
    person.documents += 1
    person.mentions += len(decided)
    if doc["word_count"]:
        person.minutes_per_1000_words.append(seconds / 60 / (doc["word_count"] / 1000))
    if doc["status"] != Document.Status.APPROVED:
        return
    person.approved += 1
    person.checked += len(decided)
    second_look = [r for r in rows[first_submit + 1:] if r[2] != "submit"]
    for kind, count in corrections(decided, second_look).items():
        setattr(person, kind, getattr(person, kind) + count)


def corrections(decided: dict[int, str | None], second_look: list[tuple]) -> dict[str, int]:
    """Count the second look's changes to ``decided`` mentions by kind.

    ``decided`` maps the annotator's mentions to the status they left them in; the rows are
    ``(user, created, action, before, after)`` of the second look, in order.
    """
    first: dict[int, dict] = {}  # per mention and field: the value before the second look's first touch
    final: dict[int, dict] = {}  # ... and after their last
    counts = dict.fromkeys(KINDS, 0)
    for _, _, action, before, after in second_look:
        before, after = before or {}, after or {}
        if action == "add":
            counts["missed"] += len(after.get("created_mentions", []))
        for group in before.get("mentions", []):
            for pk in group["ids"]:
                for key, value in group["set"].items():
                    first.setdefault(pk, {}).setdefault(key, value)
        for group in after.get("mentions", []):
            for pk in group["ids"]:
                final.setdefault(pk, {}).update(group["set"])
    for pk, was in first.items():
        if pk not in decided:
            continue
        was = {"status": decided[pk], **was} if decided[pk] else was
        now = {**was, **final.get(pk, {})}
        if was.get("status") == "accepted" and now.get("status") == "rejected":
            counts["wrongly_accepted"] += 1
        elif was.get("status") == "rejected" and now.get("status") == "accepted":
            counts["wrongly_rejected"] += 1
        elif "label" in was and was["label"] != now.get("label") and now.get("status") == "accepted":
            counts["relabelled"] += 1
    return counts

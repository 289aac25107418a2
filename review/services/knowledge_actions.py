"""A person's actions on what corpus knowledge marked: accept every mention known from the
corpus, reject every mention people rejected before, restore mentions the corpus dismissed
(review.services.knowledge applies the marks).
Each is one transaction with one Decision that ``undo`` reverts."""
from __future__ import annotations

from django.db import transaction

from ..constants import Action, CorpusMark, ReviewStatus
from ..models import Document, Mention
from .base import Outcome, begin, finish, grouped
from .knowledge import KNOWN_MARKS


def _switch(document: Document, rows, old: str, new: str, user, action: str, summary: str) -> Outcome:
    """Move ``rows`` from status ``old`` to ``new``: one Decision that ``undo`` reverts."""
    changed = list(rows.values_list("pk", "start", "end", "entity_id"))
    ids = [pk for pk, *_ in changed]
    Mention.objects.filter(pk__in=ids).update(status=new)
    decision = finish(document, user, action, f"document:{document.pk}", summary.format(len(ids)),
                      before={"mentions": grouped((pk, {"status": old}) for pk in ids)},
                      after={"mentions": grouped((pk, {"status": new}) for pk in ids)})
    return Outcome(document, decision, [(s, e) for _, s, e, _ in changed], {x for *_, x in changed}, regroup=True)


@transaction.atomic
def accept_known_from_corpus(document_id: int, version: int, user, label: str | None = None) -> Outcome:
    """Accept every pending mention known from the corpus (optionally of one label); undoable."""
    document = begin(document_id, version)
    rows = document.mentions.filter(status=ReviewStatus.PENDING, corpus_mark__in=KNOWN_MARKS)
    if label:
        rows = rows.filter(label=label)
    return _switch(document, rows, ReviewStatus.PENDING, ReviewStatus.ACCEPTED, user, Action.ACCEPT_KNOWN,
                   "Accepted {} mention(s) known from the corpus")


@transaction.atomic
def restore_dismissed(document_id: int, version: int, user, mention_ids: list[int] | None = None) -> Outcome:
    """Bring mentions the corpus dismissed back to pending (all of them, or the given ones); undoable."""
    document = begin(document_id, version)
    rows = document.mentions.filter(status=ReviewStatus.REJECTED, corpus_mark=CorpusMark.DISMISSED)
    if mention_ids is not None:
        rows = rows.filter(pk__in=mention_ids)
    return _switch(document, rows, ReviewStatus.REJECTED, ReviewStatus.PENDING, user, Action.RESTORE_DISMISSED,
                   "Restored {} mention(s) dismissed by the corpus")


@transaction.atomic
def reject_rejected_before(document_id: int, version: int, user, label: str | None = None) -> Outcome:
    """Reject every pending mention marked "rejected before in this corpus" (optionally of one label):
    a person's one action on what people rejected in earlier documents; undoable."""
    document = begin(document_id, version)
    rows = document.mentions.filter(status=ReviewStatus.PENDING, corpus_mark=CorpusMark.REJECTED_BEFORE)
    if label:
        rows = rows.filter(label=label)
    return _switch(document, rows, ReviewStatus.PENDING, ReviewStatus.REJECTED, user, Action.REJECT_REJECTED_BEFORE,
                   "Rejected {} mention(s) rejected before in this corpus")

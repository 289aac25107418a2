"""An admin's curation of corpus knowledge: remove, restore or correct a learned entry.

Each change is one transaction: the entry is updated, a :class:`KnowledgeChange` row audits
it (who, what, before/after, how many mentions it changed), and the knowledge is applied
again to the documents no one has started (``knowledge.unstarted``); documents with any
human decision are never touched. :func:`impact` tells the admin first how many pending
mentions in unreviewed documents the change would touch.
"""
from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.db.models.functions import Substr

from .. import tallies
from ..models import KnowledgeChange, KnownForm, Mention
from .base import ActionError, checked_label
from .knowledge import Knowledge, apply, reset, unstarted
from .text import fold_possessive

REMOVE, RESTORE, RELABEL = "remove", "restore", "relabel"
OPERATIONS = (REMOVE, RESTORE, RELABEL)


def impact(entry: KnownForm) -> tuple[int, int]:
    """(mentions, documents) in unstarted documents whose text is this entry's form."""
    rows = (Mention.objects.filter(document__in=unstarted(entry.corpus))
            .annotate(surface=Substr("document__text", F("start") + 1, length=F("end") - F("start")))
            .values_list("document_id", "surface"))
    hits = [d for d, surface in rows if fold_possessive(surface) == entry.form]
    return len(hits), len(set(hits))


def _state(entry: KnownForm) -> dict:
    return {"removed": entry.removed, "label_override": entry.label_override}


@transaction.atomic
def change_entry(entry_id: int, user, operation: str, label: str = "") -> KnowledgeChange:
    """Remove, restore (undo a removal or a correction) or relabel one learned entry; audited."""
    try:
        entry = KnownForm.objects.select_for_update().select_related("corpus").get(pk=entry_id)
    except KnownForm.DoesNotExist:
        raise ActionError("That entry no longer exists.") from None
    before = _state(entry)
    if operation == REMOVE:
        entry.removed = True
    elif operation == RESTORE:
        entry.removed, entry.label_override = False, ""
    elif operation == RELABEL:
        if not entry.accepted:
            raise ActionError("Only a learned name has a label to correct.")
        entry.label_override = checked_label(label)
    else:
        raise ActionError("Unknown operation.")
    changed, _ = impact(entry)
    entry.save(update_fields=["removed", "label_override", "updated_at"])
    reapply(entry.corpus)
    return KnowledgeChange.objects.create(corpus=entry.corpus, known_form=entry, user=user, action=operation,
                                          before=before, after=_state(entry), mentions_changed=changed)


def reapply(corpus) -> int:
    """Apply the current knowledge again to every unstarted document; returns how many.

    Each document's version moves (its mentions may change: an open review screen reloads, the
    mention tallies are recounted)."""
    current = Knowledge(corpus)
    documents = list(unstarted(corpus).select_related("corpus").defer("original"))
    for document in documents:
        reset(document)
        apply(document, current)
        document.bump_version()
    tallies.refresh(d.pk for d in documents)
    return len(documents)

"""What an export refuses before it writes anything, and the error it says so with.

A document ships because a person approved it (``services.team.approve`` sets the approver and
writes the APPROVE decision). A document marked approved with no approver and no approval in its
history got its status around the services (the Django admin did that before it was made
read-only, a database shell can): an export refuses it, naming it by its number.
"""
from __future__ import annotations

from .constants import Action
from .models import Decision, Document


class ExportError(Exception):
    """An export that cannot start or continue; the message is safe to show (never document text)."""


NONE_APPROVED = ("None of this export's documents is approved any more (each was reopened "
                 "since the export was started): approve documents, then start a new export.")


def approved_by_no_one(documents: list[Document]) -> list[int]:
    """The documents among ``documents`` (marked approved) that no person approved."""
    suspect = [d.pk for d in documents if d.approved_by_id is None]
    if not suspect:
        return []
    vouched = set(Decision.objects.filter(document_id__in=suspect, action=Action.APPROVE)
                  .values_list("document_id", flat=True))
    return sorted(pk for pk in suspect if pk not in vouched)


def refuse_unapproved(documents: list[Document]) -> None:
    """Raise :class:`ExportError` naming the documents approved by no one, if any."""
    if found := approved_by_no_one(documents):
        listed = ", ".join(map(str, found[:10])) + (" …" if len(found) > 10 else "")
        raise ExportError(
            f"Approved by no one (no approver, no approval in the history): document {listed}. An export ships "
            f"only what a person approved: reopen {'it' if len(found) == 1 else 'them'} and approve on the review screen."
        )

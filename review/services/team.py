"""Four-eyes workflow (submit, approve, send back) and assignment (assign, take next)."""
from __future__ import annotations

from contextlib import nullcontext
from datetime import timedelta
from typing import Iterable

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from ..constants import UNDOABLE, Action
from ..models import Corpus, Decision, Document
from .base import REVIEWABLE, ActionError, Outcome, begin, finish, pending_count, quote, record, record_all
from .comments import create as create_comment, first_unresolved, unresolved
from .double import check_assignment
from .text import typed


def _nothing_pending(document: Document, step: str) -> None:
    pending = pending_count(document)
    if pending:
        raise ActionError(f"{pending} mention(s) are still pending; decide them before {step}.")


@transaction.atomic
def submit(document_id: int, version: int, user) -> Outcome:
    """"Mark done": the first review is over (nothing pending); the document awaits the second look."""
    document = begin(document_id, version, REVIEWABLE)
    _nothing_pending(document, "marking the document done")
    unchanged = unchanged_since_send_back(document)
    now = timezone.now()
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.SUBMITTED, submitted_by=user, submitted_at=now, review_comment=""
    )
    document.status, document.submitted_by, document.submitted_at, document.review_comment = (
        Document.Status.SUBMITTED, user, now, "")
    summary = "Marked the document done" + (" again, without changes since it was sent back" if unchanged else "")
    decision = finish(document, user, Action.SUBMIT, f"document:{document.pk}", summary,
                      after={"unchanged": True} if unchanged else None)
    return Outcome(document, decision, [], set())


def unchanged_since_send_back(document: Document) -> bool:
    """Whether the document was sent back and no annotation changed since (undone actions do not count)."""
    sent_back = document.decisions.filter(action=Action.SEND_BACK).order_by("-id").values_list("pk", flat=True).first()
    if sent_back is None:
        return False
    return not document.decisions.filter(pk__gt=sent_back, action__in=UNDOABLE, undone=False).exists()


def resubmitted_unchanged(document: Document) -> bool:
    """Whether the latest "Mark done" came back from a send-back without any change (for the reviewer)."""
    last = document.decisions.filter(action=Action.SUBMIT).order_by("-id").values_list("after", flat=True).first()
    return document.status == Document.Status.SUBMITTED and bool((last or {}).get("unchanged"))


def _second_look(document_id: int, version: int, user) -> Document:
    from ..permissions import may_approve

    document = begin(document_id, version, (Document.Status.SUBMITTED,))
    if not may_approve(user, document):  # four-eyes, checked again under the version swap
        raise ActionError("The second look must come from another person than the one who marked it done.")
    return document


def unseen_count(document: Document) -> int:
    """Mentions decided in bulk on a line their author had not read (the second look states them first)."""
    from .diff import unseen_mentions

    return len(unseen_mentions(document))


@transaction.atomic
def approve(document_id: int, version: int, user, *, acknowledged: int | None = None) -> Outcome:
    """The second look approves a submitted document (nothing may be pending).

    Mentions decided in bulk that nobody looked at (:func:`unseen_count`) must be acknowledged:
    ``acknowledged`` is the count the screen stated; it is recorded in the history.
    """
    document = _second_look(document_id, version, user)
    _nothing_pending(document, "approving")
    unseen = unseen_count(document)
    if unseen and acknowledged != unseen:
        raise ActionError(f"{unseen} mention(s) decided in bulk were never looked at: tick the box acknowledging "
                          "them (or check them: “Never looked at” lists them) to approve.")
    now = timezone.now()
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.APPROVED, approved_by=user, approved_at=now, reviewer=user
    )
    document.status, document.approved_by, document.approved_at = Document.Status.APPROVED, user, now
    left_open = unresolved(document).count()  # approving does not resolve them: said, and in the history
    summary = f"Approved the document{learned(document)}" + (
        f", acknowledging {unseen} mention(s) decided in bulk never looked at" if unseen else "") + (
        f"; {left_open} comment(s) left open" if left_open else "")
    decision = finish(document, user, Action.APPROVE, f"document:{document.pk}", summary,
                      after={"unseen_acknowledged": unseen} if unseen else None)
    return Outcome(document, decision, [], set())


LEARNED_SHOWN = 3  # forms an approval's message names


def learned(document: Document) -> str:
    """What the corpus learns from this approval, learned now (not at the next import or re-run) and
    said in the approval's message: the names it now knows from this document and the forms it now
    dismisses (rejected here and in another document, never accepted)."""
    from .knowledge import Knowledge, learn

    learn(document.corpus)
    known = Knowledge(document.corpus)
    names = sorted(k.surface for k in known.known.values() if document.pk in k.accepted_in)
    dismissed = sorted(k.surface for k in known.dismissed.values() if document.pk in k.rejected_in)
    parts = [f"{len(forms)} {what} ({', '.join(quote(f, 30) for f in forms[:LEARNED_SHOWN])}"
             f"{', …' if len(forms) > LEARNED_SHOWN else ''})" for what, forms in
             (("name(s) it knows", names), ("form(s) it dismisses", dismissed)) if forms]
    return f"; the corpus learned from it: {' and '.join(parts)}" if parts else "; the corpus learned nothing new from it"


@transaction.atomic
def send_back(document_id: int, version: int, user, comment: str = "") -> Outcome:
    """The second look returns a submitted document to its annotator; it carries at least one comment.

    ``comment`` (optional when the document already has an unresolved comment) is stored as
    a comment on the first line; the list shows the first unresolved comment.
    """
    comment = comment.strip()
    document = _second_look(document_id, version, user)
    if comment:
        create_comment(document, user, comment)
    first = first_unresolved(document)
    if first is None:
        raise ActionError("Say what needs another look: a send-back carries at least one comment.")
    shown = comment or first.body
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.IN_REVIEW, review_comment=shown, reviewer=user
    )
    document.status, document.review_comment = Document.Status.IN_REVIEW, shown
    more = unresolved(document).count() - 1
    summary = f"Sent back: {quote(shown, 120)}" + (f" and {more} more open comment(s)" if more else "")
    decision = finish(document, user, Action.SEND_BACK, f"document:{document.pk}", summary, after={"comment": shown})
    return Outcome(document, decision, [], set())


# ---------------------------------------------------------------- assignment


def assign(document_ids: Iterable[int], assignee, by) -> int:
    """Assign (or, with ``assignee=None``, unassign) documents in bulk; one audit row each."""
    documents = list(Document.objects.filter(pk__in=list(document_ids)).defer("original", "text"))
    check_assignment(documents, assignee)
    ids = [d.pk for d in documents]
    with transaction.atomic():
        Document.objects.filter(pk__in=ids).update(assignee=assignee)
        summary = f"Assigned to {assignee.get_username()}" if assignee else "Unassigned"
        record_all(ids, by, Action.ASSIGN, summary, after={"assignee": assignee.pk if assignee else None})
    return len(ids)


#: a second *Take next* of the same person within this long gets the document the first one took
TAKE_AGAIN_SECONDS = 10


def take_next(corpus: Corpus, user, attempts: int = 50) -> Document | None:
    """Give ``user`` the next unassigned reviewable document of the corpus, or None.

    The claim is an UPDATE … WHERE assignee IS NULL: when two people ask at once, exactly
    one update matches and the other tries the next candidate (on every database). One
    person's takes go one at a time (their user row is locked), and a take within
    ``TAKE_AGAIN_SECONDS`` of their last one in this corpus answers that document again: a
    double click (two requests at once) took two documents, the second hidden from the others.
    """
    candidates = (Document.objects.filter(corpus=corpus, assignee__isnull=True, status__in=REVIEWABLE)
                  .exclude(twin__assignee=user).exclude(twins__assignee=user))  # never both copies
    # SQLite has no row locks, and a transaction there that reads before it writes fails as "database is
    # locked" beside another writer: it keeps the check without the lock
    serial = connection.features.has_select_for_update
    with transaction.atomic() if serial else nullcontext():
        if serial:
            get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).values_list("pk").first()
        just_taken = (Decision.objects.filter(user=user, action=Action.TAKE, document__corpus=corpus,
                                              document__assignee=user,
                                              created_at__gte=timezone.now() - timedelta(seconds=TAKE_AGAIN_SECONDS))
                      .order_by("-created_at").values_list("document_id", flat=True).first())
        if just_taken is not None:
            return Document.objects.defer("original").get(pk=just_taken)
        for _ in range(attempts):
            pk = candidates.order_by("created_at", "id").values_list("pk", flat=True).first()
            if pk is None:
                return None
            with transaction.atomic():
                if Document.objects.filter(pk=pk, assignee__isnull=True).update(assignee=user):
                    document = Document.objects.defer("original").get(pk=pk)
                    record(document, user, Action.TAKE, f"document:{pk}", "Took the document")
                    return document
    return None


@transaction.atomic
def reopen(document_id: int, user, reason: str, *, export_id: int | None = None, line: int = 0) -> Outcome:
    """An admin reopens an approved document (a leak-gate finding): approved → in review.

    The document goes back to the annotator who marked it done (or its assignee) with the
    reason as the comment; the approval is cleared, so the fix needs the second look again.
    ``line`` (1-based, 0 = none) is where the finding is; the review screen links to it.
    """
    reason = " ".join(typed(reason).split())
    if len(reason) < 10 or len(reason) > 2000:
        raise ActionError("Give a reason of 10 to 2000 characters for reopening the document.")
    current = Document.objects.filter(pk=document_id).values_list("version", flat=True).first()
    if current is None:
        raise ActionError("No such document.")
    document = begin(document_id, current, (Document.Status.APPROVED,))
    assignee = document.submitted_by or document.assignee
    where = f" (line {line})" if line else ""
    comment = f"Reopened after export {export_id}{where}: {reason}" if export_id else f"Reopened{where}: {reason}"
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.IN_REVIEW, assignee=assignee, approved_by=None, approved_at=None,
        review_comment=comment, reviewer=user,
    )
    document.status, document.assignee, document.review_comment = Document.Status.IN_REVIEW, assignee, comment
    document.approved_by = document.approved_at = None
    decision = finish(document, user, Action.REOPEN, f"document:{document.pk}", quote(comment, 200),
                      before={"status": Document.Status.APPROVED},
                      after={"reason": reason, "export": export_id, "line": line,
                             "assignee": assignee.pk if assignee else None})
    return Outcome(document, decision, [], set())

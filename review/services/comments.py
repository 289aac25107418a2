"""Comments on a line or a mention: write, resolve, reopen; the first unresolved one.

Comments leave the annotations alone, so they do not take the document's version (an
annotator at work is never told "someone else changed this document" because a reviewer
commented); each one is audited with one Decision.
"""
from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from ..constants import Action
from ..models import Comment, Document
from .base import ActionError, get_mention, record
from .text import typed

COMMENT_SIZE = 2000


def checked_body(body: str) -> str:
    body = typed(body).strip()
    if not body or len(body) > COMMENT_SIZE:
        raise ActionError(f"Write a comment of 1 to {COMMENT_SIZE} characters.")
    return body


def line_of(text: str, offset: int) -> int:
    """The 1-based line number of an offset."""
    return text.count("\n", 0, offset) + 1


def create(document: Document, user, body: str, offset: int = 0, mention_id: int | None = None) -> Comment:
    """Store one comment (no audit row: the caller records the action it belongs to)."""
    body = checked_body(body)
    mention = get_mention(document, mention_id) if mention_id else None
    if mention is not None:
        offset = mention.start
    else:  # a line comment points at the start of its line
        offset = max(0, min(offset, len(document.text)))
        offset = document.text.rfind("\n", 0, offset) + 1
    return Comment.objects.create(document=document, author=user, body=body, offset=offset, mention=mention)


@transaction.atomic
def add_comment(document_id: int, user, body: str, offset: int = 0, mention_id: int | None = None) -> Comment:
    """Comment on the line holding ``offset``, or on a mention (the caller checked the user may see it)."""
    document = Document.objects.defer("original").get(pk=document_id)
    comment = create(document, user, body, offset, mention_id)
    where = f"mention {mention_id}" if mention_id else f"line {line_of(document.text, comment.offset)}"
    record(document, user, Action.COMMENT, f"comment:{comment.pk}", f"Commented on {where}")
    return comment


@transaction.atomic
def resolve_comment(document_id: int, user, comment_id: int, resolved: bool = True) -> Comment:
    """Mark a comment resolved (or, with ``resolved=False``, open it again)."""
    document = Document.objects.defer("original").get(pk=document_id)
    comment = Comment.objects.select_for_update().filter(document=document, pk=comment_id).first()
    if comment is None:
        raise ActionError("That comment no longer exists.")
    if comment.resolved == resolved:
        return comment
    before = {"resolved": comment.resolved}
    comment.resolved_by, comment.resolved_at = (user, timezone.now()) if resolved else (None, None)
    comment.save(update_fields=["resolved_by", "resolved_at"])
    summary = f"{'Resolved' if resolved else 'Reopened'} the comment on line {line_of(document.text, comment.offset)}"
    record(document, user, Action.RESOLVE, f"comment:{comment.pk}", summary, before=before,
           after={"resolved": resolved})
    return comment


def comments_of(document: Document) -> QuerySet[Comment]:
    return Comment.objects.filter(document=document).select_related("author", "resolved_by").order_by("offset", "id")


def unresolved(document: Document) -> QuerySet[Comment]:
    return comments_of(document).filter(resolved_at__isnull=True)


def first_unresolved(document: Document) -> Comment | None:
    return unresolved(document).first()

"""Comments on a line or a mention (POST, htmx or plain form), and the second look's box on the review screen."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from .. import permissions, services
from ..models import Comment, Document
from ..rendering import line_starts
from ..services import comments as comment_service
from .common import parse_int, reviewable

BOX = "review/second_look.html"


def comment_href(document: Document, comment: Comment) -> str:
    """The review screen focused on what the comment points at (a mention, or its line)."""
    base = reverse("review:document", args=[document.pk])
    if comment.mention_id:
        return f"{base}?m={comment.mention_id}&c={comment.pk}#m{comment.mention_id}"
    return f"{base}?c={comment.pk}#l{comment_service.line_of(document.text, comment.offset)}"


def comments_context(document: Document, mention_id: int | None = None, current: int | None = None) -> dict:
    rows = [(c, comment_href(document, c), comment_service.line_of(document.text, c.offset))
            for c in comment_service.comments_of(document)]
    return {"document": document, "comments": rows, "open_count": sum(1 for c, *_ in rows if not c.resolved),
            "comment_mention": mention_id, "current_comment": current}


def second_look_context(request: HttpRequest, document: Document) -> dict:
    """What the review screen's second-look box shows (comments, a re-submission without changes)."""
    mention = parse_int(request.GET.get("m"))
    return {**comments_context(document, mention, parse_int(request.GET.get("c"))),
            "resubmitted_unchanged": services.resubmitted_unchanged(document)}


def landing(request: HttpRequest, document: Document) -> str | None:
    """Where a sent-back document opens for its annotator: the first unresolved comment (or nowhere)."""
    if request.GET or not document.review_comment or not permissions.can_annotate(request.user, document):
        return None
    here = reverse("review:document", args=[document.pk])
    if request.headers.get("Referer", "").split("?")[0].endswith(here):  # back from an action on this screen
        return None
    first = comment_service.first_unresolved(document)
    return comment_href(document, first) if first else None


def _answer(request: HttpRequest, document: Document, comment: Comment | None, error: str = "") -> HttpResponse:
    if request.htmx:
        context = {**comments_context(document, current=comment.pk if comment else None), "comment_error": error}
        return render(request, f"{BOX}#comments", context, status=422 if error else 200)
    if error:
        messages.error(request, error)
        return redirect("review:document", pk=document.pk)
    return redirect(comment_href(document, comment))


@login_required
@require_POST
def add(request: HttpRequest, pk: int) -> HttpResponse:
    """Comment on a mention (``m``) or a line (``line``, 1-based; the first line without one)."""
    document = reviewable(request, pk)
    mention = parse_int(request.POST.get("m"))
    line = parse_int(request.POST.get("line")) or 1
    starts = line_starts(document.text)
    offset = starts[max(0, min(line, len(starts)) - 1)]
    try:
        comment = services.add_comment(document.pk, request.user, request.POST.get("body", ""), offset, mention)
    except services.ActionError as error:
        return _answer(request, document, None, str(error))
    return _answer(request, document, comment)


@login_required
@require_POST
def resolve(request: HttpRequest, pk: int, comment_id: int) -> HttpResponse:
    """Resolve a comment (``resolved=0`` opens it again)."""
    document = reviewable(request, pk)
    resolved = request.POST.get("resolved", "1") != "0"
    try:
        comment = services.resolve_comment(document.pk, request.user, comment_id, resolved)
    except services.ActionError as error:
        return _answer(request, document, None, str(error))
    return _answer(request, document, comment)

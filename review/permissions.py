"""Who may see and do what: the one place where roles and per-object rules live.

Roles:

* **admin** (``is_staff``): manages corpora, users, assignment and exports; sees and may
  edit every document, and may give the second look.
* **annotator** (any other user): reviews the documents assigned to them and sees
  nothing else; marks a document done when nothing is pending.
* **reviewer** (Django group ``Reviewer``): the second look (four-eyes). Sees the
  documents awaiting a second review (and approved ones); corrects, approves or sends
  back — never a document they submitted themselves. A reviewer may also be assigned
  documents to annotate.

Views call a ``require_*`` function before anything else; services re-check
:func:`may_approve` under the row lock.
"""
from __future__ import annotations

from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet

from .models import Document

REVIEWER_GROUP = "Reviewer"
REVIEWABLE = (Document.Status.READY, Document.Status.IN_REVIEW)
SECOND_LOOK = (Document.Status.SUBMITTED, Document.Status.APPROVED)


def reviewer_group() -> Group:
    """The Reviewer group, created on first use."""
    group, _ = Group.objects.get_or_create(name=REVIEWER_GROUP)
    return group


def is_admin(user) -> bool:
    return bool(user.is_authenticated and (user.is_staff or user.is_superuser))


def is_reviewer(user) -> bool:
    """Member of the Reviewer group (cached on the user object for the request)."""
    if not user.is_authenticated:
        return False
    if not hasattr(user, "_is_reviewer"):
        user._is_reviewer = user.groups.filter(name=REVIEWER_GROUP).exists()
    return user._is_reviewer


ROLE_NAMES = ("annotator", "reviewer", "admin")


def role_of(user) -> str:
    """The one role a user has: "admin", "reviewer" or "annotator"."""
    if is_admin(user):
        return "admin"
    return "reviewer" if is_reviewer(user) else "annotator"


def roles_by_pk(users) -> dict[int, str]:
    """The role of each user of ``users``, in one query for the Reviewer group (a menu of people)."""
    reviewers = set(reviewer_group().user_set.values_list("pk", flat=True))
    return {u.pk: "admin" if is_admin(u) else "reviewer" if u.pk in reviewers else "annotator" for u in users}


def can_manage_users(user) -> bool:
    """Create and invite users, change roles, deactivate, issue set-password links: admins only."""
    return is_admin(user)


def gives_second_look(user) -> bool:
    return is_admin(user) or is_reviewer(user)


def visible_documents(user) -> QuerySet[Document]:
    qs = Document.objects.select_related("corpus", "assignee", "submitted_by", "approved_by", "reviewer").defer("original")
    if is_admin(user):
        return qs
    if is_reviewer(user):
        return qs.filter(Q(assignee=user) | Q(status__in=SECOND_LOOK))
    return qs.filter(assignee=user)


# ---------------------------------------------------------------- per-object rules


def can_view(user, document: Document) -> bool:
    if is_admin(user):
        return True
    if not user.is_authenticated:
        return False
    return document.assignee_id == user.pk or (is_reviewer(user) and document.status in SECOND_LOOK)


def can_annotate(user, document: Document) -> bool:
    """The first pass: the assignee (or an admin) while the document is in review."""
    return document.status in REVIEWABLE and (is_admin(user) or (user.is_authenticated and document.assignee_id == user.pk))


def may_approve(user, document: Document) -> bool:
    """Four-eyes: a reviewer or admin who did not submit the document, while it awaits the second look."""
    return (
        document.status == Document.Status.SUBMITTED
        and gives_second_look(user)
        and document.submitted_by_id != user.pk
    )


def can_edit(user, document: Document) -> bool:
    """Review actions (accept, add, merge …): the annotator's pass, or the reviewer's corrections."""
    return can_annotate(user, document) or may_approve(user, document)


# ---------------------------------------------------------------- guards for views


def require_admin(user) -> None:
    if not is_admin(user):
        raise PermissionDenied("admins only")


def require_manage_users(user) -> None:
    if not can_manage_users(user):
        raise PermissionDenied("admins only")


def require_document(user, pk: int) -> Document:
    """A document the user may see (403 for anything else, existing or not)."""
    try:
        return visible_documents(user).get(pk=pk)
    except Document.DoesNotExist:
        raise PermissionDenied("not your document") from None


def _require(rule, user, pk: int) -> Document:
    document = require_document(user, pk)
    if not rule(user, document):
        raise PermissionDenied("not allowed on this document now")
    return document


def require_edit(user, pk: int) -> Document:
    return _require(can_edit, user, pk)


def require_submit(user, pk: int) -> Document:
    return _require(can_annotate, user, pk)


def require_approve(user, pk: int) -> Document:
    return _require(may_approve, user, pk)

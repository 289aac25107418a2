"""Who may see and do what. Admins are staff users; everyone else reviews what is assigned."""
from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet

from .models import Document


def is_admin(user) -> bool:
    return bool(user.is_authenticated and (user.is_staff or user.is_superuser))


def visible_documents(user) -> QuerySet[Document]:
    qs = Document.objects.select_related("corpus", "assignee").defer("original")
    return qs if is_admin(user) else qs.filter(assignee=user)


def require_admin(user) -> None:
    if not is_admin(user):
        raise PermissionDenied("admins only")


def require_document(user, pk: int) -> Document:
    try:
        return visible_documents(user).get(pk=pk)
    except Document.DoesNotExist:
        raise PermissionDenied("not your document") from None

"""Small helpers every review view shares: parsing, the reviewable document, page context."""
from __future__ import annotations

from typing import Callable

from django.http import Http404, HttpRequest

from anonymizer.types import LABELS

from .. import permissions, services
from ..constants import WORKFLOW_ACTIONS, Action, ReviewStatus
from ..models import Document
from ..permissions import is_admin, require_document
from .screen import FILTERS, Screen

HISTORY_SIZE = 40
REVIEW = "review/review.html"

Guard = Callable[[object, int], Document]


_DB_INT = 2**31 - 1  # the database's integer column: larger input is malformed, not a 500


def parse_int(value: str | None) -> int | None:
    try:
        number = int(value) if value not in (None, "") else None
    except ValueError:
        return None
    return number if number is None or -_DB_INT <= number <= _DB_INT else None


def reviewable(request: HttpRequest, pk: int, guard: Guard = require_document) -> Document:
    """The document if the user may see (or, with another guard, change) it and it has text."""
    document = guard(request.user, pk)
    if not document.text:
        raise Http404("no text yet")
    return document


def filters_of(request: HttpRequest) -> dict[str, str]:
    return filters_in(request.GET)


#: the entity list's filters that choose rows (entities), and how the screen names each value
ROW_FILTERS = {
    "status": {ReviewStatus.PENDING: "with pending", "decided": "decided"},
    "low": {"1": "low confidence"},
    "corpus": {"known": "known from the corpus", "dismissed": "dismissed by the corpus",
               "rejected": "rejected before in the corpus"},
}


def filters_in(data) -> dict[str, str]:
    """The entity list's filters in a query or a form (what panel B shows)."""
    return {k: data.get(k, "").strip() for k in FILTERS if data.get(k, "").strip()}


def bulk_selection(filters: dict[str, str], screen: Screen | None = None) -> "services.PendingFilter":
    """The pending mentions a bulk accept covers: exactly those panel B shows under every one of
    its filters (label, certainty, source on the mentions; status, low confidence, corpus and the
    name search choose the entities, as the list does)."""
    certainty = parse_int(filters.get("certainty"))
    rows = [(name, names.get(filters[name], filters[name])) for name, names in ROW_FILTERS.items() if filters.get(name)]
    if filters.get("q"):
        rows.append(("name", f"“{filters['q']}”"))
    entity_ids: list[int] = []
    if rows and screen is not None:
        entity_ids = [row.pk for _, group in screen.groups(filters) for row in group]
    return services.PendingFilter.of(
        [filters["label"]] if filters.get("label") else [], [certainty] if certainty else [],
        [filters["source"]] if filters.get("source") else [], entity_ids, rows if screen is not None else (),
    )


def bulk_context(screen: Screen, filters: dict[str, str]) -> dict:
    """What the "accept all pending shown" form states: the filter, the count, pending unnumbered labels."""
    from anonymizer.pseudonymize import UNNUMBERED_LABELS

    selection = bulk_selection(filters, screen)
    count, labels = screen.pending_counts(selection)
    row_filters = [(k, filters[k]) for k in (*ROW_FILTERS, "q") if filters.get(k)]
    return {"selection": selection, "count": count, "filters": filters, "row_filters": row_filters,
            "unnumbered": [(label, labels[label]) for label in LABELS if label in UNNUMBERED_LABELS and labels.get(label)]}


def history(document: Document) -> list:
    return list(document.decisions.select_related("user").order_by("-id")[:HISTORY_SIZE])


def workflow(document: Document) -> list:
    """Who marked the document done, approved it or sent it back, and when (from the decisions)."""
    return list(document.decisions.filter(action__in=WORKFLOW_ACTIONS).select_related("user").order_by("id"))


def vocabulary() -> dict:
    """The constants templates (and, through data attributes, review.js) use."""
    return {"labels": LABELS, "actions": Action, "statuses": ReviewStatus}


def base_context(request: HttpRequest, screen: Screen) -> dict:
    document = screen.document
    user = request.user
    can_approve = permissions.may_approve(user, document)
    return {
        **vocabulary(),
        "document": document,
        "editable": permissions.can_edit(user, document),
        "can_submit": permissions.can_annotate(user, document),
        "can_approve": can_approve,
        # the second look states first what nobody looked at, and Approve asks to acknowledge it
        "unseen_count": services.unseen_count(document) if can_approve else 0,
        "is_admin": is_admin(request.user),
        "progress": screen.progress(),
        "reading": services.reading(document, user),
        "history": history(document),
    }

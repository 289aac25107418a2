"""The reviewer's diff: the "Changes" box of the review screen and the printable summary. GET only."""
from __future__ import annotations

import bisect
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from ..rendering import line_starts
from ..services import diff
from .common import reviewable

CONTEXT = 70  # characters of the line shown on each side of a change
PRINTABLE = "review/changes.html"


@dataclass(frozen=True)
class DiffRow:
    """One change with its line in context and the link that focuses it in panel A."""

    change: diff.Change
    line: int
    before: str
    hit: str
    after: str
    href: str


def rows_of(document, changes: list[diff.Change]) -> list[DiffRow]:
    text, starts = document.text, line_starts(document.text)
    base = reverse("review:document", args=[document.pk])
    rows = []
    for change in changes:
        line = bisect.bisect_right(starts, change.start)
        line_end = text.find("\n", change.start)
        line_end = len(text) if line_end < 0 else line_end
        left = text[max(starts[line - 1], change.start - CONTEXT):change.start]
        right = text[change.end:min(line_end, change.end + CONTEXT)]
        pk = change.mention_id
        href = f"{base}?m={pk}#m{pk}" if pk is not None else f"{base}#l{line}"
        rows.append(DiffRow(change, line, left, text[change.start:change.end], right, href))
    return rows


def diff_context(request: HttpRequest, document) -> dict:
    which = request.GET.get("changes", diff.DiffFilter.ALL)
    if which not in dict(diff.DiffFilter.CHOICES):
        which = diff.DiffFilter.ALL
    found = diff.changes(document)
    shown = diff.filtered(document, found, which)
    return {
        "document": document, "rows": rows_of(document, shown), "which": which, "filters": diff.DiffFilter.CHOICES,
        "kinds": diff.ChangeKind, "counts": sorted(diff.counts(diff.filtered(document, found, diff.DiffFilter.ALL))
                                                  .items()),
        "bulk_count": len(diff.filtered(document, found, diff.DiffFilter.BULK)),
        "unseen_count": len({c.mention_id for c in diff.never_looked_at(document, found) if c.mention_id is not None}),
    }


@login_required
@require_GET
def changes(request: HttpRequest, pk: int) -> HttpResponse:
    """Every change against the automatic pass: the review screen's box (htmx) or the printable page."""
    document = reviewable(request, pk)
    context = diff_context(request, document)
    if request.htmx:
        return render(request, "review/second_look.html#changes", context)
    return render(request, PRINTABLE, context)

"""The two-panel review screen and its read-only partials (inspector, preview, tags). GET only."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from .. import permissions, services
from ..constants import Action
from ..rendering import lines_html, render_preview
from .audio import player_context
from .comments import landing, second_look_context
from .common import REVIEW, base_context, parse_int, bulk_context, filters_of, reviewable, vocabulary, workflow
from .inspector import inspector
from .screen import Screen

PSEUDO = "pseudo"  # ?view=pseudo: panel A shows the pseudonymized text


@login_required
@require_GET
def review(request: HttpRequest, pk: int) -> HttpResponse:
    """The two-panel review screen (also the no-JS fallback for every inspector)."""
    document = reviewable(request, pk)
    if land := landing(request, document):  # a sent-back document opens on its first open comment
        return redirect(land)
    screen = Screen(document)
    preview = request.GET.get("view") == PSEUDO
    if preview or request.GET.get("m") or request.GET.get("e"):
        screen.fresh_tags()  # without JavaScript nothing fetches the tags later
    filters = filters_of(request)
    # panel A first: it reads every mention, so the progress and counts below need no count query
    lines = lines_html(render_preview(*screen.pseudo)) if preview else screen.lines_html()
    context = {
        **base_context(request, screen),
        "lines_html": lines,
        "preview": preview,
        "groups_html": screen.groups_html(filters),
        "filters": filters,
        "bulk": bulk_context(screen, filters),
        "inspector": inspector(screen, request.GET),
        "workflow": workflow(document),
        **second_look_context(request, document),
        "finding_line": finding_line(document),
        "reading_stamp": services.page_stamp(document, request.user),
        **(player_context(document) if document.is_audio else {}),
    }
    next_pending = screen.next_pending()
    context["next_pending"] = next_pending.pk if next_pending else None
    return render(request, REVIEW, context)


@login_required
@require_GET
def inspect(request: HttpRequest, pk: int) -> HttpResponse:
    """The inspector alone (htmx); without htmx the review page shows it."""
    document = reviewable(request, pk)
    if not request.htmx:
        return redirect(f"{reverse('review:document', args=[pk])}?{request.GET.urlencode()}")
    screen = Screen(document)
    context = {**vocabulary(), "document": document, "editable": permissions.can_edit(request.user, document),
               "inspector": inspector(screen, request.GET)}
    return render(request, f"{REVIEW}#inspector", context)


@login_required
@require_GET
def entity_list(request: HttpRequest, pk: int) -> HttpResponse:
    """Panel B's entity list under the filters and the bulk form for exactly that set (htmx, read
    only): panel B asks for them whenever a filter changes, however it was set."""
    document = reviewable(request, pk)
    if not request.htmx:
        return redirect(f"{reverse('review:document', args=[pk])}?{request.GET.urlencode()}")
    screen = Screen(document)
    filters = filters_of(request)
    context = {**vocabulary(), "document": document, "editable": permissions.can_edit(request.user, document),
               "oob": True, "groups_html": screen.groups_html(filters), "filters": filters,
               "bulk": bulk_context(screen, filters)}
    return render(request, f"{REVIEW}#listed", context)


@login_required
@require_GET
def preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Panel A as the pseudonymized text (htmx), or the original text with ?view=text."""
    document = reviewable(request, pk)
    if not request.htmx:
        return redirect(f"{reverse('review:document', args=[pk])}?view={PSEUDO}")
    screen = Screen(document)
    show = request.GET.get("view", PSEUDO) == PSEUDO
    lines = lines_html(render_preview(*screen.pseudo)) if show else screen.lines_html()
    return render(request, f"{REVIEW}#transcript", {"document": document, "lines_html": lines, "preview": show})


@login_required
@require_GET
def tags(request: HttpRequest, pk: int) -> JsonResponse:
    """Computed pseudonym tags of every entity for the current version: ``{entity pk: tag}`` (writes nothing)."""
    screen = Screen(reviewable(request, pk))
    return JsonResponse({"version": screen.document.version, "tags": screen.fresh_tags()})


def finding_line(document) -> int:
    """The line of the leak-gate finding the document was reopened for (0: none)."""
    if document.status != document.Status.IN_REVIEW:
        return 0
    last = document.decisions.filter(action__in=(Action.REOPEN, Action.SEND_BACK, Action.APPROVE)).order_by("-id").first()
    return int((last.after or {}).get("line") or 0) if last and last.action == Action.REOPEN else 0

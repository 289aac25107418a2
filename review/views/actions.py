"""Review actions: parse the POST, call a service, answer htmx with out-of-band swaps.

Every action is a POST that works twice: with htmx it answers with out-of-band swaps of
just what changed (lines, entity rows, progress, history, version); as a plain form post
it redirects back to the review screen. A stale version answers 409 with a fresh view
(htmx) or a redirect with a message (plain post).
"""
from __future__ import annotations

from typing import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect, retarget, reswap

from .. import jobs, permissions, services
from ..constants import Action, ReviewStatus
from ..models import Document
from ..rendering import line_numbers, line_starts, lines_html, render_preview, rows_html
from .common import (
    FILTERS, REVIEW, ROW_FILTERS, Guard, base_context, bulk_context, bulk_selection, filters_in, parse_int, reviewable,
)
from .inspector import inspector
from .review_screen import PSEUDO
from .screen import Screen

ActionCall = Callable[[Document, int, object, HttpRequest], services.Outcome]
WORKFLOW_DONE = {
    Action.SUBMIT: "Marked done: the document now waits for a second review.",
    Action.APPROVE: "Document approved.",
    Action.SEND_BACK: "Document sent back to its annotator with your comment.",
}
#: decisions after which the cached tags may be wrong for the rows they change (not mere statuses)
RETAGS = frozenset({Action.ADD, Action.UNDO, Action.RELABEL, Action.RELABEL_ENTITY, Action.SPLIT, Action.MERGE,
                    Action.MOVE, Action.MOVE_SURFACE, Action.MOVE_TICKED})
CONFLICT = ("Someone else changed this document a moment ago. Your action was not applied; here is the current "
            "version — please check and try again.")
CONFLICT_OWN = ("This page was out of date: you changed the document since it was shown (in another tab, or before "
                "going back). Your action was not applied; here is the current version — please check and try again.")
CONFLICT_SHORT = ("Someone else changed this document a moment ago; your action was not applied. The lines they "
                  "changed are updated — please check and try again.")


def _act(request: HttpRequest, pk: int, action: ActionCall, guard: Guard = permissions.require_edit) -> HttpResponse:
    """Run one review action and answer for htmx (out-of-band updates) or a plain post (redirect)."""
    document = reviewable(request, pk, guard)
    version = parse_int(request.POST.get("version"))
    back = reverse("review:document", args=[pk])
    if version is None:
        return _problem(request, "The form is missing the document version; reload the page.", back)
    if any("\x00" in value for _, values in request.POST.lists() for value in values):
        return _problem(request, "The form contains a NUL character; remove it and try again.", back)
    try:
        outcome = action(document, version, request.user, request)
    except services.Conflict:
        return _conflict(request, document, back)
    except services.ActionError as error:
        return _problem(request, str(error), back)
    if outcome.decision is not None and outcome.decision.action in WORKFLOW_DONE:
        messages.success(request, WORKFLOW_DONE[outcome.decision.action])
        if not permissions.can_view(request.user, outcome.document):
            back = reverse("review:documents")
        return HttpResponseClientRedirect(back) if request.htmx else redirect(back)
    if not request.htmx:
        messages.success(request, outcome.decision.summary if outcome.decision else "Done.")
        return redirect(_back_url(request, back, outcome))
    return _updates(request, outcome, version)


def _back_url(request: HttpRequest, back: str, outcome: services.Outcome) -> str:
    """Plain posts go back to what the reviewer looked at, or on to the next pending mention: ids and
    the view only, as parsed (a posted value is never echoed into the redirect: a long one made it
    a 400 after the action was applied)."""
    keep: dict[str, int | str] = {"e": e} if (e := parse_int(request.POST.get("e"))) is not None else {}
    if request.POST.get("view") == PSEUDO:
        keep["view"] = PSEUDO
    if request.POST.get("advance"):
        next_pending = (
            outcome.document.mentions.filter(status=ReviewStatus.PENDING)
            .order_by("start").values_list("pk", flat=True).first()
        )
        if next_pending:
            keep = {"m": next_pending}
    elif (m := parse_int(request.POST.get("m"))) is not None:
        keep["m"] = m
    anchor = f"#m{keep['m']}" if "m" in keep else ""
    return f"{back}?{urlencode(keep)}{anchor}" if keep else back


def _updates(request: HttpRequest, outcome: services.Outcome, seen: int) -> HttpResponse:
    """The out-of-band swaps for one action: changed lines, entity rows, progress, history, version.

    An action applied over others' status decisions (a stale but compatible ``seen`` version,
    ``services.begin``) also brings the lines and rows they changed.
    """
    screen = Screen(outcome.document)
    spans, entities = list(outcome.spans), set(outcome.entities)
    if outcome.document.version > seen + 1 and (others := screen.changed_since(seen)) is not None:
        spans += others[0]
        entities |= others[1]
    decision = outcome.decision
    kind, _, value = request.POST.get("inspect", "").partition(":")
    if decision is not None and decision.action == Action.ADD:
        kind, value = "e", decision.target.partition(":")[2]
    inspect = {kind: value} if kind in ("m", "e") or (decision is not None and decision.action == Action.WHITELIST) else None
    shown = entities | ({int(value)} if kind == "e" and value.isdigit() else set())
    if (known := screen.tags()) and (shown - set(known) or (decision is not None and decision.action in RETAGS)):
        screen.fresh_tags()  # a new entity, one relabelled (or back): the rows show its tag now, not the last one
    return _swaps(request, screen, spans, entities, outcome.regroup, inspect,
                  message=decision.summary if decision else "")


def _swaps(request: HttpRequest, screen: Screen, spans, entities: set[int], regroup: bool, inspect: dict | None,
           status: int = 200, **extra) -> HttpResponse:
    """Render the ``updates`` partial: the given spans' lines and entity rows, progress, history, version."""
    preview = request.POST.get("view") == PSEUDO
    context = {**base_context(request, screen), "oob": True, "preview": preview, "regroup": regroup, **extra}
    if preview:
        context["lines_html"] = lines_html(render_preview(*screen.pseudo))
    else:
        numbers = line_numbers(line_starts(screen.text), spans)
        context["lines_html"] = lines_html(screen.lines(numbers), oob=True) if numbers else ""
    context["bulk"] = bulk_context(screen, _page_filters(request))
    if regroup:
        context["groups_html"] = screen.groups_html()
    else:
        context["rows_html"] = rows_html(screen.rows(entities), oob=True)
    if inspect is not None:
        context["inspector"] = inspector(screen, inspect)
    response = render(request, f"{REVIEW}#updates", context, status=status)
    response["HX-Trigger"] = "tags-stale"  # tags may renumber anywhere: the page fetches them again
    return response


def _page_filters(request: HttpRequest) -> dict[str, str]:
    """The entity list's filters of the page the htmx request came from (its URL's query)."""
    url = (request.htmx.current_url or "") if request.htmx else ""
    query = QueryDict(url.partition("?")[2].partition("#")[0])
    return {k: query.get(k, "").strip() for k in FILTERS if query.get(k)}


def _conflict(request: HttpRequest, document: Document, back: str) -> HttpResponse:
    """A stale version: just what changed since the client's version (small), or the whole view again."""
    seen = parse_int(request.POST.get("version")) or 0
    own = services.only_own_since(document.pk, seen, request.user)  # nobody else: the page was left behind
    if not request.htmx:
        messages.warning(request, CONFLICT_OWN if own else CONFLICT)
        return redirect(back)
    document.refresh_from_db()
    screen = Screen(document)
    changed = screen.changed_since(seen)
    if changed is not None:
        response = _swaps(request, screen, *changed, regroup=False, inspect=None, status=409,
                          message=CONFLICT_OWN if own else CONFLICT_SHORT, level="warning", conflict_flash=True)
        return reswap(response, "none")
    context = {
        **base_context(request, screen),
        "lines_html": screen.lines_html(),
        "groups_html": screen.groups_html(),
        "filters": {},
        "inspector": {"mode": "hint"},
        "conflict": CONFLICT_OWN if own else CONFLICT,
    }
    response = render(request, f"{REVIEW}#review", context, status=409)
    return reswap(retarget(response, "#review"), "outerHTML")


def _problem(request: HttpRequest, message: str, back: str) -> HttpResponse:
    if not request.htmx:
        messages.error(request, message)
        return redirect(back)
    response = render(request, f"{REVIEW}#flash", {"message": message, "level": "error"}, status=422)
    return reswap(retarget(response, "#flash"), "outerHTML")


def _posted_int(request: HttpRequest, name: str) -> int:
    value = parse_int(request.POST.get(name))
    if value is None:
        raise services.ActionError(f"Missing {name}.")
    return value


TargetAction = Callable[[Document, int, object, HttpRequest, int], services.Outcome]

MENTION_ACTIONS: dict[str, TargetAction] = {
    Action.ACCEPT: lambda d, v, u, r, m: services.set_mention_status(d.pk, v, u, m, ReviewStatus.ACCEPTED),
    Action.REJECT: lambda d, v, u, r, m: services.set_mention_status(d.pk, v, u, m, ReviewStatus.REJECTED),
    Action.RELABEL: lambda d, v, u, r, m: services.relabel_mention(d.pk, v, u, m, r.POST.get("label", "")),
    Action.MOVE: lambda d, v, u, r, m: services.move_mention(d.pk, v, u, m, _posted_int(r, "entity")),
    Action.SPLIT: lambda d, v, u, r, m: services.split_mention(d.pk, v, u, m),
    Action.RESIZE: lambda d, v, u, r, m: services.resize_mention(
        d.pk, v, u, m, _posted_int(r, "start"), _posted_int(r, "end")),
}

ENTITY_ACTIONS: dict[str, TargetAction] = {
    Action.ACCEPT: lambda d, v, u, r, e: services.set_entity_status(d.pk, v, u, e, ReviewStatus.ACCEPTED),
    Action.REJECT: lambda d, v, u, r, e: services.set_entity_status(d.pk, v, u, e, ReviewStatus.REJECTED),
    Action.RELABEL: lambda d, v, u, r, e: services.relabel_entity(d.pk, v, u, e, r.POST.get("label", "")),
    Action.RENAME: lambda d, v, u, r, e: services.rename_tag(d.pk, v, u, e, r.POST.get("tag", "")),
    Action.MERGE: lambda d, v, u, r, e: services.merge_entities(d.pk, v, u, e, _posted_int(r, "into")),
    Action.MOVE_SURFACE: lambda d, v, u, r, e: services.move_surface(
        d.pk, v, u, e, r.POST.get("surface", ""), _posted_int(r, "into")),
    Action.MOVE_TICKED: lambda d, v, u, r, e: services.move_mentions(
        d.pk, v, u, _posted_ints(r, "mention"), _posted_int(r, "into")),
}


@login_required
@require_POST
def mention_action(request: HttpRequest, pk: int, mention_id: int, action: str) -> HttpResponse:
    if action not in MENTION_ACTIONS:
        raise Http404("unknown action")
    return _act(request, pk, lambda d, v, u, r: MENTION_ACTIONS[action](d, v, u, r, mention_id))


@login_required
@require_POST
def entity_action(request: HttpRequest, pk: int, entity_id: int, action: str) -> HttpResponse:
    if action not in ENTITY_ACTIONS:
        raise Http404("unknown action")
    return _act(request, pk, lambda d, v, u, r: ENTITY_ACTIONS[action](d, v, u, r, entity_id))


def _spans(request: HttpRequest) -> list[tuple[int, int]]:
    spans = []
    for value in request.POST.getlist("span"):
        start, _, end = value.partition(":")
        if parse_int(start) is None or parse_int(end) is None:
            raise services.ActionError("Bad span.")
        spans.append((int(start), int(end)))
    return spans


@login_required
@require_POST
def add_mentions(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark the selected text (and the chosen other occurrences) as mentions."""
    return _act(
        request, pk,
        lambda d, v, u, r: services.add_mentions(
            d.pk, v, u, _spans(r), r.POST.get("label", ""), parse_int(r.POST.get("entity"))
        ),
    )


@login_required
@require_POST
def whitelist(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a term to the corpus whitelist (the form asks for confirmation first)."""
    if not request.POST.get("confirm"):
        reviewable(request, pk, permissions.require_edit)
        return _problem(request, "Tick the confirmation box to whitelist the term.", reverse("review:document", args=[pk]))
    return _act(request, pk, lambda d, v, u, r: services.whitelist_term(d.pk, v, u, r.POST.get("term", "")))


@login_required
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, lambda d, v, u, r: services.undo(d.pk, v, u))


@login_required
@require_POST
def submit(request: HttpRequest, pk: int) -> HttpResponse:
    """The annotator's "Mark done" (nothing may be pending)."""
    return _act(request, pk, lambda d, v, u, r: services.submit(d.pk, v, u), permissions.require_submit)


@login_required
@require_POST
def approve(request: HttpRequest, pk: int) -> HttpResponse:
    """The second look approves (a reviewer or admin who did not submit the document)."""
    return _act(request, pk, lambda d, v, u, r: _approve(d.pk, v, u, parse_int(r.POST.get("unseen"))),
                permissions.require_approve)


def _approve(document_id: int, version: int, user, acknowledged: int | None = None) -> services.Outcome:
    """Approve (``acknowledged``: the count of mentions never looked at the reviewer ticked), then
    (once committed) queue the after-approval job: the export's detector check, dashboard parts."""
    outcome = services.approve(document_id, version, user, acknowledged=acknowledged)
    transaction.on_commit(lambda: jobs.enqueue_after_approval(document_id))
    return outcome


@login_required
@require_POST
def send_back(request: HttpRequest, pk: int) -> HttpResponse:
    """The second look returns the document to its annotator; the comment is required."""
    return _act(request, pk, lambda d, v, u, r: services.send_back(d.pk, v, u, r.POST.get("comment", "")),
                permissions.require_approve)


# ---------------------------------------------------------------- bulk confirmation


def _confirmed(request: HttpRequest) -> None:
    if not request.POST.get("confirm"):
        raise services.ActionError("Tick the confirmation box: it states what the bulk action changes.")


def _posted_ints(request: HttpRequest, name: str) -> list[int]:
    return [n for n in (parse_int(v) for v in request.POST.getlist(name)) if n is not None]


def _accept_pending(d: Document, v: int, u, r: HttpRequest) -> services.Outcome:
    """The set the form states: its label, certainty and source filters, and the entity list's
    other filters (status, low confidence, corpus, name) choosing the entities, as panel B does."""
    _confirmed(r)
    filters = filters_in(r.POST)
    rows = bulk_selection(filters, Screen(d)) if any(filters.get(k) for k in (*ROW_FILTERS, "q")) else None
    selection = services.PendingFilter.of(
        [x for x in r.POST.getlist("label") if x], _posted_ints(r, "certainty"), [x for x in r.POST.getlist("source") if x],
        rows.entity_ids if rows else _posted_ints(r, "entity"), rows.rows if rows else ())
    return services.accept_pending(d.pk, v, u, selection=selection, expected=parse_int(r.POST.get("expected")))


def _accept_rest(d: Document, v: int, u, r: HttpRequest) -> services.Outcome:
    _confirmed(r)
    return services.accept_rest(d.pk, v, u, expected=parse_int(r.POST.get("expected")))


@login_required
@require_POST
def accept_pending(request: HttpRequest, pk: int) -> HttpResponse:
    """Accept every pending mention shown under the filter (the form states the count; decided ones stay)."""
    return _act(request, pk, _accept_pending)


@login_required
@require_POST
def accept_rest(request: HttpRequest, pk: int) -> HttpResponse:
    """Accept every pending mention left, once the reviewer has read every line."""
    return _act(request, pk, _accept_rest)


@login_required
@require_POST
def read(request: HttpRequest, pk: int) -> HttpResponse:
    """Record the lines the reviewer read (stepped to, or in view long enough at the reading pace;
    the server credits no more words than the time since allows); not a decision. The plain form
    ("I have read to the end") claims every line in view since the page was shown."""
    document = reviewable(request, pk, permissions.require_edit)
    lines = document.text.rstrip("\n").count("\n") + 1
    line = parse_int(request.POST.get("line"))
    viewed = services.reading_ranges(request.POST.get("viewed", ""), lines)
    if line is not None:
        viewed |= set(range(1, max(0, min(line, lines)) + 1))
    stepped = services.reading_ranges(request.POST.get("stepped", ""), lines)
    if line is None and not viewed and not stepped:
        return HttpResponse("Missing lines.", status=400)
    seen = services.note_reading(document.pk, request.user, stepped=stepped, viewed=viewed,
                                 stamp=request.POST.get("stamp", ""))
    if request.htmx or "json" in request.headers.get("Accept", ""):
        return JsonResponse({"lines_read": seen.lines_read, "lines": seen.lines, "complete": seen.complete,
                             "seen": seen.ranges})
    if not seen.complete:
        messages.warning(request, f"{seen.lines_read} of {seen.lines} lines count as read: a line counts once it was in "
                                  f"view long enough to read it at {seen.pace} words a minute, or a mention on it was "
                                  "stepped to.")
    return redirect(reverse("review:document", args=[pk]))

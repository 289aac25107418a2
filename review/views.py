"""Thin views: parse the request, call a service, render a page or an htmx partial.

Every review action is a POST that works twice: with htmx it answers with out-of-band
swaps of just what changed (lines, entity rows, progress, history, version); as a plain
form post it redirects back to the review screen. A stale version answers 409 with a
fresh view (htmx) or a redirect with a message (plain post).
"""
from __future__ import annotations

from functools import cached_property
from typing import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, retarget, reswap

from anonymizer.types import LABELS

from . import jobs, registry, services
from .forms import AssignForm, UploadForm
from .models import Corpus, Document, Entity, Mention, ReviewStatus
from . import permissions
from .permissions import is_admin, require_admin, require_document, visible_documents
from .rendering import (
    EntityLike,
    Progress,
    computed_tags,
    entity_rows,
    groups_html,
    line_numbers,
    lines_html,
    line_starts,
    render_lines,
    render_preview,
    rows_html,
)

MENTION_COLUMNS = ("id", "start", "end", "label", "confidence", "status", "origin", "entity_id")
ENTITY_COLUMNS = ("id", "label", "category", "name", "tag", "order")
HISTORY_SIZE = 40
REVIEW = "review/review.html"


@login_required
def document_list(request: HttpRequest) -> HttpResponse:
    documents = visible_documents(request.user).defer("original", "text", "header").order_by("corpus__name", "title", "id")
    polling = any(d.is_running for d in documents)
    admin = is_admin(request.user)
    # corpora with documents nobody has taken yet: the "Take next" buttons (counts only, no titles)
    waiting = (
        Document.objects.filter(assignee__isnull=True, status__in=services.REVIEWABLE)
        .values("corpus", "corpus__name").annotate(n=Count("id")).order_by("corpus__name")
    )
    context = {"documents": documents, "polling": polling, "is_admin": admin, "waiting": waiting}
    if admin:
        context["assign_form"] = AssignForm()
    return render(request, "review/document_list.html", context)


@login_required
def document_row(request: HttpRequest, pk: int) -> HttpResponse:
    """One row of the list; htmx polls it while the job runs and stops when it is done."""
    document = require_document(request.user, pk)
    return render(request, "review/document_list.html#document_row", {"document": document, "is_admin": is_admin(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    require_admin(request.user)
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        corpus: Corpus = form.cleaned_data["corpus"]
        files = [(f.name, f.read()) for f in request.FILES.getlist("files")]
        documents, errors = services.create_documents(corpus, files)
        for error in errors:
            messages.error(request, f"{error.filename}: {error.reason}")
        for document in documents:
            jobs.enqueue_analysis(document)
        if documents:
            messages.success(request, f"{len(documents)} document(s) imported into {corpus.name}.")
        return redirect("review:documents")
    return render(request, "review/upload.html", {"form": form})


@login_required
@require_POST
def retry(request: HttpRequest, pk: int) -> HttpResponse:
    require_admin(request.user)
    document = require_document(request.user, pk)
    jobs.enqueue_analysis(document)
    if request.htmx:
        document.refresh_from_db()
        return render(request, "review/document_list.html#document_row", {"document": document, "is_admin": True})
    return redirect("review:documents")


@login_required
@require_POST
def rerun(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: run the automatic pass again; human decisions survive (services.apply_analysis)."""
    require_admin(request.user)
    document = require_document(request.user, pk)
    if document.is_running:
        messages.error(request, "The automatic pass is already running for this document.")
    else:
        services.record(document, request.user, "rerun", f"document:{document.pk}")
        jobs.enqueue_analysis(document)
        messages.success(request, "The automatic pass runs again; decided mentions are kept.")
    target = reverse("review:documents")
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


# ================================================================== the review screen


class Screen:
    """What the review page shows, each part loaded with one query and only when needed."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.text = document.text

    @cached_property
    def mentions(self) -> list[Mention]:
        return list(Mention.objects.filter(document=self.document).only(*MENTION_COLUMNS).order_by("start"))

    @cached_property
    def entities(self) -> list[EntityLike]:
        return _entity_likes(Entity.objects.filter(document=self.document))

    @cached_property
    def entity_by_pk(self) -> dict[int, EntityLike]:
        return {e.pk: e for e in self.entities}

    def mention(self, pk: int | None) -> Mention | None:
        if pk is None:
            return None
        if "mentions" in self.__dict__:
            return next((m for m in self.mentions if m.pk == pk), None)
        return Mention.objects.filter(document=self.document, pk=pk).only(*MENTION_COLUMNS).first()

    def tags(self) -> dict[int, str]:
        """Computed tags from the cache (possibly one action old; the page refreshes them)."""
        cached = cache.get(_tags_key(self.document))
        return cached[1] if cached else {}

    def fresh_tags(self) -> dict[int, str]:
        """Computed tags for the current version (pseudonymizes the whole document once per version)."""
        cached = cache.get(_tags_key(self.document))
        # a consistent corpus's registry may change from another document: part of the key
        version = (self.document.version, registry.generation(self.document.corpus_id))
        if cached and cached[0] == version:
            return cached[1]
        tags = computed_tags(self.pseudo[0], self.entities)
        cache.set(_tags_key(self.document), (version, tags), 3600)
        return tags

    @cached_property
    def pseudo(self):
        return registry.document_pseudonymized(self.document, self.entities, self.mentions)

    def rows(self, only: set[int] | None = None) -> list:
        if only is None:
            return entity_rows(self.text, self.entities, self.mentions, self.tags())
        if "mentions" in self.__dict__:
            entities = [e for e in self.entities if e.pk in only]
            mentions = [m for m in self.mentions if m.entity_id in only]
        else:
            entities = _entity_likes(Entity.objects.filter(document=self.document, pk__in=only))
            mentions = Mention.objects.filter(document=self.document, entity_id__in=only).only(*MENTION_COLUMNS)
        return entity_rows(self.text, entities, mentions, self.tags())

    def groups(self, filters: dict[str, str] | None = None) -> list[tuple[str, list]]:
        rows = [r for r in self.rows() if _keep(r, filters or {})]
        order = {label: i for i, label in enumerate(LABELS)}
        groups: dict[str, list] = {}
        for row in sorted(rows, key=lambda r: order.get(r.label, len(order))):
            groups.setdefault(row.label, []).append(row)
        return list(groups.items())

    def progress(self) -> Progress:
        if "mentions" in self.__dict__:
            counts = {s: 0 for s in ReviewStatus.values}
            for m in self.mentions:
                counts[m.status] += 1
        else:
            counts = {s: 0 for s in ReviewStatus.values} | dict(
                Mention.objects.filter(document=self.document).values_list("status").annotate(n=Count("id")).order_by()
            )
        return Progress(sum(counts.values()), counts["pending"], counts["accepted"], counts["rejected"])

    def lines(self, numbers: set[int]) -> list:
        """Just the given lines, reading only the mentions between the first and the last."""
        starts = line_starts(self.text)
        low = starts[min(numbers) - 1]
        high = starts[max(numbers)] if max(numbers) < len(starts) else len(self.text) + 1
        mentions = Mention.objects.filter(document=self.document, start__gte=low, start__lt=high)
        return render_lines(self.text, list(mentions.only(*MENTION_COLUMNS).order_by("start")), numbers)

    def next_pending(self) -> Mention | None:
        return next((m for m in self.mentions if m.status == ReviewStatus.PENDING), None)


def _tags_key(document: Document) -> str:
    return f"review:tags:{document.pk}"


def _entity_likes(queryset) -> list[EntityLike]:
    return [EntityLike(e.pk, e.label, e.category, e.name, e.tag) for e in queryset.only(*ENTITY_COLUMNS).order_by("order", "id")]


def _keep(row, filters: dict[str, str]) -> bool:
    if filters.get("status") == "pending" and not row.pending:
        return False
    if filters.get("status") == "decided" and row.pending:
        return False
    if filters.get("low") and not (row.pending and row.lowest == 3):
        return False
    if filters.get("label") and row.label != filters["label"]:
        return False
    query = filters.get("q", "").casefold()
    return not query or any(query in v.casefold() for v in (row.name, row.shown_tag, *row.variants))


def _history(document: Document):
    return list(document.decisions.select_related("user").order_by("-id")[:HISTORY_SIZE])


def _filters(request: HttpRequest) -> dict[str, str]:
    return {k: request.GET.get(k, "").strip() for k in ("status", "low", "label", "q") if request.GET.get(k)}


def _reviewable(request: HttpRequest, pk: int, guard: Callable[[object, int], Document] = require_document) -> Document:
    document = guard(request.user, pk)
    if not document.text:
        raise Http404("no text yet")
    return document


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return None


WORKFLOW_ACTIONS = ("submit", "approve", "send_back")


def _workflow(document: Document) -> list:
    """Who marked the document done, approved it or sent it back, and when (from the decisions)."""
    return list(document.decisions.filter(action__in=WORKFLOW_ACTIONS).select_related("user").order_by("id"))


def _base_context(request: HttpRequest, screen: Screen) -> dict:
    document = screen.document
    user = request.user
    return {
        "document": document,
        "editable": permissions.can_edit(user, document),
        "can_submit": permissions.can_annotate(user, document),
        "can_approve": permissions.may_approve(user, document),
        "is_admin": is_admin(request.user),
        "labels": LABELS,
        "progress": screen.progress(),
        "history": _history(document),
    }


@login_required
@require_GET
def review(request: HttpRequest, pk: int) -> HttpResponse:
    """The two-panel review screen (also the no-JS fallback for every inspector)."""
    document = _reviewable(request, pk)
    screen = Screen(document)
    preview = request.GET.get("view") == "pseudo"
    if preview or request.GET.get("m") or request.GET.get("e"):
        screen.fresh_tags()  # without JavaScript nothing fetches the tags later
    filters = _filters(request)
    lines = render_preview(*screen.pseudo) if preview else render_lines(screen.text, screen.mentions)
    context = {
        **_base_context(request, screen),
        "lines_html": lines_html(lines),
        "preview": preview,
        "groups_html": groups_html(screen.groups(filters)),
        "filters": filters,
        "inspector": _inspector(request, screen, request.GET),
        "workflow": _workflow(document),
    }
    next_pending = screen.next_pending()
    context["next_pending"] = next_pending.pk if next_pending else None
    return render(request, REVIEW, context)


# ---------------------------------------------------------------- inspector (panel B, top)


def _inspector(request: HttpRequest, screen: Screen, params) -> dict:
    """What the inspector shows: a mention, an entity, the add form, or the keyboard hint."""
    mention_id, entity_id = _int(params.get("m")), _int(params.get("e"))
    start, end, query = _int(params.get("start")), _int(params.get("end")), params.get("find", "").strip()
    if mention_id:
        mention = screen.mention(mention_id)
        if mention is not None:
            return _mention_inspector(screen, mention)
    if entity_id and Entity.objects.filter(document=screen.document, pk=entity_id).exists():
        return _entity_inspector(screen, entity_id)
    if start is not None and end is not None and 0 <= start < end <= len(screen.text):
        return _add_inspector(screen, start, end)
    if query:
        return _find_inspector(screen, query)
    return {"mode": "hint"}


def _same_label(screen: Screen, label: str, exclude: int) -> list[EntityLike]:
    """Other entities with this label that still have mentions, by name (move and merge targets)."""
    entities = Entity.objects.filter(document=screen.document, label=label, mentions__isnull=False).exclude(pk=exclude)
    return sorted(_entity_likes(entities.distinct()), key=lambda e: e.name.casefold())


def _mention_inspector(screen: Screen, mention: Mention) -> dict:
    row = screen.rows({mention.entity_id})[0]
    return {
        "mode": "mention",
        "mention": mention,
        "surface": screen.text[mention.start : mention.end],
        "context": _context(screen.text, mention.start, mention.end),
        "entity": row,
        "move_targets": _same_label(screen, row.label, row.pk),
    }


def _entity_inspector(screen: Screen, entity_id: int) -> dict:
    row = screen.rows({entity_id})
    mentions = list(Mention.objects.filter(document=screen.document, entity_id=entity_id).only(*MENTION_COLUMNS).order_by("start"))
    return {
        "mode": "entity",
        "entity": row[0] if row else None,
        "occurrences": [(m, _context(screen.text, m.start, m.end)) for m in mentions[:60]],
        "more": max(0, len(mentions) - 60),
        "merge_targets": _same_label(screen, row[0].label, entity_id) if row else [],
    }


def _add_inspector(screen: Screen, start: int, end: int) -> dict:
    text = screen.text
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start == end or "\n" in text[start:end]:
        return {"mode": "hint", "notice": "Select text within one line to mark it."}
    covered = [(m.start, m.end) for m in screen.mentions]
    selected = text[start:end]
    overlapping = services._overlaps(start, end, covered)
    others = [o for o in services.find_occurrences(text, selected, covered) if (o.start, o.end) != (start, end)]
    return {
        "mode": "add",
        "start": start,
        "end": end,
        "selected": selected,
        "overlapping": overlapping,
        "context": _context(text, start, end),
        "others": [(o, _context(text, o.start, o.end)) for o in others],
        "exact": sum(o.kind == "exact" for o in others),
        "suggested": _suggest_entities(screen, selected),
        "whitelist_count": len(_pending_matching(screen, selected)),
    }


def _find_inspector(screen: Screen, query: str) -> dict:
    covered = [(m.start, m.end) for m in screen.mentions]
    found = services.find_occurrences(screen.text, query, covered)
    return {
        "mode": "find",
        "selected": query,
        "others": [(o, _context(screen.text, o.start, o.end)) for o in found],
        "exact": sum(o.kind == "exact" for o in found),
        "suggested": _suggest_entities(screen, query),
        "whitelist_count": len(_pending_matching(screen, query)),
    }


def _pending_matching(screen: Screen, term: str) -> list[Mention]:
    folded = services._fold_possessive(term)
    return [
        m for m in screen.mentions
        if m.status == ReviewStatus.PENDING and services._fold_possessive(screen.text[m.start : m.end]) == folded
    ]


def _suggest_entities(screen: Screen, selected: str) -> list[EntityLike]:
    """Entities whose name shares a word with the selection, best first (at most 12)."""
    from rapidfuzz import fuzz, process

    names = [e.name for e in screen.entities]
    best = process.extract(selected, names, scorer=fuzz.WRatio, score_cutoff=70, limit=12)
    return [screen.entities[i] for _, _, i in best]


def _context(text: str, start: int, end: int, width: int = 50) -> tuple[str, str, str]:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    left = text[max(line_start, start - width) : start]
    right = text[end : min(line_end, end + width)]
    return ("…" if start - width > line_start else "") + left, text[start:end], right + ("…" if end + width < line_end else "")


@login_required
@require_GET
def inspect(request: HttpRequest, pk: int) -> HttpResponse:
    """The inspector alone (htmx); without htmx the review page shows it."""
    document = _reviewable(request, pk)
    if not request.htmx:
        return redirect(f"{reverse('review:document', args=[pk])}?{request.GET.urlencode()}")
    screen = Screen(document)
    context = {"document": document, "editable": permissions.can_edit(request.user, document), "labels": LABELS,
               "inspector": _inspector(request, screen, request.GET)}
    return render(request, f"{REVIEW}#inspector", context)


@login_required
@require_GET
def preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Panel A as the pseudonymized text (htmx), or the original text with ?view=text."""
    document = _reviewable(request, pk)
    if not request.htmx:
        return redirect(f"{reverse('review:document', args=[pk])}?view=pseudo")
    screen = Screen(document)
    show = request.GET.get("view", "pseudo") == "pseudo"
    lines = render_preview(*screen.pseudo) if show else render_lines(screen.text, screen.mentions)
    return render(request, f"{REVIEW}#transcript", {"document": document, "lines_html": lines_html(lines), "preview": show})


# ---------------------------------------------------------------- actions


Action = Callable[[Document, int, object, HttpRequest], services.Outcome]
WORKFLOW_DONE = {
    "submit": "Marked done: the document now waits for a second review.",
    "approve": "Document approved.",
    "send_back": "Document sent back to its annotator with your comment.",
}


def _act(request: HttpRequest, pk: int, action: Action,
         guard: Callable[[object, int], Document] = permissions.require_edit) -> HttpResponse:
    """Run one review action and answer for htmx (out-of-band updates) or a plain post (redirect)."""
    document = _reviewable(request, pk, guard)
    version = _int(request.POST.get("version"))
    back = reverse("review:document", args=[pk])
    if version is None:
        return _problem(request, document, "The form is missing the document version; reload the page.", back)
    try:
        outcome = action(document, version, request.user, request)
    except services.Conflict:
        return _conflict(request, document, back)
    except services.ActionError as error:
        return _problem(request, document, str(error), back)
    if outcome.decision is not None and outcome.decision.action in WORKFLOW_DONE:
        messages.success(request, WORKFLOW_DONE[outcome.decision.action])
        if not permissions.can_view(request.user, outcome.document):
            back = reverse("review:documents")
        return HttpResponseClientRedirect(back) if request.htmx else redirect(back)
    if not request.htmx:
        messages.success(request, outcome.decision.summary if outcome.decision else "Done.")
        return redirect(_back_url(request, back, outcome))
    return _updates(request, outcome)


def _back_url(request: HttpRequest, back: str, outcome: services.Outcome) -> str:
    """Plain posts go back to what the reviewer looked at, or on to the next pending mention."""
    keep = {k: v for k, v in request.POST.items() if k in ("e", "view") and v}
    if request.POST.get("advance"):
        next_pending = (
            outcome.document.mentions.filter(status=ReviewStatus.PENDING)
            .order_by("start").values_list("pk", flat=True).first()
        )
        if next_pending:
            keep = {"m": next_pending}
    elif request.POST.get("m"):
        keep["m"] = request.POST["m"]
    anchor = f"#m{keep['m']}" if "m" in keep else ""
    return f"{back}?{urlencode(keep)}{anchor}" if keep else back


def _updates(request: HttpRequest, outcome: services.Outcome) -> HttpResponse:
    """The out-of-band swaps for one action: changed lines, entity rows, progress, history, version."""
    screen = Screen(outcome.document)
    preview = request.POST.get("view") == "pseudo"
    context = {
        **_base_context(request, screen),
        "oob": True,
        "preview": preview,
        "regroup": outcome.regroup,
        "message": outcome.decision.summary if outcome.decision else "",
    }
    if preview:
        context["lines_html"] = lines_html(render_preview(*screen.pseudo))
    else:
        numbers = line_numbers(line_starts(screen.text), outcome.spans)
        context["lines_html"] = lines_html(screen.lines(numbers), oob=True) if numbers else ""
    if outcome.regroup:
        context["groups_html"] = groups_html(screen.groups())
    else:
        context["rows_html"] = rows_html(screen.rows(outcome.entities), oob=True)
    kind, _, value = request.POST.get("inspect", "").partition(":")
    if outcome.decision is not None and outcome.decision.action == "add":
        kind, value = "e", outcome.decision.target.partition(":")[2]
    if kind in ("m", "e") or outcome.decision.action == "whitelist":
        context["inspector"] = _inspector(request, screen, {kind: value})
    response = render(request, f"{REVIEW}#updates", context)
    response["HX-Trigger"] = "tags-stale"  # tags may renumber anywhere: the page fetches them again
    return response


@login_required
@require_GET
def tags(request: HttpRequest, pk: int) -> JsonResponse:
    """Computed pseudonym tags of every entity for the current version: ``{entity pk: tag}``."""
    screen = Screen(_reviewable(request, pk))
    return JsonResponse({"version": screen.document.version, "tags": screen.fresh_tags()})


def _conflict(request: HttpRequest, document: Document, back: str) -> HttpResponse:
    message = "Someone else changed this document a moment ago. Your action was not applied; here is the current version — please check and try again."
    if not request.htmx:
        messages.warning(request, message)
        return redirect(back)
    document.refresh_from_db()
    screen = Screen(document)
    context = {
        **_base_context(request, screen),
        "lines_html": lines_html(render_lines(screen.text, screen.mentions)),
        "groups_html": groups_html(screen.groups()),
        "filters": {},
        "inspector": {"mode": "hint"},
        "conflict": message,
    }
    response = render(request, f"{REVIEW}#review", context, status=409)
    return reswap(retarget(response, "#review"), "outerHTML")


def _problem(request: HttpRequest, document: Document, message: str, back: str) -> HttpResponse:
    if not request.htmx:
        messages.error(request, message)
        return redirect(back)
    response = render(request, f"{REVIEW}#flash", {"message": message, "level": "error"}, status=422)
    return reswap(retarget(response, "#flash"), "outerHTML")


def _posted_int(request: HttpRequest, name: str) -> int:
    value = _int(request.POST.get(name))
    if value is None:
        raise services.ActionError(f"Missing {name}.")
    return value


MENTION_ACTIONS: dict[str, Callable[[Document, int, object, HttpRequest, int], services.Outcome]] = {
    "accept": lambda d, v, u, r, m: services.set_mention_status(d.pk, v, u, m, ReviewStatus.ACCEPTED),
    "reject": lambda d, v, u, r, m: services.set_mention_status(d.pk, v, u, m, ReviewStatus.REJECTED),
    "relabel": lambda d, v, u, r, m: services.relabel_mention(d.pk, v, u, m, r.POST.get("label", "")),
    "move": lambda d, v, u, r, m: services.move_mention(d.pk, v, u, m, _posted_int(r, "entity")),
    "split": lambda d, v, u, r, m: services.split_mention(d.pk, v, u, m),
}

ENTITY_ACTIONS: dict[str, Callable[[Document, int, object, HttpRequest, int], services.Outcome]] = {
    "accept": lambda d, v, u, r, e: services.set_entity_status(d.pk, v, u, e, ReviewStatus.ACCEPTED),
    "reject": lambda d, v, u, r, e: services.set_entity_status(d.pk, v, u, e, ReviewStatus.REJECTED),
    "relabel": lambda d, v, u, r, e: services.relabel_entity(d.pk, v, u, e, r.POST.get("label", "")),
    "rename": lambda d, v, u, r, e: services.rename_tag(d.pk, v, u, e, r.POST.get("tag", "")),
    "merge": lambda d, v, u, r, e: services.merge_entities(d.pk, v, u, e, _posted_int(r, "into")),
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
        if _int(start) is None or _int(end) is None:
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
            d.pk, v, u, _spans(r), r.POST.get("label", ""), _int(r.POST.get("entity"))
        ),
    )


@login_required
@require_POST
def whitelist(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a term to the corpus whitelist (the form asks for confirmation first)."""
    if not request.POST.get("confirm"):
        document = _reviewable(request, pk, permissions.require_edit)
        return _problem(request, document, "Tick the confirmation box to whitelist the term.", reverse("review:document", args=[pk]))
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
    return _act(request, pk, lambda d, v, u, r: services.approve(d.pk, v, u), permissions.require_approve)


@login_required
@require_POST
def send_back(request: HttpRequest, pk: int) -> HttpResponse:
    """The second look returns the document to its annotator; the comment is required."""
    return _act(request, pk, lambda d, v, u, r: services.send_back(d.pk, v, u, r.POST.get("comment", "")),
                permissions.require_approve)

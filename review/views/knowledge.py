"""Corpus knowledge pages and actions: what the corpus learned (admins), re-running the pass,
and the review screen's "accept all known from the corpus" / "reject all rejected before" /
"restore dismissed" actions.

Every action is a POST that works as a plain form post (redirect) and from htmx (client redirect).
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from anonymizer.types import LABELS

from .. import jobs
from ..models import Corpus, Document, KnownForm
from ..permissions import require_admin, require_edit
from ..services import (
    ActionError, Conflict, accept_known_from_corpus, curation, knowledge, reject_rejected_before, restore_dismissed,
)
from .common import parse_int


def _go(request: HttpRequest, target: str) -> HttpResponse:
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@login_required
@require_GET
def corpus_knowledge(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: the learned names and dismissed terms with counts and source documents."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    entries = list(KnownForm.objects.filter(corpus=corpus).order_by("-accepted", "-rejected", "form"))
    ids = {d for e in entries for d in (*e.accepted_in, *e.rejected_in)}
    titles = dict(Document.objects.filter(pk__in=ids).values_list("pk", "title"))
    for e in entries:
        e.documents = [titles.get(d, f"#{d}") for d in sorted({*e.accepted_in, *e.rejected_in})]
        e.name = bool(e.accepted) and knowledge.learnable(e.form) and bool(e.label_override or e.label)
        e.dismissing_in = knowledge.dismissing_contexts(e)  # "9" dismissed as a clock time, kept as an age
        e.dismissing = (not e.accepted and knowledge.learnable(e.form)
                        and len(e.rejected_in) >= knowledge.MIN_DISMISS_DOCUMENTS) or bool(e.dismissing_in)
    confirm = get_object_or_404(KnownForm, pk=parse_int(request.GET.get("confirm")), corpus=corpus) \
        if request.GET.get("confirm") else None
    context = {
        "corpus": corpus,
        "names": [e for e in entries if e.name],
        "dismissed": [e for e in entries if e.rejected and (not e.name or e.dismissing_in)],
        "labels": knowledge.trusted_labels(corpus),
        "unstarted": knowledge.unstarted(corpus).count(),
        "confirm": confirm,
        "operation": request.GET.get("op", ""),
        "impact": curation.impact(confirm) if confirm else None,
        "changes": corpus.knowledge_changes.select_related("user", "known_form")[:30],
        "all_labels": LABELS,
    }
    return render(request, "review/knowledge.html", context)


@login_required
@require_POST
def change_entry(request: HttpRequest, pk: int, entry_id: int) -> HttpResponse:
    """Admins: remove, restore or relabel a learned entry (audited; unstarted documents follow)."""
    require_admin(request.user)
    get_object_or_404(KnownForm, pk=entry_id, corpus_id=pk)
    try:
        change = curation.change_entry(entry_id, request.user, request.POST.get("op", ""), request.POST.get("label", ""))
        messages.success(request, f"Done ({change.action}): {change.mentions_changed} mention(s) in unstarted "
                                  "documents followed.")
    except ActionError as exc:
        messages.error(request, str(exc))
    return _go(request, reverse("review:knowledge", args=[pk]))


@login_required
@require_POST
def rerun_pass(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: re-run the automatic pass with current knowledge on documents no one has started."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    count = jobs.rerun_unstarted(corpus, request.user)
    messages.success(request, f"The automatic pass runs again on {count} document(s) no one has started; "
                              "documents with any human decision are left alone.")
    return _go(request, reverse("review:knowledge", args=[pk]))


@login_required
@require_POST
def screen_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Review screen: accept every mention known from the corpus, reject every one rejected before,
    or restore every dismissed one."""
    require_edit(request.user, pk)
    version = parse_int(request.POST.get("version")) or 0
    try:
        if action == "accept-known":
            outcome = accept_known_from_corpus(pk, version, request.user, request.POST.get("label") or None)
        elif action == "reject-rejected-before":
            outcome = reject_rejected_before(pk, version, request.user, request.POST.get("label") or None)
        elif action == "restore-dismissed":
            outcome = restore_dismissed(pk, version, request.user)
        else:
            raise ActionError("Unknown action.")
        messages.success(request, outcome.decision.summary)
    except (ActionError, Conflict) as exc:
        messages.error(request, str(exc))
    return _go(request, reverse("review:document", args=[pk]))

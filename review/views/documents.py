"""The document list, upload, and (admins) retrying or re-running the automatic pass."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, F, FloatField, Q, QuerySet
from django.db.models.functions import Cast, NullIf
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from .. import jobs, services
from ..constants import Action, ReviewStatus
from ..forms import AssignForm, UploadForm
from ..models import Corpus, Document
from ..permissions import is_admin, require_admin, require_document, visible_documents
from ..uploads import SizeLimit


SORTS = {  # ?sort=: the list's orderings (review progress = decided / total mentions)
    "": ("corpus__name", "title", "id"),
    "progress": (F("decided_share").asc(nulls_first=True), "corpus__name", "title", "id"),
    "-progress": (F("decided_share").desc(nulls_last=True), "corpus__name", "title", "id"),
}


def with_review_progress(documents: QuerySet) -> QuerySet:
    """Each document with ``mention_total``, ``mention_decided`` and their ratio ``decided_share``."""
    documents = documents.annotate(
        mention_total=Count("mentions"),
        mention_decided=Count("mentions", filter=~Q(mentions__status=ReviewStatus.PENDING)),
    )
    return documents.annotate(
        decided_share=Cast("mention_decided", FloatField()) / NullIf(Cast("mention_total", FloatField()), 0.0)
    )


@login_required
def document_list(request: HttpRequest) -> HttpResponse:
    sort = request.GET.get("sort", "")
    sort = sort if sort in SORTS else ""
    documents = with_review_progress(
        visible_documents(request.user).defer("original", "text", "header")
    ).order_by(*SORTS[sort])
    polling = any(d.is_running for d in documents)
    admin = is_admin(request.user)
    # corpora with documents nobody has taken yet: the "Take next" buttons (counts only, no titles)
    waiting = (
        Document.objects.filter(assignee__isnull=True, status__in=services.REVIEWABLE)
        .values("corpus", "corpus__name").annotate(n=Count("id")).order_by("corpus__name")
    )
    context = {"documents": documents, "polling": polling, "is_admin": admin, "waiting": waiting, "sort": sort}
    if admin:
        context["assign_form"] = AssignForm()
    return render(request, "review/document_list.html", context)


@login_required
def document_row(request: HttpRequest, pk: int) -> HttpResponse:
    """One row of the list; htmx polls it while the job runs and stops when it is done."""
    document = with_review_progress(Document.objects.filter(pk=require_document(request.user, pk).pk)).select_related("corpus", "assignee").get()
    return render(request, "review/document_list.html#document_row", {"document": document, "is_admin": is_admin(request.user)})


@csrf_exempt  # the handler must be in place before the CSRF check reads the body; _upload checks CSRF
@login_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    require_admin(request.user)
    limit = SizeLimit(request, settings.MAX_UPLOAD_BYTES)
    request.upload_handlers.insert(0, limit)
    return _upload(request, limit)


@csrf_protect
def _upload(request: HttpRequest, limit: SizeLimit) -> HttpResponse:
    form = UploadForm(request.POST or None, request.FILES or None)
    for reason in limit.reasons():
        messages.error(request, reason)
    if request.method == "POST" and limit.refused and not request.FILES:
        return redirect("review:upload")
    if request.method == "POST" and form.is_valid():
        corpus: Corpus = form.cleaned_data["corpus"]
        files = [(f.name, f.read()) for f in request.FILES.getlist("files")]
        documents, errors = services.create_documents(corpus, files)
        for error in errors:
            messages.error(request, f"{error.filename}: {error.reason}")
        for document in documents:
            if not jobs.enqueue_analysis(document):
                messages.error(request, f"{document.original_name}: {jobs.QUEUE_DOWN}")
        if documents:
            messages.success(request, f"{len(documents)} document(s) imported into {corpus.name}.")
        return redirect("review:documents")
    return render(request, "review/upload.html", {"form": form})


@login_required
@require_POST
def retry(request: HttpRequest, pk: int) -> HttpResponse:
    require_admin(request.user)
    document = require_document(request.user, pk)
    if not jobs.enqueue_analysis(document):
        messages.error(request, jobs.QUEUE_DOWN)
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
        services.record(document, request.user, Action.RERUN, f"document:{document.pk}")
        if jobs.enqueue_analysis(document):
            messages.success(request, "The automatic pass runs again; decided mentions are kept.")
        else:
            messages.error(request, jobs.QUEUE_DOWN)
    target = reverse("review:documents")
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)

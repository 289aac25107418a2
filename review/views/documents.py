"""The document list, upload, and (admins) retrying or re-running the automatic pass."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.core.paginator import Paginator
from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from .. import jobs, services, tallies
from ..constants import Action
from ..forms import AssignForm, UploadForm
from ..models import Comment, Corpus, Document
from ..permissions import is_admin, require_admin, require_document, roles_by_pk, visible_documents
from ..uploads import SizeLimit
from .common import parse_int


ORDER = ("corpus__name", "title", "id")
SORTS = {  # ?sort=: by review progress (decided / total mentions; documents without mentions first), else ORDER
    "progress": lambda d: (bool(d.mention_total), _share(d)),
    "-progress": lambda d: (not d.mention_total, -_share(d)),
}
PAGE_SIZE = 50
#: what a row shows (never the text or the original: ``has_text`` says whether there is one)
ROW_COLUMNS = ("title", "status", "progress", "progress_stage", "failure_reason", "review_comment", "word_count",
               "version", "corpus__name", "assignee__username", "audio_file", "audio_seconds")


def _share(document: Document) -> float:
    return document.mention_decided / document.mention_total if document.mention_total else 0.0


def rows(documents: QuerySet) -> QuerySet:
    """The list's rows: the columns shown, with their corpus and assignee, the mention counts of
    their tallies (``tallies.with_totals``; the caller settles the rows it shows) and the number of
    open comments (a document awaiting the second look says it has some)."""
    open_comments = (Comment.objects.filter(document=OuterRef("pk"), resolved_at__isnull=True).order_by()
                     .values("document").annotate(n=Count("pk")).values("n"))
    return tallies.with_totals(documents.select_related(None).select_related("corpus", "assignee").only(*ROW_COLUMNS)
                               .annotate(open_comments=Subquery(open_comments)))


@login_required
def document_list(request: HttpRequest) -> HttpResponse:
    sort = request.GET.get("sort", "")
    sort = sort if sort in SORTS else ""
    documents = rows(visible_documents(request.user)).order_by(*ORDER)
    if sort:  # every row's counts, then a stable sort (ties keep ORDER)
        documents = sorted(tallies.settle(list(documents)), key=SORTS[sort])
    page = Paginator(documents, PAGE_SIZE).get_page(request.GET.get("page"))
    documents = page.object_list if sort else tallies.settle(list(page.object_list))
    admin = is_admin(request.user)
    context = {"documents": documents, "page": page, "is_admin": admin, "waiting": waiting(), "sort": sort}
    if admin:  # the people to assign to, each with their role ("rhea (reviewer)")
        people = list(AssignForm().fields["assignee"].queryset)
        roles = roles_by_pk(people)
        context["assignees"] = [(person, roles[person.pk]) for person in people]
    return render(request, "review/document_list.html", context)


def waiting():
    """Corpora with documents nobody has taken yet: the "Take next" buttons (counts only, no titles)."""
    return (Document.objects.filter(assignee__isnull=True, status__in=services.REVIEWABLE)
            .values("corpus", "corpus__name").annotate(n=Count("id")).order_by("corpus__name"))


@login_required
@require_GET
def take_next_section(request: HttpRequest) -> HttpResponse:
    """The "Take next" buttons again (the list polls them: a new corpus's appear without a reload)."""
    return render(request, "review/document_list.html#take_next", {"waiting": waiting()})


def _row(request: HttpRequest, pk: int) -> HttpResponse:
    document = tallies.settle([rows(Document.objects.filter(pk=pk)).get()])[0]
    return render(request, "review/document_list.html#document_row", {"document": document, "is_admin": is_admin(request.user)})


@login_required
def document_row(request: HttpRequest, pk: int) -> HttpResponse:
    """One row of the list; htmx polls it while the job runs and stops when it is done."""
    return _row(request, require_document(request.user, pk).pk)


@csrf_exempt  # the handler must be in place before the CSRF check reads the body; _upload checks CSRF
@login_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    require_admin(request.user)
    limit = SizeLimit(request, settings.MAX_UPLOAD_BYTES, settings.MAX_UPLOAD_TOTAL_BYTES)
    request.upload_handlers.insert(0, limit)
    if request.method == "POST":
        try:
            request.POST  # parsed here, with the handler in place: a request Django cannot read is said so
        except UNREADABLE as error:
            messages.error(request, unreadable_upload(error))
            return redirect("review:upload")
    return _upload(request, limit)


UNREADABLE = (MultiPartParserError, TooManyFilesSent, TooManyFieldsSent, RequestDataTooBig)


def unreadable_upload(error: Exception) -> str:
    """Why Django could not read an upload at all (it answered a bare 400 before): nothing imported."""
    if isinstance(error, TooManyFilesSent):
        return (f"Nothing was imported: one upload takes at most {settings.DATA_UPLOAD_MAX_NUMBER_FILES} files "
                "(DATA_UPLOAD_MAX_NUMBER_FILES); upload them in smaller batches.")
    if "header size" in str(error):  # a part's headers past Django's 1,024 bytes: the file name
        return "Nothing was imported: a file name is too long to read (over about 900 characters); rename it and upload again."
    return "Nothing was imported: the upload could not be read (an incomplete or damaged request); upload again."


@csrf_protect
def _upload(request: HttpRequest, limit: SizeLimit) -> HttpResponse:
    chosen = parse_int(request.GET.get("corpus", ""))  # "Import documents into it" on the corpus page
    form = UploadForm(request.POST or None, request.FILES or None, initial={"corpus": chosen} if chosen else None)
    for reason in limit.reasons():
        messages.error(request, reason)
    if request.method == "POST" and limit.refused and not request.FILES:
        return redirect("review:upload")
    if request.method == "POST" and form.is_valid():
        corpus: Corpus = form.cleaned_data["corpus"]
        # read one file at a time, in chunks (services.create_documents): never the whole upload in memory
        files = [(f.name, f) for f in request.FILES.getlist("files")]
        documents, errors = services.create_documents(corpus, files, limit=settings.MAX_UPLOAD_BYTES)
        for error in errors:
            messages.error(request, f"{error.filename}: {error.reason}")
        waiting = [d for d in documents if not jobs.enqueue_analysis(d)]
        for document in waiting:
            messages.error(request, f"{document.original_name}: stored, but its automatic pass could not start: "
                                    f"{jobs.QUEUE_DOWN}")
        if documents and waiting:  # both true: say them as one, never "imported" beside "could not be reached"
            messages.warning(request, f"{len(documents)} document(s) stored in {corpus.name}; {len(waiting)} of them "
                                      "wait for their automatic pass (Retry on the document list).")
        elif documents:
            messages.success(request, f"{len(documents)} document(s) imported into {corpus.name}.")
        return redirect("review:documents")
    return render(request, "review/upload.html", {"form": form})


@login_required
@require_POST
def retry(request: HttpRequest, pk: int) -> HttpResponse:
    require_admin(request.user)
    document = require_document(request.user, pk)
    # only a failed document, claimed in one conditional UPDATE: a second click, or a page left open
    # since, would queue a second pass, or put an approved document back in review
    if not Document.objects.filter(pk=document.pk, status=Document.Status.FAILED).update(status=Document.Status.QUEUED):
        document.refresh_from_db(fields=["status"])
        messages.info(request, f"Nothing to retry: the document is {document.get_status_display().lower()} now.")
    elif not jobs.enqueue_analysis(document, asked=True):
        messages.error(request, jobs.QUEUE_DOWN)
    if request.htmx:
        return _row(request, document.pk)
    return redirect("review:documents")


@login_required
@require_POST
def rerun(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: run the automatic pass again; human decisions survive (services.apply_analysis)."""
    require_admin(request.user)
    document = require_document(request.user, pk)
    running = [Document.Status.QUEUED, Document.Status.ANNOTATING]
    if not Document.objects.filter(pk=document.pk).exclude(status__in=running).update(status=Document.Status.QUEUED):
        messages.error(request, "The automatic pass is already running for this document.")  # a second click too
    else:
        services.record(document, request.user, Action.RERUN, f"document:{document.pk}")
        if jobs.enqueue_analysis(document, asked=True):
            messages.success(request, "The automatic pass runs again; decided mentions are kept.")
        else:
            messages.error(request, jobs.QUEUE_DOWN)
    target = reverse("review:documents")
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)

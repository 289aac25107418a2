"""Team workflow pages: corpora, assignment, "take next", and the admins' progress dashboard."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from anonymizer.batch import whitelist as whitelist_file

from .. import charts, services, stats
from ..forms import AssignForm, CorpusForm
from ..models import Corpus, Document
from ..permissions import require_admin, reviewer_group
from .common import parse_int


@login_required
@require_GET
def corpora(request: HttpRequest) -> HttpResponse:
    """Admins: every corpus with its document counts, links to its dashboard and settings."""
    require_admin(request.user)
    reviewer_group()  # so the Django admin offers it when an admin creates users
    rows = Corpus.objects.annotate(
        total=Count("documents"),
        approved=Count("documents", filter=Q(documents__status=Document.Status.APPROVED)),
        unassigned=Count("documents", filter=Q(documents__assignee__isnull=True)),
    )
    return render(request, "review/corpora.html", {"corpora": rows})


@login_required
@require_http_methods(["GET", "POST"])
def corpus_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Admins: create a corpus, or change its name, tag style, pseudonym policy and whitelist."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk) if pk is not None else None
    form = CorpusForm(request.POST or None, instance=corpus)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                kept = form.keep_added_meanwhile()
                saved = form.save()
        except IntegrityError:  # the same name, saved at the same moment (a double click, another admin)
            form.add_error("name", form.instance.unique_error_message(Corpus, ["name"]))
            return render(request, "review/corpus_form.html", {"form": form, "corpus": corpus}, status=422)
        if kept:
            messages.info(request, f"{len(kept)} whitelist term(s) added since this page was shown (by the review "
                                   "screen or an import) were kept.")
        if corpus is None:  # a new corpus: its page, where its whitelist file and its import are
            messages.success(request, f"Corpus {saved.name} created. Next: import its documents, "
                                      "or a whitelist file (below).")
            return redirect("review:corpus_edit", pk=saved.pk)
        messages.success(request, f"Corpus {saved.name} saved.")
        return redirect("review:corpora")
    return render(request, "review/corpus_form.html", {"form": form, "corpus": corpus})


@login_required
@require_GET
def whitelist_export(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: the corpus whitelist as a file, one term a line (``manage.py anonymize --whitelist`` reads it)."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    response = HttpResponse(services.export_whitelist(corpus), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="corpus-{corpus.pk}-whitelist.txt"'
    return response


@login_required
@require_POST
def whitelist_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: add the terms of an uploaded file (one a line) to the corpus whitelist; none is removed."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, "Choose a file of terms, one a line, to import.")
        return redirect("review:corpus_edit", pk=corpus.pk)
    if upload.size > whitelist_file.MAX_BYTES:
        messages.error(request, f"{upload.name}: not a whitelist (over {whitelist_file.MAX_BYTES // 2**20} MB)")
        return redirect("review:corpus_edit", pk=corpus.pk)
    try:
        added = services.import_whitelist(corpus.pk, upload.read(), upload.name)
    except whitelist_file.WhitelistFileError as error:
        messages.error(request, str(error))
        return redirect("review:corpus_edit", pk=corpus.pk)
    messages.success(request, f"{len(added)} term(s) added to the whitelist of {corpus.name}; none removed.")
    return redirect("review:corpus_edit", pk=corpus.pk)


@login_required
@require_POST
def assign(request: HttpRequest) -> HttpResponse:
    """Admins: assign the ticked documents to one person ("Assign") or to nobody ("Unassign")."""
    require_admin(request.user)
    form = AssignForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Tick at least one document (and choose a person to assign them to).")
        return redirect("review:documents")
    assignee = None if request.POST.get("unassign") else form.cleaned_data["assignee"]
    if assignee is None and not request.POST.get("unassign"):
        messages.error(request, "Choose a person to assign the documents to.")
        return redirect("review:documents")
    try:
        count = services.assign([d.pk for d in form.cleaned_data["documents"]], assignee, request.user)
    except services.ActionError as error:
        messages.error(request, str(error))
        return redirect("review:documents")
    who = assignee.get_username() if assignee else "nobody"
    messages.success(request, f"{count} document(s) assigned to {who}.")
    return redirect("review:documents")


@login_required
@require_POST
def take_next(request: HttpRequest, corpus_pk: int) -> HttpResponse:
    """Claim the next unassigned document of a corpus (two people never get the same one)."""
    corpus = get_object_or_404(Corpus, pk=corpus_pk)
    document = services.take_next(corpus, request.user)
    if document is None:
        messages.info(request, f"No unassigned document is waiting in {corpus.name}.")
        return redirect("review:documents")
    messages.success(request, f"{document.title} is now yours.")
    return redirect("review:document", pk=document.pk)


# ---------------------------------------------------------------- dashboard


@login_required
@require_GET
def dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: progress, throughput, review times, annotator quality and the quality of the automatic pass."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    page = parse_int(request.GET.get("times")) or 1
    context = {"corpus": corpus, "corpora": Corpus.objects.only("pk", "name"), **charts.cached_dashboard(corpus, page)}
    return render(request, "review/dashboard.html", context)


@login_required
@require_GET
def dashboard_times(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: one page of the dashboard's "Review time per document" (htmx; the links also load the whole page)."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    page = parse_int(request.GET.get("times")) or 1
    return render(request, "review/_dashboard_times.html", {"corpus": corpus, **charts.review_times_page(corpus, page)})


@login_required
@require_GET
def quality_json(request: HttpRequest, pk: int) -> JsonResponse:
    """Admins: the auto-pass quality table of a corpus as JSON (for reports)."""
    require_admin(request.user)
    return JsonResponse(stats.quality(get_object_or_404(Corpus, pk=pk)).as_dict())

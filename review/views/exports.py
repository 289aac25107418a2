"""Admin-only export pages: start an export, watch it, read the leak report, download.

Archives are served by :func:`download` with ``FileResponse`` from ``settings.EXPORT_ROOT``
(never through MEDIA_URL); the key archive is as admin-only as everything here, and when it
is stored encrypted (``KEYS_ENCRYPTION_KEY``) the download decrypts it on the fly.
"""
from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh

from config import backup

from .. import exporting, jobs, leakgate, services
from ..models import Corpus, Document, Export
from ..permissions import require_admin
from .common import parse_int

PAGE = "review/export.html"


@login_required
@require_GET
def export_index(request: HttpRequest) -> HttpResponse:
    """Every corpus with its number of approved documents and its last export."""
    require_admin(request.user)
    corpora = Corpus.objects.annotate(
        approved=Count("documents", filter=Q(documents__status=Document.Status.APPROVED)),
        total=Count("documents"),
    ).order_by("name")
    return render(request, "review/export_index.html", {"corpora": corpora})


def _context(corpus: Corpus) -> dict:
    exports = list(corpus.exports.select_related("created_by", "overridden_by").prefetch_related("documents")[:20])
    for i, export in enumerate(exports):  # only the latest export's findings can be fixed from here
        export.fixing = i == 0 and export.status == Export.Status.BLOCKED
    return {
        "corpus": corpus,
        "approved": exporting.approved_documents(corpus).count(),
        "exports": exports,
        "latest": exports[0].pk if exports else None,  # an earlier export's leak report is folded away
    }


@login_required
@require_GET
def export_page(request: HttpRequest, corpus_pk: int) -> HttpResponse:
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=corpus_pk)
    return render(request, PAGE, _context(corpus))


@login_required
@require_POST
def start(request: HttpRequest, corpus_pk: int) -> HttpResponse:
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=corpus_pk)
    try:
        export = exporting.start_export(corpus, request.user)
    except exporting.ExportError as error:
        messages.error(request, str(error))
    else:
        if jobs.enqueue_export(export.pk):
            messages.success(request, f"Export {export.pk} started with {export.documents.count()} approved document(s).")
        else:
            messages.error(request, f"Export {export.pk} could not start: {jobs.QUEUE_DOWN}.")
    return redirect("review:export", corpus_pk=corpus.pk)


@login_required
@require_GET
def export_row(request: HttpRequest, pk: int) -> HttpResponse:
    """One export's row; htmx polls it while the export is queued or running. Once the export has
    finished, a poll reloads the page: the leak report (or the downloads) and the earlier reports folded
    under it are parts of the page, not of the row, and the row's "see the leak report" points there."""
    require_admin(request.user)
    export = get_object_or_404(Export.objects.select_related("corpus", "created_by", "overridden_by"), pk=pk)
    if request.htmx and export.status not in (Export.Status.QUEUED, Export.Status.RUNNING):
        return HttpResponseClientRefresh()
    return render(request, f"{PAGE}#export_row", {"export": export, "corpus": export.corpus})


@login_required
@require_POST
def override(request: HttpRequest, pk: int) -> HttpResponse:
    """Export despite the leak gate's hits, with a reason that is recorded."""
    require_admin(request.user)
    export = get_object_or_404(Export, pk=pk)
    try:
        exporting.override(export.pk, request.user, request.POST.get("reason", ""))
    except exporting.ExportError as error:
        messages.error(request, str(error))
    else:
        if jobs.enqueue_export(export.pk):
            messages.warning(request, f"Export {export.pk} runs again; the leak gate's hits are overridden.")
        else:
            messages.error(request, f"Export {export.pk} could not start: {jobs.QUEUE_DOWN}.")
    return redirect("review:export", corpus_pk=export.corpus_id)


@login_required
@require_GET
def download(request: HttpRequest, pk: int, kind: str) -> HttpResponseBase:
    """The corpus archive (``kind="archive"``) or the secret key archive (``kind="keys"``)."""
    require_admin(request.user)
    export = get_object_or_404(Export, pk=pk, status=Export.Status.DONE)
    if kind not in ("archive", "keys"):
        raise Http404("unknown archive")
    stored = export.archive_file if kind == "archive" else export.keys_file  # under today's EXPORT_ROOT
    root = Path(settings.EXPORT_ROOT).resolve()
    path = stored.resolve() if stored is not None else None
    if path is None or not stored.name or root not in path.parents or not path.is_file():
        raise Http404("archive not found")
    if path.name.endswith(backup.ENCRYPTED_SUFFIX):  # the key archive at rest: decrypted for the admin only
        name = path.name.removesuffix(backup.ENCRYPTED_SUFFIX)
        response = HttpResponse(backup.decrypt_bytes(path.read_bytes()), content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
    else:
        response = FileResponse(path.open("rb"), as_attachment=True, filename=path.name,
                                content_type="application/zip")
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def reopen(request: HttpRequest, pk: int, document_pk: int) -> HttpResponse:
    """Fix a leak-gate finding: the approved document goes back to its annotator, with a reason."""
    require_admin(request.user)
    export = get_object_or_404(Export, pk=pk)
    document = get_object_or_404(export.documents.defer("original"), pk=document_pk)
    lines = document.text.count("\n") + 1
    line = _line(request.POST.get("line", ""), lines)
    if line is None:  # never echoed: the message names the field and the reason
        messages.error(request, f"The line must be a line number of the document (1 to {lines:,}) or empty; "
                                "the document was not reopened.")
        return redirect("review:export", corpus_pk=export.corpus_id)
    try:
        services.reopen(document.pk, request.user, request.POST.get("reason", ""), export_id=export.pk, line=line)
    except (services.ActionError, services.Conflict) as error:
        messages.error(request, str(error) or "The document changed meanwhile; reload and try again.")
    else:
        messages.success(request, f"{document.title} reopened: it is back in review with its annotator. "
                                  "Export again once it is approved.")
    return redirect("review:export", corpus_pk=export.corpus_id)


def _line(value: str, lines: int) -> int | None:
    """A reopen's line: 0 when empty, the number when it is a line of the document, else None."""
    if not value.strip():
        return 0
    line = parse_int(value.strip())
    return line if line is not None and 1 <= line <= lines else None


@login_required
@require_GET
def residual(request: HttpRequest, corpus_pk: int) -> HttpResponse:
    """The residual-risk list: what a reader would still see in each approved document's output."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=corpus_pk)
    return render(request, "review/export_residual.html", {"corpus": corpus, "rows": leakgate.residual(corpus)})

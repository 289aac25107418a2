"""Admins: double annotation of a corpus (create the second copies) and the agreement of each pair."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from .. import services
from ..models import Corpus
from ..permissions import require_admin
from ..services import double


@login_required
@require_GET
def agreement(request: HttpRequest, pk: int) -> HttpResponse:
    """Every document annotated twice, with the F1 of the masked spans and Cohen's kappa of accept/reject."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    rows = double.corpus_agreement(corpus)
    f1s = [r.f1 for r in rows if r.f1 is not None]
    kappas = [r.kappa for r in rows if r.kappa is not None]
    context = {"corpus": corpus, "rows": rows, "waiting": len(double.sample(corpus)),
               "mean_f1": sum(f1s) / len(f1s) if f1s else None,
               "mean_kappa": sum(kappas) / len(kappas) if kappas else None}
    return render(request, "review/agreement.html", context)


@login_required
@require_POST
def make_twins(request: HttpRequest, pk: int) -> HttpResponse:
    """Create the second copies the corpus setting asks for (unassigned, ready for another annotator)."""
    require_admin(request.user)
    corpus = get_object_or_404(Corpus, pk=pk)
    try:
        twins = double.make_twins(corpus, request.user)
    except services.ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{len(twins)} second copy(ies) created; assign them to other annotators.")
    return redirect("review:agreement", pk=pk)

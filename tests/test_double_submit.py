"""Forms sent twice, or from a page left open: Retry and Re-run claim the document in one conditional
UPDATE, so a second click queues no second pass and an approved document never goes back to review."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review import jobs
from review.models import Corpus, Document

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch):
    """The passes queued (none runs: the document stays as the claim left it)."""
    calls: list[int] = []

    def enqueue(document, asked=False):
        calls.append(document.pk)
        return True

    monkeypatch.setattr(jobs, "enqueue_analysis", enqueue)
    return calls


@pytest.fixture
def admin(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    return client


S = Document.Status


@pytest.mark.parametrize(("status", "runs", "after"), [
    (S.FAILED, 1, S.QUEUED),
    (S.QUEUED, 0, S.QUEUED),  # a second click: the first one's pass is queued
    (S.ANNOTATING, 0, S.ANNOTATING),
    (S.READY, 0, S.READY),
    (S.IN_REVIEW, 0, S.IN_REVIEW),
    (S.APPROVED, 0, S.APPROVED),  # a list left open since the pass failed, and was retried and approved
])
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_it_retries_only_a_failed_document(admin, queued, status, runs, after, htmx):
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title="h", original_name="h.txt",
                                       original=b"INMATE DOE: yes.\n", status=status)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    assert admin.post(reverse("review:retry", args=[document.pk]), **headers).status_code in (200, 302)
    assert len(queued) == runs and Document.objects.get(pk=document.pk).status == after


def test_it_runs_one_pass_for_a_retry_clicked_twice(admin, queued):
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title="h", original_name="h.txt",
                                       original=b"INMATE DOE: yes.\n", status=S.FAILED)
    for _ in range(2):
        admin.post(reverse("review:retry", args=[document.pk]))
    response = admin.get(reverse("review:documents"))
    assert len(queued) == 1
    assert "Nothing to retry: the document is queued now." in [str(m) for m in response.context["messages"]]


def test_it_runs_one_pass_for_a_rerun_clicked_twice(admin, queued):
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title="h", original_name="h.txt",
                                       original=b"INMATE DOE: yes.\n", status=S.IN_REVIEW)
    for _ in range(2):
        admin.post(reverse("review:rerun", args=[document.pk]))
    assert len(queued) == 1

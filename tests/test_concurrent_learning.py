"""Two reviewers approving two documents of one corpus at the same moment (or two workers storing
two passes) both rebuild the corpus's knowledge: each read the known forms before the other wrote,
both inserted the same form and the second approval ended in a 500 (IntegrityError on
``known_form_unique``), its approval lost. Learning takes the corpus in turn now."""
from __future__ import annotations

import threading

import pytest
from django.db import connection

from review import services
from review.models import Corpus, Document, KnownForm
from review.services import knowledge_learning
from tests.test_knowledge import _reviewed


@pytest.mark.django_db(transaction=True)
def test_it_approves_two_documents_of_one_corpus_at_the_same_moment(django_user_model, monkeypatch):
    if connection.vendor != "postgresql":  # SQLite takes one writer at a time anyway
        pytest.skip("concurrent transactions are PostgreSQL's: make test runs this on PostgreSQL")
    annotator = django_user_model.objects.create_user("ann", password="a-long-test-password")
    reviewers = [django_user_model.objects.create_user(f"rev{i}", password="a-long-test-password", is_staff=True)
                 for i in range(2)]
    corpus = Corpus.objects.create(name="two at once")
    documents = [_reviewed(corpus, f"d{i}", status=Document.Status.SUBMITTED) for i in range(2)]
    Document.objects.filter(pk__in=[d.pk for d in documents]).update(submitted_by=annotator)
    # both learnings read what the corpus knows before either writes (without a lock; with one, the
    # second waits for the first, and the barrier lets the first go on alone)
    together = threading.Barrier(2)
    titles = knowledge_learning._titles

    def meet():
        try:
            together.wait(timeout=3)
        except threading.BrokenBarrierError:
            pass
        return titles()

    monkeypatch.setattr(knowledge_learning, "_titles", meet)
    failures: list[str] = []

    def approve(document, reviewer):
        try:
            services.approve(document.pk, Document.objects.get(pk=document.pk).version, reviewer)
        except Exception as exc:  # noqa: BLE001 - what the view would answer with a 500
            failures.append(type(exc).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=approve, args=pair) for pair in zip(documents, reviewers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert set(Document.objects.values_list("status", flat=True)) == {Document.Status.APPROVED}
    ruff = KnownForm.objects.get(corpus=corpus, form="ruff")
    assert sorted(ruff.accepted_in) == sorted(d.pk for d in documents)

"""Buttons clicked twice at once (probe34, gunicorn 2 × 4 on PostgreSQL): *Take next* by one annotator
in two requests gave them two documents, the second hidden from everyone else; *Create second
copies* in two requests gave every original two twins. Both now take their turn."""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.db.models import Count

from review import services
from review.models import Corpus, Document
from review.services import double
from tests.test_workflow import new_document


def _at_once(work, count: int = 2) -> list:
    together = threading.Barrier(count)
    results: list = []

    def run():
        together.wait()
        try:
            results.append(work())
        except Exception as exc:  # noqa: BLE001 - what the view would answer with a 500
            results.append(type(exc).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _postgresql_only():
    if connection.vendor != "postgresql":  # SQLite takes one writer at a time anyway
        pytest.skip("concurrent transactions are PostgreSQL's: make test runs this on PostgreSQL")


@pytest.mark.django_db(transaction=True)
def test_it_takes_one_document_when_take_next_is_clicked_twice(django_user_model):
    _postgresql_only()
    corpus = Corpus.objects.create(name="double click")
    documents = [new_document(corpus, title=f"d{i}") for i in range(3)]
    annotator = django_user_model.objects.create_user("ann", password="a-long-test-password")
    taken = _at_once(lambda: services.take_next(corpus, annotator).pk)
    assert taken[0] == taken[1] and taken[0] in {d.pk for d in documents}
    assert Document.objects.filter(assignee=annotator).count() == 1


@pytest.mark.django_db(transaction=True)
def test_it_creates_one_twin_per_original_when_clicked_twice(django_user_model, monkeypatch):
    _postgresql_only()
    admin = django_user_model.objects.create_superuser("boss", password="a-long-test-password")
    corpus = Corpus.objects.create(name="twins twice", double_annotation=1.0)
    for i in range(3):
        new_document(corpus, title=f"d{i}")
    together = threading.Barrier(2)
    chosen = double.sample

    def meet(corpus):  # both chose the originals before either wrote (without a lock)
        picked = chosen(corpus)
        try:
            together.wait(timeout=3)
        except threading.BrokenBarrierError:
            pass
        return picked

    monkeypatch.setattr(double, "sample", meet)
    made = _at_once(lambda: len(double.make_twins(Corpus.objects.get(pk=corpus.pk), admin)))
    assert sorted(made) == [0, 3]
    per_original = Document.objects.filter(twin__isnull=False).values("twin_id").annotate(n=Count("id"))
    assert {row["n"] for row in per_original} == {1}

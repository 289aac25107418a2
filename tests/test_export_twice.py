"""An export started twice (a double click, two admins, the CLI beside the page) runs once: a start
while an export of the corpus is queued or running is refused by that export's number; once it has
finished, or recovery marked it interrupted, a new one starts. Two exports of the same documents had
cost twice the worker's time and left two corpus archives and two key archives."""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from review import exporting, jobs, services
from review.models import Export

from .test_export import admin, corpus, export_root, make_document  # noqa: F401  (fixtures)


@pytest.mark.django_db
def test_it_refuses_a_second_start_while_the_first_export_is_queued_or_running(corpus, admin):  # noqa: F811
    make_document(corpus, "h1")
    first = exporting.start_export(corpus, admin)
    with pytest.raises(exporting.ExportError, match=rf"Export {first.pk} of this corpus is queued"):
        exporting.start_export(corpus, admin)
    Export.objects.filter(pk=first.pk).update(status=Export.Status.RUNNING)
    with pytest.raises(exporting.ExportError, match=rf"Export {first.pk} of this corpus is running"):
        exporting.start_export(corpus, admin)
    assert Export.objects.count() == 1
    Export.objects.filter(pk=first.pk).update(heartbeat_at=None)
    assert services.recover_stale_jobs(stale_seconds=0).exports == [first.pk]  # a killed one does not hold it
    assert exporting.start_export(corpus, admin).pk != first.pk


@pytest.mark.django_db
def test_it_starts_one_export_for_a_start_clicked_twice(client, corpus, admin, monkeypatch):  # noqa: F811
    make_document(corpus, "h1")
    monkeypatch.setattr(jobs, "enqueue_export", lambda pk: True)  # queued in Redis, not run yet
    client.force_login(admin)
    url = reverse("review:export_start", args=[corpus.pk])
    client.post(url)
    page = client.post(url, follow=True)
    assert Export.objects.count() == 1
    export = Export.objects.get()
    assert f"Export {export.pk} of this corpus is queued: wait for it to finish" in page.content.decode()


@pytest.mark.django_db(transaction=True)
def test_it_starts_one_export_for_two_starts_at_the_same_moment(corpus, admin, monkeypatch):  # noqa: F811
    if connection.vendor != "postgresql":  # SQLite takes one writer at a time anyway
        pytest.skip("concurrent transactions are PostgreSQL's: make test runs this on PostgreSQL")
    make_document(corpus, "h1")
    together = threading.Barrier(2)
    approved = exporting.approved_documents

    def meet(c):  # both starts look for an export under way before either creates one (the lock serializes them)
        try:
            together.wait(timeout=3)
        except threading.BrokenBarrierError:
            pass
        return approved(c)

    monkeypatch.setattr(exporting, "approved_documents", meet)
    refused: list[str] = []

    def start():
        try:
            exporting.start_export(corpus, admin)
        except exporting.ExportError as error:
            refused.append(str(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Export.objects.count() == 1 and len(refused) == 1

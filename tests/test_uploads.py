"""Uploads: the duplicate refusal holds under concurrency (a unique constraint), existing duplicates
survive the migration."""
from __future__ import annotations

import threading

import pytest
from django.db import connection

from review import services
from review.models import Corpus, Document
from review.services import importing


# --- the duplicate refusal is atomic ---------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_it_refuses_the_same_bytes_uploaded_twice_at_the_same_moment(monkeypatch):
    """Both uploads looked for the bytes before either stored them: both passed, two documents."""
    corpus = Corpus.objects.create(name="race")
    looked = threading.Barrier(2, timeout=20)
    local = threading.local()
    look = importing._same_content

    def look_together(*args):
        found = look(*args)
        if not getattr(local, "looked", False):  # the first look of each upload: both see nothing
            local.looked = True
            looked.wait()
        return found

    monkeypatch.setattr(importing, "_same_content", look_together)
    results: dict[str, tuple] = {}

    def upload(name: str) -> None:
        try:
            results[name] = services.create_documents(Corpus.objects.get(pk=corpus.pk), [(name, b"one hearing, twice")])
        except Exception as exc:  # noqa: BLE001 - reported below
            results[name] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=upload, args=(name,)) for name in ("a.txt", "b.txt")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert all(isinstance(r, tuple) for r in results.values()), results
    kept = Document.objects.get(corpus=corpus)  # exactly one
    created = [d for created, _ in results.values() for d in created]
    errors = [e for _, errors in results.values() for e in errors]
    assert [d.pk for d in created] == [kept.pk]
    assert len(errors) == 1 and errors[0].filename != kept.original_name
    assert errors[0].reason.startswith(f"the same file as document '{kept.title}' (id {kept.pk}) of this corpus")


@pytest.mark.django_db
def test_it_still_imports_the_same_bytes_into_another_corpus_and_as_a_second_annotation():
    first, other = Corpus.objects.create(name="one"), Corpus.objects.create(name="two")
    (a,), _ = services.create_documents(first, [("a.txt", b"same bytes")])
    (b,), errors = services.create_documents(other, [("b.txt", b"same bytes")])
    assert errors == [] and a.content_sha256 == b.content_sha256 != ""
    twin = Document.objects.create(corpus=first, title="a", original_name="a.txt", original=b"same bytes", twin=a,
                                   content_sha256=a.content_sha256)  # a second annotation keeps its bytes
    assert twin.pk


@pytest.mark.django_db(transaction=True)
def test_it_migrates_a_corpus_already_holding_the_same_bytes_twice():
    """Copies stored before the check: the oldest gets the hash, later ones stay as they are, unchecked."""
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("review", "0015_detector_check_trail_part")], [("review", "0016_upload_content_hash")]
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes("review")
    executor.migrate(before)
    try:
        old = MigrationExecutor(connection).loader.project_state(before).apps
        corpus = old.get_model("review", "Corpus").objects.create(name="old")
        OldDocument = old.get_model("review", "Document")
        first = OldDocument.objects.create(corpus=corpus, title="a", original_name="a.txt", original=b"twice")
        copy = OldDocument.objects.create(corpus=corpus, title="a (1)", original_name="a (1).txt", original=b"twice")
        OldDocument.objects.create(corpus=corpus, title="a", original_name="a.txt", original=b"twice", twin=first)
        other = OldDocument.objects.create(corpus=corpus, title="b", original_name="b.txt", original=b"once")
        executor = MigrationExecutor(connection)
        executor.migrate(after)
    finally:
        MigrationExecutor(connection).migrate(latest)
    hashes = dict(Document.objects.values_list("pk", "content_sha256"))
    assert len(hashes[first.pk]) == 64 and len(hashes[other.pk]) == 64 and hashes[copy.pk] == ""
    assert Document.objects.count() == 4  # nothing deleted
    _, errors = services.create_documents(Corpus.objects.get(pk=corpus.pk), [("again.txt", b"twice")])
    assert [e.reason.split(";")[0] for e in errors] == [f"the same file as document 'a' (id {first.pk}) of this corpus"]

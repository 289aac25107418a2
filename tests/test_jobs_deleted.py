"""A document (or its corpus) deleted while its job waits or runs, e.g. in Django's admin: the job
ends quietly with one log line naming the id, not with rq's traceback of DoesNotExist/NotUpdated."""
import logging

import pytest

from review import jobs, pipelines
from review.models import Corpus, Document, Export
from tests.test_jobs import HEARING


@pytest.fixture
def corpus(db):
    return Corpus.objects.create(name="deleted")


@pytest.mark.django_db
@pytest.mark.parametrize("when", ["queued", "mid-pass", "corpus mid-pass"])
def test_it_ends_the_pass_of_a_document_deleted_meanwhile(corpus, settings, monkeypatch, caplog, when):
    settings.JOBS_MODE = "inline"
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    pk = document.pk
    real = pipelines.get_pipeline

    class Deleting:
        def __init__(self, config):
            self.pipeline = real(config)

        def run(self, transcript, progress=None):
            analysis = self.pipeline.run(transcript, progress=progress)
            (corpus if when.startswith("corpus") else document).delete()
            return analysis

    if when == "queued":
        Document.objects.filter(pk=pk).delete()
    else:
        monkeypatch.setattr(pipelines, "get_pipeline", Deleting)
    with caplog.at_level(logging.INFO):
        assert jobs.analyze_document(pk) == jobs.DELETED
    assert not Document.objects.filter(pk=pk).exists()
    assert f"document {pk} was deleted" in caplog.text
    assert "Traceback" not in caplog.text and "John" not in caplog.text


@pytest.mark.django_db
def test_it_ends_the_export_of_a_corpus_deleted_meanwhile(corpus, caplog):
    export = Export.objects.create(corpus=corpus)
    corpus.delete()
    with caplog.at_level(logging.INFO):
        assert jobs.export_corpus(export.pk) == jobs.DELETED
    assert f"export {export.pk} was deleted" in caplog.text

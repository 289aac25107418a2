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


@pytest.mark.django_db
@pytest.mark.parametrize("deleted_at", ["reading", "first stage", "normalize"])
def test_it_stops_the_pass_of_a_deleted_document_at_its_next_stage(corpus, settings, monkeypatch, caplog, deleted_at):
    """The pass notices the deletion when its next stage reports (one UPDATE of the progress that
    finds no row), not after every stage has run on a document no one will read."""
    settings.JOBS_MODE = "inline"
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    pk = document.pk
    reached: list[str] = []

    class Staged:
        def __init__(self, config):
            pass

        def run(self, transcript, progress=None):
            for stage, fraction in [("detect", 0.1), ("detect", 0.5), ("normalize", 0.85), ("categorize", 0.95)]:
                if deleted_at == "first stage" and not reached or deleted_at == stage:
                    Document.objects.filter(pk=pk).delete()
                progress(stage, fraction)
                reached.append(stage)
            raise AssertionError("the pass ran to its end")

    if deleted_at == "reading":  # deleted while the file was read: the pass does not start
        from anonymizer import ingest

        real_load = ingest.load_bytes

        def load_and_delete(*args, **kwargs):
            transcript = real_load(*args, **kwargs)
            Document.objects.filter(pk=pk).delete()
            return transcript

        monkeypatch.setattr(ingest, "load_bytes", load_and_delete)
    monkeypatch.setattr(pipelines, "get_pipeline", Staged)
    with caplog.at_level(logging.INFO):
        assert jobs.analyze_document(pk) == jobs.DELETED
    assert reached == {"reading": [], "first stage": [], "normalize": ["detect", "detect"]}[deleted_at]
    assert f"document {pk} was deleted" in caplog.text
    assert "Traceback" not in caplog.text

"""Load and scale: the review page's caches, corpus knowledge learned only when it changed, the worker class."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.cache import cache

from review.models import Corpus, Document, KnownForm
from review.services import knowledge

from .test_review_views import HX, annotator, client_in, document, mention_at, url  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize("builder", ["render_lines", "groups_html"])
def test_it_builds_the_page_lists_once_per_document_version(client_in, document, monkeypatch, builder):
    from review.views import screen

    calls = []
    real = getattr(screen, builder)
    monkeypatch.setattr(screen, builder, lambda *a, **k: calls.append(1) or real(*a, **k))
    page = url(document, "document")
    client_in.get(page)
    assert client_in.get(page).status_code == 200 and len(calls) == 1  # the second read: from the cache
    m = mention_at(document, "RUFF")
    assert client_in.post(url(document, "mention_action", m.pk, "accept"), {"version": document.version}, **HX).status_code == 200
    before = len(calls)  # the action's own partial update may draw its lines
    html = client_in.get(page).content.decode()
    assert len(calls) == before + 1 and re.search(f'id="m{m.pk}" class="[^"]*s-accepted', html)


@pytest.mark.parametrize("change, learns", [
    (lambda doc: None, False),  # nothing reviewed changed: no second learning
    (lambda doc: Document.objects.filter(pk=doc.pk).update(version=doc.version + 1), True),  # a decision
    (lambda doc: Document.objects.filter(pk=doc.pk).update(status=Document.Status.IN_REVIEW), True),  # sent back
])
def test_it_relearns_corpus_knowledge_only_when_a_reviewed_document_changed(db, monkeypatch, change, learns):
    corpus = Corpus.objects.create(name="c")
    reviewed = Document.objects.create(corpus=corpus, title="a", original_name="a.txt", original=b"x", text="x",
                                       status=Document.Status.APPROVED)
    calls = []
    monkeypatch.setattr(knowledge, "learn", lambda c: calls.append(c.pk))
    assert knowledge.learn_if_changed(corpus) is True
    cache.set(f"knowledge:learned:{corpus.pk}", knowledge.learned_from(corpus))  # what on_commit stores
    change(reviewed)
    assert knowledge.learn_if_changed(corpus) is learns
    assert len(calls) == 1 + learns
    assert not KnownForm.objects.exists()


def test_it_runs_the_production_worker_without_forking_per_job():
    script = (ROOT / "deploy" / "entrypoint.sh").read_text()
    assert 'rqworker --worker-class "${RQ_WORKER_CLASS:-rq.SimpleWorker}"' in script

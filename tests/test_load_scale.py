"""Load and scale: the review page's caches, corpus knowledge learned only when it changed, the worker class."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.cache import cache

from anonymizer.lang.en.transcript import line_starts
from review.models import Corpus, Document, KnownForm
from review.services import knowledge

from .test_review_views import HX, annotator, client_in, document, mention_at, url  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def page_lists(html: str) -> str:
    """Panel A's lines and panel B's entity list of a review page."""
    return "".join(re.findall(r'<div class="line".*?</div>|<li id="e\\d+".*?</li>', html))


@pytest.mark.parametrize("change", ["accept", "reject", "none"])
def test_it_renders_only_the_lines_and_rows_an_action_changed(client_in, document, monkeypatch, change):
    from review.views import screen

    lines, rows = [], []
    render_lines, entity_row_html = screen.render_lines, screen.entity_row_html
    monkeypatch.setattr(screen, "entity_row_html", lambda row, **k: rows.append(row.pk) or entity_row_html(row, **k))
    monkeypatch.setattr(screen, "render_lines", lambda *a, **k: (found := render_lines(*a, **k), lines.extend(found))[0])
    page = url(document, "document")
    first = client_in.get(page).content.decode()
    assert len(lines) == len(line_starts(document.text)) and rows  # the first read draws every line and row
    m = mention_at(document, "RUFF")
    if change != "none":
        response = client_in.post(url(document, "mention_action", m.pk, change), {"version": document.version}, **HX)
        assert response.status_code == 200
    del lines[:], rows[:]
    html = client_in.get(page).content.decode()
    expected = 0 if change == "none" else 1
    assert (len(lines), len(rows)) == (expected, expected)  # just RUFF's line and its entity's row
    assert re.search(f'id="m{m.pk}" class="[^"]*s-{change}ed', html) or change == "none"
    cache.clear()
    assert page_lists(client_in.get(page).content.decode()) == page_lists(html)  # the same as drawn from scratch
    assert change != "none" or page_lists(html) == page_lists(first)


def test_it_keys_an_entity_row_by_everything_it_shows():
    from dataclasses import fields

    from review.rows import EntityRow

    row = EntityRow(1, "PERSON", "PERSON", "Ruff", "", "[PERSON_1]", ["Ruff", "RUFF"], 2, 1, 1, 0, 2, 0, 0)
    shown = (getattr(row, f.name) for f in fields(row))
    assert row.state() == tuple(tuple(sorted(v)) if isinstance(v, set) else tuple(v) if isinstance(v, list) else v
                                for v in shown)


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
    assert 'rqworker --worker-class "${RQ_WORKER_CLASS:-review.worker.Worker}"' in script
    from rq import SimpleWorker

    from review.worker import Worker

    assert issubclass(Worker, SimpleWorker)

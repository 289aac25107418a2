"""Pages showing transcript text are never cached (issue 44's probe: they sent no ``Cache-Control:
no-store``): every answer to a signed-in person carries it, whatever the view."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review.models import Corpus, Document
from tests.test_review_views import HX, TEXT, build, mention_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(django_user_model):
    corpus = Corpus.objects.create(name="Hearings")
    doc = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=TEXT.encode())
    build(doc)
    return doc


# (url name, its arguments from the document, method, htmx?)
PAGES = [
    ("review:document", lambda d: [d.pk], "get", False),
    ("review:document", lambda d: [d.pk], "get", True),
    ("review:preview", lambda d: [d.pk], "get", False),
    ("review:tags", lambda d: [d.pk], "get", False),
    ("review:inspect", lambda d: [d.pk], "get", False),
    ("review:changes", lambda d: [d.pk], "get", False),
    ("review:documents", lambda d: [], "get", False),
    ("review:document_row", lambda d: [d.pk], "get", False),
    ("review:dashboard", lambda d: [d.corpus_id], "get", False),
    ("review:knowledge", lambda d: [d.corpus_id], "get", False),
    ("review:mention_action", lambda d: [d.pk, mention_at(d, "Fresno").pk, "accept"], "post", True),
]


@pytest.mark.parametrize(("name", "args", "method", "htmx"), PAGES,
                         ids=[f"{n.split(':')[1]}{'-htmx' if h else ''}" for n, _, _, h in PAGES])
def test_it_sends_no_store_on_every_page_of_a_signed_in_person(client, django_user_model, document, name, args,
                                                               method, htmx):
    client.force_login(django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True))
    url = reverse(name, args=args(document))
    extra = HX if htmx else {}
    response = client.post(url, {"version": document.version}, **extra) if method == "post" else client.get(url, **extra)
    assert response.status_code < 400, response.status_code
    assert "no-store" in response.get("Cache-Control", "")


"""Issue 44's review and leak-gate items in headless Chromium: an entity-wide decision reversed by
the opposite one (item 4), ordinary words asked before they are accepted as names and a gate finding
naming the document that accepted it (item 5), no finding on a correctly reviewed document (item 6),
and the small ones found on the way."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review import services
from review.models import Corpus, Document
from tests.test_browser_e2e import PASSWORD, login, wait_idle
from tests.test_review_bulk import ENTITIES, MENTIONS, TEXT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def reviewed(django_user_model, text=TEXT, mentions=MENTIONS, entities=ENTITIES, corpus=None, name="h"):
    from anonymizer.types import Analysis, Transcript

    user = django_user_model.objects.filter(username="annotator1").first() or \
        django_user_model.objects.create_user("annotator1", password=PASSWORD)
    corpus = corpus or Corpus.objects.create(name="Parole hearings")
    document = Document.objects.create(corpus=corpus, title=name, original_name=f"{name}.txt", original=text.encode(),
                                       assignee=user)
    services.apply_analysis(document, Analysis(Transcript(name=f"{name}.txt", text=text), tuple(mentions), tuple(entities)))
    document.refresh_from_db()
    return document


def flash(page) -> str:
    wait_idle(page)
    return page.inner_text("#flash")


def test_it_reverses_an_entity_wide_accept_by_an_entity_wide_reject(live_server, browser, django_user_model):
    document = reviewed(django_user_model)
    entity = document.mentions.get(start=TEXT.index("Fresno")).entity_id
    page = login(browser, live_server, "annotator1")
    page.goto(f"{live_server.url}{reverse('review:document', args=[document.pk])}?e={entity}")
    page.wait_for_selector("#inspector[data-mode=entity]")
    page.click("#inspector button:has-text('Accept all')")
    assert "2 of 2 mentions changed" in flash(page)
    page.click("#inspector button:has-text('Reject all')")
    message = flash(page)
    assert "2 of 2 mentions changed; 2 accepted before reversed" in message, message
    assert set(document.mentions.filter(entity_id=entity).values_list("status", flat=True)) == {"rejected"}

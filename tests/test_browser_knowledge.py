"""The review screen's corpus buttons in Chromium: after an htmx action they still send the current version."""
from __future__ import annotations

import pytest

from anonymizer.types import Entity, Mention
from review.models import Corpus, Document, ReviewStatus
from tests.test_browser_e2e import login, wait_idle
from tests.test_knowledge import _import, _reviewed
from tests.textspans import nth_span as _span

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEXT = "PRESIDING COMMISSIONER RUFF: Good morning. We are in Fresno.\nINMATE: Hope is what I have.\n"


@pytest.fixture(params=[2])
def assigned(request, django_user_model):
    """A document of a corpus with ``request.param`` reviewed documents that rejected "Hope"
    (two: "Hope" comes in dismissed; one: pending, marked "rejected before")."""
    ann = django_user_model.objects.create_user("ann", password="a-long-test-password")
    corpus = Corpus.objects.create(name="c")
    for i in range(request.param):
        _reviewed(corpus, f"d{i}")
    doc = _import(corpus, TEXT, [Mention(*_span(TEXT, "Fresno"), "LOCATION", ("spacy",), entity=0),
                                 Mention(*_span(TEXT, "Hope"), "PERSON", ("spacy",), entity=1)],
                  [Entity(0, "LOCATION", "CITY", "Fresno"), Entity(1, "PERSON", "PERSON", "Hope")])
    Document.objects.filter(pk=doc.pk).update(assignee=ann)
    return doc


@pytest.mark.parametrize("assigned, button, needle, status", [
    (2, "Accept all known from the corpus", "RUFF", ReviewStatus.ACCEPTED),
    (2, "Restore dismissed", "Hope", ReviewStatus.PENDING),
    (1, "Reject all rejected before", "Hope", ReviewStatus.REJECTED),
], indirect=["assigned"])
def test_it_sends_the_current_version_from_the_corpus_buttons_after_an_htmx_action(
        browser, live_server, assigned, button, needle, status):
    page = login(browser, live_server, "ann")
    page.goto(f"{live_server.url}/documents/{assigned.pk}/")
    page.wait_for_function("() => window.reviewReady !== undefined")
    fresno = assigned.mentions.get(start=_span(TEXT, "Fresno")[0])
    page.click(f"#m{fresno.pk}")
    page.keyboard.press("a")  # an htmx action: the document's version moves on
    wait_idle(page)
    fresno.refresh_from_db()
    assert fresno.status == ReviewStatus.ACCEPTED
    page.get_by_role("button", name=button).click()  # the button, not the inspector's sentence naming it
    page.wait_for_selector("ul.messages")
    assert "changed" not in page.inner_text("ul.messages").casefold()  # no "changed by someone else" conflict
    start, end = _span(TEXT, needle)
    assert assigned.mentions.get(start=start, end=end).status == status

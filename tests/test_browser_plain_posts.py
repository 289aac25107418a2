"""Without JavaScript every review action is a plain form post answered by a redirect back to the
review screen at the mention (``#mN``): what the action did must be said where the reader is, not in
a message above the part of the page the anchor scrolled to."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from review import services
from review.models import Corpus, Document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"
FILLER = "PRESIDING COMMISSIONER: The panel reviewed the file and the reports that were submitted.\n"
HEARING = (FILLER * 60 + "INMATE: My sister Maria Lopez still lives in Fresno.\n" + FILLER * 20).encode()


@pytest.fixture
def long_hearing(pipeline, django_user_model):
    user = django_user_model.objects.create_user("annotator1", password=PASSWORD)
    corpus = Corpus.objects.create(name="Parole hearings")
    document = Document.objects.create(corpus=corpus, title="hearing-0043", original_name="h.txt", original=HEARING,
                                       assignee=user)
    services.apply_analysis(document, pipeline.run(load_bytes(HEARING, "h.txt")))
    document.refresh_from_db()
    return document


def in_view(page, selector: str) -> bool:
    return page.evaluate(
        """(s) => { const e = document.querySelector(s); if (!e) return false; const r = e.getBoundingClientRect();
                   return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""", selector)


def at_the_name(live_server, browser, hearing, javascript: bool):
    """The annotator's review screen at the hearing's name: ``(mention, context, page)``."""
    name = hearing.mentions.get(start=hearing.text.index("Maria Lopez"))
    context = browser.new_context(java_script_enabled=javascript, viewport={"width": 1400, "height": 700})
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "annotator1")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/documents/{hearing.pk}/?m={name.pk}#m{name.pk}")
    return name, context, page


def test_a_plain_post_says_what_it_did_where_the_reader_is(live_server, browser, long_hearing):
    name, context, page = at_the_name(live_server, browser, long_hearing, javascript=False)
    assert page.locator("#inspector button.ok").inner_text().strip() == "Accept"  # no key hint without JavaScript
    page.click("#inspector button:has-text('Accept')")
    page.wait_for_load_state()
    name.refresh_from_db()
    assert name.status == "accepted"
    assert f"#m" in page.url  # the screen came back at the next mention
    said = page.locator("#inspector .messages")
    assert "Accepted PERSON “Maria Lopez”" in said.inner_text()
    assert in_view(page, "#inspector .messages")
    assert page.locator("ul.messages").count() == 1  # said once
    page.click("#undo-form button")
    page.wait_for_load_state()
    assert "Undid: Accepted PERSON “Maria Lopez”" in page.inner_text("#inspector .messages")
    context.close()


def test_a_button_shows_its_key_only_where_keys_work(live_server, browser, long_hearing):
    _name, context, page = at_the_name(live_server, browser, long_hearing, javascript=True)
    assert page.locator("#inspector button.ok").inner_text().split() == ["Accept", "a"]
    context.close()

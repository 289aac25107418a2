"""A failed htmx action says so in the page, in headless Chromium (static/js/app.js).

* the review screen: an accept answered 503 (the outage page of config/errors.py) shows a fixed
  message with the status in #flash, role="alert", never the answer's body; nothing changes in
  the database, the page keeps working (the next accept goes through and replaces the message);
* an accept whose connection fails (no answer at all) shows the message too;
* the document list (no #flash): a Retry whose connection fails shows the message in the page's
  #request-error area, and a Retry that goes through clears it.
No page triggers a Content-Security-Policy violation or a script error meanwhile.
"""
from __future__ import annotations

import re

import pytest

from review.models import Document

from .test_browser_bulk import hearing, open_review  # noqa: F401 - fixture
from .test_browser_csp import WATCH
from .test_browser_review import login, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECRET = "SERVER-BODY-7f3a Traceback"  # a failing answer's body: it must never reach the page
FAILED = "[role=alert].request-failed"
ACCEPT = re.compile(r"/mentions/\d+/accept/$")
REJECT = re.compile(r"/mentions/\d+/reject/$")
RETRY = re.compile(r"/documents/\d+/retry/$")


@pytest.fixture
def watched(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(15000)
    page.on("dialog", lambda dialog: dialog.accept())
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    yield page, problems
    context.close()


def csp_violations(page) -> list[str]:
    return page.evaluate("window.__csp || []")


def first_pending(document):
    return document.mentions.filter(status="pending").order_by("start").first()


def accept_in_panel(page, mention) -> None:
    page.click(f"#m{mention.pk}")
    page.wait_for_selector(f"#inspector[data-mode=mention][data-m='{mention.pk}']")
    page.click("#inspector button.ok")


def test_a_503_on_an_action_says_it_was_not_saved(live_server, watched, hearing):  # noqa: F811
    page, problems = watched
    login(page, live_server)
    open_review(page, live_server, hearing)
    mention = first_pending(hearing)
    before = dict(hearing.mentions.values_list("pk", "status"))

    # the outage answer of config/errors.py, with a body that must not reach the page
    page.route(ACCEPT, lambda route: route.fulfill(
        status=503, headers={"Retry-After": "30"}, content_type="text/html", body=f"<h1>Down</h1><p>{SECRET}</p>"))
    accept_in_panel(page, mention)
    page.wait_for_selector(f"#flash {FAILED}")
    message = page.inner_text("#flash")
    assert "not saved" in message and "503" in message and "try again" in message.lower()
    assert SECRET not in page.inner_text("body") and "Down" not in message
    assert "error" in page.get_attribute("#flash", "class")
    assert page.is_visible(f"#flash {FAILED}")
    assert dict(hearing.mentions.values_list("pk", "status")) == before
    wait_idle(page)

    # nothing else broke: the same action, answered, goes through and replaces the message
    page.unroute(ACCEPT)
    page.click("#inspector button.ok")
    wait_idle(page)
    mention.refresh_from_db()
    assert mention.status == "accepted"
    assert not page.query_selector(f"#flash {FAILED}") and "not saved" not in page.inner_text("#flash")
    assert not csp_violations(page) and not problems


def test_a_network_failure_on_an_action_says_so(live_server, watched, hearing):  # noqa: F811
    page, problems = watched
    login(page, live_server)
    open_review(page, live_server, hearing)
    mention = first_pending(hearing)

    page.route(ACCEPT, lambda route: route.abort())
    accept_in_panel(page, mention)
    page.wait_for_selector(f"#flash {FAILED}")
    message = page.inner_text("#flash")
    assert "could not be reached" in message and "not have been saved" in message and "try again" in message
    mention.refresh_from_db()
    assert mention.status == "pending"

    # a key action (htmx.ajax from static/js/review.js) failing the same way is told too
    page.unroute(ACCEPT)
    page.evaluate("document.querySelector('#flash').replaceChildren()")
    page.route(REJECT, lambda route: route.abort())
    page.keyboard.press("Escape")
    page.keyboard.press("j")
    page.keyboard.press("r")
    page.wait_for_selector(f"#flash {FAILED}")
    assert "could not be reached" in page.inner_text("#flash")
    assert not hearing.mentions.filter(status="rejected").exists()
    assert not csp_violations(page) and not problems


def test_a_failed_action_on_a_page_without_flash_shows_in_the_page(live_server, watched, django_user_model,
                                                                    settings):
    settings.JOBS_MODE = "inline"
    page, problems = watched
    django_user_model.objects.create_user("admin1", password="a-long-test-password", is_staff=True)
    from review.models import Corpus

    corpus = Corpus.objects.create(name="Parole hearings")
    document = Document.objects.create(corpus=corpus, title="hearing-0013", original_name="h.txt",
                                       original=b"not a transcript", status=Document.Status.FAILED,
                                       failure_reason="test")
    login(page, live_server, "admin1")
    assert not page.is_visible("#request-error")  # empty: takes no room

    page.route(RETRY, lambda route: route.abort())
    page.click(f"#doc-{document.pk} button[type=submit]")
    page.wait_for_selector(f"#request-error {FAILED}")
    assert page.is_visible("#request-error")
    assert "could not be reached" in page.inner_text("#request-error")
    page.unroute(RETRY)

    page.route(RETRY, lambda route: route.fulfill(status=500, body=SECRET))
    page.evaluate("document.querySelector('#request-error').replaceChildren()")
    page.click(f"#doc-{document.pk} button[type=submit]")
    page.wait_for_selector(f"#request-error {FAILED}")
    assert "not saved" in page.inner_text("#request-error") and "500" in page.inner_text("#request-error")
    assert SECRET not in page.inner_text("body")
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED
    assert not csp_violations(page) and not problems


@pytest.mark.parametrize(("status", "headers", "words"), [
    (403, {"X-Refused": "csrf"}, "Your session changed"),
    (413, {}, "too large to send (413)"),
], ids=["csrf", "too-large"])
def test_it_words_a_failed_csrf_check_and_a_too_large_action(live_server, watched, hearing, status, headers,  # noqa: F811
                                                            words):
    """probe34: a CSRF failure (logged in again in another tab) said "You can no longer change this document
    (it may have been reassigned)"; a 413 "The server refused the action"."""
    page, problems = watched
    login(page, live_server)
    open_review(page, live_server, hearing)
    page.route(ACCEPT, lambda route: route.fulfill(status=status, headers=headers, content_type="text/html",
                                                   body=f"<p>{SECRET}</p>"))
    accept_in_panel(page, first_pending(hearing))
    page.wait_for_selector(f"#flash {FAILED}")
    message = page.inner_text("#flash")
    assert words in message and "reassigned" not in message and SECRET not in page.inner_text("body")
    assert not csp_violations(page) and not problems

"""The human stays in charge on the review screen, in headless Chromium (issue #44, items 1-3).

* a bulk accept acts on exactly the set panel B shows, however its filters were set (the form
  in the page, the URL), says which set, and is refused when the set on the server differs;
* reading progress is evidence of reading: wheel-scrolling past lines does not count them,
  stepping through them or leaving them in view long enough at a fast reading pace does;
* the second look states the mentions nobody looked at on its first line and on *Approve*,
  which asks for an acknowledgement recorded in the history.
"""
from __future__ import annotations

import pytest

from review import services
from review.models import Document

from .test_browser_bulk import hearing, open_review, statuses  # noqa: F401  (fixture)
from .test_browser_review import login, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _bulk_label(page) -> str:
    page.wait_for_function("() => { const b = document.querySelector('#accept-shown'); return b && !b.disabled; }")
    return page.inner_text("#accept-shown")


@pytest.mark.parametrize(("field", "value", "label", "shown"), [
    ("label", "DATE", "Accept 2 pending shown (label DATE)", {"DATE": ["accepted"] * 2, "PERSON": ["pending"] * 7}),
    ("q", "maria", "Accept 2 pending shown (name “maria”)",
     {"PERSON": ["accepted"] * 2 + ["pending"] * 5, "DATE": ["pending"] * 2}),
])
def test_it_accepts_in_bulk_exactly_what_panel_b_shows_however_its_filter_was_set(
        live_server, page, hearing, field, value, label, shown):
    login(page, live_server)
    open_review(page, live_server, hearing)
    assert _bulk_label(page) == "Accept 11 pending shown (no filter)"
    if field == "q":
        page.fill("#filters input[name=q]", value)
    else:
        page.select_option(f"#filters select[name={field}]", value)
    page.wait_for_function(f"() => document.querySelector('#accept-shown').textContent.includes({label!r})")
    assert _bulk_label(page) == label
    assert label.split("(")[1].rstrip(")") in page.inner_text("#accept-shown-form label")  # the confirmation says it too
    assert f"{field}={value}" in page.url  # a reload (and every action's answer) keeps the set
    page.check("#accept-shown-confirm")
    page.click("#accept-shown")
    wait_idle(page)
    for name, expected in shown.items():
        assert statuses(hearing, name) == sorted(expected)
    assert "Accepted 2 pending mentions" in page.inner_text("#flash")

    page.reload()  # the same set after a reload: nothing of it is left pending
    page.wait_for_function("() => window.reviewReady !== undefined")
    assert page.locator("#accept-shown").count() == 0 or "(no filter)" not in page.inner_text("#accept-shown")


def test_it_refuses_a_bulk_accept_when_the_set_on_the_server_differs(live_server, page, hearing, django_user_model):
    login(page, live_server)
    open_review(page, live_server, hearing)
    page.select_option("#filters select[name=label]", "DATE")
    page.wait_for_function("() => document.querySelector('#accept-shown').textContent.includes('label DATE')")
    date = hearing.mentions.filter(label="DATE").order_by("start").first()
    other = django_user_model.objects.create_user("annotator2", password="a-long-test-password")
    services.set_mention_status(hearing.pk, Document.objects.get(pk=hearing.pk).version, other, date.pk, "rejected")
    page.check("#accept-shown-confirm")
    page.click("#accept-shown")
    wait_idle(page)
    assert statuses(hearing, "DATE") == ["pending", "rejected"]  # nothing accepted: the set changed meanwhile
    assert statuses(hearing, "PERSON") == ["pending"] * 7

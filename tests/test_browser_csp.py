"""The pages keep to their Content-Security-Policy in Chromium: the review screen (with htmx actions,
the changes box and its filter), the document list, the dashboard, the knowledge page and the other
admin pages trigger no violation, and the small behaviours moved out of inline handlers still work."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from review import services
from review.services import knowledge
from tests.test_dashboard_screens_browser import PASSWORDS, act, demo  # noqa: F401 - fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# every violation the page sees, also those of content htmx swaps in later
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ""}`.trim());
});
"""


class Watched:
    def __init__(self, browser, live_server, username: str) -> None:
        self.live_server = live_server
        self.context = browser.new_context(viewport={"width": 1400, "height": 900})
        self.context.add_init_script(WATCH)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20000)
        self.page.on("dialog", lambda dialog: dialog.accept())
        self.problems: list[str] = []
        self.page.on("console", lambda m: self._console(m.text))
        self.page.on("pageerror", lambda error: self.problems.append(f"{self.page.url}: {error}"))
        self.go("/login/")
        self.page.fill("#id_username", username)
        self.page.fill("#id_password", PASSWORDS[username])
        self.page.click("button[type=submit]")
        self.page.wait_for_selector("table.documents, p.empty")

    def _console(self, text: str) -> None:
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            self.problems.append(f"{self.page.url}: {text}")

    def go(self, path: str) -> None:
        response = self.page.goto(f"{self.live_server.url}{path}")
        assert "script-src 'self'" in response.headers.get("content-security-policy", ""), path  # the policy is on
        self.page.wait_for_load_state("networkidle")
        self.check()

    def check(self) -> None:
        self.problems += [f"{self.page.url}: {v}" for v in self.page.evaluate("window.__csp || []")]
        self.page.evaluate("window.__csp = []")

    def close(self) -> list[str]:
        self.check()
        self.context.close()
        return self.problems


def test_it_triggers_no_content_security_policy_violation(live_server, browser, demo):  # noqa: F811
    doc, corpus = demo["doc"], demo["corpus"]
    reviewer = Watched(browser, live_server, "reviewer1")
    page = reviewer.page
    reviewer.go(f"/documents/{doc.pk}/")
    page.wait_for_function("() => window.reviewReady !== undefined")
    first = page.get_attribute("#transcript mark.s-rejected", "id")  # the annotator rejected it
    page.click(f"#{first}")  # a mention, then an htmx action on it
    page.wait_for_selector(f"#inspector[data-mode=mention][data-m='{first[1:]}']")
    page.keyboard.press("a")
    page.wait_for_selector(f"#{first}.s-accepted")
    page.click("#changes-box summary")  # htmx loads the changes; their filter submits on change (static/js/app.js)
    page.wait_for_selector("#changes .change")
    with page.expect_response(lambda r: "changes=unseen" in r.url):
        page.select_option("#changes-filter select", "unseen")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    reviewer.check()
    reviewer.go(f"/documents/{doc.pk}/changes/")
    problems = reviewer.close()

    act(doc, services.approve, get_user_model().objects.get(username="reviewer1"))
    knowledge.learn(corpus)
    admin = Watched(browser, live_server, "admin")
    page = admin.page
    page.click("#tick-all")  # ticks every document of the list (static/js/app.js)
    assert page.locator("input[name=documents]:checked").count() == page.locator("input[name=documents]").count() > 0
    for path in (f"/corpora/{corpus.pk}/dashboard/", f"/corpora/{corpus.pk}/knowledge/", "/corpora/", "/upload/",
                 "/users/", "/exports/", f"/documents/{doc.pk}/", "/admin/", "/admin/review/document/"):
        admin.go(path)
    problems += admin.close()
    assert problems == []

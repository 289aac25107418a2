"""A new admin's pages in headless Chromium: on a narrow window a wide table scrolls inside itself,
the page never scrolls sideways (the top bar stopped where the window did)."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review.models import Corpus, Document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("nav .who")


@pytest.mark.parametrize("width", [420])
def test_it_keeps_the_admin_pages_within_a_narrow_window(live_server, page, django_user_model, width):
    admin = django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True)
    for name in ("annotator_with_a_long_name", "reviewer_with_a_long_name"):
        django_user_model.objects.create_user(name, email=f"{name}@example.org", password=PASSWORD)
    corpus = Corpus.objects.create(name="Parole suitability hearings of the spring term")
    for n in range(3):
        Document.objects.create(corpus=corpus, title=f"hearing-of-the-spring-term-{n:03}", original_name=f"h{n}.txt",
                                original=b"x", text="x", status=Document.Status.READY, assignee=admin)
    page.set_viewport_size({"width": width, "height": 800})
    log_in(page, live_server.url, "admin")
    for url in (reverse("review:documents"), reverse("review:users"), reverse("review:corpora"),
                reverse("review:exports")):
        page.goto(f"{live_server.url}{url}")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{url} scrolls sideways by {overflow} px at {width} px"
        table = page.locator("table.documents").first
        assert table.bounding_box()["x"] + table.bounding_box()["width"] <= width

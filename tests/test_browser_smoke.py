"""Smoke test: log in through the real login page in headless Chromium and see the document list."""
import pytest

from review.models import Corpus, Document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_logs_in_and_sees_the_document_list(live_server, page, django_user_model):
    user = django_user_model.objects.create_user("annotator1", password="a-long-test-password")
    corpus = Corpus.objects.create(name="Demo")
    Document.objects.create(corpus=corpus, title="hearing-001", original_name="hearing-001.txt", original=b"x",
                            text="x", status=Document.Status.READY, assignee=user)
    Document.objects.create(corpus=corpus, title="someone-elses", original_name="o.txt", original=b"x")

    page.goto(f"{live_server.url}/")
    assert "/login/" in page.url  # anonymous users are sent to the login page
    page.fill("#id_username", "annotator1")
    page.fill("#id_password", "wrong password")
    page.click("button[type=submit]")
    assert page.locator("[role=alert]").is_visible()

    page.fill("#id_username", "annotator1")
    page.fill("#id_password", "a-long-test-password")
    page.click("button[type=submit]")
    page.wait_for_selector("table.documents")
    assert page.locator("h1").inner_text() == "Documents"
    assert page.locator("table.documents").inner_text().count("hearing-001") == 1
    assert "someone-elses" not in page.content()  # annotators see only their documents


def test_it_asks_the_server_for_nothing_it_lacks_on_the_login_page(live_server, page):
    """Every page names its icon (static/favicon.svg): the browser's default /favicon.ico, which the app
    does not serve, was a 404 in every page's console."""
    failed = []
    page.on("response", lambda response: failed.append(response.url) if response.status >= 400 else None)
    page.goto(f"{live_server.url}/login/")
    page.wait_for_load_state("networkidle")
    icon = page.get_attribute("link[rel=icon]", "href")
    assert icon.endswith("favicon.svg")
    assert page.request.get(f"{live_server.url}{icon}").status == 200
    assert failed == []

"""The second look in Chromium: the reviewer checks the changes, comments on a line and sends back;
the annotator sees the mark in the list, lands on the comment and resolves it."""
from __future__ import annotations

import pytest

from review import services
from review.models import Comment, Corpus, Document
from review.permissions import reviewer_group
from tests.test_browser_e2e import PASSWORD, login, wait_idle
from tests.test_review_views import build, mention_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def submitted(django_user_model):
    ann = django_user_model.objects.create_user("ann", password=PASSWORD)
    rita = django_user_model.objects.create_user("rita", password=PASSWORD)
    rita.groups.add(reviewer_group())
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title="hearing-7", original_name="h.txt",
                                       original=b"x", assignee=ann)
    build(document)
    document.mentions.update(status="accepted")
    document.refresh_from_db()
    fresno = mention_at(document, "Fresno")
    services.set_mention_status(document.pk, document.version, ann, fresno.pk, "rejected")
    document.refresh_from_db()
    services.submit(document.pk, document.version, ann)
    return document


def test_it_sends_back_with_a_comment_and_lands_the_annotator_on_it(browser, live_server, submitted):
    rita = login(browser, live_server, "rita")
    rita.goto(f"{live_server.url}/documents/{submitted.pk}/")
    rita.click("#changes-box summary")
    rita.wait_for_selector("#change-list li[data-kind=rejected]")
    assert "Fresno" in rita.inner_text("#change-list") and "ann" in rita.inner_text("#change-list")

    rita.fill("#comment-line", "2")
    rita.fill("#comment-body", "Is Fresno really not a place here?")
    rita.click("#comment-submit")
    rita.wait_for_selector("#comments .comment")
    wait_idle(rita)
    assert "1 open" in rita.inner_text("#comments-h")
    rita.click("details.send-back summary")
    rita.click("#send-back")  # the open comment goes with it: no text needed
    rita.wait_for_selector("ul.messages")  # back on the list: the document is the annotator's again
    assert "sent back" in rita.inner_text("ul.messages")
    submitted.refresh_from_db()
    assert submitted.status == Document.Status.IN_REVIEW
    assert submitted.review_comment == "Is Fresno really not a place here?"

    ann = login(browser, live_server, "ann")
    assert "Is Fresno really not a place here?" in ann.inner_text(f"#sent-back-{submitted.pk}")
    ann.click(f"#doc-{submitted.pk} a")
    comment = Comment.objects.get()
    ann.wait_for_url(f"**/documents/{submitted.pk}/?c={comment.pk}#l2")
    assert ann.is_visible(f"#comment-{comment.pk}.cur")
    ann.click(f"#comment-{comment.pk} button.resolve")
    ann.wait_for_selector(f"#comment-{comment.pk}.resolved")
    comment.refresh_from_db()
    assert comment.resolved_by.username == "ann"

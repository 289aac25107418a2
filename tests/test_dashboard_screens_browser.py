"""The second look and the admin's pages in headless Chromium at 1280 and 1920 px, on the demo data.

``load_demo`` imports the demo hearings (shorter here); annotator1 reviews one (entity
accepts, a rejection, a relabel, a mention added by hand, the rest in bulk) and marks it
done, reviewer1 corrects one mention and comments. Each page must fit the window (nothing
sticks out on the right). ``SECOND_LOOK_SCREENSHOTS=docs/screenshots`` saves the README's
screenshots there: review-screen.png, review-changes.png, users.png, knowledge.png.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from review import services
from review.services import knowledge
from review.management.commands.load_demo import DEMO_CORPUS
from review.models import Corpus, Document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORDS = {"admin": "demo-admin-pass", "annotator1": "demo-annotator-pass", "reviewer1": "demo-reviewer-pass"}


def act(doc: Document, fn, *args) -> None:
    """One service action on the current version (an approval acknowledges what nobody looked at)."""
    extra = {"acknowledged": services.unseen_count(doc)} if fn is services.approve else {}
    fn(doc.pk, Document.objects.get(pk=doc.pk).version, *args, **extra)


def first(doc: Document, label: str, status: str = "pending"):
    return doc.mentions.filter(label=label, status=status).order_by("start").first()


@pytest.fixture
def demo(django_user_model) -> dict:
    call_command("load_demo", words=5000, public_passwords=True, stdout=open(os.devnull, "w"))
    users = {u.username: u for u in get_user_model().objects.all()}
    corpus = Corpus.objects.get(name=DEMO_CORPUS)
    doc = corpus.documents.get(title="demo_hearing_1")
    ann, rev = users["annotator1"], users["reviewer1"]
    people = list(doc.entities.filter(label="PERSON").order_by("order", "id")[:3])
    for entity in people[:2]:
        act(doc, services.set_entity_status, ann, entity.pk, "accepted")
    act(doc, services.set_entity_status, ann, people[2].pk, "rejected")
    if (place := first(doc, "LOCATION")) is not None:
        act(doc, services.relabel_mention, ann, place.pk, "ORGANIZATION")
    services.mark_read(doc.pk, ann, 40)
    act(doc, services.accept_pending, ann)  # the rest in bulk, after reading 40 lines
    act(doc, services.submit, ann)
    wrong = first(doc, "PERSON", "accepted")
    act(doc, services.set_mention_status, rev, wrong.pk, "rejected")
    services.add_comment(doc.pk, rev, "Is this the inmate's brother? Check the spelling of the surname.",
                         mention_id=first(doc, "PERSON", "accepted").pk)
    services.add_comment(doc.pk, rev, "The date on this line looks like a birth date: keep it masked.",
                         offset=doc.text.index("\n", 2000))
    return {"corpus": corpus, "doc": doc}


def login(browser, live_server, username: str, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORDS[username])
    page.click("button[type=submit]")
    return context, page


def fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url  # nothing sticks out


def shoot(page, name: str, width: int, full: bool = False) -> None:
    """The README's screenshots are taken at 1280 px (1920 px is only checked to fit)."""
    folder = os.environ.get("SECOND_LOOK_SCREENSHOTS")
    if folder and width == 1280:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full)


@pytest.mark.parametrize("width", [1280, 1920])
def test_it_shows_the_second_look_and_the_admin_pages_in_the_window(live_server, browser, demo, width):
    doc, corpus = demo["doc"], demo["corpus"]
    context, page = login(browser, live_server, "reviewer1", width)
    page.goto(f"{live_server.url}/documents/{doc.pk}/")
    page.wait_for_selector("#comments")
    fits(page, width)
    shoot(page, "review-screen", width)
    page.click("#changes-box summary")
    page.wait_for_selector("#changes .change")
    page.locator("#changes-box").scroll_into_view_if_needed()
    fits(page, width)
    shoot(page, "review-changes", width)
    page.select_option("#changes-filter select", "unseen")
    page.wait_for_selector("#changes-counts")
    assert page.locator("#changes .change").count() > 0  # accepted in bulk beyond line 40
    page.goto(f"{live_server.url}/documents/{doc.pk}/changes/")
    fits(page, width)
    context.close()

    act(doc, services.approve, get_user_model().objects.get(username="reviewer1"))
    knowledge.learn(corpus)  # what the next import does first
    context, page = login(browser, live_server, "admin", width)
    for path, name, full in ((f"/corpora/{corpus.pk}/knowledge/", "knowledge", False), ("/users/", "users", True),
                             (f"/corpora/{corpus.pk}/dashboard/", None, False)):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
        fits(page, width)
        if name:
            shoot(page, name, width, full)
    context.close()

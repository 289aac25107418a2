"""The dashboard in headless Chromium at 1280 and 1920 px with demo-like data: nothing is cut off.

``DASHBOARD_SCREENSHOTS=docs/screenshots`` saves ``dashboard-<width>.png`` there (the
screenshots in the repository are made that way).
"""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from django.utils import timezone

from review import services, stats
from review.models import Corpus, Decision, Document
from review.services import double
from tests.test_review_views import mention_at, span
from tests.test_stats import new_document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"


def act(doc: Document, fn, *args) -> None:
    """One service action on the current version (an approval acknowledges what nobody looked at)."""
    extra = {"acknowledged": services.unseen_count(doc)} if fn is services.approve else {}
    fn(doc.pk, Document.objects.get(pk=doc.pk).version, *args, **extra)


def annotate(doc: Document, user, start: dt.datetime, every: float, rejects: tuple[str, ...] = ()) -> None:
    """Decide every mention entity by entity (some rejected), then spread the decisions ``every`` minutes apart."""
    rejected = {mention_at(doc, needle).entity_id for needle in rejects}
    for pk in doc.entities.values_list("pk", flat=True):
        act(doc, services.set_entity_status, user, pk, "rejected" if pk in rejected else "accepted")
    if not doc.mentions.filter(start=span("Modesto")[0]).exists():  # the corpus may know it from an earlier one
        act(doc, services.add_mentions, user, [span("Modesto")], "LOCATION", None)
    for i, pk in enumerate(doc.decisions.filter(user=user, action__in=stats.REVIEW_ACTIONS).order_by("id")
                           .values_list("pk", flat=True)):
        Decision.objects.filter(pk=pk).update(created_at=start + dt.timedelta(minutes=every * i))


def second_look(doc: Document, annotator, reviewer, submitted: dt.datetime, fixes: int, approve_after: float | None):
    act(doc, services.submit, annotator)
    corrections = [
        (services.set_mention_status, mention_at(doc, "STEVENSON").pk, "rejected"),
        (services.relabel_mention, mention_at(doc, "California").pk, "ORGANIZATION"),
        (services.add_mentions, [span("mother")], "PERSON", None),
    ]
    for fn, *args in corrections[:fixes]:
        if fn is services.add_mentions and doc.mentions.filter(start=args[0][0][0], status="accepted").exists():
            continue  # the corpus knew it from an earlier document
        act(doc, fn, reviewer, *args)
    Document.objects.filter(pk=doc.pk).update(submitted_at=submitted)
    Decision.objects.filter(document=doc, action="submit").update(created_at=submitted)
    if approve_after is not None:
        act(doc, services.approve, reviewer)
        Document.objects.filter(pk=doc.pk).update(approved_at=submitted + dt.timedelta(hours=approve_after))


@pytest.fixture
def demo(django_user_model):
    make = django_user_model.objects.create_user
    ann, bob, cy = make("ann.lopez"), make("bob.okafor"), make("cy.nguyen")
    boss = make("boss", password=PASSWORD, is_staff=True, is_superuser=True)
    corpus = Corpus.objects.create(name="Parole hearings 2024")
    Corpus.objects.create(name="Pilot")
    now = timezone.now()
    plan = [  # (annotator, weeks ago, minutes between decisions, entities rejected, reviewer fixes, approval after h)
        (ann, 4, 3, ("Fresno",), 3, 20), (ann, 3, 2.5, ("Fresno",), 2, 6), (bob, 3, 4, ("Fresno", "Dale"), 3, 30),
        (ann, 2, 2, (), 1, 3), (bob, 2, 3.5, ("Dale",), 2, 10), (cy, 1, 5, ("Fresno",), 2, 4),
        (ann, 1, 1.5, (), 0, 1.5), (bob, 0, 3, (), 1, None),
    ]
    for n, (user, weeks, every, rejects, fixes, approve_after) in enumerate(plan, 1):
        doc = new_document(corpus, f"hearing-{n:03}-{user.username.split('.')[0]}", user)
        Document.objects.filter(pk=doc.pk).update(word_count=9000 + 1500 * n)
        start = now - dt.timedelta(weeks=weeks, days=n % 3, hours=2)
        annotate(doc, user, start, every, rejects)
        second_look(doc, user, boss, start + dt.timedelta(hours=1), fixes, approve_after)
    twin = double.make_twin(corpus.documents.get(title="hearing-001-ann"))  # annotated twice: agreement only
    act(twin, services.accept_pending, cy)
    act(twin, services.submit, cy)
    doc = new_document(corpus, "hearing-009-cy", cy)  # in progress
    act(doc, services.set_entity_status, cy, mention_at(doc, "RUFF").entity_id, "accepted")
    for n in (10, 11):
        new_document(corpus, f"hearing-{n:03}", None)
    return corpus


@pytest.mark.parametrize("width", [1280, 1920])
def test_it_fits_the_dashboard_into_the_window(live_server, browser, demo, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/corpora/{demo.pk}/dashboard/")
    page.wait_for_selector("#quality-table")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sticks out on the right
    for table in ("quality-table", "people-table", "trend-table", "times-table", "agreement-table"):
        fits = page.evaluate(
            """id => { const t = document.getElementById(id), box = t.closest('.table-scroll');
                       return box && box.getBoundingClientRect().right <= window.innerWidth
                              && (t.scrollWidth <= box.clientWidth || getComputedStyle(box).overflowX == 'auto'); }""",
            table)
        assert fits, table
    assert page.locator("svg.chart-empty").count() == 0
    assert page.locator("#agreement-table tbody tr").count() == 2  # cy.nguyen's second copy of ann.lopez's text
    folder = os.environ.get("DASHBOARD_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"dashboard-{width}.png"), full_page=True)
    context.close()


def test_it_pages_the_review_times_in_place(live_server, browser, demo, monkeypatch):
    from review import charts

    monkeypatch.setattr(charts, "TIMES_PER_PAGE", 1)  # the live server runs in this process
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/corpora/{demo.pk}/dashboard/")
    first = page.locator("#times-table tbody th").all_inner_texts()
    page.click("#times-card a[rel=next]")
    page.wait_for_selector("#times-card a[rel=prev]")
    second = page.locator("#times-table tbody th").all_inner_texts()
    assert len(first) == len(second) == 1 and first != second
    assert page.url.endswith(f"/corpora/{demo.pk}/dashboard/")  # swapped in place by htmx, not a new page
    assert page.locator("h1").count() == 1 and page.locator("#times-card").count() == 1

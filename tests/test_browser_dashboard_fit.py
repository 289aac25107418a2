"""The dashboard fits its cards (issue 44 reported the quality table, three columns per detector,
wider than its card; not reproduced here: it scrolls inside its card). A guard: each table and chart
stays inside its card, no card is wider than the page, the page has no horizontal scroll bar, at a
laptop's width and a narrow one."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review.models import Mention
from tests.test_browser_review import login
from tests.test_stats import corpus, people, reviewed  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OVERFLOW = """() => {
  const page = document.documentElement;
  const cards = [...document.querySelectorAll('.dashboard .card')].map(card => {
    const box = card.getBoundingClientRect();
    const shown = [...card.querySelectorAll('table, svg, .table-scroll')].filter(e => !e.parentElement.closest('.table-scroll'));
    const inner = shown.map(e => e.getBoundingClientRect().right);
    return {id: card.getAttribute('aria-labelledby'), right: box.right, inner: Math.max(0, ...inner),
            scroll: card.scrollWidth - card.clientWidth};
  });
  return {page: page.scrollWidth - page.clientWidth, cards};
}"""


@pytest.mark.parametrize("width", [1400, 900])
def test_it_keeps_every_table_of_the_dashboard_inside_its_card(live_server, page, reviewed, corpus, people, width):  # noqa: F811
    Mention.objects.filter(document=reviewed).update(sources="presidio+spacy+rule+rescan+corpus+regex+flair+title")
    people["boss"].set_password("a-long-test-password")
    people["boss"].save()
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server, "boss")
    page.goto(live_server.url + reverse("review:dashboard", args=[corpus.pk]))
    page.wait_for_selector("#quality-table")
    found = page.evaluate(OVERFLOW)
    assert found["page"] <= 0, found
    for card in found["cards"]:
        assert card["inner"] <= card["right"] + 0.5 and card["scroll"] <= 0, card

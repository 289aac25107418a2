"""The dashboard's per-document review times come a page at a time (htmx partial, plain links without JS)."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from review import charts
from review.models import Document
from tests.test_stats import corpus, people  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def submitted(corpus, people, monkeypatch):  # noqa: F811
    """Five documents marked done by ann; pages of two."""
    monkeypatch.setattr(charts, "TIMES_PER_PAGE", 2)
    now = timezone.now()
    for i in range(5):
        Document.objects.create(corpus=corpus, title=f"hearing {i}", original_name="h.txt", original=b"x",
                                submitted_by=people["ann"], submitted_at=now - dt.timedelta(hours=i),
                                status=Document.Status.SUBMITTED)
    return corpus


def titles(html: str) -> list[str]:
    table = html[html.index('id="times-table"'):]
    return re.findall(r'<th scope="row">(hearing \d)</th>', table[:table.index("</table>")])


def test_it_shows_one_page_of_the_review_times_with_links_that_work_without_js(client, people, submitted):  # noqa: F811
    client.force_login(people["boss"])
    url = reverse("review:dashboard", args=[submitted.pk])
    html = client.get(url).content.decode()
    assert titles(html) == ["hearing 0", "hearing 1"] and "Documents 1–2 of 5" in html
    chart = html[html.index('id="times-card"'):html.index('id="times-table"')]
    assert "hearing 2" not in chart  # the charts draw the page's documents only
    assert f'href="{url}?times=2#times-h"' in html and 'rel="prev"' not in html
    last = client.get(url + "?times=3").content.decode()  # the plain link: the whole page at page 3
    assert titles(last) == ["hearing 4"] and 'rel="next"' not in last and "<h1>" in last


def test_the_partial_answers_the_section_alone_and_clamps_the_page(client, people, submitted):  # noqa: F811
    client.force_login(people["boss"])
    part = client.get(reverse("review:dashboard_times", args=[submitted.pk]) + "?times=99", **HX).content.decode()
    assert part.lstrip().startswith('<section class="card" aria-labelledby="times-h" id="times-card">')
    assert titles(part) == ["hearing 4"] and "<h1>" not in part


def test_the_partial_is_for_admins_only(client, people, submitted):  # noqa: F811
    client.force_login(people["ann"])
    assert client.get(reverse("review:dashboard_times", args=[submitted.pk])).status_code in (403, 404)


def test_it_computes_the_numbers_again_only_when_the_corpus_moved(submitted, monkeypatch, django_assert_num_queries):
    from django.core.cache import cache
    from django.db.models import F

    cache.clear()
    built = []
    real = charts.dashboard
    monkeypatch.setattr(charts, "dashboard", lambda corpus, page=1: built.append(page) or real(corpus, page))
    first = charts.cached_dashboard(submitted)
    with django_assert_num_queries(1):  # the stamp
        assert charts.cached_dashboard(submitted)["times"] == first["times"] and built == [1]
    one = Document.objects.filter(corpus=submitted).order_by("pk").first()
    Document.objects.filter(pk=one.pk).update(version=F("version") + 1)  # a decision
    charts.cached_dashboard(submitted)
    Document.objects.filter(pk=one.pk).update(status=Document.Status.APPROVED)  # a status set without a version
    assert charts.cached_dashboard(submitted)["total"] == 5 and built == [1, 1, 1]
    charts.cached_dashboard(submitted, 2)
    assert built == [1, 1, 1, 2]  # each page apart

"""The dashboard page: every chart with data and without, readable numbers, tables that scroll."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from review import charts
from review.models import Document
from tests.test_dashboard_quality import scripted, waiting  # noqa: F401 - fixtures
from tests.test_stats import act, corpus, new_document, people  # noqa: F401 - fixtures

CHARTS = ("status", "pending", "mentions", "submitted", "per_hour", "review_time", "approval_time", "changed",
          "trend_detector", "trend_label")

EMPTY = {
    "status": "No document yet",
    "pending": "No mention is pending",
    "mentions": "No mention has been decided yet",
    "submitted": "No document has been marked done yet",
    "per_hour": "mentions per hour appear here",
    "review_time": "No document has been marked done yet: review times appear here",
    "approval_time": "No document has been approved yet",
    "changed": "No annotator's document has been approved yet",
    "trend_detector": "No document has been approved yet: the precision per week",
    "trend_label": "No document has been approved yet: the precision per week",
}


def svg(text: str) -> ET.Element:
    return ET.fromstring(text)


def words(root: ET.Element) -> str:
    return " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))


@pytest.fixture
def admin(client, people):  # noqa: F811
    client.force_login(people["boss"])
    return client


@pytest.mark.parametrize("key", CHARTS)
def test_it_says_what_each_empty_chart_will_show(corpus, key):  # noqa: F811
    root = svg(charts.dashboard(corpus)["charts"][key])
    assert "chart-empty" in root.get("class") and EMPTY[key] in words(root)


@pytest.fixture
def fresh(corpus, people):  # noqa: F811
    """A document nobody has touched: its mentions are pending."""
    return new_document(corpus, "fresh", people["bob"])


@pytest.mark.parametrize("key", CHARTS)
def test_it_draws_each_chart_with_data(scripted, waiting, fresh, corpus, key):  # noqa: F811
    root = svg(charts.dashboard(corpus)["charts"][key])
    assert "chart-empty" not in root.get("class")
    marks = root.findall(".//{http://www.w3.org/2000/svg}rect[@class='bar']") + root.findall(
        ".//{http://www.w3.org/2000/svg}circle")
    assert marks


def test_it_renders_the_empty_page_with_its_explanations(admin, corpus):  # noqa: F811
    html = admin.get(reverse("review:dashboard", args=[corpus.pk])).content.decode()
    assert html.count('class="chart ') == len(CHARTS) and html.count("chart-empty") == len(CHARTS)
    assert 'id="people-table"' not in html and 'id="times-table"' not in html and 'id="trend-table"' not in html


def test_it_renders_the_page_with_data(admin, scripted, waiting, fresh, corpus):  # noqa: F811
    html = admin.get(reverse("review:dashboard", args=[corpus.pk])).content.decode()
    assert html.count('class="chart ') == len(CHARTS) and "chart-empty" not in html
    people = html[html.index('id="people-table"'):]
    ann = re.search(r'<th scope="row">ann</th>(.*?)</tr>', people, re.S).group(1)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", ann, re.S)]
    assert cells[:4] == ["1", "1", "13", "13"]  # documents, approved, decided, checked
    assert cells[4:9] == ["1 (7.7 %)", "1 (7.7 %)", "2 (15.4 %)", "1 (7.7 %)", "5 (38.5 %)"]
    for table in ("people-table", "quality-table", "throughput-table", "times-table", "trend-table", "annotator-table"):
        before = html[: html.index(f'id="{table}"')]
        assert before.rindex('<div class="table-scroll">') > before.rindex("</div>")  # each table scrolls on its own


def test_it_writes_zero_durations_as_0_and_waiting_ones_as_not_yet(admin, people, corpus):  # noqa: F811
    doc = new_document(corpus, "quick", people["ann"])
    doc.mentions.update(status="accepted")  # decided outside the audit trail: no review time
    act(doc, services_submit, people["ann"])
    html = admin.get(reverse("review:dashboard", args=[corpus.pk])).content.decode()
    times = html[html.index('id="times-table"'):]
    row = re.search(r'<th scope="row">quick</th>(.*?)</tr>', times, re.S).group(1)
    assert re.findall(r"<td>(.*?)</td>", row) == ["ann", "0", "0", "not yet"]
    assert "—" not in times[: times.index("</table>")]
    assert Document.objects.get(pk=doc.pk).status == "submitted"


def services_submit(*args):
    from review import services

    return services.submit(*args)

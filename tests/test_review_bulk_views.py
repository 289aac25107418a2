"""Bulk confirmation on the review screen: stated counts, plain posts and htmx, reading progress."""
from __future__ import annotations

import re

import pytest

from review.models import Decision, ReviewStatus

from .test_review_reading import shown_ago
from .test_review_views import HX, annotator, client_in, document, url  # noqa: F401  (fixtures)


def _pending(document, **filters) -> int:
    return document.mentions.filter(status=ReviewStatus.PENDING, **filters).count()


def test_it_states_the_count_of_pending_mentions_shown_under_the_filter(client_in, document):
    html = client_in.get(url(document, "document") + "?label=LOCATION&certainty=3").content.decode()
    assert 'id="accept-shown-count">2<' in html
    assert "label LOCATION; certainty 3" in html
    assert not Decision.objects.filter(document=document).exists()  # no writes on GET


@pytest.mark.parametrize(("headers", "status"), [({}, 302), (HX, 200)])
def test_it_accepts_pending_shown_under_a_filter_as_a_plain_post_and_over_htmx(client_in, document, headers, status):
    data = {"version": document.version, "label": "LOCATION", "certainty": "3", "expected": "2", "confirm": "1"}
    response = client_in.post(url(document, "accept_pending"), data, **headers)
    assert response.status_code == status
    assert _pending(document, label="LOCATION", confidence=3) == 0
    assert _pending(document) == 10


@pytest.mark.parametrize(("data", "message"), [
    ({"label": "LOCATION", "expected": "4"}, "Tick the confirmation box"),
    ({"label": "LOCATION", "expected": "5", "confirm": "1"}, "The list changed"),
])
def test_it_refuses_an_unconfirmed_or_stale_bulk_accept(client_in, document, data, message):
    response = client_in.post(url(document, "accept_pending"), {"version": document.version, **data}, **HX)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert _pending(document) == 12


def test_it_offers_accept_the_rest_once_every_line_was_read(client_in, document):
    html = client_in.get(url(document, "document")).content.decode()
    assert 'id="accept-rest-form"' in html and "hidden>" in html.split('id="accept-rest-form"')[1].split("</form>")[0]
    refused = client_in.post(url(document, "accept_rest"), {"version": document.version, "confirm": "1"}, **HX)
    assert refused.status_code == 422 and _pending(document) == 12
    stamp = shown_ago(document, seconds=60)  # the page was shown a minute ago: time enough for 4 lines
    seen = client_in.post(url(document, "read"), {"line": "4", "stamp": stamp}, HTTP_ACCEPT="application/json").json()
    assert seen == {"lines_read": 4, "lines": 4, "complete": True, "seen": "1-4"}
    response = client_in.post(url(document, "accept_rest"), {"version": document.version, "confirm": "1",
                                                             "expected": "12"})
    assert response.status_code == 302 and _pending(document) == 0
    undo = client_in.post(url(document, "undo"), {"version": document.version + 1})
    assert undo.status_code == 302 and _pending(document) == 12


@pytest.mark.parametrize(("query", "shown", "hidden"), [
    ("certainty=3", ["Fresno", "Kevin Richardson"], ["RUFF", "California", "STEVENSON"]),
    ("certainty=1", ["RUFF", "STEVENSON", "Kevin Richardson"], ["Fresno", "California"]),
    ("source=rescan", ["Fresno", "Kevin Richardson"], ["RUFF", "California", "Dale Richardson"]),
    ("source=spacy&label=LOCATION", ["Fresno", "California"], ["Kevin Richardson", "RUFF"]),
    ("certainty=x", ["RUFF", "Fresno", "California"], []),
])
def test_it_hides_the_entities_panel_b_filters_out_by_certainty_and_source(client_in, document, query, shown, hidden):
    html = client_in.get(url(document, "document") + "?" + query).content.decode()
    names = set(re.findall(r'class="ent-name">([^<]+)</a>', html))
    assert set(shown) <= names, (query, names)
    assert not set(hidden) & names, (query, names)

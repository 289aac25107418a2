"""Reading progress is evidence of reading (issue #44 item 2): the server's half of the rule.

A line counts when a mention on it was stepped to, or when it stayed in view long enough for
its words at ``READING_WORDS_PER_MINUTE``; the server never credits more words than the time
since the page was shown (a signed stamp) or since its last credit allows, so a post claiming
lines faster than the pace (a wheel scroll, a forged post) is credited only as far as the time goes.
"""
from __future__ import annotations

import sys
import time
from datetime import datetime, timezone as dt_timezone
from types import SimpleNamespace

import pytest
from django.core import signing

from review import services
from review.models import Decision
from review.services.reading import STAMP_SALT, format_ranges, line_words, parse_ranges

from .test_review_views import HX, TEXT, annotator, client_in, document, url  # noqa: F401  (fixtures)

WORDS = line_words(TEXT)  # [9, 9, 9, 8]


def shown_ago(document, seconds: float, user=None) -> str:
    """The stamp of a review page shown ``seconds`` ago."""
    uid = user.pk if user is not None else document.assignee_id
    return signing.Signer(salt=STAMP_SALT).sign_object({"d": document.pk, "u": uid, "t": time.time() - seconds})


@pytest.mark.parametrize(("value", "lines"), [
    ("1-3,7", {1, 2, 3, 7}), ("", set()), ("x,2-,4-2,5", {2, 5}), ("1-99999999", set(range(1, 11))), ("0-2", set()),
])
def test_it_reads_line_ranges_bounded_by_the_document(value, lines):
    assert parse_ranges(value, 10) == lines
    assert parse_ranges(format_ranges(lines), 10) == lines


@pytest.mark.parametrize(("post", "seen"), [
    ({"viewed": "1-4"}, "1"),  # no time: a first short line only (the page settling)
    ({"viewed": "1-4", "stamp": "forged"}, "1"),  # a stamp that is not the server's: no time either
    ({"viewed": "1-4", "seconds": 1}, "1-2"),  # 1 s at 600 words a minute: 10 words (+ slack and a first line)
    ({"viewed": "1-4", "seconds": 60}, "1-4"),
    ({"line": "4", "seconds": 60}, "1-4"),  # the plain form "I have read to the end"
    ({"stepped": "2,4"}, "2,4"),  # stepping to a mention is evidence, whatever the time
])
def test_it_credits_lines_read_no_faster_than_the_reading_pace(client_in, document, post, seen, monkeypatch):
    data = {k: v for k, v in post.items() if k != "seconds"}
    if "seconds" in post:
        data["stamp"] = shown_ago(document, post["seconds"])
        # The server's clock stops where the stamp says: on a loaded machine the request itself took
        # 2 s more than the 1 s case allows and credited a third line (seen in a parallel run).
        shown = time.time()
        stopped = SimpleNamespace(now=lambda: datetime.fromtimestamp(shown, tz=dt_timezone.utc))
        monkeypatch.setattr(sys.modules["review.services.reading"], "timezone", stopped)
    answer = client_in.post(url(document, "read"), data, HTTP_ACCEPT="application/json").json()
    assert answer["seen"] == seen
    assert answer["complete"] == (seen == "1-4")
    assert not Decision.objects.filter(document=document).exists()  # reading is not a decision


def test_it_counts_a_stepped_line_only_when_it_holds_a_mention(client_in, document):
    document.mentions.filter(start__gte=len(TEXT.split("\n")[0]) + 1).delete()  # only line 1 keeps mentions
    answer = client_in.post(url(document, "read"), {"stepped": "1-4"}, HTTP_ACCEPT="application/json").json()
    assert answer["seen"] == "1"


def test_it_carries_time_not_spent_but_not_beyond_the_pace(client_in, document, settings):
    settings.READING_WORDS_PER_MINUTE = 60  # one word a second
    first = client_in.post(url(document, "read"), {"viewed": "1", "stamp": shown_ago(document, 8)},
                           HTTP_ACCEPT="application/json").json()
    assert first["seen"] == "1"
    again = client_in.post(url(document, "read"), {"viewed": "2-4"}, HTTP_ACCEPT="application/json").json()
    assert again["seen"] == "1"  # no time since the last credit: line 2's 9 words are not read yet
    assert "60 words a minute" in client_in.get(url(document, "document")).content.decode()


def test_it_refuses_accept_the_rest_until_every_line_was_read_and_records_which(client_in, document, annotator):
    client_in.post(url(document, "read"), {"viewed": "1-3", "stamp": shown_ago(document, 60)})
    refused = client_in.post(url(document, "accept_rest"), {"version": document.version, "confirm": "1"}, **HX)
    assert refused.status_code == 422 and "3 of 4 lines read" in refused.content.decode()
    client_in.post(url(document, "read"), {"stepped": "4"})
    services.accept_rest(document.pk, document.version, annotator)
    assert Decision.objects.get(document=document).after["seen_lines"] == "1-4"


@pytest.mark.parametrize(("posted", "status", "approved"), [
    ({}, 302, False), ({"unseen": "1"}, 302, False), ({"unseen": "UNSEEN"}, 302, True),
])
def test_it_approves_with_unseen_mentions_only_when_the_reviewer_acknowledges_their_count(
        client, document, annotator, django_user_model, posted, status, approved):
    from review.models import Document

    services.mark_read(document.pk, annotator, 1)  # line 1 read, then everything accepted in bulk
    services.accept_pending(document.pk, document.version, annotator)
    services.submit(document.pk, Document.objects.get(pk=document.pk).version, annotator)
    unseen = services.unseen_count(document)
    first_line = len(TEXT.split("\n")[0])
    assert unseen == document.mentions.filter(start__gt=first_line).count() > 1
    reviewer = django_user_model.objects.create_user("rev", password="a-long-test-password", is_staff=True)
    client.force_login(reviewer)
    page = client.get(url(document, "document")).content.decode()
    assert f"Approve ({unseen} never looked at)" in page and 'id="unseen-first"' in page
    data = {"version": Document.objects.get(pk=document.pk).version,
            **{k: str(unseen) if v == "UNSEEN" else v for k, v in posted.items()}}
    response = client.post(url(document, "approve"), data)
    assert response.status_code == status
    assert (Document.objects.get(pk=document.pk).status == Document.Status.APPROVED) == approved

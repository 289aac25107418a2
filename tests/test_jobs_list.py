"""The document list: a review-progress column (decided / total mentions), sortable."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from review import tallies
from review.constants import ReviewStatus
from review.models import Corpus, Document
from tests.test_review_views import build


@pytest.fixture
def listed(db, client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    corpus = Corpus.objects.create(name="list")
    made = {}
    for title, decided in (("half", 6), ("none", 0), ("all", 12)):
        document = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=b"x")
        build(document)
        ids = list(document.mentions.order_by("start").values_list("pk", flat=True)[:decided])
        document.mentions.filter(pk__in=ids).update(status=ReviewStatus.ACCEPTED)
        tallies.refresh([document.pk], force=True)  # the decisions bypassed the services: recount
        made[title] = document
    made["empty"] = Document.objects.create(corpus=corpus, title="empty", original_name="e.txt", original=b"x")
    return made


def titles(html: str) -> list[str]:
    return re.findall(r'<tr id="doc-\d+"[^>]*>.*?<td>(?:<a [^>]*>)?(\w+)', html, re.S)


@pytest.mark.parametrize(
    "sort, expected",
    [
        ("", ["all", "empty", "half", "none"]),
        ("progress", ["empty", "none", "half", "all"]),
        ("-progress", ["all", "half", "none", "empty"]),
        ("bogus", ["all", "empty", "half", "none"]),
    ],
)
def test_it_sorts_the_list_by_review_progress(client, listed, sort, expected):
    html = client.get(reverse("review:documents"), {"sort": sort}).content.decode()
    assert titles(html) == expected


def test_it_shows_decided_over_total_in_the_list_and_the_polled_row(client, listed):
    html = client.get(reverse("review:documents")).content.decode()
    assert "6 / 12" in html and "0 / 12" in html and "12 / 12" in html
    row = client.get(reverse("review:document_row", args=[listed["half"].pk])).content.decode()
    assert "6 / 12" in row


@pytest.mark.parametrize("status, text, shown", [
    (Document.Status.ANNOTATING, "", "—"),  # a recording being recognized has no words yet, not 0
    (Document.Status.FAILED, "", "—"),
    (Document.Status.READY, "one two three", "3"),
])
def test_it_shows_a_count_of_words_only_once_there_is_a_transcript(client, listed, status, text, shown):
    document = listed["empty"]
    Document.objects.filter(pk=document.pk).update(status=status, text=text, word_count=len(text.split()))
    row = client.get(reverse("review:document_row", args=[document.pk])).content.decode()
    assert re.search(r'<td class="words">(?:<span [^>]*>)?([^<]*)<', row).group(1) == shown


def test_it_names_each_persons_role_in_the_assign_menu(db, client, django_user_model):
    """The menu listed every active user by name alone (admins marked): a new admin could not tell the
    annotators from the reviewers."""
    from review.permissions import reviewer_group

    client.force_login(django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True))
    django_user_model.objects.create_user("ann", password="a-long-test-password")
    reviewer_group().user_set.add(django_user_model.objects.create_user("rhea", password="a-long-test-password"))
    Document.objects.create(corpus=Corpus.objects.create(name="c"), title="t", original_name="t.txt", original=b"x")
    html = client.get(reverse("review:documents")).content.decode()
    menu = re.search(r'<select name="assignee".*?</select>', html, re.S).group(0)
    assert [re.sub(r"\s+", " ", o) for o in re.findall(r"<option value=\"\d+\">([^<]*)</option>", menu)] == [
        "ann (annotator)", "boss (admin)", "rhea (reviewer)"]

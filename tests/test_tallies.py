"""The document list and the dashboard at corpus size: stored mention tallies, bounded queries, pages.

The list and the dashboard read one tally row per document (``review.tallies``) instead of
every mention; the services recount a document whenever its version moves, readers count a
stale or missing tally on the fly. Nothing may be stale: every action, its undo, the bulk
accept and a re-run leave the stored tally equal to a recount.
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from review import services, tallies
from review.constants import ReviewStatus
from review.models import Corpus, Document, MentionTally
from review.views import documents as document_views
from tests.test_review_views import ACTIONS, HX, annotator, build, client_in, document, url  # noqa: F401  (fixtures)


def stored(document: Document) -> tuple:
    document.refresh_from_db()
    tally = MentionTally.objects.get(document=document)
    return tally.version, tally.total, tally.decided, sorted(tuple(c) for c in tally.cells)


def recounted(document: Document) -> tuple:
    document.refresh_from_db()
    now = tallies.count([document.pk])[document.pk]
    return document.version, now.total, now.decided, sorted(now.cells)


@pytest.mark.parametrize("name", list(ACTIONS))
def test_it_keeps_the_stored_tally_equal_to_a_recount_through_every_action_and_its_undo(client_in, document, name):
    assert stored(document) == recounted(document)  # the automatic pass
    build_url, data, _ = ACTIONS[name]
    assert client_in.post(build_url(document), {"version": document.version, **data(document)}, **HX).status_code == 200
    assert stored(document) == recounted(document)
    assert client_in.post(url(document, "undo"), {"version": document.version}, **HX).status_code == 200
    assert stored(document) == recounted(document)


def test_it_keeps_the_tally_through_bulk_accept_submit_and_a_rerun(document, annotator):
    services.accept_pending(document.pk, document.version, annotator, labels=["LOCATION"])
    assert stored(document) == recounted(document) and stored(document)[2] > 0
    services.undo(document.pk, Document.objects.get(pk=document.pk).version, annotator)
    assert stored(document) == recounted(document)
    services.set_mention_status(document.pk, document.version, annotator, document.mentions.first().pk,
                                ReviewStatus.ACCEPTED)
    build(document)  # the automatic pass again: pending mentions replaced, the decision kept
    assert stored(document) == recounted(document) and stored(document)[2] == 1
    services.accept_pending(document.pk, Document.objects.get(pk=document.pk).version, annotator)
    services.submit(document.pk, Document.objects.get(pk=document.pk).version, annotator)
    assert stored(document) == recounted(document) and stored(document)[1] == stored(document)[2]


STATUS_ACTIONS = {  # name: (url builder, post data): actions whose decision only moves statuses
    "accept mention": (lambda d: url(d, "mention_action", d.mentions.order_by("start")[3].pk, "accept"), {}),
    "reject mention": (lambda d: url(d, "mention_action", d.mentions.order_by("start")[4].pk, "reject"), {}),
    "accept entity": (lambda d: url(d, "entity_action", d.entities.get(name="Fresno").pk, "accept"), {}),
    "reject entity": (lambda d: url(d, "entity_action", d.entities.get(name="Kevin Richardson").pk, "reject"), {}),
}


@pytest.mark.parametrize("name", list(STATUS_ACTIONS))
def test_it_carries_the_tally_over_a_status_decision_counting_nothing(
        client_in, document, name, django_assert_max_num_queries):
    """A status decision moves its mentions' counts in the tally of the version before (stored
    equal to a recount), and its answer's progress and pending counts come from that tally: the
    action counts nothing over the document's mentions, however long the document is."""
    build_url, data = STATUS_ACTIONS[name]
    one = document.mentions.order_by("start")[0]  # one decision first: an entity's mentions then differ
    assert client_in.post(url(document, "mention_action", one.pk, "reject"), {"version": document.version},
                          **HX).status_code == 200
    address = build_url(document)
    with django_assert_max_num_queries(40) as captured:
        answer = client_in.post(address, {"version": stored(document)[0], **data}, **HX)
    assert answer.status_code == 200
    assert stored(document) == recounted(document)
    sql = [q["sql"] for q in captured.captured_queries]
    assert not [q for q in sql if "COUNT(" in q.upper()], "the action counted mentions"
    now = tallies.count([document.pk])[document.pk]
    assert f"<b>{now.decided}</b> / {now.total} decided" in answer.content.decode()
    assert f'data-pending="{now.total - now.decided}"' in answer.content.decode()


def test_it_recounts_when_the_stored_tally_is_not_of_the_version_before(client_in, document):
    MentionTally.objects.filter(document=document).update(version=document.version - 1, total=99, decided=98)
    first = document.mentions.order_by("start")[0]
    assert client_in.post(url(document, "mention_action", first.pk, "accept"), {"version": document.version},
                          **HX).status_code == 200
    assert stored(document) == recounted(document) and stored(document)[2] == 1
    MentionTally.objects.filter(document=document).delete()
    assert client_in.post(url(document, "mention_action", first.pk, "reject"), {"version": document.version},
                          **HX).status_code == 200
    assert stored(document) == recounted(document) and stored(document)[2] == 1


def rows_shown(html: str) -> dict[str, str]:
    return dict(re.findall(r'<tr id="doc-\d+".*?<td>(?:<a [^>]*>)?([\w ]+?)(?:</a>)?</td>.*?'
                           r'<td class="review-progress">([^<]*)</td>', html, re.S))


def test_it_counts_a_missing_or_stale_tally_on_the_fly_without_storing_it(admin_client, document):
    MentionTally.objects.filter(document=document).update(version=document.version - 1, total=99, decided=98)
    other = Document.objects.create(corpus=document.corpus, title="other", original_name="o.txt", original=b"x")
    build(other)
    MentionTally.objects.filter(document=other).delete()
    html = admin_client.get(reverse("review:documents")).content.decode()
    assert rows_shown(html) == {"h": "0 / 12", "other": "0 / 12"}
    assert admin_client.get(reverse("review:documents"), {"sort": "-progress"}).status_code == 200
    assert not MentionTally.objects.filter(document=other).exists()  # a GET writes nothing


@pytest.fixture
def corpus_of(db, django_user_model):
    """``corpus_of(n)``: a corpus of n documents of 12 mentions each, half of them with decisions."""
    boss = django_user_model.objects.create_superuser("boss", password="a-long-test-password")

    def make(n: int) -> Corpus:
        corpus = Corpus.objects.create(name=f"c{n}")
        for i in range(n):
            doc = Document.objects.create(corpus=corpus, title=f"d{i:02d}", original_name="d.txt", original=b"x")
            build(doc)
            if i % 2:
                services.accept_pending(doc.pk, Document.objects.get(pk=doc.pk).version, boss, labels=["PERSON"])
        return corpus

    return make


@pytest.mark.parametrize("n", [3, 30])
@pytest.mark.parametrize("page", ["list", "list by progress", "dashboard"])
def test_it_reads_the_list_and_the_dashboard_in_bounded_queries_and_no_mention_rows(
        admin_client, corpus_of, django_assert_max_num_queries, n, page):
    corpus = corpus_of(n)
    address = {"list": reverse("review:documents"), "list by progress": reverse("review:documents") + "?sort=progress",
               "dashboard": reverse("review:dashboard", args=[corpus.pk])}[page]
    with django_assert_max_num_queries(14) as captured:
        assert admin_client.get(address).status_code == 200
    sql = " ".join(q["sql"] for q in captured.captured_queries)
    assert 'FROM "review_mention"' not in sql  # every tally is fresh: no mention is read
    assert '"review_document"."original"' not in sql and '"review_document"."text",' not in sql


def test_it_pages_the_list_keeping_the_sort(admin_client, corpus_of, monkeypatch):
    monkeypatch.setattr(document_views, "PAGE_SIZE", 2)
    corpus_of(5)
    first = admin_client.get(reverse("review:documents"), {"sort": "-progress"}).content.decode()
    last = admin_client.get(reverse("review:documents"), {"sort": "-progress", "page": 3}).content.decode()
    assert list(rows_shown(first)) == ["d01", "d03"] and list(rows_shown(last)) == ["d04"]
    assert 'href="?sort=-progress&amp;page=2" rel="next"' in first and "Page 3 of 3 (5 documents)" in last
    assert 'href="?sort=-progress&amp;page=2" rel="prev"' in last


def test_it_shows_a_decision_on_the_dashboard_and_the_list_at_once(admin_client, document, annotator):
    dashboard = reverse("review:dashboard", args=[document.corpus_id])
    before = admin_client.get(dashboard).context["pending"]
    assert before["LOCATION"] == 4
    fresno = document.mentions.filter(label="LOCATION").order_by("start").first()
    services.set_mention_status(document.pk, document.version, annotator, fresno.pk, ReviewStatus.REJECTED)
    after = admin_client.get(dashboard)
    assert after.context["pending"]["LOCATION"] == 3
    assert after.context["quality"].overall.combined.rejected == 1
    assert rows_shown(admin_client.get(reverse("review:documents")).content.decode()) == {"h": "1 / 12"}


def test_it_recounts_and_moves_the_version_of_unstarted_documents_when_an_admin_corrects_corpus_knowledge(
        db, django_user_model):
    from review.services import curation
    from tests.test_knowledge import _import, _reviewed

    corpus = Corpus.objects.create(name="k")
    _reviewed(corpus, "one"), _reviewed(corpus, "two")
    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    doc = _import(corpus, "PRESIDING COMMISSIONER RUFF: Ruff here.\n", [], [])
    version = doc.version
    assert stored(doc)[1] == 2
    entry = curation.KnownForm.objects.get(corpus=corpus, form="ruff")
    curation.change_entry(entry.pk, admin, curation.REMOVE)
    assert stored(doc) == recounted(doc) and stored(doc)[1] == 0 and doc.version > version  # open screens reload

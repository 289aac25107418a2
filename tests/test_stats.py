"""Dashboard numbers: progress, throughput, review times, and the auto-pass quality table."""
from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from review import services, stats
from review.models import Corpus, Decision, Document, Mention
from tests.test_review_views import build, mention_at, span


@pytest.fixture
def people(db, django_user_model):
    make = django_user_model.objects.create_user
    return {"ann": make("ann"), "bob": make("bob"), "boss": make("boss", is_staff=True)}


@pytest.fixture
def corpus(db):
    return Corpus.objects.create(name="Hearings")


def new_document(corpus, title, assignee) -> Document:
    doc = Document.objects.create(corpus=corpus, title=title, original_name="h.txt", original=b"x", assignee=assignee)
    build(doc)
    doc.refresh_from_db()
    return doc


def act(doc: Document, fn, *args) -> None:
    """One service action on the current version (an approval acknowledges what nobody looked at)."""
    extra = {"acknowledged": services.unseen_count(doc)} if fn is services.approve else {}
    fn(doc.pk, Document.objects.get(pk=doc.pk).version, *args, **extra)


@pytest.fixture
def reviewed(corpus, people) -> Document:
    """One document partly reviewed by ann: 3 automatic mentions accepted, 2 rejected, 1 added by hand."""
    doc = new_document(corpus, "reviewed", people["ann"])
    Mention.objects.filter(pk=mention_at(doc, "Kevin Richardson").pk).update(sources="presidio+spacy")
    ann = people["ann"]
    act(doc, services.set_mention_status, ann, mention_at(doc, "RUFF").pk, "accepted")  # rule, PERSON
    act(doc, services.set_mention_status, ann, mention_at(doc, "Kevin Richardson").pk, "accepted")  # presidio+spacy
    act(doc, services.set_mention_status, ann, mention_at(doc, "Dale", 1).pk, "rejected")  # spacy, PERSON
    act(doc, services.set_mention_status, ann, mention_at(doc, "Fresno").pk, "rejected")  # spacy, LOCATION
    act(doc, services.set_mention_status, ann, mention_at(doc, "California").pk, "accepted")  # spacy, LOCATION
    act(doc, services.add_mentions, ann, [span("Modesto")], "LOCATION", None)  # missed by every detector
    return doc


def cell(table: stats.Quality, label: str, detector: str | None = None) -> tuple:
    row = table.overall if label == "Overall" else next(r for r in table.rows if r.label == label)
    score = row.combined if detector is None else row.detectors[detector]
    return score.precision, score.recall


@pytest.mark.parametrize(
    "label, detector, precision, recall",
    [
        ("PERSON", None, 2 / 3, 1.0),  # RUFF, Kevin kept; Dale rejected; nothing added by hand
        ("PERSON", "rule", 1.0, 1 / 2),
        ("PERSON", "presidio", 1.0, 1 / 2),
        ("PERSON", "spacy", 1 / 2, 1 / 2),
        ("LOCATION", None, 1 / 2, 1 / 2),  # California kept, Fresno rejected, Modesto added by hand
        ("LOCATION", "spacy", 1 / 2, 1 / 2),
        ("Overall", None, 3 / 5, 3 / 4),
    ],
)
def test_it_measures_the_automatic_pass_from_the_decisions(reviewed, corpus, label, detector, precision, recall):
    table = stats.quality(corpus)
    got = cell(table, label, detector)
    assert got == (pytest.approx(precision), pytest.approx(recall))


def test_it_agrees_with_a_plain_count_over_every_mention(reviewed, corpus):
    """The database aggregation equals counting mention by mention in Python."""
    table = stats.quality(corpus)
    rows = list(Mention.objects.filter(document__corpus=corpus))
    for row in table.rows:
        mine = [m for m in rows if m.label == row.label]
        relevant = sum(m.status == "accepted" for m in mine)
        assert row.pending == sum(m.status == "pending" for m in mine)
        assert row.manual == sum(m.origin == "manual" and m.status == "accepted" for m in mine)
        for detector, score in row.detectors.items():
            proposed = [m for m in mine if m.origin == "auto" and detector in m.source_list()]
            assert score.accepted == sum(m.status == "accepted" for m in proposed)
            assert score.rejected == sum(m.status == "rejected" for m in proposed)
            assert score.relevant == relevant
    assert set(table.detectors) == {s for m in rows if m.origin == "auto" and m.status != "pending" for s in m.source_list()}


def test_it_counts_progress_and_throughput(reviewed, corpus, people):
    other = new_document(corpus, "other", people["bob"])
    act(other, services.set_mention_status, people["bob"], mention_at(other, "RUFF").pk, "rejected")
    statuses = stats.status_counts(corpus)
    assert statuses["in_review"] == 2 and sum(statuses.values()) == 2 and list(statuses) == Document.Status.values
    assert sum(stats.pending_by_label(corpus).values()) == Mention.objects.filter(status="pending").count()
    flow = stats.throughput(corpus)
    today = timezone.localdate()
    assert flow.days == [today]
    assert flow.series("mentions") == {"ann": [6], "bob": [1]}
    assert flow.series("submitted") == {}


def test_it_times_the_review_from_the_decisions(reviewed, corpus, people):
    Document.objects.filter(pk=reviewed.pk).update(status="in_review")
    reviewed.mentions.filter(status="pending").update(status="accepted")
    act(reviewed, services.submit, people["ann"])
    act(reviewed, services.approve, people["boss"])
    start = timezone.now() - dt.timedelta(days=1)
    decisions = list(reviewed.decisions.filter(action__in=stats.REVIEW_ACTIONS).order_by("id"))
    for i, d in enumerate(decisions):  # one decision every 10 minutes
        Decision.objects.filter(pk=d.pk).update(created_at=start + dt.timedelta(minutes=10 * i))
    submitted = start + dt.timedelta(hours=3)
    Document.objects.filter(pk=reviewed.pk).update(submitted_at=submitted, approved_at=submitted + dt.timedelta(hours=5))
    Decision.objects.filter(document=reviewed, action="submit").update(created_at=submitted)
    (row,) = stats.review_times(corpus)
    assert row.decisions == len(decisions) == 6
    assert row.review_seconds == pytest.approx(10 * 60 * (len(decisions) - 1))
    assert row.approval_seconds == pytest.approx(5 * 3600)
    assert row.annotator == "ann"


@pytest.mark.parametrize("function, queries", [
    (stats.quality, 1), (stats.status_counts, 1), (stats.pending_by_label, 1),  # from the stored tallies
    (stats.throughput, 4), (stats.review_times, 4),  # documents, their kept parts, their decisions, the people's names
])
def test_it_aggregates_in_a_few_queries(reviewed, corpus, function, queries, django_assert_max_num_queries):
    with django_assert_max_num_queries(queries):
        function(corpus)


@pytest.mark.parametrize("function", [stats.throughput, stats.review_times])
def test_it_reads_the_trail_of_a_document_again_only_when_it_changed(reviewed, corpus, people, function,
                                                                    django_assert_max_num_queries):
    first = function(corpus)
    with django_assert_max_num_queries(2) as read:  # the documents and the names: every part from the cache
        assert function(corpus) == first
    assert "review_decision" not in " ".join(q["sql"] for q in read.captured_queries)
    act(reviewed, services.accept_pending, people["ann"])  # a decision and the mark done: both documents' parts change
    act(reviewed, services.submit, people["ann"])
    assert function(corpus) != first


def test_it_bounds_the_dashboard_queries_whatever_the_corpus_size(client, reviewed, corpus, people):
    client.force_login(people["boss"])
    target = reverse("review:dashboard", args=[corpus.pk])

    def count() -> int:
        cache.clear()  # every document's part of the audit trail built again: the most queries
        with CaptureQueriesContext(connection) as queries:
            response = client.get(target)
        assert response.status_code == 200
        return len(queries)

    def submitted(i: int) -> None:
        doc = new_document(corpus, f"more{i}", people["bob"])
        doc.mentions.update(status="accepted")
        act(doc, services.submit, people["bob"])

    submitted(0)
    small = count()
    for i in range(1, 5):
        submitted(i)
    assert count() == small <= 19  # 16 before the corpus stamp and the kept parts (flows, annotators) of an empty cache
    html = client.get(target).content.decode()
    assert html.count('class="chart ') >= 10 and '<table class="numbers quality"' in html
    assert 'id="pending-total">{}<'.format(Mention.objects.filter(status="pending").count()) in html


def test_it_serves_the_quality_table_as_json(client, reviewed, corpus, people):
    client.force_login(people["boss"])
    data = client.get(reverse("review:quality_json", args=[corpus.pk])).json()
    assert data == json.loads(json.dumps(stats.quality(corpus).as_dict()))
    person = next(r for r in data["labels"] if r["label"] == "PERSON")
    assert person["all"]["precision"] == round(2 / 3, 3) and person["detectors"]["rule"]["accepted"] == 1


def test_it_prints_the_quality_table(reviewed, corpus):
    out = io.StringIO()
    call_command("quality", corpus.name, stdout=out)
    lines = out.getvalue().splitlines()
    assert "presidio" in lines[0] and "spacy" in lines[0] and "rule" in lines[0]
    person = next(line for line in lines if line.startswith("PERSON"))
    assert "0.667" in person and "1.000" in person
    out = io.StringIO()
    call_command("quality", str(corpus.pk), "--json", stdout=out)
    assert json.loads(out.getvalue())["overall"]["all"]["recall"] == 0.75
    with pytest.raises(CommandError):
        call_command("quality", "no such corpus", stdout=io.StringIO())

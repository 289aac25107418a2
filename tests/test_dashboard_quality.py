"""Annotator quality from the second look: a scripted review with known corrections."""
from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from review import charts, services, stats
from review.annotator_quality import KINDS, agreement, annotator_quality
from review.models import Decision, Document
from review.services import double
from tests.test_review_views import mention_at, span
from tests.test_stats import act, corpus, new_document, people  # noqa: F401 - fixtures

WORDS = 500
MINUTES_APART = 2


def entity(doc, needle, nth=0) -> int:
    return mention_at(doc, needle, nth).entity_id


@pytest.fixture
def scripted(corpus, people):  # noqa: F811
    """ann decides all 12 automatic mentions (+1 by hand) and marks done; boss corrects five and approves.

    The annotator's decisions are spaced ``MINUTES_APART`` minutes, with one long break.
    """
    ann, boss = people["ann"], people["boss"]
    doc = new_document(corpus, "scripted", ann)
    Document.objects.filter(pk=doc.pk).update(word_count=WORDS)
    act(doc, services.set_mention_status, ann, mention_at(doc, "RUFF").pk, "rejected")
    act(doc, services.undo, ann)  # undone: not a decision
    act(doc, services.set_entity_status, ann, entity(doc, "Kevin Richardson"), "accepted")  # 4 mentions
    for needle in ("RUFF", "STEVENSON", "Dale Richardson", "California"):
        act(doc, services.set_mention_status, ann, mention_at(doc, needle).pk, "accepted")
    act(doc, services.set_mention_status, ann, mention_at(doc, "Dale", 1).pk, "rejected")
    act(doc, services.set_entity_status, ann, entity(doc, "Fresno"), "rejected")  # 3 mentions
    act(doc, services.add_mentions, ann, [span("Modesto")], "LOCATION", None)
    base = timezone.now() - dt.timedelta(days=1)
    own = list(doc.decisions.filter(user=ann, undone=False, action__in=stats.REVIEW_ACTIONS).order_by("id"))
    for i, d in enumerate(own):  # 2 minutes apart, with a three-hour break before the last one
        Decision.objects.filter(pk=d.pk).update(created_at=base + dt.timedelta(minutes=MINUTES_APART * i
                                                                               + (180 if i == len(own) - 1 else 0)))
    act(doc, services.submit, ann)
    act(doc, services.set_mention_status, boss, mention_at(doc, "STEVENSON").pk, "rejected")  # wrongly accepted
    act(doc, services.set_mention_status, boss, mention_at(doc, "Fresno").pk, "accepted")  # wrongly rejected
    act(doc, services.relabel_mention, boss, mention_at(doc, "Dale", 1).pk, "ORGANIZATION")  # wrongly rejected
    act(doc, services.relabel_mention, boss, mention_at(doc, "California").pk, "ORGANIZATION")  # relabelled
    act(doc, services.set_mention_status, boss, mention_at(doc, "RUFF").pk, "rejected")  # ... and taken back:
    act(doc, services.set_mention_status, boss, mention_at(doc, "RUFF").pk, "accepted")  # no correction
    act(doc, services.set_entity_status, boss, entity(doc, "Kevin Richardson"), "accepted")  # changes nothing
    act(doc, services.add_mentions, boss, [span("mother")], "PERSON", None)  # missed
    act(doc, services.approve, boss)
    return doc


@pytest.fixture
def waiting(corpus, people):  # noqa: F811
    """bob decided every mention of another document by entity and marked it done: no second look yet."""
    doc = new_document(corpus, "waiting", people["bob"])
    for pk in doc.entities.values_list("pk", flat=True):
        act(doc, services.set_entity_status, people["bob"], pk, "accepted")
    act(doc, services.submit, people["bob"])
    return doc


def row(corpus, name):  # noqa: F811
    return next(r for r in annotator_quality(corpus) if r.annotator == name)


@pytest.mark.parametrize(
    "figure, expected",
    [
        ("documents", 1), ("approved", 1), ("mentions", 13), ("checked", 13),
        ("missed", 1), ("wrongly_accepted", 1), ("wrongly_rejected", 2), ("relabelled", 1), ("changed", 5),
    ],
)
def test_it_counts_what_the_second_look_changed(scripted, waiting, corpus, figure, expected):  # noqa: F811
    assert getattr(row(corpus, "ann"), figure) == expected


@pytest.mark.parametrize(
    "kind, share",
    [("missed", 1 / 13), ("wrongly_accepted", 1 / 13), ("wrongly_rejected", 2 / 13), ("relabelled", 1 / 13),
     ("changed", 5 / 13)],
)
def test_it_gives_each_kind_as_a_share_of_the_mentions_checked(scripted, corpus, kind, share):  # noqa: F811
    assert row(corpus, "ann").share(kind) == pytest.approx(share)


def test_it_measures_minutes_per_thousand_words_without_the_breaks(scripted, corpus):  # noqa: F811
    decisions = scripted.decisions.filter(user__username="ann", undone=False, action__in=stats.REVIEW_ACTIONS).count()
    minutes = MINUTES_APART * (decisions - 2)  # the gap over the break is left out
    assert row(corpus, "ann").median_minutes == pytest.approx(minutes / (WORDS / 1000))


def test_it_has_no_shares_before_the_second_look(waiting, corpus):  # noqa: F811
    bob = row(corpus, "bob")
    assert (bob.documents, bob.approved, bob.mentions, bob.checked) == (1, 0, 12, 0)
    assert all(bob.share(kind) is None for kind in (*KINDS, "changed")) and bob.changed == 0


def _figures(corpus) -> dict[str, object]:
    """Every dashboard figure that second copies must not change."""
    quality = stats.quality(corpus)
    return {
        "status": stats.status_counts(corpus),
        "pending": stats.pending_by_label(corpus),
        "throughput": (stats.throughput(corpus).totals, stats.throughput(corpus).series("submitted")),
        "review times": [(t.document_id, t.decisions) for t in stats.review_times(corpus)],
        "quality": quality.as_dict(),
        "trend": stats.quality_over_time(corpus).documents,
        "annotators": [(p.annotator, p.documents, p.mentions, p.checked, p.changed) for p in annotator_quality(corpus)
                       if p.documents],
    }


def _second_copy(original: Document, annotator, done: bool) -> Document:
    twin = double.make_twin(original)
    Document.objects.filter(pk=twin.pk).update(assignee=annotator)
    act(twin, services.accept_pending, annotator)
    if done:
        act(twin, services.submit, annotator)
    return twin


# (the twin is marked done, who has an agreement figure)
TWINS = [(False, {}), (True, {"ann": 1, "bob": 1})]


@pytest.mark.parametrize("done, pairs", TWINS)
def test_it_counts_second_copies_only_in_the_agreement(scripted, corpus, people, done, pairs):  # noqa: F811
    before = _figures(corpus)
    twin = _second_copy(scripted, people["bob"], done)
    assert _figures(corpus) == before
    assert {p.annotator: p.pairs for p in annotator_quality(corpus) if p.pairs} == pairs
    assert [p.annotator for p in charts.dashboard(corpus)["twice"]] == sorted(pairs)
    f1 = double.agreement(scripted, twin).f1
    assert agreement(corpus) == {name: [f1] for name in pairs}
    if done:
        bob = row(corpus, "bob")
        assert (bob.documents, bob.mentions, bob.agreement) == (0, 0, pytest.approx(f1)) and 0 < f1 < 1
        assert row(corpus, "ann").agreement == pytest.approx(f1)


def test_it_counts_throughput_in_mentions_not_actions(scripted, waiting, corpus):  # noqa: F811
    flow = stats.throughput(corpus)
    # bob decided every mention of his document: 12 of the pass, + the forms the corpus learned from ann's approved one
    assert waiting.mentions.count() > 12
    assert flow.totals == {"ann": 13, "bob": waiting.mentions.count(), "boss": 6}  # boss: 4 corrected, RUFF twice,
    # 1 added; the entity-wide accept changed nothing
    assert sum(sum(v) for v in flow.series("mentions").values()) >= 13 + 12
    decisions = scripted.decisions.filter(user__username="ann", undone=False, action__in=stats.REVIEW_ACTIONS).count()
    assert flow.active_seconds["ann"] == pytest.approx(60 * MINUTES_APART * (decisions - 2))
    assert flow.per_hour("ann") == pytest.approx(13 * 3600 / flow.active_seconds["ann"])
    assert flow.per_hour("bob") is None  # under a minute of measured time


def test_it_reads_the_figures_in_four_queries_then_without_the_decisions(scripted, waiting, corpus,  # noqa: F811
                                                                          django_assert_num_queries):
    with django_assert_num_queries(5):  # documents, kept parts, decisions, names, doubly annotated texts
        first = annotator_quality(corpus)
    with django_assert_num_queries(3) as read:  # unchanged documents: their parts from the cache
        assert annotator_quality(corpus) == first
    assert "review_decision" not in " ".join(q["sql"] for q in read.captured_queries)


def test_it_counts_the_annotators_rework_after_a_send_back_as_changed_by_the_second_look(corpus, people):  # noqa: F811
    ann, boss = people["ann"], people["boss"]
    doc = new_document(corpus, "sent back", ann)
    for pk in doc.entities.values_list("pk", flat=True):
        act(doc, services.set_entity_status, ann, pk, "accepted")
    act(doc, services.submit, ann)
    act(doc, services.set_mention_status, boss, mention_at(doc, "RUFF").pk, "rejected")  # the reviewer's correction
    act(doc, services.send_back, boss, "STEVENSON is a commissioner's title here, and Modesto is missing.")
    act(doc, services.set_mention_status, ann, mention_at(doc, "STEVENSON").pk, "rejected")  # the annotator's rework
    act(doc, services.add_mentions, ann, [span("Modesto")], "LOCATION", None)
    act(doc, services.submit, ann)
    act(doc, services.approve, boss)
    figures = row(corpus, "ann")
    assert (figures.checked, figures.wrongly_accepted, figures.missed, figures.changed) == (12, 2, 1, 3)

"""Double annotation: a seeded sample gets independent second copies of the automatic pass; F1 and kappa."""
from __future__ import annotations

import pytest

from review import services
from review.models import Corpus, Document
from review.services import double
from tests.test_review_views import HX, mention_at  # noqa: F401
from tests.test_workflow import as_user, new_document, team, url, version  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


@pytest.fixture
def corpus():
    return Corpus.objects.create(name="Hearings", double_annotation=0.5)


# (yes/no pairs, kappa)
KAPPA = [([], None), ([(True, True), (False, False)], 1.0), ([(True, False), (False, True)], -1.0),
         ([(True, True), (True, True)], None), ([(True, True), (True, False), (False, False), (False, False)], 0.5)]


@pytest.mark.parametrize("pairs, kappa", KAPPA)
def test_it_computes_cohens_kappa(pairs, kappa):
    assert double.cohen_kappa(pairs) == kappa


def test_it_twins_a_seeded_sample_from_the_automatic_pass(corpus, team):
    docs = [new_document(corpus, title=f"h{i}", decided=False) for i in range(4)]
    first = docs[0]
    services.set_mention_status(first.pk, version(first), team["ann"], mention_at(first, "Fresno").pk, "rejected")
    services.whitelist_term(first.pk, version(first), team["ann"], "RUFF")
    chosen = [d.pk for d in double.sample(corpus)]
    assert len(chosen) == 2 and chosen == [d.pk for d in double.sample(corpus)]
    twins = double.make_twins(corpus, team["boss"])
    assert sorted(t.twin_id for t in twins) == sorted(chosen) and double.sample(corpus) == []
    corpus.double_annotation = 1.0
    corpus.save()
    twins += double.make_twins(corpus, team["boss"])  # the rest, the reviewed first document among them
    assert sorted(t.twin_id for t in twins) == [d.pk for d in docs]
    untouched = docs[1]
    for twin in twins:
        original, auto = Document.objects.get(pk=twin.twin_id), untouched
        assert twin.text == original.text and twin.status == Document.Status.READY and twin.assignee is None
        assert set(twin.mentions.values_list("status", flat=True)) == {"pending"}
        assert sorted(twin.mentions.values_list("start", "end", "label")) == sorted(
            auto.mentions.values_list("start", "end", "label"))


def test_it_never_gives_both_copies_to_one_person_nor_exports_a_copy(corpus, team):
    original = new_document(corpus, assignee=team["ann"])
    corpus.double_annotation = 1.0
    corpus.save()
    twin = double.make_twins(corpus, team["boss"])[0]
    with pytest.raises(services.ActionError, match="different people"):
        services.assign([twin.pk], team["ann"], team["boss"])
    assert services.take_next(corpus, team["ann"]) is None
    assert services.take_next(corpus, team["bob"]).pk == twin.pk
    from review.exporting import approved_documents

    Document.objects.filter(pk__in=[original.pk, twin.pk]).update(status=Document.Status.APPROVED)
    assert list(approved_documents(corpus)) == [original]


def test_it_measures_agreement_and_shows_it_to_admins_only(client, corpus, team):
    original = new_document(corpus, assignee=team["ann"])
    corpus.double_annotation = 1.0
    corpus.save()
    twin = double.make_twins(corpus, team["boss"])[0]
    twin.mentions.update(status="accepted")
    services.set_mention_status(twin.pk, version(twin), team["bob"], mention_at(twin, "Fresno").pk, "rejected")
    result = double.agreement(original, twin)
    masked = original.mentions.count()
    assert result.f1 == pytest.approx(2 * (masked - 1) / (masked + masked - 1))
    assert result.decided == masked and result.kappa == 0.0
    page = as_user(client, team["boss"]).get(url("agreement", corpus.pk)).content.decode()
    assert f"{result.f1:.3f}" in page and "0.000" in page
    assert as_user(client, team["ann"]).get(url("agreement", corpus.pk)).status_code in (403, 404)


# (what the admin types, the share stored; None = refused)
SHARES = [("0.25", 0.25), ("", 0.0), ("1.5", None), ("-0.1", None)]


@pytest.mark.parametrize("typed, stored", SHARES)
def test_it_sets_the_share_annotated_twice_in_the_corpus_settings(client, corpus, team, typed, stored):
    response = as_user(client, team["boss"]).post(url("corpus_edit", corpus.pk), {
        "name": corpus.name, "tag_style": "parts", "double_annotation": typed})
    corpus.refresh_from_db()
    assert response.status_code == (302 if stored is not None else 200)
    assert corpus.double_annotation == (stored if stored is not None else 0.5)

"""Learned dismissals keyed by form AND kind of context: "9" the hour is not "9" the age."""
import pytest

from anonymizer.types import Entity, Mention
from review.constants import CorpusMark
from review.models import Corpus, Document, KnownForm, Mention as Row, ReviewStatus
from review.services import curation, knowledge
from tests.test_knowledge import _import, _mark
from tests.textspans import nth_span

pytestmark = pytest.mark.django

#: the first "9" is a clock time (rejected by the reviewers), the second an age (accepted)
TEXT = "INMATE: It was about 9 when we got there. My brother was 9 years old then.\n"


def _reviewed(corpus, title: str) -> Document:
    doc = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=b"x",
                                  text=TEXT, status=Document.Status.APPROVED)
    age = doc.entities.create(label="AGE", category="AGE", name="9")
    for nth, status in ((0, ReviewStatus.REJECTED), (1, ReviewStatus.ACCEPTED)):
        start, end = nth_span(TEXT, "9", nth)
        Row.objects.create(document=doc, entity=age, start=start, end=end, label="AGE", status=status)
    return doc


@pytest.fixture
def corpus(db):
    corpus = Corpus.objects.create(name="ctx")
    _reviewed(corpus, "one")
    _reviewed(corpus, "two")
    return corpus


def _new(corpus) -> Document:
    mentions = [Mention(*nth_span(TEXT, "9", nth), "AGE", ("rule",), entity=0) for nth in (0, 1)]
    return _import(corpus, TEXT, mentions, [Entity(0, "AGE", "AGE", "9")])


def test_it_dismisses_a_form_only_in_the_context_it_was_rejected_in(corpus):
    doc = _new(corpus)
    hour, age = _mark(doc, "9", 0), _mark(doc, "9", 1)
    assert (hour.status, hour.corpus_mark) == (ReviewStatus.REJECTED, CorpusMark.DISMISSED)
    assert (age.status, age.corpus_mark) == (ReviewStatus.PENDING, "")
    entry = KnownForm.objects.get(corpus=corpus, form="9")
    assert knowledge.dismissing_contexts(entry) == ["AGE: about _ when"]
    assert entry.contexts["AGE: about _ when"] == {"rejected": 2, "documents": sorted(
        Document.objects.filter(status=Document.Status.APPROVED).values_list("pk", flat=True)), "accepted": 0}


def test_it_never_dismisses_in_a_context_where_the_form_was_also_accepted(db):
    corpus = Corpus.objects.create(name="mixed")
    _reviewed(corpus, "one")
    _reviewed(corpus, "two")
    # in a third reviewed document the "9" after "about" was an age after all
    third = _reviewed(corpus, "three")
    third.mentions.filter(start=nth_span(TEXT, "9")[0]).update(status=ReviewStatus.ACCEPTED)
    doc = _new(corpus)
    assert _mark(doc, "9", 0).status == ReviewStatus.PENDING
    assert not knowledge.dismissing_contexts(KnownForm.objects.get(corpus=corpus, form="9"))


def test_it_shows_the_contexts_to_an_admin_and_a_removal_restores_the_mention(corpus, client, django_user_model):
    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    doc = _new(corpus)
    entry = KnownForm.objects.get(corpus=corpus, form="9")
    client.force_login(admin)
    page = client.get(f"/corpora/{corpus.pk}/knowledge/").content.decode()
    assert "AGE: about _ when: rejected 2 in 2 document(s)" in page and "dismissed in new documents" in page
    curation.change_entry(entry.pk, admin, curation.REMOVE)
    hour = _mark(doc, "9", 0)
    assert (hour.status, hour.corpus_mark) == (ReviewStatus.PENDING, "")

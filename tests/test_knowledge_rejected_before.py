"""Corpus knowledge below a dismissal: a form people rejected in one earlier document comes in
pending and marked "rejected before", one undoable action rejects them all, and a known name is
never created where people rejected it before."""
import pytest

from anonymizer.types import Entity, Header, Mention, Participant
from review import services
from review.constants import Action, CorpusMark
from review.models import Corpus, Document, Mention as Row, ReviewStatus
from tests.test_knowledge import _import, _mark, _reviewed
from tests.textspans import nth_span

pytestmark = pytest.mark.django


@pytest.fixture
def once(db):
    """One approved document rejected "Hope" ("INMATE: Hope is all I have.") and accepted "Ruff"."""
    corpus = Corpus.objects.create(name="once")
    _reviewed(corpus, "one")
    return corpus


@pytest.fixture
def annotator(django_user_model):
    return django_user_model.objects.create_user("ann", password="a-long-test-password")


def _hope(corpus, text: str, header=None) -> Document:
    return _import(corpus, text, [Mention(*nth_span(text, "Hope"), "PERSON", ("spacy",), entity=0)],
                   [Entity(0, "PERSON", "PERSON", "Hope")], header)


@pytest.mark.parametrize("documents, text, header, mark, status", [
    # rejected in one document, never accepted: marked, left to a person
    (1, "INMATE: Hope is what I have.\n", None, CorpusMark.REJECTED_BEFORE, ReviewStatus.PENDING),
    (1, "INMATE: And all I have is Hope, sir.\n", None, CorpusMark.REJECTED_BEFORE, ReviewStatus.PENDING),
    # two documents: dismissed, as before
    (2, "INMATE: Hope is what I have.\n", None, CorpusMark.DISMISSED, ReviewStatus.REJECTED),
    # another detector supports it here: not even marked
    (1, "ATTORNEY: Ms. Hope was there.\n", None, "", ReviewStatus.PENDING),
    (1, "ATTORNEY: Hope said so.\n", Header(participants=(Participant("HOPE DELGADO", "Attorney"),)), "",
     ReviewStatus.PENDING),
    (1, "ATTORNEY: Hope, H-O-P-E, said so.\n", None, "", ReviewStatus.PENDING),
], ids=["same context", "other context", "two documents", "title", "participant", "spelled out"])
def test_it_marks_a_form_rejected_in_one_earlier_document_unless_supported(db, documents, text, header, mark, status):
    corpus = Corpus.objects.create(name="c")
    for i in range(documents):
        _reviewed(corpus, f"d{i}")
    row = _mark(_hope(corpus, text, header), "Hope")
    assert (row.corpus_mark, row.status) == (mark, status)


def test_it_rejects_everything_rejected_before_in_one_undoable_action_and_nothing_else(once, annotator):
    text = "INMATE: Hope is what I have. Hope is all. I love Fresno.\n"
    doc = _import(once, text, [Mention(*nth_span(text, "Hope", 0), "PERSON", ("spacy",), entity=0),
                               Mention(*nth_span(text, "Hope", 1), "PERSON", ("spacy",), entity=0),
                               Mention(*nth_span(text, "Fresno"), "LOCATION", ("spacy",), entity=1)],
                  [Entity(0, "PERSON", "PERSON", "Hope"), Entity(1, "LOCATION", "CITY", "Fresno")])
    audit = doc.decisions.get(action=Action.CORPUS_APPLY)
    assert len(audit.after["rejected_before"]) == 2 and "Hope" not in audit.summary
    first = _mark(doc, "Hope")
    outcome = services.set_mention_status(doc.pk, doc.version, annotator, first.pk, ReviewStatus.ACCEPTED)
    outcome = services.reject_rejected_before(doc.pk, outcome.document.version, annotator)
    assert outcome.decision.action == Action.REJECT_REJECTED_BEFORE and outcome.decision.user == annotator
    states = {(doc.text[r.start:r.end], r.start): r.status for r in doc.mentions.all()}
    assert sorted(states.values()) == [ReviewStatus.ACCEPTED, ReviewStatus.PENDING, ReviewStatus.REJECTED]
    assert states[("Hope", first.start)] == ReviewStatus.ACCEPTED  # a person's decision is never overturned
    assert _mark(doc, "Fresno").status == ReviewStatus.PENDING
    services.undo(doc.pk, outcome.document.version, annotator)
    assert _mark(doc, "Hope", 1).status == ReviewStatus.PENDING


def _rejected_as_a_word(corpus) -> None:
    """An approved document: "Ruff" the commissioner accepted, "Ruff" in "the Ruff-era rules" rejected."""
    text = "COMMISSIONER RUFF: Commissioner Ruff here. Under the Ruff-era rules, no.\n"
    doc = Document.objects.create(corpus=corpus, title="era", original_name="era.txt", original=b"x", text=text,
                                  status=Document.Status.APPROVED)
    person = doc.entities.create(label="PERSON", category="PERSON", name="Ruff")
    for nth, status in ((0, ReviewStatus.ACCEPTED), (1, ReviewStatus.REJECTED)):
        start, end = nth_span(text, "Ruff", nth)
        Row.objects.create(document=doc, entity=person, start=start, end=end, label="PERSON", status=status)


def test_it_never_creates_a_known_name_where_people_rejected_it_before(db):
    corpus = Corpus.objects.create(name="era")
    _rejected_as_a_word(corpus)
    doc = _import(corpus, "INMATE: Back then the Ruff-era rules were hard. Commissioner Ruff knows.\n", [], [])
    found = [doc.text[r.start:r.end + 5] for r in doc.mentions.filter(corpus_mark=CorpusMark.KNOWN)]
    assert found == ["Ruff know"]  # "the Ruff-era" is left to the pass, which proposed nothing there


def test_it_shows_the_mark_filters_it_and_offers_the_action_as_a_plain_form_post(once, client, annotator):
    text = "INMATE: Hope is what I have.\n"
    doc = _hope(once, text)
    Document.objects.filter(pk=doc.pk).update(assignee=annotator)
    client.force_login(annotator)
    row = _mark(doc, "Hope")
    page = client.get(f"/documents/{doc.pk}/?m={row.pk}").content.decode()
    assert "k-rejected" in page and "1 rejected before" in page and "Reject all rejected before" in page
    assert "rejected before in this corpus" in page  # the inspector says what the mark means
    listed = client.get(f"/documents/{doc.pk}/?corpus=rejected").content.decode()
    assert f'id="e{row.entity_id}"' in listed
    assert f'id="e{row.entity_id}"' not in client.get(f"/documents/{doc.pk}/?corpus=dismissed").content.decode()
    response = client.post(f"/documents/{doc.pk}/corpus/reject-rejected-before/", {"version": doc.version})
    assert response.status_code == 302
    row.refresh_from_db()
    assert row.status == ReviewStatus.REJECTED


@pytest.mark.parametrize("status, state", [
    (Document.Status.APPROVED, "seen in one document: marked “rejected before” in new documents"),
    (Document.Status.SUBMITTED, "seen in one document, awaiting the second look"),
])
def test_it_tells_admins_what_a_term_rejected_in_one_document_does(db, client, django_user_model, status, state):
    corpus = Corpus.objects.create(name="admin")
    _reviewed(corpus, "one", status=status)
    _import(corpus, "Good morning.\n", [], [])  # an import refreshes what the corpus learned
    client.force_login(django_user_model.objects.create_user("adm", password="a-long-test-password", is_staff=True))
    page = client.get(f"/corpora/{corpus.pk}/knowledge/").content.decode()
    assert state in page

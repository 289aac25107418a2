"""Ordinary words are no names (issue 44, item 5): accepting one as a PERSON asks first, one mention,
a whole entity or a bulk accept alike; corpus knowledge never learns one."""
import pytest

from anonymizer.types import Entity, Mention
from review import services
from review.models import Document, KnownForm, ReviewStatus
from tests.conftest import analysed_document
from tests.textspans import nth_span

TEXT = ("COMMISSIONER RUFF: Like I told Mr. Strong, it was Thursday.\n"
        "INMATE STRONG: Like I said, four of us. Like that.\n")
ENTITIES = [Entity(0, "PERSON", "PERSON", "Like"), Entity(1, "PERSON", "PERSON", "Strong"),
            Entity(2, "PERSON", "PERSON", "Thursday"), Entity(3, "AGE", "AGE", "four")]
MENTIONS = [
    Mention(*nth_span(TEXT, "Like", 0), "PERSON", ("spacy",), confidence=2, entity=0),
    Mention(*nth_span(TEXT, "Strong", 0), "PERSON", ("spacy",), confidence=2, entity=1),
    Mention(*nth_span(TEXT, "Thursday", 0), "PERSON", ("spacy",), confidence=2, entity=2),
    Mention(*nth_span(TEXT, "STRONG", 0), "PERSON", ("rule",), confidence=1, entity=1),
    Mention(*nth_span(TEXT, "Like", 1), "PERSON", ("spacy",), confidence=2, entity=0),
    Mention(*nth_span(TEXT, "four", 0), "AGE", ("rule",), confidence=1, entity=3),
    Mention(*nth_span(TEXT, "Like", 2), "PERSON", ("spacy",), confidence=2, entity=0),
]


@pytest.fixture
def doc(db):
    return analysed_document(TEXT, MENTIONS, ENTITIES)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("ann")


def _v(doc):
    doc.refresh_from_db(fields=["version"])
    return doc.version


def _mention(doc, needle, nth=0):
    return doc.mentions.get(start=nth_span(TEXT, needle, nth)[0])


def _accepted(doc):
    return sorted(TEXT[m.start:m.end] for m in doc.mentions.filter(status=ReviewStatus.ACCEPTED))


@pytest.mark.parametrize(("surface", "why"), [
    ("Like", "an ordinary English word"), ("Money Management", "an ordinary English word"),
    ("four", "a number word"), ("Twenty-Four", "a number word"), ("Thursday", "a weekday"), ("Thurs", "a weekday"),
    ("September", "a month"), ("Strong", ""), ("Hope", ""), ("Fresno", ""), ("Kevin Richardson", ""), ("Sapolu", ""),
])
def test_it_knows_what_is_no_name(surface, why):
    assert services.not_a_name(surface) == why


@pytest.mark.parametrize(("surface", "language", "why"), [
    ("Torsdag", "da", "a weekday"), ("Torsdag", "en", ""), ("Thursday", "da", ""),
    ("fire", "da", "a number word"), ("Halvtreds", "da", "a number word"), ("Marts", "da", "a month"),
    ("Søren Vestergaard", "da", ""), ("Mette", "da", ""), ("Like", "da", ""), ("Like", "en", "an ordinary English word"),
    ("Torsdag", "xx", ""),  # an unknown code reads as English
])
def test_it_asks_the_documents_language_what_is_no_name(surface, language, why):
    assert services.not_a_name(surface, language) == why


def test_it_asks_first_in_a_danish_document_for_a_danish_weekday(db, django_user_model):
    text = "Retten: Torsdag kom Mette Holm.\n"
    document = analysed_document(text, [Mention(*nth_span(text, "Torsdag"), "PERSON", ("spacy",), confidence=2, entity=0)],
                                 [Entity(0, "PERSON", "PERSON", "Torsdag")])
    Document.objects.filter(pk=document.pk).update(language="da")
    mention = document.mentions.get()
    user = django_user_model.objects.create_user("ann")
    with pytest.raises(services.NeedsConfirmation, match="“Torsdag” is a weekday"):
        services.set_mention_status(document.pk, _v(document), user, mention.pk, ReviewStatus.ACCEPTED)


@pytest.mark.parametrize(("act", "question"), [
    (lambda d, u, c: services.set_mention_status(d.pk, _v(d), u, _mention(d, "Like").pk, ReviewStatus.ACCEPTED,
                                                 ordinary=c), "“Like” is an ordinary English word: accept it as PERSON?"),
    (lambda d, u, c: services.set_entity_status(d.pk, _v(d), u, _mention(d, "Like").entity_id, ReviewStatus.ACCEPTED,
                                                ordinary=c), "“Like” is an ordinary English word: accept its 3 mentions as PERSON?"),
    (lambda d, u, c: services.accept_pending(d.pk, _v(d), u, labels=["PERSON"], ordinary=c),
     "“Like” (3), “Thursday” (1) are ordinary words, number words, weekdays or months: accept their 4 mentions as "
     "PERSON (with the other 2 mentions of this accept)?"),
])
def test_it_asks_before_accepting_an_ordinary_word_as_a_name(doc, user, act, question):
    version = _v(doc)
    with pytest.raises(services.NeedsConfirmation) as asked:
        act(doc, user, False)
    assert str(asked.value) == question
    assert (_accepted(doc), _v(doc)) == ([], version)  # nothing written
    act(doc, user, True)
    assert "Like" in _accepted(doc)


def test_it_asks_in_accept_the_rest_too(doc, user):
    services.mark_read(doc.pk, user, 99)
    with pytest.raises(services.NeedsConfirmation, match="accept their 4 mentions as PERSON .with the other 3"):
        services.accept_rest(doc.pk, _v(doc), user)
    services.accept_rest(doc.pk, _v(doc), user, ordinary=True)
    assert len(_accepted(doc)) == 7


def test_it_accepts_a_name_without_asking(doc, user):
    services.set_entity_status(doc.pk, _v(doc), user, _mention(doc, "Strong").entity_id, ReviewStatus.ACCEPTED)
    services.set_mention_status(doc.pk, _v(doc), user, _mention(doc, "four").pk, ReviewStatus.ACCEPTED)  # an AGE
    assert _accepted(doc) == ["STRONG", "Strong", "four"]


def test_it_never_learns_an_ordinary_word_a_number_word_or_a_weekday_as_a_name(doc, user):
    from review.services import knowledge

    services.mark_read(doc.pk, user, 99)
    services.accept_rest(doc.pk, _v(doc), user, ordinary=True)
    Document.objects.filter(pk=doc.pk).update(status=Document.Status.APPROVED)
    knowledge.learn(doc.corpus)
    learned = {k.form: k.label for k in KnownForm.objects.filter(corpus=doc.corpus) if k.accepted and k.label}
    assert learned == {"strong": "PERSON"}
    assert set(knowledge.Knowledge(doc.corpus).known) == {"strong"}
    accepted = {k.form for k in KnownForm.objects.filter(corpus=doc.corpus) if k.accepted}
    assert accepted == {"strong", "like", "thursday", "four"}  # still counted: never a learned dismissal


@pytest.mark.parametrize("htmx", [False, True])
def test_it_asks_in_a_plain_form_post_and_in_htmx_alike(client, doc, user, htmx):
    from django.urls import reverse

    Document.objects.filter(pk=doc.pk).update(assignee=user)
    client.force_login(user)
    like = _mention(doc, "Like")
    url = reverse("review:mention_action", args=[doc.pk, like.pk, "accept"])
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    page = client.post(url, {"version": _v(doc), "advance": "1"}, **headers).content.decode()
    assert "is an ordinary English word: accept it as PERSON?" in page and 'name="ordinary" value="1"' in page
    assert 'name="advance" value="1"' in page and _accepted(doc) == []
    client.post(url, {"version": _v(doc), "advance": "1", "ordinary": "1"}, **headers)
    assert _accepted(doc) == ["Like"]

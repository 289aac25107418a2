"""What issue 44 found on the way: what a corpus learned is shown at approval; adding a mention never
suggests an entity whose every mention was rejected; a letter-spaced "I N D E X" page is dropped."""
from __future__ import annotations

import pytest

from anonymizer import pdf
from review import services
from review.models import Document, ReviewStatus
from tests.pdfmaker import Hearing, render
from tests.test_pdf import NEW_BODY, NEW_CERTIFICATE, NEW_EXPECTED, NEW_TITLE
from tests.test_review_bulk import TEXT, _span, _version, doc, user  # noqa: F401  (fixtures)


@pytest.mark.parametrize("heading", ["INDEX", "I N D E X", "I  N  D  E  X", "Index"])
def test_it_drops_an_index_page_whatever_its_heading_spacing(heading):
    transcript = pdf.extract(render(Hearing(NEW_TITLE, NEW_BODY, NEW_CERTIFICATE, index_heading=heading)), "h.pdf")
    assert transcript.text == NEW_EXPECTED
    assert "Transcript Certification" not in transcript.text and "N D E X" not in transcript.text


@pytest.fixture
def people(django_user_model):
    from review.permissions import reviewer_group

    second = django_user_model.objects.create_user("second")
    reviewer_group().user_set.add(second)
    return second


def _approve(doc, annotator, second):
    services.mark_read(doc.pk, annotator, 99)
    services.accept_rest(doc.pk, _version(doc), annotator)
    services.submit(doc.pk, _version(doc), annotator)
    return services.approve(doc.pk, _version(doc), second)


def test_it_says_at_approval_what_the_corpus_learned(doc, user, people):
    from review.models import KnownForm

    outcome = _approve(doc, user, people)
    assert "the corpus learned from it: 3 name(s) it knows (“Fresno”, “Kevin Richardson”, “RICHARDSON”)" \
        in outcome.decision.summary
    assert KnownForm.objects.filter(corpus=doc.corpus, form="kevin richardson", trusted=True).exists()  # now


def test_it_says_when_nothing_was_learned(doc, user, people):
    doc.mentions.filter(label__in=["PERSON", "LOCATION"]).update(status=ReviewStatus.REJECTED)
    outcome = _approve(doc, user, people)
    assert outcome.decision.summary.endswith("the corpus learned nothing new from it")


@pytest.mark.parametrize(("rejected", "suggested"), [(False, ["PERSON"]), (True, [])])
def test_it_never_suggests_a_rejected_entity_when_adding_a_mention(doc, user, rejected, suggested):
    from review.views.inspector import _add
    from review.views.screen import Screen

    person = doc.mentions.filter(label="PERSON").first().entity_id
    if rejected:
        services.set_entity_status(doc.pk, _version(doc), user, person, ReviewStatus.REJECTED)
    start = TEXT.index("Richardson was")
    found = _add(Screen(Document.objects.get(pk=doc.pk)), start, start + len("Richardson"))
    assert [e.label for e in found["suggested"]] == suggested

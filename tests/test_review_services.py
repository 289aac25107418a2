"""Review services: imports and re-runs that never lose a human decision."""
import pytest

from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import services
from review.models import Corpus, Document, Mention as MentionRow, ReviewStatus
from tests.textspans import nth_span

TEXT = "PRESIDING COMMISSIONER RUFF: Mr. Kevin Richardson lives in Fresno.\nINMATE RICHARDSON: Yes, Fresno.\n"


def _analysis(mentions, entities, text=TEXT) -> Analysis:
    return Analysis(transcript=Transcript(name="h.txt", text=text), mentions=tuple(mentions), entities=tuple(entities))


FIRST = [
    Entity(0, "PERSON", "PERSON", "RUFF"),
    Entity(1, "PERSON", "PERSON", "Kevin Richardson"),
    Entity(2, "LOCATION", "CITY", "Fresno"),
]


def _first_mentions():
    return [
        Mention(*nth_span(TEXT, "RUFF"), "PERSON", ("rule",), confidence=1, entity=0),
        Mention(*nth_span(TEXT, "Kevin Richardson"), "PERSON", ("spacy",), entity=1),
        Mention(*nth_span(TEXT, "Fresno"), "LOCATION", ("spacy",), entity=2),
        Mention(*nth_span(TEXT, "RICHARDSON"), "PERSON", ("rule",), confidence=1, entity=1),
    ]


@pytest.fixture
def document(db):
    corpus = Corpus.objects.create(name="c")
    return Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=TEXT.encode())


def test_it_stores_an_analysis(document):
    stats = services.apply_analysis(document, _analysis(_first_mentions(), FIRST))
    document.refresh_from_db()
    assert stats["mentions"] == 4
    assert document.status == Document.Status.READY
    assert document.text == TEXT
    rows = list(document.mentions.order_by("start"))
    assert [TEXT[r.start : r.end] for r in rows] == ["RUFF", "Kevin Richardson", "Fresno", "RICHARDSON"]
    assert rows[1].entity_id == rows[3].entity_id
    assert document.entities.count() == 3


def test_it_never_overwrites_human_decisions_on_a_rerun(document):
    services.apply_analysis(document, _analysis(_first_mentions(), FIRST))
    fresno = document.mentions.get(label="LOCATION")
    fresno.status = ReviewStatus.REJECTED
    fresno.save()
    kevin = document.mentions.get(start=nth_span(TEXT, "Kevin Richardson")[0])
    kevin.status = ReviewStatus.ACCEPTED
    kevin.save()
    entity_tag = kevin.entity
    entity_tag.tag = "[PERSON_X]"
    entity_tag.save()
    manual = MentionRow.objects.create(
        document=document, entity=kevin.entity, start=nth_span(TEXT, "Fresno", 1)[0], end=nth_span(TEXT, "Fresno", 1)[1],
        label="LOCATION", origin=MentionRow.Origin.MANUAL, status=ReviewStatus.ACCEPTED,
    )

    # the re-run proposes Fresno again (both), a shorter Richardson, and a new mention
    second = [
        Mention(*nth_span(TEXT, "RUFF"), "PERSON", ("rule",), confidence=1, entity=0),
        Mention(*nth_span(TEXT, "Richardson"), "PERSON", ("spacy",), entity=1),
        Mention(*nth_span(TEXT, "Fresno"), "LOCATION", ("spacy",), entity=2),
        Mention(*nth_span(TEXT, "Fresno", 1), "LOCATION", ("rescan",), confidence=3, entity=2),
        Mention(*nth_span(TEXT, "RICHARDSON"), "PERSON", ("rule",), confidence=1, entity=1),
    ]
    stats = services.apply_analysis(document, _analysis(second, FIRST))
    document.refresh_from_db()

    fresno.refresh_from_db()
    kevin.refresh_from_db()
    manual.refresh_from_db()
    assert fresno.status == ReviewStatus.REJECTED
    assert kevin.status == ReviewStatus.ACCEPTED and TEXT[kevin.start : kevin.end] == "Kevin Richardson"
    assert manual.origin == MentionRow.Origin.MANUAL
    assert kevin.entity.tag == "[PERSON_X]"
    assert stats["dropped"] == 3  # Fresno x2 and Richardson overlap decided mentions
    spans = list(document.mentions.order_by("start").values_list("start", "end"))
    assert all(a_end <= b_start for (_, a_end), (b_start, _) in zip(spans, spans[1:])), "overlapping mentions"
    assert document.status == Document.Status.IN_REVIEW


def test_it_refuses_bad_uploads_and_keeps_the_rest(db):
    corpus = Corpus.objects.create(name="c")
    created, errors = services.create_documents(
        corpus, [("a.txt", b"hello"), ("b.docx", b"x"), ("c.pdf", b""), ("../../etc/d.txt", b"ok")]
    )
    assert [d.original_name for d in created] == ["a.txt", "d.txt"]
    assert [(e.filename, e.reason.split(" (")[0]) for e in errors] == [
        ("b.docx", "unsupported file type"),
        ("c.pdf", "empty file"),
    ]


def test_it_builds_the_anonymizer_config_from_settings_and_corpus(db, settings):
    settings.ANONYMIZER = {**settings.ANONYMIZER, "spacy_model": "some_model"}
    corpus = Corpus.objects.create(name="c", whitelist_terms="Delancey Street\n\nGRIP\n", tag_style="referent")
    config = services.config_from_settings(corpus)
    assert config.spacy_model == "some_model"
    assert config.whitelist_terms == ("Delancey Street", "GRIP")
    assert config.style == "referent"

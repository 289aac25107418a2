"""No finding on a correctly reviewed document (issue 44, item 6): a generated hearing reviewed by a
script that accepts the true mentions and rejects the false ones (the oracle of
benchmarks/review_effort.py), approved by a second person, exports with no leak-gate finding and no
override; a phrase wrapped over two printed lines is one phrase for the gate as for the pass."""
from __future__ import annotations

import pytest

from benchmarks import export_gate, oracle

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def people(django_user_model):
    return (django_user_model.objects.create_user("oracle", password="a-long-test-password"),
            django_user_model.objects.create_user("second", password="a-long-test-password", is_staff=True))


@pytest.fixture(autouse=True)
def loaded(pipeline, monkeypatch, settings, tmp_path):
    from review import pipelines

    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "layout"), [(3, "new"), (5, "old")])
def test_it_finds_nothing_in_a_generated_hearing_reviewed_correctly(people, seed, layout):
    from fixtures.generate import generate_hearing
    from review.models import Corpus, Export

    annotator, second = people
    hearing = generate_hearing(f"reviewed_{seed}", seed=seed, words=2500, layout=layout)
    corpus = Corpus.objects.create(name="Reviewed")
    document = oracle.import_text(corpus, hearing.name, hearing.text)
    result = oracle.review(document, hearing.annotations, annotator)
    assert (result["leaks_final"], result["pending_final"]) == (0, 0)
    rejected = document.mentions.filter(status="rejected").count()
    export_gate.approve(document, annotator, second)
    found = export_gate.export_findings([corpus], second)
    assert found["findings"] == 0, found["by_document"]
    assert Export.objects.get().status == Export.Status.DONE and not Export.objects.get().override_reason
    assert rejected >= 0  # (the pass's false proposals, rejected by the script, are decisions)


TITLE = ["BOARD OF PAROLE HEARINGS", "STATE OF CALIFORNIA", "", "In the matter of the Life Term Parole Consideration "
         "Hearing of:", "KEVIN RICHARDSON", "CDCR Number E-20544", "", "PANEL PRESENT:",
         "ROBERT DOYLE, Presiding Commissioner", "", "P R O C E E D I N G S"]
#: what a careful reviewer finds: the wrapped statute is no one; "Olson review" is the review of a central
#: file (In re Olson), no person, though a tagger proposes "Olson"; the rest are people
BODY = ["PRESIDING COMMISSIONER DOYLE: We are on the record. Under the Welfare and",
        "Institutions Code you may qualify, Mr. Richardson.",
        "INMATE RICHARDSON: Yes, sir. I read Title 15 of the California",
        "Code of Regulations in the library.",
        "PRESIDING COMMISSIONER DOYLE: Let's go over the Olson review. Did the Olson review happen?",
        "INMATE RICHARDSON: Yes. Like I told Mr. Strong, the Olson review was done.",
        "PRESIDING COMMISSIONER DOYLE: Thank you."]
NO_NAMES = ("Olson", "Welfare", "California", "Institutions", "Like", "State of California")


def import_reviewed(corpus, name: str, data: bytes, pipeline, second, rejected=NO_NAMES):
    """Import ``data`` (the pass as the app runs it), accept every proposal but the ``rejected`` forms
    (rejected), approve: a correct review by script."""
    from anonymizer import pdf
    from anonymizer.ingest import load_bytes
    from review import services
    from review.models import Document, ReviewStatus

    transcript = pdf.extract(data, name) if name.endswith(".pdf") else load_bytes(data, name)
    document = Document.objects.create(corpus=corpus, title=name, original_name=name, original=data)
    services.apply_analysis(document, pipeline.run(transcript))
    document.refresh_from_db()
    no_name = [m.pk for m in document.mentions.all()
               if document.text[m.start:m.end].casefold() in {r.casefold() for r in rejected}]
    document.mentions.exclude(pk__in=no_name).update(status=ReviewStatus.ACCEPTED)
    document.mentions.filter(pk__in=no_name).update(status=ReviewStatus.REJECTED)
    Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=second)
    document.refresh_from_db()
    return document


def document_mentions(corpus):
    document = corpus.documents.get()
    return [(document.text[m.start:m.end], m.label, m.status, m.sources) for m in document.mentions.all()]


def printed_text(lines: list[str]) -> bytes:
    """``lines`` as a text file printed like its PDF: a line-number gutter, 25 lines a page."""
    out = []
    for i, line in enumerate(lines):
        if i and i % 25 == 0:
            out.append(" " * 50 + str(i // 25 + 1))
        out.append(f"{i % 25 + 1:2d}   {line}")
    return ("\n".join(out) + "\n").encode()


def test_it_takes_a_form_rejected_in_this_document_for_a_decision(pipeline, people):
    from review.models import Corpus, Export
    from tests.test_export import run

    corpus = Corpus.objects.create(name="Reviewed")
    document = import_reviewed(corpus, "olson.txt", ("\n".join(TITLE + BODY) + "\n").encode(), pipeline, people[1])
    assert document.mentions.filter(status="rejected").exists()
    export = run(corpus, people[1])
    assert export.status == Export.Status.DONE, [(h["kind"], h["label"], h["text"], h.get("form")) for h in export.leaks]


def test_it_keeps_a_finding_a_detector_with_a_names_evidence_disagrees_with(pipeline, people):
    from review.models import Corpus, Export
    from tests.test_export import run

    corpus = Corpus.objects.create(name="Reviewed")
    import_reviewed(corpus, "strong.txt", ("\n".join(TITLE + BODY) + "\n").encode(), pipeline, people[1],
                    rejected=(*NO_NAMES, "Strong"))  # two taggers agree on "Mr. Strong": a name
    export = run(corpus, people[1])
    assert export.status == Export.Status.BLOCKED, document_mentions(corpus)
    assert {(h["kind"], h["label"]) for h in export.leaks if "Strong" in h["text"] and h["member"].startswith("text/")} \
        == {("detector", "PERSON")}


@pytest.mark.parametrize("kind", ["printed text", "pdf"])
def test_it_reads_a_phrase_wrapped_over_two_printed_lines_as_one(pipeline, people, kind):
    from review.models import Corpus, Export
    from tests.pdfmaker import print_lines
    from tests.test_export import run

    corpus = Corpus.objects.create(name="Reviewed")
    data = printed_text(TITLE + BODY * 4) if kind == "printed text" else print_lines(TITLE + BODY)
    document = import_reviewed(corpus, "wrapped.txt" if kind == "printed text" else "wrapped.pdf", data, pipeline,
                               people[1], rejected=("Olson", "Like", "State of California", "California"))
    assert not document.mentions.filter(label="ORGANIZATION").exists()  # the pass read "Welfare and Institutions Code"
    export = run(corpus, people[1])
    assert export.status == Export.Status.DONE, [(h["kind"], h["label"], h["text"], h.get("form")) for h in export.leaks]

"""A Danish court order through the app and the CLI: uploaded into a Danish corpus it is pre-annotated by the
Danish pack, reviewed and exported through the leak gate; a corpus without a language guesses it; the leak gate
looks for a Danish name's other spellings; ``anonymize --language da`` does the same from the command line."""
from __future__ import annotations

import json
import logging
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command

HAND = Path(__file__).parent / "hand_da" / "tuned"
ORDER = HAND / "dom_vold.txt"
#: identifiers of the court order that must not be in the export (names, CPR, address, phone)
SECRETS = ["Kasper", "Vestergaard", "120394-2187", "Mikkel Bruun", "Sofie Krag", "Søndermarksvej", "28 41 17 93"]


@pytest.fixture(scope="module")
def danish_pipeline():
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import Config

    return Pipeline(Config(language="auto"))


@pytest.fixture
def inline(settings, tmp_path, monkeypatch, danish_pipeline):
    from review import pipelines

    settings.EXPORT_ROOT = tmp_path / "exports"
    settings.JOBS_INLINE = True
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: danish_pipeline.for_language(
        config.language) if config.language != "auto" else danish_pipeline)
    return settings


def _upload(corpus, path: Path):
    from review import jobs, services

    documents, errors = services.create_documents(corpus, [(path.name, path.read_bytes())])
    assert not errors
    jobs.enqueue_analysis(documents[0])
    documents[0].refresh_from_db()
    return documents[0]


@pytest.mark.django_db
def test_it_pre_annotates_reviews_and_exports_a_danish_court_order_through_the_leak_gate(inline, django_user_model):
    from review import exporting, services
    from review.models import Corpus, Document, ReviewStatus

    annotator = django_user_model.objects.create_user("da-annotator", password="a-long-test-password")
    admin = django_user_model.objects.create_user("da-admin", password="a-long-test-password", is_staff=True)
    corpus = Corpus.objects.create(name="Domme", language=Corpus.Language.DANISH)
    document = _upload(corpus, ORDER)
    assert document.status == Document.Status.READY, document.failure_reason
    assert document.language == "da"
    masked = {document.text[m.start:m.end] for m in document.mentions.all()}
    assert {"Kasper Lindholm Vestergaard", "120394-2187", "Søndermarksvej 112, 4300 Holbæk"} <= masked
    assert document.mentions.get(start=document.text.index("120394-2187")).label == "CDCR_ID"
    outcome = services.accept_pending(document.pk, document.version, annotator)
    assert outcome is not None
    assert not document.mentions.filter(status=ReviewStatus.PENDING).exists()
    Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=admin)
    export = exporting.start_export(corpus, admin)
    exporting.run_export(export.pk)
    export.refresh_from_db()
    assert export.status == export.Status.DONE, (export.status, export.leaks)
    with zipfile.ZipFile(export.archive_file) as archive:
        text = next(archive.read(n).decode() for n in archive.namelist() if n.startswith("text/"))
    assert not [s for s in SECRETS if s in text]
    assert "[PERSON_" in text and "[CDCR_ID_1]" in text and "den [DAY]. [MONTH] [YEAR]" in text
    assert "RETTEN I HOLBÆK" in text and "straffelovens § 244" in text  # the court and the law stay


@pytest.mark.django_db
def test_it_blocks_a_danish_export_that_leaves_a_name_in_another_spelling(inline, django_user_model, tmp_path):
    from review import exporting, services
    from review.models import Corpus, Document, ReviewStatus

    admin = django_user_model.objects.create_user("da-admin2", password="a-long-test-password", is_staff=True)
    corpus = Corpus.objects.create(name="Breve", language=Corpus.Language.DANISH)
    letter = tmp_path / "brev.txt"
    letter.write_text("Vidnet Søren Kjærgaard har forklaret, at han var hjemme.\n"
                      "I et brev underskrevet Soeren Kjaergaard gentog han det.\n", encoding="utf-8")
    document = _upload(corpus, letter)
    ascii_spelling = document.mentions.get(start=document.text.index("Soeren"))
    assert ascii_spelling.entity_id == document.mentions.get(start=document.text.index("Søren")).entity_id
    # the reviewer accepts the name but rejects its ASCII spelling: the published text keeps "Soeren Kjaergaard"
    document.mentions.exclude(pk=ascii_spelling.pk).update(status=ReviewStatus.ACCEPTED)
    services.set_mention_status(document.pk, document.version, admin, ascii_spelling.pk, ReviewStatus.REJECTED)
    Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=admin)
    export = exporting.start_export(corpus, admin)
    exporting.run_export(export.pk)
    export.refresh_from_db()
    assert export.status == export.Status.BLOCKED
    assert {leak["label"] for leak in export.leaks} == {"PERSON"}
    # found twice: the gate's terms in their Danish spellings ("surface") and the detectors re-run ("detector")
    assert {leak["kind"] for leak in export.leaks} == {"surface", "detector"}


@pytest.mark.django_db
def test_it_gives_the_leak_gate_the_spellings_of_the_documents_languages():
    from anonymizer import leakgate as core
    from review.leakgate import spellings
    from review.models import Corpus, Document

    corpus = Corpus.objects.create(name="Blandet", language="")

    class Prepared:
        def __init__(self, language):
            self.document = Document(corpus=corpus, language=language)

    assert spellings([Prepared("en"), Prepared("")]) is None  # English has no other spellings
    variants = spellings([Prepared("da"), Prepared("en")])
    assert {"Soeren", "Soren"} <= variants("Søren")
    gate = core.Gate(core.surface_terms([("PERSON", "Søren Kjærgaard")], 1), variants=variants)
    found = gate.scan({"text/a.txt": "Han hed Soeren Kjaergaard.".encode()})
    assert found and {f.label for f in found} == {"PERSON"}
    assert not core.Gate(core.surface_terms([("PERSON", "Søren Kjærgaard")], 1)).scan(
        {"text/a.txt": "Han hed Soeren Kjaergaard.".encode()})


@pytest.mark.django_db
def test_it_guesses_the_language_of_a_document_in_a_corpus_without_one_and_logs_it(inline, caplog):
    from review.models import Corpus

    corpus = Corpus.objects.create(name="Ukendt", language=Corpus.Language.DETECT)
    with caplog.at_level(logging.INFO, logger="review.jobs"):
        document = _upload(corpus, HAND / "kendelse_fogedret.txt")
    assert document.language == "da"
    assert f"document {document.pk}: read as language da (detected)" in caplog.text
    assert "Lene" not in caplog.text  # the log names no one


@pytest.mark.django_db
def test_it_creates_a_danish_corpus_from_the_plain_form(client, django_user_model):
    from review.models import Corpus

    admin = django_user_model.objects.create_user("da-form", password="a-long-test-password", is_staff=True)
    client.force_login(admin)
    response = client.post("/corpora/new/", {"name": "Kendelser", "language": "da", "tag_style": "parts",
                                             "double_annotation": "0", "whitelist_terms": ""})
    assert response.status_code in (302, 303), response.content[:500]
    assert Corpus.objects.get(name="Kendelser").language == "da"
    assert b"Danish" in client.get("/corpora/new/").content  # the UI's own words stay English


@pytest.mark.parametrize("language", ["da", None])
def test_it_anonymizes_a_danish_court_order_from_the_command_line(tmp_path, capsys, language):
    out = tmp_path / "out"
    args = [str(ORDER), str(HAND.parent.parent / "hand" / "decision_narrative.txt"), "--out", str(out)]
    call_command("anonymize", *args, *(["--language", language] if language else []))
    printed = capsys.readouterr().out
    danish = (out / "pseudonymized" / "hearing_0002.txt").read_text(encoding="utf-8")  # sorted: hand/ first
    assert "Kasper" not in danish and "120394-2187" not in danish and "[DAY]. [MONTH] [YEAR]" in danish
    if language is None:  # detected per document, and said
        assert "language detected: da 1, en 1" in printed
        rows = json.loads((out / "languages.json").read_text(encoding="utf-8"))
        assert [r["language"] for r in rows] == ["en", "da"]
    else:
        assert not (out / "languages.json").exists()

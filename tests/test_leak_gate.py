"""The leak gate over the whole archive: neutral names, header fields, variants, reopening."""
from __future__ import annotations

import pytest

from anonymizer.leakgate import Gate, file_name_terms, header_terms, residual_risk, surface_terms
from review import exporting, services
from review.constants import Action
from review.models import Document, Export
from tests.test_export import admin, corpus, export_root, make_document, members, run  # noqa: F401  (fixtures)

HEADER = {"inmate_name": "ALYSSA BATISTE", "cdcr_number": "K91985", "hearing_date": "OCTOBER 24, 2024",
          "participants": [{"name": "MARY ROE", "role": "Presiding Commissioner"}], "transcriber": "Pat Quill"}


def hits(text: str, upload: str = "Young-AK2960-2024-10-24.pdf") -> list[tuple[str, str]]:
    gate = Gate(header_terms(HEADER, 1) + file_name_terms(upload, 1))
    return [(f.kind, f.label) for f in gate.scan_text("text/hearing_0001.txt", text)]


@pytest.mark.parametrize(
    ("text", "blocked"),
    [
        ("my number is K91985.", True),
        ("my number is K 9 1 9 8 5.", True),
        ("my number is K-91985.", True),
        ("it is 91985 on the card", True),
        ("A K two nine six oh", True),
        ("that is Y-O-U-N-G, sir", True),
        ("Y O U N G", True),
        ("Young's letter", True),
        ("Yankee Oscar Uniform November Golf", True),
        ("she is Batiste", True),
        ("Quill transcribed it", True),
        ("on October 24th, 2024 we met", True),
        ("10/24/2024", True),
        ("young people and 15 years to life", False),
        ("[PERSON_1] said [CDCR_ID_1] on [MONTH] [DAY], [YEAR]", False),
        ("the hearing transcript was long", False),
    ],
)
def test_it_blocks_header_file_name_and_variant_forms(text, blocked):
    assert bool(hits(text)) is blocked


def test_it_reports_member_and_line_without_the_text_in_the_kind():
    gate = Gate(header_terms(HEADER, 7))
    (finding,) = gate.scan({"conll/x.conll": b"ok O\nBatiste O\n"})
    assert (finding.member, finding.line, finding.kind, finding.label, finding.document) == (
        "conll/x.conll", 2, "header", "PERSON", 7)
    (named,) = gate.scan({"text/alyssa_x.txt": b"nothing"})
    assert (named.line, named.label) == (0, "PERSON")


def test_it_lists_residual_capitalised_sequences_and_numbers():
    found = residual_risk("INMATE [PERSON_1]: I went to Stockton Boulevard in 1998.\nThe [PERSON_1] said 42.\n")
    assert found["Stockton Boulevard"] == 1 and found["1998"] == 1 and found["42"] == 1
    assert "The" not in found and not any("PERSON" in k for k in found)


# ---------------------------------------------------------------- the export (Django)


def identifying(corpus, name="Alyssa_BATISTE-K91985-hearing_004.txt", **header):
    document = make_document(corpus, "Alyssa BATISTE K91985")
    Document.objects.filter(pk=document.pk).update(original_name=name, header={**HEADER, **header})
    document.refresh_from_db()
    return document


@pytest.mark.django_db
def test_it_exports_identifying_uploads_under_neutral_names_only(corpus, admin):
    identifying(corpus)
    export = run(corpus, admin)
    assert export.status == Export.Status.DONE, export.leaks
    data = members(export.archive_file)
    assert set(data) >= {"text/hearing_0001.txt", "conll/hearing_0001.conll"}
    header_values = ["alyssa", "batiste", "K91985", "91985", "mary roe", "pat quill", "october 24, 2024"]
    for name, content in data.items():  # unzip a real export and grep every member
        blob = (name + "\n" + content.decode()).casefold()
        assert not [v for v in header_values if v.casefold() in blob], name
    keys = members(export.keys_file)
    assert b"Alyssa_BATISTE-K91985-hearing_004.txt" in keys["keys/documents.json"]
    again = run(corpus, admin)  # stable across exports
    assert "text/hearing_0001.txt" in members(again.archive_file)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "plant",
    ["INMATE RICHARDSON: My number is K 9 1 9 8 5.", "INMATE RICHARDSON: Ask Mr. Quill.",
     "INMATE RICHARDSON: It is B-A-T-I-S-T-E."],
)
def test_it_blocks_header_values_left_in_the_body(corpus, admin, plant):
    from tests.test_export import TEXT

    document = make_document(corpus, "h", text=TEXT + plant + "\n")
    Document.objects.filter(pk=document.pk).update(header=HEADER)
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED
    assert any(hit["member"] == "text/hearing_0001.txt" and hit["kind"] == "header" for hit in export.leaks)


@pytest.mark.django_db
def test_it_blocks_a_name_left_in_a_manifest_field(corpus, admin):
    identifying(corpus)
    corpus.name = "Batiste hearings"
    corpus.save()
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED
    assert {hit["member"] for hit in export.leaks} == {"manifest.json"}


@pytest.mark.django_db
def test_it_reopens_a_blocked_document_with_a_recorded_reason(corpus, admin, django_user_model):
    reviewer = django_user_model.objects.create_user("ann", password="a-long-test-password")
    document = identifying(corpus)
    Document.objects.filter(pk=document.pk).update(submitted_by=reviewer)
    with pytest.raises(services.ActionError):
        services.reopen(document.pk, admin, "short")
    outcome = services.reopen(document.pk, admin, "surname left on line 3", export_id=None, line=3)
    document.refresh_from_db()
    assert (document.status, document.assignee, document.approved_by) == (Document.Status.IN_REVIEW, reviewer, None)
    assert outcome.decision.action == Action.REOPEN and outcome.decision.after["line"] == 3
    with pytest.raises(services.ActionError):
        services.reopen(document.pk, admin, "surname left on line 3")  # no longer approved
    assert not exporting.approved_documents(corpus).exists()


@pytest.mark.parametrize(
    ("upload", "text", "blocked"),
    [
        ("Young-AK2960-2024-10-24.pdf", "Mr. Young said", True),
        ("young-ak2960.pdf", "Mr. Young said", False),  # a lower-case token is no name signal
        ("demo_hearing_1.txt", "Demo parole hearings", False),
        ("Alyssa_BATISTE-K91985-hearing_004.txt", "Batiste", True),
    ],
)
def test_it_takes_name_tokens_of_upload_names_when_written_as_names(upload, text, blocked):
    gate = Gate(file_name_terms(upload, 1))
    assert bool(gate.scan_text("manifest.json", text)) is blocked


def test_it_reads_conll_as_sentences_so_whitelisted_terms_stay_whole():
    gate = Gate([*header_terms({"inmate_name": "Mary Roe"}, 1), *surface_terms([("LOCATION", "California")], 1)])
    conll = b"California O\nDepartment O\nof O\nCorrections O\n\nMary O\nRoe O\n"
    found = gate.scan({"conll/hearing_0001.conll": conll})
    assert [(f.line, f.kind) for f in found] == [(6, "header")]


def test_it_leaves_ordinary_words_out_of_the_residual_list():
    found = residual_risk("A: Tell me. I'm sure. My cousin Fale- and Wood, 95085.\nB: tell them.\n")
    assert set(found) == {"Fale", "Wood", "95085"}


@pytest.mark.django_db
def test_it_blocks_an_identifying_member_name(corpus, admin, monkeypatch):
    document = identifying(corpus)
    monkeypatch.setattr(exporting, "assign_neutral_ids", lambda corpus, documents: {
        document.pk: "alyssa_batiste-k91985-hearing_004"})  # the old naming after the upload
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED
    named = {(hit["member"], hit["label"]) for hit in export.leaks if hit["line"] == 0}
    assert ("text/alyssa_batiste-k91985-hearing_004.txt", "PERSON") in named
    assert ("conll/alyssa_batiste-k91985-hearing_004.conll", "CDCR_ID") in named


@pytest.mark.parametrize(("name", "language", "forms"), [
    ("Dom_Retten_Holmgaard_2019.pdf", "da", ["Holmgaard"]),
    ("Dom_Retten_Holmgaard_2019.pdf", "en", ["Dom", "Retten", "Holmgaard"]),
    ("Young-AK2960-2024-10-24.pdf", "da", ["Young"]),
    ("Transcript_Okafor.txt", "en", ["Okafor"]),
])
def test_it_reads_a_file_names_words_in_the_documents_language(name, language, forms):
    from anonymizer.leakgate import file_name_terms

    assert [t.form for t in file_name_terms(name, 1, language) if t.label == "PERSON"] == forms

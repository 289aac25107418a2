"""Corpus export: archive members, manifest checksums, key archive, leak gate, override, command, logs."""
from __future__ import annotations

import io
import json
import logging
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import exporting, gate_count, jobs, pipelines, services
from review.models import Corpus, Decision, Document, Export, ReviewStatus

pytestmark = pytest.mark.django_db

TEXT = (
    "PRESIDING COMMISSIONER RUFF: Good morning, Mr. Kevin Richardson.\n"
    "INMATE RICHARDSON: Good morning. I grew up in Fresno.\n"
    "PRESIDING COMMISSIONER RUFF: Please spell your last name.\n"
    "INMATE RICHARDSON: R-I-C-H-A-R-D-S-O-N. My number is AB1234.\n"
)
# (surface, label, entity name, nth occurrence)
SPECS = [
    ("RUFF", "PERSON", "Ruff", 0), ("Kevin Richardson", "PERSON", "Kevin Richardson", 0),
    ("RICHARDSON", "PERSON", "Kevin Richardson", 0), ("Fresno", "LOCATION", "Fresno", 0),
    ("RUFF", "PERSON", "Ruff", 1), ("RICHARDSON", "PERSON", "Kevin Richardson", 1),
    ("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", "R-I-C-H-A-R-D-S-O-N", 0), ("AB1234", "CDCR_ID", "AB1234", 0),
]
SECRETS = ("Richardson", "RICHARDSON", "Ruff", "RUFF", "Fresno", "AB1234")


def offset(text: str, needle: str, nth: int) -> int:
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    return start


def approver():
    """The person who approved the documents of these tests (an export refuses one approved by no one)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get_or_create(username="approver")[0]


def make_document(corpus: Corpus, title: str, approved: bool = True, text: str = TEXT) -> Document:
    document = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=text.encode())
    names = list(dict.fromkeys((label, name) for _, label, name, _ in SPECS))
    entities = [Entity(i, label, "CITY" if label == "LOCATION" else label, name) for i, (label, name) in enumerate(names)]
    mentions = sorted(
        (Mention(offset(text, s, n), offset(text, s, n) + len(s), label, ("rule",), entity=names.index((label, name)))
         for s, label, name, n in SPECS),
        key=lambda m: m.start,
    )
    services.apply_analysis(document, Analysis(Transcript(title, text), tuple(mentions), tuple(entities)))
    if approved:
        document.mentions.update(status=ReviewStatus.ACCEPTED)
        Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=approver())
    document.refresh_from_db()
    return document


@pytest.fixture(autouse=True)
def export_root(settings, tmp_path, pipeline, monkeypatch):
    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)  # the session's loaded models
    return settings.EXPORT_ROOT


@pytest.fixture
def admin(django_user_model):
    return django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)


@pytest.fixture
def corpus() -> Corpus:
    return Corpus.objects.create(name="Hearings")


def run(corpus: Corpus, user=None) -> Export:
    export = exporting.start_export(corpus, user)
    exporting.run_export(export.pk)
    export.refresh_from_db()
    return export


def members(path: str) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def reject(document: Document, needle: str, nth: int) -> None:
    document.mentions.filter(start=offset(document.text, needle, nth)).update(status=ReviewStatus.REJECTED)


# ---------------------------------------------------------------- the archives


def test_it_writes_exactly_the_documented_members(corpus, admin, export_root):
    make_document(corpus, "Hearing One")
    make_document(corpus, "hearing-two")
    export = run(corpus, admin)
    assert export.status == Export.Status.DONE
    assert set(members(export.archive_file)) == {
        *exporting.FIXED_MEMBERS,
        "text/hearing_0001.txt", "text/hearing_0002.txt", "conll/hearing_0001.conll", "conll/hearing_0002.conll",
    }
    assert export.archive_file.parent.parent == export_root


def test_it_writes_pseudonymized_text_and_annotations_at_the_tags(corpus, admin):
    make_document(corpus, "h")
    data = members(run(corpus, admin).archive_file)
    text = data["text/hearing_0001.txt"].decode()
    assert not any(secret in text for secret in SECRETS)
    assert text.splitlines()[1] == "INMATE [PERSON_3]: Good morning. I grew up in [CITY_1]."
    (entry,) = json.loads(data["annotations.json"])
    assert entry["file"] == "hearing_0001.txt"
    assert len(entry["annotations"]) == len(SPECS)
    for a in entry["annotations"]:
        assert set(a) == {"start", "end", "label", "tag", "source"}
        assert text[a["start"]:a["end"]] == a["tag"]
    assert b"preview" not in data["annotations.json"]


def test_it_writes_a_manifest_whose_checksums_verify(corpus, admin, django_user_model):
    reviewer = django_user_model.objects.create_user("rev", password="a-long-test-password")
    document = make_document(corpus, "h")
    Document.objects.filter(pk=document.pk).update(approved_by=reviewer)
    export = run(corpus, admin)
    data = members(export.archive_file)
    manifest = json.loads(data["manifest.json"])
    assert set(manifest["checksums"]) == set(data) - {"manifest.json"}
    for name, digest in manifest["checksums"].items():
        import hashlib

        assert hashlib.sha256(data[name]).hexdigest() == digest
    (doc,) = manifest["documents"]
    assert (doc["id"], doc["version"], doc["approved_by"]) == ("hearing_0001", document.version, "rev")
    assert "title" not in doc
    assert "[PERSON_1]" in doc["tags"] and "[CDCR_ID_1]" in doc["tags"]
    assert set(manifest["software"]) == {"transcript-anonymizer", "django", "spacy", "spacy_model", "presidio-analyzer",
                                         "faster-whisper", "asr_backend", "asr_model", "av", "python"}
    assert manifest["software"]["spacy_model"]["version"]
    assert manifest["exported_by"] == "boss" and manifest == export.manifest


def test_it_writes_the_keys_only_into_the_separate_key_archive(corpus, admin):
    make_document(corpus, "h")
    export = run(corpus, admin)
    corpus_bytes = export.archive_file.read_bytes()
    keys = members(export.keys_file)
    assert set(keys) == {"keys/hearing_0001.key.json", "keys/documents.json", "keys/corpus.key.json"}
    assert export.keys_file.stat().st_mode & 0o077 == 0
    corpus_key = json.loads(keys["keys/corpus.key.json"])
    assert {"file": "hearing_0001.txt", "tag": "[CITY_1]", "label": "LOCATION", "category": "CITY",
            "surface_forms": ["Fresno"]} in corpus_key
    assert b"Richardson" in keys["keys/hearing_0001.key.json"]
    assert all(secret.encode() not in b"".join(members(export.archive_file).values()) for secret in SECRETS)
    assert b"key.json" not in corpus_bytes


def test_it_exports_only_approved_documents(corpus, admin):
    make_document(corpus, "approved")
    pending = make_document(corpus, "pending", approved=False)
    export = run(corpus, admin)
    assert list(export.documents.values_list("title", flat=True)) == ["approved"]
    assert not any("pending" in name for name in members(export.archive_file))
    pending.refresh_from_db()
    assert pending.exported_at is None


def test_it_refuses_a_corpus_without_approved_documents(corpus):
    make_document(corpus, "pending", approved=False)
    with pytest.raises(exporting.ExportError):
        exporting.start_export(corpus, None)


# ---------------------------------------------------------------- formats


def test_it_writes_conll_with_bio_labels_over_the_tags(corpus, admin):
    make_document(corpus, "h")
    conll = members(run(corpus, admin).archive_file)["conll/hearing_0001.conll"].decode()
    sentences = conll.split("\n\n")
    assert len(sentences) == 4  # one per utterance
    assert sentences[0].splitlines()[:4] == ["PRESIDING O", "COMMISSIONER O", "[PERSON_1] B-PERSON", ": O"]
    assert "[PERSON_2] B-PERSON\n[PERSON_3] I-PERSON\n. O" in sentences[0]
    assert all(len(line.split(" ")) == 2 for line in conll.splitlines() if line)


def test_it_writes_the_statistics_of_table_6(corpus, admin):
    make_document(corpus, "a")
    make_document(corpus, "b")
    data = members(run(corpus, admin).archive_file)
    stats = json.loads(data["stats.json"])
    words = 2 * len(__import__("re").findall(r"\w+", TEXT))
    assert (stats["files"], stats["tokens"]) == (2, words)
    assert stats["labels"]["PERSON"] == {"total": 10, "average_per_file": 5.0,
                                         "per_1000_tokens": round(10 * 1000 / words, 4)}
    rows = data["stats.csv"].decode().splitlines()
    assert rows[0] == "label,total,average_per_file,per_1000_tokens"
    assert f"PERSON,10,5.00,{10 * 1000 / words:.4f}" in rows
    assert rows[-1].startswith(f"TOTAL,{2 * len(SPECS)},")


# ---------------------------------------------------------------- leak gate


def test_it_blocks_a_planted_leak_with_document_line_and_text(corpus, admin):
    document = make_document(corpus, "h")
    reject(document, "RICHARDSON", 0)  # its surface is also an accepted entity's (line 4)
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED and not export.archive_path
    (leak,) = [hit for hit in export.leaks if hit["kind"] == "surface" and hit["member"] == "text/hearing_0001.txt"]
    assert (leak["document"], leak["title"], leak["line"]) == (document.pk, "h", 2)
    assert "INMATE RICHARDSON:" in leak["text"]
    assert not list(Path(exporting.settings.EXPORT_ROOT).rglob("*.zip"))


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("INMATE: It is D-O-E, like I said.", True),
        ("INMATE: It is D O E, like I said.", True),
        ("INMATE: Doe's car was there.", True),
        ("INMATE: doe was there.", True),
        ("INMATE: Doesn't matter, Dover.", False),
    ],
)
def test_it_finds_surface_forms_spelled_out_and_possessive(corpus, admin, line, found):
    text = TEXT + "INMATE: My friend Doe came.\n" + line + "\n"
    document = make_document(corpus, "h", text=text)
    doe = document.entities.create(label="PERSON", category="PERSON", name="Doe", order=99)
    start = text.index("Doe came")
    doe.mentions.create(document=document, start=start, end=start + 3, label="PERSON", status=ReviewStatus.ACCEPTED)
    export = run(corpus, admin)
    surface_hits = [hit for hit in export.leaks or [] if hit["kind"] == "surface"]
    assert bool(surface_hits) is found
    if found:
        assert surface_hits[0]["line"] == 6


def test_it_ignores_surface_forms_only_ever_rejected(corpus, admin):
    document = make_document(corpus, "h")
    reject(document, "Fresno", 0)  # the only mention of Fresno
    export = run(corpus, admin)
    assert export.status == Export.Status.DONE
    assert "Fresno" in members(export.archive_file)["text/hearing_0001.txt"].decode()


def test_it_writes_the_archive_after_an_override_and_records_who_and_why(corpus, admin):
    document = make_document(corpus, "h")
    reject(document, "RICHARDSON", 0)
    export = run(corpus, admin)
    with pytest.raises(exporting.ExportError):
        exporting.override(export.pk, admin, "short")
    exporting.override(export.pk, admin, "the surname is public in the court record")
    exporting.run_export(export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE and export.archive_file.is_file()
    assert (export.overridden_by, export.override_reason) == (admin, "the surname is public in the court record")
    decision = Decision.objects.get(document=document, action="export_override")
    assert decision.user == admin and "court record" in decision.summary
    counted = gate_count.count(export.leaks)
    assert export.manifest["leak_gate"] == {"hits": len(export.leaks), "places": counted["places"],
                                            "members": counted["members"], "overridden": True, "overridden_by": "boss"}


# ---------------------------------------------------------------- views


def test_it_lets_only_admins_see_exports_and_download_archives(client, corpus, admin, django_user_model):
    make_document(corpus, "h")
    export = run(corpus, admin)
    annotator = django_user_model.objects.create_user("ann", password="a-long-test-password")
    archive = reverse("review:export_download", args=[export.pk, "archive"])
    keys = reverse("review:export_download", args=[export.pk, "keys"])
    page = reverse("review:export", args=[corpus.pk])
    client.force_login(annotator)
    for url in (archive, keys, page, reverse("review:exports")):
        assert client.get(url).status_code == 403
    assert client.post(reverse("review:export_start", args=[corpus.pk])).status_code == 403
    client.force_login(admin)
    response = client.get(keys)
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
    assert b"".join(response.streaming_content) == export.keys_file.read_bytes()
    response = client.get(archive)
    assert b"".join(response.streaming_content) == export.archive_file.read_bytes()
    assert client.get(reverse("review:export_download", args=[export.pk, "other"])).status_code == 404


def test_it_starts_an_export_and_shows_the_leak_report_with_review_links(client, corpus, admin):
    document = make_document(corpus, "h")
    reject(document, "RICHARDSON", 0)
    client.force_login(admin)
    response = client.post(reverse("review:export_start", args=[corpus.pk]), follow=True)
    html = response.content.decode()
    export = Export.objects.get()
    assert export.status == Export.Status.BLOCKED
    assert f'href="{reverse("review:document", args=[document.pk])}#l2"' in html
    assert "INMATE RICHARDSON:" in html and 'name="reason"' in html
    # the way out is said above the report; the override form is below it
    assert f'href="#override-{export.pk}"' in html and f'id="override-{export.pk}"' in html
    response = client.post(reverse("review:export_override", args=[export.pk]),
                           {"reason": "checked by hand: public record"}, follow=True)
    assert reverse("review:export_download", args=[export.pk, "archive"]) in response.content.decode()
    row = client.get(reverse("review:export_row", args=[export.pk])).content.decode()
    assert "hx-trigger" not in row and "Done" in row
    assert "overridden by boss: checked by hand" in row  # "Done" alone hid that the gate was overridden


@pytest.mark.parametrize("overridden", [False, True], ids=["blocked", "done"])
def test_it_reloads_the_page_when_a_polled_export_has_finished(client, corpus, admin, overridden):
    """The leak report and the downloads are parts of the page: a poll that finds the export finished
    reloads it (the row's "see the leak report" pointed at a report the page did not have yet)."""
    document = make_document(corpus, "h")
    reject(document, "RICHARDSON", 0)
    client.force_login(admin)
    client.post(reverse("review:export_start", args=[corpus.pk]))
    export = Export.objects.get()
    if overridden:
        client.post(reverse("review:export_override", args=[export.pk]), {"reason": "checked by hand: public record"})
    poll = client.get(reverse("review:export_row", args=[export.pk]), HTTP_HX_REQUEST="true")
    assert poll["HX-Refresh"] == "true"


def test_it_polls_the_row_of_a_running_export(client, corpus, admin):
    make_document(corpus, "h")
    export = exporting.start_export(corpus, admin)
    client.force_login(admin)
    row = client.get(reverse("review:export_row", args=[export.pk])).content.decode()
    assert 'hx-trigger="every 1s"' in row and "<progress" in row


# ---------------------------------------------------------------- command and logs


def test_it_exports_from_the_command_line(corpus, tmp_path):
    document = make_document(corpus, "h")
    out = tmp_path / "out"
    stdout = io.StringIO()
    call_command("export_corpus", "Hearings", "--out", str(out), stdout=stdout)
    export = Export.objects.get()
    assert sorted(p.name for p in out.iterdir()) == [f"export-{export.pk}-keys.zip", f"export-{export.pk}.zip"]
    assert (out / f"export-{export.pk}-keys.zip").stat().st_mode & 0o077 == 0
    assert "Richardson" not in stdout.getvalue()
    reject(document, "RICHARDSON", 0)
    stderr = io.StringIO()
    with pytest.raises(CommandError, match="blocked"):
        call_command("export_corpus", "Hearings", "--out", str(tmp_path / "blocked"), stderr=stderr)
    assert "line 2" in stderr.getvalue() and "RICHARDSON" not in stderr.getvalue()
    call_command("export_corpus", "Hearings", "--out", str(tmp_path / "forced"),
                 "--override-reason", "reviewed: public record", stdout=io.StringIO())
    assert Export.objects.filter(status=Export.Status.DONE, override_reason="reviewed: public record").exists()


def test_it_exits_non_zero_when_blocked(corpus, tmp_path):
    document = make_document(corpus, "h")
    reject(document, "RICHARDSON", 0)
    from django.core.management import ManagementUtility

    utility = ManagementUtility(["manage.py", "export_corpus", "Hearings", "--out", str(tmp_path)])
    with pytest.raises(SystemExit) as exit_info:
        utility.execute()
    assert exit_info.value.code == 1


def test_it_never_logs_document_text_or_keys(corpus, admin, caplog):
    document = make_document(corpus, "h")
    reject(document, "RICHARDSON", 0)
    with caplog.at_level(logging.DEBUG):
        export = run(corpus, admin)
        exporting.override(export.pk, admin, "checked: nothing secret here")
        exporting.run_export(export.pk)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "export" in logged
    assert not any(secret in logged for secret in SECRETS)
    assert "Good morning" not in logged and "[PERSON_" not in logged


def test_it_blocks_a_name_the_detectors_find_in_the_output(corpus, admin):
    make_document(corpus, "h", text=TEXT + "INMATE: My cellmate Jonathan Whitfield helped me.\n")
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED
    hits = [hit for hit in export.leaks if hit["kind"] == "detector"]
    assert hits and all(hit["line"] == 5 for hit in hits)
    assert {hit["label"] for hit in hits} <= {"PERSON"} and "Whitfield" in hits[0]["text"]


def test_it_keeps_exported_tags_when_the_registry_changes_later(admin):
    corpus = Corpus.objects.create(name="Consistent", consistent_pseudonyms=True, tag_style="referent")
    first = make_document(corpus, "first")
    exported = members(run(corpus, admin).archive_file)["text/hearing_0001.txt"].decode()
    second = make_document(corpus, "second", approved=False)
    assert "[PERSON_1]" in exported  # Ruff: the same number in the second document
    ruff = second.entities.get(name="Ruff")
    services.rename_tag(second.pk, second.version, admin, ruff.pk, "presiding")
    Document.objects.filter(pk=second.pk).update(status=Document.Status.APPROVED, approved_by=admin)
    export = run(corpus, admin)
    data = members(export.archive_file)
    assert data["text/hearing_0001.txt"].decode() == exported  # exported before the rename: unchanged
    assert data["text/hearing_0002.txt"].decode().startswith("PRESIDING COMMISSIONER [PRESIDING]:")
    tags = {d["id"]: d["tags"] for d in export.manifest["documents"]}
    assert "[PERSON_1]" in tags["hearing_0001"] and "[PRESIDING]" in tags["hearing_0002"]
    assert json.loads(members(export.keys_file)["keys/corpus.key.json"])[0].keys() == {
        "tag", "label", "category", "surface_forms"}
    first.refresh_from_db()
    assert first.exported_at == export.finished_at

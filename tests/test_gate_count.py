"""The leak gate's count agrees everywhere (round 31, gatecount): a recording with a rejected name left in its
text, CoNLL, subtitles and audio is reported on the export page, in the manifest, in the log and by
``manage.py export_corpus`` with the same findings and places (review.gate_count)."""
from __future__ import annotations

import json
import logging
import shutil
import zipfile

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from review import exporting, gate_count, jobs, services
from review.models import Document, Export, ReviewStatus
from tests.test_export import make_document, reject
from tests.test_speech_app import admin_client, corpus, roots, said_in_pieces  # noqa: F401  (its fixtures)

# invented names; "Delaney" is said twice: accepted on line 3, rejected on line 2 (left in everything)
LINES = [("SPEAKER_00", "Good morning, my name is Kevin Richardson and I am here today."),
         ("SPEAKER_01", "Thank you. Mister Delaney will read the statement now."),
         ("SPEAKER_00", "Go ahead, Mister Delaney.")]


def test_it_counts_findings_and_places_of_each_member():
    leaks = [{"document": 1, "member": "text/hearing_0001.txt", "line": 2, "start": 40, "end": 47, "kind": "detector",
              "label": "PERSON", "text": "a"},
             {"document": 1, "member": "text/hearing_0001.txt", "line": 2, "kind": "surface", "label": "PERSON", "text": "a"},
             {"document": 1, "member": "subtitles/hearing_0001.vtt", "line": 7, "kind": "surface", "label": "PERSON", "text": "a"},
             {"document": 1, "member": "audio/hearing_0001.wav", "line": 2, "kind": "audible", "label": "PERSON", "text": "a"},
             {"document": 2, "member": "text/hearing_0002.txt", "line": 0, "kind": "surface", "label": "PERSON", "text": "b"}]
    counted = gate_count.count(leaks + leaks[:1])
    assert counted == {"findings": 6, "places": 4, "documents": 2,
                       "members": {"text": 3, "subtitles": 1, "audio": 1, "file names": 1}}
    assert gate_count.distinct(leaks + leaks[:1]) == leaks  # two detectors on one span: one finding
    assert len(gate_count.distinct(leaks + leaks[1:2])) == 6  # a term twice on one line reads alike: both kept
    assert gate_count.describe(gate_count.count(leaks[3:4])) == "1 finding at 1 place in 1 document (audio 1)"
    assert gate_count.describe(gate_count.count(None)) == "no findings"


@pytest.fixture(scope="module")
def hearing() -> tuple[bytes, bytes]:
    if not shutil.which("espeak-ng"):
        pytest.skip("espeak-ng not installed (make test-deps)")
    return said_in_pieces(LINES, r"Kevin Richardson|Delaney")


@pytest.mark.django_db
def test_the_page_the_manifest_the_log_and_the_command_count_one_way(admin_client, corpus, hearing, caplog,
                                                                     django_user_model):
    created, errors = services.create_documents(corpus, [("hearing one.wav", hearing[0]), ("hearing one.vtt", hearing[1])])
    assert errors == []
    document = created[0]
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    delaney = [m for m in document.mentions.all() if document.text[m.start:m.end] == "Delaney"]
    assert len(delaney) == 2, [(document.text[m.start:m.end], m.label) for m in document.mentions.all()]
    document.mentions.update(status=ReviewStatus.ACCEPTED)
    first = min(delaney, key=lambda m: m.start)
    document.mentions.filter(pk=first.pk).update(status=ReviewStatus.REJECTED)  # line 2's is left in everything
    admin = django_user_model.objects.get(username="boss")
    Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=admin)

    caplog.set_level(logging.INFO, logger="review")
    export = exporting.start_export(corpus, admin)
    assert exporting.run_export(export.pk) == Export.Status.BLOCKED
    export.refresh_from_db()
    leaks = export.leaks
    said = gate_count.describe(gate_count.count(leaks))
    counted = gate_count.count(leaks)
    assert {gate_count.kind_of(leak) for leak in leaks} >= {"text", "subtitles", "audio"}
    assert counted["places"] < counted["findings"]  # a place can hold several findings: both numbers are said
    keys = [json.dumps(leak, sort_keys=True) for leak in leaks]
    assert len(keys) == len(set(keys))  # two detectors on one span are one finding, not one row twice

    page = admin_client.get(reverse("review:export", args=[corpus.pk])).content.decode()
    assert f"Leak report of export {export.pk}: {said}" in page and f"{said}: see the leak report" in page
    assert f"{len(leaks)} hit" not in page  # no other number of the same report
    assert f"export {export.pk} blocked by the leak gate: {said}" in caplog.text

    with pytest.raises(CommandError) as refused:
        call_command("export_corpus", corpus.name, "--out", str(export.pk))
    cli = Export.objects.exclude(pk=export.pk).get()
    assert cli.leaks == leaks and f"blocked by the leak gate: {said};" in str(refused.value)

    exporting.override(export.pk, admin, "the reviewer's rejection of this surname stands")
    assert exporting.run_export(export.pk) == Export.Status.DONE
    export.refresh_from_db()
    assert export.leaks == leaks
    with zipfile.ZipFile(export.archive_file) as archive:
        gate = json.loads(archive.read("manifest.json"))["leak_gate"]
    assert (gate["hits"], gate["places"], gate["members"]) == (counted["findings"], counted["places"], counted["members"])
    assert f"leak gate: {said} (overridden)" in caplog.text
    assert said in export.documents.get().decisions.get(action="export_override").summary


@pytest.mark.django_db
def test_an_override_covers_the_findings_read_not_those_a_changed_document_brings(admin_client, corpus,
                                                                                  django_user_model):
    document = make_document(corpus, "h")
    reject(document, "RICHARDSON", 0)
    admin = django_user_model.objects.get(username="boss")
    export = exporting.start_export(corpus, admin)
    assert exporting.run_export(export.pk) == Export.Status.BLOCKED
    export.refresh_from_db()
    read = gate_count.describe(gate_count.count(export.leaks))
    reject(document, "RICHARDSON", 1)  # changed after the report was read (a reopen and a second approval)
    exporting.override(export.pk, admin, "the surname is public in the court record")
    assert exporting.run_export(export.pk) == Export.Status.BLOCKED
    export.refresh_from_db()
    now = gate_count.describe(gate_count.count(export.leaks))
    assert now != read and not export.override_reason and export.overridden_by is None
    assert not export.archive_path
    page = admin_client.get(reverse("review:export", args=[corpus.pk])).content.decode()
    assert f"Leak report of export {export.pk}: {now}" in page and f"override was given for {read}" in page
    assert 'class="override"' in page  # it can be overridden again, for what it found now
    exporting.override(export.pk, admin, "the surname is public in the court record")
    assert exporting.run_export(export.pk) == Export.Status.DONE
    export.refresh_from_db()
    assert export.manifest["leak_gate"]["hits"] == len(export.leaks) and gate_count.describe(
        gate_count.count(export.leaks)) == now

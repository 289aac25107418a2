"""Every refusal of a file, in the browser and on the command line, is one plain line naming the file and
the reason: never an exception's class name ("damaged or unreadable audio (InvalidDataError)"), never a
500 for one hostile file of an upload (a sidecar JSON nested 100,000 deep), and a file whose content is
another type than its name says is refused as that type ("a PDF file: give it the .pdf suffix"), not read
as the other. Found by probing a production-like instance (docs/measurements.md, round 32: robust32)."""
from __future__ import annotations

import ast
import io
import json
import re
import struct
from pathlib import Path

import numpy as np
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from anonymizer.errors import file_kind, misnamed, plain
from review.models import Corpus, Document
from tests.hostile_pdf import fan_out_pdf

ROOT = Path(__file__).resolve().parent.parent
#: an exception's class name as a reader would see it in a message
CLASS_NAME = re.compile(r"\b[A-Z][A-Za-z0-9]*(?:Error|Exception|Warning|Exit)\b")
TEXT = "SPEAKER_00: We are on the record for the hearing of Mister Quentin Abelard.\nSPEAKER_01: Thank you.\n" * 6


def _wav_header(rate: int, channels: int, data_bytes: int) -> bytes:
    block = channels * 2
    return (b"RIFF" + struct.pack("<I", 36 + data_bytes) + b"WAVE" + b"fmt "
            + struct.pack("<IHHIIHH", 16, 1, channels, rate, rate * block, block, 16)
            + b"data" + struct.pack("<I", data_bytes))


def _tone(seconds: float = 2.0, rate: int = 16000) -> bytes:
    samples = (np.sin(np.arange(int(seconds * rate)) * 2 * np.pi * 440 / rate) * 12000).astype("<i2").tobytes()
    return _wav_header(rate, 1, len(samples)) + samples


PDF = fan_out_pdf(1, 1)

#: (file name, bytes, words the reason must hold): the hostile files of the probe, each its own kind
HOSTILE = [
    ("cut.pdf", PDF[: len(PDF) // 2], "damaged or unreadable PDF"),
    ("wide.wav", _wav_header(16000, 2000, 32000) + b"\x01" * 32000, "its header states a format that cannot be used"),
    ("cut-header.wav", _tone()[:30], "its data cannot be decoded"),
    ("hours-of-nothing.wav", _wav_header(16000, 1, 16000 * 2 * 3600 * 5), "no audio in the file (0 samples"),
    ("cut.flac", b"fLaC" + b"\x00" * 60, "damaged or unreadable audio"),
    ("paper.wav", PDF, "not a recording: it is a PDF file: give it the .pdf suffix"),
    ("paper.txt", PDF, "not a text file: it is a PDF file: give it the .pdf suffix"),
    ("sound.txt", _tone(), "not a text file: it is a WAV recording: give it the .wav suffix"),
    ("letter.pdf", TEXT.encode(), "not a PDF file (no %PDF header; it is plain text: give it the .txt suffix)"),
    ("archive.txt", b"PK\x03\x04" + b"\x00" * 200, "not a text file: it is a ZIP archive"),
]


def _one_plain_line(line: str, name: str, words: str) -> None:
    assert "\n" not in line and line.startswith(f"{name}: "), line
    assert words in line, line
    assert not CLASS_NAME.search(line), line


# --- the browser's upload -----------------------------------------------------------------------------

@pytest.fixture
def admin_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("probe", password="a-long-test-password"))
    return client


def _upload(admin_client, corpus, files):
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = admin_client.post(reverse("review:upload"), {
        "corpus": corpus.pk, "files": [SimpleUploadedFile(name, data) for name, data in files]}, follow=True)
    return response, [str(m) for m in response.context["messages"]] if response.context else []


def _said(name: str, messages: list[str]) -> str:
    """The line the upload or the document's failure says about ``name``."""
    lines = [m for m in messages if m.startswith(f"{name}: ")]
    lines += [f"{d.original_name}: {d.failure_reason}" for d in Document.objects.filter(original_name=name)
              if d.status == Document.Status.FAILED]
    assert len(lines) == 1, (name, messages, lines)
    return lines[0]


@pytest.mark.django_db
@pytest.mark.parametrize("name, data, words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_it_refuses_each_hostile_upload_in_one_plain_line(admin_client, name, data, words):
    corpus = Corpus.objects.create(name="probe")
    response, messages = _upload(admin_client, corpus, [(name, data)])
    assert response.status_code == 200
    _one_plain_line(_said(name, messages), name, words)


@pytest.mark.django_db
def test_it_refuses_a_sidecar_nested_too_deeply_and_imports_the_rest_of_the_upload(admin_client):
    """``[[[[...`` 100,000 deep beside a recording was a RecursionError: a 500, and the files after it lost."""
    corpus = Corpus.objects.create(name="probe")
    deep = b"[" * 100_000 + b"]" * 100_000
    response, messages = _upload(admin_client, corpus, [
        ("deep.wav", _tone()), ("deep.json", deep), ("after.txt", TEXT.encode())])
    assert response.status_code == 200
    _one_plain_line(_said("deep.json", messages), "deep.json", "nested too deeply")
    assert list(Document.objects.values_list("original_name", flat=True)) == ["after.txt"]


@pytest.mark.django_db
def test_it_refuses_one_file_that_breaks_the_import_and_keeps_the_others(admin_client, monkeypatch):
    """Any fault the import did not foresee costs its own file one line, never the upload a 500."""
    from review.services import importing

    corpus = Corpus.objects.create(name="probe")
    store = importing._import_one

    def breaks(corpus, name, *args):
        if name == "breaks.txt":
            raise KeyError("Quentin Abelard")  # a message that quotes the document
        return store(corpus, name, *args)

    monkeypatch.setattr(importing, "_import_one", breaks)
    response, messages = _upload(admin_client, corpus, [("breaks.txt", b"one"), ("kept.txt", TEXT.encode())])
    assert response.status_code == 200
    line = _said("breaks.txt", messages)
    _one_plain_line(line, "breaks.txt", "could not be imported")
    assert "Abelard" not in line
    assert list(Document.objects.values_list("original_name", flat=True)) == ["kept.txt"]


# --- the command line ------------------------------------------------------------------------------------

def test_it_refuses_each_hostile_file_of_the_command_line_in_one_plain_line(tmp_path, capsys):
    folder = tmp_path / "in"
    folder.mkdir()
    for name, data, _ in HOSTILE:
        (folder / name).write_bytes(data)
    (folder / "deep.wav").write_bytes(_tone())
    (folder / "deep.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(CommandError):
        call_command("anonymize", str(folder), "--out", str(tmp_path / "out"), "--input-names")
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith(str(folder))]
    said = {Path(line.partition(": ")[0]).name: line.removeprefix(f"{folder}/") for line in lines}
    expected = {name: words for name, _, words in HOSTILE} | {"deep.wav": "nested too deeply"}
    assert set(said) == set(expected), lines
    for name, words in expected.items():
        _one_plain_line(said[name], name, words)


# --- the words themselves ------------------------------------------------------------------------------

@pytest.mark.parametrize("exc, words", [
    (OSError(28, "No space left on device"), "no space left on device"),
    (PermissionError(13, "Permission denied", "/srv/Quentin Abelard.pdf"), "permission denied"),
    (RecursionError("maximum recursion depth exceeded"), "nested too deeply"),
    (MemoryError(), "more memory"),
    (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "cannot be decoded"),
    (json.JSONDecodeError("Expecting value", '{"name": Quentin Abelard}', 9), "not valid JSON"),
    (KeyError("Quentin Abelard"), "unexpected error in the program"),
    (ValueError("Quentin Abelard"), "unexpected error in the program"),
])
def test_it_says_a_failure_in_words_without_its_class_or_message(exc, words):
    said = plain(exc)
    assert words in said and not CLASS_NAME.search(said) and "Abelard" not in said


@pytest.mark.parametrize("data, suffix, words", [
    (PDF, ".txt", "it is a PDF file: give it the .pdf suffix"),
    (PDF, ".pdf", ""),
    (_tone(), ".wav", ""),
    (_tone(), ".pdf", "it is a WAV recording: give it the .wav suffix"),
    (b"PK\x03\x04rest", ".txt", "it is a ZIP archive"),
    (b"RIFFS and tides: a text that begins so", ".txt", ""),
    (b"ID3 cards were checked at the gate", ".txt", ""),
    (TEXT.encode(), ".txt", ""),
])
def test_it_names_a_file_whose_content_is_another_type_than_its_name(data, suffix, words):
    said = misnamed(data, suffix)
    assert said.startswith(words) if words else said == ""


@pytest.mark.parametrize("data, kind", [
    (PDF, ("a PDF file", ".pdf")), (_tone(), ("a WAV recording", ".wav")), (b"fLaC\x00", ("a FLAC recording", ".flac")),
    (b"RIFF1234AVI LIST", ("", "")), (TEXT.encode(), ("", "")), (b"", ("", "")),
])
def test_it_knows_the_kinds_of_file_people_upload_under_another_name(data, kind):
    assert file_kind(data) == kind


# --- no class name in any message, by construction --------------------------------------------------------

#: modules that may show a class name outside a log call, each with its reason (keep it short)
OPERATOR_ONLY = {
    "config/health.py": "/healthz/ and /readyz/ answer monitoring, which wants the exception's type",
}
_LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}


def _class_names_outside_logs(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr == "__name__"):
            continue
        of = node.value
        is_class = ((isinstance(of, ast.Call) and isinstance(of.func, ast.Name) and of.func.id == "type")
                    or (isinstance(of, ast.Attribute) and of.attr == "__class__"))
        if not is_class:
            continue
        up, in_log = node, False
        while up in parents and not in_log:
            up = parents[up]
            in_log = (isinstance(up, ast.Call) and isinstance(up.func, ast.Attribute) and up.func.attr in _LOG_METHODS)
            in_log = in_log or (isinstance(up, ast.Assign) and any(  # a log record's own message
                isinstance(t, ast.Attribute) and t.attr == "msg" and isinstance(t.value, ast.Name) and t.value.id == "record"
                for t in up.targets))
        if not in_log:
            found.append(node.lineno)
    return found


def test_it_puts_an_exception_class_name_only_into_logs():
    """``f"... ({type(exc).__name__})"`` in a refusal, a failure reason or a command's error is what a
    person read as "InvalidDataError"; the log may name the type, the message says it in words (``plain``)."""
    offenders = {
        str(path.relative_to(ROOT)): lines
        for folder in ("anonymizer", "review", "config")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if str(path.relative_to(ROOT)) not in OPERATOR_ONLY and (lines := _class_names_outside_logs(path))
    }
    assert offenders == {}


@pytest.mark.django_db
def test_it_lets_the_file_chooser_pick_every_type_the_import_reads(admin_client):
    """``accept=".pdf,.txt"`` hid recordings and their time-aligned transcripts in the browser's chooser."""
    from anonymizer import ingest
    from review import audio

    page = admin_client.get(reverse("review:upload")).content.decode()
    accept = set(re.search(r'accept="([^"]*)"', page).group(1).split(","))
    sounds, aligned = audio.suffixes()
    assert accept == {*ingest.SUFFIXES, *sounds, *aligned}

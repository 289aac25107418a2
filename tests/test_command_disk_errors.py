"""The project's commands fail in one line when a file cannot be written or read (a full disk, an output
path through a file): ``anonymize --out`` and ``export_corpus --out`` on a full disk printed a traceback
ending ``OSError: [Errno 28] No space left on device`` (probed on a 48 kB tmpfs, round 32: robust32);
``export_corpus`` left half an archive in DIR."""
from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command, get_commands, load_command_class
from django.core.management.base import CommandError

from review.management.plain import PlainCommand

from .test_export import admin, corpus, export_root, make_document  # noqa: F401  (fixtures)

TEXT = "SPEAKER_00: We are on the record for the hearing of Mister Quentin Abelard.\nSPEAKER_01: Thank you.\n"
CLASS_NAME = r"\b[A-Z][A-Za-z]*(Error|Exception)\b"


def _one_plain_line(error: CommandError, *words: str) -> None:
    import re

    said = str(error)
    assert "\n" not in said and all(w in said for w in words), said
    assert not re.search(CLASS_NAME, said), said


def test_it_says_in_one_line_that_anonymize_cannot_write_its_output(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "Abelard-hearing.txt").write_text(TEXT * 5)
    (tmp_path / "a-file").write_text("")
    with pytest.raises(CommandError) as caught:
        call_command("anonymize", str(tmp_path / "in"), "--out", str(tmp_path / "a-file" / "out"))
    _one_plain_line(caught.value, "could not be written or read", "not a directory")
    assert "Abelard" not in str(caught.value)


@pytest.mark.django_db
def test_it_says_in_one_line_that_a_full_disk_stopped_the_copy_of_an_export_and_leaves_no_half(
        corpus, export_root, tmp_path, monkeypatch):  # noqa: F811
    make_document(corpus, "h1")
    copy = shutil.copyfile

    def full(source, target, *args, **kwargs):
        if Path(target).parent == tmp_path / "out":
            Path(target).write_bytes(b"PK\x03\x04 half")
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        return copy(source, target, *args, **kwargs)

    monkeypatch.setattr(shutil, "copyfile", full)
    with pytest.raises(CommandError) as caught:
        call_command("export_corpus", corpus.name, "--out", str(tmp_path / "out"), "--override-reason", "test")
    _one_plain_line(caught.value, "copying it into", "no space left on device")
    assert list((tmp_path / "out").iterdir()) == []


def test_it_makes_every_command_of_the_project_fail_in_one_line():
    """``createsuperuser`` is Django's own, extended (its errors are Django's)."""
    ours = {name for name, app in get_commands().items() if app == "review"}
    plain = {name for name in ours if isinstance(load_command_class("review", name), PlainCommand)}
    assert ours - plain == {"createsuperuser"}

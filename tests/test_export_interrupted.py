"""An export that cannot go on says why in words (not "internal error (ExportError)"), and a killed
export's partial archives (``.part``, the encrypted keys' ``.tmp-PID``) do not stay on disk."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from review import exporting, services
from review.models import Document, Export

from .test_export import admin, corpus, export_root, make_document  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


def _partials(folder: Path, pk: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"export-{pk}.zip.part", folder / f"export-{pk}-keys.zip.part",
             folder / f".export-{pk}-keys.zip.enc.tmp-4242"]
    for path in paths:
        path.write_bytes(b"PK\x03\x04 half an archive: Quentin Zebulonsky")
    return paths


def test_it_names_the_reason_when_no_document_of_the_export_is_approved_any_more(corpus, admin, client, caplog):  # noqa: F811
    document = make_document(corpus, "h1")
    export = exporting.start_export(corpus, admin)
    Document.objects.filter(pk=document.pk).update(status=Document.Status.READY)  # reopened meanwhile
    assert exporting.run_export(export.pk) == Export.Status.FAILED
    export.refresh_from_db()
    assert export.failure_reason == exporting.NONE_APPROVED and "internal error" not in export.failure_reason
    client.force_login(admin)
    page = client.get(f"/corpora/{corpus.pk}/export/").content.decode()
    assert "None of this export&#x27;s documents is approved any more" in page
    assert document.title not in export.failure_reason and "h1" not in caplog.text


def test_it_removes_the_partial_archives_of_an_export_recovered_as_interrupted(corpus, admin, export_root):  # noqa: F811
    make_document(corpus, "h1")
    killed = exporting.start_export(corpus, admin)
    running = Export.objects.create(corpus=corpus, created_by=admin)  # a second one (no start beside a queued one)
    Export.objects.filter(pk__in=[killed.pk, running.pk]).update(status=Export.Status.RUNNING)
    Export.objects.filter(pk=running.pk).update(heartbeat_at=timezone.now() + timedelta(hours=1))  # alive
    folder = Path(export_root) / f"corpus-{corpus.pk}"
    left, writing = _partials(folder, killed.pk), _partials(folder, running.pk)
    done = folder / "export-99.zip"
    done.write_bytes(b"PK")
    assert services.recover_stale_jobs(stale_seconds=0).exports == [killed.pk]
    assert not any(path.exists() for path in left)
    assert all(path.exists() for path in writing) and done.exists()  # a running export's, a finished archive


def test_it_removes_the_partial_archives_of_an_earlier_run_when_it_runs_again(corpus, admin, export_root):  # noqa: F811
    make_document(corpus, "h1")
    export = exporting.start_export(corpus, admin)
    left = _partials(Path(export_root) / f"corpus-{corpus.pk}", export.pk)
    assert exporting.run_export(export.pk) == Export.Status.DONE
    assert not any(path.exists() for path in left)
    assert not [p for p in Path(export_root).rglob("*") if p.is_file() and not p.name.endswith(".zip")]


def test_it_says_why_writing_the_archives_failed_and_leaves_no_part(corpus, admin, export_root, monkeypatch):  # noqa: F811
    """A full disk was "internal error (OSError)"."""
    import errno

    make_document(corpus, "h1")
    export = exporting.start_export(corpus, admin)

    def full(handle, members, when):
        handle.write(b"PK\x03\x04 half")
        raise OSError(errno.ENOSPC, "No space left on device", str(export_root / "secret-name"))

    monkeypatch.setattr(exporting, "_zip_into", full)
    assert exporting.run_export(export.pk) == Export.Status.FAILED
    export.refresh_from_db()
    assert "no space left on device" in export.failure_reason and "OSError" not in export.failure_reason and "secret-name" not in export.failure_reason
    assert not [p for p in Path(export_root).rglob("*") if p.is_file()]

"""A restore into another folder keeps every download (issue 44's probe: after ``restore`` into a
fresh database with another ``EXPORT_ROOT``, every corpus and key archive answered 404 "archive not
found": the database stored absolute paths). Paths are stored relative to ``EXPORT_ROOT``; old
absolute rows are read, and migrated, by their place under the export root."""
from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import reverse

from review.models import Export
from tests.test_export import admin, corpus, export_root, make_document, run  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db
MIGRATION = importlib.import_module("review.migrations.0019_probe44_relative_export_paths")


def _download(client, export: Export, kind: str):
    response = client.get(reverse("review:export_download", args=[export.pk, kind]))
    return response.status_code, b"".join(response.streaming_content) if response.status_code == 200 and hasattr(
        response, "streaming_content") else response.content


@pytest.fixture
def exported(corpus, admin, client):  # noqa: F811
    make_document(corpus, "h")
    export = run(corpus, admin)
    assert export.status == Export.Status.DONE
    client.force_login(admin)
    return export, {kind: _download(client, export, kind)[1] for kind in ("archive", "keys")}


def test_it_stores_archive_paths_relative_to_the_export_root(exported, export_root):  # noqa: F811
    export, _ = exported
    for stored in (export.archive_path, export.keys_path):
        assert not Path(stored).is_absolute() and str(export_root) not in stored
        assert stored.startswith(f"corpus-{export.corpus_id}/export-{export.pk}")
    assert export.archive_file == export_root / export.archive_path and export.archive_file.is_file()


@pytest.mark.parametrize("kind", ["archive", "keys"])
def test_it_serves_every_archive_after_a_restore_into_another_folder(exported, export_root, settings, tmp_path,  # noqa: F811
                                                                     client, kind):
    export, served = exported
    elsewhere = tmp_path / "restored" / "exports"
    shutil.copytree(export_root, elsewhere)
    shutil.rmtree(export_root)
    settings.EXPORT_ROOT = elsewhere
    export.refresh_from_db()
    assert _download(client, export, kind) == (200, served[kind])


# (where an old row's absolute path points, served after the migration and before it?)
OLD_ROWS = [("inside", True), ("other-root", True), ("no-archive", False)]


@pytest.mark.parametrize(("where", "served"), OLD_ROWS, ids=[w for w, _ in OLD_ROWS])
@pytest.mark.parametrize("migrated", [False, True])
def test_it_reads_and_migrates_old_absolute_rows(exported, export_root, settings, tmp_path, client, where, served,  # noqa: F811
                                                 migrated):
    export, content = exported
    old_root = {"inside": export_root, "other-root": Path("/srv/old/exports"), "no-archive": Path("/etc")}[where]
    name = "passwd" if where == "no-archive" else export.archive_path
    Export.objects.filter(pk=export.pk).update(archive_path=str(old_root / name), keys_path=str(old_root / export.keys_path))
    if migrated:
        MIGRATION.to_relative(apps, None)
    export.refresh_from_db()
    if migrated and served:
        assert export.archive_path == f"corpus-{export.corpus_id}/export-{export.pk}.zip"
    status, body = _download(client, export, "archive")
    assert (status == 200 and body == content["archive"]) if served else status == 404
    if migrated:  # and back: absolute under today's root, still served
        MIGRATION.to_absolute(apps, None)
        export.refresh_from_db()
        assert Path(export.keys_path).is_absolute() and _download(client, export, "keys") == (200, content["keys"])

"""An admin exports a corpus with one approved document in headless Chromium and opens the archive."""
from __future__ import annotations

import json
import zipfile

import pytest

from review import jobs, pipelines
from review.models import Corpus, Export
from tests.test_export import SECRETS, make_document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_exports_from_the_export_page_and_downloads_the_archive(
    live_server, page, django_user_model, pipeline, monkeypatch, settings, tmp_path
):
    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password="a-long-test-password", is_staff=True)
    corpus = Corpus.objects.create(name="Parole hearings")
    document = make_document(corpus, "hearing-0042")
    make_document(corpus, "not-approved", approved=False)

    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "a-long-test-password")
    page.click("button[type=submit]")
    page.wait_for_selector("table.documents")
    page.click("nav >> text=Export")
    page.click(f"text=Exports of {corpus.name}")
    assert "1 approved document" in page.inner_text("main")

    page.click("#start-export button")
    row = page.locator("table.exports tbody tr").first
    row.locator(".badge-done").wait_for()  # polls while queued/running, then stops
    assert row.get_attribute("hx-trigger") is None
    with page.expect_download() as info:
        row.locator("a.download-archive").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)

    export = Export.objects.get()
    assert info.value.suggested_filename == f"export-{export.pk}.zip"
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        manifest = json.loads(archive.read("manifest.json"))
        text = archive.read("text/hearing_0001.txt").decode()
    assert names == {"manifest.json", "annotations.json", "stats.json", "stats.csv",
                     "text/hearing_0001.txt", "conll/hearing_0001.conll"}
    assert [d["id"] for d in manifest["documents"]] == ["hearing_0001"]
    document.refresh_from_db()
    assert document.neutral_id == "hearing_0001"
    assert "[PERSON_1]" in text and not any(secret in text for secret in SECRETS)

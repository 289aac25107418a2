"""Reopening from a blocked export, the residual-risk page, the encrypted key archive."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.urls import reverse

from config import backup
from review.constants import Action
from review.models import Decision, Document, Export
from tests.test_export import TEXT, admin, corpus, export_root, make_document, run  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


@pytest.fixture
def annotator(django_user_model):
    return django_user_model.objects.create_user("ann", password="a-long-test-password")


def blocked(corpus, annotator):
    document = make_document(corpus, "h", text=TEXT + "INMATE RICHARDSON: My name is Alyssa.\n")
    Document.objects.filter(pk=document.pk).update(header={"inmate_name": "ALYSSA ROE"}, submitted_by=annotator,
                                                   assignee=annotator)
    return document


@pytest.mark.parametrize(("who", "status"), [("admin", 302), ("annotator", 403)])
def test_it_reopens_a_document_from_the_leak_report_for_admins_only(client, corpus, admin, annotator, who, status):
    document = blocked(corpus, annotator)
    export = run(corpus, admin)
    hit = next(h for h in export.leaks if h["member"] == "text/hearing_0001.txt" and h["kind"] == "header")
    client.force_login(admin)
    page = client.get(reverse("review:export", args=[corpus.pk])).content.decode()
    assert reverse("review:export_reopen", args=[export.pk, document.pk]) in page and "text/hearing_0001.txt" in page
    client.force_login(admin if who == "admin" else annotator)
    url = reverse("review:export_reopen", args=[export.pk, document.pk])
    assert client.get(url).status_code == 405  # no writes on GET
    response = client.post(url, {"reason": "first name left in line", "line": hit["line"]})
    assert response.status_code == status
    document.refresh_from_db()
    reopened = status == 302
    assert (document.status == Document.Status.IN_REVIEW) is reopened
    assert Decision.objects.filter(document=document, action=Action.REOPEN).exists() is reopened
    if reopened:
        client.force_login(annotator)
        screen = client.get(reverse("review:document", args=[document.pk])).content.decode()
        assert f'href="#l{hit["line"]}"' in screen and "first name left in line" in screen


def test_it_refuses_a_reopen_without_a_reason(client, corpus, admin, annotator):
    document = blocked(corpus, annotator)
    export = run(corpus, admin)
    client.force_login(admin)
    client.post(reverse("review:export_reopen", args=[export.pk, document.pk]), {"reason": "no"})
    document.refresh_from_db()
    assert document.status == Document.Status.APPROVED


def test_it_shows_the_residual_risk_list_to_admins_only(client, corpus, admin, annotator):
    make_document(corpus, "h", text=TEXT + "INMATE RICHARDSON: My cousin Fale- lives at 95085.\n")
    url = reverse("review:export_residual", args=[corpus.pk])
    client.force_login(annotator)
    assert client.get(url).status_code == 403
    client.force_login(admin)
    page = client.get(url).content.decode()
    assert "Fale" in page and "95085" in page


def test_it_stores_the_key_archive_encrypted_and_decrypts_the_download(client, settings, corpus, admin):
    settings.KEYS_ENCRYPTION_KEY = backup.generate_key()
    make_document(corpus, "h")
    export = run(corpus, admin)
    assert export.status == Export.Status.DONE and export.keys_path.endswith(".zip.enc")
    assert not Path(str(export.keys_file).removesuffix(".enc")).exists()
    assert not zipfile.is_zipfile(export.keys_file)
    client.force_login(admin)
    response = client.get(reverse("review:export_download", args=[export.pk, "keys"]))
    assert response.status_code == 200 and response["Content-Disposition"].endswith('.zip"')
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        assert "keys/documents.json" in archive.namelist()


def test_it_fails_safe_when_the_keys_cannot_be_encrypted(settings, corpus, admin):
    settings.KEYS_ENCRYPTION_KEY = "not-a-fernet-key"
    make_document(corpus, "h")
    export = run(corpus, admin)
    assert export.status == Export.Status.FAILED and "KEYS_ENCRYPTION_KEY is not a valid" in export.failure_reason
    assert "DecryptionError" not in export.failure_reason  # the reason in words, the class name only in the log
    assert not [p for p in Path(settings.EXPORT_ROOT).rglob("*") if p.is_file()]  # no plain keys, no archive


def test_it_never_writes_the_plain_keys_to_disk_when_they_are_stored_encrypted(settings, corpus, admin, monkeypatch):
    """Written plain, then encrypted: a worker killed in between (here: while encrypting) left the plain
    key archive, the original names, on disk for good."""
    from cryptography.fernet import Fernet

    def killed(self, data):
        raise KeyboardInterrupt  # not an Exception: no clean-up runs, as with SIGKILL

    settings.KEYS_ENCRYPTION_KEY = backup.generate_key()
    monkeypatch.setattr(Fernet, "encrypt", killed)
    make_document(corpus, "h")
    with pytest.raises(KeyboardInterrupt):
        run(corpus, admin)
    left = [p.name for p in Path(settings.EXPORT_ROOT).rglob("*") if p.is_file()]
    assert not [name for name in left if "keys" in name], left


@pytest.mark.parametrize("line", ["<b>Alyssa</b>", "9" * 5000, "-3", "1e3", "²", "999999"])
def test_it_names_the_field_of_a_bad_line_without_echoing_it(client, corpus, admin, annotator, line):
    """``int()``'s message was the flash message: "invalid literal for int() with base 10: '<b>Alyssa</b>'"."""
    document = blocked(corpus, annotator)
    export = run(corpus, admin)
    client.force_login(admin)
    response = client.post(reverse("review:export_reopen", args=[export.pk, document.pk]),
                           {"reason": "first name left in line", "line": line}, follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and "The line must be a line number of the document (1 to" in page
    assert "Alyssa" not in page.split("The line must")[1][:200] and "invalid literal" not in page
    assert "9999" not in page and "Exceeds the limit" not in page
    document.refresh_from_db()
    assert document.status == Document.Status.APPROVED

"""A corpus vocabulary as a file (anonymizer.batch.whitelist): ``manage.py anonymize --whitelist FILE`` and the
corpus whitelist imported from and exported to such a file (review.services.vocabulary, review.views.team)."""
from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from anonymizer.batch import whitelist as whitelist_file
from review.models import Corpus


@pytest.mark.parametrize(("text", "terms"), [
    ("Board of Prisons\nGOGI\n", ("Board of Prisons", "GOGI")),
    ("  Board   of\tPrisons  \r\n\r\n", ("Board of Prisons",)),  # spaces collapse, blank lines skipped
    ("GOGI\ngogi\nGogi\n", ("GOGI",)),  # listed once, its first spelling kept
    ("\ufeffHorizon\n", ("Horizon",)),  # a byte-order mark is no part of the first term
    ("Post Office\rHorizon", ("Post Office", "Horizon")),
    ("", ()),
])
def test_it_reads_a_file_by_the_corpus_whitelists_rules(text, terms):
    assert whitelist_file.parse(text) == terms
    assert whitelist_file.parse(whitelist_file.render(terms)) == terms


def test_it_merges_without_removing_or_repeating_a_term():
    assert whitelist_file.merged(["GOGI", "Horizon"], ["horizon", "Post  Office"]) == (
        ("GOGI", "Horizon", "Post Office"), ("Post Office",))


@pytest.mark.parametrize(("content", "reason"), [
    (None, "no such file"),
    (b"\xff\xfeB\x00o\x00", "not a text file"),
    (b"Caf\xe9\n", "not UTF-8 text"),
])
def test_it_names_the_file_and_the_reason_when_it_cannot_read_it(tmp_path, content, reason):
    path = tmp_path / "vocabulary.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(whitelist_file.WhitelistFileError) as failed:
        whitelist_file.read(path)
    assert str(failed.value) == f"{path}: {reason}" or str(failed.value).startswith(f"{path}: {reason}")


HEARING = ("PRESIDING COMMISSIONER SMITH: We are on the record. Mr. Delgado, you lived in Modesto\n"
           "before your arrest?\nINMATE DELGADO: Yes, in Modesto with my aunt.\n")


def _anonymized(tmp_path, *extra) -> str:
    source = tmp_path / "hearing.txt"
    source.write_text(HEARING, encoding="utf-8")
    out = tmp_path / f"out{len(extra)}"
    call_command("anonymize", str(source), "--out", str(out), "--input-names", *extra,
                 stdout=io.StringIO(), stderr=io.StringIO())
    return (out / "pseudonymized" / "hearing.txt").read_text(encoding="utf-8")


def test_it_never_masks_a_term_of_the_whitelist_file_on_the_command_line(tmp_path):
    assert "Modesto" not in _anonymized(tmp_path)  # the pass masks the town without the file
    vocabulary = tmp_path / "vocabulary.txt"
    vocabulary.write_text("  modesto \n", encoding="utf-8")
    text = _anonymized(tmp_path, "--whitelist", str(vocabulary))
    assert text.count("Modesto") == 2 and "Delgado" not in text


def test_it_stops_with_one_error_for_a_whitelist_file_it_cannot_read(tmp_path):
    missing = tmp_path / "missing.txt"
    with pytest.raises(CommandError) as failed:
        _anonymized(tmp_path, "--whitelist", str(missing))
    assert str(failed.value) == f"--whitelist {missing}: no such file"
    assert not (tmp_path / "out2").exists()


@pytest.fixture
def admin(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("boss", is_staff=True))
    return client


def test_it_imports_and_exports_a_corpus_whitelist_as_a_file(admin):
    corpus = Corpus.objects.create(name="Inquiry", whitelist_terms="Post Office")
    upload = SimpleUploadedFile("terms.txt", "post office\nHorizon\n  National   Federation of SubPostmasters\n".encode())
    response = admin.post(reverse("review:whitelist_import", args=[corpus.pk]), {"file": upload}, follow=True)
    assert "2 term(s) added to the whitelist of Inquiry; none removed." in response.content.decode()
    corpus.refresh_from_db()
    assert corpus.whitelist() == ("Post Office", "Horizon", "National Federation of SubPostmasters")
    exported = admin.get(reverse("review:whitelist_export", args=[corpus.pk]))
    assert exported["Content-Disposition"] == f'attachment; filename="corpus-{corpus.pk}-whitelist.txt"'
    assert exported.content.decode() == "Post Office\nHorizon\nNational Federation of SubPostmasters\n"
    assert reverse("review:whitelist_export", args=[corpus.pk]) in admin.get(
        reverse("review:corpus_edit", args=[corpus.pk])).content.decode()


def test_it_refuses_a_file_that_is_not_text_and_changes_nothing(admin):
    corpus = Corpus.objects.create(name="Inquiry", whitelist_terms="Post Office")
    upload = SimpleUploadedFile("terms.txt", b"Caf\xe9\n")
    response = admin.post(reverse("review:whitelist_import", args=[corpus.pk]), {"file": upload}, follow=True)
    assert "terms.txt: not UTF-8 text (save the file as UTF-8)" in response.content.decode()
    corpus.refresh_from_db()
    assert corpus.whitelist() == ("Post Office",)

"""Limits: hostile PDFs, over-size uploads and malformed action input fail with a clear 4xx or reason."""
from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from anonymizer import ingest
from anonymizer.errors import IngestError
from review.models import Corpus, Document
from tests.hostile_pdf import fan_out_pdf
from tests.test_review_views import HX, TEXT, annotator, build, client_in, document, url  # noqa: F401 - fixtures

FAN_OUT = fan_out_pdf(depth=7)  # 10 ** 7 glyph runs from about 3 kB


@pytest.mark.parametrize(
    "data, limits, reason",
    [
        (FAN_OUT, ingest.Limits(seconds=3, memory_mb=8192), "took longer than 3 s"),  # PDFium fills the
        # default 1.5 GB in about 2.5 s (the memory case below): room enough for the wall time to come first
        (fan_out_pdf(depth=3), ingest.Limits(chars=500), "too much text"),
        (fan_out_pdf(depth=1, pages=5), ingest.Limits(pages=4), "too many pages (5; limit 4)"),
        (FAN_OUT, ingest.Limits(seconds=60, memory_mb=150), "memory"),  # far under what the fan-out needs: reached in seconds (at 250 MB the child could hover under the limit for minutes)
    ],
    ids=["wall-time", "characters", "pages", "memory"],
)
def test_it_stops_a_hostile_pdf_at_a_limit_with_a_clear_reason(data, limits, reason):
    assert len(FAN_OUT) < 4000
    with pytest.raises(IngestError) as error:
        ingest.load_bytes(data, "fan.pdf", limits=limits)
    assert str(error.value).startswith("fan.pdf: ") and reason in str(error.value)
    assert "JOHN" not in str(error.value)


def test_it_reads_an_ordinary_pdf_in_the_child_like_in_process():
    data = fan_out_pdf(depth=2)
    assert ingest.load_bytes(data, "a.pdf", limits=ingest.Limits()) == ingest.load_bytes(data, "a.pdf", limits=None)


@pytest.fixture
def admin_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    return client


@pytest.mark.django_db
def test_it_refuses_an_over_size_upload_before_storing_it(admin_client, settings):
    settings.MAX_UPLOAD_BYTES = 1000
    corpus = Corpus.objects.create(name="big")
    files = [SimpleUploadedFile("big.txt", b"x " * 5000), SimpleUploadedFile("small.txt", TEXT.encode())]
    response = admin_client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": files}, follow=True)
    assert response.status_code == 200
    shown = [str(m) for m in response.context["messages"]]
    assert any(m.startswith("big.txt: too large") for m in shown), shown
    assert list(Document.objects.values_list("original_name", flat=True)) == ["small.txt"]


@pytest.mark.django_db
def test_it_says_so_when_every_file_is_over_size(admin_client, settings):
    settings.MAX_UPLOAD_BYTES = 100
    corpus = Corpus.objects.create(name="big")
    response = admin_client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": [SimpleUploadedFile("big.txt", b"y" * 500)]})
    assert response.status_code == 302 and not Document.objects.exists()


@pytest.mark.django_db
def test_it_still_checks_csrf_on_upload(client, django_user_model):
    from django.test import Client

    csrf_client = Client(enforce_csrf_checks=True)
    csrf_client.force_login(django_user_model.objects.create_superuser("boss2", password="a-long-test-password"))
    assert csrf_client.post(reverse("review:upload"), {}).status_code == 403


@pytest.mark.parametrize(
    "name, data",
    [
        ("add_mentions", {"span": ["0:99999999999999"], "label": "PERSON"}),
        ("add_mentions", {"span": ["-5:3"], "label": "PERSON"}),
        ("add_mentions", {"span": ["99999999999999999999:1"], "label": "PERSON"}),
        ("add_mentions", {"span": ["0:99999999999999"], "label": "PERSON", "entity": "99999999999999"}),
        ("whitelist", {"term": "Fres\x00no", "confirm": "1"}),
        ("undo", {"version": "99999999999999999999"}),
    ],
    ids=["huge-end", "negative", "huge-start", "huge-entity", "nul-term", "huge-version"],
)
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_it_answers_malformed_action_input_with_4xx_never_500(client_in, document, name, data, htmx):
    before = list(document.mentions.order_by("start").values_list("start", "end", "status"))
    payload = {"version": document.version, **data}
    response = client_in.post(url(document, name), payload, **(HX if htmx else {}))
    assert response.status_code < 500
    if htmx:
        assert 400 <= response.status_code < 500 or "problem" in response.content.decode().lower()
    assert list(document.mentions.order_by("start").values_list("start", "end", "status")) == before


@pytest.mark.parametrize("name", ["m", "e", "view"])
def test_it_redirects_a_plain_post_back_without_echoing_a_hostile_value(client_in, document, name):
    """A 20,000-character ``m`` was put into the redirect: past Django's 16,384 a 400 (and a traceback
    in the log) though the action was applied."""
    m = document.mentions.order_by("start").first()
    response = client_in.post(url(document, "mention_action", m.pk, "reject"),
                              {"version": document.version, name: "7" * 20000})
    assert response.status_code == 302 and len(response["Location"]) < 200
    m.refresh_from_db()
    assert m.status == "rejected"
    response = client_in.post(url(document, "mention_action", m.pk, "accept"),
                              {"version": document.version + 1, "m": m.pk, "e": "x", "view": "pseudo"})
    assert response["Location"].endswith(f"?view=pseudo&m={m.pk}#m{m.pk}")


@pytest.mark.django_db
def test_it_refuses_a_file_already_in_the_corpus_by_name_and_reason_and_keeps_the_rest(admin_client):
    corpus, other = Corpus.objects.create(name="dups"), Corpus.objects.create(name="other")
    Document.objects.create(corpus=other, title="elsewhere", original_name="elsewhere.txt", original=b"third hearing")
    first = [SimpleUploadedFile("h1.txt", b"first hearing"), SimpleUploadedFile("h1-again.txt", b"first hearing"),
             SimpleUploadedFile("h2.txt", b"second hearing")]
    admin_client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": first})
    again = [SimpleUploadedFile("h2 (1).txt", b"second hearing"), SimpleUploadedFile("h3.txt", b"third hearing")]
    response = admin_client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": again}, follow=True)
    assert response.status_code == 200
    assert sorted(corpus.documents.values_list("original_name", flat=True)) == ["h1.txt", "h2.txt", "h3.txt"]
    shown = [str(m) for m in response.context["messages"]]
    h2 = corpus.documents.get(original_name="h2.txt")
    h1 = corpus.documents.get(original_name="h1.txt")
    assert shown[0].startswith(f"h1-again.txt: the same file as document 'h1' (id {h1.pk}) of this corpus; not imported again")
    assert shown[2].startswith(f"h2 (1).txt: the same file as document 'h2' (id {h2.pk}) of this corpus; not imported again")
    assert "second hearing" not in " ".join(shown)

"""A request refused before any view ran gets the app's page in words (probe34, DEBUG off, gunicorn).

Seen on the production-like instance: a form posted without its CSRF token answered Django's own
page (an inline <style> the CSP blocks, "More information is available with DEBUG=True."); a form of
3,000 fields or a 51 MB body answered a bare "Bad Request (400)" with nothing said, and the log
held a 30-line traceback for each.
"""
from __future__ import annotations

import logging

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from review.models import Corpus, Document

SECRET = "ZEBULON QUARTERMAINE"


@pytest.fixture
def admin_client(django_user_model):
    client = Client(raise_request_exception=False)
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    return client


@pytest.fixture
def document(db):
    corpus = Corpus.objects.create(name="c")
    return Document.objects.create(corpus=corpus, title=SECRET, original_name=f"{SECRET}.txt",
                                   original=f"{SECRET}: yes\n".encode(), text=f"{SECRET}: yes\n")


def _plain(response) -> str:
    body = response.content.decode()
    assert "Traceback" not in body and "ZEBULON" not in body and "DEBUG" not in body and "<style" not in body
    assert "Transcript anonymizer" in body  # the app's page
    return body


@pytest.mark.django_db
def test_it_answers_a_failed_csrf_check_with_the_apps_page(django_user_model, document):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    response = client.post(reverse("review:submit", args=[document.pk]), {"note": SECRET}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403 and response["X-Refused"] == "csrf"
    assert "The form has expired" in _plain(response)


@pytest.mark.django_db
@pytest.mark.parametrize(("fields", "status", "words"), [
    ("&".join(f"m={i}" for i in range(1200)), 400, "more than 1000 fields"),
    ("text=" + "x" * 20_000, 413, "larger than this server takes"),
], ids=["too-many-fields", "too-large"])
def test_it_says_why_a_request_too_big_was_refused(django_user_model, document, fields, status, words):
    """As in production: the CSRF check reads the body first, before any view."""
    admin_client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    admin_client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    admin_client.cookies["csrftoken"] = "a" * 32  # a cookie as the browser holds, its token left out of the body
    with override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000, DATA_UPLOAD_MAX_NUMBER_FIELDS=1000):
        response = admin_client.post(reverse("review:accept_pending", args=[document.pk]), fields,
                                     content_type="application/x-www-form-urlencoded")
    assert response.status_code == status
    assert words in _plain(response)


def test_it_answers_an_unknown_page_with_the_apps_404(client):
    response = Client(raise_request_exception=False).get(f"/no-such-page/{SECRET.replace(' ', '-')}/")
    assert response.status_code == 404 and "Not found" in _plain(response)


def test_it_logs_a_refused_request_in_one_line_with_a_set_password_token_masked():
    """Through the handler ``django.security`` writes to: a record of its child ``django.security.csrf``
    (a logger's own filters would not see it) in one line, the token masked, no traceback."""
    import sys

    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.getLogger("django.security.csrf").makeRecord(
            "django.security.csrf", logging.WARNING, __file__, 1, "Forbidden (%s): %s",
            ("CSRF cookie not set.", "/users/set-password/MQ/abc-123token/"), sys.exc_info())
    (handler,) = [h for h in logging.getLogger("django.security").handlers if h.filters]  # pytest adds its own
    assert handler.filter(record)
    formatted = handler.format(record)
    assert formatted.endswith("WARNING django.security.csrf Forbidden (CSRF cookie not set.): /users/set-password/MQ/*/")
    assert "Traceback" not in formatted and "abc-123token" not in formatted

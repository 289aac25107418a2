"""A database outage during a request answers 503 with Retry-After and a plain page, never a 500."""
from __future__ import annotations

import pytest
from django.db import connections
from django.db.utils import OperationalError
from django.test import Client
from django.urls import reverse

from review.models import Corpus, Document

SECRET = "INMATE ZEBULON QUARTERMAINE"


def _database_goes_away(monkeypatch) -> None:
    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "10.0.0.9", port 5432 failed: Connection refused')

    monkeypatch.setattr(connections["default"], "_cursor", refused)


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_it_answers_503_with_retry_after_while_the_database_is_down(django_user_model, monkeypatch, htmx):
    """Seen on the production-like instance (gunicorn, PostgreSQL behind a proxy that was cut): the
    list, the review screen, the dashboard and a POST answered Django's bare "Server Error (500)"."""
    client = Client(raise_request_exception=False)  # as the server: the error becomes a page
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    document = Document.objects.create(corpus=Corpus.objects.create(name="c"), title=SECRET, original_name="h.txt",
                                       original=f"{SECRET}: yes\n".encode(), text=f"{SECRET}: yes\n")
    _database_goes_away(monkeypatch)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    answers = [client.get(reverse("review:documents"), **headers),
               client.get(reverse("review:document", args=[document.pk]), **headers),
               client.post(reverse("review:read", args=[document.pk]), {"line": 3}, **headers)]
    for response in answers:
        body = response.content.decode()
        assert (response.status_code, response["Retry-After"]) == (503, "30"), body[:200]
        assert "The database did not answer" in body
        assert "Traceback" not in body and "10.0.0.9" not in body and "ZEBULON" not in body


def test_it_keeps_500_for_any_other_failure(client, monkeypatch):
    from django.urls import path

    from config import urls

    def broken(request):
        raise ValueError(SECRET)

    monkeypatch.setattr(urls, "urlpatterns", [path("broken/", broken)] + urls.urlpatterns)
    from django.urls import clear_url_caches

    clear_url_caches()
    try:
        response = Client(raise_request_exception=False).get("/broken/")
    finally:
        clear_url_caches()
    assert response.status_code == 500 and "Retry-After" not in response
    assert "ZEBULON" not in response.content.decode()


@pytest.fixture
def request_log(caplog):
    """What ``django.request`` writes, formatted as the console handler formats it (traceback included)."""
    import logging

    logger = logging.getLogger("django.request")
    logger.addHandler(caplog.handler)
    yield caplog
    logger.removeHandler(caplog.handler)


def _with_view(monkeypatch, view) -> str:
    from django.urls import clear_url_caches, path

    from config import urls

    monkeypatch.setattr(urls, "urlpatterns", [path("failing/", view)] + urls.urlpatterns)
    clear_url_caches()
    return "/failing/"


def _chained(error: Exception) -> Exception:
    """``error`` raised while handling a lookup's ``AttributeError``, as Django's session store does."""
    try:
        try:
            raise AttributeError("'SessionStore' object has no attribute '_session_cache'")
        except AttributeError:
            try:
                raise OSError(f"driver said: {SECRET}")
            except OSError as driver:
                raise error from driver
    except Exception as raised:  # noqa: BLE001 - the chain is what the test hands on
        return raised


@pytest.mark.parametrize(("error", "status", "lines"), [
    (OperationalError(f'connection to server at "10.0.0.9" failed: {SECRET}'), 503, 1),
    (ValueError(f"invalid literal for int() with base 10: '{SECRET}'"), 500, None),
    (KeyError(SECRET), 500, None),
], ids=["database-down", "value-error", "key-error"])
def test_it_logs_a_failed_request_without_any_exception_message(request_log, monkeypatch, error, status, lines):
    """Seen on the production-like instance at the connection limit: each refused request logged
    three chained tracebacks (about 120 lines) through django.request, each exception's message
    printed; a message may quote the transcript (a driver's 'Key (form)=(...) already exists')."""
    def failing(request):
        raise _chained(error)

    from django.urls import clear_url_caches

    try:
        response = Client(raise_request_exception=False).get(_with_view(monkeypatch, failing))
    finally:
        clear_url_caches()
    logged = request_log.text
    assert response.status_code == status
    assert "ZEBULON" not in logged and "10.0.0.9" not in logged, logged
    assert " /failing/" in logged and type(error).__name__ in logged
    if lines is not None:  # an outage: one line, no traceback
        assert len(logged.strip().splitlines()) == lines and "Traceback" not in logged, logged
    else:  # a bug: where it happened, every exception of the chain by its type
        assert "Traceback (most recent call last)" in logged and "in failing" in logged
        assert "AttributeError" in logged and "OSError" in logged and "direct cause" in logged

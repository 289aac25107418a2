"""The pages of a request that failed or was refused (``handler400``, ``handler404``, ``handler500``,
``CSRF_FAILURE_VIEW``).

A database that cannot be reached (stopped, restarting, refusing connections, a dropped
connection) is an outage, not a bug: the answer is ``503 Service Unavailable`` with
``Retry-After``, so a browser, a proxy or a monitor knows to try again. Every other failure
keeps the plain ``500``. A request Django cannot read (a body past ``DATA_UPLOAD_MAX_MEMORY_SIZE``:
``413``; more fields or files than it takes: ``400``) and a form whose CSRF check failed (``403``)
get the app's page saying why in words. Every page is static: none needs the database or a
login, and none names anything of the request (no traceback, no exception text, no path, no data).
An answer of :func:`csrf_failure` carries ``X-Refused: csrf``, so the htmx handler (static/js/app.js)
says the session changed instead of "you can no longer change this document".
"""
from __future__ import annotations

import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader

RETRY_AFTER_SECONDS = 30
DATABASE_DOWN = (OperationalError, InterfaceError)  # Django's wrappers of the driver's connection errors


def database_down(error: BaseException | None) -> bool:
    """Whether a request failed because the database could not be reached (answered 503, logged in
    one line by ``config.request_log``)."""
    return isinstance(error, DATABASE_DOWN)


def _page(status: int, heading: str, text: str) -> HttpResponse:
    body = loader.render_to_string("request_refused.html", {"status": status, "heading": heading, "text": text})
    return HttpResponse(body, status=status)


def refused(error: BaseException | None) -> HttpResponse:
    """The page of a request Django refused before any view ran (too large, too many fields, unreadable)."""
    if isinstance(error, RequestDataTooBig):
        megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024)
        return _page(413, "Too large to send", f"The request was larger than this server takes ({megabytes:g} MB, "
                     "DATA_UPLOAD_MAX_MEMORY_SIZE). Nothing was saved: send less at once (fewer lines or terms).")
    if isinstance(error, TooManyFieldsSent):
        return _page(400, "Too many fields", f"The form sent more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields "
                     "(DATA_UPLOAD_MAX_NUMBER_FIELDS). Nothing was saved: choose fewer items at once.")
    if isinstance(error, TooManyFilesSent):
        return _page(400, "Too many files", f"The form sent more than {settings.DATA_UPLOAD_MAX_NUMBER_FILES} files "
                     "(DATA_UPLOAD_MAX_NUMBER_FILES). Nothing was saved: send them in smaller batches.")
    return _page(400, "Bad request", "The server could not read this request (a damaged or unexpected request). "
                 "Nothing was saved: reload the page and try again.")


def bad_request(request: HttpRequest, exception: BaseException | None = None) -> HttpResponse:
    return refused(exception)


def page_not_found(request: HttpRequest, exception: BaseException | None = None) -> HttpResponse:
    return _page(404, "Not found", "There is no such page here (it may have been removed, or the address is mistyped).")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    response = _page(403, "The form has expired", "This page was opened before you logged in or out (in this tab or "
                     "another), or the browser sent no cookie. Nothing was saved: reload the page and try again.")
    response["X-Refused"] = "csrf"
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    if database_down(sys.exc_info()[1]):
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    return _page(500, "Server error", "The server could not complete this request; it has been logged. "
                 "If you were saving a change, reload the page to see whether it was kept.")

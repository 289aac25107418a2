"""The page of a request that failed (``handler500``).

A database that cannot be reached (stopped, restarting, refusing connections, a dropped
connection) is an outage, not a bug: the answer is ``503 Service Unavailable`` with
``Retry-After``, so a browser, a proxy or a monitor knows to try again. Every other failure
keeps Django's plain ``500``. Both pages are static: they need neither the database nor a
login, and name nothing of the request (no traceback, no exception text, no data).
"""
from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views import defaults

RETRY_AFTER_SECONDS = 30
DATABASE_DOWN = (OperationalError, InterfaceError)  # Django's wrappers of the driver's connection errors


def database_down(error: BaseException | None) -> bool:
    """Whether a request failed because the database could not be reached (answered 503, logged in
    one line by ``config.request_log``)."""
    return isinstance(error, DATABASE_DOWN)


def server_error(request: HttpRequest) -> HttpResponse:
    if database_down(sys.exc_info()[1]):
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    return defaults.server_error(request)

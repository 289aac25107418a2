"""What ``django.request`` logs of a failed request: where it failed, never what the exceptions said.

Django logs an uncaught exception with its whole traceback, each exception's message included; a
message may quote what it was about (a driver's ``Key (form)=(maria lopez) already exists``, a
``ValueError`` of a value from the transcript). :class:`RequestErrors`, a logging filter on
``django.request`` (``config.settings.LOGGING``), writes the traceback with the exceptions' types in
place of their messages. A database outage (``config.errors.database_down``: the request answered
503) is one line naming the exception's type: it is no bug, and each request refused at the
connection limit logged three chained tracebacks (the session store's ``AttributeError``, the
driver's error, Django's), some 120 lines a request.
"""
from __future__ import annotations

import logging
import traceback

from config.errors import database_down

WITHHELD = "(message withheld: it may quote personal data)"
_CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
_CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"


def types_only(error: BaseException) -> str:
    """``error``'s traceback as Python prints it, its chain too, each message replaced by ``WITHHELD``."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen and len(seen) < 20:
        seen.add(id(current))
        frames = "".join(traceback.format_list(traceback.extract_tb(current.__traceback__)))
        kind = type(current)
        name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
        parts.append(f"Traceback (most recent call last):\n{frames}{name}: {WITHHELD}\n")
        if current.__cause__ is not None:
            parts.append(_CAUSE)
            current = current.__cause__
        elif current.__context__ is not None and not current.__suppress_context__:
            parts.append(_CONTEXT)
            current = current.__context__
        else:
            current = None
    if parts and parts[-1] in (_CAUSE, _CONTEXT):
        parts.pop()
    return "".join(reversed(parts)).rstrip("\n")


class RequestErrors(logging.Filter):
    """A failed request's record: a database outage in one line, any other error by types only."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is None:
            return True
        if database_down(error):
            record.msg = f"{record.getMessage()} (the database is unreachable: {type(error).__name__})"
            record.args = None
            record.exc_info, record.exc_text = None, None
        else:
            record.exc_text = types_only(error)  # the formatter prints exc_text as it is
        return True


class OneLine(logging.Filter):
    """``django.security``'s records (a request too large, too many fields, a bad Host, a failed CSRF
    check) in one line: the message is Django's own words; the traceback (some 30 lines a request) says
    nothing more about a request that was refused before any view ran."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info, record.exc_text = None, None
        return True

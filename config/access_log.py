"""gunicorn's access log without the secret of a path: the one-time set-password link
(``/users/set-password/<uid>/<token>/``) is logged as ``/users/set-password/<uid>/*/``.

``deploy/entrypoint.sh`` passes ``--logger-class config.access_log.AccessLogger``; the access log
format names the method and the path only (``%(U)s``: never the query string or the Referer).
nginx masks the same segment (``map $uri $anonymizer_logged_uri`` in ``deploy/nginx/anonymizer.conf``),
and so does Django's ``django.request`` log of a failed request (:class:`SecretPaths`, a logging filter in
``config.settings.LOGGING``: "Service Unavailable: /users/set-password/…" when the database is down).
The link's page redirects at once to ``…/<uid>/set-password/`` (the token moves to the session), so
the masked request is the only one that held it.
"""
from __future__ import annotations

import logging
import re

from gunicorn.glogging import Logger

#: the token segment of a set-password link (not the page it redirects to, ``…/set-password/``)
SECRET_SEGMENT = re.compile(r"(/users/set-password/[^/]+/)(?!set-password/)[^/]+")


def masked(path: str) -> str:
    return SECRET_SEGMENT.sub(r"\1*", path)


class AccessLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        atoms["U"] = masked(atoms.get("U") or "")
        atoms["r"] = f"{atoms.get('m')} {atoms['U']} {atoms.get('H')}"  # the request line, no query string
        return atoms


class SecretPaths(logging.Filter):
    """Masks the token in a log record's message and string arguments (``django.request``: the path)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = masked(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(masked(a) if isinstance(a, str) else a for a in record.args)
        return True

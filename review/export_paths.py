"""Where a stored export archive path points: the database keeps it relative to ``EXPORT_ROOT``.

A restore into another folder (compose's and systemd's layouts differ) or a moved ``EXPORT_ROOT``
then still finds every archive. Rows written before kept absolute paths: one inside ``EXPORT_ROOT``
is read as it is; one of another root is read by its last two parts when they are an archive's
(``corpus-N/export-M.zip``, ``…-keys.zip``, ``…-keys.zip.enc``), under this root. Migration 0019
rewrites the old rows the same way.
"""
from __future__ import annotations

import re
from pathlib import Path, PurePath

from django.conf import settings

#: ``corpus-3/export-7.zip``, ``corpus-3/export-7-keys.zip``, ``corpus-3/export-7-keys.zip.enc``
ARCHIVE = re.compile(r"^corpus-\d+/export-\d+(?:-keys)?\.zip(?:\.enc)?$")


def root() -> Path:
    return Path(settings.EXPORT_ROOT)


def relative(value: str | PurePath, under: str | PurePath | None = None) -> str:
    """What the database keeps for an archive path: relative to the export root (``under``, default
    ``EXPORT_ROOT``); an old absolute path of another root by its archive tail; "" stays ""."""
    if not str(value):
        return ""
    path, base = PurePath(value), PurePath(under if under is not None else root())
    if not path.is_absolute():
        return path.as_posix()
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        pass
    tail = "/".join(path.parts[-2:])
    return tail if ARCHIVE.match(tail) else str(value)


def located(value: str) -> Path | None:
    """The file a stored archive path names under today's ``EXPORT_ROOT`` (None: none stored, or an
    absolute path that is no archive of any export root)."""
    if not value:
        return None
    kept = relative(value)
    return None if PurePath(kept).is_absolute() else root() / kept

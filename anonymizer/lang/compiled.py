"""The rule recognizers' patterns compiled once per installation instead of once per process.

``regex`` parses a pattern in pure Python: the English rules' ~200 patterns took 0.55-0.65 CPU s of every
process's start-up (a third of our own imports). A compiled ``regex`` pattern pickles as the arguments of
its C constructor (the parsed program, not the source), so unpickling one skips the parser and gives the
same pattern: all of them in about 10 ms. :func:`compile` keeps the patterns it compiles in one file of
the user's cache folder and a later process reads them from it; what a process adds (another pack's
patterns, a pattern compiled when first run) is written when its pass is built and at exit.

* Only patterns written in the code go through it (``lang.rules.Pattern``: the packs' rules, built from
  the code and the packaged word lists), never one made from a document, a corpus's terms or a user's
  input.
* The file is ``regex-<regex version>-py<X.Y>-<checkout>.pickle`` in ``ANONYMIZER_CACHE_DIR``, else
  ``$XDG_CACHE_HOME/anonymizer``, else ``~/.cache/anonymizer``: another ``regex`` or Python starts a
  file of its own, and so does another checkout or installation of the pass (``<checkout>``: a digest of
  where its code is, :func:`place`): two versions of the code sharing one cache folder would otherwise
  write their own patterns over each other's, and each process compile again what the other dropped.
  ``ANONYMIZER_CACHE_DIR=off`` (or ``0``, ``none``) keeps nothing.
* It is read with only ``regex``'s constructor allowed (nothing else can be called from it); a file that
  cannot be read or written is left alone and the patterns are compiled as without it.
"""
from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import sys
import threading
from pathlib import Path

import regex

from anonymizer.lang.bytecode import cache_folder, write_atomically  # noqa: F401 (the pass's cache folder, read here)

#: more entries than this (patterns of older code piling up) and the file keeps only this process's
MAX_ENTRIES = 4000

_lock = threading.Lock()
#: (source, flags) -> compiled: what the file held, then what this process compiled or used
_patterns: dict[tuple[str, int], regex.Pattern] | None = None
_used: set[tuple[str, int]] = set()
_unsaved = False


def cache_file() -> Path | None:
    """The file of this ``regex`` and Python, or None when the environment turns it off."""
    folder = cache_folder()
    if folder is None:
        return None
    return folder / f"regex-{regex.__version__}-py{sys.version_info[0]}.{sys.version_info[1]}-{place((_CODE,))}.pickle"


#: the folder of the pass's code (``anonymizer``): a checkout or an installation
_CODE = Path(__file__).resolve().parent.parent


def place(paths) -> str:
    """A short digest of where ``paths`` are (their names, not their content): a cache file of one checkout or
    installation is not written over by another's sharing the cache folder."""
    joined = "\0".join(os.fspath(path) for path in paths)
    return hashlib.sha256(joined.encode("utf-8", "surrogatepass")).hexdigest()[:12]


class _OnlyRegex(pickle.Unpickler):
    """An unpickler that can build ``regex`` patterns and nothing else."""

    def find_class(self, module: str, name: str):
        if (module, name) == ("regex._regex", "compile"):
            return regex._regex.compile
        raise pickle.UnpicklingError(f"{module}.{name} is not a regex pattern")


def _read(path: Path | None) -> dict[tuple[str, int], regex.Pattern]:
    if path is None:
        return {}
    try:
        with path.open("rb") as stream:
            stored = _OnlyRegex(stream).load()
    except Exception:  # noqa: BLE001 - none yet, unreadable, damaged, or of another regex: compiled again
        return {}
    if not isinstance(stored, dict):
        return {}
    return {
        key: value for key, value in stored.items()
        if isinstance(key, tuple) and len(key) == 2 and isinstance(value, regex.Pattern) and value.pattern == key[0]
    }  # fmt: skip


def compile(source: str, flags: int = 0) -> regex.Pattern:  # noqa: A001 (as regex.compile)
    """``regex.compile(source, flags)``, from the cache file when a process compiled it before."""
    global _patterns, _unsaved
    key = (source, int(flags))
    if _patterns is None:
        with _lock:
            if _patterns is None:
                _patterns = _read(cache_file())
    found = _patterns.get(key)
    if found is None:
        found = regex.compile(source, flags)  # an error is the caller's, as from regex
        _patterns[key] = found
        _unsaved = True
    _used.add(key)
    return found


def save() -> None:
    """Write the file when this process compiled a pattern it did not hold (atomically: a process reading
    it meanwhile sees the old file or the new one)."""
    global _unsaved
    path = cache_file()
    if not _unsaved or _patterns is None or path is None:
        return
    with _lock:
        kept = dict(_patterns)
        if len(kept) > MAX_ENTRIES:
            kept = {key: value for key, value in kept.items() if key in _used}
        if not write_atomically(path, pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)):
            return  # a read-only home or folder: the next process compiles them again
        _unsaved = False


atexit.register(save)

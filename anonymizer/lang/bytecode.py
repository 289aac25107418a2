"""The pass's own modules' bytecode kept between processes where Python keeps none.

Python compiles a module's source to bytecode when it imports it and keeps that in ``__pycache__`` beside the
source, unless it is told not to (``PYTHONDONTWRITEBYTECODE``, ``-B``: the deployment's image sets it) or the folder
cannot be written; an installed package has its bytecode written at install time. Run from a checkout so, every
process compiled the pass's hundred modules again: about 0.17 CPU s of each start-up, for the same code.

:func:`install` (run first by ``anonymizer``'s ``__init__``: only ``anonymizer.lang``'s ``__init__`` is imported
before) puts a finder first on ``sys.meta_path`` for the submodules of ``anonymizer`` only, and only while Python writes no bytecode itself (``sys.dont_write_bytecode``):
their loader is Python's own for a source file, but it reads and writes the bytecode in ``bytecode-<cache tag>/`` of
the pass's cache folder (:func:`cache_folder`), one file per module named by a digest of its source's path. A file is
used only when its header is this process's: Python's magic number, the optimization level, and the source's size
and modification time in nanoseconds; anything else (an edited source, another Python, a damaged file) is compiled
from the source again and written over. Nothing is written beside the sources; ``ANONYMIZER_CACHE_DIR=off`` keeps
nothing, and a folder that cannot be written is left alone (compiled in every process, as without it).
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import marshal
import os
import sys
import tempfile
from pathlib import Path

#: values of ``ANONYMIZER_CACHE_DIR`` that turn the cache folder off
_OFF = frozenset({"", "0", "off", "none", "false", "no"})
#: the package whose submodules' bytecode is kept
PACKAGE = "anonymizer"


def cache_folder() -> Path | None:
    """The user's cache folder of the pass (``ANONYMIZER_CACHE_DIR``, else ``$XDG_CACHE_HOME/anonymizer``, else
    ``~/.cache/anonymizer``), or None when the environment turns it off (:mod:`anonymizer.lang.compiled` and
    :mod:`anonymizer.lang.tables` keep their files there too)."""
    chosen = os.environ.get("ANONYMIZER_CACHE_DIR")
    if chosen is not None:
        if chosen.strip().casefold() in _OFF:
            return None
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "anonymizer"


def install() -> None:
    """Keep the bytecode of ``anonymizer``'s submodules in the cache folder (idempotent)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


def bytecode_file(source: str) -> Path | None:
    """The file keeping the bytecode of the module at ``source``, or None when the cache folder is off."""
    folder = cache_folder()
    if folder is None:
        return None
    tag = sys.implementation.cache_tag or "python"
    digest = hashlib.sha256(os.fspath(source).encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return folder / f"bytecode-{tag}" / f"{Path(source).stem}-{digest}.bin"


def _header(info: os.stat_result) -> bytes:
    """What a kept file must start with: Python's magic number, the optimization level, the source's size and
    modification time."""
    return b"".join((
        importlib.util.MAGIC_NUMBER,
        sys.flags.optimize.to_bytes(4, "little"),
        info.st_size.to_bytes(8, "little"),
        info.st_mtime_ns.to_bytes(12, "little", signed=True),
    ))  # fmt: skip


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(PACKAGE + ".") or not sys.dont_write_bytecode:
            return None  # another package, or Python keeps the bytecode itself
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or type(spec.loader) is not importlib.machinery.SourceFileLoader:
            return spec  # not a plain source file (a compiled one, a zip): as Python finds it
        spec.loader = _Loader(spec.loader.name, spec.loader.path)
        return spec


class _Loader(importlib.machinery.SourceFileLoader):
    """Python's loader of a source file, keeping the module's bytecode in the cache folder."""

    def get_code(self, fullname):
        source = self.get_filename(fullname)
        kept = bytecode_file(source)
        try:
            header = _header(os.stat(source))
        except OSError:
            kept = None
        if kept is None:
            return super().get_code(fullname)
        try:
            data = kept.read_bytes()
        except OSError:
            data = b""
        if data.startswith(header):
            try:
                return marshal.loads(memoryview(data)[len(header):])
            except (EOFError, ValueError, TypeError):
                pass  # damaged: compiled again below
        code = self.source_to_code(self.get_data(source), source)
        write_atomically(kept, header + marshal.dumps(code))
        return code


def write_atomically(path: Path, data: bytes) -> bool:
    """``data`` to ``path`` atomically (a process reading meanwhile sees the old file or the new one): the cache
    folder's one writer (``lang.compiled``, ``lang.tables`` and this module's bytecode); an unwritable folder is
    left alone (False)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, path)
            return True
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        return False

"""Load a transcript from a ``.pdf`` or ``.txt`` file (or uploaded bytes).

Every refusal is an :class:`IngestError` whose message is one line naming the
file and the reason; it never quotes document text.

Text files: the transcript text is ``data.decode("utf-8")`` with one leading
byte-order mark removed, and nothing else changed (no newline translation, so
``\\r\\n`` stays).  All offsets index exactly that string, i.e.
``Path.read_bytes().decode("utf-8").removeprefix("\\ufeff")`` (note that
``Path.read_text()`` would translate newlines).  A text that begins with a CDCR
title page (the normalized layout) gets its header parsed.
"""
from __future__ import annotations

import codecs
import re
from pathlib import Path

from charset_normalizer import from_bytes

from anonymizer.errors import IngestError
from anonymizer.header import split_title
from anonymizer.types import Config, Transcript

__all__ = ["IngestError", "SUFFIXES", "load", "load_bytes"]

SUFFIXES = (".pdf", ".txt")
_MB = 1024 * 1024
_BOM = "\ufeff"
_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f]")  # control characters other than \t \n \v \f \r
_UTF16_32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_WINDOWS_LATIN = "cp1252"
_BINARY = "binary data, not text (contains control bytes such as NUL)"


def load(path: str | Path, config: Config = Config()) -> Transcript:
    """Load a transcript file from disk (``.pdf`` or ``.txt``)."""
    path = Path(path)
    _check_suffix(path.name)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise IngestError(path.name, f"cannot read the file ({type(exc).__name__})") from None
    return load_bytes(data, path.name, config)


def load_bytes(data: bytes, filename: str, config: Config = Config()) -> Transcript:
    """Load an uploaded transcript; ``filename`` decides the format and names errors."""
    name = Path(filename).name or filename
    suffix = _check_suffix(name)
    if not data.strip():
        raise IngestError(name, "empty file")
    if suffix == ".pdf":
        return _load_pdf(data, name, config)
    _check_size(name, len(data), config)
    return _load_text(data, name)


def _check_suffix(name: str) -> str:
    suffix = Path(name).suffix.lower()
    if suffix not in SUFFIXES:
        shown = f"'{suffix}'" if suffix else "no extension"
        raise IngestError(name, f"unsupported file type ({shown}); expected .pdf or .txt")
    return suffix


def _check_size(name: str, size: int, config: Config) -> None:
    if size > config.max_text_bytes:
        raise IngestError(name, f"too large ({size / _MB:.1f} MB; limit {config.max_text_bytes / _MB:.1f} MB)")


def _load_pdf(data: bytes, name: str, config: Config) -> Transcript:
    from anonymizer import pdf  # pdfplumber is only imported when a PDF arrives

    transcript = pdf.extract(data, name)
    _check_size(name, len(transcript.text.encode("utf-8")), config)
    return transcript


def _load_text(data: bytes, name: str) -> Transcript:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise IngestError(name, _not_utf8_reason(data)) from None
    text = text.removeprefix(_BOM)
    if not text.strip():
        raise IngestError(name, "empty file (only white space)")
    if _CONTROL_RE.search(text):
        raise IngestError(name, _BINARY)
    title_end, header = split_title(text)
    return Transcript(name=name, text=text, header=header, title_end=title_end, source_format="txt")


def _not_utf8_reason(data: bytes) -> str:
    """Why bytes are refused: binary, or text in another encoding (named, with a conversion hint)."""
    if b"\x00" in data and not data.startswith(_UTF16_32_BOMS):
        return _BINARY
    results = from_bytes(data)
    best = results.best()
    if best is None:
        return "binary data, not text"
    candidates = {best.encoding, *best.could_be_from_charset, *(match.encoding for match in results)}
    # US transcripts saved by Windows tools are cp1252; the detector often ranks cp1250 first on them.
    encoding = "cp1252" if _WINDOWS_LATIN in candidates else codecs.lookup(best.encoding).name
    return f"not UTF-8 text (looks like {encoding}); convert it to UTF-8, e.g. iconv -f {encoding} -t utf-8"

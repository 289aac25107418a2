"""Exceptions shared by the stages (the lowest layer: imports nothing of the package).

``IngestError`` lives here so that ``ingest`` and ``pdf`` both raise it without
importing each other.
"""
from __future__ import annotations

import json


class IngestError(Exception):
    """A file that cannot be turned into a transcript: ``"<filename>: <reason>"``."""

    def __init__(self, filename: str, reason: str) -> None:
        self.filename = " ".join(str(filename).split())
        self.reason = " ".join(reason.split())
        super().__init__(f"{self.filename}: {self.reason}")


def plain(exc: BaseException) -> str:
    """What went wrong, in words for whoever reads the message (an upload's line, the CLI, a document's
    failure): never the exception's class name (``InvalidDataError`` tells a reader nothing) nor its
    message (it may quote the document or its file name). Logs may name the type; messages say this."""
    if isinstance(exc, MemoryError):
        return "it needs more memory than the process may use"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply to read"
    if isinstance(exc, UnicodeError):
        return "its text cannot be decoded"
    if isinstance(exc, json.JSONDecodeError):
        return "it is not valid JSON"
    if isinstance(exc, TimeoutError):
        return "it took too long"
    if isinstance(exc, OSError):
        reason = (exc.strerror or "").strip().rstrip(".")
        return reason[:1].lower() + reason[1:] if reason else "a file system error"
    return "an unexpected error in the program"


#: the first bytes of the file types people upload by mistake: (signature, offset, what it is, its suffix)
_SIGNATURES = (
    (b"%PDF-", 0, "a PDF file", ".pdf"),
    (b"PK\x03\x04", 0, "a ZIP archive (a Word .docx, an OpenDocument file or a .zip)", ""),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 0, "an old Word (.doc) or Office file", ""),
    (b"{\\rtf", 0, "an RTF document", ""),
    (b"\x89PNG\r\n\x1a\n", 0, "a PNG image", ""),
    (b"\xff\xd8\xff", 0, "a JPEG image", ""),
    (b"RIFF", 0, "a WAV recording", ".wav"),  # with WAVE at 8 (file_kind)
    (b"fLaC", 0, "a FLAC recording", ".flac"),
    (b"ID3", 0, "an MP3 recording", ".mp3"),  # with its version byte (file_kind)
    (b"OggS", 0, "an Ogg recording", ".ogg"),
    (b"ftyp", 4, "an MP4/M4A file", ".m4a"),
)


def file_kind(data: bytes) -> tuple[str, str]:
    """(what ``data`` is by its first bytes, its suffix or ""), or ("", "") when it is none of the types
    people upload by mistake under another name (a PDF saved as ``.txt``, a Word file, a recording)."""
    for signature, offset, kind, own in _SIGNATURES:
        if data[offset:offset + len(signature)] != signature:
            continue
        if (signature == b"RIFF" and data[8:12] != b"WAVE") or (signature == b"ID3" and data[3:4] not in (b"\x02", b"\x03", b"\x04")):
            continue  # a text that happens to begin so
        return kind, own
    return "", ""


def misnamed(data: bytes, suffix: str) -> str:
    """The words of a refusal for a file whose content is another type than ``suffix`` says ("it is a
    PDF file: give it the .pdf suffix"), or "" (not one of the types :func:`file_kind` knows)."""
    kind, own = file_kind(data)
    if not kind or own == suffix.lower():
        return ""
    return f"it is {kind}" + (f": give it the {own} suffix" if own else ", not a transcript")

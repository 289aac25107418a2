"""Uploads never read into memory past their limits.

``SizeLimit`` refuses over-size files while the request streams in (first in
``request.upload_handlers``), nothing of them stored; ``read_limited`` reads an accepted file
in chunks, again stopping at the limit. A Django upload (``Sized``: its size known, its file on
disk past ``FILE_UPLOAD_MAX_MEMORY_SIZE``) is never read whole: ``pieces`` hands it to the
import ``PIECE`` bytes at a time (hashed with ``digest``, compared with ``same_bytes``, stored
piece by piece: ``services.importing``).
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Protocol

from django.core.files.uploadhandler import FileUploadHandler, SkipFile

_MB = 1024 * 1024


PIECE = 8 * _MB  # what the import holds of a Django upload at a time


class Chunked(Protocol):
    def chunks(self, chunk_size: int | None = None) -> Iterable[bytes]: ...


class Sized(Chunked, Protocol):
    """A Django upload: its size, and a file to read from any offset."""

    size: int

    def seek(self, offset: int) -> object: ...

    def read(self, size: int = -1) -> bytes: ...


def is_sized(content: object) -> bool:
    return isinstance(getattr(content, "size", None), int) and hasattr(content, "seek") and hasattr(content, "read")


def pieces(content: bytes | Sized) -> Iterator[bytes]:
    """The bytes of ``content`` ``PIECE`` at a time (a Django upload read from its start)."""
    if isinstance(content, bytes):
        yield from (content[i:i + PIECE] for i in range(0, len(content), PIECE))
        return
    content.seek(0)
    while piece := content.read(PIECE):
        yield piece


def digest(content: bytes | Sized) -> str:
    """The SHA-256 of ``content``, read a piece at a time."""
    sha = hashlib.sha256()
    for piece in pieces(content):
        sha.update(piece)
    return sha.hexdigest()


def same_bytes(stored: bytes, content: bytes | Sized) -> bool:
    """Whether ``content`` holds exactly ``stored`` (read a piece at a time)."""
    offset = 0
    for piece in pieces(content):
        if stored[offset:offset + len(piece)] != piece:
            return False
        offset += len(piece)
    return offset == len(stored)


def size(limit: int) -> str:
    """A limit as people read it: ``50 MB``, ``1,000 bytes``."""
    return f"{limit / _MB:.0f} MB" if limit >= _MB else f"{limit:,} bytes"


def too_large(limit: int) -> str:
    return f"too large (over the {size(limit)} limit); nothing was stored"


def read_limited(upload: Chunked, limit: int) -> bytes | None:
    """The upload's bytes, read chunk by chunk; None as soon as they pass ``limit`` (the rest unread)."""
    chunks, read = [], 0
    for chunk in upload.chunks():
        read += len(chunk)
        if read > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


class SizeLimit(FileUploadHandler):
    """First in ``request.upload_handlers``: a file past ``limit`` bytes is skipped, its name kept; so
    is every file once the request's files together pass ``total_limit`` (nothing of them reaches disk)."""

    def __init__(self, request, limit: int, total_limit: int | None = None) -> None:
        super().__init__(request)
        self.limit = limit
        self.total_limit = total_limit
        self.received = 0
        self.total = 0
        self.refused: list[str] = []
        self._reasons: list[str] = []

    def new_file(self, field_name, file_name, content_type, content_length, charset=None, content_type_extra=None):
        super().new_file(field_name, file_name, content_type, content_length, charset, content_type_extra)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        self.total += len(raw_data)
        if self.received > self.limit:
            self._refuse(too_large(self.limit))
        if self.total_limit is not None and self.total > self.total_limit:
            self._refuse(f"not read: the files of this upload together pass the {size(self.total_limit)} limit "
                         "(MAX_UPLOAD_TOTAL_BYTES); upload it again with fewer files")
        return raw_data

    def _refuse(self, reason: str):
        name = Path(self.file_name or "").name
        self.refused.append(name)
        self._reasons.append(f"{name}: {reason}")
        raise SkipFile

    def file_complete(self, file_size: int) -> None:
        return None

    def reasons(self) -> list[str]:
        """One line per refused file: name and limit (never content)."""
        return list(self._reasons)

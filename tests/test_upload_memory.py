"""An upload costs about its size in web-worker memory, not nine times it (issue 44's probe: a 48 MB
file took the worker from 186 to 618 MB): a Django upload is hashed, compared and stored a piece at
a time (``review.uploads.PIECE``), on PostgreSQL as binary parameters, never as the escaped text of
a query. The memory the import allocates stays within a few pieces (benchmarks/upload_memory.py
measures the worker's peak: 9.0x -> 0.7x); the stored bytes are the very bytes uploaded."""
from __future__ import annotations

import hashlib
import tracemalloc

import pytest
from django.core.files.uploadedfile import TemporaryUploadedFile
from django.db import connection

from review import services, uploads
from review.models import Corpus, Document

MB = 1024 * 1024


def _upload(data: bytes, name: str = "big.txt") -> TemporaryUploadedFile:
    upload = TemporaryUploadedFile(name, "text/plain", len(data), None)
    upload.write(data)
    upload.flush()
    return upload


def _payload(size: int) -> bytes:
    block = bytes(range(256)) + "INMATE RICHARDSON: Yes, sir.\n".encode()  # every byte value, NUL too
    return (block * (size // len(block) + 1))[:size]


@pytest.mark.django_db(transaction=True)
def test_it_stores_a_large_upload_a_piece_at_a_time(settings):
    if connection.vendor != "postgresql":
        pytest.skip("the copies were those of PostgreSQL's client-side binding: make test runs this on PostgreSQL")
    data = _payload(6 * uploads.PIECE + 12345)  # 48 MB, the probe's file
    settings.MAX_UPLOAD_BYTES = len(data) + MB
    settings.ANONYMIZER = {**settings.ANONYMIZER, "max_text_bytes": len(data) + 1}  # a text this long may be stored
    corpus = Corpus.objects.create(name="c")
    upload = _upload(data)
    tracemalloc.start()
    try:
        documents, errors = services.create_documents(corpus, [("big.txt", upload)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not errors and len(documents) == 1
    stored = Document.objects.get(pk=documents[0].pk)
    assert bytes(stored.original) == data and stored.content_sha256 == hashlib.sha256(data).hexdigest()
    # a few pieces at most (the piece read, the one before, psycopg's), never a copy of the file
    assert peak <= 3 * uploads.PIECE + MB, f"the import allocated {peak / MB:.0f} MB for a {len(data) / MB:.0f} MB file"


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["upload", "bytes"])
def test_it_stores_the_very_bytes_and_finds_the_same_file_again(kind, settings):
    data = _payload(uploads.PIECE + 777)
    settings.ANONYMIZER = {**settings.ANONYMIZER, "max_text_bytes": len(data) + 1}  # a text this long may be stored
    corpus = Corpus.objects.create(name="c")
    content = (lambda: _upload(data)) if kind == "upload" else (lambda: data)
    documents, errors = services.create_documents(corpus, [("a.txt", content())], limit=len(data) + 1)
    assert not errors and bytes(Document.objects.get(pk=documents[0].pk).original) == data
    Document.objects.filter(pk=documents[0].pk).update(content_sha256="")  # stored before the hash existed
    again, errors = services.create_documents(corpus, [("b.txt", content())], limit=len(data) + 1)
    assert not again and "the same file as document" in errors[0].reason
    other, errors = services.create_documents(corpus, [("c.txt", content()[:-1] + b"!" if kind == "bytes"
                                                        else _upload(data[:-1] + b"!"))], limit=len(data) + 1)
    assert len(other) == 1 and not errors

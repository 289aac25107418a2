"""Line breaks other than ``\\n``: the pass reads lines as ``str.splitlines`` does, the review screen
(and the export) split at ``\\n``; a transcript with ``\\r``-only line ends, or lines separated by
U+2028, showed as one line. Ingest makes every such break ``\\n``, one character for one."""
from __future__ import annotations

import re

import pytest

from anonymizer.ingest import line_breaks, load_bytes
from review import jobs
from review.models import Corpus, Document
from review.services import importing

from .test_jobs import HEARING
from .test_review_views import annotator, client_in, url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db
LINES = HEARING.splitlines()


def _analyzed(settings, annotator, data: bytes, name: str = "h.txt") -> Document:  # noqa: F811
    settings.JOBS_MODE = "inline"
    corpus = Corpus.objects.create(name="breaks")
    document = Document.objects.create(corpus=corpus, title="h", original_name=name, original=data, assignee=annotator)
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason
    return document


def _rerun(document: Document, data: bytes) -> None:
    """The automatic pass over ``data`` applied to ``document`` again, as a re-run does (its decisions kept)."""
    from review import pipelines

    transcript = load_bytes(data, "h.txt")
    importing.apply_analysis(document, pipelines.get_pipeline(importing.config_from_settings(document.corpus)).run(transcript))
    document.refresh_from_db()


def _shown_lines(client, document) -> dict[int, str]:
    """The review screen's lines by number (their text, marks removed)."""
    page = client.get(url(document, "document")).content.decode()
    rows = re.findall(r'<div class="line" id="l(\d+)"[^>]*>(.*?)</div>', page, re.S)
    return {int(n): re.sub(r"<[^>]+>", "", html) for n, html in rows}


@pytest.mark.parametrize("separator", ["\r", "\u2028", "\u2029", "\x85", "\x0c", "\x0b"],
                         ids=["cr", "u2028", "u2029", "nel", "form-feed", "vtab"])
def test_it_shows_the_lines_the_pass_read(client_in, annotator, settings, separator):  # noqa: F811
    document = _analyzed(settings, annotator, (separator.join(LINES) + separator).encode())
    assert document.text == HEARING  # one character for one: the offsets are those of the file
    shown = _shown_lines(client_in, document)
    assert len(shown) == len(LINES) + 1  # and the empty line after the last break, as for "\n"
    mentions = list(document.mentions.all())
    assert {document.text[m.start:m.end] for m in mentions} >= {"John Doe", "Fresno", "AB1234"}
    for m in mentions:  # each mention is on the screen's line the pass read it on
        number = document.text.count("\n", 0, m.start) + 1
        assert document.text[m.start:m.end] in shown[number], (number, shown[number])


def test_it_keeps_crlf_and_every_offset():
    data = "\r\n".join(LINES).encode()
    transcript = load_bytes(data, "crlf.txt")
    assert transcript.text == data.decode()  # \r\n stays: texts stored before keep their offsets
    assert line_breaks("a\rb\r\nc\u2028d") == "a\nb\r\nc\nd"


def test_it_reruns_a_document_stored_with_old_line_breaks_keeping_its_decisions(client_in, annotator, settings):  # noqa: F811
    """A text stored before (``\\r`` kept) with a decided mention: the re-run reads it with ``\\n``,
    same offsets; it was refused as "document text changed under decided mentions"."""
    data = "\r".join(LINES).encode()
    document = _analyzed(settings, annotator, data)
    Document.objects.filter(pk=document.pk).update(text=data.decode())  # as stored before line breaks were made \n
    fresno = document.mentions.get(start=HEARING.index("Fresno"))
    fresno.status = "accepted"
    fresno.save()
    document.refresh_from_db()
    _rerun(document, data)
    assert document.text == HEARING.rstrip("\n") and len(_shown_lines(client_in, document)) == len(LINES)
    assert document.mentions.get(pk=fresno.pk).status == "accepted"

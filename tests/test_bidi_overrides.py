"""A bidi override (U+202E RLO, U+202D LRO) shows a word's letters in another order than they are
stored: ``'\\u202eZEPOL AIRAM\\u202c'`` shows as MARIA LOPEZ on the review screen and in the export,
while every detector reads ZEPOL AIRAM (seen on the production-like instance: 'AIRAM' an
organization, 'ZEPOL' left). Ingest stores each override as the embedding of its direction, one
character for one: a word then shows in the order it is stored and read."""
from __future__ import annotations

import pytest

from anonymizer.ingest import as_read, load_bytes
from review.models import Document

from .test_line_breaks import HEARING, _analyzed, _rerun
from .test_review_views import annotator, client_in  # noqa: F401  (fixtures)

OVERRIDES = ("\u202d", "\u202e")
HOSTILE = [
    "INMATE DOE: My sister \u202eZEPOL AIRAM\u202c lives there.\n",  # closed by a pop
    "INMATE DOE: My sister \u202eZEPOL AIRAM lives there.\n",  # never closed: to the end of the paragraph
    "INMATE DOE: \u202d\u202eZEPOL\u202c\u202c AIRAM\n",  # nested
    "INMATE DOE: \u05e9\u05dc\u05d5\u05dd \u202dLopez\u202c\n",  # a left-to-right override in Hebrew
]


@pytest.mark.parametrize("text", HOSTILE, ids=["rlo", "rlo-unclosed", "nested", "lro-in-hebrew"])
def test_it_stores_no_override_and_keeps_every_offset(text):
    stored = load_bytes(text.encode(), "h.txt").text
    assert not any(c in stored for c in OVERRIDES)
    assert len(stored) == len(text)
    assert [a for a, b in zip(stored, text) if a != b] == [{"\u202d": "\u202a", "\u202e": "\u202b"}[b]
                                                           for b in text if b in OVERRIDES]


@pytest.mark.django_db
def test_it_reruns_a_document_stored_with_an_override_keeping_its_decisions(client_in, annotator, settings):  # noqa: F811
    """A text stored before (the override kept) with a decided mention: the re-run reads the embedding,
    same offsets, and is not refused as 'document text changed under decided mentions'."""
    data = HEARING.replace("Fresno", "\u202eonserF\u202c", 1).encode()
    document = _analyzed(settings, annotator, data)
    assert not any(c in document.text for c in OVERRIDES)
    Document.objects.filter(pk=document.pk).update(text=data.decode())  # as stored before
    decided = document.mentions.order_by("start").first()
    decided.status = "accepted"
    decided.save()
    document.refresh_from_db()
    _rerun(document, data)
    assert document.text == as_read(data.decode()) and document.mentions.get(pk=decided.pk).status == "accepted"

"""An editor's or transcriber's note in square brackets made of ordinary words (``[REDACTED]``,
``[NAME WITHHELD]``) is no suspect person; a name in brackets still is."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

HEARING = (
    "PRESIDING COMMISSIONER SMITH: Good morning. The report says [{note}] was present that night.\n"
    "INMATE ROBERTO GONZALEZ: Yes, [{note}] was there, sir.\n"
)

NOTES = [
    # bracketed text, whether a reader takes it for a person's name
    ("REDACTED", False),
    ("DELETED", False),
    ("SEALED", False),
    ("OMITTED", False),
    ("BLANK", False),
    ("CONFIDENTIAL", False),
    ("WITHHELD", False),
    ("NAME WITHHELD", False),
    ("Redacted", False),
    ("RICHARDSON", True),
    ("Gonzalez", True),
    ("Faerbanks", True),
    ("HOPE", True),
    ("Maria Lopez", True),
]


@pytest.mark.parametrize("note,person", NOTES)
def test_it_reads_a_bracketed_note_of_ordinary_words_as_no_name(pipeline, note, person):
    text = HEARING.format(note=note)
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    inside = [m for m in analysis.mentions if text.find(f"[{note}]") < m.start < text.find("\n")]
    assert bool(inside) == person, [(text[m.start:m.end], m.label) for m in inside]

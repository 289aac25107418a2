"""A transcript printed by another vendor reads as its text does: a proportional font, 28 numbered lines a
page (pleading paper), a title page numbered like the body, the body starting on the title page, a title going
on on page 2."""
from __future__ import annotations

from pathlib import Path

import pytest

from anonymizer import pdf
from anonymizer.ingest import load_bytes
from tests.pdfmaker import print_lines

HAND = Path(__file__).parent / "hand"
LAYOUTS = [  # font, size, lines a page, title page numbered, lines of the title page alone (0: the body goes on)
    ("Helvetica", 11, 28, True, 0),
    ("Times-Roman", 12, 28, False, 0),
    ("Courier", 11, 25, True, 0),
    ("Helvetica", 11, 26, True, 20),
    ("Times-Roman", 11, 32, False, 20),
    ("Helvetica", 11, 28, False, 9),  # a title page too long for its page goes on on page 2
]
FILES = ["police_report_read.txt", "family_statements.txt", "disciplinary_examination.txt", "speaker_timestamp_lines.txt"]


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize(("font", "size", "per_page", "numbered_title", "title_lines"), LAYOUTS)
def test_it_reads_a_pdf_of_another_layout_as_its_text(name, font, size, per_page, numbered_title, title_lines):
    raw = (HAND / name).read_text(encoding="utf-8")
    text = load_bytes(raw.encode(), name)
    printed = pdf.extract(print_lines(raw.split("\n"), font, size, per_page, numbered_title, title_lines), "x.pdf")
    assert _words(printed.text) == _words(text.text)
    assert printed.header == text.header
    assert _words(printed.text[:printed.title_end]) == _words(text.text[:text.title_end])
    body = printed.text[printed.title_end:].strip().split("\n")
    assert body == [line.strip() for line in text.text[text.title_end:].strip().split("\n") if line.strip()]

"""A transcript printed by another vendor reads as its text does: a proportional font, 28 numbered lines a
page (pleading paper), a title page numbered like the body, the body starting on the title page, a title going
on on page 2; a report printed the same way keeps its form's fields apart, its headings and its list's items."""
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
FILES = ["police_report_read.txt", "family_statements.txt", "disciplinary_examination.txt", "speaker_timestamp_lines.txt",
         "womens_prison_custody.txt", "asr_diarized_first_names.txt", "asr_timestamps.txt"]


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


REPORT = "risk_report_fields.txt"  # a risk assessment: a form's fields side by side, then headed sections and lists


@pytest.mark.parametrize(("font", "size", "per_page", "numbered_title", "title_lines"), LAYOUTS)
def test_it_reads_a_report_printed_as_a_pdf_by_its_fields_headings_and_items(font, size, per_page, numbered_title,
                                                                              title_lines):
    raw = (HAND / REPORT).read_text(encoding="utf-8")
    text = load_bytes(raw.encode(), REPORT)
    printed = pdf.extract(print_lines(raw.split("\n"), font, size, per_page, numbered_title, title_lines), "x.pdf")
    assert printed.header == text.header  # the fields printed side by side read apart, as in the text file
    lines = printed.text.split("\n")
    headings = [line.strip() for line in raw.split("\n") if line.strip() and line.strip() == line.strip().upper()
                and len(line.split()) >= 2 and ":" not in line and not line.startswith(" ")]
    assert headings and all(heading in lines for heading in headings), [h for h in headings if h not in lines]
    items = [line.strip() for line in raw.split("\n") if line.lstrip().startswith("- ")]
    assert items and all(item in lines for item in items)


@pytest.mark.parametrize(("font", "size", "per_page", "numbered_title", "title_lines"), LAYOUTS)
def test_it_reads_a_title_page_printed_in_two_columns_as_its_text(font, size, per_page, numbered_title, title_lines):
    """``PANEL PRESENT:`` beside ``OTHERS PRESENT:``: each column's people with their own roles (their order may
    differ: a PDF keeps no indent for the right column's lines below the left one's)."""
    name = "two_column_index.txt"
    raw = (HAND / name).read_text(encoding="utf-8")
    text = load_bytes(raw.encode(), name)
    printed = pdf.extract(print_lines(raw.split("\n"), font, size, per_page, numbered_title, title_lines), "x.pdf")
    assert set(printed.header.participants) == set(text.header.participants)
    assert printed.header.inmate_name == text.header.inmate_name and printed.header.transcriber == text.header.transcriber

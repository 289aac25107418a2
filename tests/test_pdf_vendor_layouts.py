"""Hearings written by hand (``tests/hand/``) printed as court-reporting vendors print them (:func:`print_vendor`):
28 lines a page wrapped at 56 characters, a running header naming the inmate on every page after the first, the
vendor's name and phone at the foot of every page (the title page's too) with the page number above it, empty lines
printed as spaces, a condensed transcript's four pages a sheet; the PDF reads as its text does, and a header naming the inmate is dropped or masked."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from anonymizer import pdf
from anonymizer.ingest import load_bytes
from tests.pdfmaker import Vendor, print_vendor

HAND = Path(__file__).parent / "hand"
FILES = ["family_statements.txt", "police_report_read.txt", "two_column_index.txt", "spoken_numbers.txt",
         "decision_narrative.txt"]  # the last two: a title page and one page after it
HEADER = "IN RE: {name}, CDCR NO. {number} \u2014 PAGE {{page}}"
FOOTER = "Golden State Reporting, Inc. (916) 555-0142"
VENDORS = {
    "pleading_56": Vendor(per_page=28, columns=56),
    "running_header": Vendor(header=HEADER),
    "footer_under_number": Vendor(footer=FOOTER, page_number_top=False),
    "footer_and_header": Vendor(per_page=28, columns=56, header=HEADER, footer=FOOTER),
    "blank_as_spaces": Vendor(blank_spaces=True),
    "condensed": Vendor(mini=True),  # four pages a sheet, two columns of two
    "condensed_with_furniture": Vendor(mini=True, header=HEADER, footer=FOOTER),
}


def _words(text: str) -> str:
    return " ".join(text.split())


def _printed(name: str, vendor: Vendor):
    raw = (HAND / name).read_text(encoding="utf-8")
    text = load_bytes(raw.encode(), name)
    inmate = (text.header.inmate_name if text.header else None) or "JOHN DOE"
    if vendor.header:
        vendor = Vendor(**{**vars(vendor), "header": vendor.header.format(name=inmate.upper(), number="AB1234")})
    return text, pdf.extract(print_vendor(raw.split("\n"), vendor), "x.pdf"), inmate.upper()


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("vendor", VENDORS, ids=list(VENDORS))
def test_it_reads_a_vendors_pdf_as_its_text(name, vendor):
    text, printed, _ = _printed(name, VENDORS[vendor])
    header = "IN RE:" in printed.text and VENDORS[vendor].header
    if not header:  # a header the reader keeps on a hearing of two pages is checked below
        assert _words(printed.text) == _words(text.text)
    assert FOOTER not in printed.text  # the vendor's footer is dropped from the title page too
    assert (printed.header is None) == (text.header is None)
    # a title page's one-line list wrapped at 56 characters, a condensed title page's columns at half size: left alone
    if text.header and not VENDORS[vendor].columns and not VENDORS[vendor].mini:
        assert printed.header.inmate_name == text.header.inmate_name
        assert set(printed.header.participants) == set(text.header.participants)  # two columns: in any order


@pytest.mark.parametrize("name", FILES)
def test_it_drops_or_masks_a_running_header_naming_the_inmate(pipeline, name):
    _, printed, inmate = _printed(name, VENDORS["footer_and_header"])
    analysis = pipeline.run(printed)
    text = printed.text
    for at in [i for i in range(len(text)) if text.startswith(inmate, i)]:
        covered = [any(m.start <= i < m.end for m in analysis.mentions) for i in range(at, at + len(inmate))]
        assert all(c for c, ch in zip(covered, inmate) if ch.isalnum()), f"the inmate's name at {at} is kept"


#: (the line ending in a hyphen, the next line, the utterance read): a word a printer broke at a line's end is one
#: word again when the lists or the document know it whole; a word cut off in speech, a compound or a double
#: surname keeps its hyphen
BROKEN = [
    ("INMATE DOE: I lived with Mr. Villar-", "real in Salinas.", "INMATE DOE: I lived with Mr. Villarreal in Salinas."),
    ("INMATE DOE: My cousin Hec-", "tor drove.", "INMATE DOE: My cousin Hector drove."),
    ("INMATE DOE: I was at Ata-", "scadero then.", "INMATE DOE: I was at Atascadero then."),
    ("INMATE DOE: My commit-", "ment offense.", "INMATE DOE: My commitment offense."),
    ("INMATE DOE: Señor Gutié-", "rrez hired me.", "INMATE DOE: Señor Gutiérrez hired me."),
    ("INMATE DOE: Mr. Woldem-", "ariam, yes. Woldemariam.", "INMATE DOE: Mr. Woldemariam, yes. Woldemariam."),
    ("INMATE DOE: I told Hernan-", "okay, I stopped.", "INMATE DOE: I told Hernan- okay, I stopped."),
    ("INMATE DOE: I took self-", "help groups.", "INMATE DOE: I took self- help groups."),
    ("INMATE DOE: Mr. Osei-", "Boateng called.", "INMATE DOE: Mr. Osei- Boateng called."),
    ("INMATE DOE: Her phone is 559-555-", "0177.", "INMATE DOE: Her phone is 559-555-0177."),
]


@pytest.mark.parametrize(("left", "right", "read"), BROKEN)
def test_it_joins_a_word_a_printer_broke_at_a_hyphen(left, right, read):
    assert pdf.utterances([left, right]) == [read]


HYPHENATED = ["disciplinary_examination.txt", "interpreter_turns.txt", "spouse_victim_daughter_speaks.txt",
              "korean_family_interpreter.txt", "officer_victim_codefendants.txt", "name_change_tattoos.txt"]


@pytest.mark.parametrize("name", HYPHENATED)
def test_it_masks_a_name_a_printer_broke_at_a_hyphen_as_in_the_text(pipeline, name):
    """Printed at 50 characters with words broken at hyphens: the body's names the text's pass masks are masked."""
    from tests.test_hand_hearings import EXPECTED

    _, printed, _ = _printed(name, Vendor(columns=50, hyphenate=True))
    body = printed.text[printed.title_end:]
    analysis = pipeline.run(printed)
    covered = [False] * len(printed.text)
    for mention in analysis.mentions:
        covered[mention.start:mention.end] = [True] * (mention.end - mention.start)
    leaks = [surface for surface in EXPECTED[name][0] if "\n" not in surface and surface in body
             for at in range(printed.title_end, len(printed.text)) if printed.text.startswith(surface, at)
             and not all(covered[i] for i in range(at, at + len(surface)) if printed.text[i].isalnum())]
    broken = [piece for piece in re.findall(r"(\w+)- (\w+)", body) if not all(
        covered[i] for i in range(body.index(f"{piece[0]}- {piece[1]}") + printed.title_end,
                                  body.index(f"{piece[0]}- {piece[1]}") + printed.title_end + len(piece[0])))
        and any(piece[0] in s for s in EXPECTED[name][0])]
    assert not leaks and not broken, (leaks, broken)

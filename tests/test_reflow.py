"""A text file printed like its PDF (line numbers, page numbers, wrapped utterances) is read as
the transcript format, and what the pass finds marks the file's own characters."""
from __future__ import annotations

import textwrap

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.lang.en.transcript import is_speaker_tag
from anonymizer.pdf.reflow import view

TITLE = [
    "BOARD OF PAROLE HEARINGS",
    "STATE OF CALIFORNIA",
    "",
    "In the matter of the Life Term Parole Consideration Hearing of:",
    "ROSALIND MAE TRUJILLO",
    "CDCR Number E-20544",
    "",
    "PANEL PRESENT:",
    "ROBERT DOYLE, Presiding Commissioner",
    "",
    "OTHERS PRESENT:",
    "ROSALIND TRUJILLO, Inmate",
    "VIVIAN ACOSTA, Victim's Daughter",
]
BODY = [
    "P R O C E E D I N G S",
    "PRESIDING COMMISSIONER DOYLE:  We are on the record for Rosalind Trujillo, T-R-U-J-I-L-L-O, CDCR "
    "number E as in Edward 20544.  Ms. Trujillo, on January 17th, 1985, you and Dale Kessler went to the home "
    "of Leonard Acosta on Florida Avenue in Hemet.  Is that right?",
    "INMATE TRUJILLO:  Yes.  We had been staying at the Desert Palms Motel on Highway 74 with my cousin "
    "Marcus Whitfield, who lives in Sacramento now.",
    "(Off the record)",
    "PRESIDING COMMISSIONER DOYLE:  Ms. Acosta, you may make your statement.",
    "MS. ACOSTA:  Vivian Acosta, A-C-O-S-T-A-B-E-L-L-I-N-G-H-A-M-S.  Leonard Acosta was my father.  I ask "
    "that you deny her parole.",
] * 4
BODY = [" ".join(line.split()) for line in BODY]  # one space: a printed line break reads as one


def normalized() -> str:
    return "\n".join(TITLE) + "\n\n" + "\n".join(BODY) + "\n"


def printed(width: int = 56, numbers: bool = True, per_page: int = 25, gutter: str = "{:2d}   ",
            spacing: str = "") -> tuple[str, list[int]]:
    """The transcript printed in pages, and for each character of :func:`normalized` (one space
    between two printed lines) where it stands in the print (-1 for a joining space); ``gutter``: the line
    number's format, ``spacing``: what follows each printed line (a blank line when double-spaced)."""
    rows: list[tuple[str, list[int]]] = []  # a printed line's text and the normalized offsets of its characters
    offset = 0
    for line in normalized().split("\n")[:-1]:
        if offset < len("\n".join(TITLE)):
            rows.append((line, list(range(offset, offset + len(line)))))
        else:
            pieces = textwrap.wrap(line, width, break_on_hyphens=False) or [""]
            cursor = offset
            for piece in pieces:
                at = line.index(piece, cursor - offset) + offset
                indent = "     " if piece is pieces[0] and is_speaker_tag(line) else ""
                rows.append((indent + piece, [-2] * len(indent) + list(range(at, at + len(piece)))))
                cursor = at + len(piece)
        offset += len(line) + 1
    out: list[str] = []
    where = [-1] * len(normalized())
    for i, (line, origin) in enumerate(rows):
        if numbers and i % per_page == 0 and i:
            out.append(" " * 50 + str(i // per_page + 1) + "\n")
        number = gutter.format(i % per_page + 1) if numbers else ""
        start = sum(map(len, out)) + len(number)
        for k, o in enumerate(origin):
            if o >= 0:
                where[o] = start + k
        out.append(number + line + "\n" + spacing)
    return "".join(out), where


def test_it_reads_nothing_differently_in_a_text_of_one_utterance_per_line():
    assert view(normalized()) is None


#: how line numbers are printed: a narrow gutter, and a stenographer's right-aligned in a wide column and
#: double-spaced ("       2             SPEAKER:  ...", "      12      words ...")
GUTTERS = {"narrow": ("{:2d}   ", ""), "wide": ("{:8d}      ", ""), "wide, double-spaced": ("{:8d}      ", "\n"),
           "wider": ("{:>10d}  ", "")}


@pytest.mark.parametrize("numbers", [True, False], ids=["line numbers", "wrapped only"])
def test_it_reads_a_printed_text_as_the_transcript_format(numbers):
    text, where = printed(numbers=numbers)
    shown = view(text)
    assert shown is not None
    assert shown.text.split("P R O C E E D I N G S")[1].strip() == normalized().split("P R O C E E D I N G S")[1].strip()
    for i, char in enumerate(shown.text):
        if not char.isspace():
            assert text[shown.origin[i]] == char


@pytest.mark.parametrize("gutter", GUTTERS, ids=list(GUTTERS))
def test_it_reads_a_gutter_right_aligned_in_a_wide_column(gutter):
    text, _ = printed(gutter=GUTTERS[gutter][0], spacing=GUTTERS[gutter][1])
    shown = view(text)
    assert shown is not None
    assert shown.text.split("P R O C E E D I N G S")[1].strip() == normalized().split("P R O C E E D I N G S")[1].strip()


@pytest.mark.parametrize("lines", [
    # prose whose lines open with numbers that do not count up 1, 2, 3 on most lines: no gutter
    ["        12 jurors were sworn in.", "        and then they left.", "        30 more came later."] * 10,
    ["Witness: I was there.", "Counsel: Thank you."] * 12,
], ids=["indented numbers", "one utterance a line"])
def test_it_finds_no_gutter_where_the_numbers_do_not_count_lines(lines):
    assert view("\n".join(lines) + "\n") is None


def test_it_drops_the_page_numbers_and_keeps_the_title_page_line_by_line():
    text, _ = printed()
    shown = view(text)
    assert shown is not None
    assert "\n".join(line.strip() for line in shown.text.split("\n")[:len(TITLE)]) == "\n".join(TITLE)
    assert not any(line.strip().isdigit() for line in shown.text.split("\n"))


def test_it_parses_the_title_page_of_a_printed_text():
    text, _ = printed()
    transcript = load_bytes(text.encode(), "printed.txt")
    assert transcript.text == text
    assert transcript.header is not None
    assert (transcript.header.inmate_name, transcript.header.cdcr_number) == ("ROSALIND MAE TRUJILLO", "E-20544")
    assert "P R O C E E D" not in text[: transcript.title_end]
    assert "VIVIAN ACOSTA" in text[: transcript.title_end]


@pytest.mark.parametrize(("numbers", "gutter"), [(True, "narrow"), (False, "narrow"), (True, "wide, double-spaced")],
                         ids=["line numbers", "wrapped only", "wide gutter, double-spaced"])
def test_it_masks_in_a_printed_text_what_it_masks_in_the_transcript_format(pipeline, numbers, gutter):
    reference = pipeline.run(load_bytes(normalized().encode(), "normalized.txt"))
    text, where = printed(numbers=numbers, gutter=GUTTERS[gutter][0], spacing=GUTTERS[gutter][1])
    analysis = pipeline.run(load_bytes(text.encode(), "printed.txt"))
    assert analysis.transcript.text == text
    found = {(m.start, m.end): m.label for m in analysis.mentions}
    wanted = [(where[m.start], where[m.end - 1] + 1, m.label) for m in reference.mentions]
    assert len(wanted) > 40
    assert [w for w in wanted if found.get(w[:2]) != w[2]] == []
    for m in analysis.mentions:  # every mention starts and ends on a character of the text, never in a gutter
        assert not text[m.start].isspace() and not text[m.end - 1].isspace()


#: pages without line numbers after the numbered ones: a certificate's paragraphs wrapped at their own width,
#: a signature block, an errata sheet's table and a numbered list
UNNUMBERED = """\
                      CERTIFICATE OF TRANSCRIPTION

          I, MIRIAM ABERNATHY-SOTO, a transcriber for Delta
     Verbatim Reporting, do hereby certify that the foregoing
     pages are a true and accurate transcription of the hearing
     of ROSALIND TRUJILLO, CDCR No. E-20544.

                              ____________________________
                              Miriam Abernathy-Soto
                              Transcriber
                              Delta Verbatim Reporting
                              1120 Capitol Mall, Suite 5
                              Sacramento, CA 95814

                              ERRATA SHEET
     PAGE  LINE   NOW READS                 SHOULD READ
      14     9    "Vivian Acosta"           "Vivian Acosta-Reyes"
      37    22    "Dale Kesler"             "Dale Kessler"

     1.  Letter from Leonard Acosta's brother, Tomas
         Acosta of Hemet, dated June 2, 2021.
     2.  Letter from Pastor Imogen Whitlock
     3.  Email from Calvin Ostrowski of Project Rebound
         Sacramento, confirming the job offer.
     Distribution:  District Attorney, Attn: Deputy DA Yolanda
     Fairbanks-Cho; Victim Services.
"""


@pytest.mark.parametrize("line", [
    "I, MIRIAM ABERNATHY-SOTO, a transcriber for Delta Verbatim Reporting, do hereby certify that the foregoing "
    "pages are a true and accurate transcription of the hearing of ROSALIND TRUJILLO, CDCR No. E-20544.",
    "Miriam Abernathy-Soto",  # a signature block: line by line
    "Transcriber",
    "Delta Verbatim Reporting",
    '37    22    "Dale Kesler"             "Dale Kessler"',  # a table's row
    "1.  Letter from Leonard Acosta's brother, Tomas Acosta of Hemet, dated June 2, 2021.",
    "2.  Letter from Pastor Imogen Whitlock",  # a list's next item starts a line
    "3.  Email from Calvin Ostrowski of Project Rebound Sacramento, confirming the job offer.",
    "Distribution:  District Attorney, Attn: Deputy DA Yolanda Fairbanks-Cho; Victim Services.",
])
def test_it_reads_the_unnumbered_pages_after_a_numbered_transcript_as_paragraphs(line):
    numbered, _ = printed()
    text = numbered + " " * 50 + "9\n" + UNNUMBERED * 2  # more lines without numbers than with
    shown = view(text)
    assert shown is not None
    lines = [piece.strip() for piece in shown.text.split("\n")]
    assert line in lines
    assert shown.text.split("P R O C E E D I N G S")[1].split("CERTIFICATE")[0].strip() \
        == normalized().split("P R O C E E D I N G S")[1].strip()

"""Hearings of other jurisdictions and formats (issue 47): UK inquiries and tribunals, police interviews, court
transcripts. Each row is a short exchange as such transcripts print it, the surface a reader masks with its
label (or ``None``: no letter of it may be masked). The rows stand for classes, several wordings each:

1. clock times written with a dot (``(2.05 pm)``, ``we'll resume at 1.45``, ``10.00 tomorrow``, ``The time is
   14.32``) and the proceedings' own adjournment times; ordinals listed after a month named earlier in the
   sentence (``the 3rd, 4th and 9th``);
2. an age given as the whole answer to a question about age (``Twelve.``, ``12/13.``, ``About nine or ten.``),
   ``from the age of 16``; body weights (``nine stone``, ``180 pounds`` of a body);
2b. a prison named without its kind (``I was taken to High Down``, ``three months in Onley``), labelled as prisons
   are; a court's list of appearances in capitals (``BY: TOBIAS R. WENDELL``, ``HON. MIRELA OSTRANDER``);
3. words that are no one's name: kinship words used as names of address (``Mum said``, ``my Nan's house``,
   ``Grandad``), the first word after a mixed-case speaker tag (``Mr Patel: Basically, ...``), ``Chair``.
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

from .masked_rows import assert_masked, masks_for_rows

Q = "Ms Ashworth: "
A = "Mrs Pritchard: "

ROWS = [
    # 1. clock times with a dot, and the proceedings' adjournment times
    (f"(10.00 am)\n\n{Q}Good morning, Chair.\n", "10.00 am", "TIME"),
    (f"{Q}We'll take a short break.\n\n(11.20 am)\n\n(A short break)\n\n(11.35 am)\n", "11.20 am", "TIME"),
    (f"{Q}Shall we say we'll resume at 1.45?\n{A}Yes.\n", "1.45", "TIME"),
    (f"{Q}We'll sit again at 10.00 tomorrow.\n", "10.00", "TIME"),
    ("DC Okafor: The time is 14.32 on Sunday the 2nd of June.\nMr Lacey: Yes.\n", "14.32", "TIME"),
    ("(Interview suspended 15.05, resumed 15.40)\nDC Okafor: Go on.\n", "15.40", "TIME"),
    (f"{A}I'd be in the shop balancing until 12.00 or 1.00 at night.\n", "1.00", "TIME"),
    ("DC Whitlock: What time did you leave?\nMr Lacey: About 11.15, maybe half eleven.\n", "11.15", "TIME"),
    # ... but not a score, a price, a section or a version
    (f"{Q}Your reading score was 12.00 then.\n{A}Yes.\n", "12.00", None),
    (f"{A}It cost me £3.45 a week.\n", "3.45", None),
    (f"{Q}That is section 11.35 of the handbook.\n", "11.35", None),
    # 1. ordinals listed after a month named earlier in the sentence
    (f"{A}They came back in May, on the 3rd, 4th and 9th, and took the keys.\n", "4th", "DATE"),
    (f"{A}They came back in May, on the 3rd, 4th and 9th, and took the keys.\n", "9th", "DATE"),
    ("DC Whitlock: Earlier in June, on the 5th, 6th and 8th, you were seen there.\nMr Lacey: No.\n", "6th", "DATE"),
    ("DC Whitlock: Who were you with in June? On the 5th, 6th and 8th you were seen there.\n", "8th", "DATE"),
    (f"{A}We moved in May, on the 5th floor.\n", "5th", None),
    # 2. an age as the whole answer to a question about age
    (f"{Q}How old are you now?\n\n{A}58.\n", "58", "AGE"),
    (f"{Q}How old was your son then?\n\n{A}Twelve.\n", "Twelve", "AGE"),
    ("DC Okafor: How old is Kezia?\nMr Lacey: Nineteen.\n", "Nineteen", "AGE"),
    (f"{Q}How old were your children?\n\n{A}12/13.\n", "12/13", "AGE"),
    (f"{Q}And your daughter, how old was she?\n\n{A}About nine or ten.\n", "nine or ten", "AGE"),
    (f"{A}She'd been bullied from the age of 8.\n", "8", "AGE"),
    # ... not the answer to another question
    (f"{Q}How many auditors came?\n\n{A}Two.\n", "Two", None),
    # 2. body weights
    (f"{A}I went down to seven stone.\n", "seven stone", "HEIGHT"),
    ("Mr Lacey: That ain't me. I'm six foot one and I'm fifteen stone.\n", "fifteen stone", "HEIGHT"),
    ("Mr Varsani: I was about 180 pounds when I went in.\n", "180 pounds", "HEIGHT"),
    (f"{A}The shortfall was 180 pounds that week.\n", "180 pounds", None),
    # 3. kinship words of address, the first word after a mixed-case tag, the Chair
    (f"{A}They went to my Nan's house in Tregaron.\n", "Nan", None),
    (f"{A}Mum said she would take them.\n", "Mum", None),
    (f"{A}Grandad did the school run.\n", "Grandad", None),
    ("Mr Lacey: Basically, yeah.\nDC Okafor: Right.\n", "Basically", None),
    (f"{Q}Chair, would that be a convenient moment?\n", "Chair", None),
    (f"{Q}Thank you, Chair.\n", "Chair", None),
    # 2. a prison named without its kind, after words of being sent or held there
    (f"{A}I received a sentence of six months. I was taken to High Down but it was all a blur.\n", "High Down",
     "ORGANIZATION"),
    ("Mr Varsani: After the sentence they sent me to Wellingborough, then three months in Onley.\n", "Onley",
     "ORGANIZATION"),
    (f"{A}After the conviction I was taken to Court again.\n", "Court", None),
    # a court's list of appearances in capitals: names by their initials, after BY: and HON.
    ("APPEARANCES\nBY: TOBIAS R. WENDELL\nAssistant United States Attorney\nBefore:\nHON. MIRELA OSTRANDER,\n"
     "District Judge\n\nTHE COURT: Good morning.\n", "TOBIAS R. WENDELL", "PERSON"),
    ("APPEARANCES\nBY: TOBIAS R. WENDELL\nAssistant United States Attorney\nBefore:\nHON. MIRELA OSTRANDER,\n"
     "District Judge\n\nTHE COURT: Good morning.\n", "MIRELA OSTRANDER", "PERSON"),
    ("UNITED STATES V. SMITH\n\nTHE COURT: Good morning.\n", "UNITED STATES", None),
]


@pytest.fixture(scope="module")
def masks(pipeline):
    return masks_for_rows(pipeline, ROWS)


@pytest.mark.parametrize(("text", "surface", "label"), ROWS, ids=[f"{s}:{l}:{t[:30]}" for t, s, l in ROWS])
def test_it_masks_what_a_reader_would_in_other_formats(masks, text, surface, label):
    assert_masked(*masks[text], surface, label)


NOTICE = (
    "PRESIDING COMMISSIONER RUFF:  That will conclude today's proceedings. 3 \n"
    "ADJOURNMENT 6 \n"
    "THIS TRANSCRIPT CONTAINS THE PROPOSED DECISION OF THE 7 \n"
    "BOARD OF PAROLE HEARINGS (BOARD) ANNOUNCED AT YOUR RECENT 8 \n"
    "BOARD HEARING AND IS PROVIDED TO YOU IN COMPLIANCE WITH 9 \n"
    "PENAL CODE SECTION 3041.5, SUBDIVISION (A)(4). THIS PROPOSED DECISION WILL BECOME FINAL WITHIN 120 DAYS 10 \n"
    "OF THE DATE OF THE HEARING, UNLESS THE BOARD NOTIFIES 11 \n"
    "YOU IN WRITING BEFORE THEN THAT THE PROPOSED DECISION HAS 12 \n"
    "BEEN MODIFIED, VACATED OR REFERRED TO THE FULL BOARD, 13 \n"
    "SITTING EN BANC, DUE TO AN ERROR OF LAW, ERROR OF FACT OR 14 \n"
    "NEW INFORMATION. THEREAFTER, THE GOVERNOR HAS AUTHORITY TO REVIEW THE BOARD'S DECISION AND 15 \n"
    "AFFIRM, MODIFY, OR REVERSE IT PURSUANT TO PENAL CODE 16 \n"
    "SECTIONS 3041.1 AND 3041.2. 17 \n"
    "EMMANUEL ODUYA    AK2961    10/24/2024    DECISION PAGE 1 18 \n"
)


def test_it_proposes_nothing_in_the_boards_notice_on_a_decision_page(pipeline):
    """The Board's notice in capitals, its words split over printed lines with their numbers, proposes nothing;
    the decision page's footer after it is still read."""
    analysis = pipeline.run(load_bytes(NOTICE.encode("utf-8"), "hearing.txt"))
    text = analysis.transcript.text
    start, end = text.index("THIS TRANSCRIPT"), text.index("3041.2.") + len("3041.2.")
    assert [text[m.start:m.end] for m in analysis.mentions if m.start < end and start < m.end] == []
    assert {"AK2961", "10/24/2024"} <= {text[m.start:m.end] for m in analysis.mentions}


def test_it_reads_a_line_number_printed_after_the_words_as_no_age(pipeline):
    """A PDF's text with each line's number after its words ("... who is 6 \\n currently housed"): the number
    closing a line is the line's, not an age the pass tags (a suspect may still flag it); an age said on the line
    still is."""
    lines = ["PRESIDING COMMISSIONER RUFF:  This is the hearing for Mr. Oduya, who is" if n == 6 else
             ("EMMANUEL ODUYA:  I'm 42, sir." if n == 11 else "PRESIDING COMMISSIONER RUFF:  All right, go on.")
             for n in range(1, 26)]
    text = "".join(f"{line} {n} \n" for n, line in enumerate(lines, 1))
    analysis = pipeline.run(load_bytes(text.encode("utf-8"), "hearing.txt"))
    ages = [analysis.transcript.text[m.start:m.end] for m in analysis.mentions
            if m.label == "AGE" and "suspect" not in m.sources]
    assert ages == ["42"]


SUBJECT = (
    "Ms Surname: When did the Post Office audit you?\n"
    "Mr Bhandari: The Post Office came in 2001. The Post Office said I owed them money, and the Post Office's\n"
    "investigator would not listen. I phoned the Post Office helpline, but the Post Office showed a loss every week.\n"
    "Ms Surname: Did the Post Office help?\n"
    "Mr Bhandari: No. The Post Office kept showing shortfalls, and the Post Office's system was wrong. The Post Office.\n"
    "Ms Surname: Mrs Bishop was your manager?\n"
    "Mr Bhandari: Yes, Bishop came every week. Bishop's office called me. I told Bishop. Bishop's van was there.\n"
)
#: a program a long hearing names now and then: data (where he works), however often it is said
PROGRAM = "".join(
    f"INCARCERATED PERSON ORTEGA: {'I work at Homeboy Industries now, and ' if n % 40 == 0 else ''}"
    f"I go to the groups every week and I talk with my sponsor about the steps and my family.\n" for n in range(320)
)


def test_it_keeps_the_organization_a_hearing_is_about_and_masks_a_name_that_is_a_word(pipeline):
    """An organization of ordinary words the hearing keeps naming, often and densely (an inquiry's company: "the
    Post Office"), is its vocabulary, not data; a person named by a dictionary word ("Bishop") stays masked wherever
    a tagger calls it an organization, and a program a long hearing names now and then stays data."""
    analysis = pipeline.run(load_bytes(SUBJECT.encode("utf-8"), "hearing.txt"))
    text = analysis.transcript.text
    masked = [text[m.start:m.end] for m in analysis.mentions if "suspect" not in m.sources]
    assert not [s for s in masked if "Post Office" in s], masked
    for at in (i for i in range(len(text)) if text.startswith("Bishop", i)):
        assert any(m.start <= at < m.end for m in analysis.mentions), (at, masked)
    analysis = pipeline.run(load_bytes(PROGRAM.encode("utf-8"), "hearing.txt"))
    text = analysis.transcript.text
    places = [i for i in range(len(text)) if text.startswith("Homeboy Industries", i)]
    assert len(places) == 8
    assert all(any(m.start <= at < m.end for m in analysis.mentions) for at in places)


def test_it_reads_an_utterance_wrapped_over_lines_numbered_after_their_words(pipeline):
    """A PDF's text with the line numbers after the words and utterances wrapped over lines (a real CDCR
    transcript's extracted text): the numbers are no text of the utterance (no age, no part of a name)."""
    words = ("PRESIDING COMMISSIONER RUFF:  And this is the first subsequent hearing for Mr. Oduya, who is",
             "currently housed at the prison. He was received by the Department on",
             "November 18, 2011, for the controlling offense.")
    lines = [words[(n - 1) % 3] for n in range(1, 26)]
    text = "".join(f"{line} {n} \n" for n, line in enumerate(lines, 1)) + "2 \n" + "".join(
        f"{line} {n} \n" for n, line in enumerate(lines, 1))
    analysis = pipeline.run(load_bytes(text.encode("utf-8"), "hearing.txt"))
    read = analysis.transcript.text
    tagged = [(m.label, read[m.start:m.end]) for m in analysis.mentions if "suspect" not in m.sources]
    assert not [t for t in tagged if t[0] == "AGE"], tagged
    assert ("DATE", "November 18, 2011") in tagged

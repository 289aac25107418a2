"""PDF -> normalized text (docs/transcript-format.md) on reportlab-made CDCR transcripts."""
from __future__ import annotations

import random
import time

import pytest

from anonymizer import pdf
from anonymizer.types import Participant
from tests.pdfmaker import BodyPage, Certificate, Hearing, paginate, render, wrap

NEW_TITLE = [
    "PAROLE SUITABILITY HEARING",
    "STATE OF CALIFORNIA",
    "BOARD OF PAROLE HEARINGS",
    ("In the matter of the Parole", "CDCR Number: AB1234"),
    "Consideration Hearing of:",
    "JOHN DOE",
    "SALINAS VALLEY STATE PRISON",
    "SOLEDAD, CALIFORNIA",
    "OCTOBER 24, 2024",
    "8:40 AM",
    "PANEL PRESENT:",
    "MARY ROE, Presiding Commissioner",
    "PETER McDONALD, Deputy Commissioner",
    "OTHERS PRESENT:",
    "JOHN DOE, Incarcerated Person",
    "ANN POE, Attorney for",
    "Incarcerated Person",
    "UNIDENTIFIED, Correctional Officers",
    "Transcribed by:",
    "JANE SMITH",
]

NEW_BODY = [
    BodyPage(
        [
            "DEPUTY COMMISSIONER McDONALD: We're on the record. Today",
            "is October 24, 2024. The time is 8:40 AM.",
            "PRESIDING COMMISSIONER ROE: This is the hearing for",
            "JOHN DOE",
            "and he is present. Please spell your last name.",
            "INMATE DOE: D-O-E. My mother's name is Young,",
            "Y-O-",
            "U-N-G.",
            "ATTORNEY POE : Good morning. My client told me",
            "He said: yes, and that was at",
            "11:30 in the morning.",
            "(Off the record)",
            "PRESIDING COMMISSIONER ROE: We are back on the record",
            "after a short recess. Mr. O'Brien?",
            "DEPUTY DISTRICT ATTORNEY O'BRIEN: Thank you. It was",
            "25 years to life.",
            "UNIDENTIFIED SPEAKER: (indiscernible) with my cousin",
            "(indiscernible) in 1995.",
            "PRESIDING COMMISSIONER ROE: Let us talk about the",
        ]
    ),
    BodyPage(
        [
            "commitment offense.",
            "INMATE DOE: I- I went home.",
            "(Whereupon, a recess was taken at 9:15 a.m.",
            "and the hearing resumed at 9:30 a.m.)",
            "--oOo--",
        ]
    ),
    BodyPage(
        [
            "DECISION",
            "PRESIDING COMMISSIONER ROE: The panel has reviewed all",
            "the information and finds Mr. Doe suitable.",
            "(Whereupon, the hearing adjourned.)",
        ],
        decision_footer="JOHN DOE AB1234 10/24/2024 DECISION PAGE 1",
    ),
]

CERTIFICATE_PROSE = (
    "I, JANE SMITH, a duly designated transcriber for Dictate Express Transcription, do hereby "
    "declare and certify under penalty of perjury that I have transcribed the recording of the "
    "PAROLE SUITABILITY HEARING of JOHN DOE, CDCR No. AB1234, held on OCTOBER 24, 2024, and that "
    "the foregoing pages 1 through 5 constitute a true and accurate transcription."
)

NEW_CERTIFICATE = Certificate(
    [
        ("heading", "CERTIFICATE AND DECLARATION OF TRANSCRIBER"),
        ("gap", ""),
        ("para", CERTIFICATE_PROSE),
        ("gap", ""),
        ("para", "I hereby certify that I am a disinterested party in the above-captioned matter."),
        ("gap", ""),
        ("para", "Dated November 5, 2024 at Sacramento, California."),
        ("gap", ""),
        ("line", "JANE SMITH"),
        ("line", "Transcriber"),
        ("line", "Dictate Express Transcription"),
    ]
)

NEW_EXPECTED = """\
PAROLE SUITABILITY HEARING
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS
In the matter of the Parole CDCR Number: AB1234
Consideration Hearing of:
JOHN DOE
SALINAS VALLEY STATE PRISON
SOLEDAD, CALIFORNIA
OCTOBER 24, 2024
8:40 AM
PANEL PRESENT:
MARY ROE, Presiding Commissioner
PETER McDONALD, Deputy Commissioner
OTHERS PRESENT:
JOHN DOE, Incarcerated Person
ANN POE, Attorney for
Incarcerated Person
UNIDENTIFIED, Correctional Officers
Transcribed by:
JANE SMITH

DEPUTY COMMISSIONER McDONALD: We're on the record. Today is October 24, 2024. The time is 8:40 AM.
PRESIDING COMMISSIONER ROE: This is the hearing for JOHN DOE and he is present. Please spell your last name.
INMATE DOE: D-O-E. My mother's name is Young, Y-O-U-N-G.
ATTORNEY POE : Good morning. My client told me He said: yes, and that was at 11:30 in the morning.
(Off the record)
PRESIDING COMMISSIONER ROE: We are back on the record after a short recess. Mr. O'Brien?
DEPUTY DISTRICT ATTORNEY O'BRIEN: Thank you. It was 25 years to life.
UNIDENTIFIED SPEAKER: (indiscernible) with my cousin (indiscernible) in 1995.
PRESIDING COMMISSIONER ROE: Let us talk about the commitment offense.
INMATE DOE: I- I went home.
(Whereupon, a recess was taken at 9:15 a.m. and the hearing resumed at 9:30 a.m.)
--oOo--
DECISION
PRESIDING COMMISSIONER ROE: The panel has reviewed all the information and finds Mr. Doe suitable.
(Whereupon, the hearing adjourned.)

CERTIFICATE AND DECLARATION OF TRANSCRIBER
""" + CERTIFICATE_PROSE + """
I hereby certify that I am a disinterested party in the above-captioned matter.
Dated November 5, 2024 at Sacramento, California.
JANE SMITH
Transcriber
Dictate Express Transcription
"""

OLD_TITLE = [
    "SUBSEQUENT PAROLE CONSIDERATION HEARING",
    "STATE OF CALIFORNIA",
    "BOARD OF PAROLE HEARINGS",
    "In the matter of the Life Term Parole Consideration Hearing of:",
    "CDCR Number: C-12345",
    "INMATE",
    "ROBERT YOUNG",
    "CALIFORNIA STATE PRISON, SOLANO",
    "VACAVILLE, CALIFORNIA",
    "MARCH 3, 2015",
    "1:30 PM",
    "PANEL PRESENT:",
    "SUSAN RUFF, Presiding Commissioner",
    "OTHERS PRESENT:",
    "ROBERT YOUNG, Inmate",
    "KATE MBELU, Attorney for Inmate",
    "UNIDENTIFIED, Correctional Officer",
    "Transcribed by:",
    "LISA GRANT",
    "Conduit Transcriptions",
]

OLD_BODY = [
    BodyPage(
        [
            "PRESIDING COMMISSIONER RUFF: Please state and spell",
            "your name for the record.",
            "INMATE YOUNG: Robert Young, R-O-B-E-R-T, Y-O-",
            "U-N-G. My CDCR number is C-12345.",
            "ATTORNEY MBELU : Counsel Kate Mbelu, M-B-E-L-U, for 15",
            "years now.",
        ]
    ),
    BodyPage(
        [
            "DECISION",
            "PRESIDING COMMISSIONER RUFF: Mr. Young, the panel",
            "finds you suitable for parole.",
        ],
        decision_footer="ROBERT YOUNG C-12345 03/03/2015 DECISION PAGE 1",
    ),
    BodyPage(
        ["PRESIDING COMMISSIONER RUFF: This hearing is adjourned."],
        decision_footer="ROBERT YOUNG C-12345 03/03/2015 DECISION PAGE 2",
    ),
]

# No blank lines between paragraphs: the layout (full lines) decides what joins.
OLD_CERTIFICATE = Certificate(
    [
        ("heading", "CERTIFICATE AND DECLARATION OF TRANSCRIBER"),
        ("para", "I, LISA GRANT, a transcriber for Conduit Transcriptions, declare under penalty of "
                 "perjury that the foregoing pages are a true, complete and accurate transcription."),
        ("para", "Dated March 20, 2015 at Sacramento, California."),
        ("line", "LISA GRANT"),
        ("line", "Conduit Transcriptions"),
    ]
)

OLD_EXPECTED = "\n".join(
    [
        *[" ".join(line) if isinstance(line, tuple) else line for line in OLD_TITLE],
        "",
        "PRESIDING COMMISSIONER RUFF: Please state and spell your name for the record.",
        "INMATE YOUNG: Robert Young, R-O-B-E-R-T, Y-O-U-N-G. My CDCR number is C-12345.",
        "ATTORNEY MBELU : Counsel Kate Mbelu, M-B-E-L-U, for 15 years now.",
        "DECISION",
        "PRESIDING COMMISSIONER RUFF: Mr. Young, the panel finds you suitable for parole.",
        "PRESIDING COMMISSIONER RUFF: This hearing is adjourned.",
        "",
        "CERTIFICATE AND DECLARATION OF TRANSCRIBER",
        OLD_CERTIFICATE.items[1][1],
        "Dated March 20, 2015 at Sacramento, California.",
        "LISA GRANT",
        "Conduit Transcriptions",
    ]
) + "\n"


@pytest.mark.parametrize("numbered_certificate", [False, True])
def test_it_normalizes_a_certified_transcript_exactly(numbered_certificate):
    certificate = Certificate(NEW_CERTIFICATE.items, numbered=numbered_certificate)
    data = render(Hearing(NEW_TITLE, NEW_BODY, certificate))
    transcript = pdf.extract(data, "hearing.pdf")
    assert transcript.text == NEW_EXPECTED
    assert transcript.pages == 6
    assert transcript.source_format == "pdf"


def test_it_sets_the_header_and_title_end_from_the_title_page():
    transcript = pdf.extract(render(Hearing(NEW_TITLE, NEW_BODY, NEW_CERTIFICATE)), "hearing.pdf")
    assert transcript.text[: transcript.title_end].endswith("Transcribed by:\nJANE SMITH")
    assert transcript.text[transcript.title_end :].startswith("\n\nDEPUTY COMMISSIONER McDONALD:")
    header = transcript.header
    assert (header.inmate_name, header.cdcr_number, header.facility) == (
        "JOHN DOE", "AB1234", "SALINAS VALLEY STATE PRISON")
    assert (header.city, header.state, header.hearing_date, header.hearing_time) == (
        "SOLEDAD", "CALIFORNIA", "OCTOBER 24, 2024", "8:40 AM")
    assert header.participants[-1] == Participant("ANN POE", "Attorney for Incarcerated Person")
    assert header.transcriber == "JANE SMITH"


@pytest.mark.parametrize(
    ("vendor", "running_header"),
    [("Conduit Transcriptions", None), ("Acme Court Reporters, Inc.", "Hearing of R. Young - Page {page} of 6")],
)
def test_it_handles_the_older_layout_trailing_numbers_and_another_vendor(vendor, running_header):
    certificate = Certificate([(k, t.replace("Conduit Transcriptions", vendor)) for k, t in OLD_CERTIFICATE.items])
    hearing = Hearing(
        OLD_TITLE, OLD_BODY, certificate, vendor=vendor, trailing_numbers=True, running_header=running_header
    )
    transcript = pdf.extract(render(hearing), "old.pdf")
    title, gap, rest = OLD_EXPECTED.partition("\n\n")
    assert transcript.text == title + gap + rest.replace("Conduit Transcriptions", vendor)
    assert vendor not in transcript.text.split("\n\n")[1]
    header = transcript.header
    assert (header.inmate_name, header.cdcr_number, header.hearing_type) == (
        "ROBERT YOUNG", "C-12345", "SUBSEQUENT PAROLE CONSIDERATION HEARING")
    assert (header.facility, header.city, header.transcriber) == (
        "CALIFORNIA STATE PRISON, SOLANO", "VACAVILLE", "LISA GRANT")


def test_it_keeps_the_first_body_page_when_there_is_no_index():
    hearing = Hearing(NEW_TITLE, NEW_BODY, NEW_CERTIFICATE, index=None)
    assert pdf.extract(render(hearing), "noindex.pdf").text == NEW_EXPECTED


def test_it_drops_an_index_page_wherever_it_is_recognised():
    index_like = BodyPage(["INDEX", "Proceedings 3", "Case Factors --", "Decision 5"])
    hearing = Hearing(NEW_TITLE, [NEW_BODY[0], index_like, *NEW_BODY[1:]], NEW_CERTIFICATE, index=None)
    assert pdf.extract(render(hearing), "late-index.pdf").text == NEW_EXPECTED


def test_it_ends_with_the_body_when_there_is_no_certificate():
    text = pdf.extract(render(Hearing(NEW_TITLE, NEW_BODY, None)), "nocert.pdf").text
    assert text == NEW_EXPECTED.split("\n\nCERTIFICATE")[0] + "\n"


@pytest.mark.parametrize(
    ("line", "is_tag"),
    [
        ("PRESIDING COMMISSIONER RUFF: Good morning.", True),
        ("ATTORNEY MBELU : Yes.", True),
        ("INMATE YOUNG: Yes.", True),
        ("McDONALD: Right.", True),
        ("DEPUTY DISTRICT ATTORNEY O'BRIEN: Nothing further.", True),
        ("UNIDENTIFIED SPEAKER:", True),
        ("He said: yes", False),
        ("11:30 in the morning", False),
        ("A: yes", False),
        ("CDCR number AB1234: noted", False),
        ("Mr. SMITH: hello", False),
    ],
)
def test_it_recognises_speaker_tags_only_at_the_start_in_capitals(line, is_tag):
    assert pdf.is_speaker_tag(line) is is_tag


@pytest.mark.parametrize(
    ("left", "right", "joined"),
    [
        ("name is Young, Y-O-", "U-N-G.", "name is Young, Y-O-U-N-G."),
        ("spelled Y-", "O-U-N-G", "spelled Y-O-U-N-G"),
        ("I-", "I went", "I- I went"),
        ("I was going to--", "and then", "I was going to-- and then"),
        ("his name was Hernan-", "Hernandez", "his name was Hernan- Hernandez"),
        ("plain", "text", "plain text"),
        # a number broken at a hyphen goes on; a word cut off in speech keeps its space
        ("Her phone is 559-555-", "0177.", "Her phone is 559-555-0177."),
        ("the case, BF-", "30952", "the case, BF- 30952"),
        ("I was going to the-", "the store", "I was going to the- the store"),
        ("back in 1995-", "96 or so", "back in 1995-96 or so"),
    ],
)
def test_it_joins_wrapped_lines_with_one_space_except_inside_spelled_names_and_numbers(left, right, joined):
    assert pdf.join(left, right) == joined


def test_it_converts_a_65_page_transcript_in_a_few_seconds():
    utterance = (
        "PRESIDING COMMISSIONER ROE: And what did you do after that, in the months before the "
        "commitment offense, when you were living with your aunt in the city?"
    )
    answer = "INMATE DOE: I was working at the warehouse, and I was drinking every day, sir."
    spoken = [utterance if i % 2 == 0 else answer for i in range(800)]
    printed = [line for text in spoken for line in wrap(text)]
    while len(printed) > 62 * 25:
        printed = printed[: -len(wrap(spoken.pop()))]
    data = render(Hearing(NEW_TITLE, paginate(printed), NEW_CERTIFICATE))
    started, cpu = time.perf_counter(), time.process_time()
    transcript = pdf.extract(data, "long.pdf")
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    print(f"65-page PDF ({len(data)} bytes): {seconds:.2f} s wall, {cpu_seconds:.2f} s CPU")
    assert transcript.pages == 65
    assert transcript.text.split("\n\n")[1] == "\n".join(spoken)
    assert cpu_seconds < 10, f"65 pages took {cpu_seconds:.1f} s of CPU"


WORDS = (
    "the a I was yes no sir Doe 1995 25 years to life, in October 24, 2024. 11:30 a.m. He said: okay AB1234 "
    "CDCR R-O-E-S Y-O-U-N-G (indiscernible) -- well-known I-I-I w-w-we Mr. O'Brien's parole. 15 3 Hernan- "
    "okay? \"quoted\" 100% #3 & ; page 4"
).split()
SPEAKERS = ["PRESIDING COMMISSIONER ROE:", "McDONALD:", "INMATE DOE:", "ATTORNEY POE :", "UNIDENTIFIED SPEAKER:"]


@pytest.mark.parametrize(("seed", "trailing_numbers"), [(1, False), (2, True)])
def test_it_round_trips_wrapped_utterances_of_random_words(seed, trailing_numbers):
    rng = random.Random(seed)
    spoken = [
        "(Off the record)" if rng.random() < 0.05
        else f"{rng.choice(SPEAKERS)} {' '.join(rng.choices(WORDS, k=rng.randint(1, 60)))}"
        for _ in range(80)
    ]
    printed = [line for text in spoken for line in wrap(text)]
    hearing = Hearing(NEW_TITLE, paginate(printed), NEW_CERTIFICATE, trailing_numbers=trailing_numbers)
    assert pdf.extract(render(hearing), "random.pdf").text.split("\n\n")[1] == "\n".join(spoken)


@pytest.mark.parametrize(("printed", "joined"), [
    # an examination's turns start an utterance; its heading (with a title's dot) stands alone
    (["questions?", "EXAMINATION BY MS. ROE", "BY MS. ROE:", "Q. Where were you", "born?", "A: In Zamora."],
     ["questions?", "EXAMINATION BY MS. ROE", "BY MS. ROE:", "Q. Where were you born?", "A: In Zamora."]),
    # a speaker's label in mixed case, before a colon or alone before a timestamp (its wide gap back)
    (["Presiding Commissioner Faulkner: Good", "morning.", "Marcus Whitley-Boyd 0:00:12", "Yes ma'am, I",
      "hear you.", "Unidentified speaker 0:06:30", "(inaudible)"],
     ["Presiding Commissioner Faulkner: Good morning.", "Marcus Whitley-Boyd  0:00:12", "Yes ma'am, I hear you.",
      "Unidentified speaker  0:06:30", "(inaudible)"]),
    # a clock time ending a wrapped line is no timestamp
    (["INMATE DOE: We left the", "Motel 6 at 11:30", "that night."], ["INMATE DOE: We left the Motel 6 at 11:30 that night."]),
    (["INMATE DOE: We left at", "Mr. Roe 11:30", "that night."], ["INMATE DOE: We left at Mr. Roe 11:30 that night."]),
])
def test_it_starts_an_utterance_at_a_turn_a_label_and_a_timestamp(printed, joined):
    assert pdf.utterances(printed) == joined


def test_it_lays_out_a_title_line_with_its_gaps_and_caps_them_against_hostile_boxes():
    from anonymizer.pdf.pages import MAX_LAID_OUT_SPACES, Line, Word

    fields = Line(words=(Word("NAME:", 0, 30), Word("DOE", 36, 54), Word("CDCR#:", 120, 156)), top=0, bottom=10)
    assert fields.laid_out(0.0, 6.0) == "NAME: DOE" + " " * 11 + "CDCR#:"  # a word space is one, a column's gap kept
    hostile = Line(words=(Word("NAME:", 0, 1e-9), Word("X", 1e6, 1e6 + 1e-9)), top=0, bottom=1)
    assert len(hostile.laid_out(-1e6, 1e-12)) <= 2 * MAX_LAID_OUT_SPACES + len("NAME:X")

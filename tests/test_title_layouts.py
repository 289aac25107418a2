"""Title pages in other layouts (empty lines between their parts, a caption box, mixed case, labelled
values, "CDC No.") and speakers who say their own name for the record: who speaks under a tag."""
from __future__ import annotations

import pytest

from anonymizer import ingest
from anonymizer.header import parse_title, split_title
from anonymizer.normalize.names import states_own_name
from anonymizer.types import Participant

#: a title page as a PDF viewer saves it: a caption box in brackets and empty lines between the parts
BOXED = """\
                    SUBSEQUENT PAROLE CONSIDERATION HEARING
                         STATE OF CALIFORNIA
                     BOARD OF PAROLE HEARINGS

In the matter of the Life          )
Term Parole Consideration          )    CDCR Number: K-48213
Hearing of:                        )
                                   )
DANIEL ORTEGA                      )
___________________________________)

                  CORRECTIONAL TRAINING FACILITY
                       SOLEDAD, CALIFORNIA
                         MARCH 3, 2021
                           9:14 A.M.

PANEL PRESENT:
MARY SMITH, Presiding Commissioner
KEVIN O'NEIL, Deputy Commissioner

OTHERS PRESENT:
DANIEL ORTEGA, Inmate
ROSA RAMIREZ, Attorney for Inmate
PETER CHEN, Deputy District Attorney
ELENA LOPEZ, Victim's Mother
MARK LOPEZ, Victim's Brother
CORRECTIONS STAFF TO BE NAMED

TRANSCRIBED BY:  LISA GRANT, Peters Shorthand Reporting

                              PROCEEDINGS

"""

#: the same hearing printed in mixed case with labelled values and a "CDC No."
MIXED = """\
BOARD OF PAROLE HEARINGS
STATE OF CALIFORNIA

In the Matter of the Parole Consideration Hearing of:
DANIEL ORTEGA, CDC No. K-48213

CORRECTIONAL TRAINING FACILITY
SOLEDAD, CALIFORNIA

Date: March 3, 2021
Time: 9:14 a.m.

PANEL PRESENT:
Mary Smith, Presiding Commissioner
Kevin O'Neil, Deputy Commissioner

OTHERS PRESENT:
Daniel Ortega, Inmate
Elena Lopez, Victim's Mother

PROCEEDINGS

"""

BODY = """\
PRESIDING COMMISSIONER SMITH: We're on the record. Mr. Ortega, please state your name and spell your last name.
INMATE ORTEGA: Daniel Ortega, O-R-T-E-G-A.
PRESIDING COMMISSIONER SMITH: Ms. Lopez, you're the victim's mother?
MS. LOPEZ: Yes. Elena Lopez, L-O-P-E-Z. Jennifer was my daughter.
MR. LOPEZ: Mark Lopez. I'm her brother.
PRESIDING COMMISSIONER SMITH: Mr. Ortega, tell me about your family.
INMATE ORTEGA: My father, Carlos Ortega, worked in the fields. My brother Luis Ortega is in Fresno now. Luis visits every month.
PRESIDING COMMISSIONER SMITH: On June 4, 1999, you shot Jennifer Lopez.
INMATE ORTEGA: Yes. Jennifer was my girlfriend.
PRESIDING COMMISSIONER SMITH: Ms. Lopez, would you like to make a statement?
MS. LOPEZ: Jennifer was my only daughter. Mr. Ortega took her from us.
MR. LOPEZ: My sister was nineteen. I ask the Board to deny.
PRESIDING COMMISSIONER SMITH: Thank you, Mr. Lopez. Thank you, Ms. Lopez.
"""


@pytest.mark.parametrize(("title", "expected"), [
    (BOXED, {"inmate_name": "DANIEL ORTEGA", "cdcr_number": "K-48213", "facility": "CORRECTIONAL TRAINING FACILITY",
             "city": "SOLEDAD", "hearing_date": "MARCH 3, 2021", "hearing_time": "9:14 A.M.",
             "hearing_type": "SUBSEQUENT PAROLE CONSIDERATION HEARING", "transcriber": "LISA GRANT"}),
    (MIXED, {"inmate_name": "DANIEL ORTEGA", "cdcr_number": "K-48213", "facility": "CORRECTIONAL TRAINING FACILITY",
             "city": "SOLEDAD", "hearing_date": "March 3, 2021", "hearing_time": "9:14 a.m."}),
])
def test_it_reads_a_title_page_printed_with_empty_lines_between_its_parts(title, expected):
    text = title + BODY
    end, header = split_title(text)
    assert header is not None
    assert {key: header.as_dict()[key] for key in expected} == expected
    assert text[:end].rstrip().endswith(("Peters Shorthand Reporting", "Elena Lopez, Victim's Mother"))
    assert "PRESIDING COMMISSIONER SMITH" not in text[:end]


#: a title page printed as a form under a heading whose first words end with a colon, like a speaker's tag
FORM_HEADING = """\
BOARD OF PAROLE HEARINGS
STATE OF CALIFORNIA

{heading}

INMATE:        DANIEL ORTEGA, CDCR No. K-48213
PRISON:        Correctional Training Facility, Soledad
DATE:          March 3, 2021
PANEL:         Presiding Commissioner Mary Smith

                                 PROCEEDINGS

"""


@pytest.mark.parametrize("heading", ["LIFE PRISONER: PAROLE CONSIDERATION HEARING, SUBSEQUENT NO. 4",
                                     "LIFE TERM INMATE: INITIAL PAROLE CONSIDERATION HEARING"])
def test_it_reads_a_form_under_a_heading_with_a_colon_as_a_title_page(heading):
    text = FORM_HEADING.format(heading=heading) + BODY
    end, header = split_title(text)
    assert header is not None and (header.inmate_name, header.cdcr_number, header.city) == ("DANIEL ORTEGA", "K-48213",
                                                                                            "Soledad")
    assert header.hearing_type == heading and "PRESIDING COMMISSIONER SMITH:" not in text[:end]


def test_it_reads_the_participants_of_a_boxed_title_page_and_leaves_out_what_names_no_one():
    header = split_title(BOXED + BODY)[1]
    assert [p.name for p in header.participants] == [
        "MARY SMITH", "KEVIN O'NEIL", "DANIEL ORTEGA", "ROSA RAMIREZ", "PETER CHEN", "ELENA LOPEZ", "MARK LOPEZ"]


@pytest.mark.parametrize(("lines", "expected"), [
    (["PANEL PRESENT:", "Mary Smith, Presiding Commissioner", "Kevin O'Neil, Deputy Commissioner"],
     (Participant("Mary Smith", "Presiding Commissioner"), Participant("Kevin O'Neil", "Deputy Commissioner"))),
    (["OTHERS PRESENT:", "Elena Lopez, Victim's Mother", "Rosa Ramirez, Attorney for", "Inmate"],
     (Participant("Elena Lopez", "Victim's Mother"), Participant("Rosa Ramirez", "Attorney for Inmate"))),
    # a mixed-case line without a role of the hearing is no participant: it continues the one before
    (["OTHERS PRESENT:", "ROSA RAMIREZ, Attorney", "Law Offices, Fresno Branch"],
     (Participant("ROSA RAMIREZ", "Attorney Law Offices, Fresno Branch"),)),
])
def test_it_reads_participants_printed_in_mixed_case_before_a_role(lines, expected):
    assert parse_title(lines).participants == expected


@pytest.mark.parametrize("text", [
    # no title page: its markers are missing, even across empty lines
    "Notes on the Board of Parole Hearings.\n\nSee the hearing of: the panel.\n",
    # a title page needs its markers before the first utterance
    "STATE OF CALIFORNIA\n\nPRESIDING COMMISSIONER ROE: The Board of Parole Hearings, CDCR Number K-1234.\n",
])
def test_it_finds_no_title_page_across_empty_lines_without_its_markers(text):
    assert split_title(text) == (0, None)


def test_it_stops_a_title_page_at_the_index_heading():
    text = BOXED.replace("                              PROCEEDINGS\n", "I N D E X\nProceedings ........ 4\n") + BODY
    end, header = split_title(text)
    assert header is not None and "Proceedings" not in text[:end]
    assert header.participants[-1] == Participant("MARK LOPEZ", "Victim's Brother")


@pytest.mark.parametrize(("line", "name", "own"), [
    ("INMATE ORTEGA: Daniel Ortega, O-R-T-E-G-A.", "Daniel Ortega", True),
    ("MS. LOPEZ: Yes. Elena Lopez, L-O-P-E-Z.", "Elena Lopez", True),
    ("MR. LOPEZ: Mark Lopez.", "Mark Lopez", True),
    ("MS. LOPEZ: Good morning, Elena Lopez, L as in Larry, O-P-E-Z.", "Elena Lopez", True),
    ("MS. LOPEZ: Elena Lopez", "Elena Lopez", True),
    # someone else: a verb after the name, another surname than the tag's, not opening the utterance
    ("MS. LOPEZ: Jennifer Lopez was my daughter.", "Jennifer Lopez", False),
    ("MS. LOPEZ: Jennifer Lopez, my daughter, was nineteen.", "Jennifer Lopez", False),
    ("INMATE ORTEGA: Tony Reyes, T-O-N-Y.", "Tony Reyes", False),
    ("INMATE ORTEGA: My brother is Luis Ortega.", "Luis Ortega", False),
    ("Daniel Ortega, O-R-T-E-G-A.", "Daniel Ortega", False),
])
def test_it_tells_a_speaker_saying_their_own_name_for_the_record(line, name, own):
    start = line.index(name)
    assert bool(states_own_name(line, start, start + len(name))) is own


def _people(pipeline, tmp_path, text: str) -> dict[str, set[str]]:
    """Each person entity's name -> the surfaces of its mentions."""
    path = tmp_path / "hearing.txt"
    path.write_text(text, encoding="utf-8")
    transcript = ingest.load(path)
    analysis = pipeline.run(transcript)
    out: dict[str, set[str]] = {}
    for mention in analysis.mentions:
        if mention.label in ("PERSON", "SPELLED_NAME") and mention.start >= transcript.title_end:
            out.setdefault(analysis.entities[mention.entity].name, set()).add(text[mention.start : mention.end])
    return out


@pytest.mark.parametrize("title", [BOXED, MIXED, ""], ids=["boxed title page", "mixed-case title page", "no title page"])
def test_it_gives_each_speaker_tag_to_the_one_who_speaks_under_it(pipeline, tmp_path, title):
    people = _people(pipeline, tmp_path, title + BODY)
    assert {"ORTEGA", "O-R-T-E-G-A", "Ortega"} <= people["Daniel Ortega"]
    assert {"LOPEZ", "L-O-P-E-Z"} <= people["Elena Lopez"]
    assert "LOPEZ" in people["Mark Lopez"]
    assert people["Jennifer Lopez"] <= {"Jennifer", "Jennifer Lopez"}  # the victim does not speak
    assert people["Luis Ortega"] <= {"Luis", "Luis Ortega"}

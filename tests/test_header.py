"""Title page parsing: both CDCR layouts, wrapped participants, the title block's end offset."""
from __future__ import annotations

import pytest

from anonymizer.header import ends_title, parse_title, split_title
from anonymizer.types import Participant

CURRENT = """\
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
SEAN O'BRIEN, Deputy District Attorney
UNIDENTIFIED, Correctional Officers
Transcribed by:
JANE SMITH
Dictate Express Transcription""".splitlines()

OLDER = """\
SUBSEQUENT PAROLE CONSIDERATION HEARING
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS
In the matter of the Life Term Parole Consideration Hearing of:
CDCR Number: C-12345
INMATE
ROBERT YOUNG
CALIFORNIA STATE PRISON, SOLANO
VACAVILLE, CALIFORNIA
MARCH 3, 2015
1:30 P.M.
PANEL PRESENT:
SUSAN RUFF, Presiding Commissioner
OTHERS PRESENT:
ROBERT YOUNG, Inmate
KATE MBELU, Attorney for
Inmate
UNIDENTIFIED, Correctional Officer
Transcribed by: LISA GRANT
Conduit Transcriptions""".splitlines()


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (
            CURRENT,
            dict(
                inmate_name="JOHN DOE",
                cdcr_number="AB1234",
                facility="SALINAS VALLEY STATE PRISON",
                city="SOLEDAD",
                state="CALIFORNIA",
                hearing_date="OCTOBER 24, 2024",
                hearing_time="8:40 AM",
                hearing_type="PAROLE SUITABILITY HEARING",
                transcriber="JANE SMITH",
                participants=[
                    {"name": "MARY ROE", "role": "Presiding Commissioner"},
                    {"name": "PETER McDONALD", "role": "Deputy Commissioner"},
                    {"name": "JOHN DOE", "role": "Incarcerated Person"},
                    {"name": "ANN POE", "role": "Attorney for Incarcerated Person"},
                    {"name": "SEAN O'BRIEN", "role": "Deputy District Attorney"},
                ],
            ),
        ),
        (
            OLDER,
            dict(
                inmate_name="ROBERT YOUNG",
                cdcr_number="C-12345",
                facility="CALIFORNIA STATE PRISON, SOLANO",
                city="VACAVILLE",
                state="CALIFORNIA",
                hearing_date="MARCH 3, 2015",
                hearing_time="1:30 P.M.",
                hearing_type="SUBSEQUENT PAROLE CONSIDERATION HEARING",
                transcriber="LISA GRANT",
                participants=[
                    {"name": "SUSAN RUFF", "role": "Presiding Commissioner"},
                    {"name": "ROBERT YOUNG", "role": "Inmate"},
                    {"name": "KATE MBELU", "role": "Attorney for Inmate"},
                ],
            ),
        ),
    ],
    ids=["current-layout", "older-layout"],
)
def test_it_parses_every_field_of_both_title_layouts(lines, expected):
    assert parse_title(lines).as_dict() == expected


def test_it_reads_the_name_printed_before_the_cdcr_number_in_the_older_layout():
    lines = ["In the matter of the Life Term Parole Consideration Hearing of:", "JOHN DOE", "CDCR Number: C-12345"]
    header = parse_title(lines)
    assert (header.inmate_name, header.cdcr_number) == ("JOHN DOE", "C-12345")


def test_it_skips_unidentified_participants_and_the_transcription_company():
    header = parse_title(CURRENT)
    assert "UNIDENTIFIED" not in header.person_names()
    assert "Dictate Express Transcription" not in header.person_names()
    assert header.person_names()[0] == "JOHN DOE"


@pytest.mark.parametrize("line", [
    "CORRECTIONAL OFFICERS UNIDENTIFIED",
    "CORRECTIONAL OFFICERS",
    "TWO OBSERVERS, Board of Parole Hearings",
    "VICTIM'S FAMILY MEMBERS",
])
def test_it_reads_a_participant_line_of_role_words_as_nobody(line):
    header = parse_title(["PANEL PRESENT:", "JOHN SMITH, Presiding Commissioner", "OTHERS PRESENT:", line,
                          "MARY JONES, Deputy District Attorney"])
    assert header.person_names() == ("JOHN SMITH", "MARY JONES")


def test_it_reads_the_inmate_name_from_the_caption_left_column():
    lines = ["In the matter of the Life Term      )   CDC Number E-20544", "Parole Consideration Hearing of:    )",
             ")   INMATE", "ROSALIND MAE TRUJILLO        )   COPY"]
    assert parse_title(lines).inmate_name == "ROSALIND MAE TRUJILLO"


@pytest.mark.parametrize(("line", "name"), [
    ("Ms. Theresa Kowalczyk, Presiding Commissioner", "Theresa Kowalczyk"),
    ("Mr. Gregory St. Pierre, Deputy District Attorney", "Gregory St. Pierre"),
    ("Dr. Ana Ruiz, Psychologist", "Ana Ruiz"),
    ("MARY ROE, Deputy Commissioner", "MARY ROE"),
])
def test_it_reads_a_participant_name_without_its_honorific(line, name):
    assert parse_title(["PANEL PRESENT:", line]).person_names() == (name,)


def test_it_reads_the_caption_box_left_column_with_its_comma_and_label():
    lines = ["In the Matter of the Parole", "Consideration Hearing of:           )    CDC Number: F-88213", ")",
             "RAYMOND JOSEPH WHITEHORSE,          )", ")", "Inmate.       )", "____________________________________)", "",
             "MULE CREEK STATE PRISON", "IONE, CALIFORNIA", "OCTOBER 17, 2019"]
    header = parse_title(lines)
    assert (header.inmate_name, header.cdcr_number, header.facility) == (
        "RAYMOND JOSEPH WHITEHORSE", "F-88213", "MULE CREEK STATE PRISON")


FIELDS = """INITIAL PAROLE SUITABILITY HEARING
BOARD OF PAROLE HEARINGS, STATE OF CALIFORNIA

INMATE: JOSÉ LUIS HERNÁNDEZ-OCHOA        CDCR NO.: V-20671
INSTITUTION: CENTINELA STATE PRISON, IMPERIAL, CALIFORNIA
DATE: MAY 5, 2023

APPEARANCES:
Presiding Commissioner: Ellen Fitzgerald-Moss
Deputy Commissioner: Rubén Castañeda
Interpreter: Marisol Arreola (Spanish)

PRESIDING COMMISSIONER FITZGERALD-MOSS: Good afternoon.
"""


def test_it_reads_a_title_page_of_labeled_fields():
    end, header = split_title(FIELDS)
    assert FIELDS[end:].startswith("\n\nPRESIDING COMMISSIONER FITZGERALD-MOSS:")  # "INSTITUTION:" is no speaker
    assert (header.inmate_name, header.cdcr_number) == ("JOSÉ LUIS HERNÁNDEZ-OCHOA", "V-20671")
    assert (header.facility, header.city, header.state) == ("CENTINELA STATE PRISON", "IMPERIAL", "CALIFORNIA")
    assert [(p.name, p.role) for p in header.participants] == [  # the inmate's field, apart from the CDCR number's
        ("JOSÉ LUIS HERNÁNDEZ-OCHOA", "INMATE"), ("Ellen Fitzgerald-Moss", "Presiding Commissioner"),
        ("Rubén Castañeda", "Deputy Commissioner"), ("Marisol Arreola", "Interpreter")]


TWO_COLUMNS = """SUBSEQUENT PAROLE CONSIDERATION HEARING
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS

In the matter of the Life Term        )    CDCR Number:  V-81453
Parole Consideration Hearing of:      )
TOUA XIONG                            )

MULE CREEK STATE PRISON
IONE, CALIFORNIA
WEDNESDAY, MARCH 11, 2020

PANEL PRESENT:                            OTHERS PRESENT:
SHARON PRICE, Presiding Commissioner      TOUA XIONG, Inmate
DAVID SNOW, Deputy Commissioner           GLORIA ABERCROMBIE-TAN, Attorney
                                          WINSTON GAY, Deputy District Attorney
                                          PANG VANG, Victim's sister

CORRECTIONS TO THE DECISION HAVE BEEN MADE

                              INDEX
"""


def test_it_reads_two_lists_of_participants_printed_side_by_side():
    _, header = split_title(TWO_COLUMNS)
    assert [(p.name, p.role) for p in header.participants] == [
        ("SHARON PRICE", "Presiding Commissioner"), ("DAVID SNOW", "Deputy Commissioner"), ("TOUA XIONG", "Inmate"),
        ("GLORIA ABERCROMBIE-TAN", "Attorney"), ("WINSTON GAY", "Deputy District Attorney"),
        ("PANG VANG", "Victim's sister")]


REMOTE = """BOARD OF PAROLE HEARINGS
STATE OF CALIFORNIA

In the matter of:                     CDCR Number: BH-2719
ABDUL-RAHMAN AL-MASRI

Incarcerated person appearing from:  San Quentin Rehabilitation Center
Date:  Thursday, August 4, 2022

APPEARING VIA VIDEOCONFERENCE:
Commissioner Mary-Kate Hovhannisyan, Presiding
Deputy Commissioner Jean-Pierre Farahani
A.J. Alvarado, Victim Support Person

                            --oOo--
"""


def test_it_reads_a_remote_hearings_title_page():
    _, header = split_title(REMOTE)
    assert (header.inmate_name, header.facility) == ("ABDUL-RAHMAN AL-MASRI", "San Quentin Rehabilitation Center")
    assert [p.name for p in header.participants] == ["Mary-Kate Hovhannisyan", "Jean-Pierre Farahani", "A.J. Alvarado"]


FORM = """BOARD OF PAROLE HEARINGS
STATE OF CALIFORNIA

Parole Suitability Hearing

Inmate Name: Nguyen, Thanh Van
CDCR Number: AF4417
Hearing Date: 07/19/2016
Location: Mule Creek State Prison, Ione

Panel: Commissioner Priya Balasubramanian (presiding); Deputy Commissioner Rhett Calloway
Also present: Ms. Dolores Quintanilla-Hart, counsel for the inmate; Mr. Anh Tran, interpreter; Sgt. Wexler, escort

Presiding Commissioner Balasubramanian: Good morning.
"""


def test_it_reads_a_form_with_the_inmate_surname_first_and_one_line_lists_of_participants():
    end, header = split_title(FORM)
    assert FORM[end:].startswith("\n\nPresiding Commissioner Balasubramanian:")
    assert (header.inmate_name, header.cdcr_number, header.hearing_date) == ("Nguyen, Thanh Van", "AF4417", "07/19/2016")
    assert (header.facility, header.city) == ("Mule Creek State Prison", "Ione")
    assert [(p.name, p.role) for p in header.participants] == [
        ("Priya Balasubramanian", "Commissioner"), ("Rhett Calloway", "Deputy Commissioner"),
        ("Dolores Quintanilla-Hart", "counsel for the inmate"), ("Anh Tran", "interpreter")]  # "Wexler": a surname alone


@pytest.mark.parametrize(("line", "name"), [
    ("Inmate Name: Nguyen, Thanh Van", "Nguyen, Thanh Van"),
    ("Name of Inmate: DARNELL PRICE", "DARNELL PRICE"),
    ("Incarcerated Person's Full Name: Rosa María Elizondo", "Rosa María Elizondo"),
    ("Inmate Name: pending", None),
    ("Inmate Name: Smith, John, Jr., III", None),
])
def test_it_reads_the_inmate_after_a_name_field(line, name):
    assert parse_title(["BOARD OF PAROLE HEARINGS", line]).inmate_name == name


@pytest.mark.parametrize(("line", "people"), [
    # a courtesy title or "Dr." before the name under a role's label is no role: the label is
    ("Counsel:   Mr. Gordon Pike, for the inmate", [("Gordon Pike", "Counsel")]),
    ("Interpreter:  Dr. Ana Ruiz", [("Ana Ruiz", "Interpreter")]),
    ("Support Person:  Mrs. Alma Reyes", [("Alma Reyes", "Support Person")]),
    ("Victim's next of kin:  Mr. William Tate (brother); Mrs. Linda Chen (sister)",
     [("William Tate", "Victim's next of kin (brother)"), ("Linda Chen", "Victim's next of kin (sister)")]),
    # an office's label: the role after the name's comma, or before the name
    ("District Attorney's Office:  Ms. Yolanda Serrano, Deputy District Attorney, Kern County",
     [("Yolanda Serrano", "Deputy District Attorney, Kern County")]),
    ("District Attorney's Office: Deputy District Attorney Chukwudi Ekwueme",
     [("Chukwudi Ekwueme", "Deputy District Attorney")]),
])
def test_it_reads_the_role_of_a_label_before_a_titled_name(line, people):
    found = parse_title(["BOARD OF PAROLE HEARINGS", line]).participants
    assert [(p.name, p.role) for p in found] == people


def test_it_reads_role_labeled_participants_outside_a_section():
    header = parse_title(["BOARD OF PAROLE HEARINGS", "PRESIDING COMMISSIONER: Patricia Oduya",
                          "INMATE: Curtis Lamont Fairweather, CDCR #K-52044", "Transcribed by: JANE SMITH"])
    assert header.inmate_name == "Curtis Lamont Fairweather"
    assert header.person_names()[:2] == ("Curtis Lamont Fairweather", "Patricia Oduya")
    assert header.transcriber == "JANE SMITH" and all(p.name != "JANE SMITH" for p in header.participants)


@pytest.mark.parametrize(("lines", "people"), [
    # a one-line list the page wrapped after an item's end or inside a name
    (["PANEL PRESENT: PRUDENCE HOLLINGSWORTH, Presiding Commissioner;", "MATTHIAS OYELARAN-BECK, Deputy Commissioner.",
      "OTHERS PRESENT: WENDELL CASTELLANOS, Inmate; SIOBHAN", "MCALLISTER, Attorney for Inmate; two officers."],
     [("PRUDENCE HOLLINGSWORTH", "Presiding Commissioner"), ("MATTHIAS OYELARAN-BECK", "Deputy Commissioner"),
      ("WENDELL CASTELLANOS", "Inmate"), ("SIOBHAN MCALLISTER", "Attorney for Inmate")]),
    # a field's value printed on the lines under it; a role's label before a name and its county or letters
    (["Panel:              Commissioner Yolanda Brightwater-Soto (Presiding)",
      "                    Deputy Commissioner Arvid Lindqvist", "Counsel:            Bernadette Kowalczyk, Esq.",
      "District Attorney:  Rafael Unzueta, Fresno County"],
     [("Yolanda Brightwater-Soto", "Commissioner"), ("Arvid Lindqvist", "Deputy Commissioner"),
      ("Bernadette Kowalczyk", "Counsel"), ("Rafael Unzueta", "District Attorney")]),
    # no wrapped list: the prison after a list that ended
    (["Panel: Commissioner Priya Balasubramanian (presiding)", "SOLANO STATE PRISON, VACAVILLE"],
     [("Priya Balasubramanian", "Commissioner")]),
])
def test_it_reads_a_list_of_participants_the_page_wrapped(lines, people):
    header = parse_title(["BOARD OF PAROLE HEARINGS", *lines])
    assert [(p.name, p.role) for p in header.participants] == people


def test_it_reads_a_recordings_short_header_as_a_title_page():
    text = ("Parole Suitability Hearing - audio transcript\n"
            "Incarcerated person: Marcus Delano Whitley-Boyd, CDCR #BK-71392\n"
            "Location: Mule Creek State Prison, Ione, CA\nDate: July 14, 2021\n\n"
            "Presiding Commissioner Faulkner  0:00:04\nGood morning.\n")
    end, header = split_title(text)
    assert text[end:].startswith("\n\nPresiding Commissioner Faulkner")
    assert (header.inmate_name, header.cdcr_number, header.facility, header.city) == (
        "Marcus Delano Whitley-Boyd", "BK-71392", "Mule Creek State Prison", "Ione")


def test_it_reads_no_field_of_a_form_as_the_hearings_type():
    header = parse_title(["STATE OF CALIFORNIA          BOARD OF PAROLE HEARINGS",
                          "TRANSCRIPT OF INITIAL PAROLE SUITABILITY HEARING", "Inmate Name:  TREMBLAY-OKAFOR, DESHAWN L.",
                          "CDC Number:   AK-5530", "Date of Hearing:    Tuesday, October 18, 2022"])
    assert "TREMBLAY" not in header.hearing_type and header.hearing_type.endswith("SUITABILITY HEARING")
    assert header.hearing_date == "Tuesday, October 18, 2022"


def test_it_ends_the_participants_at_a_printed_sentence():
    header = parse_title(["OTHERS PRESENT:", "RAYMOND ACOSTA, Victim's Son", "",
                          "CORRECTIONS TO THE DECISION HAVE BEEN MADE", "_____ No", "_____ Yes"])
    assert header.person_names() == ("RAYMOND ACOSTA",)
    assert header.participants[0].role == "Victim's Son"


def test_it_falls_back_to_the_incarcerated_participant_for_the_name():
    lines = [
        "PANEL PRESENT:", "MARY ROE, Presiding Commissioner",
        "OTHERS PRESENT:", "JOHN DOE, Incarcerated Person",
    ]
    assert parse_title(lines).inmate_name == "JOHN DOE"


def test_it_splits_the_title_block_off_a_normalized_text():
    text = "\n".join(CURRENT) + "\n\nPRESIDING COMMISSIONER ROE: Good morning.\n"
    end, header = split_title(text)
    assert text[:end] == "\n".join(CURRENT)
    assert text[end:].startswith("\n\nPRESIDING")
    assert header is not None and header.cdcr_number == "AB1234"


def test_it_keeps_offsets_of_a_crlf_text():
    text = "\r\n".join(OLDER) + "\r\n\r\nPRESIDING COMMISSIONER RUFF: Good morning.\r\n"
    end, header = split_title(text)
    assert text[:end] == "\r\n".join(OLDER)
    assert header is not None and header.inmate_name == "ROBERT YOUNG"


@pytest.mark.parametrize(
    "text",
    [
        "PRESIDING COMMISSIONER ROE: Good morning.\nINMATE DOE: Good morning.\n",
        "\nPAROLE SUITABILITY HEARING\nBOARD OF PAROLE HEARINGS\n",
        "",
        "Just some notes about the Board of Parole Hearings.\n\nMore.\n",
    ],
)
def test_it_finds_no_title_block_in_other_texts(text):
    assert split_title(text) == (0, None)


def test_it_takes_the_hearing_type_from_the_matter_line_when_no_type_line_is_printed():
    lines = ["BOARD OF PAROLE HEARINGS", "STATE OF CALIFORNIA", *OLDER[3:]]
    assert parse_title(lines).hearing_type == "Life Term Parole Consideration Hearing"


SPREAD = """\
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS

In the matter of the Parole Consideration Hearing of:    CDCR Number: J-55102
LUIS ALBERTO NAVARRETE

INMATE

CALIFORNIA STATE PRISON, SOLANO
VACAVILLE, CALIFORNIA
FRIDAY, SEPTEMBER 9, 2016

PANEL PRESENT:
Wendell Ostrowski, Presiding Commissioner

OTHERS PRESENT:
Samuel Teague, Deputy District Attorney, Kern County
"""


@pytest.mark.parametrize(
    "first_utterance",
    [
        "Presiding Commissioner Ostrowski:\nGood morning. We are on the record for the hearing of Mr. Navarrete.\n",
        "PRESIDING COMMISSIONER OSTROWSKI:\nGood morning.\n",  # a tag alone on its line
        "Good morning, everyone. We are on the record for the hearing of Mr. Navarrete.\n",  # prose
        "Presiding Commissioner Ostrowski: Good morning.\nInmate Navarrete: Good morning.\n",
    ],
)
def test_it_ends_a_spread_title_page_at_the_first_utterance_in_any_layout(first_utterance):
    text = SPREAD + "\n" + first_utterance
    end, header = split_title(text)
    assert text[:end] == SPREAD.rstrip("\n")
    assert header.person_names() == ("LUIS ALBERTO NAVARRETE", "Wendell Ostrowski", "Samuel Teague")
    assert header.participants[-1].role == "Deputy District Attorney, Kern County"
    assert (header.facility, header.city) == ("CALIFORNIA STATE PRISON, SOLANO", "VACAVILLE")  # not the INMATE label
    assert header.hearing_date == "FRIDAY, SEPTEMBER 9, 2016"


@pytest.mark.parametrize("line", ["CDCR Number:", "Panel Present:", "In the matter of the Life Term Parole Hearing of:",
                                  "OTHERS PRESENT:", "TRANSCRIBED BY:", "Inmate Name: LUIS NAVARRETE",
                                  "CDCR Number: J-55102", "Presiding Commissioner: Mary Roe",
                                  "IN RE: ANTOINE DUPREE BASKERVILLE", "Held at: California Men's Colony, San Luis Obispo"])
def test_it_does_not_end_a_title_page_at_its_own_labels(line):
    assert not ends_title(line)


@pytest.mark.parametrize("credit", ["Transcribed by: JANE SMITH", "TRANSCRIPTIONIST: JANE SMITH",
                                    "Court Reporter: JANE SMITH", "Reported by:  JANE SMITH"])
def test_it_reads_the_transcribers_credit_line_in_any_wording(credit):
    text = SPREAD + credit + "\n\nPRESIDING COMMISSIONER OSTROWSKI: Good morning.\n"
    end, header = split_title(text)
    assert text[:end].endswith(credit)
    assert header.transcriber == "JANE SMITH"
    assert "JANE SMITH" not in {p.name for p in header.participants}


MATTER_OF = """BOARD OF PAROLE HEARINGS
STATE OF CALIFORNIA

INITIAL PAROLE CONSIDERATION HEARING
In the matter of:   JOSÉ MANUEL DE LA CRUZ VILLALOBOS        CDCR# P-66104

Held at: California Men's Colony, San Luis Obispo, California
On: Thursday, October 12, 2017

Present for the Board:
     Commissioner Anneliese van der Hoeven, presiding
Also present:
     José de la Cruz Villalobos, the inmate
     Teodoro Ruiz de Alarcón, Spanish interpreter
     Abdullah bin Rashid Al-Mansouri, Deputy District Attorney, Kern County

PRESIDING COMMISSIONER VAN DER HOEVEN:  We're on the record.
"""


def test_it_reads_a_title_page_in_the_matter_of_with_names_that_have_particles():
    end, header = split_title(MATTER_OF)
    assert MATTER_OF[end:].startswith("\n\nPRESIDING COMMISSIONER VAN DER HOEVEN:")
    assert (header.inmate_name, header.cdcr_number) == ("JOSÉ MANUEL DE LA CRUZ VILLALOBOS", "P-66104")
    assert (header.facility, header.city, header.state) == ("California Men's Colony", "San Luis Obispo", "California")
    assert header.hearing_date == "Thursday, October 12, 2017"
    assert [(p.name, p.role) for p in header.participants] == [
        ("Anneliese van der Hoeven", "Commissioner, presiding"), ("José de la Cruz Villalobos", "the inmate"),
        ("Teodoro Ruiz de Alarcón", "Spanish interpreter"),
        ("Abdullah bin Rashid Al-Mansouri", "Deputy District Attorney, Kern County")]


@pytest.mark.parametrize(("lines", "facility", "city", "state"), [
    (["SALINAS VALLEY STATE PRISON, SOLEDAD"], "SALINAS VALLEY STATE PRISON", "SOLEDAD", None),
    (["SALINAS VALLEY STATE PRISON, SOLEDAD, CALIFORNIA"], "SALINAS VALLEY STATE PRISON", "SOLEDAD", "CALIFORNIA"),
    (["CALIFORNIA STATE PRISON, SOLANO", "VACAVILLE, CALIFORNIA"], "CALIFORNIA STATE PRISON, SOLANO", "VACAVILLE",
     "CALIFORNIA"),
    (["FOLSOM STATE PRISON", "REPRESA, CALIFORNIA"], "FOLSOM STATE PRISON", "REPRESA", "CALIFORNIA"),
])
def test_it_reads_the_prison_and_its_town_on_one_line_or_two(lines, facility, city, state):
    header = parse_title(["BOARD OF PAROLE HEARINGS", "In the matter of the Parole Consideration Hearing of:",
                          "JOHN DOE", *lines, "MAY 6, 2021"])
    assert (header.facility, header.city, header.state) == (facility, city, state)


def test_it_reads_a_caption_page_with_a_page_number_a_date_and_time_line_and_role_first_participants():
    header = parse_title([
        "1", "SUBSEQUENT PAROLE CONSIDERATION HEARING", "BOARD OF PAROLE HEARINGS", "CDCR No. AY-22317",
        "In the Matter of the Life Term Parole Consideration Hearing of:", "RAYMOND OSEI-BOATENG",
        "SALINAS VALLEY STATE PRISON, SOLEDAD", "MAY 6, 2021, 1:14 P.M.", "OTHERS PRESENT:",
        "Yusuf Abernathy, Attorney for Inmate", "Deputy District Attorney Carmen Ibarra-Lutz, Monterey County",
        "Correctional Officer (name unknown)", "Transcribed by: Naomi Fairweather, Pacific Coast Transcription, LLC"])
    assert header.hearing_type == "SUBSEQUENT PAROLE CONSIDERATION HEARING"  # the page number is no part of it
    assert (header.hearing_date, header.hearing_time) == ("MAY 6, 2021", "1:14 P.M.")
    assert [(p.name, p.role) for p in header.participants] == [
        ("Yusuf Abernathy", "Attorney for Inmate"), ("Carmen Ibarra-Lutz", "Deputy District Attorney, Monterey County")]
    assert header.transcriber == "Naomi Fairweather"


def test_it_takes_no_transcription_firm_for_the_transcriber():
    header = parse_title(["BOARD OF PAROLE HEARINGS", "CDCR Number: AB1234",
                          "Transcribed by: Pacific Coast Transcription, LLC"])
    assert header.transcriber is None



def test_it_reads_the_inmate_after_in_re():
    header = parse_title(["BOARD OF PAROLE HEARINGS", "CDCR NO. D-38815", "IN RE: ANTOINE DUPREE BASKERVILLE",
                          "CALIFORNIA STATE PRISON, LOS ANGELES COUNTY", "LANCASTER, CALIFORNIA"])
    assert header.inmate_name == "ANTOINE DUPREE BASKERVILLE"
    assert (header.facility, header.city) == ("CALIFORNIA STATE PRISON, LOS ANGELES COUNTY", "LANCASTER")


@pytest.mark.parametrize("heading", ["DECISION", "D E C I S I O N", "-- DECISION --"])
def test_it_ends_a_title_page_at_the_decisions_heading(heading):
    text = ("STATE OF CALIFORNIA\nBOARD OF PAROLE HEARINGS\n\nCDC Number: J-27764\n\nOTHERS PRESENT:\nCLARENCE POINDEXTER, Attorney for Inmate\n\n"
            f"{heading}\n\nPRESIDING COMMISSIONER ROE:  We're back on the record.\n")
    end, header = split_title(text)
    assert text[:end].endswith("Attorney for Inmate")
    assert [p.name for p in header.participants] == ["CLARENCE POINDEXTER"]


CAPS_CAPTION = """\
                    SUBSEQUENT PAROLE CONSIDERATION HEARING
                         STATE OF CALIFORNIA
                    BOARD OF PAROLE HEARINGS

IN THE MATTER OF THE LIFE TERM PAROLE
CONSIDERATION HEARING OF:                    CDCR NUMBER: F-41772

KWABENA OSEI-MENSAH

                    MULE CREEK STATE PRISON
                          IONE, CALIFORNIA
                         JANUARY 14, 2026

PANEL PRESENT:
KATHLEEN O'SULLIVAN-REYES, PRESIDING COMMISSIONER
DMITRI VOLKOV, DEPUTY COMMISSIONER

                              P R O C E E D I N G S

PRESIDING COMMISSIONER O'SULLIVAN-REYES:  GOOD MORNING.
"""


@pytest.mark.parametrize("text", [CAPS_CAPTION, CAPS_CAPTION.lower()], ids=["capitals", "lower-case-read-in-capitals"])
def test_it_reads_a_caption_in_capitals_whose_hearing_line_ends_in_of(text):
    """``CONSIDERATION HEARING OF:`` in capitals looks like a speaker's tag with words after it: it ended the title
    page before the inmate's name (a caption typed in capitals, or one without capitals read in capitals)."""
    from anonymizer.lang.en.truecase import capitals

    end, header = split_title(capitals(text))
    assert header is not None and header.inmate_name == "KWABENA OSEI-MENSAH" and header.cdcr_number == "F-41772"
    assert [p.name for p in header.participants] == ["KATHLEEN O'SULLIVAN-REYES", "DMITRI VOLKOV"]
    assert "".join(text[end:].split()).upper().startswith("PROCEEDINGS")  # the page ends at its separator

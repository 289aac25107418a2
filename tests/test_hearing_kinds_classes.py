"""Classes of false spans the real transcripts of new kinds showed (issue 47, round 34 kinds34: a state senate's
stenographer's pages, a city commission's transcript), in invented sentences: a stenographer's line numbers set
right in a wide field; an office said as a name of address or before a name (``Mr. Mayor``, ``Vice Mayor``); a plan
called by its code (``Plan 2014``, ``Plan B+``); a body or a study named for the waters it governs; a city's boards
and a federal corps named by generic words. Each row: the text, a surface in it, the label a reader masks it with
(``None``: no letter of it may be masked).
"""
from __future__ import annotations

import pytest

from anonymizer.lang.en import civic, lexicon, public_body
from anonymizer.pdf.reflow import view

from .masked_rows import assert_masked, masks_for_rows

COMMISSION = ("City Clerk Ramirez-Toft: Hector Villanueva.\n\nMayor Benning: Mr. Villanueva. Good morning.\n\n"
              "Hector Villanueva: Good morning, Mr. Mayor, Vice Mayor, Commissioners. Hector Villanueva, 412 Alcazar "
              "Avenue. The Planning and Zoning Board said the swale was ours.\n\n"
              "Vice Mayor Ostrowski: Sorry, I won't be there. Madam Chair, thank you.\n\n"
              "Mayor Benning: Thank you very much, Mr. Villanueva.\n")
LAKE = ("DR. ORLA KESTREL:  I have lived on the shore since 1987. I served on the Lake Ontario-St. Lawrence River "
        "Study and went to meetings of the Lake Ontario - St. Lawrence River Board of Control. Plan 2014 was not "
        "the plan the study proposed; that was Plan B+, and later Plan Bv7 and Plan '58DD. The Army Corps of "
        "Engineers told me so. I direct the Lake Ontario Riparian Alliance. The Lake Elsinore Planning "
        "Commission met too.\n")

ROWS = [
    # an office as a name of address, or before the name: the office is no one's name; the name stays a name
    (COMMISSION, "Mayor, Vice Mayor", None),
    (COMMISSION, "Madam Chair", None),
    (COMMISSION, "Commissioners", None),
    (COMMISSION, "Villanueva", "PERSON"),
    (COMMISSION, "Ostrowski", "PERSON"),
    # a city's board named by generic words
    (COMMISSION, "Planning and Zoning Board", None),
    # plans by their codes, the year of one too
    (LAKE, "Plan 2014", None),
    (LAKE, "Plan B+", None),
    (LAKE, "Plan Bv7", None),
    (LAKE, "Plan '58DD", None),
    (LAKE, "1987", "DATE"),
    # a study and a board named for a lake and a river; a federal corps
    (LAKE, "Lake Ontario-St. Lawrence River Study", None),
    (LAKE, "Lake Ontario - St. Lawrence River Board of Control", None),
    (LAKE, "Army Corps of Engineers", None),
    # people's association and a town's commission stay particular
    (LAKE, "Lake Elsinore", "ORGANIZATION"),
    (LAKE, "ORLA KESTREL", "PERSON"),
]


@pytest.fixture(scope="module")
def masks(pipeline):
    return masks_for_rows(pipeline, ROWS)


@pytest.mark.parametrize(("text", "surface", "label"), ROWS, ids=[f"{s}:{l}:{t[:16]}" for t, s, l in ROWS])
def test_it_masks_a_civic_hearings_people_and_nothing_of_its_offices_plans_and_bodies(masks, text, surface, label):
    assert_masked(*masks[text], surface, label)


@pytest.mark.parametrize(("phrase", "title"), [
    ("Mayor", True), ("Vice Mayor", True), ("City Clerk", True), ("Chairwoman", True), ("Vice Chair", True),
    ("Alderman", True), ("County Executive", True), ("Executive", True), ("Mayfield", False), ("Chairs", False),
    ("Administrator", True), ("Tribal Councilor", True), ("Clerkenwell", False),
])
def test_it_knows_a_city_or_a_legislatures_office_as_a_title(phrase, title):
    assert lexicon.is_title(phrase) is title


@pytest.mark.parametrize(("text", "surface", "plan"), [
    ("Plan 2014 raised the levels.", "Plan 2014", True),
    ("Plan 2014 raised the levels.", "2014", True),
    ("They chose Plan B+ then.", "Plan B+", True),
    ("with Plan Bv7, which", "Plan", True),
    ("than the old Plan '58DD.", "Plan '58DD", True),
    ("Option C was chosen.", "Option C", True),
    ("under Proposition 47 it was", "Proposition 47", True),
    ("In 2014 the plan changed.", "2014", False),
    ("Plan Okafor was his idea.", "Plan Okafor", False),
    ("the Planet 9 theory", "Planet 9", False),
    ("Option Care Health hired me.", "Option Care", False),
])
def test_it_reads_a_plan_called_by_its_code_as_no_one_and_no_date(text, surface, plan):
    at = text.index(surface)
    assert civic.names_a_plan(text, at, at + len(surface)) is plan


@pytest.mark.parametrize(("text", "surface", "body"), [
    ("a member of the Lake Ontario-St. Lawrence River Study.", "Lake Ontario-St. Lawrence River Study", True),
    ("a member of the Lake Ontario-St. Lawrence River Study.", "Lake Ontario", True),
    ("meetings of the Lake Ontario - St. Lawrence River Board of Control", "St.", True),
    ("the Great Lakes Commission said", "Great Lakes", True),
    ("the Delaware River Basin Commission said", "Delaware River", True),
    ("the Lake Ontario Riparian Alliance said", "Lake Ontario", False),
    ("we swam in Lake Ontario near Sodus Bay.", "Lake Ontario", False),
    ("the Lake Elsinore Planning Commission met", "Lake Elsinore", False),
    ("the Hudson River Park Trust", "Hudson River", False),
])
def test_it_reads_waters_in_a_body_named_for_them_as_the_bodys_name(text, surface, body):
    at = text.index(surface)
    assert civic.in_waters_body(text, at, at + len(surface)) is body


@pytest.mark.parametrize(("text", "surface", "body"), [
    ("what the Planning and Zoning Board said", "Planning and Zoning Board", True),
    ("the Board of Zoning Adjustment met", "Board of Zoning Adjustment", True),
    ("the Army Corps of Engineers told me", "Army Corps of Engineers", True),
    ("the Historic Preservation Board denied it", "Historic Preservation Board", True),
    ("the Fairhaven Planning and Zoning Board met", "Planning and Zoning Board", False),
    ("the Okafor Family Foundation", "Okafor Family Foundation", False),
])
def test_it_reads_a_citys_board_named_by_generic_words_as_a_public_body(text, surface, body):
    at = text.index(surface)
    assert public_body.is_public_body(text, at, at + len(surface)) is body


def _stenographed(lines: list[str], width: int, double: bool) -> str:
    """``lines`` printed 25 a page, each after its number set right in a field of ``width``, a page number on a line
    of its own, and an empty line after each printed line when ``double``."""
    out = []
    for i, line in enumerate(lines):
        if i % 25 == 0:
            out.append(" " * 66 + str(100 + i // 25) + "\n" + ("\n" if double else ""))
        out.append(f"{i % 25 + 1:>{width}}      {line}\n" + ("\n" if double else ""))
    return "".join(out)


SPOKEN = ["SENATOR ALDOUS VENN:  Thank you all for coming", "today.  Our first witness, please.",
          "MS. ORLA KESTREL:  Thank you, Senator.  I have", "lived on the south shore since 1987, and my",
          "family before me for three generations."] * 12


@pytest.mark.parametrize(("width", "double", "gutter"), [
    (8, True, True),  # a state senate's stenographer: numbers in a field of 8, double-spaced
    (8, False, True),
    (7, True, True),
    (4, False, True),
    (2, False, True),
])
def test_it_reads_a_stenographers_line_numbers_of_any_field_as_a_gutter(width, double, gutter):
    text = _stenographed(SPOKEN, width, double)
    shown = view(text)
    assert shown is not None
    words = shown.text.split()
    assert ("1" in words or "2" in words) is not gutter
    assert "since 1987, and my family before me" in " ".join(words)


@pytest.mark.parametrize("text", [
    # numbers that do not count up the lines are the text's own: a list of amounts, a table
    "".join(f"        {n}   dollars were paid on the {k}th, and we wrote it down in the ledger\n"
            for k, n in zip(range(1, 41), [5, 12, 7, 30, 2] * 8)),
])
def test_it_reads_no_gutter_where_the_numbers_do_not_count_the_lines(text):
    shown = view(text)
    assert shown is None or "5   dollars" in shown.text or "5 dollars" in shown.text


@pytest.mark.parametrize(("text", "surface", "body"), [
    ("BEFORE THE NEW YORK STATE SENATE\n", "NEW YORK", True),
    ("BEFORE THE NEW YORK STATE SENATE\n", "SENATE", True),
    ("on the U.S. Coast Guard's proposed rule", "U.S. Coast Guard's", True),
    ("TO HEAR TESTIMONY ABOUT COAST GUARD'S PLAN\n", "COAST GUARD", True),
    ("the Ohio Department of Health said", "Ohio", True),
    ("MEMBERS OF THE PLANNING AND ZONING BOARD\n", "PLANNING AND ZONING BOARD", True),
    ("I moved to Ohio in 2003", "Ohio", False),
    ("the Ohio Riparian Alliance", "Ohio", False),
    ("PRESIDENT, YONKERS CITY COUNCIL\n", "CITY COUNCIL", False),
    ("PRESIDENT, FAIRHAVEN PLANNING BOARD\n", "PLANNING BOARD", False),
])
def test_it_reads_the_nations_or_a_states_own_body_as_no_one_in_any_case(text, surface, body):
    at = text.index(surface)
    assert civic.identifies_no_one(text, at, at + len(surface), "ORGANIZATION") is body


def _page(lines: list[str], number: int) -> str:
    return f"{'':66}{number}\n" + "".join(f"{i:>8}      {line}\n" for i, line in enumerate(lines + [""] * (25 - len(lines)), 1)) + "\f\n"


FRONT = _page(["BEFORE THE NEW YORK STATE SENATE", "------------------------------", "PUBLIC HEARING",
               "TO HEAR TESTIMONY ABOUT THE HARBOR", "------------------------------", "Fairhaven Town Hall",
               "PRESIDING:", "Senator Aldous Venn", "Chair", "PRESENT:", "Senator Mirela Dunsany"], 1) \
    + _page(["SPEAKERS:                                 PAGE", "Corwin Blakeslee                            4",
             "Supervisor", "Ostrander Sailing Club", "Imelda Farquar                              9",
             "Deputy Mayor"], 2) \
    + _page(["SENATOR VENN:  Good evening, everyone, and thank", "you for coming out tonight to talk about the",
             "harbor.  Our first speaker is Mr. Blakeslee."] * 8, 3)


def test_it_reads_a_senate_hearings_front_pages_line_by_line_to_the_first_utterance():
    """Two rules frame the hearing's name at the top of the title page and a list of speakers has a column of
    pages: neither is the body's start, so the lists of those presiding, present and speaking stay one per line."""
    shown = view(FRONT)
    assert shown is not None
    lines = [" ".join(line.split()) for line in shown.text.split("\n") if line.strip()]
    for alone in ("Senator Aldous Venn", "Chair", "PRESENT:", "Senator Mirela Dunsany", "Supervisor",
                  "Ostrander Sailing Club", "Deputy Mayor"):
        assert alone in lines, lines
    assert any(line.startswith("SENATOR VENN:  Good evening, everyone, and thank you".replace("  ", " "))
               for line in lines)


@pytest.mark.parametrize(("line", "ends"), [
    ("SPEAKERS:                                 PAGE", False),
    ("OPENING BY:                               PAGE", False),
    ("WITNESSES:                                Page", False),
    ("SENATOR VENN:  Good evening, everyone.", True),
    ("MR. BLAKESLEE:  Page two of my letter says so.", True),
])
def test_it_reads_a_lists_heading_over_its_column_of_pages_as_no_utterance(line, ends):
    from anonymizer.header import ends_title

    assert ends_title(line) is ends


@pytest.mark.parametrize(("text", "surface", "label", "no_one"), [
    # an office with the words beside it, said as a name of address or printed in a list
    ("a quick question, Mr. City Attorney, because", "City", "PERSON", True),
    ("Imelda Farquar\n   Tribal Councilor\n", "Tribal Councilor", "PERSON", True),
    ("Fairhaven Office, Resident Agent in Charge\n", "Charge", "LOCATION", True),
    ("City Manager Okonjo:  Yes.", "Okonjo", "PERSON", False),
    ("Mr. City is here.", "City", "PERSON", False),
    # a department by its function alone; an association of neighbours by their kind
    ("they were turned into Code Enforcement.", "Code Enforcement", "ORGANIZATION", True),
    ("Marlow County\n   Emergency Medical Services\n", "Emergency Medical Services", "ORGANIZATION", True),
    ("a warning. Homeowners Association always", "Homeowners Association", "ORGANIZATION", True),
    ("the Brookfield Homeowners Association", "Homeowners Association", "ORGANIZATION", False),
    ("Executive Director\n   Maritime Association\n", "Maritime Association", "ORGANIZATION", False),
    ("she worked at Code Blue Partners", "Code Blue Partners", "ORGANIZATION", False),
    # a legislature's committee on a matter; a state's body named with the state; a task force
    ("Chairman of the Senate Committee on Alcoholism and", "Senate Committee on Alcoholism", "ORGANIZATION", True),
    ("The New York State Senate and the nation", "New York State Senate", "ORGANIZATION", True),
    ("Captain\n   New York State Police\n", "New York", "LOCATION", True),
    ("I grew up in New York and left.", "New York", "LOCATION", False),
    ("the Okafor Committee on Racing said", "Okafor Committee on Racing", "ORGANIZATION", False),
])
def test_it_reads_offices_departments_and_committees_as_no_one(text, surface, label, no_one):
    at = text.index(surface)
    assert civic.identifies_no_one(text, at, at + len(surface), label) is no_one


@pytest.mark.parametrize(("text", "surface", "body"), [
    ("a member of the Task Force since", "Task Force", True),
    ("the Fairhaven Task Force met", "Task Force", False),
    ("the State Police came", "State Police", True),
    ("the Drug Enforcement Agency said", "Drug Enforcement Agency", True),
    ("the Fairhaven Police came", "Fairhaven Police", False),
])
def test_it_reads_a_task_force_and_a_states_police_as_public_bodies(text, surface, body):
    at = text.index(surface)
    assert public_body.is_public_body(text, at, at + len(surface)) is body


@pytest.mark.parametrize(("line", "heading"), [
    ("PUBLIC FORUM:  WESTERN NEW YORK", True),
    ("PANELIST INTRODUCTIONS:                       PAGE 22", True),
    ("OPENING ADDRESS BY:                           PAGE  6", True),
    ("INMATE BAKER:  NO", False),
    ("MR. WHITE:  YES", False),
    ("DEPUTY COMMISSIONER GREEN:  OKAY", False),
    ("PUBLIC FORUM:  We begin now.", False),
])
def test_it_reads_a_heading_shaped_like_a_tag_as_no_one_speaking(line, heading):
    from anonymizer.header import ends_title, heading_tag
    from anonymizer.lang.en.transcript import speaker_tag

    tag = speaker_tag(line)
    assert heading_tag(tag.group("tag").split(), line[tag.end():].strip()) is heading
    assert ends_title(line) is not heading


AGENCIES = ("MS. ORLA KESTREL:  The DSS and CPS did nothing; the EPA and the IJC said the levels were fine, and the "
            "Coast Guard agreed. We went to Al-Anon and Nar-Anon. My son Devlin went to Fairhaven General.\n")


@pytest.mark.parametrize(("text", "surface", "label"), [
    (AGENCIES, "DSS", None), (AGENCIES, "CPS", None), (AGENCIES, "EPA", None), (AGENCIES, "IJC", None),
    (AGENCIES, "Coast Guard", None), (AGENCIES, "Al-Anon", None), (AGENCIES, "Nar-Anon", None),
    (AGENCIES, "Devlin", "PERSON"), (AGENCIES, "Fairhaven General", "ORGANIZATION"),
])
def test_it_keeps_public_agencies_and_mutual_help_groups_a_hearing_cites(pipeline, text, surface, label):
    assert_masked(*masks_for_rows(pipeline, [(text, surface, label)])[text], surface, label)


@pytest.mark.parametrize(("line", "heading"), [
    ("SPEAKERS:                               PAGE  QUESTIONS", True),
    ("SPEAKERS (Continued):                   PAGE  QUESTIONS", True),
    ("MR. SCORDO:  Page 11 of the report.", False),
])
def test_it_reads_a_speakers_list_over_pages_and_questions_as_a_heading(line, heading):
    from anonymizer.header import ends_title

    assert ends_title(line) is not heading


@pytest.mark.parametrize(("text", "surface", "no_one"), [
    ("THE SENATE STANDING COMMITTEE ON MENTAL HEALTH AND\n", "SENATE STANDING COMMITTEE ON MENTAL HEALTH", True),
    ("NEW YORK STATE LEGISLATURE JOINT HEARING BEFORE\n", "NEW YORK", True),
    ("THE FAIRHAVEN COMMITTEE ON RACING MET\n", "FAIRHAVEN COMMITTEE ON RACING", False),
])
def test_it_reads_a_legislatures_committee_in_capitals_as_no_one(text, surface, no_one):
    at = text.index(surface)
    label = "LOCATION" if surface == "NEW YORK" else "ORGANIZATION"
    assert civic.identifies_no_one(text, at, at + len(surface), label) is no_one

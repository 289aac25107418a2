"""Classes of proposed spans that are no personal data (issue 47, round 35 fp35), in invented text: a hearing's
heading in capitals of ordinary words, a list's heading alone on its line (``ALSO IN ATTENDANCE:``), letters after a
name (``M.D.``, ``FACEP``, ``RN``), a building's floor (``13th Floor``), the abbreviated ``St.`` of a place read as a
person of its own, an agenda's item by its code and a statute by its title. Negatives: names, towns and counties
beside them stay masked (a name after ``Mayor`` too).
"""
from __future__ import annotations

import pytest

from anonymizer.detect.document import join_saints
from anonymizer.header import heading_tag
from anonymizer.lang.en import civic, front_page
from anonymizer.types import Mention

from .masked_rows import assert_masked, masks_for_rows

FRONT = """


       1      BEFORE THE NEW YORK STATE SENATE
              BIPARTISAN TASK FORCE ON RURAL BROADBAND
       2      ------------------------------------------------------

       3                         PUBLIC HEARING

       4                ON REGIONAL CENTERS OF EXCELLENCE
       5           ANCHORAGES FROM YONKERS TO KINGSTON
       6      ------------------------------------------------------
       7                       Marlow City Hall
                               City Council Chambers, 13th Floor
       8                       330 Ford Street
                               Ogdensburg, New York 13669-1626
       9
                               September 17, 2013

      11      PRESIDING:
      12         Senator Edwina Halvorsen
      13         Chair

      14      ALSO IN ATTENDANCE:

      15         Dr. Renata Kowalczyk, M.D., FACEP
      16         Tomas Brekke, RN
      17         Ivo Stenmark, LCSW-R, CASAC
      18      CLERGY:
      19         Reverend Ansel Moorcroft
      20         Vice Chair St. Lawrence County Legislature

      21             SENATOR HALVORSEN:  Good morning. I want to thank
      22      Dr. Kowalczyk and Mayor Quillfeather for the room.

      23             DR. KOWALCZYK:  Thank you, Senator.
"""

COMMISSION = ("Mayor Benning: Moving on to item E-5. City Attorney Ravelo: E-5 is an Ordinance of the City.\n\n"
              "Mr. Dunstable: Good morning, Mr. Mayor. Ambrose Dunstable, 1420 Alcazar Avenue. The Live Local Act "
              "says the city must allow it, and the Act is clear. I spoke with Mayor Lindqvist about it.\n")

ROWS = [
    # a heading in capitals of ordinary words: no organization; the towns in one stay masked
    (FRONT, "BIPARTISAN TASK FORCE", None),
    (FRONT, "ON REGIONAL CENTERS OF EXCELLENCE", None),
    (FRONT, "ANCHORAGES", None),
    # a list's heading alone on its line: no speaker's name
    (FRONT, "ALSO IN ATTENDANCE", None),
    (FRONT, "CLERGY", None),
    # letters after a name: no person; the names stay masked
    (FRONT, "M.D.", None),
    (FRONT, "FACEP", None),
    (FRONT, "RN", None),
    (FRONT, "LCSW-R", None),
    (FRONT, "CASAC", None),
    (FRONT, "Renata Kowalczyk", "PERSON"),
    (FRONT, "Tomas Brekke", "PERSON"),
    # a building's floor, the abbreviated saint of a county: one place
    (FRONT, "Floor", None),
    (FRONT, "St. Lawrence County", "LOCATION"),
    (FRONT, "Edwina Halvorsen", "PERSON"),
    # an agenda's item and a statute: no one; the speaker, his street and the mayor's name stay masked
    (COMMISSION, "E-5", None),
    (COMMISSION, "Live Local Act", None),
    (COMMISSION, "the Act", None),
    (COMMISSION, "Ambrose Dunstable", "PERSON"),
    (COMMISSION, "Lindqvist", "PERSON"),
]


@pytest.fixture(scope="module")
def masks(pipeline):
    return masks_for_rows(pipeline, ROWS)


@pytest.mark.parametrize(("text", "surface", "label"), ROWS, ids=[f"{s}:{l}" for _, s, l in ROWS])
def test_it_masks_the_people_and_places_of_a_hearings_front_page_and_none_of_its_headings(masks, text, surface, label):
    assert_masked(*masks[text], surface, label)


@pytest.mark.parametrize(("text", "surface", "heading"), [
    ("Intro.\n       4   ON REGIONAL CENTERS OF EXCELLENCE\nThe rest is in ordinary case here.", "REGIONAL CENTERS", True),
    ("Intro.\n   PERTAINS TO EACH AGENCY\nThe rest is in ordinary case here.", "PERTAINS TO EACH AGENCY", True),
    ("Intro.\n   HUMAN SERVICES FORUM\nThe rest is in ordinary case here.", "HUMAN SERVICES", True),
    ("Intro.\n   ANCHORAGES FROM YONKERS TO KINGSTON\nThe rest is in ordinary case here.", "YONKERS", False),
    ("Intro.\n   TESTIMONY OF MARGARET OKONJO\nThe rest is in ordinary case here.", "MARGARET OKONJO", False),
    ("Intro.\n   CORRECTIONAL TRAINING FACILITY\nThe rest is in ordinary case here.", "CORRECTIONAL TRAINING FACILITY", False),
    ("Intro.\n   OF THE\nThe rest is in ordinary case here.", "OF THE", False),
    ("The Human Services Forum met.\nThe rest is in ordinary case here.", "Human Services", False),
    ("ALL CAPS.\n   HUMAN SERVICES FORUM\nTHE REST IS IN CAPITALS TOO.", "HUMAN SERVICES", False),
])
def test_it_reads_a_heading_in_capitals_of_ordinary_words_as_no_one(text, surface, heading):
    start = text.index(surface)
    assert front_page.in_capitals_heading(text, start, start + len(surface)) is heading


@pytest.mark.parametrize(("text", "surface", "floor"), [
    ("City Hall, 13th Floor", "Floor", True),
    ("250 Broadway - 19th Floor", "19th Floor", True),
    ("the 2nd Fl. offices", "Fl.", True),
    ("Detective Floor said so", "Floor", False),
    ("Judge Floor", "Floor", False),
])
def test_it_reads_a_buildings_floor_by_its_ordinal_as_no_one(text, surface, floor):
    start = text.index(surface)
    assert front_page.is_floor(text, start, start + len(surface)) is floor


@pytest.mark.parametrize(("tag", "rest", "heading"), [
    ("ALSO IN ATTENDANCE", "", True),
    ("ROUNDTABLE PARTICIPANTS", "", True),
    ("CLERGY", "", True),
    ("FAST-FOOD WORKERS", "", True),
    ("MS. ROWE", "", False),
    ("SENATOR HALVORSEN", "", False),
    ("OKONJO", "", False),
    ("IN THE", "", False),
    ("CLERGY", "Thank you all for coming.", False),
])
def test_it_reads_ordinary_words_alone_before_a_colon_as_a_heading(tag, rest, heading):
    assert heading_tag(tag.split(), rest) is heading


@pytest.mark.parametrize(("text", "surface", "item"), [
    ("Moving on to item E-5. Thank you.", "E-5", True),
    ("Moving on to Item F-10 now.", "Item F-10", True),
    ("as required by the Live Local Act, Ch. 2023-17", "Live Local", True),
    ("as required by the Live Local Act, Ch. 2023-17", "Live Local Act", True),
    ("the excerpts of the Act, highlighting", "Act", True),
    ("CDCR number H-71126 on file", "H-71126", False),
    ("I met Ada Lowry yesterday.", "Ada Lowry", False),
    ("they act as if", "act", False),
])
def test_it_reads_an_agenda_item_and_a_statute_by_its_title_as_no_one(text, surface, item):
    start = text.index(surface)
    assert civic.names_an_item(text, start, start + len(surface)) is item


def _m(text: str, surface: str, label: str, source: str = "spacy") -> Mention:
    start = text.index(surface)
    return Mention(start, start + len(surface), label, (source,), score=0.8, confidence=2)


@pytest.mark.parametrize(("text", "first", "first_label", "second", "joined", "label"), [
    ("I live in St. Lawrence County now.", "St.", "PERSON", "Lawrence County", "St. Lawrence County", "LOCATION"),
    ("Vice Chair St. Lawrence County", "Chair St.", "ORGANIZATION", "Lawrence County", "St. Lawrence County", "LOCATION"),
    ("near Mt. Vernon today", "Mt.", "PERSON", "Vernon", "Mt. Vernon", "LOCATION"),
    ("the rector of St. Brendan' s church", "St.", "LOCATION", "Brendan", None, None),
    ("Karen St. Hilaire spoke", "Karen St. Hilaire", "PERSON", None, None, None),
])
def test_it_gives_an_abbreviated_saint_to_the_place_after_it(text, first, first_label, second, joined, label):
    mentions = [_m(text, first, first_label)] + ([_m(text, second, "LOCATION", "presidio")] if second else [])
    out = join_saints(text, mentions)
    surfaces = {(text[m.start:m.end], m.label) for m in out}
    if joined is None:
        assert surfaces == {(text[m.start:m.end], m.label) for m in mentions}
    else:
        assert surfaces == {(joined, label)}

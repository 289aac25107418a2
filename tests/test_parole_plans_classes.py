"""Classes of misses and false tags found in hand-written hearings of parole plans and of a women's
prison (``tests/hand/parole_plans_phonetic.txt``, ``womens_prison_custody.txt``), each a table of
sentences no hearing of the suite holds: the whole automatic pass on a short transcript."""
from __future__ import annotations

import pytest

from anonymizer.header import split_title

from .sentences import assert_masked_as_a_reader_would


#: (sentence, surface, label or None when the surface must not be masked at all)
CASES = [
    # an inmate number said with a phonetic letter, then its digits one by one
    ("My number is V as in Victor, 8-1-2-0-4.", "V as in Victor, 8-1-2-0-4", "CDCR_ID"),
    ("It's Echo 2 0 5 4 4, sir.", "Echo 2 0 5 4 4", "CDCR_ID"),
    ("It's Victor Bravo 1-9-9-5-3.", "Victor Bravo 1-9-9-5-3", "CDCR_ID"),
    # the numbers of a person's papers after their name: immigration, military service, a hospital's record
    ("My A-number is A098-765-432, from ICE.", "A098-765-432", "ID"),
    ("I was a Marine, service number 5527 4410, for four years.", "5527 4410", "ID"),
    ("Her medical record number is 00447129 at the clinic.", "00447129", "ID"),
    ("My passport number was 561209845 back then.", "561209845", "ID"),
    # a house number and a street without its suffix before a town and a zip code
    ("I'd live with my mother at 4417 East Olive, Fresno, 93702, with my sister.", "4417 East Olive", "LOCATION"),
    ("The ZIP is 93728 there.", "ZIP", None),
    # a time of day said on a 24-hour clock after "was", or before midnight
    ("It was 2330 hours when we left the house.", "2330 hours", "TIME"),
    ("We drove there at about a quarter to midnight.", "a quarter to midnight", "TIME"),
    # an initial standing for a surname after a courtesy title; a titled surname with a capital inside
    ("My counselor, Ms. P, helped me with my plans.", "P", "PERSON"),
    ("Sgt. Oyelaran and Lt. McAllister-Greer were there.", "McAllister-Greer", "PERSON"),
    # a name's rest and its suffix after a name found in part: one name
    ("I was with Curtis Ambrose Pettway Jr. then.", "Curtis Ambrose Pettway Jr.", "PERSON"),
    ("And Terrence Lamont Baskerville Sr. came by later.", "Terrence Lamont Baskerville Sr.", "PERSON"),
    # a relative's name a tagger took for a place
    ("My daughter Brooklyn is nine now.", "Brooklyn", "PERSON"),
    ("I put my daughter's name, Aaliyah, on my arm.", "Aaliyah", "PERSON"),
    # a Sikh name: a given name, Kaur or Singh, perhaps a surname
    ("The clerk, Harbans Kaur Sandhu, was pistol-whipped.", "Harbans Kaur Sandhu", "PERSON"),
    ("The store belonged to Officer Singh and his wife.", "Singh", "PERSON"),  # a title, no given name: the surname
    # an organization named in Spanish, its head word first
    ("The letter is from Iglesia Cristiana Roca de Salvación.", "Iglesia Cristiana Roca de Salvación", "ORGANIZATION"),
    ("I'd work at Panadería La Esperanza with my uncle.", "Panadería La Esperanza", "ORGANIZATION"),
    # someone addressed by a short name no list knows, at a sentence's start before a comma
    ("I was wrong. Roz, I am sorry for what I did.", "Roz", "PERSON"),
    # an interjection there is no name
    ("Yep, that's what happened.", "Yep", None),
    ("Nah, I never went back there.", "Nah", None),
    ("Hmm, I think it was later that night.", "Hmm", None),
    # Spanish said through an interpreter
    ("Sí, señora, I understand the question.", "Sí", None),
    # a transcriber's note in brackets
    ("(Interpreting) Yes, I understand what you asked.", "Interpreting", None),
    # a mental health program's level of care
    ("I'm in the Triple CMS program.", "Triple CMS", None),
]


@pytest.mark.parametrize(("sentence", "surface", "label"), CASES, ids=[c[1] for c in CASES])
def test_it_masks_a_class_as_a_reader_would(pipeline, sentence, surface, label):
    assert_masked_as_a_reader_would(pipeline, sentence, surface, label)


FORM = """BOARD OF PAROLE HEARINGS - STATE OF CALIFORNIA
LIFE PRISONER HEARING
INMATE: ROSALIND MAE TRUJILLO-BAPTISTE     W-40817
INSTITUTION: CENTRAL CALIFORNIA WOMEN'S FACILITY, CHOWCHILLA
HEARING DATE: AUGUST 6, 2021
PANEL: KATHLEEN ROSENBLATT-YU, PRESIDING COMMISSIONER; DESMOND ACHTERBERG, DEPUTY COMMISSIONER
COUNSEL: MARISOL ECHEVARRIA-DUNN

PRESIDING COMMISSIONER ROSENBLATT-YU: We're on the record.
"""

HEADING_ONLY = """          SUBSEQUENT PAROLE CONSIDERATION HEARING
                BOARD OF PAROLE HEARINGS

In the matter of the Parole Consideration Hearing of:   CDCR Number: V-81453
TOUA XIONG

PANEL PRESENT:
SHARON PRICE, Presiding Commissioner

PRESIDING COMMISSIONER PRICE: We're on the record.
"""


@pytest.mark.parametrize(("text", "inmate", "cdcr", "named"), [
    # a page printed as a form under one heading: its fields, the inmate's number beside the name without its label
    (FORM, "ROSALIND MAE TRUJILLO-BAPTISTE", "W-40817", "MARISOL ECHEVARRIA-DUNN"),
    # a heading of two markers alone before an empty line: the page goes on to name its people
    (HEADING_ONLY, "TOUA XIONG", "V-81453", "SHARON PRICE"),
])
def test_it_reads_a_title_page_printed_as_a_form(text, inmate, cdcr, named):
    end, header = split_title(text)
    assert header is not None and end > text.index(named)
    assert (header.inmate_name, header.cdcr_number) == (inmate, cdcr)
    assert named in [p.name for p in header.participants]

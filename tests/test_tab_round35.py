"""Court judgments (TAB's ECHR text), round 35's classes, each on invented sentences:

* a judgment's percentage, its count of the others accused with the applicant, of the hearings held and of the
  occasions something happened are a QUANTITY (TAB: QUANTITY, QUASI); a count of people without ``other``,
  hearings counted without being held, ``on several occasions`` and every hearing's numbers stay unmasked.

Every sentence is invented; none is copied from TAB.
"""
from __future__ import annotations

import pytest

from tests.sentences import mentions
from tests.test_tab_round31 import _mentions  # a judgment's opening, then the sentence; its mentions after it

QUANTITIES = [
    # (sentence, the QUANTITY mentions expected in it, in order)
    ("In 1992 the medical board found that his capacity for work had been reduced by 45%.", ["45%"]),
    ("The sum was to bear interest at the statutory rate of 26% per annum.", ["26%"]),
    ("Between 1995 and 2001 the rate of inflation averaged 62.5% per annum.", ["62.5%"]),
    ("Under the agreement he would pay the municipality 35 per cent of the income from the car park.",
     ["35 per cent"]),
    ("The clinic charged a systematic increase of 12% for the implants and 16.5% for the rest.", ["12%", "16.5%"]),
    ("The tax office claimed a surcharge of twenty percent on the unpaid amount.", ["twenty percent"]),
    ("The prosecutor filed an indictment against the applicant and eleven other persons for smuggling.",
     ["eleven other persons"]),
    ("He was charged, along with twenty-two other persons, with membership of an armed gang.",
     ["twenty-two other persons"]),
    ("The applicant and his 14 co-accused were tried before the Assize Court.", ["14 co-accused"]),
    ("By 9 March 2003 thirty-four hearings had been held before the trial court.", ["thirty-four hearings"]),
    ("Between June 2004 and May 2006 forty-one hearings took place.", ["forty-one hearings"]),
    ("The composition of the bench had changed on seven occasions.", ["seven occasions"]),
    # no one's number: a count of people without "other", hearings not counted as held, occasions not counted,
    # a number without a sign, a section's number
    ("A crowd of thirty to forty persons gathered in front of the town hall.", []),
    ("The court held three hearings and then adjourned the case.", []),
    ("The applicant had asked for an adjournment on several occasions.", []),
    ("The applicant owned 300 shares in the company and the plots of land were sold.", []),
    ("The claim fell under section 12 of the Act and paragraph 3.5 of the rules.", []),
    ("The file (no. 2001/45%) was sent back.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), QUANTITIES)
def test_it_masks_a_judgments_percentages_and_counts_of_the_case(pipeline, sentence, expected):
    assert [s for s, label in _mentions(pipeline, sentence) if label == "QUANTITY"] == expected


@pytest.mark.parametrize("sentence", [
    "I finished about 80% of the course before I was transferred.",
    "Two other people were there when it happened, and 12 co-workers saw it.",
    "We had four hearings before this one and five hearings were held in total.",
    "He told me I would get 50 percent of the pay, and on six occasions he did not pay.",
    "The applicant and seven other persons were in the cell.",
])
def test_it_leaves_a_hearings_numbers_alone(pipeline, sentence):
    _, found = mentions(pipeline, sentence)
    assert not [m for m in found if m[1] == "QUANTITY"], found

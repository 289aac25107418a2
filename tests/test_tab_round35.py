"""Court judgments (TAB's ECHR text), round 35's classes, each on invented sentences:

* a judgment's percentage, its count of the others accused with the applicant, of the hearings held and of the
  occasions something happened are a QUANTITY (TAB: QUANTITY, QUASI); a count of people without ``other``,
  hearings counted without being held, ``on several occasions`` and every hearing's numbers stay unmasked;
* a state's body named by its field is generic (``the Aliens Police``, ``the National Estate Directorate``, ``the
  Official Gazette``, ``the Court of Cassation Bar``); a town or a name before it keeps it particular;
* a statute's years are the law's, not the case's: a list after ``acts of`` (``the grazing acts of 1886, 1898 and
  1928``) and a year in square brackets before a statute's title (``the [1971] Forestry Act``);
* a state that joins the case as a third party (``the Government of X, which had exercised its right to
  intervene``) is a party before the Court, no one's identity, in every mention; another Government stays.

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


GENERIC_BODIES = [
    # (sentence, the body's words, masked)
    ("The Aliens Police ordered her expulsion on 3 May 1999.", "Aliens Police", False),
    ("On 14 July 1999 the National Estate Directorate issued two payment orders.", "National Estate Directorate", False),
    ("The Law was published in the Official Gazette on 30 June 2004.", "Official Gazette", False),
    ("He was represented by Mr P. Lorin, of the Court of Cassation Bar.", "Court of Cassation Bar", False),
    # a town before the field keeps the body particular
    ("The Lindor Aliens Police ordered her expulsion on 3 May 1999.", "Lindor", True),
]


@pytest.mark.parametrize(("sentence", "surface", "masked"), GENERIC_BODIES)
def test_it_leaves_a_state_body_named_by_its_field_unmasked(pipeline, sentence, surface, masked):
    found = _mentions(pipeline, sentence)
    assert any(surface in s for s, _ in found) is masked, found


INTERVENERS = [
    # (sentence, the Government's mention, masked)
    ("Third-party comments were received from the Government of Ruritania, which had exercised its right to "
     "intervene (Article 36 § 1 of the Convention).", "Ruritania", False),
    ("The Government of Ruritania, who had made use of their right to intervene, did not comment. Later the "
     "Government of Ruritania wrote again.", "Ruritania", False),
    # a Government that does not intervene is a mention
    ("The applicant had asked the Government of Ruritania for a passport in 1994.", "Ruritania", True),
]


@pytest.mark.parametrize(("sentence", "surface", "masked"), INTERVENERS)
def test_it_leaves_an_intervening_government_unmasked(pipeline, sentence, surface, masked):
    found = _mentions(pipeline, sentence)
    assert any(surface in s for s, _ in found) is masked, found


def test_it_reads_no_intervener_in_a_hearing():
    from anonymizer.lang.en.judgment_text import intervening_state

    text = "The Government of Ruritania, which had exercised its right to intervene, wrote to me."
    assert intervening_state(text, 4, text.index(",")) is False


STATUTE_YEARS = [
    # (sentence, the year, masked)
    ("The claim rested on the provisions of the grazing and forestry acts of 1886, 1898, 1928 and 1971.", "1898",
     False),
    ("The claim rested on the provisions of the grazing and forestry acts of 1886, 1898, 1928 and 1971.", "1971",
     False),
    ("The works preparing the 1928 Grazing Act and the [1971] Forestry Act were cited.", "1971", False),
    # the case's own years stay dates
    ("The applicant bought the land in 1971 and the Act was passed later.", "1971", True),
    ("Between 1886 and 1898 the acts of the council were not published.", "1886", True),
]


@pytest.mark.parametrize(("sentence", "year", "masked"), STATUTE_YEARS)
def test_it_leaves_a_statutes_years_unmasked(pipeline, sentence, year, masked):
    found = _mentions(pipeline, sentence)
    assert any(year in s for s, label in found if label == "DATE") is masked, found

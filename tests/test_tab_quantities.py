"""Court judgments (TAB's ECHR text), round tab47: classes of quasi-identifiers TAB marks that the pass missed.

* a judgment's percentage, its count of the other accused and of the hearings held are a QUANTITY (TAB: QUANTITY,
  QUASI); a count of people without ``other``, hearings counted without being held and every hearing's numbers stay;
* noon or midnight said with its number is a TIME (``at about 12 noon``);
* an ethnic minority of Europe is an NRP (``the Sami``, ``Roma families``), as the other ethnicities are;
* a sum of money with its code and its equivalent in another currency after a dash is one sum
  (``12,400 Turkish liras (TRY – approximately 6,800 euros (EUR))``);
* a prison by its town and its type in lower case (``the Edirne F-type prison``) and a town's prosecutor before its
  office (``the Beyoğlu prosecutor’s office``) and a town's mayor or governor (``the Mayor of Kuşadası``) are a body with its town, as a court with its town is (TAB: ORG, QUASI).

Every sentence is invented; none is copied from TAB.
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from tests.sentences import mentions

OPENING = ("The case originated in an application (no. 54321/07) against the Republic of Utopia lodged with the "
           "Court under Article 34 of the Convention by a Utopian national, Mr Pel Varno (“the applicant”), on 3 "
           "May 2007.\n\nThe applicant was represented by Ms R. Ostrava, a lawyer practising in Lindor.\n\n")


def judgment(pipeline, sentence: str) -> list[tuple[str, str]]:
    analysis = pipeline.run(load_bytes(f"PROCEDURE\n\n{OPENING}THE FACTS\n\n{sentence}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    start = body.index("THE FACTS")
    return [(body[m.start : m.end], m.label) for m in analysis.mentions if m.start > start]


QUANTITIES = [
    ("In 1992 the medical board found that his capacity for work had been reduced by 45%.", ["45%"]),
    ("The sum was to bear interest at the statutory rate of 26% per annum.", ["26%"]),
    ("Between 1995 and 2001 the rate of inflation averaged 62.5% per annum.", ["62.5%"]),
    ("Under the agreement he would pay the municipality 35 per cent of the income from the car park.",
     ["35 per cent"]),
    ("The clinic charged a systematic increase of 12% for the implants and 16.5% for the rest.", ["12%", "16.5%"]),
    ("The prosecutor filed an indictment against the applicant and eleven other persons for smuggling.",
     ["eleven other persons"]),
    ("He was charged, along with twenty-two other persons, with membership of an armed gang.",
     ["twenty-two other persons"]),
    ("The applicant and his 14 co-accused were tried before the Assize Court.", ["14 co-accused"]),
    ("By 9 March 2003 thirty-four hearings had been held before the trial court.", ["thirty-four hearings"]),
    ("Between June 2004 and May 2006 forty-one hearings took place.", ["forty-one hearings"]),
    ("Before the transfer she had been the owner of twelve plots of land in Lindor.", ["twelve plots of land"]),
    ("The house stood about 80 metres from the shore, on a plot of 1,200 square metres.",
     ["80 metres", "1,200 square metres"]),
    ("An X-ray showed a metal fragment measuring 12 x 8 mm in his left leg.", ["12 x 8 mm"]),
    ("On 2 March 1999 the Assize Court sentenced him to life imprisonment.", ["life imprisonment"]),
    # no one's number: a count of people without "other", hearings not counted as held, a number without a sign
    ("A crowd of thirty to forty persons gathered in front of the town hall.", []),
    ("The court held three hearings and then adjourned the case.", []),
    ("The applicant owned 300 shares in the company and the plots of land were sold.", []),
    ("Life imprisonment was abolished by the new Criminal Code.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), QUANTITIES)
def test_it_masks_a_judgments_percentages_and_counts_of_the_case(pipeline, sentence, expected):
    assert [s for s, label in judgment(pipeline, sentence) if label == "QUANTITY"] == expected


@pytest.mark.parametrize("sentence", [
    "I finished about 80% of the course before I was transferred.",
    "Two other people were there when it happened, and 12 co-workers saw it.",
    "We had four hearings before this one and five hearings were held in total.",
    "He told me I would get 50 percent of the pay.",
])
def test_it_leaves_a_hearings_numbers_alone(pipeline, sentence):
    _, found = mentions(pipeline, sentence)
    assert not [m for m in found if m[1] == "QUANTITY"], found


NOON = [
    ("At about 12 noon a group of demonstrators gathered in the square.", ["12 noon"]),
    ("The officers left the building at twelve midnight.", ["twelve midnight"]),
    ("The hearing began at noon.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), NOON)
def test_it_masks_noon_said_with_its_number(pipeline, sentence, expected):
    assert [s for s, label in judgment(pipeline, sentence) if label == "TIME"] == expected


@pytest.mark.parametrize(("sentence", "expected"), [
    ("The Sami have herded reindeer in these mountains since ancient times.", ["Sami"]),
    ("Several Roma families lived in the settlement near the river.", ["Roma"]),
    ("The applicants belong to the Sinti minority.", ["Sinti"]),
])
def test_it_masks_an_ethnic_minority_of_europe(pipeline, sentence, expected):
    assert [s for s, label in judgment(pipeline, sentence) if label == "NRP"] == expected


@pytest.mark.parametrize(("sentence", "name"), [
    ("I talked to Sami about it before the hearing.", "Sami"),
    ("My wife Roma visits me every week.", "Roma"),
])
def test_it_keeps_a_minoritys_name_that_is_a_given_name_a_persons(pipeline, sentence, name):
    _, found = mentions(pipeline, sentence)
    assert (name, "PERSON") in found, found


BODIES = [
    ("The applicant is currently detained in the Kandira F-type prison.", ["Kandira F-type prison"]),
    ("In 2003 he was transferred to the Sincan closed prison.", ["Sincan closed prison"]),
    ("He lodged a complaint with the Eyüp prosecutor’s office against the officers.", ["Eyüp prosecutor"]),
    ("She wrote to the Bakırköy public prosecutor's office.", ["Bakırköy public prosecutor"]),
    ("He had not signed a protocol with the Mayor of Dorvale within 15 days.", ["Mayor of Dorvale"]),
    ("The Governor of Tunceli refused to grant the permit.", ["Governor of Tunceli"]),
    # no town: the Principal Public Prosecutor, a prosecutor's office, a prison of no town
    ("The prosecutor’s office replied that the file had been lost.", []),
    ("The Principal Public Prosecutor’s office submitted its opinion.", []),
    ("He was held in an F-type prison for two years.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), BODIES)
def test_it_masks_a_prison_or_a_prosecutor_by_its_town(pipeline, sentence, expected):
    assert [s for s, label in judgment(pipeline, sentence) if label == "ORGANIZATION"] == expected


@pytest.mark.parametrize(("sentence", "expected"), [
    ("On 3 May 2007 the applicant was paid 12,400 Turkish liras (TRY – approximately 6,800 euros (EUR)) in "
     "respect of severance pay.", ["12,400 Turkish liras (TRY – approximately 6,800 euros (EUR))"]),
    ("The court awarded him 5,000 Turkish liras (TRY ‑ EUR 2,600) for costs.", ["5,000 Turkish liras (TRY ‑ EUR 2,600)"]),
    ("The fine of 300 euros (EUR) was paid.", ["300 euros (EUR)"]),
])
def test_it_masks_a_sum_with_its_equivalent_in_another_currency(pipeline, sentence, expected):
    assert [s for s, label in judgment(pipeline, sentence) if label == "MONEY"] == expected


@pytest.mark.parametrize(("sentence", "expected"), [
    ("On 13 June 1990 the 5th Chamber of the Supreme Administrative Court dismissed the appeal.", ["13 June 1990"]),
    ("On 10 June 2002 the 9th Criminal Division of the Court of Cassation upheld the judgment.", ["10 June 2002"]),
    ("In May 2001 he relied on the 5th Amendment and then on the 2nd Circuit's case-law.", ["May 2001"]),
    # days listed after their month stay days
    ("In May 1999 the applicant was questioned on the 3rd, 4th and 9th.", ["May 1999", "3rd", "4th", "9th"]),
])
def test_it_reads_an_ordinal_before_a_bodys_unit_as_no_day(pipeline, sentence, expected):
    assert [s for s, label in judgment(pipeline, sentence) if label == "DATE"] == expected


@pytest.mark.parametrize(("heading", "names"), [
    ("I. CIRCUMSTANCES OF THE CASE", []),
    ("II. RELEVANT DOMESTIC LAW AND PRACTICE", []),
])
def test_it_reads_a_judgments_heading_of_dictionary_words_as_no_name(pipeline, heading, names):
    analysis = pipeline.run(load_bytes(f"PROCEDURE\n\n{OPENING}THE FACTS\n\n{heading}\n\nThe applicant was born in 1960 and lives "
                                       "in Lindor.\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "PERSON" and "suspect" not in m.sources
            and m.start > body.index("THE FACTS")] == names

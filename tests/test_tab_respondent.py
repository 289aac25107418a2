"""Court judgments (TAB's ECHR text): the country the application was lodged against, said as the
land its law rules (``residing in Austria``, ``proceedings in Austria``), identifies no one; TAB's
annotators leave it unmasked. The same country after a town (``Schalchen, Austria``), as a
nationality, after ``the judge elected in respect of``, another country, and every country of a
text with no such application (a parole hearing) stay mentions."""
from __future__ import annotations

import pytest

from anonymizer.detect import filter_mentions
from anonymizer.ingest import load_bytes
from anonymizer.types import SUSPECT
from tests.test_detect import m as _mention

LODGED = ("The case originated in an application (no. 123/04) against the Republic of Moldova lodged with "
          "the Court by a farmer. ")
LODGED_GB = ("The case originated in an application (no. 21413/02) against the United Kingdom of Great Britain "
             "and Northern Ireland lodged with the Court by a farmer. ")

RESPONDENT = [
    # the respondent state as the land its law rules: no one's place
    (LODGED + "She was legally residing in Moldova at the time.", "Moldova", 1, False),
    (LODGED + "He also introduced court proceedings in Moldova to get his daughter back.", "Moldova", 1, False),
    (LODGED + "No such law applied within Moldova before 1995.", "Moldova", 1, False),
    (LODGED_GB + "He had lived in the United Kingdom since 1990.", "United Kingdom", 1, False),
    # the long name of the state itself
    (LODGED_GB + "It was heard.", "Northern Ireland", 0, False),
    # a town's country, a nationality, the judge's state, another state: mentions
    (LODGED_GB + "He is a United Kingdom national.", "United Kingdom", 1, True),
    (LODGED + "The applicants live in Cahul, Moldova.", "Moldova", 1, True),
    (LODGED + "She was born in Cahul (Moldova) in 1950.", "Moldova", 1, True),
    (LODGED + "Mr Rossi, the judge elected in respect of Moldova, withdrew.", "Moldova", 1, True),
    (LODGED + "In 1998 she moved to a village in Romania.", "Romania", 0, True),
    # no application lodged against it: a hearing's country stays a mention
    ("He was born in Moldova and came here in 1999.", "Moldova", 0, True),
    ("The case against Moldova was dropped. He lived in Moldova.", "Moldova", 1, True),
]


@pytest.mark.parametrize(("text", "surface", "nth", "kept"), RESPONDENT)
def test_it_does_not_mask_the_respondent_state_as_a_land(text, surface, nth, kept):
    out = list(filter_mentions(text, [_mention(text, surface, "LOCATION", "spacy", nth)]))
    assert bool(out) is kept


def test_it_leaves_the_respondent_state_unmasked_in_a_whole_judgment(pipeline):
    """Masked where it is the applicant's town's country; where it is the land, at most a suspect."""
    text = (LODGED + "The applicant, Mr Ion Rusu, was born in 1950 and lives in Cahul, Moldova.\n\n"
            "In 1998 he was legally residing in Moldova and worked in Romania.\n")
    analysis = pipeline.run(load_bytes(f"PROCEDURE\n\n{text}".encode(), "judgment.txt"))
    body = analysis.transcript.text
    places = [body[m.start : m.end] for m in analysis.mentions if m.label == "LOCATION" and SUSPECT not in m.sources]
    assert places.count("Moldova") == 1 and "Romania" in places and "Cahul" in places


LODGED_PL = ("The case originated in an application (no. 123/04) against the Republic of Poland lodged with "
             "the Court by a farmer. ")

COUNTRY_AS_PERSON = [
    # a tagger's person that is the respondent country (a Census surname too): the land or the party, no one
    (LODGED_PL + "She was legally residing in Poland at the time.", "Poland", 1, None),
    (LODGED_PL + "He relied on the Court's Smith v. Poland judgment.", "Poland", 1, None),
    (LODGED_PL + "It was lodged against the Republic of Poland.", "Poland", 1, None),
    # elsewhere a place, as the tagger's other countries are
    (LODGED_PL + "In February 1998 she entered Poland on a visa.", "Poland", 1, "LOCATION"),
    # another country, or no application lodged against it: the tagger's person stays
    (LODGED_PL + "Mr Jordan, her lawyer, wrote to the court.", "Jordan", 0, "PERSON"),
    ("Officer Poland wrote the report. He lodged a complaint against Poland later.", "Poland", 0, "PERSON"),
    ("I lived with Jordan in Fresno. My case against Jordan was lodged in 2001.", "Jordan", 0, "PERSON"),
]


@pytest.mark.parametrize(("text", "surface", "nth", "label"), COUNTRY_AS_PERSON)
def test_it_reads_the_respondent_country_taken_for_a_person_as_a_country(text, surface, nth, label):
    out = list(filter_mentions(text, [_mention(text, surface, "PERSON", "spacy", nth)]))
    assert [m.label for m in out] == ([label] if label else [])

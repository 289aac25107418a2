"""Court judgments (TAB's ECHR text), round 31's classes, each on invented sentences: words of the law that tell
no one's identity (``judgment_text.names_the_law``), in a judgment and in a hearing alike:

* a currency named by its country after a sum or "in" (``paid in German Marks (DEM)``, ``Swiss Francs (CHF)``;
  a tagger's person); a hearing's ``German Marks`` who is a person stays a name;
* a code's or statute's initials in brackets right after its name (``the Code of Criminal Procedure (CPP)``);
* a statute's number after its kind (``Law no. 49/2003``); the applicant's own file number stays;
* an age a statute sets for all (``a retirement age of 68``, ``a pensionable age of 65``); a person's age stays.
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.types import SUSPECT

OPENING = ("The case originated in an application (no. 12345/04) against the Republic of Freedonia lodged with the "
           "Court under Article 34 of the Convention by Mr Ali Veli (“the applicant”), on 1 March 2004.\n\n")


def _mentions(pipeline, text: str, opening: str = OPENING, name: str = "judgment.txt") -> list[tuple[str, str]]:
    analysis = pipeline.run(load_bytes(f"{opening}{text}\n".encode(), name))
    body = analysis.transcript.text
    after = body.index(text[:20])
    return [(body[m.start : m.end], m.label) for m in analysis.mentions
            if m.start >= after and SUSPECT not in m.sources]


LAW_WORDS = [
    ("Her pension was converted and paid in German Marks (DEM) from 1990.", "German Marks"),
    ("The allowance was paid in German Marks (DEM) until the reunification.", "German"),
    ("The fine was later paid in Swiss Francs (CHF) by the company.", "Swiss Francs (CHF)"),
    ("He was charged under Article 706-55 of the Code of Criminal Procedure (CPP). He appealed.", "CPP"),
    ("On 30 June 2003 the Parliament enacted “Law no. 49/2003” on compensation.", "49/2003"),
    ("The provision was repealed by Decree no. 4126/95 in the following year.", "4126/95"),
    ("The amendment introduced a retirement age of 68 for those medical practitioners.", "68"),
    ("The law set a pensionable age of 65 for judges.", "65"),
]


@pytest.mark.parametrize(("text", "surface"), LAW_WORDS)
def test_it_leaves_a_word_of_the_law_unmasked(pipeline, text, surface):
    assert surface not in [s for s, _ in _mentions(pipeline, text)]


PERSONS_DATA = [
    ("Then I gave the letter to German Marks, my cellie.", ("German Marks", "PERSON"), "hearing.txt"),
    ("The applicant, a Turkish national, was arrested in 1995.", ("Turkish", "NRP"), "judgment.txt"),
    ("The applicant retired at the age of 68 and moved abroad.", ("68", "AGE"), "judgment.txt"),
    ("The prosecutor opened an investigation (file no. 2004/1234) into the incident.", ("2004/1234", "ID"),
     "judgment.txt"),
]


@pytest.mark.parametrize(("text", "mention", "name"), PERSONS_DATA)
def test_it_still_masks_a_persons_data_beside_the_law_words(pipeline, text, mention, name):
    opening = OPENING if name == "judgment.txt" else ""
    assert mention in _mentions(pipeline, text, opening, name)


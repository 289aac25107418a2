"""Court judgments (TAB's ECHR text): a particular court, named with its town, is one organization
even where the tagger cuts it or misses it (``Vienna Labour`` of ``the Vienna Labour and Social
Court``; ``the Brandenburg Regional Labour Court`` not found at all), with its town after it (``the
District Court in Wodzisław Śląski``) and a numbered chamber of it (``the Ninth Chamber of the
Istanbul Assize Court``); TAB marks these QUASI. A court named by generic words only stays
unmasked (NO_MASK in TAB), and so does a Californian county's generic court in a hearing."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

COURTS = [
    ("On 2 December 1994 the applicant filed an action with the Vienna Labour and Social Court "
     "(Arbeits- und Sozialgericht) against her employer.",
     ["Vienna Labour and Social Court (Arbeits- und Sozialgericht)"]),
    ("The Vienna Labour and Social Court dismissed the action.", ["Vienna Labour and Social Court"]),
    ("On 13 May 1998 the Brandenburg Regional Labour Court quashed the decision of the Frankfurt/Oder "
     "Labour Court.", ["Brandenburg Regional Labour Court", "Frankfurt/Oder Labour Court"]),
    ("By a decision of 24 October 2002 the District Court in Wodzisław Śląski remanded him in custody.",
     ["District Court in Wodzisław Śląski"]),
    ("On 28 May 2007 the Ninth Chamber of the Istanbul Assize Court dismissed the objection.",
     ["Ninth Chamber of the Istanbul Assize Court"]),
    ("The case was transferred to the Fourteenth Chamber of the Istanbul Assize Court.",
     ["Fourteenth Chamber of the Istanbul Assize Court"]),
    # "of First-instance" ends the name, as some judgments write it (the tagger stopped before it)
    ("On 30 December 1996 the Mersin Civil Court of First-instance awarded him additional compensation.",
     ["Mersin Civil Court of First-instance"]),
    ("The Court of Cassation upheld the judgment of the Mersin Civil Court of First-instance.",
     ["Mersin Civil Court of First-instance"]),
    # the tagger's longer name is kept whole
    ("The Karşıyaka Criminal Court of First Instance convicted him.", ["Karşıyaka Criminal Court of First Instance"]),
    # generic courts: no one's (NO_MASK in TAB)
    ("The applicant appealed to the Supreme Court and the Regional Court dismissed it.", []),
    ("The Labour and Social Court dismissed the action.", []),
    ("The 9th Chamber of the Court of Cassation upheld the judgment.", []),
    ("The Regional Court in March 2003 dismissed the appeal.", []),
    # a hearing's county and its generic court, as before
    ("I was sentenced in the Kern County Superior Court in 1998.", []),
    ("He was sentenced by the Fresno County Superior Court.", []),
]


@pytest.mark.parametrize(("text", "spans"), COURTS)
def test_it_masks_a_particular_court_as_one_organization(pipeline, text, spans):
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "ORGANIZATION"] == spans

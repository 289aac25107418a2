"""Court judgments (TAB's ECHR text): a university's own offices named by generic words only (``the
Office of the University President``, ``the Office of the Rector``, ``the Faculty Board``) name no one,
like a ministry named so (TAB: NO_MASK); a university named with its place or name (``Erciyes
University``, ``the Istanbul University Rector's Office``, ``the University of California``) stays a
mention, and so does an office whose first word is a first name too (``the Dean's Office``)."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

OFFICES = [
    ("In a decision dated 21 December 1987 the Office of the University President concluded that the "
     "contract would not be renewed.", []),
    ("The judgment was served on the Office of the Rector on 30 July 1990.", []),
    ("The applicant appealed to the Faculty Board, which dismissed the appeal on 3 May 1991.", []),
    # a particular university, or a word that is a first name too: still an organization
    ("The applicant was a research assistant at Erciyes University Faculty of Medicine in Kayseri.",
     ["Erciyes University", "Faculty of Medicine"]),
    ("The Istanbul University Rector's Office dismissed his request on 5 May 1995.",
     ["Istanbul University", "Rector's Office"]),
    ("He took classes at the University of California in Riverside before his arrest.", ["University of California"]),
    ("The Dean's Office informed the applicant of the decision on 4 June 1992.", ["Dean's Office"]),
]


@pytest.mark.parametrize(("text", "organizations"), OFFICES)
def test_it_leaves_a_universitys_generic_offices_unmasked(pipeline, text, organizations):
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "ORGANIZATION"] == organizations

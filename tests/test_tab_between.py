"""Court judgments (TAB's ECHR text) and hearings: ``between`` opening a tagger's date, time or age
is no part of it (``between 1 March 1998`` -> ``1 March 1998``): TAB's spans leave it out and it
tells nothing of anyone; the dates, times and ages after it stay masked whole."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from tests.test_detect import span as tightened

BETWEEN = [
    # a tagger's span opening with "between": the word comes off
    ("compensation for the car park between 1 March 1998 and 31 December 1999.", "between 1 March 1998", "DATE",
     "1 March 1998"),
    ("Between 1956 and 1969 the Directorate built a dam.", "Between 1956 and 1969", "DATE", "1956 and 1969"),
    ("the period between 1 January and 1 August 1999 was", "between 1 January and 1 August 1999", "DATE",
     "1 January and 1 August 1999"),
    ("He was held between July and December 1995 in Ankara.", "between July and December 1995", "DATE",
     "July and December 1995"),
    ("when he was between 20 and 25 years old", "between 20 and 25 years old", "AGE", "20 and 25 years old"),
    # no "between" before it, or "between" alone: as before
    ("On 4 December 1994 the court ruled.", "4 December 1994", "DATE", "4 December 1994"),
    ("around 5:45, looking", "around 5:45", "TIME", "5:45"),
]


@pytest.mark.parametrize(("text", "surface", "label", "expected"), BETWEEN)
def test_it_leaves_between_out_of_a_date(text, surface, label, expected):
    assert tightened(text, surface, label) == expected


def test_it_masks_the_dates_of_a_period_without_between(pipeline):
    text = "The first case concerned the period between 1 March 1998 and 31 December 1999.\n"
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}".encode(), "judgment.txt"))
    body = analysis.transcript.text
    dates = [body[m.start : m.end] for m in analysis.mentions if m.label == "DATE"]
    assert dates == ["1 March 1998", "31 December 1999"]

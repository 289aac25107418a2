"""Court judgments (TAB's ECHR text): the length of a prison term written in the genitive before
'imprisonment' is masked with the case it tells; a duration said any other way stays unmasked
(docs/annotation-guidelines.md)."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

PRISON_TERMS = [
    ("The court sentenced her to three years’ imprisonment and a fine.", "three years"),
    ("He was sentenced to 18 months' imprisonment, suspended.", "18 months"),
    ("It imposed one year and two months’ imprisonment on him.", "one year and two months"),
    ("The term was cut to four and a half years’ imprisonment on appeal.", "four and a half years"),
    ("It fined him and ordered 48 hours’ imprisonment in default.", "48 hours"),
    ("She got 1 year's imprisonment for it.", "1 year's"),
    # a duration said any other way is no one's
    ("I did fifteen years in prison before my first hearing.", None),
    ("He is serving 15 years to life imprisonment for the murder.", None),
    ("A two-year term of imprisonment was imposed.", None),
]


@pytest.mark.parametrize(("text", "term"), PRISON_TERMS)
def test_it_masks_a_prison_term_in_the_genitive_before_imprisonment(pipeline, text, term):
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    found = [body[m.start : m.end] for m in analysis.mentions if m.label == "DATE"]
    assert found == ([term] if term else [])

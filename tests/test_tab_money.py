"""Court judgments (TAB's ECHR text): a sum in one of Europe's currencies is MONEY, the sum first
(``1,000 Austrian schillings (ATS)``) or its code first (``EUR 1,300``), with ``approximately`` before
it; a fine, an award, the costs tell whose case it is (TAB: QUANTITY, QUASI). Dollars, bare pounds,
a pupil's marks, a number without its currency and a currency without a number stay unmatched, so a
hearing's wages, restitution and weights are what they were."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

SUMS = [
    ("The court awarded the applicant 1,898,208,000 Turkish Liras (TRL) for the loss.",
     ["1,898,208,000 Turkish Liras (TRL)"]),
    ("The applicant was fined the equivalent of EUR 80 (euros) as a result.", ["EUR 80 (euros)"]),
    ("The society advanced 150,000 pounds sterling (GBP) and GBP 116,250 respectively to him.",
     ["150,000 pounds sterling (GBP)", "GBP 116,250"]),
    ("He received an allowance in the amount of 588 GDR marks until 1990.", ["588 GDR marks"]),
    ("The court increased the fine to TRL 2,847.312.000, due to his conduct.", ["TRL 2,847.312.000"]),
    ("The Assize Court sentenced him to a fine of 100,000,000 TRL. He appealed.", ["100,000,000 TRL"]),
    ("He was ordered to pay a fine of five hundred euros.", ["five hundred euros"]),
    ("They were granted a loan of SEK 14,700,000 (approximately EUR 1,470,000) for the costs.",
     ["SEK 14,700,000", "approximately EUR 1,470,000"]),
    ("It reimbursed the costs, i.e. 33,658 Austrian Schillings (ATS), in May.",
     ["33,658 Austrian Schillings (ATS)"]),
    ("The shares were bought at a price of 615 DEM (314.44 EUR) per share.", ["615 DEM", "314.44 EUR"]),
    ("He claimed approximately 4,000,000 Swedish kronor in damages.", ["approximately 4,000,000 Swedish kronor"]),
    # no currency of Europe's, no sum, a pupil's marks, a weight: no one's money
    ("He obtained 15 marks in mathematics and 79% of the marks in literature.", []),
    ("I was making about 500 dollars a month and I weighed 180 pounds.", []),
    ("The restitution was $10,000 and I paid it off in 2012.", []),
    ("The allowance was converted and paid in German Marks (DEM) from 1992.", []),
    ("The euro was introduced in Austria in 2002.", []),
    ("TRY to remember who was there on 5 May.", []),
    ("RON 2 AND SIT 5 SAID THE SAME THING.", []),
]


@pytest.mark.parametrize(("text", "spans"), SUMS)
def test_it_masks_a_sum_in_a_european_currency(pipeline, text, spans):
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "MONEY"] == spans

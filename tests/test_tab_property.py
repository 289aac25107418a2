"""Court judgments (TAB's ECHR text): the number of a plot of land after ``plot no.`` (every number of
a list after ``plots nos.``, and the register's sheet after it) is an ID; numbers without the plot's name,
a plot's size and a housing unit stay unmatched."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

PLOTS = [
    ("The authorities expropriated land (plot no. 431/4) and a building.", ["431/4"]),
    ("She owns half a share in a plot of land (plot no. 142, sheet/plan 33/29) with a shop.",
     ["142", "33/29"]),
    ("He produced titles for the plots nos. 260, 268, 119/5, 164.9, 121/2/3 and 425.",
     ["260", "268", "119/5", "164.9", "121/2/3", "425"]),
    ("The court registered parcel no. 12 in her name.", ["12"]),
    ("The land, plot number 7, block no. 3, lies by the sea.", ["7", "3"]),
    # no plot's name, a plot's size, a housing unit, a protocol: no one's
    ("The applicant relied on Protocol No. 11 and paid 500 euros.", []),
    ("They bought a plot of 500 square metres on credit.", []),
    ("I lived in Block 4, cell number 12, for two years.", []),
    ("The plot was sold on 5 May 1998 to a neighbour.", []),
]


@pytest.mark.parametrize(("text", "spans"), PLOTS)
def test_it_masks_the_number_of_a_plot_of_land(pipeline, text, spans):
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "ID"] == spans

"""Court judgments (TAB's ECHR text): a company named with its legal form (``Robert Bosch GmbH``,
``Ilirija d.o.o.``, ``Tesco plc``) is an organization, legal form and all, even when its name is a
person's to the tagger; TAB marks it QUASI. A title before two capitals (``the Deputy AG``) names
an office, no company."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

COMPANIES = [
    ("The applicant worked for Robert Bosch GmbH until 1995.", ["Robert Bosch GmbH"], []),
    ("She sued Ilirija d.o.o. and Polskie Radio Sp. z o.o. in Warsaw.",
     ["Ilirija d.o.o.", "Polskie Radio Sp. z o.o."], []),
    ("The shares of Tesco plc fell.", ["Tesco plc"], []),
    # the tagger cuts it into a person and a company
    ("In 1993 MotoMeter AG took over the plant.", ["MotoMeter AG"], []),
    # an office, no company
    ("I talked to the Deputy AG about it.", [], None),
]


@pytest.mark.parametrize(("text", "organizations", "persons"), COMPANIES)
def test_it_masks_a_company_with_its_legal_form_as_an_organization(pipeline, text, organizations, persons):
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "ORGANIZATION"] == organizations
    if persons is not None:  # None: the tagger's persons are not this table's business
        assert [body[m.start : m.end] for m in analysis.mentions if m.label == "PERSON"] == persons

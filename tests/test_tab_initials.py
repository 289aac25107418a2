"""Court judgments (TAB's ECHR text): a person named by two or more initials after a courtesy title,
joined by a hyphen or not, and a surname (``Mr C.-H. Ehrenkrona``, ``Mr J.-P. Costa``): one PERSON,
initials and all (the titled initial took ``C`` alone and left ``-H.`` unmasked, the surname an
organization; the tagger's organization ``Ms A.-M. Mendiboure`` is that person); initials with no surname stay the initials (``Mr F.L. At the end``), and initials after
no title stay what they were (``the U.S. Attorney``)."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

INITIALS = [
    ("The Government were represented by their Agent, Mr C.-H. Ehrenkrona, of the Ministry.", ["C.-H. Ehrenkrona"]),
    ("The Court, with Mr J.-P. Costa presiding, declared the application admissible.", ["J.-P. Costa"]),
    ("The applicant was represented by Mr K.-H. Christoph, a lawyer practising in Berlin.", ["K.-H. Christoph"]),
    ("The Government were represented by their Agent, Mr Z.M. Necatigil.", ["Z.M. Necatigil"]),
    ("The Government were represented by their Agent, Mrs A.-M. Wittling, of the Federal Ministry.", ["A.-M. Wittling"]),
    # the tagger's organization of the title, the initials and the surname: a person
    ("The applicant was represented by Ms A.-M. Mendiboure, a lawyer practising in Bayonne.", ["A.-M. Mendiboure"]),
    ("The applicant was represented by Mr K.H. Christoph, a lawyer practising in Berlin.", ["K.H. Christoph"]),
    # no surname after the initials, no title before them: the initials alone, or nothing
    ("He voted for candidates other than Mr F.L. At the end of the meeting he left.", ["F.L"]),
    ("The case went to the U.S. Attorney in 1999.", []),
]


@pytest.mark.parametrize(("text", "persons"), INITIALS)
def test_it_masks_a_titled_name_of_initials_whole(pipeline, text, persons):
    analysis = pipeline.run(load_bytes(f"THE FACTS\n\n{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "PERSON"] == persons

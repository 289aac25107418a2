"""Real transcripts of other formats (issue 47, round 35), each class on invented text:

* a hearing's list of participants on its front pages (``anonymizer/lang/en/rosters.py``): where three entries open
  with a name the taggers found, another entry's first line is a name too, and a body or a place after the role is
  masked whole; never a public body, an office, a role, a state or ordinary words only.
"""
from __future__ import annotations

import pytest

from anonymizer.detect.document import roster_mentions
from anonymizer.ingest import load_bytes
from anonymizer.types import SUSPECT, Mention


def _covered(pipeline, text: str, surface: str) -> bool | None:
    """Whether every letter of ``surface`` (its first place after the roster's heading) is masked, ``None``
    when only some are."""
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    body = analysis.transcript.text
    start = body.index(surface, body.index("SPEAKERS:"))
    letters = [i for i in range(start, start + len(surface)) if body[i].isalnum()]
    masked = [any(m.start <= i < m.end for m in analysis.mentions if SUSPECT not in m.sources) for i in letters]
    return True if all(masked) else False if not any(masked) else None


_VOUCHING = (
    "Linda Marchetti                                      10\n"
    "              President\n"
    "Yonkers Rowing Club\n\n"
    "Robert Haldane                                       20\n"
    "              Executive Director\n"
    "Hudson Valley Heritage Society\n\n"
    "Susan Whitlock                                       26\n"
    "              Town Supervisor\n"
    "Town of Eastchester\n\n"
)


def _roster(entry: str, vouching: str = _VOUCHING) -> str:
    return ("BEFORE THE STATE SENATE\n\nPUBLIC HEARING\n\nSPEAKERS:                                   PAGE\n\n"
            f"{vouching}{entry}\n\n"
            "SENATOR MARCHETTI:  Good evening, everybody, and thank you for coming to this hearing tonight.\n"
            "MR. HALDANE:  Thank you, Senator.  We are glad to be here.\n")


@pytest.mark.parametrize(("entry", "surface"), [
    # an entry's first line: a name, whatever the taggers read in it
    ("Eamon Quarrender                                     31\n              Planning Commissioner\nRiverwatch",
     "Eamon Quarrender"),
    ("Avi Israel\n              President\nSave the Kaylas of the World", "Avi Israel"),
    ("Dr. Taylor Seneca\n              Student\nLakeshore Central Schools", "Taylor Seneca"),
    # the body after the role: missed whole, or cut by the tagger at a small word
    ("Avi Israel\n              President\nSave the Kaylas of the World", "Save the Kaylas of the World"),
    ("Eamon Quarrender                                     31\n              Planning Commissioner\nRiverwatch",
     "Riverwatch"),
    ("Nora Quist\n              Supervisor\nTown of Pellridge", "Town of Pellridge"),
    ("Nora Quist\n              Supervisor\nBriar Point, NY", "Briar Point"),
    ("Nora Quist\n              President\nHudson River Kayak and Canoe Club Association",
     "Hudson River Kayak and Canoe Club Association"),
])
def test_it_masks_the_names_and_bodies_of_a_list_of_participants(pipeline, entry, surface):
    assert _covered(pipeline, _roster(entry), surface) is True


def _vouched(text: str, names: tuple[str, ...] = ("Linda Marchetti", "Robert Haldane", "Susan Whitlock")) -> list:
    """The taggers' persons on the vouching entries' first lines."""
    out = []
    for name in names:
        start = text.find(name)
        if start >= 0:
            out.append(Mention(start, start + len(name), "PERSON", ("spacy",), confidence=2))
    return out


def _proposed(text: str, mentions: list) -> set[str]:
    return {" ".join(text[m.start:m.end].split()) for m in roster_mentions(text, mentions)}


@pytest.mark.parametrize(("entry", "surface", "proposed"), [
    ("Avi Israel\n              President\nSave the Kaylas of the World", "Avi Israel", True),
    ("Avi Israel\n              President\nSave the Kaylas of the World", "Save the Kaylas of the World", True),
    ("Nora Quist\n              Supervisor\nBriar Point, NY", "Briar Point", True),
    # never a public body, an office, a role, a state or ordinary words only
    ("Nora Quist\n              Chief of Police\nTown of Pellridge Police Department",
     "Town of Pellridge Police Department", False),
    ("Nora Quist\n              Captain\nNew York State Police", "New York State Police", False),
    ("Nora Quist\n              Resident Agent in Charge\nDrug Enforcement Agency", "Drug Enforcement Agency", False),
    ("Nora Quist\n              Member\nAdvocate for Victims of Crime and\n   Their Families",
     "Advocate for Victims of Crime and Their Families", False),
    ("Nora Quist\n              Deputy Mayor\nOffice of the County Executive", "Office of the County Executive", False),
    ("Nora Quist\n              Supervisor\nBriar Point, NY", "NY", False),
    ("Nora Quist\n              Associate Director of\n   Behavioral Health\nKaylas Health", "Behavioral Health", False),
    ("Unknown Speaker 1\n              (no microphone)", "Unknown Speaker", False),
    ("Unknown Speaker 1\n              (no microphone)", "Unknown Speaker 1", False),
])
def test_it_proposes_only_names_and_bodies_of_the_list(entry, surface, proposed):
    text = _roster(entry)
    assert (surface in _proposed(text, _vouched(text))) is proposed


@pytest.mark.parametrize("entry", [
    "Avi Israel\n              President\nSave the Kaylas of the World",
    "Eamon Quarrender                                     31\n              Planning Commissioner\nRiverwatch",
])
def test_it_needs_three_entries_the_taggers_found(entry):
    """Two entries whose names a tagger found are no list's evidence: nothing is proposed; three are."""
    text = _roster(entry)
    assert _proposed(text, _vouched(text)[:2]) == set()
    assert _proposed(text, _vouched(text))

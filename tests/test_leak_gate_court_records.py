"""The leak gate on a correctly reviewed court record (issue 47: "a correctly reviewed real hearing exports without an
override"): an accepted place in a federal court's caption is the court's name, read as the pass reads it; a word of
an accepted name that is a dictionary word in its plural ("Nine Brothers") is not found in small letters. A name or
a place outside the caption, or capitalised, still is."""
from __future__ import annotations

import pytest

from anonymizer.leakgate import Gate, Term

CAPTION = "UNITED STATES DISTRICT COURT\n\nEASTERN DISTRICT OF MICHIGAN\n\n"


@pytest.mark.parametrize(("form", "label", "text", "found"), [
    ("Michigan", "LOCATION", CAPTION + "A. We moved to a farm.\n", []),
    ("Michigan", "LOCATION", CAPTION + "A. We moved to MICHIGAN then.\n", ["MICHIGAN"]),
    ("Michigan", "LOCATION", "A. We lived in EASTERN DISTRICT OF MICHIGAN, so to speak, for years.\n", ["MICHIGAN"]),
    ("Nine Brothers", "PERSON", "A. My sisters and brothers came every day.\n", []),
    ("Seven Sparrows", "PERSON", "A. Then Sparrows called me.\n", ["Sparrows"]),
    ("Seven Sparrows", "PERSON", "A. Then seven sparrows came.\n", ["seven sparrows"]),
    ("Nora Vellacott", "PERSON", "A. then nora vellacott said no.\n", ["nora vellacott"]),
])
def test_it_reads_a_court_caption_and_plural_words_of_a_name_as_the_pass_does(form, label, text, found):
    gate = Gate([Term("surface", label, form, 1)])
    assert [text[s:e] for s, e, _ in gate.matches(text)] == found

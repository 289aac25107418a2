"""The review screen and actions use the anonymizer's one transcript grammar, tag syntax and folding."""
from __future__ import annotations

import pytest

from anonymizer import tags
from anonymizer.lang.en import transcript, vocabulary
from review import rendering
from review.services import ActionError, text
from review.services.entities import normalize_tag


@pytest.mark.parametrize(
    "line",
    ["PRESIDING COMMISSIONER RUFF: Good morning.", "UNIDENTIFIED SPEAKER 2: Yes.", "INMATE McDONALD : No.",
     "Q: Where were you?", "A: At home.", "Mr. Smith: hello", "DEPUTY DISTRICT ATTORNEY OF THE COUNTY OF KERN: x"],
)
def test_it_finds_the_same_speaker_tags_as_the_core(line):
    match = transcript.speaker_tag(line)
    assert rendering.speaker_end(line) == (match.end() if match else 0)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("witness 2b", "[WITNESS_2B]"), ("[Person-X]", "[PERSON_X]"), ("", ""), ("  ", "")],
)
def test_it_normalizes_a_typed_tag_to_the_one_tag_syntax(typed, expected):
    assert normalize_tag(typed) == expected
    assert expected == "" or tags.is_tag(expected)


@pytest.mark.parametrize("typed", ["2B", "PERSON<1>", "x" * 79])
def test_it_refuses_what_is_not_a_tag(typed):
    with pytest.raises(ActionError):
        normalize_tag(typed)


def test_it_folds_possessives_with_the_vocabulary():
    assert text.fold_possessive is vocabulary.fold_possessive
    found = text.find_occurrences("Kevin Richardson's car. Kevin Richardsen came.", "Kevin Richardson", [])
    assert [(o.start, o.end, o.kind) for o in found] == [(0, 16, "exact"), (24, 40, "fuzzy")]

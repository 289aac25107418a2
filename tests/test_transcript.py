"""The transcript format: one speaker-tag grammar, one tag syntax (docs/transcript-format.md)."""
from __future__ import annotations

import pytest

from anonymizer import tags
from anonymizer.lang.en import transcript


@pytest.mark.parametrize(
    ("line", "tag"),
    [
        ("PRESIDING COMMISSIONER RUFF: Good morning.", "PRESIDING COMMISSIONER RUFF"),
        ("ATTORNEY MBELU : Yes.", "ATTORNEY MBELU"),
        ("McDONALD: Right.", "McDONALD"),
        ("MacLEOD: Right.", "MacLEOD"),
        ("DEPUTY DISTRICT ATTORNEY O'BRIEN: Nothing further.", "DEPUTY DISTRICT ATTORNEY O'BRIEN"),
        ("INMATE SMITH-JONES: No.", "INMATE SMITH-JONES"),
        ("INMATE HERNÁNDEZ-OCHOA: (Through Interpreter) Yes.", "INMATE HERNÁNDEZ-OCHOA"),  # accented capitals
        ("DEPUTY COMMISSIONER CASTAÑEDA: Señor.", "DEPUTY COMMISSIONER CASTAÑEDA"),
        ("MR. YOUNG: Okay.", "MR. YOUNG"),
        ("UNIDENTIFIED SPEAKER 2: Hello?", "UNIDENTIFIED SPEAKER 2"),
        ("UNIDENTIFIED SPEAKER:", "UNIDENTIFIED SPEAKER"),
        ("  INMATE YOUNG: indented", "INMATE YOUNG"),
        ("ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT: eight words", "ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT"),
        ("DEPUTY COMMISSIONER O’BRIEN: curly apostrophe", "DEPUTY COMMISSIONER O’BRIEN"),
        ("Q: Where were you?", None),  # Q&A markers are not speaker tags
        ("A: At home.", None),
        ("He said: yes", None),
        ("Mr. SMITH: hello", None),
        ("11:30 in the morning", None),
        ("CDCR number AB1234: noted", None),
        ("2 UNIDENTIFIED: a number first", None),
        ("ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE: nine words", None),
        ("INMATE YOUNG:no space after the colon", None),
        ("INMATE YOUNG  : two spaces before the colon", None),
    ],
)
def test_it_accepts_only_the_speaker_tags_of_the_grammar(line, tag):
    match = transcript.speaker_tag(line)
    assert (match and match.group("tag")) == tag
    assert transcript.is_speaker_tag(line) is (tag is not None)


def test_it_finds_tags_on_every_line_after_a_start():
    text = "PANEL PRESENT:\n\nINMATE YOUNG: Yes.\nQ: And?\nMcDONALD: No.\n"
    found = [m.group("tag") for m in transcript.speaker_tags(text, text.index("\n"))]
    assert found == ["INMATE YOUNG", "McDONALD"]


def test_it_tells_whether_an_offset_is_inside_the_tag_of_its_line():
    text = "intro\nINMATE YOUNG: YOUNG said"
    assert transcript.in_speaker_tag(text, text.index("YOUNG"))
    assert not transcript.in_speaker_tag(text, text.rindex("YOUNG"))


@pytest.mark.parametrize(
    ("text", "is_tag"),
    [
        ("[PERSON_2]", True),
        ("[PERSON_2B]", True),
        ("[WITNESS_2B]", True),
        ("[SPELLED_NAME_PERSON_2]", True),
        ("[MONTH]", True),
        ("[CDCR_ID_1]", True),
        ("[person_2]", False),
        ("[2]", False),
        ("[_X]", False),
        ("PERSON_2", False),
        ("[PERSON 2]", False),
    ],
)
def test_it_recognises_the_tag_syntax(text, is_tag):
    assert tags.is_tag(text) is is_tag


def test_it_finds_every_tag_of_a_multi_tag_replacement():
    assert tags.find_tags("[MONTH] [DAY], [YEAR] and [WITNESS_2B]'s") == [
        "[MONTH]", "[DAY]", "[YEAR]", "[WITNESS_2B]",
    ]


@pytest.mark.parametrize(
    ("given", "tag"),
    [
        ("WITNESS_2B", "[WITNESS_2B]"),
        (" witness 2b ", "[WITNESS_2B]"),
        ("[Witness-2B]", "[WITNESS_2B]"),
        ("spelled name  person 2", "[SPELLED_NAME_PERSON_2]"),
        ("[PERSON_2]", "[PERSON_2]"),
    ],
)
def test_it_normalizes_a_user_given_tag(given, tag):
    assert tags.normalize_tag(given) == tag


@pytest.mark.parametrize("given", ["", "[]", "  ", "2B", "---"])
def test_it_refuses_a_user_given_tag_without_a_label(given):
    with pytest.raises(ValueError):
        tags.normalize_tag(given)


@pytest.mark.parametrize(
    ("text", "pos", "tag"),
    [
        ("INMATE YOUNG: Yes.\nMR. DOE: No.\n", 0, "INMATE YOUNG"),
        ("INMATE YOUNG: Yes.\nMR. DOE: No.\n", 19, "MR. DOE"),
        ("INMATE YOUNG: Yes.\nMR. DOE: No.\n", 3, None),  # not a line's start
        ("Q: Where?\nA: Home.\n", 10, None),
        ("He said: yes\n", 0, None),
    ],
)
def test_it_gives_the_same_speaker_tag_asked_again_and_of_another_text(text, pos, tag):
    """Answers kept for the last text asked (speaker_tag): the same asked twice, another text's never taken."""
    for _ in range(2):
        found = transcript.speaker_tag(text, pos)
        assert (found.group("tag") if found else None) == tag
    other = "X" * pos + "\nJUDGE WREN: Go on.\n"  # another text, another answer at the same offset
    found = transcript.speaker_tag(other, pos + 1)
    assert found is not None and found.group("tag") == "JUDGE WREN"
    found = transcript.speaker_tag(text, pos)
    assert (found.group("tag") if found else None) == tag

"""The leak gate sees a name however it is disguised: inside brackets or a tag-shaped spoof
(``[Gonzalez]``, ``[GONZALEZ]``, ``[MARIA_GONZALEZ]``), or written with characters a reader
does not see or tell apart (soft hyphen, zero-width, combining marks, Cyrillic letters,
full-width forms), while the tags the export writes stay quiet."""
from __future__ import annotations

import pytest

from anonymizer.export import detector_leaks
from anonymizer.leakgate import Gate, Term, protected_ranges, residual_risk
from tests.test_export import admin, corpus, export_root  # noqa: F401  (fixtures)

TERMS = [Term("surface", "PERSON", "Maria Gonzalez", 1), Term("surface", "PERSON", "Roberto Day", 1)]


def found(text: str) -> list[str]:
    return [text[start:end] for start, end, _ in Gate(TERMS).matches(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # brackets and tag-shaped spoofs
        ("your sister [Gonzalez] wrote", ["Gonzalez"]),
        ("your sister [GONZALEZ] wrote", ["GONZALEZ"]),
        ("[Maria Gonzalez] came", ["Maria Gonzalez"]),
        ("[MARIA_GONZALEZ] came", ["MARIA_GONZALEZ"]),
        ("[GONZALEZ_2] came", ["GONZALEZ"]),
        ("Gonzalez] came", ["Gonzalez"]),
        ("[PERSON_1] [GONZALEZ] [PERSON_2]", ["GONZALEZ"]),
        # the export's own tags stay quiet, even where a name is also a tag word ([DAY])
        ("[PERSON_1] [PERSON_2] on [MONTH] [DAY], [YEAR] at [PRISON_1]", []),
        ("[SPELLED_NAME_PERSON_3] and [CDCR_ID_1] and [WITNESS_2B]", []),
        ("[CITY_1], [STATE_2] [ZIP_CODE_1] [POLICE_DEPARTMENT_1]", []),
    ],
)
def test_it_finds_a_name_in_brackets_or_a_spoofed_tag_and_not_the_tags(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ms. Gon\u00adzalez said", ["Gon\u00adzalez"]),
        ("Ms. Gon\u200bzalez said", ["Gon\u200bzalez"]),
        ("Ms. Gonz\u2060alez said", ["Gonz\u2060alez"]),
        ("Ms. \ufeffGonzalez said", ["Gonzalez"]),
        ("Ms. G\u043enzalez said", ["G\u043enzalez"]),
        ("Ms. \u041c\u0430ria said", ["\u041c\u0430ria"]),
        ("Ms. Gonza\u0301lez said", ["Gonza\u0301lez"]),
        ("Ms. G\u0338o\u0338nzalez said", ["G\u0338o\u0338nzalez"]),
        ("Ms. \uff27\uff4f\uff4e\uff5a\uff41\uff4c\uff45\uff5a said", ["\uff27\uff4f\uff4e\uff5a\uff41\uff4c\uff45\uff5a"]),
        ("Ms. Gonzalez said", ["Gonzalez"]),
        ("Ms. González and [PERSON_1] said Maria", ["Maria"]),
    ],
)
def test_it_finds_a_name_written_with_hidden_or_look_alike_characters(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "protected"),
    [
        ("[PERSON_1] [MONTH] [DAY]", 3),
        ("[GONZALEZ] [MARIA_GONZALEZ_1]", 0),
        ("[CDCR_ID_2] [SPELLED_NAME_PERSON_1] [DAY_OF_WEEK]", 3),
    ],
)
def test_it_protects_only_tags_the_export_writes(text, protected):
    assert len(protected_ranges(text, ())) == protected


def test_it_lists_a_spoofed_tag_as_residual_risk():
    assert "GONZALEZ" in residual_risk("She said [GONZALEZ] and [PERSON_1].")


def test_it_counts_a_detector_hit_inside_a_spoofed_tag():
    text = "She said [GONZALEZ] and [PERSON_1]."
    hits = [(text.index("[GONZALEZ]"), text.index("[GONZALEZ]") + 10, "PERSON")]
    assert [leak.label for leak in detector_leaks(text, hits)] == ["PERSON"]


@pytest.mark.parametrize(
    ("tags", "leaks"),
    [(frozenset(), ["URL"]), (frozenset({"[WITNESS_2B_LAST]"}), [])],
)
def test_it_keeps_a_renamed_tag_the_export_wrote_quiet(tags, leaks):
    text = "DEPUTY COMMISSIONER [WITNESS_2B_LAST]: Thank you."
    hits = [(text.index("[W"), text.index("]:") + 1, "URL")]
    assert [leak.label for leak in detector_leaks(text, hits, (), tags)] == leaks


@pytest.mark.django_db
@pytest.mark.parametrize(
    "plant",
    ["INMATE: My brother [Richardson] wrote.", "INMATE: My brother [RICHARDSON] wrote.",
     "INMATE: My brother [KEVIN_RICHARDSON] wrote.", "INMATE: Ask Mr. Rich\u00adardson.",
     "INMATE: Ask Mr. Rich\u200bardson.", "INMATE: Ask Mr. Ri\u0441hardson."],
)
def test_it_blocks_an_export_with_a_disguised_name_left_in_the_body(corpus, admin, plant):
    from review.models import Export
    from tests.test_export import TEXT, make_document, run

    make_document(corpus, "h", text=TEXT + plant + "\n")
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED
    assert any(hit["member"] == "text/hearing_0001.txt" and hit["line"] == TEXT.count("\n") + 1
               for hit in export.leaks)

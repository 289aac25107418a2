"""Recognizers that try their patterns only at ``STARTS`` offsets or behind a first character's look-ahead find
exactly what a search finds."""
from __future__ import annotations

import pytest
import regex as re

from anonymizer.lang.en.recognizers import build_recognizers
from anonymizer.lang.rules import FLAGS
from fixtures.generate import generate_hearing
from tests.test_recognizers import TABLES
from tests.test_recognizers_names import NAME_TABLES

ANCHORED = [r for r in build_recognizers() if r.STARTS is not None]


def _found(recognizer, text: str, *, anchored: bool) -> list[tuple[int, int, float, str]]:
    if not anchored:
        recognizer.STARTS = None  # the instance searches like Presidio's PatternRecognizer
    try:
        results = recognizer.analyze(text, recognizer.supported_entities, None)
    finally:
        vars(recognizer).pop("STARTS", None)
    return sorted((r.start, r.end, r.score, r.analysis_explanation.pattern_name) for r in results)


def _texts(entity: str) -> list[str]:
    tables = {**TABLES, **NAME_TABLES}
    table = "\n".join(text for cls, rows in tables.items() if cls.ENTITY == entity for text, _ in rows)
    hearings = [generate_hearing(f"anchored_{i}", seed=500 + i, words=6000).text for i in range(3)]
    return [table, *hearings]


def test_it_anchors_at_least_the_age_recognizer():
    assert "AGE" in {r.supported_entities[0] for r in ANCHORED}


@pytest.mark.parametrize("recognizer", ANCHORED, ids=lambda r: r.name)
def test_it_finds_the_same_spans_at_the_starts_as_a_search_over_the_text(recognizer):
    for text in _texts(recognizer.supported_entities[0]):
        searched = _found(recognizer, text, anchored=False)
        assert searched, "a text without matches proves nothing"
        assert _found(recognizer, text, anchored=True) == searched


FIRSTED = [(r, p) for r in build_recognizers() for p in r.patterns if p.searched != p.regex]


def test_it_gives_some_patterns_a_first_character():
    assert {"numeric_mdy", "hour_am_pm", "phone_unbroken", "day_list_month", "named_number"} <= {p.name for _, p in FIRSTED}


@pytest.mark.parametrize("recognizer, pattern", FIRSTED, ids=lambda x: getattr(x, "name", ""))
def test_it_finds_the_same_matches_behind_the_first_characters_look_ahead(recognizer, pattern):
    plain = re.compile(pattern.regex, FLAGS)
    texts = [*_texts(recognizer.supported_entities[0]), "Call 5552345678 at 8 AM on 10/24/2024, the 3, 4 and 9 May.",
             "Call 916-555-0142 or +1 916 555 0142 about case F-2231 and 22/2001, file 12345, in May, on the 3rd and 4th."]
    spans = [[m.span() for m in plain.finditer(text)] for text in texts]
    assert any(spans), "a text without matches proves nothing"
    assert [[m.span() for m in pattern.compiled_regex.finditer(text)] for text in texts] == spans

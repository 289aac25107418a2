"""Recognizers that try their patterns only at ``STARTS`` offsets find exactly what a search finds."""
from __future__ import annotations

import pytest

from anonymizer.lang.en.recognizers import build_recognizers
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

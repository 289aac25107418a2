"""Searching the document text: overlaps, possessive folding, exact and fuzzy occurrences.

Pure functions (no queries): the add/whitelist actions and the review screen's inspector
use the same ones, so what the screen offers is what the action does.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from anonymizer.lang.en.transcript import line_starts as _line_starts
from anonymizer.lang.en.vocabulary import fold_possessive, split_possessive

_WORD = re.compile(r"[^\W_]+(?:['’.-][^\W_]+)*")
_UNTYPABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # control characters no keyboard types


def typed(value: str | None) -> str:
    """Text a person typed (a comment, a reason) as it can be stored: without NUL and the other control
    characters no keyboard types; line breaks and tabs stay. PostgreSQL refuses NUL in text and JSON
    columns: a comment or a reason posted with one was a 500 (a review action refuses it in the view)."""
    return _UNTYPABLE.sub("", value or "")


def overlaps(a_start: int, a_end: int, spans: list[tuple[int, int]]) -> bool:
    """Whether ``[a_start, a_end)`` overlaps one of ``spans`` (sorted, non-overlapping)."""
    i = bisect.bisect_left(spans, (a_start, a_start))
    for j in (i - 1, i):
        if 0 <= j < len(spans) and spans[j][0] < a_end and a_start < spans[j][1]:
            return True
    return False


@dataclass(frozen=True)
class Occurrence:
    start: int
    end: int
    kind: str  # "exact" or "fuzzy"
    score: float
    line: int  # 1-based line number


def find_occurrences(
    text: str, needle: str, covered: list[tuple[int, int]], threshold: float = 85.0, limit: int = 500
) -> list[Occurrence]:
    """Exact (any case, before a possessive) and fuzzy (rapidfuzz ratio) matches of ``needle``.

    Spans overlapping ``covered`` (sorted existing mentions) are skipped. Fuzzy matches
    are windows of as many words as the needle inside one line; needles of three
    characters or less are matched exactly only.
    """
    from rapidfuzz import fuzz, process

    words = needle.split()
    if not words:
        return []
    line_starts = _line_starts(text)
    found: dict[tuple[int, int], Occurrence] = {}
    exact = re.compile(r"(?<![^\W_])" + r"[ \t]+".join(map(re.escape, words)) + r"(?![^\W_])", re.IGNORECASE)
    for m in exact.finditer(text):
        if not overlaps(m.start(), m.end(), covered):
            found[(m.start(), m.end())] = Occurrence(m.start(), m.end(), "exact", 100.0, 0)
    folded = fold_possessive(" ".join(words))
    if len(folded) > 3:
        windows: list[tuple[int, int]] = []
        for line_start, line in zip(line_starts, text.split("\n")):
            spans = [(w.start() + line_start, w.end() + line_start) for w in _WORD.finditer(line)]
            windows.extend((spans[i][0], spans[i + len(words) - 1][1]) for i in range(len(spans) - len(words) + 1))
        choices = [text[s:e] for s, e in windows]
        for _, score, index in process.extract(
            folded, choices, scorer=fuzz.ratio, processor=fold_possessive, score_cutoff=threshold, limit=None
        ):
            start, end = windows[index]
            end -= len(split_possessive(text[start:end])[1])  # the possessive is never part of a span
            if any(s < end and start < e for s, e in found) or overlaps(start, end, covered):
                continue
            found[(start, end)] = Occurrence(start, end, "fuzzy", round(score, 1), 0)
    ordered = sorted(found.values(), key=lambda o: o.start)[:limit]
    return [Occurrence(o.start, o.end, o.kind, o.score, bisect.bisect_right(line_starts, o.start)) for o in ordered]


def same_term(text: str, mentions: Iterable, term: str, status: str) -> list:
    """The mentions of ``status`` whose text is ``term`` (any case, possessive stripped)."""
    folded = fold_possessive(term)
    return [m for m in mentions if m.status == status and fold_possessive(text[m.start:m.end]) == folded]


def similar_names(selected: str, names: Sequence[str], cutoff: float = 70, limit: int = 12) -> list[int]:
    """Indexes of the ``names`` most like ``selected`` (rapidfuzz WRatio), best first."""
    from rapidfuzz import fuzz, process

    return [i for _, _, i in process.extract(selected, names, scorer=fuzz.WRatio, score_cutoff=cutoff, limit=limit)]


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The span without leading and trailing white space (a sloppy selection made clean)."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


#: labels whose missed occurrences are pre-ticked only when capitalised like a name
NAME_LABELS = frozenset({"PERSON", "SPELLED_NAME"})


def name_like(surface: str) -> bool:
    """Capitalised like a name: every word starts with a capital (``Little``, not ``a little``)."""
    words = [w for w in surface.split() if any(c.isalpha() for c in w)]
    return bool(words) and all(next(c for c in w if c.isalpha()).isupper() for w in words)

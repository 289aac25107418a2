"""Offsets of test fixture text, one helper for every test module."""
from __future__ import annotations


def nth_span(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """``(start, end)`` of the ``nth`` (0-based) occurrence of ``needle`` in ``text``."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    return start, start + len(needle)

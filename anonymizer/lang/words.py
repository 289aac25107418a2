"""What every language pack's word questions share (no language's words here: those are the packs')."""
from __future__ import annotations


def counting_word_kind(folded: str, number_words: frozenset[str], weekdays: frozenset[str],
                       months: frozenset[str]) -> str:
    """The part of a pack's ``word_kind`` every language shares: "a number word" (each part of a hyphenated
    ``folded`` word one: "twenty-four"), "a weekday", "a month"; "" otherwise."""
    parts = [p for p in folded.split("-") if p]
    if parts and all(p in number_words for p in parts):
        return "a number word"
    if folded in weekdays:
        return "a weekday"
    if folded in months:
        return "a month"
    return ""

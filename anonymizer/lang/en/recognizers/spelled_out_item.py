"""SPELLED_OUT_ITEM: phonetic spelling of a letter (``V as in Victor``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_WORD = r"[A-Za-z][A-Za-z'’]*(?:-[A-Za-z]+)?"
# ``V as in Victor``, ``M, as in Mary``, ``B AS IN BOY``, ``T as in the word Tom``
_AS_IN = rf"(?<![\w'’-])[A-Za-z],?[ ](?i:as[ ]in)[ ](?:(?i:the[ ]word)[ ])?{_WORD}"
# ``V for Victor``: only a capital letter (not the pronoun ``I``) and a capitalised word.
_FOR = r"(?<![\w'’-])[A-HJ-Z],?[ ]for[ ][A-Z][a-z]+(?:-[a-z]+)?"

_LAST_WORD = re.compile(r"([A-Za-z])[A-Za-z'’-]*$")


class SpelledOutItemRecognizer(RuleRecognizer):
    """One span per letter phrase: ``C as in Charlie, H as in Henry`` gives two spans.

    The phrase is kept only when the word starts with the letter it spells.
    """

    ENTITY = "SPELLED_OUT_ITEM"
    PATTERNS = [
        Pattern("letter_as_in_word", _AS_IN, 0.95),
        Pattern("letter_for_word", _FOR, 0.85),
    ]
    CONTEXT = ["spell", "spelled", "spelling", "letter", "name"]

    def validate_result(self, pattern_text: str) -> bool | None:
        word = _LAST_WORD.search(pattern_text)
        if word is None or word.group(1).casefold() != pattern_text[0].casefold():
            return False
        return None

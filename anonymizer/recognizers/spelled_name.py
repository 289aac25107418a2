"""SPELLED_NAME: a name spelled letter by letter with hyphens (``R-I-C-H-A-R-D-S-O-N``)."""
from __future__ import annotations

from ._base import Pattern, RuleRecognizer

_LETTER = r"[^\W\d_]"
_APOS = "['’]"
# Single letters joined by hyphens; an apostrophe may stand as its own part
# (``O-'-B-R-I-E-N``).  The run must not start or end inside a word, so
# ``T-shirt``, ``X-ray``, ``e-mail``, ``well-known`` and ``w-w-we`` never match.
_TIGHT = (
    rf"(?<![\w'’-]){_LETTER}(?:-(?:{_APOS}-)?{_LETTER})+"
    rf"(?!\w|{_APOS}(?!s\b)|-{_APOS}?{_LETTER})"
)
# Capitals spelled with a space after each hyphen (``D- O- E``), three or more.
_SPACED = r"(?<![\w'’-])[A-Z](?:-[ ][A-Z]){2,}(?!\w|['’](?!s\b)|-[ ]?[A-Za-z])"


class SpelledNameRecognizer(RuleRecognizer):
    """Letters separated by hyphens, two or more, that are not a stutter.

    A stutter (``I-I-I``, ``a-a``) repeats one letter and is rejected in
    :meth:`validate_result`.  A possessive ``'s`` after the last letter is
    allowed but not part of the span.
    """

    ENTITY = "SPELLED_NAME"
    PATTERNS = [
        Pattern("spelled_name_hyphens", _TIGHT, 0.95),
        Pattern("spelled_name_spaced", _SPACED, 0.9),
    ]
    CONTEXT = ["spell", "spelled", "spelling", "last", "name", "first"]

    def validate_result(self, pattern_text: str) -> bool | None:
        letters = {c.casefold() for c in pattern_text if c.isalpha()}
        return False if len(letters) < 2 else None

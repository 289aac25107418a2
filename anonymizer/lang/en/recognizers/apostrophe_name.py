"""PERSON: first names with an apostrophe after a short prefix (``De'Shawn``, ``Ja'Marcus``,
``D'Andre``, ``La'Keisha``, ``Sha'Quille``).

No census list holds most of them, so the tagger and the census rule leave them to the suspects, at
the lowest certainty. The shape is the evidence: one capital and at most two lower-case letters, an
apostrophe, a capitalised word of three letters or more; a surname of that shape (``O'Neal``,
``D'Angelo``) is a name too. A lower-case part after the apostrophe (``Y'all``, ``O'clock``) is none.
"""
from __future__ import annotations

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_NAME = r"(?<![\p{L}\d'’-])\p{Lu}\p{Ll}{0,2}['’]\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?(?![\p{L}\d'’-])"


class ApostropheNameRecognizer(RuleRecognizer):
    """A first name with an apostrophe after its first one to three letters."""

    ENTITY = "PERSON"
    PATTERNS = [Pattern("apostrophe_name", _NAME, 0.85)]
    CONTEXT = ["name", "my", "his", "her", "son", "daughter", "brother", "sister", "friend"]

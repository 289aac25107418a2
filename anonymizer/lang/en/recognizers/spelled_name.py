"""SPELLED_NAME: a name spelled letter by letter with hyphens (``R-I-C-H-A-R-D-S-O-N``), or with only
spaces, commas or full stops between capitals (``O R T E G A``, ``L, O, P, E, Z``, ``O.C.H.O.A.``), or a speech
recogniser's letters of either case with spaces between (``D a n n E r``)."""
from __future__ import annotations

from anonymizer.lang.en import gazetteer, plain

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

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
# Capitals with only a space or a comma between them (``O R T E G A``, ``L, O, P, E, Z``), four or more
# (``Facility A, B, C`` is a list of yards; a word spelled out is no name: ``validate_result``).
_SPACES_ONLY = r"(?<![\w'’-]|\b[A-Z][ ])[A-Z](?:[ ][A-Z]){3,}(?![\w'’-])"
# A speech recogniser's spelling: a capital, then three or more single letters of either case with a space between,
# at least one of them small (``D a n n E r``, ``G E o R G E``): it writes each letter as it heard it.
_MIXED_CASE = r"(?<![\w'’-]|\b[A-Za-z][ ])[A-Z](?=(?:[ ][A-Z])*[ ][a-z])(?:[ ][A-Za-z]){3,}(?![\w'’-])"
_COMMAS = r"(?<![\w'’-]|\b[A-Z],[ ])[A-Z](?:,[ ][A-Z]){3,}(?![\w'’-])"
# Capitals with a full stop after each (``O.C.H.O.A.``, ``O. C. H. O. A.``), four or more (``R.J.``, ``U.S.A.`` stay)
_DOTS = r"(?<![\w.'’-])[A-Z](?:\.[ ]?[A-Z]){3,}(?=\.?(?![\w'’-]))"
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


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
        Pattern("spelled_name_spaces_only", _SPACES_ONLY, 0.85),
        Pattern("spelled_name_commas", _COMMAS, 0.85),
        Pattern("spelled_name_mixed_case", _MIXED_CASE, 0.85),
        Pattern("spelled_name_dots", _DOTS, 0.85),
    ]
    CONTEXT = ["spell", "spelled", "spelling", "last", "name", "first"]

    def validate_result(self, pattern_text: str) -> bool | None:
        letters = {c.casefold() for c in pattern_text if c.isalpha()}
        if len(letters) < 2:
            return False
        if "-" not in pattern_text:  # letters apart without hyphens: no word ("P R O C E E D I N G S"), no run
            joined = "".join(c for c in pattern_text if c.isalpha())
            word = joined.casefold()
            if joined.upper() in _ALPHABET or (plain.in_dictionary(word) and word not in gazetteer.first_names()
                                       and word not in gazetteer.last_names()):
                return False
        return None

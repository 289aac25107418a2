"""ID: case, application and file numbers (``application no. 18403/91``, ``case no. 1996/276``,
``registration no. D-4840``).

Court records number cases and applications; such a number identifies the person as surely
as a name. A number needs a separator or a letter prefix and must follow ``no.`` / ``nos.`` /
``number`` (a list after ``nos.`` counts too), so ``Penal Code 664/187``, ``Protocol No. 11``
and dates stay unmatched.
"""
from __future__ import annotations

import regex as re

from ._base import Pattern, RuleRecognizer, line_before

_NUMBER = r"(?<![\w/.-])(?:[A-Z]{1,3}-\d{2,8}|\d{1,6}/\d{2,4}(?:/\d{1,4})?)(?![\w/-]|\.\d)"
# "no. ", "nos. ", "number ", optionally followed by earlier items of a list ("nos. 1234/91, ")
_CUE = re.compile(
    r"(?i:\b(?:nos?\.|numbers?|n°))[ ](?:(?:[A-Z]{1,3}-)?\d{1,6}(?:/\d{1,4}){0,2}(?:,[ ]|[ ]and[ ]))*$"
)


class CaseNumberRecognizer(RuleRecognizer):
    """A slashed or letter-prefixed number right after ``no.``/``nos.``/``number``."""

    ENTITY = "ID"
    PATTERNS = [Pattern("case_number", _NUMBER, 0.9)]
    CONTEXT = ["application", "case", "file", "registration", "no", "number"]

    def keep(self, text: str, start: int, end: int) -> bool:
        return bool(_CUE.search(line_before(text, start, 120)))

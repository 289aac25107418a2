"""PERSON: a witness's name said right before the body they speak for (``Good afternoon, Dana Okafor, on behalf of
the Riverbend Tenants Union``, ``Members, Quintanilla on behalf of Harbor City College and in support``).

A public comment names its speaker and the body in one breath; a captioner's garble may leave the surname alone
(``MEMBERS OF QUINTANILLA ON BEHALF OF ...``), where the tagger reads nothing. Up to three capitalised words before
``on behalf of`` (a comma between perhaps), from the first that is a name: the last a surname no plain word
shares, the ones before it such words or census first names that are no plain word
(:func:`anonymizer.lang.en.plain.named_word`). Not a name: "I'm here on behalf of",
"Counsel on behalf of", "the Department, on behalf of" (words, titles, roles). In capitals the pass reads the
truecased copy, where such a word is capitalised and a dictionary word is not.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import plain

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_WORD = r"\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:['’-]\p{Lu}?\p{Ll}+)?"
_BEFORE_BEHALF = (rf"(?<![\p{{L}}\d'’.-]){_WORD}(?:[ ]{_WORD}){{0,2}}"
                  r"(?=,?[ ](?i:on[ ]behalf[ ]of)(?![\p{L}]))")
_WORD_RE = re.compile(_WORD)


class SpeaksForRecognizer(RuleRecognizer):
    """The name before ``on behalf of`` (see the module's docstring): one match per speaker."""

    ENTITY = "PERSON"
    PATTERNS = [Pattern("speaks_for", _BEFORE_BEHALF, 0.85)]
    CONTEXT = ["behalf"]
    NEEDS = {"speaks_for": re.compile(r"(?i)\bon[ ]behalf[ ]of\b")}

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        words = list(_WORD_RE.finditer(text, start, end))
        if not plain.named_word(words[-1].group()):
            return None
        first = len(words) - 1
        while first > 0 and plain.named_word(words[first - 1].group(), last=False):
            first -= 1
        return words[first].start(), end


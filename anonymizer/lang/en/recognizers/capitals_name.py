"""PERSON: a name printed in capitals on a court's title page or list of appearances, read by its shape: a middle
or first initial (``MICAH F. FERGENSON``, ``E. SCOTT SCHIRICK``), or after ``BY:`` and ``HON.`` (``BY: SIDHARDHA
KAMARAJU``, ``HON. ANALISA TORRES``), where no tagger reads names in capitals."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import lexicon, vocabulary

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_CAPS = r"[A-Z][A-Z'’-]+"
#: an initial, never a case's ``V.`` (``PEOPLE V. JONES``)
_INITIAL = r"(?![VW]\.)[A-Z]\."
PATTERNS = [
    Pattern("initial_in_capitals", rf"(?<![\w.'’-])(?:{_INITIAL}[ ]{_CAPS}[ ]{_CAPS}|{_CAPS}[ ]{_INITIAL}[ ]{_CAPS})(?![\w'’-])",
            0.85),
    Pattern("after_by_or_hon", rf"(?<=\b(?:BY|HON\.|HONORABLE|THE[ ]HONORABLE):?[ ]){_CAPS}(?:[ ]{_INITIAL}[ ]{_CAPS}|(?:[ ]{_CAPS}){{1,2}})"
            r"(?![\w'’-])", 0.85),
]


class CapitalsNameRecognizer(RuleRecognizer):
    """Names in capitals by their shape; a run holding a role, an organization's or a court's word is none."""

    ENTITY = "PERSON"
    PATTERNS = PATTERNS
    CONTEXT = ["appearances", "attorney", "counsel", "judge", "by"]

    def keep(self, text: str, start: int, end: int) -> bool:
        words = [w for w in re.split(r"[ .]+", text[start:end]) if len(w) > 1]
        return not any(lexicon.is_role_word(w) or lexicon.is_stop_word(w.casefold()) or w.title() in _NOT_NAME_WORDS
                       for w in words)


_NOT_NAME_WORDS = frozenset({*vocabulary.ORGANIZATION_HEADS, "States", "United", "District", "Court", "County", "State",
                             "America", "People", "Office", "Department", "Attorney", "Attorneys", "Defendant",
                             "Plaintiff", "Trial", "Exhibit", "Page", "Llp", "Inc", "Llc", "Section", "Code"})

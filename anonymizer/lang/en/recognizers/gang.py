"""ORGANIZATION: street and prison gangs (``Rollin' 60s Crips``, ``the Rollin' 60s``, ``Asian Boyz``, ``Norteños``,
``Varrio Hawaiian Gardens``, ``Black Guerrilla Family``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer
from anonymizer.lang.en.recognizers._names import CAP_WORD, strip_function_words

#: Last words that make capitalised words before them a gang name.
HEADS = ("Crips", "Bloods", "Gang", "Gangsters", "Boyz", "Bulldogs", "Brotherhood", "Mafia", "Familia",
         "Lowriders", "Posse", "Clique", "Locos", "Trece")
#: One-word gazetteer entries that are also ordinary words.
_AMBIGUOUS = frozenset({"blood", "crip", "eme", "bulldogs"})


def _forms(term: str) -> set[str]:
    capitalised = " ".join(w[:1].upper() + w[1:] for w in term.split(" "))
    return {capitalised, term.upper()}


def _gazetteer() -> str:
    forms = {f for term in gazetteer.gangs() if term not in _AMBIGUOUS for f in _forms(term)}
    escaped = (re.escape(f).replace(r"\ ", "[ ]").replace("'", "['’]") for f in forms)
    return "(?:" + "|".join(sorted(escaped, key=len, reverse=True)) + ")"


_HEAD = "(?:" + "|".join(sorted(HEADS, key=len, reverse=True)) + ")"
_END = r"(?![\w'’-])"
_DECADES = "(?:Twenties|Thirties|Forties|Fifties|Sixties|Nineties)"
PATTERNS = [
    Pattern("gang_gazetteer", rf"(?<![\w'’-]){_gazetteer()}{_END}", 0.85),
    Pattern("gang_head_noun", rf"(?<![\w'’-]){CAP_WORD}(?:[ ]{CAP_WORD}){{0,3}}?[ ]{_HEAD}{_END}", 0.85),
    Pattern("gang_varrio", rf"(?<![\w'’-])(?:Varrio|Barrio|VARRIO|BARRIO)(?:[ ]{CAP_WORD}){{1,3}}{_END}", 0.85),
    # a set named "Rollin'" and its streets' number, its head perhaps left out ("the Rollin' 60s", "Rollin 30s")
    Pattern("gang_rollin", rf"(?<![\w'’-])(?:Rollin['’]?|Rolling)[ ](?:\d0['’]?s|{_DECADES})(?:[ ]{_HEAD})?{_END}", 0.85),
]


class GangRecognizer(RuleRecognizer):
    """Gangs from ``data/categorize_gangs.txt`` (written capitalised or in capitals), names
    ending in a gang word (``Crips``, ``Bloods``, ``Gang``, ``Boyz``, ``Mafia`` ...) and
    ``Varrio``/``Barrio`` names.  Leading function words are not part of the span."""

    ENTITY = "ORGANIZATION"
    PATTERNS = PATTERNS
    CONTEXT = ["gang", "joined", "member", "affiliated", "associate", "dropout", "validated"]

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        start = strip_function_words(text, start, end)
        return (start, end) if start < end else None

"""ORGANIZATION: street and prison gangs (``Rollin' 60s Crips``, ``the Rollin' 60s``, ``Asian Boyz``, ``Norteños``,
``Varrio Hawaiian Gardens``, ``Black Guerrilla Family``), and an outlawed group a judgment says is one (``an illegal
organisation, the DHKP-C (Revolutionary People's Liberation Party-Front)``, ``the PKK (the Kurdistan Workers' Party, an
illegal organisation)``): with its name in brackets, as TAB's spans hold it."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer, literal_alternation
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
    return literal_alternation(f for term in gazetteer.gangs() if term not in _AMBIGUOUS for f in _forms(term))


_HEAD = "(?:" + "|".join(sorted(HEADS, key=len, reverse=True)) + ")"
_END = r"(?![\w'’-])"
_DECADES = "(?:Twenties|Thirties|Forties|Fifties|Sixties|Nineties)"
#: what a judgment calls an outlawed group: "an illegal organisation", "an armed terrorist organization"
_OUTLAWED = (r"(?i:an?|the)[ ](?:(?i:illegal|armed|terrorist|outlawed|banned|proscribed|separatist|clandestine)[ ]){1,3}"
             r"(?i:organi[sz]ation|group)")
#: its name: an acronym ("PKK", "DHKP-C", "TKP/ML-TIKKO") or capitalised words ("Revolutionary Left")
_ACRONYM = r"\p{Lu}{2,}(?:[/-]\p{Lu}+)*"
_GROUP_NAME = rf"(?:{_ACRONYM}|{CAP_WORD}(?:[ ](?:of[ ])?{CAP_WORD}){{0,4}})(?![\w'’/-])"
#: its name written out in brackets after the acronym ("(Revolutionary People's Liberation Party-Front)", "(the
#: Kurdistan Workers' Party, an illegal organisation)")
_GLOSS = rf"[ ]\((?:the[ ])?\p{{Lu}}[^()\n]{{1,80}}?(?:,[ ]{_OUTLAWED})?\)"
PATTERNS = [
    # "an illegal organisation, the DHKP-C (...)", "membership of an armed organisation, namely the PKK"
    Pattern("outlawed_after_cue", rf"(?<={_OUTLAWED},?[ ](?:(?i:namely|called|known[ ]as)[ ])?(?:the[ ])?){_GROUP_NAME}(?:{_GLOSS})?",
            0.85),
    # "the PKK (the Kurdistan Workers' Party), an illegal organisation", "the PKK, an illegal organisation"
    Pattern("outlawed_before_cue", rf"(?<![\w'’-]){_ACRONYM}(?![\w'’/-])(?:{_GLOSS})?(?=,[ ]{_OUTLAWED})", 0.85),
    # "the PKK (the Kurdistan Workers' Party, an illegal organisation)"
    Pattern("outlawed_in_gloss", rf"(?<![\w'’-]){_ACRONYM}(?![\w'’/-])[ ]\((?:the[ ])?\p{{Lu}}[^()\n]{{1,80}}?,[ ]{_OUTLAWED}\)",
            0.85),
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
    CONTEXT = ["gang", "joined", "member", "affiliated", "associate", "dropout", "validated", "organisation"]
    #: the gang word, which every match of the head-noun pattern holds: searched on its lines only
    ANCHORS = {"gang_head_noun": re.compile(_HEAD)}

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        start = strip_function_words(text, start, end)
        return (start, end) if start < end else None

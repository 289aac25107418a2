"""Regex fragments for capitalised names, shared by the organization and location recognizers."""
from __future__ import annotations

import regex as re

#: a capitalised word (``Men's``, ``Tri-Valley``, ``In-N-Out``, ``Núñez``, ``Rollin'``), a short abbreviation
#: (``Jr.``, ``St.``) or an ordinal/decade (``18th``, ``60s``)
CAP_WORD = (
    r"(?:\p{Lu}\p{Ll}{0,2}\.(?=[ ])|\p{Lu}[\p{L}'’&-]*\p{L}(?:['’](?=[ ]))?|\p{Lu}(?![\w'’-])"
    r"|\d{1,3}(?:st|nd|rd|th|s|'s)(?![\w'’]))"
)
#: lower-case words allowed inside a name (``Pacific Gas and Electric``, ``New Way of Life``)
CONNECTOR = r"(?:of|and|for|the|de|del|la|los|las|&)"

#: words that start a sentence or a clause and are never the first word of a name
FUNCTION_WORDS = frozenset(
    """
    The A An And But Or So Then My Our His Her Their Your Its At In To From Of For On With When While After
    Before Because If I We He She They It This That These Those Yes No Well Uh Um Okay Oh Also Now There Here
    Just Like Maybe And Was Is Are Were Did Do Does Had Have Has Not Never Every Each All Some Any Both Into
    Out Over Back Down Up By As Sir Ma'am Mr Mrs Ms Dr What Where Who Why How Which
    """.split()
)

_WORD = re.compile(r"\S+")


def strip_function_words(text: str, start: int, end: int) -> int:
    """``start`` moved past leading function words (``The``, ``At``, ``THE`` ...) of ``text[start:end]``."""
    while True:
        word = _WORD.match(text, start, end)
        # "Yes. The ...": the reply's sentence ends before the name
        bare = word.group().rstrip(",.") if word is not None else ""
        if word is None or (bare not in FUNCTION_WORDS and not (bare.isupper() and bare.title() in FUNCTION_WORDS)) \
                or word.end() >= end:
            return start
        start = word.end() + 1

"""PERSON: a name printed in capitals on a court's title page or list of appearances, read by its shape: a middle
or first initial (``TOBIAS R. WENDELL``, ``E. DORIAN KESSLER``), or after ``BY:`` and ``HON.`` (``BY: SIDHARDHA
VOSSBERG``, ``HON. MIRELA OSTRANDER``), or two or three words alone on a line of the list of appearances (``PETER
HOLM``; not dictionary words only), where no tagger reads names in capitals; and a name the transcriber marks as
heard (``Bo Xian (ph)``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import lexicon, plain, vocabulary

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_CAPS = r"[A-Z][A-Z'’-]+"
#: an initial, never a case's ``V.`` (``PEOPLE V. JONES``)
_INITIAL = r"(?![VW]\.)[A-Z]\."
PATTERNS = [
    Pattern("initial_in_capitals", rf"(?<![\w.'’-])(?:{_INITIAL}[ ]{_CAPS}[ ]{_CAPS}|{_CAPS}[ ]{_INITIAL}[ ]{_CAPS})(?![\w'’-])",
            0.85),
    Pattern("after_by_or_hon", rf"(?<=\b(?:BY|HON\.|HONORABLE|THE[ ]HONORABLE):?[ ]){_CAPS}(?:[ ]{_INITIAL}[ ]{_CAPS}|(?:[ ]{_CAPS}){{1,2}})"
            r"(?![\w'’-])", 0.85),
    # the witness called and sworn, in capitals at its line's start (``OSWIN BRANDQUIST, called as a witness by ...``)
    Pattern("sworn_witness", rf"(?m:^[^\S\n]*\K{_CAPS}(?:[ ](?:{_INITIAL}|{_CAPS})){{1,3}}(?=,[ ](?:called[ ]as[ ]a[ ]witness"
            r"|having[ ]been|was[ ]duly|the[ ]witness|previously[ ]sworn|resumed)))", 0.85),
    # a name as the transcriber heard it, marked so (``Bo Xian (ph)``, ``Huaxing (phonetic)``), in any case
    Pattern("phonetic_marker", r"(?<![\w'’.-])\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’-]+){0,2}"
            r"(?=[ ]?\((?i:ph|phonetic|phon|sp)\.?\))", 0.85),
    # a line of its own in a list of appearances, two or three words (``CALLUM BREWER`` under ``BY: ...``)
    Pattern("appearance_line", rf"(?m:^[^\S\n]*\K{_CAPS}(?:[ ]{_CAPS}){{1,2}}(?=[^\S\n]*,?[^\S\n]*$))", 0.85),
]
#: the heading of a court's list of appearances, and how far a line of it may stand after it (characters)
_APPEARANCES = "APPEARANCES"
_APPEARANCES_REACH = 1500


class CapitalsNameRecognizer(RuleRecognizer):
    """Names in capitals by their shape; a run holding a role, an organization's or a court's word is none."""

    ENTITY = "PERSON"
    PATTERNS = PATTERNS
    CONTEXT = ["appearances", "attorney", "counsel", "judge", "by"]
    #: the marker in brackets after the name, on the match's line: searched on its lines only
    ANCHORS = {"phonetic_marker": re.compile(r"\((?i:ph|phonetic|phon|sp)\.?\)")}

    def keep(self, text: str, start: int, end: int) -> bool:
        words = [w for w in re.split(r"[ .]+", text[start:end]) if len(w) > 1]
        if _alone_on_its_line(text, start, end) and not re.search(rf"{_INITIAL}", text[start:end]) \
                and not re.search(r"\b(?:BY|HON\.|HONORABLE):?[ ]$", text[max(0, start - 16):start]) and not (
                    text.find(_APPEARANCES, max(0, start - _APPEARANCES_REACH), start) >= 0
                    and not all(plain.in_dictionary(w) for w in words)):
            return False  # a line of capitals outside a list of appearances, or of dictionary words only ("DIRECT EXAMINATION")
        return not any(lexicon.is_role_word(w) or lexicon.is_stop_word(w.casefold()) or w.title() in _NOT_NAME_WORDS
                       for w in words)


_NOT_NAME_WORDS = frozenset({*vocabulary.ORGANIZATION_HEADS, "States", "United", "District", "Court", "County", "State",
                             "America", "People", "Office", "Department", "Attorney", "Attorneys", "Defendant",
                             "Plaintiff", "Trial", "Exhibit", "Page", "Llp", "Inc", "Llc", "Section", "Code"})


def _alone_on_its_line(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return not text[line_start:start].strip() and not text[end:line_end if line_end >= 0 else len(text)].strip(" \t,")

"""ORGANIZATION (the label of prisons): a prison or another place of custody named without its kind, after words of being sent or held
there (``he was sent to Belmarsh``, ``I was taken to High Down``, ``three months in Pentonville``, ``transferred
to Ford Open Prison``): a name no gazetteer needs to know, read from the words of custody around it."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_WORD = r"\p{Lu}[\p{L}'’-]*\p{L}"
#: words of being sent, taken or held somewhere
_SENT = (
    r"(?<=\b(?i:sent|taken|transferred|shipped|remanded|released|discharged|bailed|ghosted)"
    r"(?:[ ](?i:back|down|over|straight))?[ ](?i:to|from|into)[ ])"
)
#: a stay somewhere: "three months in", "two years at", "my time in", "locked up in"
_STAY = (
    r"(?<=\b(?:(?i:days|weeks|months|years|nights|time|spell|stint|sentence)[ ](?i:in|at)"
    r"|(?i:locked[ ]up|banged[ ]up|held|detained|imprisoned|inside|served[ ](?:it|them|my[ ]time|time))[ ](?i:in|at))[ ])"
)
#: words that name a kind of place, a body or a relative, never one prison on their own
_NOT_A_PRISON = frozenset(
    "court crown magistrates hospital prison prisons jail gaol custody board office post school church work home bed "
    "heaven hell god mum dad nan grandad mam category cat wing cell segregation seg healthcare the a an his her my "
    "their our police station probation solicitor counsel chambers trial court's appeal".split()
)
#: last words of a court, a hospital or an office: not a prison ("taken to High Court")
_NOT_A_PRISON_HEAD = frozenset("court courts hospital school station office board chambers centre center".split())
#: words of a place's kind: a name with its kind is the institution recognizers' (``Mule Creek State Prison``)
_KIND_WORDS = frozenset("prison jail hall facility center centre camp institution penitentiary unit".split())
#: a capitalised word or an initial right after the span: the name goes on, the span is no whole name
_GOES_ON = re.compile(r"[ ](?:\p{Lu}\.|\p{Lu}[\p{L}'’-]*\p{L})")
#: the words of custody one of which the passage around the name must hold
_CUSTODY = re.compile(
    r"\b(?i:prisons?|jail|gaol|custody|custodial|sentenced?|inmates?|cells?|HMP|YOI|remand(?:ed)?|released|transferred"
    r"|convicted|conviction|locked[ ]up|officers?|wardens?|category)\b"
)
_WINDOW = 400

PATTERNS = [
    Pattern("sent_to_place", rf"{_SENT}{_WORD}(?:[ ]{_WORD}){{0,2}}(?![\w'’-])", 0.85),
    Pattern("stay_in_place", rf"{_STAY}{_WORD}(?:[ ]{_WORD}){{0,2}}(?![\w'’-])", 0.85),
]


class CustodyPlaceRecognizer(RuleRecognizer):
    """A prison named without its kind where the passage speaks of custody; the span is the name's
    capitalised words (``Ford Open Prison`` whole). Generic words (``Court``, ``Category D``, ``Hospital``) and
    a relative's word (``Mum``) are no prison's name."""

    ENTITY = "ORGANIZATION"
    PATTERNS = PATTERNS
    CONTEXT = ["prison", "jail", "custody", "sentence", "transferred"]

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        words = text[start:end].split(" ")
        if words[0].casefold() in _NOT_A_PRISON or words[-1].casefold() in _NOT_A_PRISON_HEAD or len(words[0]) < 3:
            return None
        if any(w.casefold() in _KIND_WORDS for w in words) or _GOES_ON.match(text, end):
            return None  # named with its kind, or cut short: the institution recognizers' and the tagger's
        name = text[start:end]
        if gazetteer.is_known_place(name) or name.casefold() in gazetteer.prison_names():
            return None  # a place or a prison the gazetteers know: the place and prison recognizers' 
        if not _CUSTODY.search(text, max(0, start - _WINDOW), min(len(text), end + _WINDOW)):
            return None
        return start, end

"""PERSON: a full name with a nickname in quotes between its parts (``Terrell "Tiny" Baptiste``,
``José "Chato" Ruiz``, ``Marcus 'Smoke' Oyelaran``, ``Trung "T.J." Le``).

The tagger reads such a name as three pieces and often mislabels the first one (an organization,
a place) or misses the surname. The shape itself is the evidence: a capitalised word, one to three
capitalised words in quotes, a capitalised word. Each of the three parts is one match, so each part
gets its own tag, as the parts of every other name do. Not a name: a part that is a stop word or a
title word (``The "Rock" Johnson``), a month or weekday, or the quoted part of a longer quotation.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang import compiled

from anonymizer.lang.en import lexicon, vocabulary

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer
from anonymizer.lang.en.recognizers.moniker import WORD  # one word of a nickname ("Bam-Bam", "Lil'")

#: the nickname: one to three words, or initials (``Trung "T.J." Le``)
_NICK = rf"(?:(?:\p{{Lu}}\.){{2,3}}|{WORD}(?:[ ]{WORD}){{0,2}})"
#: the quotes around the nickname (normalize groups the three pieces by them too)
OPEN_QUOTE = r"[\"“‘']"
CLOSE_QUOTE = r"[\"”’']"
_FIRST = rf"(?<![\p{{L}}\d'’-]){WORD}"
#: the surname, with its particles (``Orvis "Dutch" Van Tassel``, ``Ana "Nena" van der Berg``)
_LAST = rf"(?:(?i:{vocabulary.NAME_PARTICLE_ALTERNATION})[ ]){{0,2}}{WORD}(?![\p{{L}}\d'’-])"
_PARTS = compiled.compile(rf"({_FIRST})[ ]{OPEN_QUOTE}({_NICK}){CLOSE_QUOTE}[ ]({_LAST})")


def is_nicknamed_name(surface: str) -> bool:
    """Whether ``surface`` is a whole ``First "Nick" Last`` name (a tagger may take it for a firm)."""
    whole = _PARTS.fullmatch(surface)
    return whole is not None and all(_name_part(part) for part in whole.groups())
_CALENDAR = vocabulary.CALENDAR_WORDS


class NicknamedRecognizer(RuleRecognizer):
    """The first name, the quoted nickname and the surname of ``First "Nick" Last``, each a match."""

    ENTITY = "PERSON"
    PATTERNS = [
        Pattern("nicknamed_first", rf"{_FIRST}(?=[ ]{OPEN_QUOTE}{_NICK}{CLOSE_QUOTE}[ ]{_LAST})", 0.85),
        Pattern("nicknamed_nick", rf"(?<={_FIRST}[ ]{OPEN_QUOTE}){_NICK}(?={CLOSE_QUOTE}[ ]{_LAST})", 0.85),
        Pattern("nicknamed_last", rf"(?<={_FIRST}[ ]{OPEN_QUOTE}{_NICK}{CLOSE_QUOTE}[ ]){_LAST}", 0.85),
    ]
    CONTEXT = ["called", "nickname", "name"]
    #: the quoted nickname between spaces, which every match of the three holds: most hearings have none, and the
    #: three patterns' look-behinds tried at every character cost more than this one scan
    NEEDS = dict.fromkeys(("nicknamed_first", "nicknamed_nick", "nicknamed_last"),
                          re.compile(rf"[ ]{OPEN_QUOTE}{_NICK}{CLOSE_QUOTE}[ ]"))

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        whole = _whole(text, start, end)
        if whole is None or not all(_name_part(part) for part in whole.groups()):
            return None
        return start, end


def _whole(text: str, start: int, end: int) -> re.Match[str] | None:
    """The ``First "Nick" Last`` match that holds this part."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    for match in _PARTS.finditer(text, line_start, len(text) if line_end < 0 else line_end):
        if match.start() <= start and end <= match.end():
            return match
    return None


def _name_part(part: str) -> bool:
    """Every word of a part may be in a name: no stop word, title word or calendar word."""
    words = part.split()
    for i, word in enumerate(words):
        bare = word.strip("'’")
        if i < len(words) - 1 and bare.casefold() in vocabulary.NAME_PARTICLES:
            continue  # "Van" of "Van Tassel"
        if not bare or lexicon.is_stop_word(bare.casefold()) or lexicon.is_title_word(bare) \
                or bare.casefold() in _CALENDAR:
            return False
    return True

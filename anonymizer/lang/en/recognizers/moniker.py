"""PERSON: a name or nickname said right after a naming cue (``I went by "Tiny Loc"``, ``his moniker
was Bam-Bam``, ``a guy known as Droopy``, ``they called him Chato``, ``a.k.a. Andre Simmons``).

Parole hearings talk about street names all the time. A moniker identifies a person as surely
as a name, and it is often an ordinary word (``Sleepy``, ``Spider``) that no name list holds, so
the tagger calls it a place, a group or nothing. After a cue (:func:`anonymizer.lang.en.lexicon.naming_cue`)
one to three capitalised words, or a capitalised phrase in double quotes, are a name whatever
word they also are. Not a name: a month or weekday (``called me Monday``), a stop word or a
title's word alone; after ``went by`` / ``goes by`` (one also goes by a place) a place, a known
company, words before a possessive (``went by Grandma's``) or two or more plain words (``we went
by Taco Bell``), unless in quotes; after a cue that names no person (``known as``, ``a.k.a.``) a gang,
a known place or company (``a gang known as Sureños``), unless in quotes.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer, lexicon, plain, vocabulary

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer
from anonymizer.lang.en.recognizers._names import FUNCTION_WORDS
from anonymizer.lang.en.recognizers.gang import HEADS

#: the last word of a cue, case-blind (the cue itself is checked by ``lexicon.naming_cue``); each
#: pattern starts its match after it (``\K``)
_CUE_WORD = rf"(?i:named|nicknamed|called|as|a\.k\.a\.?|aka|alias|of|moniker|nick[ -]?name|name|was|is|by|{lexicon.NAMED_OBJECT})"
#: one word of a moniker ("Bam-Bam", "L-Dog", "Lil'", "O'Neal")
WORD = r"\p{Lu}[\p{L}'’]*(?:-[\p{L}\d]+)*"
_UNQUOTED = rf"{WORD}(?:[ ]{WORD}){{0,2}}(?![\p{{L}}\d'’-])"
_QUOTED = r"\p{Lu}[^\"”\n]{0,30}?(?=[\"”])"
#: a name spelled letter by letter: the spelled-name recognizer's
_SPELLED = re.compile(r"\p{L}(?:-\p{L})+")
_CALENDAR = vocabulary.CALENDAR_WORDS
_COMPANIES = frozenset(gazetteer.word_list("categorize_companies.txt"))


class MonikerRecognizer(RuleRecognizer):
    """A name or nickname right after ``called him``, ``known as``, ``went by``, ``moniker was``,
    ``a.k.a.``, ``his real name was`` and the like."""

    ENTITY = "PERSON"
    PATTERNS = [
        Pattern("moniker_quoted", rf"\b{_CUE_WORD}[ ,:]*[\"“]\K{_QUOTED}", 0.85),
        Pattern("moniker", rf"\b{_CUE_WORD}[ ,:]*\K{_UNQUOTED}", 0.85),
    ]
    CONTEXT = ["called", "known", "moniker", "nickname", "went", "name"]

    def admit(self, text: str, start: int, end: int) -> bool:
        """Most capitalised words after "is", "of" or "by" follow no naming cue."""
        return lexicon.naming_cue(text, start) is not None

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        cue = lexicon.naming_cue(text, start)
        if cue is None:
            return None
        quoted = text[start - 1 : start] in "\"“"
        words = list(re.finditer(r"\S+", text[start:end]))
        while words and _not_in_name(words[-1].group()) and not _title_of_a_nickname(words) \
                and not (quoted and len(words) > 1):
            words.pop()  # "Tiny Loc And": a trailing function word (not the "Mama" of "Big Mama"; a quoted name is whole)
        if not words or words[0].group().rstrip(".") in FUNCTION_WORDS or _not_in_name(words[0].group()):
            return None  # "called me The", "called him Monday"
        end = start + len(text[start:start + words[-1].end()].rstrip(".,;:!?"))  # "Nobody Walks Twice." of a quote
        surface = text[start:end]
        if lexicon.is_whitelisted(surface) or lexicon.is_role_word(surface) or _SPELLED.fullmatch(surface):
            return None  # "known as CDCR", "called him Sergeant", "My name is Y-O-U-N-G" (a spelling)
        said_of = _SUBJECT_WENT_BY.search(text, max(0, start - 16), start) is not None  # "He went by Tank"
        if not quoted and not _PRONOUN_BEFORE.search(text, max(0, start - 12), start) \
                and _a_group_or_place(surface, known_only=said_of):
            return None  # "a gang known as Sureños", "we went by Pomona": a group's or a place's name
        if cue == "trip" and not quoted and _a_stop_on_the_way(text, start, end):
            return None
        return start, end


def _not_in_name(word: str) -> bool:
    """A word that ends or opens no name: a stop word, a month or weekday, a title or role word."""
    bare = word.strip(".,;:!?\"”'’")
    key = bare.casefold()
    return not bare or key in _CALENDAR or lexicon.is_stop_word(key) or lexicon.is_title_word(bare) \
        or bare in FUNCTION_WORDS


def _title_of_a_nickname(words: list) -> bool:
    """A title word that ends a nickname after a word of its own (``Big Mama``, ``Lil Bro``)."""
    last = words[-1].group().strip(".,;:!?\"”'’")
    return len(words) > 1 and lexicon.is_title_word(last) and not _not_in_name(words[-2].group())


#: the person a name is given to, right before it ("they called him ", "call me "): then any word is a nickname
_PRONOUN_BEFORE = re.compile(rf"(?i:\b{lexicon.NAMED_OBJECT})[ ,:]*$")
#: a person said to go by the name after it: "He went by Tank", "she goes by" (a town abroad of that name is no stop)
_SUBJECT_WENT_BY = re.compile(r"\b(?i:he|she)[ ](?:went|goes)[ ]by[ ]$")
_GANG_HEADS = frozenset(head.casefold() for head in HEADS)


def _a_group_or_place(surface: str, known_only: bool = False) -> bool:
    """A gang, a known place (``known_only``: a state, a country or a town of the US or of 100,000 people, not every
    town abroad, "Tank" in Pakistan) or company, or words ending in an organization's or a gang's head word."""
    last = surface.split()[-1].casefold()
    place = gazetteer.is_known_place(surface) if known_only else gazetteer.place_category(surface) is not None
    return (surface.casefold() in gazetteer.gangs() or place
            or surface.casefold() in _COMPANIES or last in vocabulary.ORGANIZATION_HEAD_WORDS or last in _GANG_HEADS)


def _a_stop_on_the_way(text: str, start: int, end: int) -> bool:
    """After "went by" (a place or a company is :func:`_a_group_or_place`'s): words before a possessive
    (``Grandma's``) or two or more plain words (``Taco Bell``): somewhere one passed by, not a name one bore."""
    surface = text[start:end]
    words = surface.split()
    return text.startswith(("'s", "’s"), end) or surface.endswith(("'s", "’s")) \
        or (len(words) > 1 and all(plain.is_plain_word(w) for w in words))

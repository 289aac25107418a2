"""How an English spelling sounds, roughly: :func:`sound_key`, for names a recognizer wrote another way.

A small Metaphone-like key: letters only, lower case; spellings that sound alike written one way
(``ph`` -> ``f``, ``th`` -> ``t``, ``wh`` -> ``w``, soft ``c`` -> ``s``, ``ck``/``q``/hard ``c`` -> ``k``,
``z`` -> ``s``, ``x`` -> ``ks``, silent ``gh``/``kn``/``wr`` openings), vowels after the first
letter dropped, doubled letters once. ``Whitfield`` and ``With field`` share ``wtflt``;
``Young`` and ``young`` share ``yng``.
"""
from __future__ import annotations

import re

#: the words between the number words of a number said aloud (``one slash eight slash two thousand twenty``,
#: ``four thousand six hundred and eight``, ``nine oh five``), for recognized speech (``anonymizer.speech.numbers``)
SPOKEN_NUMBER_JOINERS = ("hundred", "thousand", "and", "slash", "oh", "dash", "point")
#: the joiners that never open a number said aloud: after a recognizer's comma they go on the number before
#: (``4, hundred and eight`` for ``four hundred and eight``)
SPOKEN_NUMBER_MULTIPLIERS = ("hundred", "thousand")
#: the words said right before a clock time that a recognizer may write as digits alone (``at approximately 840``)
SPOKEN_CLOCK_LEADS = ("at", "at approximately", "at about", "at around", "at exactly", "at roughly")
#: the words said right before a height that a recognizer may write as two bare numbers, feet then inches
#: (``described as 5, 10`` for 5'10"; ``about``, ``approximately`` may come between)
SPOKEN_HEIGHT_LEADS = ("described as", "height of", "height is", "height was", "stands", "stood", "standing",
                       "measured", "measures", "measuring")
#: titles said before a name that a recognizer writes with a dot (``Mr. pollon``: a title, then a misheard name)
SPOKEN_TITLES = ("mr", "mrs", "ms", "dr", "miss")
#: the parts of the day a clock time said aloud ends with, as a recognizer writes them (``p.m.``, ``PM``, ``am``)
SPOKEN_DAY_PARTS = ("am", "pm", "a.m", "p.m")
#: the words a recognizer writes for a letter said alone -> that letter (a name spelled aloud heard as ``I are be
#: NKS``, ``why are you and me`` for ``Y-O-U-N-G``)
SPOKEN_LETTER_NAMES = {
    "a": "a", "ay": "a", "eh": "a", "be": "b", "bee": "b", "see": "c", "sea": "c", "dee": "d", "e": "e", "ef": "f",
    "if": "f", "gee": "g", "jay": "j", "kay": "k", "el": "l", "em": "m", "en": "n", "and": "n", "i": "i", "eye": "i",
    "oh": "o", "owe": "o", "o": "o", "pee": "p", "pea": "p", "cue": "q", "queue": "q", "are": "r", "our": "r",
    "ar": "r", "or": "r", "es": "s", "ess": "s", "tea": "t", "tee": "t", "you": "u", "u": "u", "vee": "v",
    "double": "w", "ex": "x", "why": "y", "zee": "z", "zed": "z",
}
SPOKEN_LETTERS = tuple(SPOKEN_LETTER_NAMES)
#: kinds of institution a recognizer writes in small letters after a misheard name (``the upper state hospital``
#: for ``Napa State Hospital``) -> the label of the whole name
SPOKEN_INSTITUTION_HEADS = {
    "state prison": "ORGANIZATION", "prison": "ORGANIZATION", "penitentiary": "ORGANIZATION",
    "county jail": "ORGANIZATION", "jail": "ORGANIZATION", "juvenile hall": "ORGANIZATION",
    "state hospital": "ORGANIZATION", "hospital": "ORGANIZATION", "medical center": "ORGANIZATION",
    "police department": "ORGANIZATION", "sheriff's department": "ORGANIZATION", "sheriff's office": "ORGANIZATION",
    "fire department": "ORGANIZATION", "high school": "ORGANIZATION", "middle school": "ORGANIZATION",
    "elementary school": "ORGANIZATION", "community college": "ORGANIZATION", "university": "ORGANIZATION",
    "county": "LOCATION",
}
_RULES = (
    (re.compile(r"^(?:kn|gn|pn)"), "n"), (re.compile(r"^wr"), "r"), (re.compile(r"^wh"), "w"),
    (re.compile(r"^x"), "s"), (re.compile(r"ph"), "f"), (re.compile(r"th"), "t"), (re.compile(r"sch"), "sk"),
    (re.compile(r"ck"), "k"), (re.compile(r"c(?=[eiy])"), "s"), (re.compile(r"c"), "k"), (re.compile(r"q"), "k"),
    (re.compile(r"x"), "ks"), (re.compile(r"z"), "s"), (re.compile(r"dg(?=[eiy])"), "j"),
    (re.compile(r"gh(?![aeiou])"), ""), (re.compile(r"(?<=[aeiou])h(?![aeiou])"), ""), (re.compile(r"v"), "f"),
)
_NOT_LETTER = re.compile(r"[^a-z]+")
_LATER_VOWELS = re.compile(r"(?<=.)[aeiouy]")
_DOUBLE = re.compile(r"(.)\1+")


def sound_key(text: str) -> str:
    """The sound key of ``text`` (its words run together): ``""`` when it has no letters."""
    key = _NOT_LETTER.sub("", text.lower())
    for pattern, replacement in _RULES:
        key = pattern.sub(replacement, key)
    key = _DOUBLE.sub(r"\1", key)
    return _DOUBLE.sub(r"\1", _LATER_VOWELS.sub("", key))

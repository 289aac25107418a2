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
#: the parts of the day a clock time said aloud ends with, as a recognizer writes them (``p.m.``, ``PM``, ``am``)
SPOKEN_DAY_PARTS = ("am", "pm", "a.m", "p.m")
#: the words a recognizer writes for a letter said alone (a name spelled aloud heard as ``I are be NKS``)
SPOKEN_LETTERS = ("a", "ay", "eh", "be", "bee", "see", "sea", "dee", "e", "ef", "gee", "jay", "kay", "el", "em",
                  "en", "i", "eye", "oh", "owe", "o", "pee", "pea", "cue", "queue", "are", "our", "ar", "es", "ess",
                  "tea", "tee", "you", "u", "vee", "double", "ex", "why", "zee", "zed")

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

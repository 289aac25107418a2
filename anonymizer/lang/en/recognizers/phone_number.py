"""PHONE_NUMBER: US telephone numbers (``(916) 555-0142``, ``916-555-0142``, ``+1 916 555 0142``, with an
extension: ``559-992-8800 ext. 204``; ten digits unbroken after a phone word: ``His number is 4155550199``), also
said digit by digit after a phone word ("her cell, five five nine, four four two, one one eight seven") or
after an area code ("area code 951, 555-0187"), or answering a question for one on the line before."""
from __future__ import annotations

import regex as re

from anonymizer.lang import compiled

from anonymizer.lang.en.recognizers._base import FOUR_SPOKEN_DIGITS, SPOKEN_DIGIT, Pattern, RuleRecognizer, line_before

_END = r"(?![\w-]|[.,]\d)"
_COUNTRY = r"(?:\+?1[ .-]?)"
#: an extension after the number ("559-992-8800 ext. 204", "x17")
_EXTENSION = r"(?:,?[ ]?(?:ext\.?|Ext\.?|extension|x)[ ]?\d{1,5})?"
#: one digit said as a word, then a space or a hyphen unless it ends the number
SPOKEN_DIGITS = rf"(?:{SPOKEN_DIGIT}(?:[ -](?={SPOKEN_DIGIT}\b))?)"
_SPOKEN_SEP = r"(?:,?[ ]|[ ]?-[ ]?)"

PATTERNS = [
    # (916) 555-0142 / +1 (916) 555-0142
    Pattern("phone_parenthesized", rf"(?<![\w+-]){_COUNTRY}?\([2-9]\d\d\)[ ]?[2-9]\d\d[ .-]\d{{4}}{_EXTENSION}{_END}", 0.95),
    # 916-555-0142 / 916.555.0142 / +1 916 555 0142 (same separator inside the number)
    Pattern(
        "phone_separated",
        rf"(?<![\w+.-])(?:\+?1[ .-])?[2-9]\d\d([ .-])[2-9]\d\d\1\d{{4}}{_EXTENSION}{_END}",
        0.9,
        first=r"\d|\+",
    ),
    # area code 951, 555-0187 / area code 951 555 0187: the number after "area code"
    Pattern("phone_area_code", rf"(?<=(?i:area[ ]code)[ ])[2-9]\d\d,?[ ][2-9]\d\d[ .-]?\d{{4}}{_END}", 0.9),
    # a number abroad in groups ("33 3614 2270", "+52 33 3614 2270"), only with a phone word earlier on the line
    Pattern("phone_grouped", rf"(?<![\w+.,/:-])(?:\+\d{{1,3}}[ ])?\d{{2,4}}(?:[ ]\d{{2,4}}){{2,3}}{_END}", 0.7),
    # 4155550199: ten digits unbroken, only with a phone word earlier on the line (see keep)
    Pattern("phone_unbroken", rf"(?<![\w.+/-])1?[2-9]\d\d[2-9]\d{{6}}{_END}", 0.7, first=r"\d"),
    # 555-0142, only with a phone word earlier on the line (see keep)
    Pattern("phone_local", rf"(?<![\w.-])[2-9]\d\d-\d{{4}}{_END}", 0.75),
    # said digit by digit: "five five nine, four four two, one one eight seven" (a phone word before it)
    Pattern("phone_spoken", rf"(?<![\w'’-])(?:{SPOKEN_DIGITS}{{3}}{_SPOKEN_SEP})?{SPOKEN_DIGITS}{{3}}{_SPOKEN_SEP}"
                            rf"{SPOKEN_DIGITS}{{4}}(?![\w'’-])", 0.8),
]

_LOCAL = compiled.compile(r"\d{3}-\d{4}")
_UNBROKEN = compiled.compile(r"\d{10,11}")
#: a phone's word, or a person's number ("His number is 4155550199"): no booking's or file's number
_OWN_NUMBER = compiled.compile(r"(?i:\b(?:phone|telephone|cell|cellphone|call|reach|dial|fax|text)\b|\b(?:his|her|my|their|your)[ ]number\b)")
_GROUPED = compiled.compile(r"(?:\+\d{1,3}[ ])?\d{2,4}(?:[ ]\d{2,4}){2,3}")
_NORTH_AMERICAN = compiled.compile(r"(?:\+?1[ ])?[2-9]\d\d[ ][2-9]\d\d[ ]\d{4}")
_SPOKEN = compiled.compile(rf"{SPOKEN_DIGIT}", re.IGNORECASE)
_PHONE_WORDS = compiled.compile(
    r"(?i:\b(?:phone|telephone|cell|cellphone|call|called|number|reach|dial|fax|extension|ext|text|line|area[ ]code)\b)"
)


class PhoneNumberRecognizer(RuleRecognizer):
    """North American numbers; a seven-digit local number needs a phone word
    (``phone``, ``call``, ``number`` ...) within 60 characters before it on the
    same line, or at the end of the line before when the number opens its line.  CDCR numbers, dates, ``187-1`` and case numbers do not match."""

    ENTITY = "PHONE_NUMBER"
    PATTERNS = PATTERNS
    CONTEXT = ["phone", "telephone", "cell", "call", "number", "reach", "fax", "contact"]
    NEEDS = {"phone_spoken": FOUR_SPOKEN_DIGITS}

    def keep(self, text: str, start: int, end: int) -> bool:
        grouped = _GROUPED.fullmatch(text, start, end) and not _NORTH_AMERICAN.fullmatch(text, start, end)
        if grouped and not 8 <= sum(c.isdigit() for c in text[start:end]) <= 13:
            return False
        if _LOCAL.fullmatch(text, start, end) is None and _UNBROKEN.fullmatch(text, start, end) is None \
                and not _SPOKEN.match(text, start) and not grouped:
            return True
        before = line_before(text, start)
        if not before.strip():  # a line's first words: the phone word ends the line before ("telephone is\n+52 ...")
            before = line_before(text, len(text[:start].rstrip()))
        if _UNBROKEN.fullmatch(text, start, end):  # ten digits: a phone's own word, not a record's "number" ("CII number")
            return _OWN_NUMBER.search(before[-60:]) is not None
        return _PHONE_WORDS.search(before) is not None or _asked_for(text, start)


def _asked_for(text: str, start: int) -> bool:
    """The number answers a question for one on the line before ("Her phone number?" / "Nine oh
    nine, five five five, ...")."""
    line = text.rfind("\n", 0, start)
    question = text[text.rfind("\n", 0, max(line, 0)) + 1 : max(line, 0)].rstrip()
    return line > 0 and question.endswith("?") and _PHONE_WORDS.search(question[-80:]) is not None

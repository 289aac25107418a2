"""Scanned transcripts: a copy with the usual OCR confusions read back, of the same length.

A transcript scanned and run through OCR confuses letters and digits that look alike: ``l`` and
``I`` for ``1``, ``O`` for ``0`` in numbers (``E-6O418``, ``(66l) 555-0l92``, ``3/l4/l97l``),
and ``l`` for ``I`` in capitals and at a word's start (``PRESlDlNG COMMlSSlONER``, ``lnmate``).
The recognizers read digits and capitals, so an inmate number, a phone number or a date so
damaged leaks whole. :func:`mend` writes each such character as it was meant, letter for letter
in place, so every offset holds and the pass's mentions mark the file's own characters:

* in a number (a run of letters and digits with at least as many digits as letters, after a
  prefix of one or two capitals: ``E-6O418``, ``C447l9O2``), ``O``/``o`` reads ``0`` and
  ``I``/``l`` reads ``1``; so do the confusables of a date's or a time's part beside a number
  (``ll/3/2016``, ``lO:42``);
* in a word of capitals, a lower-case ``l`` reads ``I`` (``CALlFORNIA``), and so does a ``1``
  between two capitals of a word of five letters or more (``CAL1FORNIA``);
* at a word's start, ``l`` before a consonant no English word has after it (``lnmate``,
  ``lt's``) reads ``I``, so does ``|`` opening a word or alone before a lower-case one (``|NMATE``, ``| have``);
  ``0`` opening a lower-case word reads ``O`` (``0yelaran``);
* ``B`` and ``S`` between two digits read ``8`` and ``5`` (``1B47``), ``B`` of a date's day ``8`` (``7/2B/1979``),
  and every confusable of a phone number's shape or of an inmate number's digits (``S59-555-O1B6``, ``H-S5021``).

Everything else stays: a word in ordinary case (``Hemandez`` for ``Hernandez`` is still a
capitalised name), a plate or an ID with other letters (``3KDF928``), a word with no digit.
"""
from __future__ import annotations

import re

from anonymizer.lang.en.vocabulary import MONTHS

#: a run of letters and digits that may hold a confusion: one with a digit, or a word of capitals
#: with a lower-case ``l`` in it (every other word is never rewritten, so not looked at)
_TOKEN = re.compile(r"(?<![^\W_])[^\W\d_]*\d[^\W_]*|(?<![^\W_])[A-Zl]*(?:[A-Z]l|l[A-Z])[A-Zl]*(?![^\W_])")
_PREFIX = re.compile(r"[A-Z]{1,2}")
_AS_DIGIT = str.maketrans({"O": "0", "o": "0", "I": "1", "l": "1"})
_CONFUSABLE_LETTERS = frozenset("OoIl")
#: a part of a date or a time of confusables alone (``ll/3/2016``, ``lO:42``, ``ll-03-2016``)
_DATE_PART = re.compile(
    r"(?<![^\W_])(?:[OoIl]{1,2}(?=[/:]\d)|[OoIl]{2}(?=-\d))|(?:(?<=\d[/:])[OoIl]{1,2}|(?<=\d-)[OoIl]{2})(?![^\W_])"
)
#: ``l`` at a word's start before a letter no English word has after an initial ``l`` (not a word's
#: piece after a hyphen: :func:`_word_goes_on`)
_INITIAL_L = re.compile(r"(?<![^\W\d_])l(?=[cdfgkmnpqrstvwxz]|b(?!s?\b))")  # "lbadan", not "lb" or "lbs"
#: ``B`` for ``8`` and ``S`` for ``5`` (and ``O``, ``I``, ``l``) between two digits of a number (``1B47``, ``3B21``,
#: ``95JV0O412``)
_INNER = re.compile(r"(?<=\d)[OoIlBS](?=\d)")
_AS_DIGIT_INNER = str.maketrans({"O": "0", "o": "0", "I": "1", "l": "1", "B": "8", "S": "5"})
#: ``B`` for ``8`` in a date's day (``7/2B/1979``, ``1/1B/98``, ``January 2B, 2025``)
_DAY_B = re.compile(r"(?<![^\W_])(?:(?P<month>(?:" + "|".join(MONTHS) + r")[ ])|(?<=\d/))?(?P<day>[0-3]B)"
                    r"(?(month)(?=,?[ ][12][\dOoIl]{3}(?!\w))|(?=/\d))(?![^\W_/])")
#: a phone number's shape or an inmate number's digits after its letters and dash, confusables in them
#: (``S59-555-O1B6``, ``H-S5021``)
_PHONE_SHAPE = re.compile(r"(?<![\w-])(?:(?P<phone>[\dOoIlBS]{3}([.-])[\dOoIlBS]{3}\2[\dOoIlBS]{4})"
                          r"|[A-Z]{1,2}-(?P<id>[OoIlBS]\d{3,4}))(?![\w-])")
#: ``|`` for ``I``: a word of capitals or a short word it opens (``|NMATE``, ``|n the``, ``|t's``), alone before a
#: lower-case word or a comma and a name (``| have``, ``|, Rowena``)
_PIPE = re.compile(r"(?<![^\s(\"“])\|(?=(?:[A-Z]{2,}|[a-z]{1,2})\b|[ ][a-z]|,[ ][A-Z][a-z]|['’][a-z])")
#: ``0`` for ``O`` opening a word of lower-case letters (``0yelaran``)
_INITIAL_ZERO = re.compile(r"(?<![\w'’.,/-])0(?=[a-z]{2,}(?![\d]))")
_CAPS_MIN = 2  # capitals beside the lower-case l(s) of a word of capitals
_CAPS_WITH_ONE_MIN = 5  # letters of a word of capitals that holds a 1


#: what each rewrite's match holds, found by a plain scan: without it in the text the rewrite (whose look-behinds
#: are tried at every character) has nothing to do
_DATE_PART_SIGN = re.compile(r"[OoIl][/:-]\d|\d[/:-][OoIl]")
_PHONE_SHAPE_SIGN = re.compile(r"[\dOoIlBS]{3}[.-][\dOoIlBS]{3}[.-]|-[OoIlBS]\d")
_DAY_B_SIGN = re.compile(r"[0-3]B")
_INITIAL_ZERO_SIGN = re.compile(r"0[a-z]{2}")


def mend(text: str) -> str:
    """``text`` with OCR's confusions in numbers and capitals read back; same length."""
    mended = _TOKEN.sub(_mend_token, text)
    if _DATE_PART_SIGN.search(mended):
        mended = _DATE_PART.sub(lambda m: m.group().translate(_AS_DIGIT), mended)
    if _PHONE_SHAPE_SIGN.search(mended):
        mended = _PHONE_SHAPE.sub(_digits, mended)
    if _DAY_B_SIGN.search(mended):
        mended = _DAY_B.sub(lambda m: m.group().replace("B", "8"), mended)  # only the day holds a B
    if _INITIAL_ZERO_SIGN.search(mended):
        mended = _INITIAL_ZERO.sub("O", mended)
    if "|" in mended:
        mended = _PIPE.sub("I", mended)
    mended = _INITIAL_L.sub(lambda m: m.group() if _word_goes_on(mended, m.start()) else "I", mended)
    assert len(mended) == len(text)
    return mended


def _digits(match: re.Match[str]) -> str:
    """A phone number's (seven digits at least) or an inmate number's digits with their confusables read back."""
    whole, phone = match.group(), match.group("phone")
    if phone is not None and sum(c.isdigit() for c in phone) < 7:
        return whole
    part = phone or match.group("id")
    at = match.start("phone" if phone is not None else "id") - match.start()
    return whole[:at] + part.translate(_AS_DIGIT_INNER) + whole[at + len(part):]


def _word_goes_on(text: str, at: int) -> bool:
    """Whether the word at ``at`` goes on a word before it: after a hyphen or an apostrophe (``O'ld``), or
    after a hyphen that ends the line before, a line number between (``Gera-`` / ``12   ld``)."""
    before = text[max(0, at - 12):at]
    if before[-1:] in ("-", "'", "’"):
        return True
    rest = before.rstrip(" \t0123456789")
    return rest.endswith("\n") and rest.rstrip("\r\n").endswith("-")


def _mend_token(match: re.Match[str]) -> str:
    token = _INNER.sub(lambda m: m.group().translate(_AS_DIGIT_INNER), match.group())
    if any(c.isdigit() for c in token):
        number = _as_number(token)
        if number is not None:
            return number
    return _as_capitals(token)


def _as_number(token: str) -> str | None:
    """The token read as a number, or None when it is no number (more letters than digits)."""
    for prefix in ("", *(m.group() for m in [_PREFIX.match(token)] if m)):
        rest = token[len(prefix):]
        letters = [c for c in rest if not c.isdigit()]
        digits = len(rest) - len(letters)
        if rest and digits and set(letters) <= _CONFUSABLE_LETTERS and 2 * digits >= len(rest):
            return prefix + rest.translate(_AS_DIGIT)
    return None


def _as_capitals(token: str) -> str:
    """A word of capitals with OCR's ``l`` or ``1`` for ``I`` read back; anything else as it is."""
    capitals = sum(c.isupper() for c in token)
    if capitals < _CAPS_MIN or any(c.islower() and c != "l" for c in token):
        return token
    chars = list(token)
    for i, c in enumerate(chars):
        if c == "l":
            chars[i] = "I"
        elif c == "1" and len(token) >= _CAPS_WITH_ONE_MIN and 0 < i < len(token) - 1 \
                and token[i - 1].isupper() and token[i + 1].isupper():
            chars[i] = "I"
    return "".join(chars) if all(c.isalpha() for c in chars) else token

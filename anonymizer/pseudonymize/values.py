"""Rendering a date, time, age or height with its values replaced (part of ``anonymizer.pseudonymize``).

``"September 1st, 2021"`` -> ``"[MONTH] [DAY], [YEAR]"``, ``"3:30 p.m."`` -> ``"[TIME] p.m."``;
the words between the values are kept only when they are expected connectors, else the whole
span becomes the generic tag (``[DATE]``): never leak a digit or an unexpected word.
"""
from __future__ import annotations

import re

from anonymizer.lang.en import vocabulary
from anonymizer.lang.en.dates import TEMPORAL_CONNECTORS
from anonymizer.lang.en.vocabulary import fold_accents as _fold

_ALL_NUMBER_WORDS = [
    "zero", *vocabulary.UNITS, *vocabulary.TEENS, *vocabulary.TENS, *vocabulary.ORDINALS, *vocabulary.DECADE_WORDS,
    "hundred", "thousand",
]
_NUMBER_WORD = "(?:{})".format("|".join(sorted(_ALL_NUMBER_WORDS, key=len, reverse=True)))
_NUMBER_WORDS = rf"\b{_NUMBER_WORD}(?:[\s-]+(?:and[\s-]+)?(?:oh[\s-]+)?{_NUMBER_WORD})*\b"

_MONTHS = "|".join(m.lower() for m in vocabulary.MONTHS + vocabulary.MONTH_ABBREVIATIONS)
_WEEKDAYS = "|".join(d.lower() for d in vocabulary.WEEKDAYS + vocabulary.WEEKDAY_ABBREVIATIONS)

_DATE_TOKEN = re.compile(
    rf"(?P<DATE>(?<!\d)\d{{1,4}}[/.-]\d{{1,2}}(?:[/.-]\d{{1,4}})?(?!\d))"
    rf"|(?P<DECADE>(?<![\w'’])['’]?(?:\d{{2}}|\d{{4}})['’]?s\b)"
    rf"|(?P<SHORT_YEAR>(?<!\w)['’]\d{{2}}(?!\d))"
    rf"|(?P<ORDINAL>(?<!\d)\d{{1,2}}(?:st|nd|rd|th)\b)"
    rf"|(?P<YEAR>(?<!\d)(?:1[5-9]|20)\d{{2}}(?!\d))"
    rf"|(?P<NUMBER>(?<!\d)\d+(?!\d))"
    rf"|(?P<MONTH>\b(?:{_MONTHS})\b)"
    rf"|(?P<DAY_OF_WEEK>\b(?:{_WEEKDAYS})\b)"
    rf"|(?P<WORDS>{_NUMBER_WORDS})",
    re.IGNORECASE,
)
#: the kinds of value a temporal tag names (``[MONTH]``, ``[DAY]``, ``[YEAR]`` ...)
KINDS = frozenset(_DATE_TOKEN.groupindex) | {"DAY"}
_VALUE_TOKEN = re.compile(rf"(?P<VALUE>(?<!\d)\d+(?:[:.]\d+)*(?!\d)|{_NUMBER_WORDS})", re.IGNORECASE)
_MONTH_GAP = re.compile(r"^(?:[\s,.-]|\bthe\b|\bof\b)*$", re.IGNORECASE)

_CONNECTORS = TEMPORAL_CONNECTORS


def _classify_words(words: str) -> str:
    parts = [w for w in re.split(r"[\s-]+", words.casefold()) if w not in ("and", "oh")]
    if parts[-1] in vocabulary.DECADE_WORDS:
        return "DECADE"
    if parts[-1] in vocabulary.ORDINALS:
        return "DAY"
    if "thousand" in parts or (len(parts) >= 2 and parts[0] in ("eighteen", "nineteen")):
        return "YEAR"
    if len(parts) >= 2 and parts[0] == "twenty" and parts[1] in vocabulary.TENS + vocabulary.TEENS:
        return "YEAR"
    return "NUMBER"


def _date_tokens(surface: str) -> list[tuple[int, int, str]]:
    tokens: list[tuple[int, int, str]] = []
    for match in _DATE_TOKEN.finditer(surface):
        kind = match.lastgroup or "NUMBER"
        if kind == "SHORT_YEAR":
            kind = "YEAR"
        elif kind == "ORDINAL":
            kind = "DAY"
        elif kind == "WORDS":
            day = _ORDINAL_THEN_WORDS.match(match.group())
            if day:  # "ninth nineteen eighty one": a day, then its year, said without a comma
                tokens.append((match.start(), match.start() + day.end(1), "DAY"))
                tokens.append((match.start() + day.start(2), match.end(), _classify_words(day.group(2))))
                continue
            kind = _classify_words(match.group())
        tokens.append((match.start(), match.end(), kind))
    return _days_next_to_months(surface, tokens)


_ORDINAL_WORD = "(?:{})".format("|".join(sorted(vocabulary.ORDINALS, key=len, reverse=True)))
#: number words running on past an ordinal: the day, then the rest (its year)
_ORDINAL_THEN_WORDS = re.compile(
    rf"((?:(?:twenty|thirty)[\s-]+)?{_ORDINAL_WORD})[\s,]+({_NUMBER_WORD}(?:[\s-]+(?:and[\s-]+)?(?:oh[\s-]+)?{_NUMBER_WORD})*)$",
    re.IGNORECASE,
)


def _days_next_to_months(surface: str, tokens: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A plain number right before or after a month (``June 15``, ``15 of June``) is a day."""
    out = list(tokens)
    for i, (start, end, kind) in enumerate(tokens):
        if kind != "NUMBER" or (surface[start:end].isdigit() and not 1 <= int(surface[start:end]) <= 31):
            continue
        neighbours = [(tokens[j], j < i) for j in (i - 1, i + 1) if 0 <= j < len(tokens)]
        for (n_start, n_end, n_kind), before in neighbours:
            gap = surface[n_end:start] if before else surface[end:n_start]
            if n_kind == "MONTH" and _MONTH_GAP.match(gap):
                out[i] = (start, end, "DAY")
    return out


def _value_tokens(label: str, surface: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), label) for m in _VALUE_TOKEN.finditer(surface)]


def temporal(label: str, surface: str) -> str:
    """``"September 1st, 2021"`` -> ``"[MONTH] [DAY], [YEAR]"``; generic tag when unsure."""
    tokens = _date_tokens(surface) if label == "DATE" else _value_tokens(label, surface)
    if not tokens:
        return f"[{label}]"
    pieces: list[str] = []
    kept: list[str] = []
    cursor = 0
    for start, end, kind in tokens:
        pieces += [surface[cursor:start], f"[{kind}]"]
        kept.append(surface[cursor:start])
        cursor = end
    pieces.append(surface[cursor:])
    kept.append(surface[cursor:])
    rest = re.sub(r"[.'’]", "", _fold(" ".join(kept)))
    words = re.findall(r"[^\W\d_]+", rest)
    if any(c.isdigit() for c in rest) or any(w not in _CONNECTORS[label] for w in words):
        return f"[{label}]"
    return "".join(pieces)

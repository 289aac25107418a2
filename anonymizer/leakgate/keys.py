"""The leak gate's normalized keys: a CDCR number, a date and a spelled name written any way
(``V-12345``, ``Victor one two three four five``; ``10/24/2024``, ``October 24th, 2024``;
``B as in boy, L-A-C-K``) reduce to one key, and the shapes that find them in a text.

:mod:`anonymizer.leakgate` looks the keys up among the archive's terms.
"""
from __future__ import annotations

import re

from anonymizer.lang.en import lexicon, vocabulary

_SPELL_SEP = r"(?:[\s\-–]+|\.\s*)"  # between spelled letters (at least one separator)
ISO_DATE = re.compile(r"(?<!\d)(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})(?!\d)")
US_DATE = re.compile(r"(?<!\d)(\d{1,2})[-_./](\d{1,2})[-_./](\d{4})(?!\d)")


#: a month's name and its three-letter abbreviation, folded -> its number (built once, not per date)
_MONTH_NUMBERS = {**{name[:3].casefold(): i + 1 for i, name in enumerate(vocabulary.MONTHS)},
                  **{name.casefold(): i + 1 for i, name in enumerate(vocabulary.MONTHS)}}
_DIGIT_WORDS = {**{w: str(i + 1) for i, w in enumerate(vocabulary.UNITS)}, "zero": "0", "oh": "0", "o": "0"}


def _nato_alternation() -> str:
    return lexicon.trie_alternation(sorted(vocabulary.phonetic_alphabet(), key=len, reverse=True))


def _digit_alternation() -> str:
    return "(?:" + "|".join([r"\d", *sorted(_DIGIT_WORDS, key=len, reverse=True)]) + ")"


def cdcr_key(number: str) -> str | None:
    """The digits of a CDCR-shaped number (``AK2960``, ``A K two nine six oh`` -> ``2960``)."""
    digits = "".join(_DIGIT_WORDS.get(w.casefold(), w) for w in re.findall(r"\d|[A-Za-z]+", number)
                     if w.isdigit() or w.casefold() in _DIGIT_WORDS and not (len(w) == 1 and w.isupper()))
    return digits if 4 <= len(digits) <= 6 else None


def date_key(form: str) -> tuple[int, int, int] | None:
    """(year, month, day) of ``OCTOBER 24, 2024``, ``Oct. 24th 2024``, ``2024-10-24``, ``10/24/2024``."""
    if match := ISO_DATE.search(form):
        y, m, d = (int(g) for g in match.groups())
    elif match := US_DATE.search(form):
        m, d, y = (int(g) for g in match.groups())
    else:
        words = re.findall(r"[A-Za-z]+|\d+", form)
        month = next((_MONTH_NUMBERS[w.casefold()] for w in words if w.casefold() in _MONTH_NUMBERS), None)
        numbers = [int(w) for w in words if w.isdigit()]
        if month is None or len(numbers) < 2:
            return None
        m, (d, y) = month, (numbers[0], numbers[-1]) if numbers[0] <= 31 else (numbers[-1], numbers[0])
    if y < 100:
        y += 2000 if y < 50 else 1900
    return (y, m, d) if 1 <= m <= 12 and 1 <= d <= 31 and y > 1900 else None


def spelled_key(found: str) -> str:
    """Letters of a spelled sequence (``Y-O-U-N-G``, ``Yankee Oscar ...``) -> ``YOUNG``."""
    alphabet = vocabulary.phonetic_alphabet()
    words = re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)?", found)
    if len(words) > 1 and all(w.casefold() in alphabet for w in words) and any(len(w) > 1 for w in words):
        return "".join(alphabet[w.casefold()] for w in words)
    return "".join(c for c in found if c.isalpha()).upper()


def spelled_enough(run: str) -> bool:
    """Whether a run the spelled shape found spells a name: three letters or more, or two joined by
    a hyphen (``N-G``); ``m a`` of "I'm a" and ``s. I`` of "years. I" spell nothing."""
    return sum(c.isalpha() for c in run) >= 3 or any(c in "-–" for c in run)


def shape_patterns() -> dict[str, re.Pattern[str]]:
    """The shapes that find a CDCR number, a spelled name and a date in a text, by key kind."""
    digit, nato, month = _digit_alternation(), _nato_alternation(), "|".join(vocabulary.MONTHS)
    sep = r"[ \t.,\-–]*"
    return {
        "cdcr": re.compile(
            rf"(?<![\w\[])(?:(?:[A-Za-z]|(?i:{nato})){sep}){{0,2}}(?i:{digit})(?:[ \t,\-–]*(?i:{digit})){{3,5}}"
            rf"(?![\w\]])"),
        "spelled": re.compile(rf"(?<![\w\[])[A-Za-z](?:{_SPELL_SEP}[A-Za-z]){{1,}}\.?(?![\w\]])"
                              rf"|(?<![\w\[])(?i:{nato})(?:[ \t\-–]+(?i:{nato})){{1,}}(?![\w\]])"),
        "date": re.compile(
            rf"(?i:(?:{month}|(?:{'|'.join(m[:3] for m in vocabulary.MONTHS)})\.?)[ \t]+\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+\d{{4}})"
            rf"|(?i:\d{{1,2}}(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?(?:{month}),?[ \t]+\d{{4}})"
            rf"|{ISO_DATE.pattern}|{US_DATE.pattern}"),
    }

"""CDCR_ID: an inmate number, 1-2 letters and 4-6 digits (``AB1234``, ``V12345``,
``C-12345``, after the number's name also ``E 60418``), or spoken with phonetic alphabet words (``Victor 12345``,
``Alpha Bravo 1234``, ``E as in Edward 20544``), or spelled out (``A-K-4-4-7-1``), or its
digits said one by one (``Echo three three two three eight``, ``E dash three three two three
eight``); the phonetic words are part of the span."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import lexicon

from anonymizer.lang.en.recognizers._base import FOUR_SPOKEN_DIGITS, SPOKEN_DIGIT, Pattern, RuleRecognizer, line_before, title_or_upper

_END = r"(?![\w(-]|[.,:/]\d)"
_PLAIN = rf"(?<![\w-])(?i:[a-z]{{1,2}})-?\d{{4,6}}{_END}"


def _phonetic() -> str:
    words = [w.capitalize() for w in lexicon.phonetic_alphabet()] + ["X-Ray"]
    return title_or_upper(sorted(set(words)))


_WORD = _phonetic()
_SEP = r"(?:,[ ]|[ ]|-)"
#: the digits written, together or one by one ("12345", "8-1-2-0-4", "8 1 2 0 4")
_DIGITS = rf"(?:\d{{4,6}}|\d(?:-\d){{3,5}}|\d(?:[ ]\d){{3,5}}){_END}"
#: four digits in a row, maybe one by one: in every match of the written numbers' patterns
_FOUR_DIGITS = re.compile(r"\d[ -]?\d[ -]?\d[ -]?\d")
_ONE_WORD = rf"(?<![\w-]){_WORD}{_SEP}{_DIGITS}"
#: the digits said one by one: "Echo three three two three eight", "E dash three three two three eight",
#: "A-F-four-four-one-seven", "AH three three one seven" (the letters said together)
_DIGIT = rf"{SPOKEN_DIGIT}(?![\w'’-])"
_SPOKEN_LETTER = rf"(?:{_WORD}|[A-Z])(?:{_SEP}|[ -](?i:dash)[ -])"
_SPOKEN = rf"(?<![\w-])(?:(?:{_SPOKEN_LETTER}){{1,2}}|[A-Z]{{2}}{_SEP})(?:{SPOKEN_DIGIT}(?![\w'’])[ -]){{3,7}}{_DIGIT}"
_TWO_WORDS = rf"(?<![\w-]){_WORD}[ ]{_WORD}{_SEP}{_DIGITS}"
#: spelled out character by character: "A-K-4-4-7-1", "V-1-2-3-4-5", "A-K, 4-4-7-1", "P dash 5-5-0-1-8"
_SPELLED = r"(?<![\w-])[A-Za-z](?:-[A-Za-z])?(?:-|,?[ ]|[ ](?i:dash)[ ])\d(?:-\d){3,5}(?![\w-])"
#: the letters spelled out before the digits, written or said: "E as in Edward 20544", "C, as in Charlie,
#: 12345", "V as in Victor, 8-1-2-0-4", "P as in Paul, three zero four one seven", "B as in boy, K as in king, four oh seven two one"
#: (the word after "as in" opens with its letter: :meth:`CdcrIdRecognizer.validate_result`)
_LETTER_AS_IN = r"[A-Z],?[ ](?i:as[ ]in)[ ][A-Za-z][a-z]+"
_AS_IN = (rf"(?<![\w-]){_LETTER_AS_IN}(?:{_SEP}{_LETTER_AS_IN})?{_SEP}"
          rf"(?:{_DIGITS}|(?:{_DIGIT}[ -]){{3,7}}{_DIGIT})")
_SPELLS = re.compile(r"([A-Z]),?[ ](?i:as[ ]in)[ ]([A-Za-z])")

#: the letters and the digits apart, after the number's name: "CDC number is E 60418", "CYA no. Y 33817"
_NAMED_SPACED = (r"(?<=\b(?i:cdcr?|cya|inmate|prison)[ ](?i:number|no\.|num\.|\#|id)(?:[ ](?:is|was))?[ ,:#]*)"
                 rf"[A-Z]{{1,2}}[ ]\d{{5,6}}{_END}")

# Words right before a letters+digits token that make it a bill, case or statute number.
_NOT_AN_ID_BEFORE = re.compile(
    r"(?i:\b(?:bill|bills|assembly|senate|proposition|prop|case|docket|statute|code|section|form)"
    r"\b(?:[ ](?:no\.?|number|#))?[ ]?)$"
)
_YEAR = re.compile(r"(?:19|20)\d\d")
_LETTERS_DIGITS = re.compile(r"([A-Za-z]+)-?(\d+)")


class CdcrIdRecognizer(RuleRecognizer):
    """Inmate numbers; rejects bill numbers (``AB1448`` after ``Assembly``/``bill``,
    or any whitelisted bill such as ``SB1437``), case numbers, and a single
    phonetic word followed by a year (``Paul 1995``)."""

    ENTITY = "CDCR_ID"
    PATTERNS = [
        Pattern("cdcr_letters_digits", _PLAIN, 0.9),
        Pattern("cdcr_phonetic_one_word", _ONE_WORD, 0.9),
        Pattern("cdcr_phonetic_two_words", _TWO_WORDS, 0.95),
        Pattern("cdcr_spoken_digits", _SPOKEN, 0.9),
        Pattern("cdcr_letter_as_in", _AS_IN, 0.95),
        Pattern("cdcr_spelled", _SPELLED, 0.95),
        Pattern("cdcr_named_spaced", _NAMED_SPACED, 0.9),
    ]
    CONTEXT = ["cdcr", "number", "id", "inmate", "identification", "booking"]
    NEEDS = {"cdcr_spoken_digits": FOUR_SPOKEN_DIGITS}
    #: the four digits said one by one, which every match holds: searched on their lines only
    #: four digits, written (maybe spaced or hyphened), which every match of the written numbers holds
    ANCHORS = {"cdcr_spoken_digits": FOUR_SPOKEN_DIGITS, "cdcr_letters_digits": _FOUR_DIGITS,
               "cdcr_phonetic_one_word": _FOUR_DIGITS, "cdcr_phonetic_two_words": _FOUR_DIGITS}

    def validate_result(self, pattern_text: str) -> bool | None:
        words = pattern_text.rstrip("0123456789").rstrip(" ,-").split(" ")
        digits = pattern_text[len(pattern_text.rstrip("0123456789")):]
        if len(words) == 1 and len(words[0]) > 2 and _YEAR.fullmatch(digits):
            return False
        if any(letter != word.upper() for letter, word in _SPELLS.findall(pattern_text)):
            return False  # "I as in the", "A as in May": no letter spelled
        plain = _LETTERS_DIGITS.fullmatch(pattern_text)
        if plain and lexicon.is_whitelisted(f"{plain[1]} {plain[2]}", self.extra_whitelist):
            return False
        return None

    def keep(self, text: str, start: int, end: int) -> bool:
        return _NOT_AN_ID_BEFORE.search(line_before(text, start, 40)) is None

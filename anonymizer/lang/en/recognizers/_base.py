"""The English regex fragments the rule recognizers share; the language-free base (:class:`RuleRecognizer`,
:class:`Pattern`, :data:`FLAGS`, ...) is :mod:`anonymizer.lang.rules`, re-exported here.

Every pattern is compiled with ``MULTILINE`` only (case-sensitive, ``.`` never
crosses a line): a pattern that wants case-insensitivity says so with a scoped
``(?i:...)`` group.  Patterns use ``[ ]`` for a space, never ``\\s``, so no
match crosses the line break between two utterances.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import lexicon, vocabulary
from anonymizer.lang.rules import (  # noqa: F401  (re-exported: the English recognizers' base)
    FLAGS, Pattern, RuleRecognizer, alternation_order, any_case, longest_first, title_or_upper,
)
from anonymizer.spans import line_before  # noqa: F401  (re-exported)

#: "drove over to", "moved to": what makes the town after it the town, not its prison (case-blind)
TRIP_TO = (rf"(?i:(?:{'|'.join(vocabulary.TRAVEL_VERBS)})(?:[ ](?:{'|'.join(vocabulary.TRAVEL_PARTICLES)}))?[ ]to)")

UNITS = "|".join(vocabulary.UNITS)
TEENS = "|".join(vocabulary.TEENS)
TENS = "|".join(vocabulary.TENS)
#: a number word 1..99 ("seventeen", "thirty-three", "twenty five"), case-insensitive
#: the same before a hyphen (``twenty-three-year-old``): no guard after the last word
NUMBER_WORD_STEM = rf"(?i:(?:{TENS})(?:[ -](?:{UNITS}))?|(?:{TEENS})|(?:{UNITS}))"
NUMBER_WORD = rf"{NUMBER_WORD_STEM}(?![\w'’-])"
#: one digit said as a word ("oh" for zero), case-insensitive
SPOKEN_DIGIT = rf"(?i:zero|oh|{UNITS})"
#: four digits said one by one: the sign that a number said aloud may be in a text
FOUR_SPOKEN_DIGITS = re.compile(rf"\b{SPOKEN_DIGIT}[ -]{SPOKEN_DIGIT}[ -]{SPOKEN_DIGIT}[ -]{SPOKEN_DIGIT}\b")
#: 1..12 as a word, for clock times (the stem may go on: "ten-fifteen")
HOUR_WORD_STEM = rf"(?i:{'|'.join(vocabulary.HOURS)})"
HOUR_WORD = rf"{HOUR_WORD_STEM}(?![\w'’-])"

MONTHS = vocabulary.MONTHS
WEEKDAYS = vocabulary.WEEKDAYS


def literal_alternation(forms) -> str:
    """An alternation of the literal ``forms`` (a space written ``[ ]``, an apostrophe ``['’]``) that matches as one sorted
    longest first does, factored as a character trie: at an offset the forms the text spells out are tried longest
    first, without trying each form in turn (several times faster on a hearing). With a curly apostrophe in a form
    two branches could take one character, so those forms keep the sorted alternation."""
    forms = set(forms)
    if any("’" in form for form in forms):
        escaped = (re.escape(f).replace(r"\ ", "[ ]").replace("'", "['’]") for f in forms)
        return "(?:" + "|".join(sorted(escaped, key=len, reverse=True)) + ")"
    return "(?:" + lexicon.trie_alternation(forms, {" ": "[ ]", "'": "['’]"}) + ")"

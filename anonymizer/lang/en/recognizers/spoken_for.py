"""ORGANIZATION: the body a witness speaks for, named between ``with`` / ``on behalf of`` / ``representing`` after the
witness's name (or ``I'm here``) and the position it takes on the bill (``in support``, ``and strong support``, ``in
opposition``, ``, and I'm here to express my support``): ``Dana Okafor, with Riverbend tenants union, in support``,
``Quintanilla on behalf of children first and strong support``. A captioner's capitals read in the truecased copy
leave a body's ordinary words in small letters, so the words between are the body's whatever their case (up to ten,
a comma with "or" between a name and its initials: ``..., or CAL Trust``); not a pronoun's (``with my mother in
support``), not a public body named by generic words (``the Department of Social Services``).

The witness's own name before ``on behalf of`` is :mod:`speaks_for`'s.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import public_body

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer


#: what stands before the body: a name's last word (a comma or a full stop after it; a word in small letters with a
#: comma, a surname the truecasing took for a word), or "I'm here", then the word of speaking for someone
_FOR_LEAD = (r"(?<=(?:(?<![\p{L}'’-])\p{Lu}[\p{Ll}'’-]+[,.]?|\p{Ll}+,|(?i:I'm|I[ ]am|we're|we[ ]are)[ ]here)[ ]"
             r"(?i:with|on[ ]behalf[ ]of|representing)[ ])")
#: the body's words: not a pronoun's or an article's first, a word of letters (an ampersand, initials), commas inside
_BODY_WORD = r"[\p{L}&][\p{L}&'’.-]*"
_NOT_A_BODY = r"(?!(?i:my|our|your|his|her|their|a|an|all|everyone|everybody|us|me|you|them|him|this|that|these)\b)"
#: the position taken on the bill right after the body
_POSITION = (r"(?=,?[ ](?i:(?:and[ ]|in[ ])(?:strong[ ]|strongly[ ]|full[ ])?(?:support|opposition|opposed)\b"
             r"|and[ ](?:I'm|I[ ]am|we're|we[ ]are)[ ]here[ ]to[ ](?:express|voice|state)[ ]\w+[ ](?:strong[ ])?"
             r"(?:support|opposition)\b))")
#: up to ten words, lazily: the body ends at the first position taken
_SPOKEN_FOR = (rf"{_FOR_LEAD}(?:(?i:the)[ ])?{_NOT_A_BODY}{_BODY_WORD}"
               rf"(?:,?[ ](?!(?i:and|in)[ ]){_BODY_WORD}|[ ](?i:and|in)[ ]{_BODY_WORD}){{0,9}}?{_POSITION}")


class SpokenForRecognizer(RuleRecognizer):
    """The body a witness speaks for, before the position it takes (see the module's docstring)."""

    ENTITY = "ORGANIZATION"
    PATTERNS = [Pattern("spoken_for", _SPOKEN_FOR, 0.85)]
    CONTEXT = ["behalf", "support", "opposition"]
    NEEDS = {"spoken_for": re.compile(r"(?i)\b(?:support|opposition|opposed)\b")}

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        if text[start:start + 4].casefold() == "the ":
            start += 4
        if public_body.is_public_body(text, start, end):
            return None
        return start, end

"""PERSON: the members a roll call names (``Okonkwo. Okonkwo. Aye.``, ``Brandt, Brandt? No.``).

A committee's secretary calls each member by surname, the member (or the secretary) says it again and the vote
follows. Said so, a surname stands alone between full stops, where the tagger reads an ordinary word or nothing.
The shape is the evidence: a capitalised word said twice before a vote (``Aye``, ``No``, ``Nay``, ``Yes``,
``Abstain``, ``Not voting``; a caption's ``I`` or ``Hi`` for ``Aye``); a name said once is a name by its title
(``Senator Vance? Aye.``, the person-name recognizer's). Not a name: a stop word, a title or role word, a month or
weekday (``Yes. Yes. Aye.``, ``Chair. Chair. Aye.``). In capitals, truecasing writes such a word as a name all through
the document (:mod:`anonymizer.lang.en.truecase`).
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import lexicon, vocabulary

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_SURNAME = r"\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}\p{Ll}+)?"
#: a vote said after the member's name
_VOTE = r"(?:Aye|Nay|No|Yes|Abstain|Abstains|Not[ ]voting|I|Hi)(?![\p{L}\d'’-])"
_END = r"[.?!,]?[ ]+"
_TWICE = rf"(?<![\p{{L}}\d'’.-])({_SURNAME}){_END}\1{_END}{_VOTE}"
_CALL = re.compile(_TWICE)


def _a_name(word: str) -> bool:
    folded = word.casefold()
    return not (lexicon.is_stop_word(folded) or lexicon.is_title_word(word) or lexicon.is_role_word(word)
                or lexicon.is_stop_name(word) or folded in vocabulary.CALENDAR_WORDS)


class RollCallRecognizer(RuleRecognizer):
    """A member's surname said in a roll call, once before a vote or twice: each saying one match."""

    ENTITY = "PERSON"
    PATTERNS = [
        Pattern("roll_call_first", rf"{_SURNAME}(?={_END}{_SURNAME}{_END}{_VOTE})", 0.85),
        Pattern("roll_call_again", rf"(?<=(?<![\p{{L}}\d'’.-]){_SURNAME}{_END}){_SURNAME}(?={_END}{_VOTE})", 0.85),
    ]
    CONTEXT = ["roll", "aye", "vote"]
    #: a vote after a full stop, which every match needs: most hearings have no roll call
    NEEDS = dict.fromkeys(("roll_call_first", "roll_call_again"),
                          re.compile(rf"[.?!,][ ]+(?:Aye|Nay|No|Yes|Abstain|I|Hi)(?![\p{{L}}\d'’-])"))

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        word = text[start:end]
        if not _a_name(word):
            return None
        for call in _CALL.finditer(text, max(0, start - 40), min(len(text), end + 60)):
            said = call.group(1)
            if said == word and call.start() <= start < call.end():
                return start, end  # the name called, or said again
        return None

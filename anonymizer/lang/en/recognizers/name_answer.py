"""PERSON: a full name said in answer to a question for the speaker's name, whatever the speaker tags' shape
(``Ms Harwell: Can you give us your full name, please?`` / ``The Witness: Yes, it's Derwent Colquhoun.``,
``[0:00:45] Speaker B: Please state your full name.`` / ``[0:00:47] Speaker A: I'm Ffion Treharne-Davies.``,
``Q. State your name.`` / ``A. Tamsin Oakeshott.``): two to four capitalised words opening the next utterance (after
"Yes," / "Sure," and "It's" / "My name is") and ending its sentence. A statistical tagger misses a name it does not
know there; the question says what the answer is."""
from __future__ import annotations

import regex as re
from spacy.lang.en.stop_words import STOP_WORDS

from anonymizer.lang.en import gazetteer, lexicon, plain, vocabulary
from anonymizer.lang.en.transcript import LINE_OPENING

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

#: a question for the speaker's own name: "state your full name", "can you give us your name", "what is your name",
#: "your full name, please" (not "your mother's name": another's)
_QUESTION = (
    r"(?i:\b(?:state|give|tell|spell|say|confirm|have)\b[^\n?]{0,40}?\byour[ ](?:(?:full|legal|full[ ]legal|complete"
    r"|whole|first[ ]and[ ]last)[ ])?name\b|\bwhat(?:['’]s|[ ]is)[ ]your[ ](?:(?:full|legal|full[ ]legal)[ ])?name\b"
    r"|\byour[ ](?:full[ ])?name,?[ ]please\b)"
)
#: the answer's speaker tag at the next utterance's start: a recording's time first perhaps ("[0:00:47] Speaker A:"),
#: then a tag ending in a colon ("The Witness:", "MR. LOWE:") or an examination's answer ("A.", "A")
_TAG = rf"{LINE_OPENING.pattern}(?:[^\n:]{{1,60}}:|A\.?)"
#: what may open the answer before the name: "Yes,", "Sure,", then "it's", "my name is", "I'm"
_OPENERS = (
    r"(?:(?i:yes|yeah|yep|sure|okay|ok|certainly|of[ ]course|right)(?:,?[ ](?i:sir|ma['’]am|madam))?[,.!]?[ ])?"
    r"(?:(?i:it['’]s|it[ ]is|my[ ]name[ ]is|my[ ]name['’]s|i['’]m|i[ ]am|that['’]s|that[ ]is)[ ])?"
)
_WORD = r"\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:['’-]\p{Lu}?\p{Ll}+)?"
#: two to four capitalised words, an initial between them perhaps, ending the sentence or the line
_NAME = rf"{_WORD}(?:[ ](?:\p{{Lu}}\.[ ])?{_WORD}){{1,3}}(?=[^\S\n]*[.,]?[^\S\n]*(?:\n|$)|[.,;][ ])"
_ANSWER = rf"{_QUESTION}[^\n]*\n(?:[^\S\n]*\n)*{_TAG}[^\S\n]+{_OPENERS}\K{_NAME}"
_WORD_RE = re.compile(_WORD)


class NameAnswerRecognizer(RuleRecognizer):
    """A full name answering a question for the speaker's name (see the module's docstring)."""

    ENTITY = "PERSON"
    PATTERNS = [Pattern("name_answer", _ANSWER, 0.85)]
    CONTEXT = ["name"]
    #: the question's words, which every text with a match holds
    NEEDS = {"name_answer": re.compile(r"(?i)\byour[ ](?:\w+[ ]){0,2}name\b")}

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        """No name of words only (``Thank You``), no stop word, title, month or whitelisted term in it."""
        words = [w.group() for w in _WORD_RE.finditer(text, start, end)]
        for word in words:
            key = word.casefold()
            if key in STOP_WORDS or key in vocabulary.CALENDAR_WORDS or lexicon.is_title_word(word) \
                    or lexicon.is_whitelisted(word, self.extra_whitelist):
                return None
        if all(plain.in_dictionary(w.casefold()) and w.casefold() not in gazetteer.first_names()
               and w.casefold() not in gazetteer.last_names() for w in words):
            return None
        return start, end

"""DATE: the length of a prison term as a judgment writes it, the duration in the genitive right
before ``imprisonment`` (``two years’ imprisonment``, ``15 months' imprisonment``, ``one year and four
months’ imprisonment``, ``two and a half years’ imprisonment``): with the court and the day it tells
whose case it is (TAB marks it). In a judgment, a life term a court imposed is such a length too
(``sentenced him to life imprisonment``). A duration said any other way (``I did 15 years``, ``15 years to
life``) is no one's and stays unmasked (docs/annotation-guidelines.md), and a hearing's life term (every
lifer's) stays unmasked too."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.judgment_text import lodged
from anonymizer.lang.en.recognizers._base import NUMBER_WORD_STEM, Pattern, RuleRecognizer

_NUMBER = rf"(?:\d{{1,2}}|{NUMBER_WORD_STEM})"
_UNIT = r"(?i:years?|months?|weeks?|days?|hours?)"
_TERM = (
    rf"(?<![\w'’-]){_NUMBER}(?:[ ]and[ ]a[ ]half)?[ -]{_UNIT}(?:,?[ ]and[ ]{_NUMBER}[ ]{_UNIT})?"
    r"(?:['’]s?)(?=[ ]imprisonment\b)"
)
#: a life term after the court's "sentenced ... to": "sentenced him to life imprisonment", "sentenced the applicant
#: to a term of life imprisonment"
_LIFE = (r"(?<=\bsentenced[ ](?:(?:him|her|them|the[ ]applicants?|each[ ]of[ ]them|(?:(?:Mr|Mrs|Ms|Dr)\.?[ ])?\p{Lu}[\w'’.-]*)[ ])?to[ ]"
         r"(?:a[ ](?:term|sentence)[ ]of[ ])?)life[ ]imprisonment(?![\w'’-])")


class PrisonTermRecognizer(RuleRecognizer):
    """A duration in the genitive before ``imprisonment``: the term a court imposed."""

    ENTITY = "DATE"
    PATTERNS = [Pattern("prison_term", _TERM, 0.85), Pattern("life_term", _LIFE, 0.85)]
    CONTEXT = ["sentenced", "imprisonment"]
    #: " imprisonment" after the term, on its line: searched on its lines only
    ANCHORS = {"prison_term": re.compile(r"[ ]imprisonment"), "life_term": re.compile(r"[ ]imprisonment")}

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        if text.startswith("life", start) and not lodged(text):
            return None  # a hearing's life term: every lifer's, no one's in particular
        return start, end

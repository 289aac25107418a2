"""Whether a text is Danish: the cheap stop-word test the pass makes when no language is set. A text is Danish
when at least :data:`THRESHOLD` (12 %) of its words are Danish stop words (words no English text has: "og", "at", "det",
"på", ...) and more of them are Danish stop words than English ones ("the", "and", "of", ...: a text of the other
language has almost none of the first kind)."""
from __future__ import annotations

import regex as re

from .vocabulary import STOP_WORDS

#: English's most frequent words, none of them Danish (``i``, ``a``, ``for``, ``at``, ``her`` left out: both
#: languages have them)
ENGLISH_STOP_WORDS = frozenset("the and of to in is that was he she it on with as his by not be have you we "
                               "they this are were had from but what which their there would said if or an".split())
THRESHOLD = 0.12
_WORD = re.compile(r"[^\W\d_]+")


def danish_share(text: str, sample: int = 20_000) -> tuple[float, float]:
    """(Danish stop words, English stop words) as shares of the words of ``text``'s first ``sample`` characters."""
    words = [w.casefold() for w in _WORD.findall(text[:sample])]
    if not words:
        return 0.0, 0.0
    return (sum(w in STOP_WORDS for w in words) / len(words),
            sum(w in ENGLISH_STOP_WORDS for w in words) / len(words))


def is_danish(text: str) -> bool:
    danish, english = danish_share(text)
    return danish >= THRESHOLD and danish > english

"""The short forms a court judgment defines for a body in brackets after its name, read by ``public_body``:

* a particular body's short form is part of its name (``the State Railways (SRB: hereinafter “the State
  Railways”)``, ``the Municipalities of X and Y (“the Municipalities”)``: TAB's span holds it); a short form of
  generic words only (``(“the Council”)``, ``(“the Government”)``) stays apart, as TAB leaves it;
* the bracket's opening, where a tagger's word is the definition's own (``(“the Municipalities”)``);
* initials defined for a body named by generic words only are as generic (``the Criminal Cases Review Commission
  (“CCRC”)``: its ``CCRC`` is no particular body either); those of a particular body stay (``the Oberdorf
  Regional Court (ORC)``).

The test of what is generic is ``public_body``'s, given as an argument (it reads this module).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache

__all__ = ["DEFINITION_OPEN", "generic_initials", "short_form_end"]

#: a short form defined in brackets after a body's name, its initials perhaps first: "(“the Municipalities”)",
#: "(SRB: hereinafter “the State Railways”)"
_DEFINED_TERM = re.compile(r"[ ]\((?:[A-Z]{2,8}[:;,][ ])?(?:hereinafter[ ])?[“\"](?:the[ ])?"
                           r"(?P<term>[A-Z][\w’'-]*(?:[ ][A-Z][\w’'-]*){0,3})[”\"]\)")
#: the opening of a short form's definition in brackets: "(“the ", "(hereinafter “the "
DEFINITION_OPEN = re.compile(r"\((?:[A-Z]{2,8}[:;,][ ])?(?:hereinafter[ ])?[“\"](?:the[ ])?$")
_INITIALS = re.compile(r"[A-Z]{2,8}")
#: the capitalised words of a name, its small words aside: "Criminal Cases Review Commission"
_CAPITALISED = re.compile(r"(?<![\w’'-])[A-Z][\w’'-]*")


def short_form_end(text: str, start: int, end: int, generic_words: Collection[str]) -> int:
    """End of a body's name at ``text[start:end]`` stretched over the short form it is given right after it, when
    the form's words are the name's own and one of them is no generic word (``generic_words``, folded)."""
    defined = _DEFINED_TERM.match(text, end)
    term = defined.group("term").split() if defined else ()
    if term and all(word in text[start:end].split() for word in term) \
            and any(word.casefold() not in generic_words for word in term):
        return defined.end()
    return end


def generic_initials(text: str, start: int, end: int, is_generic: Callable[[str, int, int], bool]) -> bool:
    """``text[start:end]`` is a body's initials the text defines for a body named by generic words only ("CCRC" of
    "the Criminal Cases Review Commission (“CCRC”)", wherever it stands)."""
    surface = text[start:end]
    if not _INITIALS.fullmatch(surface):
        return False
    return _defined_for_generic(text, surface, is_generic)


@lru_cache(maxsize=128)
def _defined_for_generic(text: str, initials: str, is_generic: Callable[[str, int, int], bool]) -> bool:
    for bracket in re.finditer(rf"[ ]\([“\"]?{initials}[”\"]?\)", text):
        name_end = bracket.start()
        words = list(_CAPITALISED.finditer(text, max(0, name_end - 120), name_end))
        first = len(words) - len(initials)
        if first < 0:
            continue
        if "".join(w.group()[0] for w in words[first:]) == initials and "\n" not in text[words[first].start():name_end] \
                and is_generic(text, words[first].start(), name_end):
            return True
    return False

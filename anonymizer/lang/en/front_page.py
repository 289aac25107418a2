"""What a hearing's front pages print that identifies no one, read through ``us_records`` by the detection filter
and the re-scan.

* a heading in capitals in a text written in ordinary case: the hearing's subject and the headings of its lists
  (``ON REGIONAL CENTERS OF EXCELLENCE``, ``BIPARTISAN TASK FORCE``, ``PERTAINS TO EACH AGENCY``, ``AFFECTED
  INDUSTRIES``): a tagger's span on a line written wholly in capitals whose every word is an ordinary English word
  (:func:`anonymizer.lang.en.plain.is_plain_word`) or a small word, none a place, a first name or a common surname,
  and no name the gazetteers know (``CORRECTIONAL TRAINING FACILITY`` is a prison's). A town, a person or a county in
  the heading stays (``ANCHORAGES FROM YONKERS TO KINGSTON``), and so does everything in a text typed all in capitals
  (captions: their words are read through the ordinary-case copy);
* a building's floor by its ordinal (``13th Floor``, ``4th Floor``): the tagger's person or organization over it.
"""
from __future__ import annotations

import re
from functools import lru_cache

from anonymizer.lang.en import gazetteer, lexicon, plain

__all__ = ["in_capitals_heading", "is_floor", "identifies_no_one"]

#: a word of a heading: letters, with an apostrophe or a hyphen inside ("FAST-FOOD", "CHILDREN'S")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
#: at least this share of a text's letters in small letters: a text written in ordinary case
_ORDINARY_CASE = 0.3


@lru_cache(maxsize=4)
def _ordinary_case(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(c.islower() for c in letters) >= _ORDINARY_CASE * len(letters)


def _line(text: str, start: int, end: int) -> str:
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    return text[line_start:len(text) if line_end < 0 else line_end]


def in_capitals_heading(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies on a heading in capitals (its whole line in capitals, two words at least) of a text
    written in ordinary case, and is made of ordinary words only (small words among them, one ordinary word at least);
    no name the gazetteers know."""
    line = _line(text, start, end)
    if any(c.islower() for c in line) or len(_WORD.findall(line)) < 2 or not _ordinary_case(text):
        return False
    words = _WORD.findall(text[start:end])
    if not words or not all(plain.is_plain_word(w) or lexicon.is_stop_word(w.casefold()) for w in words):
        return False
    if all(lexicon.is_stop_word(w.casefold()) for w in words):
        return False
    surface = " ".join(text[start:end].split())
    return not (gazetteer.place_category(surface) or gazetteer.is_known_organization(surface)
                or surface.casefold() in _institutions())


@lru_cache(maxsize=1)
def _institutions() -> frozenset[str]:
    return frozenset(name.casefold() for names in gazetteer.cdcr_institutions() for name in names)


#: a floor of a building by its ordinal, the span being the floor's word ("13th Floor", "4th Floor", "2nd Fl.")
_FLOOR = re.compile(r"(?i:\d{1,3}(?:st|nd|rd|th)[ ]+)?(?:Floor|FLOOR|Fl\.?)")
_ORDINAL_BEFORE = re.compile(r"\b\d{1,3}(?i:st|nd|rd|th)[ ]+$")


def is_floor(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a building's floor after its ordinal (``13th Floor``), or that with the ordinal."""
    surface = text[start:end]
    if not _FLOOR.fullmatch(surface):
        return False
    return surface[:1].isdigit() or _ORDINAL_BEFORE.search(text, max(0, start - 8), start) is not None


def identifies_no_one(text: str, start: int, end: int, label: str) -> bool:
    """A mention of ``label`` at ``text[start:end]`` that is a heading in capitals of ordinary words or a floor."""
    if label not in ("PERSON", "LOCATION", "ORGANIZATION", "NRP"):
        return False
    return is_floor(text, start, end) or in_capitals_heading(text, start, end)

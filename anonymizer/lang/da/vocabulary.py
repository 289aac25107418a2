"""The Danish pack's lists, and the only reader of ``anonymizer/lang/da/data/`` (built once by
``benchmarks/extract_da_lists.py``): first names with their sex, surnames, towns, the common words; the written
words of :mod:`anonymizer.lang.da.words` are re-exported. Every lookup folds with :func:`anonymizer.lang.da.fold.fold`
(æ, ø, å kept; ``aa``, ``oe``, ``ae`` read as å, ø, æ).
"""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

import regex as re

from .fold import fold
from .words import (  # noqa: F401  (re-exported)
    BUSINESS_NOUNS, CLOSED_CLASS, COMPANY_SUFFIXES, FLOOR_SIDES, GREETINGS, HEADING_WORDS, HOLIDAYS,
    INSTITUTION_HEADS, MONTH_ABBREVIATIONS, MONTHS, OCCUPATION_ADJECTIVES, OCCUPATION_CUES, PUBLIC_BODIES,
    ROLE_WORDS, SEASONS, STREET_ENDINGS, STRONG_STREET_ENDINGS, TEENS, TENS, TITLE_WORDS, UNITS, USER_NAME_CUES, WEEKDAYS,
)


@lru_cache(maxsize=None)
def data_lines(name: str) -> tuple[str, ...]:
    """The entries of ``anonymizer/lang/da/data/<name>``: stripped lines, no blanks, no ``#`` comments."""
    text = (files("anonymizer.lang.da") / "data" / name).read_text(encoding="utf-8")
    stripped = (line.strip() for line in text.splitlines())
    return tuple(line for line in stripped if line and not line.startswith("#"))


@lru_cache(maxsize=None)
def first_names() -> dict[str, str]:
    """Folded first name -> ``M``, ``F`` or ``U`` (both)."""
    return {fold(name): sex for name, sex in (line.split("\t") for line in data_lines("first_names.txt"))}


@lru_cache(maxsize=None)
def surnames() -> frozenset[str]:
    return frozenset(fold(name) for name in data_lines("surnames.txt"))


@lru_cache(maxsize=None)
def towns() -> frozenset[str]:
    return frozenset(fold(name) for name in data_lines("towns.txt"))


@lru_cache(maxsize=None)
def town_names() -> tuple[str, ...]:
    """The towns as written (longest first, for a pattern)."""
    return tuple(sorted(data_lines("towns.txt"), key=len, reverse=True))


@lru_cache(maxsize=None)
def common_words() -> frozenset[str]:
    """Words written in lower case in running Danish text, and the closed-class words."""
    return frozenset(fold(w) for w in (*data_lines("common_words.txt"), *CLOSED_CLASS))


def is_first_name(word: str) -> bool:
    return fold(word) in first_names()


def is_surname(word: str) -> bool:
    key = fold(word)
    return key in surnames() or (key.endswith("s") and key[:-1] in surnames() and len(key) > 4)


def is_name_part(word: str) -> bool:
    """A first name or a surname (a genitive ``s`` allowed: "Hansens"); a hyphenated one if each part is."""
    parts = word.split("-")
    return all(p and (is_first_name(p) or is_surname(p) or (p.endswith("s") and is_first_name(p[:-1])))
               for p in parts)


def is_town(word: str) -> bool:
    return fold(word) in towns()


def is_common_word(word: str) -> bool:
    return fold(word) in common_words()


#: the words of a court's, an authority's or a public body's name: such a name is kept ("Retten i Roskilde",
#: "Københavns Byret", "Aarhus Kommune", "Fødevarestyrelsen", "Vestre Landsrets 6. afdeling")
_PUBLIC_BODY = re.compile(r"(?i:\b(?:rettens?|byrets?|byretten|landsrets?|landsretten|fogedretten|skifteretten|"
                          r"højesteret|kommunes?|kommunen|region(?:en)?|politi(?:et)?|jobcenter|statskassen|folketinget|"
                          r"retshjælp|afdeling|anklagemyndigheden)\b|(?:styrelsen|tilsynet|ministeriet|nævnet|"
                          r"erhvervssikring|forsorgen|rådet)\b)")


def is_public_body(surface: str) -> bool:
    return _PUBLIC_BODY.search(surface) is not None or surface in PUBLIC_BODIES


#: a court's or a public body's seat after its name ("Retten i Glostrup", "Politiet i Nordjylland")
_SEAT = re.compile(r"(?i:(?:retten|byret(?:ten)?|politi(?:et)?|kommune|region|fogedretten|skifteretten|landsret)[ ](?:i|på)[ ])$")


def is_court_seat(text: str, start: int) -> bool:
    """Whether the place at ``start`` is a court's or a public body's seat ("Retten i Holstebro")."""
    return _SEAT.search(text, max(0, start - 20), start) is not None


def sentence_start(text: str, start: int) -> bool:
    """Whether ``text[start]`` opens a sentence, a line or a quotation (a capital there says nothing)."""
    before = text[max(0, start - 3):start].rstrip(" ")
    return not before or before[-1] in ".!?:\n\"«»-–"


def month_number(word: str) -> int | None:
    """1..12 for a Danish month or its abbreviation ("marts", "okt."), else None."""
    key = fold(word).rstrip(".")
    if key in MONTHS:
        return MONTHS.index(key) + 1
    abbreviations = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
                     "okt": 10, "nov": 11, "dec": 12}
    return abbreviations.get(key)

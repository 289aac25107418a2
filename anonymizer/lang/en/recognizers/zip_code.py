"""LOCATION: five-digit zip codes after a place or a state (``Stockton, California 94210``,
``in Madera, 94883``, ``CA 95814``, ``zip code 95692``) and a UK postcode wherever it stands (``SA48 6BN``,
``SW1A 2AA``, ``M1 1AE``: its shape is its own)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.gazetteer import place_category

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer, line_before

_ZIP = r"(?<![\w.,$/-])\d{5}(?:-\d{4})?(?![\w'’-]|[.,:/]\d)"
_PLACE_BEFORE = re.compile(r"(\p{Lu}[\p{L}.'’-]*(?:[ ]\p{Lu}[\p{L}.'’-]*){0,2}),?[ ]$")
_ZIP_WORD = re.compile(r"(?i:\bzip(?:[ ]?code)?(?:[ ](?:is|of|was))?[:]?[ ])$")


#: a UK postcode: outward code (area letters, district digits, a letter perhaps), a space, inward code (a digit, two
#: letters never C, I, K, M, O or V)
_POSTCODE = r"(?<![\w.-])(?:[A-Z]{1,2}\d[A-Z\d]?|GIR)[ ]\d[ABD-HJLNP-UW-Z]{2}(?![\w'’-])"
_POSTCODE_RE = re.compile(_POSTCODE)


class ZipCodeRecognizer(RuleRecognizer):
    """Five digits (optionally ``-1234``) right after ``zip (code)`` or after a name the
    place gazetteers know (city, state, two-letter state code), with an optional comma."""

    ENTITY = "LOCATION"
    PATTERNS = [Pattern("zip_code", _ZIP, 0.85), Pattern("uk_postcode", _POSTCODE, 0.85)]
    CONTEXT = ["zip", "code", "address", "california"]
    #: a postcode's second half, which every match of its pattern holds: searched on its lines only
    ANCHORS = {"uk_postcode": re.compile(r"[ ]\d[ABD-HJLNP-UW-Z]{2}")}

    def keep(self, text: str, start: int, end: int) -> bool:
        if _POSTCODE_RE.fullmatch(text, start, end):
            return True
        before = line_before(text, start, 50)
        if _ZIP_WORD.search(before):
            return True
        place = _PLACE_BEFORE.search(before)
        if place is None:
            return False
        words = place.group(1).split(" ")
        return any(place_category(" ".join(words[i:])) for i in range(len(words)))

"""LOCATION: cities, states and countries the gazetteers know, after a locative word
(``in Pomona``, ``moved to Chula Vista``, ``from Vallejo``) or after ``City,`` (``Atlanta, Georgia``);
counties (``Los Angeles County``, ``San Joaquin County``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer, lexicon, plain
from anonymizer.lang.en.judgment_text import COMPASS, lodged
from anonymizer.lang.en.gazetteer import place_category

from anonymizer.lang.en.recognizers._base import TRIP_TO, Pattern, RuleRecognizer
from anonymizer.lang.en.recognizers._names import FUNCTION_WORDS

_WORD = r"\p{Lu}[\p{L}'’.-]*\p{L}"
_BEFORE = (
    r"(?<=\b(?i:in|to|from|near|outside(?:[ ]of)?|around|towards?|through|visit|visiting|left|leave|born[ ]in"
    r"|moved[ ]to|(?:side|part|city|town|county|state|streets|outskirts)[ ]of|up[ ]in|down[ ]in|out[ ]of|back[ ]to|drove[ ]to)[ ])"
)
_AFTER_CITY = r"(?<=\p{Lu}\p{L}+,[ ])"
_COUNTY = rf"(?<![\w'’-]){_WORD}(?:[ ]{_WORD}){{0,2}}[ ](?:County|COUNTY)(?![\w'’-])"
_NOT_PLACES = frozenset({"god", "christ", "jesus", "lord", "heaven", "hell", "man", "page", "parole", "court"})
_TOWN_BEFORE = re.compile(rf"\b(?:(?i:in|from|near|of)|{TRIP_TO})[ ]$")
_SMALL_TOWN_BEFORE = re.compile(
    r"\b(?i:in|near|outside(?:[ ]of)?|(?:town|city|outskirts)[ ]of|born[ ]in|moved[ ]to)[ ]$")
#: prison names that are also places: "Wasco", "Folsom", "Pelican Bay" (the prison unless "in/from/near/of")
_INSTITUTION_TOWNS = frozenset(w.casefold() for names in gazetteer.cdcr_institutions() for w in names)

#: a firm's site or team after the town it stands in ("the Swindon depot")
_SITE = r"[ ](?:branch|branches|depot|office|works|plant|site|store|factory|colliery|area|team|region)\b"

PATTERNS = [
    Pattern("place_after_locative", rf"{_BEFORE}{_WORD}(?:[ ]{_WORD}){{0,2}}(?![\w'’-])", 0.85),
    # a judgment's "in northern Cyprus", "from south-east Turkey": the place after the point of the compass
    Pattern("place_after_compass", rf"{_BEFORE}{COMPASS}[ ]{_WORD}(?:[ ]{_WORD}){{0,2}}(?![\w'’-])", 0.85),
    Pattern("region_after_city", rf"{_AFTER_CITY}{_WORD}(?:[ ]{_WORD}){{0,2}}(?![\w'’-])", 0.85),
    Pattern("county", _COUNTY, 0.85),
    # a firm's site or team by its town: "the Pontefract branch", "the Swindon depot", "the Leeds office"
    Pattern("place_before_site", rf"(?<=\b(?i:the|our|my|his|her|their)[ ]){_WORD}(?:[ ]{_WORD}){{0,2}}(?={_SITE})",
            0.8),
]
_COUNTY_SUFFIX = re.compile(r"[ ](?:County|COUNTY)(?![\w'’-])")
_SITE_AFTER = re.compile(_SITE)


class PlaceRecognizer(RuleRecognizer):
    """Known places in a locative context; the span is the longest run of capitalised
    words from the start that the gazetteers know (plus a following ``County``).

    Common words and name words (``Hope``, ``Young``, ``King``), ``God``, and the
    places that name a prison (``Wasco``, ``Folsom``, ``Pelican Bay``) only after
    ``in``/``from``/``near``/``of`` (after ``at``/``to`` they are the prison recognizer's); after
    ``City,`` only states and countries count, and no interjection or common word is a city
    (``Uh, Georgia and I``).
    """

    ENTITY = "LOCATION"
    PATTERNS = PATTERNS
    CONTEXT = ["live", "lived", "moved", "born", "grew", "city", "town", "state", "county"]
    #: " County", which every match of its pattern holds: searched on its lines only
    ANCHORS = {"county": re.compile(r"[ ](?:County|COUNTY)")}

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        if text[start].islower():  # "northern Cyprus": the place after the compass, in a judgment only
            if not lodged(text):
                return None
            place = self.adjust(text, text.index(" ", start) + 1, end)
            return (start, place[1]) if place is not None else None
        county = _COUNTY_SUFFIX.search(text, start, end)
        if county and text[start:end].split(" ")[0] not in FUNCTION_WORDS:
            return start, county.end()  # "Kern County" of "in Kern County Superior Court"
        after_city = text[max(0, start - 2) : start] == ", "
        if after_city and not self._after_a_name(text, start - 2):
            return None  # "Uh, Georgia and I got married": a word before the comma, no city
        words = list(re.finditer(r"\S+", text[start:end]))
        for last in range(len(words), 0, -1):
            name = text[start : start + words[last - 1].end()]
            category = place_category(name) or self._small_town(text, start, name)
            if category is None or not self._plausible(name, category, after_city):
                continue
            if name.casefold() in _INSTITUTION_TOWNS and not _TOWN_BEFORE.search(text, max(0, start - 24), start):
                return None  # "at Wasco", "to Folsom", "transferred to Pelican Bay": the prison
            stop = start + words[last - 1].end()
            if last < len(words) and not _COUNTY_SUFFIX.match(text, stop):
                return None  # part of a longer name: "Hoover Elementary", "Fresno Bulldogs"
            county = _COUNTY_SUFFIX.match(text, stop)
            if not county and " " not in name and _SITE_AFTER.match(text, stop) and plain.in_dictionary(name.casefold()):
                return None  # "the Reading depot", "the Horizon team": a word before a site, no town
            return start, county.end() if county else stop
        return None

    @staticmethod
    def _small_town(text: str, start: int, name: str) -> str | None:
        """A small California town ("up in Weed", "born in Ione"), only after a locative no person
        follows ("in", "near", "born in"; not "to" or "from")."""
        if name in gazetteer.small_towns() and _SMALL_TOWN_BEFORE.search(text, max(0, start - 24), start):
            return "CITY"
        return None

    @staticmethod
    def _after_a_name(text: str, comma: int) -> bool:
        """Whether the capitalised word before ``comma`` may be a town's ("Wasco, California"), not
        an interjection or a common word ("Uh,", "Well,", "Okay,")."""
        word = re.search(r"\p{L}[\p{L}'’.-]*$", text[max(0, comma - 40) : comma])
        if word is None:
            return False
        folded = word.group().casefold()
        return not (lexicon.is_common_word(folded) or folded in lexicon.stop_names())

    @staticmethod
    def _plausible(name: str, category: str, after_city: bool) -> bool:
        if after_city:
            return category in ("STATE", "COUNTRY")
        if " " in name:
            return True
        folded = name.casefold()
        if name.isupper() and len(name) <= 3:
            return False  # "US", "IT": words; "CA" counts only after a city
        return not (
            lexicon.is_common_word(folded)
            or folded in _NOT_PLACES
            or name in FUNCTION_WORDS
        )

"""LOCATION: street addresses (``1234 Main Street``, ``329 East Olive Avenue``, ``Twenty-two eighteen North Linden Avenue``,
``5378 Martin Luther King Jr. Boulevard``, ``P.O. Box 4490``), numbered streets (``West 54th Street``) and highways
(``Highway 152``, ``Interstate 5``), a street after "on" (``on Panorama Drive``), grid roads (``Avenue 7 1/2``), a block (``the 1400
block of East Belmont Avenue``), a house number before a street the document names with its suffix (``1422 East
Belmont``) or before a town (``4417 East Olive, Fresno``, ``600 The Embarcadero, San Francisco``), a house number after its street
(``Fremont Street, number 2219``), a street named in Spanish with its house number before or after it (``18 Calle
Cebu``, ``Calle Jalisco number 412``), a shopping centre's house number (``796 Northridge Mall``), crossings (``the corner of Fifth and Maple``, ``at Fourth and Market``), and a street of one word
after a place or a known business on it (``the Target on Blackstone``, ``the canal off Ashlan``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang import compiled

from anonymizer.lang.en import gazetteer, lexicon, vocabulary
from anonymizer.lang.en.vocabulary import (
    SHOPPING_CENTER_HEADS,
    SPANISH_STREET_HEADS,
    STREET_SUFFIXES,
    STRONG_STREET_WORDS,
    US_STATES,
)

from anonymizer.lang.en.recognizers._base import NUMBER_WORD_STEM, Pattern, RuleRecognizer, alternation_order
from anonymizer.lang.en.recognizers._names import CAP_WORD

SUFFIXES = STREET_SUFFIXES
_SUFFIX = "(?:" + "|".join(s.replace(".", r"\.") for s in sorted(SUFFIXES, key=len, reverse=True)) + ")"
#: a suffix that makes the words before it a street whatever they are (``Drive``, not ``Way`` or ``Court``)
_STRONG = "(?:" + "|".join(sorted((s.title() for s in STRONG_STREET_WORDS), key=len, reverse=True)) + ")"
_NAME_WORD = r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
_DIRECTION = r"(?:(?:North|South|East|West|N\.?|S\.?|E\.?|W\.?)[ ])"
#: a street's second suffix, the first one part of its name (``2150 River Plaza Drive``, ``400 Park Place Court``)
_SECOND_SUFFIX = rf"(?:[ ]{_SUFFIX}(?![\w'’-]))?"
_UNIT = r"(?:,?[ ](?:Apartment|Apt\.?|Unit|Suite|Ste\.?|Space|Number|No\.|#)[ ]?#?[A-Z0-9]{1,5}(?:-[A-Z0-9]{1,3})?(?![\w'’-]))"

_STATE = "(?:" + "|".join(sorted((s.title() for s in US_STATES if s != "CA"), key=alternation_order)) + "|CA)"
#: a zip code after a state ("California 95489", "CA 94110-1234") or after "City, " ("Riverside, 94463")
_ZIP = rf"(?<=(?<![\w'’-])(?:{_STATE},?|[A-Z][a-z]+(?:[ ][A-Z][a-z]+)?,)[ ])\d{{5}}(?:-\d{{4}})?(?![\w'’/-]|[.,]\d)"

#: one street's word, or the two of a crossing, with no capitalised word after
_BARE = rf"{_NAME_WORD}(?:[ ](?!(?i:{_SUFFIX})(?![\w'’-])){_NAME_WORD})?(?:[ ](?:and|&)[ ]{_NAME_WORD})?(?![\w'’-]|[ ]\p{{Lu}})"
_BARE_RE = compiled.compile(_BARE)
_HOUSE_DIRECTION = compiled.compile(r"\d{2,6}[ ](?:North|South|East|West|[NSEW]\.)[ ]")
_AT_BEFORE = compiled.compile(r"\b(?i:at|on|to|from|address|lives?|lived|stay(?:s|ed)?)[ ]$")
#: a numbered street's ordinal, as a crossing names it: ``Fourth``, ``5th``
_STREET_ORDINAL = rf"(?:{'|'.join(o.title() for o in vocabulary.ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))"
#: a crossing of a numbered street and another, with no capitalised word after: ``Fourth and Market``, ``Main & 3rd``
_CROSSING = (rf"(?:{_STREET_ORDINAL}[ ](?:and|&)[ ](?:{_STREET_ORDINAL}|{_NAME_WORD})|{_NAME_WORD}[ ](?:and|&)[ ]{_STREET_ORDINAL})"
             rf"(?:[ ]{_SUFFIX})?(?![\w'’-]|[ ]\p{{Lu}})")
#: the place or business before "on"/"off": a place's noun, or one or two capitalised words
_BEFORE_ON = compiled.compile(r"(?:\b(?P<noun>[a-z]+)|(?P<name>\p{Lu}[\p{L}'’]+(?:[ ]\p{Lu}[\p{L}'’]+)?))[ ](?:on|off)[ ]$")

#: a business named by its owner's possessive, after "the" ("the Denny's on Blackstone and Shaw")
_A_BUSINESS = compiled.compile(r"(?i:the)[ ]\p{Lu}[\p{L}'’]*['’]s")
#: a year before a word, after a word of time ("in 1998 Belmont")
_YEAR_BEFORE = compiled.compile(r"\b(?i:in|since|until|by|from|of|around|year)[ ](?:19|20)\d\d[ ]")
#: a house number and a street's name without its suffix (group 1: the street's name)
_NUMBERED_NAME = compiled.compile(rf"\d{{1,6}}[A-Z]?[ ](?:The[ ])?({_DIRECTION}?{_NAME_WORD})")
#: the same with the house number said aloud in two words or more ("twenty-one oh four West Merrill"; group 1: the
#: street's name without its direction, "Merrill" of "Merrill Avenue")
#: a street named in Spanish, its head word first (``Calle Zaragoza``, ``Avenida de los Insurgentes``), with no
#: capitalised word after (not ``El Camino Real High School``)
_SPANISH_STREET = (rf"(?:{'|'.join(SPANISH_STREET_HEADS)})[ ](?:(?:de(?:l|[ ]la|[ ]las|[ ]los)?|la|las|los|el)[ ])?"
                   rf"{_NAME_WORD}(?:[ ]{_NAME_WORD}){{0,2}}(?![\w'’-]|[ ]\p{{Lu}})")
#: a house number after a street, as Mexico writes it (``Calle Morelos 56``) or says it (``número 1207``)
_NUMBER_AFTER = r"(?:,?[ ](?:(?i:number|número|numero|no\.|núm\.|num\.)[ ]|\#[ ]?)?\d{1,6}[A-Z]?(?![\w'’/-]|[.,]\d))"
_SPOKEN_NUMBERED_NAME = compiled.compile(
    rf"(?<![\w'’-]){NUMBER_WORD_STEM}(?:[ -](?:{NUMBER_WORD_STEM}|(?i:oh|hundred))){{1,3}}[ ]{_DIRECTION}?({_NAME_WORD})")

#: a strong street kind in small letters (``street``, ``drive``), as a speech recogniser writes it
_SMALL_STRONG = "|".join(STRONG_STREET_WORDS)
#: the words of time before a year (``in 2016``), not a house number after them
_YEAR_WORDS = r"(?i:in|since|until|by|from|of|around|year)"

PATTERNS = [
    Pattern(
        "street_address",
        rf"(?<![\w.,/-])\d{{1,6}}[A-Z]?(?:[ ]block[ ]of)?[ ]{_DIRECTION}?(?:{CAP_WORD}[ ]){{1,4}}?{_SUFFIX}(?![\w'’-]){_SECOND_SUFFIX}{_UNIT}?",
        0.85,
    ),
    # ... the street's kind in small letters, as a speech recogniser writes it: "1245 Corrie street", "3 Ashgrove drive"
    # (only a kind that is no other word; not a year after a word of time: "in 2016 Christmas road trips")
    Pattern(
        "street_address_small_kind",
        rf"(?<![\w.,/-])(?<!\b{_YEAR_WORDS}[ ])\d{{1,6}}[A-Z]?[ ]{_DIRECTION}?(?:{_NAME_WORD}[ ]){{1,3}}(?:{_SMALL_STRONG})"
        rf"(?![\w'’-]|[ ]\p{{Ll}}+s\b){_UNIT}?",
        0.8,
    ),
    # the house number said aloud: "Twenty-two eighteen North Linden Avenue", "one forty-five Elm Street"
    Pattern(
        "spoken_street_address",
        rf"(?<![\w'’-]){NUMBER_WORD_STEM}(?:[ -](?:{NUMBER_WORD_STEM}|(?i:oh|hundred))){{0,3}}[ ]{_DIRECTION}?"
        rf"(?:{CAP_WORD}[ ]){{1,4}}?{_SUFFIX}(?![\w'’-]){_SECOND_SUFFIX}{_UNIT}?",
        0.8,
    ),
    Pattern("zip_code", _ZIP, 0.8),
    # a street named by its number, without a house number: "on West 54th Street", "E. 14th St."
    Pattern(
        "numbered_street",
        rf"(?<![\w.,/-]){_DIRECTION}?\d{{1,3}}(?:st|nd|rd|th)[ ]{_SUFFIX}(?![\w'’-])",
        0.85,
    ),
    # the streets of a crossing: "the corner of Fifth and Maple", "at the intersection of 5th & Main Street"
    Pattern(
        "intersection",
        rf"(?<=(?i:corner|intersection)[ ]of[ ]){CAP_WORD}(?:[ ]{CAP_WORD}){{0,2}}[ ](?:and|&)[ ]{CAP_WORD}"
        rf"(?:[ ]{CAP_WORD}){{0,2}}(?![\w'’-])",
        0.85,
    ),
    # a crossing with a numbered street, after a word of where: "shot at Fourth and Market", "past 5th & Main",
    # "the hotel is between 48th and Sixth Ave"
    Pattern("crossing", rf"(?<=(?<![\w'’-])(?i:at|on|past|near|by|from|off|to|between)[ ]){_CROSSING}", 0.8),
    # a street named without a house number, after "on" and the like: "at your home on Panorama Drive"
    Pattern(
        "street_on",
        rf"(?<=(?<![\w'’-])(?i:on|off|onto|along|down|up)[ ]){_DIRECTION}?(?:{_NAME_WORD}[ ]){{1,3}}{_STRONG}(?![\w'’-])",
        0.8,
    ),
    # a street named by one word, after a place or a business "on" or "off" it: "the Target on Blackstone",
    # "a house on Cedar", "the apartment on Shields and Maroa", "the canal off Ashlan" (see keep)
    Pattern("bare_street", rf"\b(?:on|off)[ ]\K{_BARE}", 0.8),
    # a highway by its number: "on Highway 152", "Interstate 5", "State Route 99" (not "I-9": a form too)
    Pattern(
        "numbered_highway",
        r"(?<![\w-])(?:Highway|Hwy\.?|Interstate|(?:State[ ])?Route|HIGHWAY|INTERSTATE)[ ]\d{1,3}(?![\w-]|[.,]\d)",
        0.85,
    ),
    # a road named by its number, as in the Central Valley's grid: "Avenue 7 1/2", "Road 28"
    # (not a program's name: "Road 2 Recovery")
    Pattern("grid_road", r"(?<![\w-])(?:Avenue|Road)[ ]\d{1,3}(?:[ ]1/2)?(?![\w/-]|[.,]\d|[ ][A-Z])", 0.85),
    # the house number said after its street: "on East Fremont Street, number 2219"
    Pattern(
        "house_number_after",
        rf"(?<={_SUFFIX},?[ ](?i:number|no\.|house[ ]number)[ ]#?)\d{{1,6}}[A-Z]?(?![\w'’/-]|[.,]\d)",
        0.8,
    ),
    # a house number before a street the document names with its suffix elsewhere: "the driveway of 1422 East
    # Belmont" after "East Belmont Avenue" (see keep)
    # ... or before a town, a street named with "The" too: "600 The Embarcadero, San Francisco"
    Pattern("house_number_known_street",
            rf"(?<![\w.,/-])\d{{1,6}}[A-Z]?[ ](?:The[ ])?{_DIRECTION}?{_NAME_WORD}(?![\w'’-]|[ ]\p{{Lu}})",
            0.8),
    # ... or a street of two words without its kind where someone is, at the clause's end: "We're at 1072 Tilden
    # Everett.", "she lives at 48 Queen Margaret," (not a year: "at 2014 Winter Games.")
    Pattern("house_number_at",
            rf"(?<=(?<![\w'’-])(?i:at|lives?[ ]at|lived[ ]at|address[ ]is)[ ])(?!(?:19|20)\d\d[ ])\d{{2,6}}[ ]"
            rf"{_NAME_WORD}[ ]{_NAME_WORD}(?=[ ]?[.,;?!]|[ ]?$)",
            0.8),
    # ... said aloud in two words or more: "twenty-one oh four West Merrill" after "Merrill Avenue" (see keep)
    Pattern("spoken_house_number_known_street", _SPOKEN_NUMBERED_NAME.pattern + r"(?![\w'’-]|[ ]\p{Lu})", 0.8),
    # a street named in Spanish, with its house number before or after it: "18 Calle Zaragoza", "Calle Jalisco number
    # 412", "Avenida Hidalgo número 1207", "on Calle Primavera"
    Pattern("spanish_street", rf"(?<![\w'’.,/-])(?:\d{{1,6}}[A-Z]?[ ])?{_SPANISH_STREET}{_NUMBER_AFTER}?", 0.8),
    # a shopping centre with house numbers of its own: "1455 Sunrise Mall", "796 Northridge Mall"
    Pattern("numbered_shopping_center",
            rf"(?<![\w.,/-])\d{{1,6}}[ ](?:{_NAME_WORD}[ ]){{1,3}}(?:{'|'.join(SHOPPING_CENTER_HEADS)})(?![\w'’-])", 0.85),
    Pattern(
        "po_box",
        r"(?<![\w-])(?i:p\.?[ ]?o\.?[ ]box|post[ ]office[ ]box)[ ]#?\d{1,6}(?![\w-])",
        0.85,
    ),
]


#: a town after an address, its zip code or a state after it (``, Fresno, 93702``, ``, Fresno, CA``): group 1, and
#: ``more`` the zip code or state; the comma may be followed by two spaces, as a converter doubles them
_TOWN_AFTER = compiled.compile(rf",[ ]{{1,2}}(\p{{Lu}}[\p{{L}}'’-]+(?:[ ]\p{{Lu}}[\p{{L}}'’-]+){{0,2}})"
                               rf"(?P<more>,?[ ](?:\d{{5}}|{_STATE})(?![\w'’-]))?")


def _town_after(text: str, end: int) -> bool:
    """A known town right after a house number and a street's name (``4417 East Olive, Fresno``): an address."""
    town = _TOWN_AFTER.match(text, end)
    return town is not None and (gazetteer.is_known_place(town.group(1)) or town.group("more") is not None)


class AddressRecognizer(RuleRecognizer):
    """A house number, capitalised street words and a street suffix, with an optional
    apartment/unit; post-office boxes.  Numbers are not years here (``1985 King Road``)."""

    ENTITY = "LOCATION"
    PATTERNS = PATTERNS
    CONTEXT = ["address", "live", "lives", "located", "street", "residence", "house", "apartment"]

    def keep(self, text: str, start: int, end: int) -> bool:
        spoken = _SPOKEN_NUMBERED_NAME.fullmatch(text, start, end)
        if spoken:  # a street the document names with its suffix elsewhere
            street = re.escape(spoken.group(1)).replace(r"\ ", "[ ]")
            return re.search(rf"(?<![\w'’-]){street}[ ]{_SUFFIX}(?![\w'’-])", text) is not None
        numbered = _NUMBERED_NAME.fullmatch(text, start, end)
        if numbered and _YEAR_BEFORE.search(text, max(0, start - 12), end):
            return False  # "In 1998 Belmont was a town": a year
        if numbered and _HOUSE_DIRECTION.match(text, start, end) and _AT_BEFORE.search(text, max(0, start - 12), start):
            return True  # "at 1408 East Market": a house number and a street's direction, not "20 West Virginia miners"
        if numbered:
            street = re.escape(numbered.group(1)).replace(r"\ ", "[ ]")
            return re.search(rf"(?<![\w'’-]){street}[ ]{_SUFFIX}(?![\w'’-])", text) is not None or _town_after(text, end)
        if not _BARE_RE.fullmatch(text, start, end):
            return True
        before = _BEFORE_ON.search(text, max(0, start - 40), start)
        if before is None:
            return True  # the other patterns' matches: "the corner of Fifth and Maple"
        noun, name = before.group("noun", "name")
        business = name is not None and (gazetteer.is_known_organization(name) or _A_BUSINESS.fullmatch(
            text, max(0, before.start("name") - 4), before.end("name")) is not None)
        if not (noun in vocabulary.STREET_PLACE_NOUNS if noun else business):
            return False
        return all(_street_word(w) for w in text[start:end].replace("&", "and").split(" and "))


def _street_word(word: str) -> bool:
    """A word that may name a street: no month or weekday, no platform, no stop or whitelisted word."""
    folded = word.casefold()
    return folded not in vocabulary.CALENDAR_WORDS and word not in vocabulary.ONLINE_PLATFORMS \
        and not lexicon.is_stop_word(folded) and not lexicon.is_whitelisted(word)

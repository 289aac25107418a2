"""Detection, a span's label from the words around it: a tagger's person that is a town or a street, a person's
name ending in an organization's head, a person's initials taken for a place, a town taken for a firm, a name
taken for a firm or a group, a word no list knows taken for a group after "in" (a town or a neighbourhood the
gazetteers miss). Read by :func:`anonymizer.detect.filter.filter_mentions` once the span is tightened.
"""
from __future__ import annotations

import re

from anonymizer.detect import tagger_persons
from anonymizer.lang.en import gazetteer, lexicon, public_body, vocabulary
from anonymizer.types import Mention


def relabel(text: str, m: Mention, start: int, end: int, trusted: bool) -> str:
    """The label of ``m`` over ``text[start:end]`` (its tightened span); ``trusted``: a title page's, a rule's or a
    reviewer's mention."""
    label = m.label
    surface = text[start:end]
    if label == "PERSON" and not trusted and surface.split()[-1] in vocabulary.ORGANIZATION_PLURAL_HEADS:
        label = "ORGANIZATION"  # "Francisco Homes", "Delta Reporters": an organization's head, not a surname
    elif label in ("PERSON", "ORGANIZATION") and not trusted and "suspect" not in m.sources \
            and not _after_title(text, start) and ((label == "PERSON" and (gazetteer.is_place_not_name(surface)
            or public_body.is_respondent_country(text, surface))) or _street_on(text, start, surface)):
        label = "LOCATION"  # "out past Yreka", "(lived) on Foothill Boulevard", a judgment's "entered Austria": a place
    elif label in ("LOCATION", "ORGANIZATION") and m.sources == ("spacy",) and _INITIALS.fullmatch(surface) \
            and surface not in vocabulary.PLACE_INITIALS:
        label = "PERSON"  # "call me Abdul, or A.R.", "D.J. was there": a person's initials, not L.A.
    elif label == "ORGANIZATION" and not trusted and gazetteer.is_known_place(surface) and (
            _STATE_OR_ZIP_AFTER.match(text, end) or (m.sources == ("spacy",) and gazetteer.is_town_not_firm(surface))):
        label = "LOCATION"  # "Apt. 3, Oakland 94607", "Ione, CA", "out by Oildale": a town, no firm
    elif label in ("ORGANIZATION", "LOCATION", "NRP") and m.sources == ("spacy",) \
            and not (label == "NRP" and gazetteer.is_nrp_term(surface)) \
            and tagger_persons.is_person_name(text, start, end):
        label = "PERSON"  # "my uncle, Curtis Mbelu, at", "my uncle Sefo": a name taken for a firm or a group
    elif label == "NRP" and m.sources == ("spacy",) and not gazetteer.is_nrp_term(surface) \
            and gazetteer.in_unlisted_town(text, start, end):
        label = "LOCATION"  # "everybody in Alisal knew us": no nationality, a neighbourhood the lists miss
    return label


def _street_on(text: str, start: int, surface: str) -> bool:
    """A street's name after "on" or a house number ("2217 Juniper Lane"; "on Arden Way": a weak suffix, capitalised)."""
    last = surface.split()[-1] if len(surface.split()) > 1 else ""
    return (last.casefold() in vocabulary.STRONG_STREET_SUFFIXES or last.istitle() and last.casefold() in
            vocabulary.WEAK_STREET_SUFFIXES) and _ON_OR_NUMBER.search(text, max(0, start - 12), start) is not None


_ON_OR_NUMBER = re.compile(r"(?:\bon|\d)[ ]$")
#: two or three initials, each with its dot
_INITIALS = re.compile(r"(?:[A-Z]\.){2,3}")
#: a state or a zip code after a town: ``Oakland 94607``, ``Ione, CA``, ``Visalia, California``
_STATE_OR_ZIP_AFTER = re.compile(r",?[ ](?:\d{5}(?![\w-])|CA\b|Calif\.|California\b)")


def _after_title(text: str, start: int) -> bool:
    """Whether a person's title stands right before ``start`` ("Ms. Brooklyn Park", "Officer Chula")."""
    before = text[max(0, start - 24):start].split()
    return bool(before) and lexicon.is_title_word(before[-1])

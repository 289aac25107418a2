"""categorize(): fine categories from the offline gazetteers and keyword rules."""
from __future__ import annotations

import time

import pytest

from anonymizer.categorize import CATEGORIES, categorize


@pytest.mark.parametrize(
    ("label", "name", "expected"),
    [
        # the paper's example (3)
        ("LOCATION", "Connecticut", "STATE"),
        ("LOCATION", "California", "STATE"),
        ("NRP", "Canadian", "NATIONALITY"),
        ("LOCATION", "Canada", "COUNTRY"),
        ("ORGANIZATION", "California City Police Department", "POLICE_DEPARTMENT"),
        # locations
        ("LOCATION", "CALIFORNIA", "STATE"),
        ("LOCATION", "Georgia", "STATE"),
        ("LOCATION", "the State of Nevada", "STATE"),
        ("LOCATION", "CA", "STATE"),
        ("LOCATION", "Los Angeles", "CITY"),
        ("LOCATION", "Soledad", "CITY"),
        ("LOCATION", "San José", "CITY"),
        ("LOCATION", "Tijuana", "CITY"),
        ("LOCATION", "Fresno, California", "CITY"),
        ("LOCATION", "Los Angeles County", "COUNTY"),
        ("LOCATION", "County of San Diego", "COUNTY"),
        ("LOCATION", "Mexico", "COUNTRY"),
        ("LOCATION", "El Salvador", "COUNTRY"),
        ("LOCATION", "the United States", "COUNTRY"),
        ("LOCATION", "95814", "ZIP_CODE"),
        ("LOCATION", "95814-1234", "ZIP_CODE"),
        ("LOCATION", "1234 Main Street", "ADDRESS"),
        ("LOCATION", "55 Elm Ct.", "ADDRESS"),
        ("LOCATION", "Sunset Boulevard", "ADDRESS"),
        ("LOCATION", "Ybarra Court", "ADDRESS"),
        ("LOCATION", "P.O. Box 12", "ADDRESS"),
        ("LOCATION", "the Bay Area", "LOCATION"),
        # organizations
        ("ORGANIZATION", "San Quentin State Prison", "PRISON"),
        ("ORGANIZATION", "San Quentin", "PRISON"),
        ("ORGANIZATION", "Folsom", "PRISON"),
        ("ORGANIZATION", "CTF", "PRISON"),
        ("ORGANIZATION", "CMC", "PRISON"),
        ("ORGANIZATION", "SQ", "PRISON"),
        ("ORGANIZATION", "Correctional Training Facility", "PRISON"),
        ("ORGANIZATION", "California Medical Facility", "PRISON"),
        ("ORGANIZATION", "Los Angeles County Jail", "JAIL"),
        ("ORGANIZATION", "Fresno Police Department", "POLICE_DEPARTMENT"),
        ("ORGANIZATION", "Sheriff's Department", "POLICE_DEPARTMENT"),
        ("ORGANIZATION", "LAPD", "POLICE_DEPARTMENT"),
        ("ORGANIZATION", "CHP", "POLICE_DEPARTMENT"),
        ("ORGANIZATION", "Folsom High School", "SCHOOL"),
        ("ORGANIZATION", "Fresno City College", "SCHOOL"),
        ("ORGANIZATION", "Atascadero State Hospital", "HOSPITAL"),
        ("ORGANIZATION", "Valley Medical Center", "HOSPITAL"),
        ("ORGANIZATION", "Sacramento County Superior Court", "COURT"),
        ("ORGANIZATION", "Crips", "GANG"),
        ("ORGANIZATION", "Eastside Bloods", "GANG"),
        ("ORGANIZATION", "Norteños", "GANG"),
        ("ORGANIZATION", "the Sureños", "GANG"),
        ("ORGANIZATION", "the Delhi Street gang", "GANG"),
        ("ORGANIZATION", "Acme Roofing Inc.", "COMPANY"),
        ("ORGANIZATION", "Walmart", "COMPANY"),
        ("ORGANIZATION", "Twin Towers", "JAIL"),
        ("ORGANIZATION", "Fremont High", "SCHOOL"),
        ("ORGANIZATION", "Kaiser Permanente", "HOSPITAL"),
        ("ORGANIZATION", "Golden Valley Trucking", "COMPANY"),
        ("ORGANIZATION", "Asian Boyz", "GANG"),
        ("ORGANIZATION", "Varrio Hawaiian Gardens", "GANG"),
        ("ORGANIZATION", "Friends Outside", "ORGANIZATION"),
        # NRP
        ("NRP", "Catholic", "RELIGION"),
        ("NRP", "Muslim", "RELIGION"),
        ("NRP", "Jehovah's Witness", "RELIGION"),
        ("NRP", "Hispanic", "ETHNICITY"),
        ("NRP", "African American", "ETHNICITY"),
        ("NRP", "Latino", "ETHNICITY"),
        ("NRP", "Republican", "POLITICAL_GROUP"),
        ("NRP", "Mexican", "NATIONALITY"),
        ("NRP", "Salvadoran", "NATIONALITY"),
        ("NRP", "Mexicans", "NATIONALITY"),
        ("NRP", "Guatemalan", "NATIONALITY"),  # derived from the pycountry name
        ("NRP", "Zambian", "NATIONALITY"),  # derived from the pycountry name
        ("NRP", "Blorgish", "NRP"),
        # other labels are their own category
        ("PERSON", "Kevin Richardson", "PERSON"),
        ("DATE", "September 1st, 2021", "DATE"),
        ("CDCR_ID", "L90314", "CDCR_ID"),
    ],
)
def test_it_categorizes(label, name, expected):
    assert categorize(label, name) == expected


@pytest.mark.parametrize(
    ("name", "context", "expected"),
    [
        ("Georgia", "He was born in the country of Georgia.", "COUNTRY"),
        ("Georgia", "He moved to Atlanta, Georgia.", "STATE"),
        ("New York", "He lived in New York City.", "CITY"),
        ("New York", "He lived upstate in New York.", "STATE"),
    ],
)
def test_it_uses_the_context_only_to_break_ties(name, context, expected):
    assert categorize("LOCATION", name, context) == expected


@pytest.mark.parametrize("label", sorted(CATEGORIES))
def test_it_returns_a_known_category_or_the_label(label):
    for name in ("Sacramento", "Folsom", "Mexican", "x", "12"):
        assert categorize(label, name) in (*CATEGORIES[label], label)


def test_it_is_fast_once_loaded():
    categorize("LOCATION", "Fresno")  # loads the gazetteers
    names = [("LOCATION", "Fresno"), ("ORGANIZATION", "Mule Creek State Prison"), ("NRP", "Zambian")] * 300
    started = time.perf_counter()
    for label, name in names:
        categorize(label, name)
    per_call = (time.perf_counter() - started) / len(names)
    assert per_call < 0.001

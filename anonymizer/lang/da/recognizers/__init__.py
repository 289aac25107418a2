"""The Danish pack's rule recognizers (:class:`anonymizer.lang.rules.RuleRecognizer` subclasses, as the English
ones: ``PATTERNS``, ``CONTEXT``, a ``keep``/``adjust`` filter). They need no NLP
artifacts; Presidio knows them as language ``da``."""
from __future__ import annotations

from presidio_analyzer import EntityRecognizer

from .dates import DanishAgeRecognizer, DanishDateRecognizer
from .numbers import (CPR_LABEL, CaseNumberRecognizer, CprRecognizer, DanishEmailRecognizer, DanishPhoneRecognizer,
                      DanishWebAddressRecognizer)
from .organizations import (DanishEmployerRecognizer, DanishOccupationRecognizer, DanishOrganizationRecognizer,
                            DanishUserNameRecognizer)
from .people import DanishPersonRecognizer, DanishSpelledNameRecognizer
from .places import DanishAddressRecognizer, DanishTownRecognizer

__all__ = [
    "CPR_LABEL", "CaseNumberRecognizer", "CprRecognizer", "DanishAddressRecognizer", "DanishAgeRecognizer",
    "DanishDateRecognizer", "DanishEmailRecognizer", "DanishEmployerRecognizer", "DanishOccupationRecognizer",
    "DanishOrganizationRecognizer", "DanishPersonRecognizer", "DanishUserNameRecognizer",
    "DanishPhoneRecognizer", "DanishSpelledNameRecognizer", "DanishTownRecognizer", "DanishWebAddressRecognizer",
    "build_recognizers",
]


def build_recognizers() -> list[EntityRecognizer]:
    """One instance of every Danish rule recognizer (numbers before words: a CPR number is no phone number),
    for Presidio's language ``da``."""
    classes = (
        CprRecognizer, CaseNumberRecognizer, DanishPhoneRecognizer, DanishEmailRecognizer, DanishWebAddressRecognizer,
        DanishDateRecognizer, DanishAgeRecognizer, DanishAddressRecognizer, DanishTownRecognizer,
        DanishOrganizationRecognizer, DanishEmployerRecognizer, DanishOccupationRecognizer, DanishUserNameRecognizer,
        DanishSpelledNameRecognizer, DanishPersonRecognizer,
    )
    return [cls(supported_language="da") for cls in classes]

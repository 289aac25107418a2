"""Presidio rule recognizers for parole-hearing transcripts, one class per module.

All of them are regex recognizers that need no NLP artifacts (they work with
``nlp_artifacts=None``) and never touch the network; through an
``AnalyzerEngine`` the context words only raise scores.
"""
from __future__ import annotations

from presidio_analyzer import EntityRecognizer

from anonymizer.types import Config

from .address import AddressRecognizer
from .apostrophe_name import ApostropheNameRecognizer
from .age import AgeRecognizer
from .case_number import CaseNumberRecognizer
from .cdcr_id import CdcrIdRecognizer
from .cdcr_institution import CdcrInstitutionRecognizer
from .court import CourtRecognizer
from .date import DateRecognizer
from .email_address import EmailAddressRecognizer
from .gang import GangRecognizer
from .height import HeightRecognizer
from .land_plot import LandPlotRecognizer
from .money import MoneyRecognizer
from .moniker import MonikerRecognizer
from .nicknamed import NicknamedRecognizer
from .nrp import NrpRecognizer
from .occupation import OccupationRecognizer
from .organization import OrganizationRecognizer
from .person_name import PersonNameRecognizer
from .phone_number import PhoneNumberRecognizer
from .place import PlaceRecognizer
from .prison_term import PrisonTermRecognizer
from .spelled_name import SpelledNameRecognizer
from .spelled_out_item import SpelledOutItemRecognizer
from .street_name import StreetNameRecognizer
from .time import TimeRecognizer
from .url import UrlRecognizer
from .zip_code import ZipCodeRecognizer

__all__ = [
    "AddressRecognizer",
    "ApostropheNameRecognizer",
    "AgeRecognizer",
    "CaseNumberRecognizer",
    "CdcrIdRecognizer",
    "CdcrInstitutionRecognizer",
    "CourtRecognizer",
    "DateRecognizer",
    "EmailAddressRecognizer",
    "GangRecognizer",
    "HeightRecognizer",
    "LandPlotRecognizer",
    "MonikerRecognizer",
    "NicknamedRecognizer",
    "NrpRecognizer",
    "OrganizationRecognizer",
    "PersonNameRecognizer",
    "PhoneNumberRecognizer",
    "PlaceRecognizer",
    "MoneyRecognizer",
    "OccupationRecognizer",
    "PrisonTermRecognizer",
    "SpelledNameRecognizer",
    "SpelledOutItemRecognizer",
    "StreetNameRecognizer",
    "TimeRecognizer",
    "UrlRecognizer",
    "ZipCodeRecognizer",
    "build_recognizers",
]


def build_recognizers(config: Config | None = None) -> list[EntityRecognizer]:
    """One instance of every rule recognizer.

    ``config.whitelist_terms`` extends the whitelist the CDCR_ID recognizer
    uses to reject bill numbers written like ids (``SB1437``) and the person-name
    recognizer uses to reject words that are not names.
    """
    extra = config.whitelist_terms if config is not None else ()
    return [
        SpelledNameRecognizer(),
        SpelledOutItemRecognizer(),
        CdcrIdRecognizer(extra_whitelist=extra),
        CaseNumberRecognizer(),
        LandPlotRecognizer(),
        DateRecognizer(),
        PrisonTermRecognizer(),
        MoneyRecognizer(),
        OccupationRecognizer(),
        TimeRecognizer(),
        AgeRecognizer(),
        HeightRecognizer(),
        PersonNameRecognizer(extra_whitelist=extra),
        MonikerRecognizer(),
        NicknamedRecognizer(),
        StreetNameRecognizer(),
        ApostropheNameRecognizer(),
        PhoneNumberRecognizer(),
        EmailAddressRecognizer(),
        UrlRecognizer(),
        OrganizationRecognizer(),
        CourtRecognizer(),
        CdcrInstitutionRecognizer(),
        GangRecognizer(),
        NrpRecognizer(),
        AddressRecognizer(),
        ZipCodeRecognizer(),
        PlaceRecognizer(),
    ]

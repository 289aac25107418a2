"""Presidio rule recognizers for parole-hearing transcripts, one class per module.

All of them are regex recognizers that need no NLP artifacts (they work with
``nlp_artifacts=None``) and never touch the network; through an
``AnalyzerEngine`` the context words only raise scores.
"""
from __future__ import annotations

from presidio_analyzer import EntityRecognizer

from anonymizer.types import Config

from anonymizer.recognizers.address import AddressRecognizer
from anonymizer.recognizers.apostrophe_name import ApostropheNameRecognizer
from anonymizer.recognizers.age import AgeRecognizer
from anonymizer.recognizers.case_number import CaseNumberRecognizer
from anonymizer.recognizers.cdcr_id import CdcrIdRecognizer
from anonymizer.recognizers.cdcr_institution import CdcrInstitutionRecognizer
from anonymizer.recognizers.court import CourtRecognizer
from anonymizer.recognizers.date import DateRecognizer
from anonymizer.recognizers.email_address import EmailAddressRecognizer
from anonymizer.recognizers.gang import GangRecognizer
from anonymizer.recognizers.height import HeightRecognizer
from anonymizer.recognizers.land_plot import LandPlotRecognizer
from anonymizer.recognizers.money import MoneyRecognizer
from anonymizer.recognizers.moniker import MonikerRecognizer
from anonymizer.recognizers.nicknamed import NicknamedRecognizer
from anonymizer.recognizers.nrp import NrpRecognizer
from anonymizer.recognizers.occupation import OccupationRecognizer
from anonymizer.recognizers.organization import OrganizationRecognizer
from anonymizer.recognizers.person_name import PersonNameRecognizer
from anonymizer.recognizers.phone_number import PhoneNumberRecognizer
from anonymizer.recognizers.place import PlaceRecognizer
from anonymizer.recognizers.prison_term import PrisonTermRecognizer
from anonymizer.recognizers.spelled_name import SpelledNameRecognizer
from anonymizer.recognizers.spelled_out_item import SpelledOutItemRecognizer
from anonymizer.recognizers.street_name import StreetNameRecognizer
from anonymizer.recognizers.time import TimeRecognizer
from anonymizer.recognizers.url import UrlRecognizer
from anonymizer.recognizers.zip_code import ZipCodeRecognizer

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

"""Presidio rule recognizers for parole-hearing transcripts, one class per module.

All of them are regex recognizers that need no NLP artifacts (they work with
``nlp_artifacts=None``) and never touch the network; through an
``AnalyzerEngine`` the context words only raise scores.
"""
from __future__ import annotations

from presidio_analyzer import EntityRecognizer

from anonymizer.types import Config

from anonymizer.lang.en.recognizers.address import AddressRecognizer
from anonymizer.lang.en.recognizers.age import AgeRecognizer
from anonymizer.lang.en.recognizers.apostrophe_name import ApostropheNameRecognizer
from anonymizer.lang.en.recognizers.capitals_name import CapitalsNameRecognizer
from anonymizer.lang.en.recognizers.case_number import CaseNumberRecognizer
from anonymizer.lang.en.recognizers.cdcr_id import CdcrIdRecognizer
from anonymizer.lang.en.recognizers.cdcr_institution import CdcrInstitutionRecognizer
from anonymizer.lang.en.recognizers.court import CourtRecognizer
from anonymizer.lang.en.recognizers.custody_place import CustodyPlaceRecognizer
from anonymizer.lang.en.recognizers.date import DateRecognizer
from anonymizer.lang.en.recognizers.email_address import EmailAddressRecognizer
from anonymizer.lang.en.recognizers.gang import GangRecognizer
from anonymizer.lang.en.recognizers.height import HeightRecognizer
from anonymizer.lang.en.recognizers.land_plot import LandPlotRecognizer
from anonymizer.lang.en.recognizers.money import MoneyRecognizer
from anonymizer.lang.en.recognizers.moniker import MonikerRecognizer
from anonymizer.lang.en.recognizers.name_answer import NameAnswerRecognizer
from anonymizer.lang.en.recognizers.nicknamed import NicknamedRecognizer
from anonymizer.lang.en.recognizers.nrp import NrpRecognizer
from anonymizer.lang.en.recognizers.occupation import OccupationRecognizer
from anonymizer.lang.en.recognizers.organization import OrganizationRecognizer
from anonymizer.lang.en.recognizers.person_name import PersonNameRecognizer
from anonymizer.lang.en.recognizers.phone_number import PhoneNumberRecognizer
from anonymizer.lang.en.recognizers.place import PlaceRecognizer
from anonymizer.lang.en.recognizers.prison_term import PrisonTermRecognizer
from anonymizer.lang.en.recognizers.quantity import QuantityRecognizer
from anonymizer.lang.en.recognizers.roll_call import RollCallRecognizer
from anonymizer.lang.en.recognizers.speaks_for import SpeaksForRecognizer
from anonymizer.lang.en.recognizers.spoken_for import SpokenForRecognizer
from anonymizer.lang.en.recognizers.spelled_name import SpelledNameRecognizer
from anonymizer.lang.en.recognizers.spelled_out_item import SpelledOutItemRecognizer
from anonymizer.lang.en.recognizers.street_name import StreetNameRecognizer
from anonymizer.lang.en.recognizers.time import TimeRecognizer
from anonymizer.lang.en.recognizers.url import UrlRecognizer
from anonymizer.lang.en.recognizers.zip_code import ZipCodeRecognizer

__all__ = [
    "AddressRecognizer",
    "ApostropheNameRecognizer",
    "AgeRecognizer",
    "CapitalsNameRecognizer",
    "CaseNumberRecognizer",
    "CdcrIdRecognizer",
    "CdcrInstitutionRecognizer",
    "CourtRecognizer",
    "CustodyPlaceRecognizer",
    "DateRecognizer",
    "EmailAddressRecognizer",
    "GangRecognizer",
    "HeightRecognizer",
    "LandPlotRecognizer",
    "MonikerRecognizer",
    "NameAnswerRecognizer",
    "NicknamedRecognizer",
    "NrpRecognizer",
    "OrganizationRecognizer",
    "PersonNameRecognizer",
    "PhoneNumberRecognizer",
    "PlaceRecognizer",
    "MoneyRecognizer",
    "OccupationRecognizer",
    "PrisonTermRecognizer",
    "QuantityRecognizer",
    "RollCallRecognizer",
    "SpeaksForRecognizer",
    "SpokenForRecognizer",
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
        QuantityRecognizer(),
        TimeRecognizer(),
        AgeRecognizer(),
        HeightRecognizer(),
        PersonNameRecognizer(extra_whitelist=extra),
        CapitalsNameRecognizer(),
        MonikerRecognizer(),
        NameAnswerRecognizer(extra_whitelist=extra),
        NicknamedRecognizer(),
        RollCallRecognizer(),
        SpeaksForRecognizer(),
        SpokenForRecognizer(),
        StreetNameRecognizer(),
        ApostropheNameRecognizer(),
        PhoneNumberRecognizer(),
        EmailAddressRecognizer(),
        UrlRecognizer(),
        OrganizationRecognizer(),
        CourtRecognizer(),
        CdcrInstitutionRecognizer(),
        CustodyPlaceRecognizer(),
        GangRecognizer(),
        NrpRecognizer(),
        AddressRecognizer(),
        ZipCodeRecognizer(),
        PlaceRecognizer(),
    ]

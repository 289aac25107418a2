"""MONEY: a sum of money in one of Europe's currencies as a judgment writes it, the sum first
(``1,000 Austrian schillings (ATS)``, ``150,000 pounds sterling (GBP)``, ``588 GDR marks``,
``five hundred euros``, ``100,000,000 TRL``, ``16,000 Turkish liras (TRY – approximately 8,700 euros (EUR))``) or
the currency's code first (``EUR 1,300``, ``TRL
2,847.312.000``, ``EUR 80 (euros)``), with ``approximately`` / ``about`` before it.

A fine, the compensation a court awarded and the costs of a case tell whose case it is: TAB marks
them QUASI (QUANTITY). The currency is one of ``vocabulary_bodies.CURRENCY_WORDS`` /
``CURRENCY_CODES``: dollars and bare ``pounds`` stay unmatched, so a hearing's wages, restitution
and weights (``$500 a month``, ``180 pounds``) are what they were. A number without its currency
(``PLN``-less ``5``, ``40%``) and a currency without a number (``paid in German Marks (DEM)``) stay
unmatched.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.vocabulary_bodies import COUNTRY_CURRENCY_WORDS, CURRENCY_CODES, CURRENCY_WORDS

from anonymizer.lang.en.recognizers._base import NUMBER_WORD_STEM, Pattern, RuleRecognizer, any_case

#: ``1,000``, ``2,847.312.000``, ``442,573.13``, ``314.44``, ``80``
_DIGITS = r"(?:\d{1,3}(?:[,.]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)"
_SCALE = r"(?:[ ](?i:hundred|thousand|million|billion))"
#: ``five hundred``, ``two million``, ``ten``
_WORDS = rf"(?:{NUMBER_WORD_STEM}(?:[ -]{NUMBER_WORD_STEM})?{_SCALE}*)"
_AMOUNT = rf"(?:(?<![\w.,]){_DIGITS}{_SCALE}?|(?<![\w'’-]){_WORDS})"
_ABOUT = r"(?:(?i:approximately|about|around)[ ])?"
_CODE = "(?:" + "|".join(CURRENCY_CODES) + r")(?![\w'’-])"
_WORD = rf"{any_case(list(CURRENCY_WORDS))}(?![\w'’-])"
#: a country's adjective or initials between the sum and its currency (``Austrian``, ``GDR``, ``New Turkish``)
_COUNTRY = r"(?:\p{Lu}[\p{L}-]*[ ]){1,2}"
_COUNTRY_WORD = rf"{any_case(list(COUNTRY_CURRENCY_WORDS))}(?![\w'’-])"
#: the currency again in brackets right after (``(ATS)``, ``(euros)``)
_SIMPLE_GLOSS = rf"[ ]\((?:{_CODE}|{_WORD})\)"
#: the currency's code and the sum in another currency after a dash (``(TRY – approximately 9,200 euros (EUR))``)
_EQUIVALENT = (rf"[ ]\({_CODE}[ ]?[-–‑—][ ]?{_ABOUT}(?:{_AMOUNT}[ ](?:(?:{_COUNTRY})?{_WORD}|{_CODE})|(?<![\w'’-]){_CODE}[ ]"
               rf"{_DIGITS}{_SCALE}?)(?:{_SIMPLE_GLOSS})?\)")
_GLOSS = rf"(?:{_EQUIVALENT}|{_SIMPLE_GLOSS})?"
_SUM_FIRST = rf"{_ABOUT}{_AMOUNT}[ ](?:(?:{_COUNTRY})?{_WORD}|{_COUNTRY}{_COUNTRY_WORD}|{_CODE}){_GLOSS}"
_CODE_FIRST = rf"{_ABOUT}(?<![\w'’-]){_CODE}[ ]{_DIGITS}{_SCALE}?(?![\w]|[.,]\d){_GLOSS}"


class MoneyRecognizer(RuleRecognizer):
    """A sum with its currency's name or code, in one of Europe's currencies."""

    ENTITY = "MONEY"
    PATTERNS = [Pattern("money_sum_first", _SUM_FIRST, 0.85), Pattern("money_code_first", _CODE_FIRST, 0.85)]
    CONTEXT = ["pay", "paid", "fine", "compensation", "award", "sum", "amount"]
    #: the currency's code, which every match of its pattern holds: searched on its lines only
    ANCHORS = {"money_code_first": re.compile("|".join(CURRENCY_CODES))}

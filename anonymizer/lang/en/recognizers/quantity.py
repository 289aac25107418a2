"""QUANTITY: a number a court judgment tells of the applicant's case that is no sum of money, no date and no age: a
percentage (``reduced by 33%``, ``an increase of 18.5%``, ``40 per cent of the income``), the count of the others
accused with the applicant (``the applicant and seven other persons``, ``along with sixteen other persons``, ``12
co-accused``), the count of the hearings held in the case (``fifty-five hearings had been held``, ``seventy-one
hearings took place``) and how often a thing happened in it (``the bench had been changed on six occasions``).

With the court and the day they tell whose case it is: TAB's guidelines count them among the quasi-identifiers
(QUANTITY). Only a text that speaks of an application lodged with the Court (a judgment's opening) is read, as for
occupations: a hearing's ``I finished 80% of the course`` and ``two other people were there`` stay what they were.
A count of people without ``other`` (``forty to fifty persons``), hearings counted without their being held (``The
court held three hearings``) stay unmatched.
"""
from __future__ import annotations

from anonymizer.lang.en.recognizers._base import NUMBER_WORD_STEM, Pattern, RuleRecognizer
from anonymizer.lang.en.recognizers.occupation import _JUDGMENT

#: ``33``, ``81.7``, ``18,5``, ``thirty``, ``twenty-five``
_PERCENT_NUMBER = rf"(?:(?<![\w.,'’/-])\d{{1,3}}(?:[.,]\d{{1,2}})?|(?<![\w'’-]){NUMBER_WORD_STEM})"
_PERCENT = rf"{_PERCENT_NUMBER}(?:[ ]?%|[ ](?i:per[ ]?cent|percent)(?![\w'’-]))"
#: a count: ``7``, ``seven``, ``twenty-three``, ``twenty three``
_COUNT = rf"(?:(?<![\w.,'’/-])\d{{1,3}}|(?<![\w'’-]){NUMBER_WORD_STEM})"
_OTHER_ACCUSED = (
    rf"{_COUNT}[ ](?:other[ ](?:persons|people|accused|defendants|suspects|co-accused)|co-(?:accused|defendants))"
    r"(?![\w'’-])"
)
_HEARINGS_HELD = (
    rf"{_COUNT}[ ]hearings(?=[ ](?:(?:had|have|were)[ ](?:been[ ])?held|took[ ]place|(?:had|have)[ ]taken[ ]place)\b)"
)
#: ``on six occasions`` (the count, without ``on``: TAB's span), not ``on several occasions``
_OCCASIONS = rf"(?<=\b[Oo]n[ ]){_COUNT}[ ]occasions(?![\w'’-])"


class QuantityRecognizer(RuleRecognizer):
    """A judgment's percentage, count of the others accused, of the hearings held, or of the occasions."""

    ENTITY = "QUANTITY"
    PATTERNS = [
        Pattern("quantity_percent", _PERCENT, 0.85),
        Pattern("quantity_other_accused", _OTHER_ACCUSED, 0.85),
        Pattern("quantity_hearings_held", _HEARINGS_HELD, 0.85),
        Pattern("quantity_occasions", _OCCASIONS, 0.85),
    ]
    CONTEXT = ["rate", "increase", "reduced", "indictment", "hearings"]
    NEEDS = {pattern.name: _JUDGMENT for pattern in PATTERNS}

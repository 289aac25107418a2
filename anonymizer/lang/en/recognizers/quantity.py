"""QUANTITY: a number a court judgment tells of the applicant's case, not a sum of money: a percentage (``reduced
by 33%``, ``the statutory rate of 30% per annum``, ``40 per cent of the income``), the count of the other accused
(``the applicant and seven other persons``, ``along with sixteen other persons``, ``12 co-accused``) and the count
of the hearings held (``fifty-five hearings had been held``, ``seventy-one hearings took place``), the count of
the plots of land one owns (``ten plots of land``), a measure of length or area (``50 metres`` of ``about 50 metres``, ``15 x 10 mm``,
``1,200 square metres``) and a sentence to life (``sentenced him to life imprisonment``).

With the court and the day they tell whose case it is: TAB marks them QUASI (QUANTITY). Only a text that speaks of
an application lodged with the Court (a judgment's opening) is read, as for occupations: a hearing's ``I finished
80% of the course`` and ``two other people were there`` are what they were. A count of people without ``other``
(``forty to fifty persons``, ``persons who had been receiving``) and hearings counted without their being held
(``The court held three hearings``) stay unmatched.
"""
from __future__ import annotations

from anonymizer.lang.en.recognizers._base import JUDGMENT, NUMBER_WORD_STEM, Pattern, RuleRecognizer

#: ``33``, ``81.7``, ``18,5``, ``thirty``, ``twenty-five``
_PERCENT_NUMBER = rf"(?:(?<![\w.,'’-])\d{{1,3}}(?:[.,]\d{{1,2}})?|(?<![\w'’-]){NUMBER_WORD_STEM})"
_PERCENT = rf"{_PERCENT_NUMBER}(?:[ ]?%|[ ](?i:per[ ]?cent|percent)(?![\w'’-]))"
#: a count: ``7``, ``seven``, ``twenty-three``, ``twenty three``
_COUNT = rf"(?:(?<![\w.,'’-])\d{{1,3}}|(?<![\w'’-]){NUMBER_WORD_STEM})"
_OTHER_ACCUSED = (
    rf"{_COUNT}[ ](?:other[ ](?:persons|people|accused|defendants|suspects|co-accused)|co-(?:accused|defendants))"
    r"(?![\w'’-])"
)
_HEARINGS_HELD = (
    rf"{_COUNT}[ ]hearings(?=[ ](?:(?:had|have|were)[ ](?:been[ ])?held|took[ ]place|(?:had|have)[ ]taken[ ]place)\b)"
)


#: ``two plots of land``, ``14 plots of land`` (not ``the plots of land``, ``a plot of land``)
_PLOTS = rf"{_COUNT}[ ]plots[ ]of[ ]land(?![\w'’-])"
#: a length or an area with its unit: ``50 metres``, ``15 x 10 mm``, ``1,200 square metres``, ``3.5 hectares``
_MEASURE_NUMBER = r"(?<![\w.,'’/-])\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?"
_MEASURE = (rf"{_MEASURE_NUMBER}(?:[ ]?x[ ]?{_MEASURE_NUMBER})?[ ]?"
            r"(?:square[ ](?:metres|meters|kilometres|kilometers)|sq\.[ ]?m\.?|m²|m2|metres|meters|kilometres|kilometers"
            r"|km|hectares|ha|mm|cm|centimetres|millimetres)(?![\w'’-])")
#: ``sentenced him to life imprisonment``, ``a sentence of life imprisonment``
_LIFE = r"(?<=\b(?:sentenced|sentence|commuted)\b[^.;\n]{0,40}\b(?:to|of)[ ])life[ ]imprisonment(?![\w'’-])"


class QuantityRecognizer(RuleRecognizer):
    """A judgment's percentage, count of the other accused, of the hearings held or of one's plots of land, a measure
    of length or area, a life sentence."""

    ENTITY = "QUANTITY"
    PATTERNS = [
        Pattern("quantity_percent", _PERCENT, 0.85),
        Pattern("quantity_other_accused", _OTHER_ACCUSED, 0.85),
        Pattern("quantity_hearings_held", _HEARINGS_HELD, 0.85),
        Pattern("quantity_plots", _PLOTS, 0.85),
        Pattern("quantity_measure", _MEASURE, 0.85),
        Pattern("quantity_life_sentence", _LIFE, 0.85),
    ]
    CONTEXT = ["rate", "increase", "reduced", "indictment", "hearings"]
    NEEDS = {pattern.name: JUDGMENT for pattern in PATTERNS}

"""ID: the number of a plot of land in a land register, after ``plot no.`` / ``plots nos.`` /
``parcel no.`` (``plot no. 431/4``; every number of a list: ``plots nos. 260, 268, 119/5 and 425``),
and the register's sheet or plan right after it (``plot no. 142, sheet/plan 33/29``: two mentions, the
numbers; TAB's annotators leave the words out more often than not).

Judgments about property (expropriation, land in northern Cyprus) name the applicant's plots;
a plot's number leads to its owner as surely as an address (TAB marks it). A number needs the
plot's name and ``no.`` / ``nos.`` / ``number`` before it: ``Protocol No. 11``, ``a plot of 500
square metres`` and a housing unit's number (``Block 4``) stay unmatched.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer, line_before

_ITEM = r"\d{1,6}(?:[/.]\d{1,4}){0,2}"
_PLOT_NUMBER = rf"(?<![\w/.-]){_ITEM}(?![\w/-]|[.,]\d)"
#: the register's sheet, plan or block after a plot's number: ", sheet/plan ", ", block no. "
_SHEET = r"(?:,?[ ](?i:sheet|plan|block|map)(?:/(?i:sheet|plan|map))?(?:[ ](?i:nos?\.))?[ ])"
#: "plot no. ", "plots nos. 260, 268, ", "parcel number ", "plot of land no. ", "plot no. 142, sheet/plan "
_CUE = re.compile(
    rf"(?i:\b(?:plots?|parcels?)(?:[ ]of[ ]land)?[ ](?:nos?\.|numbers?|n°)[ ])(?:{_ITEM}(?:,[ ]|[ ]and[ ]))*"
    rf"(?:{_ITEM}{_SHEET})?$"
)


class LandPlotRecognizer(RuleRecognizer):
    """A plot's number (and its sheet's) right after ``plot no.`` or a list's earlier numbers."""

    ENTITY = "ID"
    PATTERNS = [Pattern("land_plot", _PLOT_NUMBER, 0.9)]
    CONTEXT = ["plot", "plots", "parcel", "land"]

    def keep(self, text: str, start: int, end: int) -> bool:
        return _CUE.search(line_before(text, start, 200)) is not None

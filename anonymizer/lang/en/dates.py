"""The English words a pseudonymized date, time, age or height keeps around its replaced values.

``"on the 1st of September"`` -> ``"on the [DAY] of [MONTH]"``: ``on``, ``the``, ``of`` are kept;
any other word makes :mod:`anonymizer.pseudonymize.values` write the whole span as one generic tag.
"""
from __future__ import annotations

#: Words that may stay around the replaced values (compared case-folded, without
#: periods and apostrophes); anything else makes the whole span one generic tag.
TEMPORAL_CONNECTORS: dict[str, frozenset[str]] = {
    "DATE": frozenset(
        "the of on in at and or to from through thru until till between early late mid around about "
        "approximately since by a an last this next past circa before after year years month months "
        "day days week weeks ad bc spring summer fall autumn winter beginning end middle half".split()
    ),
    "TIME": frozenset(
        "am pm oclock in the morning afternoon evening night at about around approximately and "
        "half past quarter to noon midnight hours hrs until till or".split()
    ),
    "AGE": frozenset(
        "years year old yrs yr of age aged the at about around approximately and a half months month".split()
    ),
    "HEIGHT": frozenset(
        "feet foot ft inches inch in tall and about around approximately a half cm centimeters meters m".split()
    ),
}

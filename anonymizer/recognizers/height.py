"""HEIGHT: a person's height (``5 feet 9 inches``, ``six-foot-two``, ``5'9"``, ``5 feet tall``)."""
from __future__ import annotations

from presidio_analyzer import Pattern

from anonymizer.vocabulary import TEENS, UNITS

from ._base import RuleRecognizer

_START = r"(?<![\w.,$'’/:-])"
_FEET_NUMBER = rf"(?:[3-7](?![\w'’]|[.,]\d)|(?i:{'|'.join(UNITS[2:7])})(?![\w'’]))"
_INCH_NUMBER = (
    r"(?:1[01](?![\w'’]|[.,]\d)|\d(?![\w'’]|[.,]\d)"
    rf"|(?i:{'|'.join(UNITS + TEENS[:2])})(?![\w'’]))"
)
_FEET = r"(?i:feet|foot|ft\.?)(?![\w'’])"
_INCHES = r"(?i:(?:inches|inch)(?![\w'’])|in\.|in(?![\w'’]|[ ]?[A-Za-z]))"
_SUBJECT = r"(?:I['’]m|I[ ](?:am|was)|(?i:he|she)(?:['’]s|[ ](?:is|was)))"
_HEDGE = r"(?:(?i:only|just|about|around|like|maybe|probably|almost|nearly|approximately|roughly)[ ])?"
# Words after ``6 feet`` that make it a distance or a size, not a height.
_NO_INCHES_AFTER = rf"(?!,?[ -](?:(?i:and)[ ])?{_INCH_NUMBER})"
_NOT_A_HEIGHT_AFTER = (
    r"(?![ -](?i:away|from|of|behind|in|off|across|apart|back|down|up|under|over|above|below|deep|long"
    r"|wide|high|into|out|to|toward|towards|between|inside|outside|or)(?![\w'’]))"
)

PATTERNS = [
    # 5 feet 9 inches / five foot ten / six-foot-two / 6 ft 2 in / 5 feet, 9 inches
    Pattern(
        "feet_and_inches",
        rf"{_START}{_FEET_NUMBER}[ -]{_FEET}(?:,?[ ]|-)(?:(?i:and)[ ])?{_INCH_NUMBER}(?:[ -]{_INCHES})?+"
        rf"{_NOT_A_HEIGHT_AFTER}",
        0.95,
    ),
    # 5'9" / 5'9 / 6’2’’
    Pattern(
        "feet_inches_marks",
        r"(?<![\w'’\"”])[3-7]['’′][ ]?(?:1[01]|\d)(?:[\"”″]|['’]{2})?(?![\w'’\"”″]|[.,]\d)",
        0.9,
    ),
    # 5 feet tall (span without "tall")
    Pattern("feet_tall", rf"{_START}{_FEET_NUMBER}[ -]{_FEET}(?=[ ](?i:tall)\b)", 0.9),
    # I'm 6 foot / he was about six feet (not ... away, from, ...)
    Pattern(
        "subject_feet",
        rf"(?<=\b{_SUBJECT}[ ]{_HEDGE}){_FEET_NUMBER}[ -]{_FEET}{_NO_INCHES_AFTER}{_NOT_A_HEIGHT_AFTER}",
        0.85,
    ),
    # height of 5 feet / stands six foot
    Pattern(
        "height_feet",
        rf"(?<=\b(?i:height|stands|stood|stand|measures|measured)(?:[ ](?i:of|is|was|about|around))?[ ])"
        rf"{_FEET_NUMBER}[ -]{_FEET}{_NO_INCHES_AFTER}{_NOT_A_HEIGHT_AFTER}",
        0.85,
    ),
]


class HeightRecognizer(RuleRecognizer):
    """Heights of people: 3 to 7 feet, optionally with 0 to 11 inches.

    Feet alone count only with ``tall``, after ``height``/``stands``, or
    after a clause like ``I'm``/``he was``; distances (``10 feet away``,
    ``20 feet from the door``), sizes (``a 6-foot fence``) and amounts
    (``3 feet of snow``) do not match.  ``tall`` is not part of the span.
    """

    ENTITY = "HEIGHT"
    PATTERNS = PATTERNS
    CONTEXT = ["height", "tall", "feet", "foot", "inches", "short", "stands", "weight", "pounds"]

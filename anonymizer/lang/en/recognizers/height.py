"""HEIGHT: a person's height (``5 feet 9 inches``, ``six-foot-two``, ``5'9"``, ``5 feet tall``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.vocabulary import TEENS, UNITS

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_START = r"(?<![\w.,$'’/:-])"
_FEET_NUMBER = rf"(?:[3-7](?![\w'’]|[.,]\d)|(?i:{'|'.join(UNITS[2:7])})(?![\w'’]))"
_INCH_NUMBER = (
    r"(?:1[01](?![\w'’]|[.,]\d)|\d(?![\w'’]|[.,]\d)"
    rf"|(?i:{'|'.join(UNITS + TEENS[:2])})(?![\w'’]))"
)
_FEET = r"(?i:feet|foot|ft\.?)(?![\w'’])"
_INCHES = r"(?i:(?:inches|inch)(?![\w'’])|in\.|in(?![\w'’]|[ ]?[A-Za-z]))"
_SUBJECT = (
    r"(?:I['’]m|I[ ](?:am|was)|(?i:he|she)(?:['’]s|[ ](?:is|was))|(?i:you)(?:['’]re|[ ](?:are|were))"
    r"|(?i:son|daughter|brother|sister|victim|man|guy|boy|girl|suspect|shooter)[ ](?:was|is))"
)
_HEDGE = r"(?:(?i:only|just|about|around|like|maybe|probably|almost|nearly|approximately|roughly)[ ])?"
# Words after ``6 feet`` that make it a distance or a size, not a height.
_NO_INCHES_AFTER = rf"(?!,?[ -](?:(?i:and)[ ])?{_INCH_NUMBER})"
_NOT_A_HEIGHT_AFTER = (
    r"(?![ -](?i:away|from|of|behind|in|off|across|apart|back|down|up|under|over|above|below|deep|long"
    r"|wide|high|into|out|to|toward|towards|between|inside|outside|or)(?![\w'’]))"
)

#: feet and inches without units: "five-ten", "6-1", "six one"
_PAIR = (
    rf"(?:[4-7]|(?i:four|five|six|seven))(?:-|[ ])(?:1[01]|\d|(?i:{'|'.join(UNITS + TEENS[:2])}))(?![\w'’-]|[.,]\d)"
)

#: a body's weight in stone ("seven stone", "10 st 4", "nine stone six pounds"): not a stone wall or steps
_STONE_NUMBER = rf"(?:[4-9]|[1-3]\d|(?i:{'|'.join(UNITS[4:] + TEENS + ('twenty', 'thirty'))}))(?![\w'’]|[.,]\d)"
_WEIGHT_SUBJECT = (
    r"(?:\b(?:I[ ](?:was|am|weighed|weigh)|I['’]m|(?i:he|she)(?:[ ](?:was|is|weighed|weighs)|['’]s)"
    r"|(?i:you|we|they)(?:[ ](?:were|are|weighed|weigh)|['’]re)|(?i:weighed|weighing|weighs|weigh)"
    r"|(?i:went|got|came|dropped)[ ](?:down|out)[ ](?:to|at)|(?i:lost|gained|put[ ]on)(?:[ ](?:about|around|nearly|almost))?"
    r"|(?:(?i:foot|feet|ft|inches|tall)(?:[ ][\w-]+)?|\d['’]\d{1,2}[\"”]?)[ ]and)[ ])"
)

PATTERNS = [
    # "I went down to seven stone", "I'm fifteen stone", "10 st 4", "eight and a half stone": a body's weight in stone
    Pattern(
        "stone",
        rf"{_START}{_STONE_NUMBER}(?:[ ](?i:and[ ]a[ ]half))?[ ](?i:stone|st\.?)(?:[ ](?:(?i:and)[ ])?(?:1[0-3]|\d|(?i:{'|'.join(UNITS[1:] + TEENS[:4])}))"
        rf"(?:[ ](?i:pounds|lbs?\.?))?)?(?![\w'’-])(?![ ](?i:wall|walls|steps?|floor|house|cottage|bridge|building|church|circle|cross|age)\b)",
        0.85,
    ),
    # "I was about 180 pounds when I went in", "he weighed 140 lbs": a body's weight in pounds after its subject
    Pattern(
        "body_pounds",
        rf"(?<={_WEIGHT_SUBJECT}{_HEDGE})(?:[5-9]\d|[1-3]\d\d)[ ](?i:pounds|lbs?\.?)(?![\w'’-])"
        r"(?![ ](?i:short|down|up|in|out|of|a|an|per|each|for|to)\b)",
        0.85,
    ),
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
    # height of 5 feet / stands six foot / described as five-foot
    Pattern(
        "height_feet",
        rf"(?<=\b(?i:height|stands|stood|stand|measures|measured|described[ ]as)(?:[ ](?i:of|is|was|about|around))?[ ])"
        rf"{_FEET_NUMBER}[ -]{_FEET}{_NO_INCHES_AFTER}{_NOT_A_HEIGHT_AFTER}",
        0.85,
    ),
    # "He was bigger than me, like five-foot": a size compared with a person's is a height
    Pattern(
        "compared_feet",
        rf"(?<=\b(?i:taller|bigger|shorter|smaller)[ ](?i:than)[ ](?i:me|him|her|you|us|them|\p{{Lu}}\p{{Ll}}+),?[ ]"
        rf"{_HEDGE}){_FEET_NUMBER}[ -]{_FEET}{_NO_INCHES_AFTER}{_NOT_A_HEIGHT_AFTER}",
        0.85,
    ),
    # "he was about five-ten, heavy build", "I'm 6-1, 200 pounds": a bare feet-inches pair, kept
    # only next to a word of a person's build (``_BUILD``)
    Pattern(
        "subject_bare_pair",
        rf"(?<=\b(?:{_SUBJECT}|(?i:stood|stands|measured|height[ ](?:of|is|was)))[ ]{_HEDGE}"
        rf"(?:(?:{_PAIR}),?[ ](?i:maybe|or)[ ])?){_PAIR}(?![ -]?(?i:years|months|weeks|days|hours|minutes|times|of|to))",
        0.8,
    ),
    # "a big guy, six-four, maybe two-forty", "a guy about five ten, brown hair": the same, in a description
    Pattern(
        "described_bare_pair",
        rf"(?<=(?:,|\b(?i:about|around|like|maybe))[ ]){_PAIR}(?=[,.;]|[ ](?i:and|with|maybe|or)\b)",
        0.75,
    ),
]
#: words of a person's build that make a bare "five-ten" a height
_BUILD = re.compile(
    r"\b(?i:tall|height|pounds|lbs|weigh|weighed|weighs|weight|build|built|heavy|heavyset|skinny|slim|stocky|short"
    r"|big[ ]guy|hair|beard|mustache|tattoos?|complexion|medium)\b"
)
_BARE = re.compile(r"^[\w-]+(?:[ -][\w-]+)?$")


class HeightRecognizer(RuleRecognizer):
    """Heights of people: 3 to 7 feet, optionally with 0 to 11 inches; and a body's other measure, its weight
    (``seven stone``, ``180 pounds`` after ``I was``, ``he weighed``, ``went down to``).

    Feet alone count only with ``tall``, after ``height``/``stands``, or
    after a clause like ``I'm``/``he was``; distances (``10 feet away``,
    ``20 feet from the door``), sizes (``a 6-foot fence``) and amounts
    (``3 feet of snow``) do not match.  ``tall`` is not part of the span.
    """

    ENTITY = "HEIGHT"
    PATTERNS = PATTERNS
    #: every match starts at a number: the feet (3 to 7, in digits or words), or a weight's stone or pounds
    STARTS = rf"(?<!\w)(?=\d|(?i:{'|'.join(UNITS[2:] + TEENS + ('twenty', 'thirty'))}))"
    CONTEXT = ["height", "tall", "feet", "foot", "inches", "short", "stands", "weight", "pounds"]

    def keep(self, text: str, start: int, end: int) -> bool:
        """A bare pair ("five-ten") only with a word of a person's build in its line."""
        surface = text[start:end].casefold()
        if not _BARE.match(text[start:end]) or any(unit in surface for unit in ("feet", "foot", "stone", "st", "pound", "lb")):
            return True
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        return bool(_BUILD.search(text, max(line_start, start - 100), min(line_end, end + 100)))

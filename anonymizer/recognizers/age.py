"""AGE: a person's age (``33 years old``, ``17-year-old``, ``at the age of 15`` -> ``15``,
``when I was seventeen`` -> ``seventeen``)."""
from __future__ import annotations

import regex as re
from presidio_analyzer import Pattern

from ._base import MONTHS, NUMBER_WORD, NUMBER_WORD_STEM, RuleRecognizer

_MONTH = "|".join(MONTHS)
_START = r"(?<![\w.,$'’/:-])"
_NUMBER = rf"(?:\d{{1,3}}(?![\w'’]|[.,:/]\d)|{NUMBER_WORD})"
# ``one`` is left out of the clause pattern: ``I was one of them``.
_NUMBER_NOT_ONE = rf"(?:\d{{1,3}}(?![\w'’]|[.,:/]\d)|(?!(?i:one)\b){NUMBER_WORD})"
_OLD = r"(?i:[ -](?:years?|yrs?\.?|months?)[ -]old|[ ]years?[ ]of[ ]age)(?![\w'’])"
_HEDGE = r"(?:(?i:only|just|about|around|like|maybe|probably|barely|already|almost|nearly|approximately|roughly|now|still|both)[ ])?"
_SUBJECT_VERB = (
    r"(?:I[ ](?:was|am)(?:[ ]at)?|I['’]m|(?i:he|she)(?:[ ](?:was|is)(?:[ ]at)?|['’]s)"
    r"|(?i:you|we|they)(?:[ ](?:were|are)(?:[ ]at)?|['’]re)|(?i:both[ ]of[ ]us|who)[ ](?:were|was|is)"
    r"|(?i:was|were|is)[ ](?i:only|just|barely)"
    r"|(?i:have|had|got)[ ](?i:you|him|her)[ ](?i:at|as)"
    r"|(?i:turned|turning|turn|turns|had[ ]just[ ]turned|just[ ]turned))"
)
# What follows a number that makes it a quantity, not an age.
_NOT_AN_AGE_AFTER = (
    r"(?![ -]?(?:%|(?i:feet|foot|ft|inch|inches|in\.|dollars|bucks|cents|percent|times|minutes|mins"
    r"|seconds|hours|days|weeks|months|years|year|miles|pounds|lbs|blocks|points|people|inmates"
    r"|kids|children|of|out|to[ ]life|step|steps|or[ ]so[ ]feet|grams|ounces|oz|thousand|hundred|million|am|pm|a\.m\.|p\.m\."
    r"|o['’]clock|yards|meters|degrees|units|credits|rvrs|write-ups|counts|more|less|grand"
    r"|cars|guys|men|women|officers|deputies|shots|rounds|games|classes|laps)(?![\w'’])))"
)

#: a relative or the victim as the subject of an age ("My son was twenty-two.")
_RELATIVE = (
    r"(?i:son|daughter|brother|sister|mother|father|mom|dad|wife|husband|boy|girl|baby|child|kid|victim"
    r"|nephew|niece|cousin|uncle|aunt|grandson|granddaughter|grandmother|grandfather|friend|boyfriend|girlfriend)"
)
#: what ends the clause of a bare age: punctuation, a dash, "when", "at the time", the line end
_CLAUSE_END = r"(?=[ ]?(?:[.;!?,]|--)|[ ](?:when|at[ ]the[ ]time|then|and)\b|$)"

PATTERNS = [
    Pattern("number_years_old", rf"{_START}{_NUMBER}{_OLD}", 0.95),
    Pattern("words_year_old", rf"{_START}{NUMBER_WORD_STEM}-(?i:years?-old)(?![\w'’])", 0.95),
    # "my son, 12, saw it", "a boy of 12", "At fifteen, I dropped out"
    Pattern("relative_comma_number", rf"(?<=\b{_RELATIVE},[ ]){_NUMBER_NOT_ONE}(?=,)", 0.85),
    Pattern("boy_of_number", rf"(?<=\b(?i:boy|girl|child|kid|man|woman|teenager)[ ]of[ ]){_NUMBER_NOT_ONE}(?![\w'’])", 0.85),
    Pattern(
        "at_number_subject",
        rf"(?<=\b(?i:at)[ ]){_NUMBER_NOT_ONE}(?=,?[ ](?:I|he|she|we|they)[ ](?!(?i:am|pm|o['’]clock)))",
        0.8,
    ),
    Pattern(
        "age_of_number",
        rf"(?<=\b(?i:age|aged|ages)[ ](?:(?i:of)[ ])?){_NUMBER}(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.9,
    ),
    # "Consuelo was thirty-one." "Tyrone was twenty-six when ...": a name, was/is, a number ending the clause
    Pattern(
        "name_was_number",
        rf"(?<=(?<![\w'’-])(?:[A-Z][a-z]+|{_RELATIVE})[ ](?:was|is)[ ]{_HEDGE}){_NUMBER_NOT_ONE}{_CLAUSE_END}",
        0.85,
    ),
    # "He would be forty-one this year", "I'll be forty-four next month"
    Pattern(
        "would_be_number",
        rf"(?<=\b(?i:would|will|['’]ll|gonna)[ ]be[ ]{_HEDGE}){_NUMBER_NOT_ONE}"
        rf"(?=[ ](?i:this|next|in)[ ](?i:year|month|week|birthday|{_MONTH})\b)",
        0.85,
    ),
    # "I'm 40 -- 42, sir": a corrected age
    Pattern(
        "corrected_number",
        rf"(?<=\b{_SUBJECT_VERB}[ ]{_HEDGE}{_NUMBER}[ ]?-{{1,2}}[ ]?){_NUMBER_NOT_ONE}(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.85,
    ),
    Pattern(
        "subject_was_number",
        rf"(?<=\b{_SUBJECT_VERB}[ ]{_HEDGE}){_NUMBER_NOT_ONE}(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.85,
    ),
]

_DIGITS = re.compile(r"\d+")


class AgeRecognizer(RuleRecognizer):
    """Ages in years.  The span is the number plus a directly following
    ``years old`` / ``-year-old`` / ``years of age``; after ``age (of)`` or a
    clause like ``I was``, ``he's``, ``you were``, ``was only``, ``I have you
    at``, ``turned`` it is the number alone.

    Durations (``15 years to life``, ``served 20 years``, ``20 years ago``)
    and measures (``I was 17 feet away``) do not match; numeric ages above
    105 are rejected (``I'm 115 free`` is a form number).
    """

    ENTITY = "AGE"
    PATTERNS = PATTERNS
    CONTEXT = ["age", "old", "years", "born", "birthday", "young", "juvenile", "teenager"]

    def validate_result(self, pattern_text: str) -> bool | None:
        number = _DIGITS.match(pattern_text)
        if number is not None and not 0 < int(number.group()) <= 105:
            return False
        return None

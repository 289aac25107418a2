"""DATE: calendar expressions (full dates, months, years, weekdays, decades, spoken years)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.vocabulary import (
    AMBIGUOUS_MONTHS,
    DECADE_WORDS,
    HOLIDAYS,
    HOURS,
    MONTH_ABBREVIATIONS,
    ORDINAL_MISSPELLINGS,
    ORDINAL_UNITS,
    ORDINALS,
    STREET_SUFFIXES,
)
from anonymizer.lang.en.vocabulary import TENS as _TEN_WORDS

from anonymizer.lang.en.recognizers._base import MONTHS, TEENS, TENS, UNITS, WEEKDAYS, Pattern, RuleRecognizer, any_case, title_or_upper

_ABBREVIATIONS = MONTH_ABBREVIATIONS
#: any month, any case, or an abbreviation with or without a dot
_MONTH_ANY = rf"(?:{any_case(MONTHS)}|{any_case(_ABBREVIATIONS)}\.?)(?![\w'’])"
#: a month written capitalised or in capitals (``May``, ``MAY``; never the verb ``may``)
_MONTH = rf"{title_or_upper(MONTHS)}(?![\w'’])"
_WEEKDAY = rf"(?:{any_case(WEEKDAYS)})(?![\w'’])"
#: a day's ordinal word, also as often misspelt (``December eigth``)
_ORDINAL_WORD = (
    rf"(?i:(?:(?:twenty|thirty)[ -])?(?:{'|'.join(ORDINAL_UNITS + ORDINAL_MISSPELLINGS[:4])})"
    rf"|{'|'.join(ORDINALS[len(ORDINAL_UNITS):] + ORDINAL_MISSPELLINGS[4:])})(?![\w'’])"
)
#: a month by its ordinal: first .. twelfth, 1st .. 12th
_MONTH_ORDINAL = rf"(?i:{'|'.join(ORDINALS[:12])}|1[0-2]th|1st|2nd|3rd|[4-9]th)"
_DAY_NUMBER = r"(?:3[01]|[12]\d|0?[1-9])(?i:st|nd|rd|th)?(?![\w'’])"
_DAY = rf"(?:{_DAY_NUMBER}|{_ORDINAL_WORD})"
#: a day in digits with its ordinal ending (``3rd``, ``21st``)
_DAY_NUMBER_ORDINAL = r"(?:3[01]|[12]\d|0?[1-9])(?i:st|nd|rd|th)"
_YEAR_DIGITS = r"(?:19\d\d|20[0-4]\d)"
_YEAR = rf"(?:{_YEAR_DIGITS}|['’]\d\d)(?![\w'’]|[.,:]\d)"
_WEEKDAY_PREFIX = rf"(?:{_WEEKDAY},?[ ])"
_START = r"(?<![\w'’/.-])"

# Preceding words after which a bare year or a short month name is a date.
_TIME_PREPOSITION = (
    r"(?i:in|on|since|of|by|until|till|til|from|to|through|thru|between|and|or|around|circa|year"
    r"|early|late|mid|summer|winter|spring|fall|autumn|before|after|during|back|about|the|class[ ]of)"
)
_MONTH_CONTEXT = (
    r"(?i:in|on|of|last|next|since|until|till|by|early|late|mid|this|from|through|around"
    r"|during|before|after|between|every)"
)
#: a word of time and a hedge before a year ("back to at least 1940", "since as early as 1985", "until roughly 2030")
_HEDGED_TIME = (r"(?i:since|until|till|before|after|back[ ]to|dates?[ ]to|from)[ ]"
                r"(?i:at[ ]least|at[ ]the[ ]latest|as[ ]early[ ]as|as[ ]late[ ]as|roughly|approximately|about|around)")
# Words after a number that make it a quantity, not a year.
_QUANTITY_AFTER = (
    r"(?![ -](?i:hours|hrs|feet|foot|dollars|bucks|miles|pounds|people|times|percent|inmates"
    r"|units|hundred|thousand|million|years|days|cases|points|pages)(?![\w'’]))"
)
_TENS_SPELLED = "|".join(t for t in _TEN_WORDS if t != "fourty")
_STREET_WORDS = tuple(dict.fromkeys(s.rstrip(".") for s in STREET_SUFFIXES))
_STREET = "|".join(_STREET_WORDS[: _STREET_WORDS.index("Trail") + 1])
# ``on 1985 King Road``: a house number, not a year.
_NOT_A_HOUSE_NUMBER = (
    r"(?![ ](?:[NSEW]\.?[ ]|(?:North|South|East|West)[ ])?(?:[A-Z][a-z]+[ ]){1,3}"
    rf"(?:{_STREET})\b)"
)
_SPOKEN_YEAR_END = rf"(?![\w'’-]){_QUANTITY_AFTER}"
_NINETEEN = r"(?i:nineteen|eighteen)"
_MONTH_NUMBER = "|".join(HOURS)  # a month by its number: one .. twelve
_LATE_TENS = "|".join(t for t in _TEN_WORDS if t not in ("twenty", "fourty"))
_DECADE_WORD = rf"(?i:{'|'.join(w for w in DECADE_WORDS if w not in ('teens', 'fourties'))})(?![\w'’])"
_DECADE_CONTEXT = r"(?<=\b(?i:the)[ ](?:(?i:early|mid|late)[ -])?)"

_NAMED_DAY = (
    r"(?:Valentine|New[ ]Year|Mother|Father|Veteran|President)['’]?s[ ]Day|New[ ]Year['’]s[ ]Eve|(?:Independence|Memorial"
    r"|Labor)[ ]Day|Christmas[ ](?:Eve|Day)|Easter[ ]Sunday|Fourth[ ]of[ ]July|Cinco[ ]de[ ]Mayo"
    r"|(?:Hmong|Lunar|Chinese|Vietnamese)[ ]New[ ]Year(?!['’])"
)

#: what a body numbers: an ordinal before one is no day ("the 5th Chamber", "the 9th Criminal Division")
_NUMBERED_UNITS = ("chambers?", "sections?", "divisions?", "departments?", "senates?", "circuits?", "panels?", "branch(?:es)?",
                   "precincts?", "battalions?", "regiments?", "brigades?", "squadrons?", "amendments?", "editions?", "wards?",
                   "courts?", "criminal", "civil", "administrative", "assize", "labour", "labor", "district", "regional")

PATTERNS = [
    # October 24, 2024 / Monday, OCTOBER 24th, 2024 / September the 1st, 2021 / July the first of 2019
    Pattern(
        "month_day_year",
        rf"\b{_WEEKDAY_PREFIX}?{_MONTH_ANY}[ ](?:(?i:the)[ ])?{_DAY}(?:,?[ ]|[ ](?i:of)[ ]){_YEAR}",
        0.95,
    ),
    # June 15 / June fifteenth
    Pattern("month_day", rf"\b{_WEEKDAY_PREFIX}?{_MONTH}[ ](?:(?i:the)[ ])?{_DAY}(?![.,:]\d)", 0.9),
    # Monday the 15th of June, 2011 / the 15th of June 2011 / 15 June
    Pattern(
        "weekday_day_of_month",
        rf"\b{_WEEKDAY},?[ ](?i:the)[ ]{_DAY}[ ](?:(?i:of)[ ])?{_MONTH}(?:,?[ ]{_YEAR})?",
        0.95,
    ),
    # ... / this 26th day of February, 2023 (a certificate's date)
    Pattern(
        "day_of_month",
        rf"{_START}(?:(?i:the)[ ])?{_DAY}[ ](?:(?i:day[ ]of|of)[ ])?{_MONTH}(?:,?[ ]{_YEAR})?",
        0.9,
    ),
    # "in May, on the 3rd, 4th and 9th": days in digits listed after a month named earlier in the turn
    # (or "that month": "three times that month, on the 3rd, 4th and 9th")
    Pattern(
        "listed_ordinal_days",
        rf"(?={_DAY_NUMBER_ORDINAL}(?![\w'’]))(?<=\b(?i:the|on)[ ](?:{_DAY_NUMBER_ORDINAL},?[ ](?:(?i:and|or|&)[ ])?)*)"
        rf"(?<=(?:\b{_MONTH}|\b(?i:that|this|the[ ]same|last|next)[ ]month)[^\n]{{0,100}})"
        rf"{_DAY_NUMBER_ORDINAL}(?![\w'’])(?![ ](?:(?i:of|day|floor|time|place|grade|century|birthday|street|avenue)\b))"
        # a body's numbered unit: "On 13 June 1990 the 5th Chamber of the Supreme Administrative Court", "the 9th Criminal
        # Division", "the 2nd Circuit", "the 5th Amendment"
        rf"(?![ ](?i:{'|'.join(_NUMBERED_UNITS)})\b)",
        0.85,
        first=r"\d",
    ),
    # "the fifth of the fifth, '71", "the 3rd of the 11th": a day of a month by the month's ordinal
    Pattern(
        "day_of_month_ordinal",
        rf"{_START}(?i:the)[ ]{_DAY}[ ](?i:of[ ]the)[ ](?:{_MONTH_ORDINAL})(?![\w'’])(?:,?[ ]{_YEAR})?",
        0.85,
    ),
    # 14 and 27 July 1999 / 3, 4 and 9 May: days of one month listed before it
    Pattern(
        "day_list_month",
        rf"{_START}{_DAY_NUMBER}(?:,[ ]{_DAY_NUMBER})*[ ](?:and|&)[ ]{_DAY_NUMBER}[ ]{_MONTH}(?:,?[ ]{_YEAR})?",
        0.9,
        first=r"\d",
    ),
    # the 24th, 25th of May 1986 / the 3rd and 4th of June / 3rd to 5th June: days in ordinals listed before their month
    Pattern(
        "ordinal_list_month",
        rf"{_START}(?:(?i:the)[ ])?{_DAY_NUMBER_ORDINAL}(?:(?:,[ ]|,?[ ](?i:and|or|to|&)[ ]|[ ]?[-–][ ]?)(?:(?i:the)[ ])?"
        rf"{_DAY_NUMBER_ORDINAL})+[ ](?:(?i:of)[ ])?{_MONTH}(?:,?[ ]{_YEAR})?",
        0.9,
        first=r"\d|[Tt]",
    ),
    # June 2011 / June of 2011 / June of '95
    Pattern("month_year", rf"\b{_MONTH_ANY},?[ ](?:(?i:of)[ ])?{_YEAR}", 0.95),
    # 10/24/2024, 10-24-24, 10.24.2024, 2024-10-24
    Pattern(
        "numeric_mdy",
        rf"{_START}(?:1[0-2]|0?[1-9])([/-])(?:3[01]|[12]\d|0?[1-9])\1(?:\d{{4}}|\d\d)(?![\w/-]|[.,]\d)",
        0.95,
        first=r"\d",
    ),
    # a birthday without its year: "her birthday is 12/25", "born on 3/14"
    Pattern(
        "numeric_md_birthday",
        r"(?<=\b(?i:birthday|birth[ ]date|date[ ]of[ ]birth|DOB|born|born[ ]on)[ ,:]*(?:(?i:is|was|on)[ ])?)"
        r"(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?![\w/-]|[.,]\d)",
        0.9,
    ),
    Pattern(
        "numeric_mdy_dots",
        rf"{_START}(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])\.{_YEAR_DIGITS}(?![\w.-])",
        0.9,
    ),
    Pattern(
        "numeric_iso",
        rf"{_START}{_YEAR_DIGITS}-(?:1[0-2]|0[1-9])-(?:3[01]|[12]\d|0[1-9])(?![\w-]|[.,]\d)",
        0.95,
    ),
    # in 1995 / since '95 (a year needs a preceding time word)
    Pattern("year_in_context", rf"(?<=\b{_TIME_PREPOSITION}[ ]){_YEAR}{_QUANTITY_AFTER}{_NOT_A_HOUSE_NUMBER}", 0.85),
    # ... and with a hedge between the word of time and the year: "back to at least 1940", "since as early as 1985"
    Pattern("year_hedged", rf"(?<=\b{_HEDGED_TIME}[ ]){_YEAR_DIGITS}(?![\w'’]|[.,:]\d){_QUANTITY_AFTER}{_NOT_A_HOUSE_NUMBER}",
            0.85),
    # "In 85, I believe", "since 92.": a year by its last two digits without its apostrophe, as a speech recogniser
    # writes it, after a word of time and before the clause's end (not "in 85 degrees", "in 12 weeks")
    Pattern(
        "two_digit_year_said",
        r"(?<=\b(?i:in|since|until|till|circa|back[ ]in|around)[ ])[5-9]\d(?=[ ]?[,.;!?](?!\d)|[ ](?i:or|to)[ ][5-9]\d\b)",
        0.8,
    ),
    # the first year of a range with no time word before it: "4 Building, '93 to '96", "Tracy, 1991 through 1993"
    Pattern(
        "year_opening_range",
        rf"{_START}{_YEAR}(?=[ ](?i:to|through|thru|until|till)[ ]{_YEAR}{_QUANTITY_AFTER}{_NOT_A_HOUSE_NUMBER})",
        0.85,
    ),
    # decades: '90s, 1980s, the 80s, the early nineties, the nineteen-nineties
    Pattern("decade_apostrophe", r"(?<![\w'’])['’]\d0['’]?s(?![\w'’])", 0.9),
    Pattern("decade_digits", r"(?<![\w'’])(?:19|20)\d0['’]?s(?![\w'’])", 0.9),
    Pattern("decade_short", rf"{_DECADE_CONTEXT}\d0['’]?s(?![\w'’])", 0.85),
    Pattern("decade_words", rf"(?:\b{_NINETEEN}[ -]|{_DECADE_CONTEXT}){_DECADE_WORD}", 0.85),
    # nineteen eighty-five / nineteen oh five / two thousand and five / (in) twenty eleven
    Pattern(
        "spoken_year_nineteen",
        rf"\b{_NINETEEN}[ -](?i:(?:{TENS})(?:[ -](?:{UNITS}))?|(?:oh|o)[ -](?:{UNITS})|hundred|{TEENS})"
        rf"{_SPOKEN_YEAR_END}",
        0.85,
    ),
    Pattern(
        "spoken_year_two_thousand",
        rf"\b(?i:two[ ]thousand(?:[ ]and)?[ ](?:twenty(?:[ -](?:{UNITS}))?|{TEENS}|{UNITS})){_SPOKEN_YEAR_END}",
        0.85,
    ),
    Pattern(
        "spoken_year_two_thousand_bare",
        rf"(?<=\b{_TIME_PREPOSITION}[ ])(?i:two[ ]thousand){_SPOKEN_YEAR_END}(?![ ](?i:and|a|{UNITS}|{TEENS}"
        rf"|{_TENS_SPELLED})\b)",
        0.8,
    ),
    Pattern(
        "spoken_year_twenty",  # after a time word, or after a month and its day ("March fifth, twenty twenty five")
        rf"(?<=\b{_TIME_PREPOSITION}[ ]|\b{_MONTH_ANY}[ ](?:(?i:the)[ ])?{_DAY},?[ ])(?i:twenty[ -](?:twenty(?:[ -](?:{UNITS}))?|{TEENS}|(?:oh|o)[ -](?:{UNITS})))"
        rf"{_SPOKEN_YEAR_END}",
        0.8,
    ),
    # a date of birth said digit group by digit group: eleven, nine, seventy-four / three-twelve-oh-six
    Pattern(
        "spoken_numeric_date",
        rf"\b(?i:{_MONTH_NUMBER})(,?[ ]|-|[ ](?i:slash|dash)[ ])"
        rf"(?i:twenty(?:[ -](?:{UNITS}))?|thirty(?:[ -]one)?|{TEENS}|{UNITS})\1"
        rf"(?i:(?:{_LATE_TENS})[ -](?:{UNITS})|(?:oh|o)[ -](?:{UNITS})|{_NINETEEN}[ -](?:{TENS})(?:[ -](?:{UNITS}))?)"
        rf"{_SPOKEN_YEAR_END}(?![ ](?i:minutes|seconds|weeks|months|cents|o['’]clock)\b)",
        0.8,
    ),
    # (back in) oh-nine, (since) oh five: a year of this century said by its last digit
    Pattern("spoken_year_oh", rf"(?<=\b{_TIME_PREPOSITION}[ ])(?i:oh|o)[ -](?i:{UNITS}){_SPOKEN_YEAR_END}", 0.8),
    # a named day (Valentine's Day, New Year's Eve, Easter Sunday), or a holiday with its year (Thanksgiving 2010)
    Pattern("named_day", rf"\b(?:{_NAMED_DAY})(?:,?[ ](?:(?i:of)[ ])?{_YEAR})?(?![\w'’])", 0.85),
    # ... and with the time of that day (Halloween night, 1998; Christmas morning in 2004)
    Pattern("holiday_year", rf"\b(?:{'|'.join(HOLIDAYS)})(?:[ ](?:Eve|Day|Sunday|night|morning|evening|weekend))?,?"
                            rf"[ ](?:(?i:of|in)[ ])?{_YEAR}", 0.85),
    # weekdays, unambiguous months anywhere; ambiguous months after a time word
    Pattern("weekday", rf"\b{_WEEKDAY}s?(?![\w'’])", 0.85),
    Pattern(
        "month_unambiguous",
        rf"\b{any_case(tuple(m for m in MONTHS if m not in AMBIGUOUS_MONTHS))}"
        r"(?![\w'’])",
        0.85,
    ),
    Pattern(
        "month_in_context",
        rf"(?<=\b(?:{_MONTH_CONTEXT}[ ]|(?i:mid)-)){title_or_upper(AMBIGUOUS_MONTHS)}"
        r"(?![\w'’-])",
        0.85,
    ),
    # (on) the 15th, but not "until the 10th grade"
    Pattern(
        "ordinal_day_in_context",
        r"(?<=\b(?i:on|by|since|until|till|before|after|from|through)[ ])(?i:the)[ ]"
        r"(?:3[01]|[12]\d|0?[1-9])(?i:st|nd|rd|th)(?![\w'’])"
        r"(?![ -](?i:grade|grader|floor|time|times|step|steps|street|avenue|ave|place|round|century|birthday"
        r"|anniversary|amendment|percentile|period|district|circuit|day|week|month|year|hour|inning|level)\b)",
        0.8,
    ),
]


class DateRecognizer(RuleRecognizer):
    """Dates of every shape found in hearings; the longest match wins.

    Words that are also verbs or names (``May``, ``March``, ``April``,
    ``June``, ``August``) count as months only when capitalised and after a
    time word (``in``, ``last``, ``since`` ...) or next to a day or year.
    Durations and counts (``15 years to life``, ``five years``, ``187``) do
    not match.  A ``the`` right before a day number is part of the span
    (``the 15th of June, 2011``, ``on the 3rd`` -> ``the 3rd``); before a
    decade it is not (``the '90s`` -> ``'90s``).
    """

    ENTITY = "DATE"
    PATTERNS = PATTERNS
    CONTEXT = ["date", "born", "birthday", "year", "month", "day", "today", "since", "when"]
    #: what every match of a rare pattern holds ("14 and 27 July": "and" between spaces, then a digit)
    NEEDS = {"day_list_month": re.compile(r"[ ](?:and|&)[ ]\d")}
    #: the month's name, which every match of these holds: searched on its lines only (one scan for both)
    ANCHORS = dict.fromkeys(("day_of_month", "month_day"), re.compile(_MONTH))

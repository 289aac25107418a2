"""Danish dates (``DATE``: "3. marts 2021", "den 3. marts", "d. 3/3-21", "3.3.2021", "marts 2021", "mandag den
3. marts", "juleaften 2019", "født 1985", "sommeren 2020", "primo maj 2020",
"ultimo 2019") and ages (``AGE``: "45-årig", "45 år gammel", "i en alder af 45 år",
"Jens Hansen, 45 år,", "Lars Kjeldsen (42)", "han er 34 år", "to børn på 6 og 9 år", "en mand på 42 år",
"femogfyrreårig"). A year alone ("i 2019") is no date here."""
from __future__ import annotations

from anonymizer.lang.rules import Pattern, RuleRecognizer

from .. import vocabulary

_MONTH = ("(?i:" + "|".join(sorted((*vocabulary.MONTHS, *(m + r"\.?" for m in vocabulary.MONTH_ABBREVIATIONS)),
                                  key=len, reverse=True)) + r")(?![\w])")
_WEEKDAY = "(?i:" + "|".join(vocabulary.WEEKDAYS) + ")"
_HOLIDAY = "(?i:" + "|".join(vocabulary.HOLIDAYS) + ")"
_SEASON = "(?i:" + "|".join(vocabulary.SEASONS) + ")"
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_MON = r"(?:0?[1-9]|1[0-2])"
_YEAR = r"(?:1[89]\d\d|20\d\d)"
_YEAR_OR_SHORT = r"(?:1[89]\d\d|20\d\d|\d\d)"
#: "den"/"d." and a weekday before a date ("mandag den 3. marts", "d. 3/3-21"), kept with it
_LEAD = rf"(?:(?:{_WEEKDAY}[ ](?:(?i:den|d\.)[ ])?)|(?i:den|d\.)[ ])?"
_END = r"(?![\w/-]|[.,]\d)"

PATTERNS = [
    # 3. marts 2021 / 3. marts / den 3. marts 2021 / 3. og 4. marts 2021 / 3.-4. marts
    Pattern("dk_date_words", rf"(?<![\w.]){_LEAD}{_DAY}\.(?:(?:[ ]og[ ]|-|–){_DAY}\.)?[ ]{_MONTH}(?:[ ]{_YEAR})?{_END}", 0.9),
    # marts 2021 / i juni 1998 (a month and a year)
    Pattern("dk_month_year", rf"(?<![\w.]){_MONTH}[ ]{_YEAR}{_END}", 0.75),
    # 3.3.2021 / 03.03.21 / 3-3-2021 / 3/3/2021 / 2021-03-03
    Pattern("dk_date_numeric", rf"(?<![\w./-]){_LEAD}{_DAY}([./-]){_MON}\1{_YEAR_OR_SHORT}{_END}", 0.85),
    Pattern("dk_date_iso", rf"(?<![\w./-]){_YEAR}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]){_END}", 0.85),
    # d. 3/3-21 / 3/3 2021 / den 3/3 (a day and a month, the year after a hyphen or a space)
    Pattern("dk_date_slash", rf"(?<![\w./-]){_LEAD}{_DAY}/{_MON}(?:(?:-|[ ]){_YEAR_OR_SHORT})?{_END}", 0.8),
    # juleaften 2019 / nytårsaften 1999
    Pattern("dk_holiday", rf"(?<![\w]){_HOLIDAY}[ ]{_YEAR}{_END}", 0.8),
    # sommeren 2020 / i foråret 2020 / starten af 2019
    Pattern("dk_season", rf"(?<![\w]){_SEASON}[ ]{_YEAR}{_END}", 0.75),
    # primo maj 2020 / ultimo 2019 / medio juni: the start, middle or end of a month or a year
    Pattern("dk_primo", rf"(?<![\w])(?i:primo|medio|ultimo)[ ](?:{_MONTH}(?:[ ]{_YEAR})?|{_YEAR}){_END}", 0.8),
    # maj måned 2020
    Pattern("dk_month_word_year", rf"(?<![\w.]){_MONTH}[ ]måned[ ]{_YEAR}{_END}", 0.75),
    # født 1985 / født i 1985: a birth year
    Pattern("dk_birth_year", rf"(?<=(?i:født)[ ](?:i[ ])?){_YEAR}{_END}", 0.8),
]


class DanishDateRecognizer(RuleRecognizer):
    """Dates written the Danish ways; a day and a month alone ("den 3/3") only with "den"/"d." before them."""

    ENTITY = "DATE"
    PATTERNS = PATTERNS
    CONTEXT = ["dato", "den", "født", "dateret"]

    def keep(self, text: str, start: int, end: int) -> bool:
        matched = text[start:end]
        if "/" in matched and "-" not in matched and " " not in matched.strip() and matched.count("/") == 1:
            return False  # "3/4" alone: a fraction or a share, no date
        return True


_NUMBER_WORD = ("(?i:(?:(?:" + "|".join(vocabulary.UNITS) + ")og)?(?:" + "|".join(vocabulary.TENS) + ")|"
                + "|".join((*vocabulary.TEENS, *vocabulary.UNITS)) + ")")
_AGE_PATTERNS = [
    # 45-årig / 45-årige / 45 årig / femogfyrreårig / 8-års-alderen / en 30-35-årig mand
    Pattern("dk_age_aarig", rf"(?<![\w-])(?:\d{{1,3}}(?:[-–]\d{{1,3}})?[ -]?|{_NUMBER_WORD}-?)"
                            r"(?i:årig[e]?|års-?alderen)(?![\w])", 0.9),
    # 45 år gammel / 45 år gamle
    Pattern("dk_age_gammel", r"(?<![\w.,-])\d{1,3}[ ]år[ ](?i:gammel|gamle)(?![\w])", 0.9),
    # i en alder af 45 år / i alderen 45 år
    Pattern("dk_age_alder", r"(?<=(?i:alder(?:en)?[ ](?:af[ ])?))\d{1,3}(?:[ ]år)?(?![\w])", 0.85),
    # han er 34 år / hun var 19 år: an age said of a person
    Pattern("dk_age_is", r"(?<=(?<![\w])(?i:er|var|blev|fylder|fyldte|bliver)[ ])\d{1,3}[ ]år(?![\w]|[ ](?:siden|efter|før|senere|tidligere|i[ ]træk))", 0.8),
    # to børn på 6 og 9 år / en datter på 12 år: children's ages
    Pattern("dk_age_children", r"(?<=(?i:børn|barn|søn|sønner|datter|døtre|drenge|piger|dreng|pige|barnebarn|børnebørn|"
                               r"mand|kvinde|mænd|kvinder|person|personer|fyr|pensionist|knægt)[ ]på[ ])"
                               r"\d{1,2}(?:(?:,[ ]|[ ]og[ ])\d{1,2})*[ ]år(?![\w])", 0.85),
    # Lars Kjeldsen (42) fra Tarm: a news item's age in brackets after a name
    Pattern("dk_age_brackets", r"(?<=\p{Lu}\p{Ll}+[ ]\()\d{1,3}(?=\))", 0.8),
    # Jens Hansen, 45 år, ...: an age in apposition
    Pattern("dk_age_apposition", r"(?<=\w,[ ])\d{1,3}[ ]år(?=[,)])", 0.8),
]


class DanishAgeRecognizer(RuleRecognizer):
    """A person's age; "2 år" alone (a sentence's length) does not match."""

    ENTITY = "AGE"
    PATTERNS = _AGE_PATTERNS
    CONTEXT = ["år", "årig", "alder"]

"""AGE: a person's age (``33 years old``, ``17-year-old``, ``at the age of 15`` -> ``15``,
``when I was seventeen`` -> ``seventeen``)."""
from __future__ import annotations

from functools import lru_cache

import regex as re

from anonymizer.lang.en import gazetteer, plain, vocabulary
from anonymizer.lang.en.transcript import LINE_OPENING, TAG_WORDS

from anonymizer.lang.en.recognizers._base import MONTHS, NUMBER_WORD, NUMBER_WORD_STEM, Pattern, RuleRecognizer, any_case
from anonymizer.lang.en.recognizers.time import is_clock_reading

_MONTH = "|".join(MONTHS)
_START = r"(?<![\w.,$'’/:-])"
_NUMBER = rf"(?:\d{{1,3}}(?![\w'’]|[.,:/]\d)|{NUMBER_WORD})"
# ``one`` is left out of the clause pattern: ``I was one of them``.
_NUMBER_NOT_ONE = rf"(?:\d{{1,3}}(?![\w'’]|[.,:/]\d)|(?!(?i:one)\b){NUMBER_WORD})"
_OLD = r"(?i:[ -](?:years?|yrs?\.?|months?)[ -]old|[ ]years?[ ]of[ ]age)(?![\w'’])"
#: a hesitation between the verb and the number ("I'm, uh, 40", "I was um 19")
_FILLER = r"(?:(?i:uh|um|uhm|er|ah),?[ ])"
_HEDGE = (
    rf"{_FILLER}?(?:(?i:only|just|about|around|like|maybe|probably|barely|already|almost|nearly|approximately"
    r"|roughly|now|then|still|both|going[ ]on|currently|exactly|literally|only[ ]about|just[ ]about|coming[ ]up[ ]on"
    rf"|close[ ]to|pushing|over|under|going[ ]to[ ]be)[ ]{_FILLER}?)?"
)
#: the space after a subject and verb, maybe with an interjection ("I'm, uh, 40")
_SEP = r"(?:,[ ](?i:uh|um|uhm|er|ah|you[ ]know|I[ ]think),)?[ ]"
_SUBJECT_VERB = (
    r"(?:I[ ](?:was|am)(?:[ ]at)?|I['’]m|(?i:he|she)(?:[ ](?:was|is)(?:[ ]at)?|['’]s)"
    r"|(?i:you|we|they)(?:[ ](?:were|are)(?:[ ]at)?|['’]re)|(?i:both[ ]of[ ]us|who)[ ](?:were|was|is)|(?i:who)['’]s"
    r"|(?i:was|were|is)[ ](?i:only|just|barely)"
    r"|(?i:have|had|got)[ ](?i:you|him|her)[ ](?i:at|as)"
    r"|(?i:turned|turning|turn|turns|had[ ]just[ ]turned|just[ ]turned))"
)
#: "or 15", "-- 15", ", 15": a second number after a range or correction ("10 or 15 minutes")
_RANGE_NEXT = rf"(?:(?:[ ](?i:or|to|and)[ ]|[ ]?-{{1,2}}[ ]?|,[ ])(?:\d{{1,3}}|{NUMBER_WORD_STEM}))"
#: "or 10", "to 10": a second number of an age not known exactly ("nine or ten"); not "10 and 12", two people's
_OR_NEXT = rf"(?:[ ](?i:or|to)[ ](?:\d{{1,3}}(?![\w'’]|[.,:/]\d)|{NUMBER_WORD_STEM}))"
# What follows a number (or a range of numbers) that makes it a quantity, not an age.
_NOT_AN_AGE_AFTER = (
    rf"(?!{_RANGE_NEXT}?[ -]?(?:%|(?i:feet|foot|ft|inch|inches|in\.|dollars|bucks|cents|percent|times|minutes|mins"
    r"|seconds|hours|days|weeks|months(?![ -]old)|years?(?![ -](?:old|young)|[ ]of[ ]age)|miles|pounds|lbs|blocks|points|people|inmates"
    r"|kids|children|of|out|to[ ]life|step|steps|or[ ]so[ ]feet|grams|ounces|oz|thousand|hundred|million|am|pm|a\.m\.|p\.m\."
    r"|o['’]clock|yards|meters|degrees|units|credits|rvrs|write-ups|counts|more|less|grand"
    r"|cars|guys|men|women|officers|deputies|shots|rounds|games|classes|laps|stone|st"
    # a measure by another ("30 by 100 by 20ft"), not a year ("30 by 1995")
    r"|by[ ]\d{1,3}(?!\d)[a-zA-Z'’]*)(?![\w'’])))"
)

#: a relative or the victim as the subject of an age ("My son was twenty-two.")
_RELATIVE = rf"(?i:{'|'.join(vocabulary.KIN_WORDS)}|boy|girl|baby|child|kid|victim|teenager|teen|juvenile|minor|eldest|youngest|oldest)"
#: several relatives as the subject ("my kids are 10 and 12")
_RELATIVES = r"(?i:sons|daughters|brothers|sisters|kids|children|boys|girls|twins|grandkids|grandchildren|nephews|nieces)"
#: what ends the clause of a bare age: punctuation, a dash, "when", "at the time", the line end
_CLAUSE_END = r"(?=[ ]?(?:[.;!?,]|--)|[ ](?:when|at[ ]the[ ]time|then|and|or[ ]so)\b|$)"
#: a capitalised word standing as a person's name before a verb (not ``It``, ``That``, ``Count``)
_NAME = rf"(?!(?:{'|'.join((*vocabulary.NOT_A_SUBJECT_NAME, *MONTHS, *vocabulary.WEEKDAYS))})\b)[A-Z][a-z]+"
#: a person as the subject of a clause
_PERSON = rf"(?:I|(?i:he|she|you|we|they)|{_NAME}|{_RELATIVE})"
#: verb phrases whose "at N" is an age ("I came in at 19", "my mom had me at 17")
_AT_VERB = (
    rf"(?:{any_case(vocabulary.AGE_AT_VERBS)}|(?i:started|began|quit|stopped)[ ][a-z]+ing(?:[ ][a-z]+)?)"
).replace("\\ ", "[ ]")
#: what may follow the number of "at N" when it is an age
_AT_AGE_END = r"(?=[ ]?(?:[.;!?,]|--)|[ ](?:when|and|or|because|but|so|after|before|with)\b|$)"
#: a speaker tag in ordinary case ("Mrs Pritchard", "Mr Lacey", "DC Okafor", "Witness 0283"): up to five words
#: each opening with a capital letter (or a witness's number)
_MIXED_CASE_TAG = r"[A-Z][\w'’.-]*(?:[ ](?:[A-Z][\w'’.-]*|\d{1,4})){0,4}"
#: the start of an answer on the line after a question: a recording's time perhaps (``[0:01:33]``), a speaker tag or a
#: Q&A marker, a filler
_ANSWER = (
    rf"\n(?:[^\S\n]*\n)*{LINE_OPENING.pattern}(?:{TAG_WORDS}[^\S\n]?:|{_MIXED_CASE_TAG}:|[QA][.:])[^\S\n]+"
    r"(?:(?i:um|uh|oh|well|I[ ]think|I[ ]believe),?[ ])?"
)

#: an ordinal, in digits or words (``18th``, ``twenty-first``, ``sixteenth``)
_BIRTHDAY = (rf"(?:\d{{1,3}}(?:st|nd|rd|th)|(?i:(?:{'|'.join(vocabulary.TENS)})-(?:{'|'.join(vocabulary.ORDINAL_UNITS)})"
             rf"|{'|'.join(vocabulary.ORDINALS)}))(?![\w'’-])")

PATTERNS = [
    Pattern("number_years_old", rf"{_START}{_NUMBER}{_OLD}", 0.95),
    # "eighteen years and two months old", "17 years, 9 months old"
    Pattern("years_and_months_old",
            rf"{_START}{_NUMBER}[ -](?i:years?)(?:,?[ ]and|,)[ ]{_NUMBER}[ -](?i:months?)[ -](?i:old)(?![\w'’])", 0.95),
    Pattern("words_year_old", rf"{_START}{NUMBER_WORD_STEM}-(?i:years?-old)(?![\w'’])", 0.95),
    # "my son, 12, saw it", "a boy of 12", "At fifteen, I dropped out"
    # "my son, 12, saw it", "Consuelo, 31, was ...", "Mr. Martinez-Garcia, then twenty, and"
    Pattern(
        "relative_comma_number",
        rf"(?<=(?:\b{_RELATIVE}|(?<![\w'’.-])(?:{_NAME}-)?{_NAME}),[ ]{_HEDGE}){_NUMBER_NOT_ONE}(?=,)",
        0.85,
    ),
    # "our kids, Jalen, 12, and Amaya, 9.": the last of a list of names with their ages
    Pattern(
        "list_last_name_number",
        rf"(?<=(?<![\w'’.-]){_NAME},[ ]{_NUMBER_NOT_ONE},?[ ](?:and|&)[ ](?<![\w'’.-]){_NAME},[ ]){_NUMBER_NOT_ONE}"
        rf"(?=[.;!?)]|$)",
        0.85,
    ),
    # "19 when I came in", "Twenty-two. That's how old he was."
    Pattern(
        "number_opens_age_clause",
        rf"(?:^|(?<=[.?!][ ]|:[ ]|--[ ])){_FILLER}?{_NUMBER_NOT_ONE}"
        rf"(?=,?[ ](?:when|until|back[ ]when)[ ](?:I|he|she|we|they|you)[ ]|[.,]?[ ](?i:that's|that[ ]was|that[ ]is)[ ]how[ ]old)",
        0.8,
    ),
    # "I've been locked up since 15", "in and out of juvenile hall since I was 12" (the latter: subject_was)
    Pattern(
        "since_number",
        rf"(?<=\b(?i:locked[ ]up|down|incarcerated|inside|in[ ]prison|in[ ]custody|in[ ]the[ ]system|gangbanging"
        rf"|using|drinking|homeless|on[ ]my[ ]own|on[ ]the[ ]streets)[ ](?i:since|from)[ ](?:(?i:age|about|around)[ ])?)"
        rf"{_NUMBER_NOT_ONE}{_NOT_AN_AGE_AFTER}{_AT_AGE_END}",
        0.8,
    ),
    # "your age at the time of the offense was 19"
    Pattern(
        "age_was_number",
        rf"(?<=\b(?i:age)(?:[ ][a-z]+){{0,6}}[ ](?:was|is|would[ ]be|being)[ ]{_HEDGE}){_NUMBER_NOT_ONE}"
        rf"(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.85,
    ),
    # the age of a birthday: "my 18th birthday", "her twenty-first birthday", "his sixteenth"
    Pattern("birthday_ordinal", rf"(?<=\b(?i:my|his|her|their|your|our)[ ]|['’]s[ ]){_BIRTHDAY}(?=[ ](?i:birthday|bday)\b)",
            0.85),
    Pattern("boy_of_number", rf"(?<=\b(?i:boy|girl|child|kid|man|woman|teenager)[ ]of[ ]){_NUMBER_NOT_ONE}(?![\w'’])", 0.85),
    # "At 31, Consuelo already had a job", "By 13 I was running the streets" (not a judgment's count of
    # applicants, "by two Austrian nationals")
    Pattern(
        "at_number_subject",
        rf"(?<=\b(?i:at|by)[ ]){_NUMBER_NOT_ONE}(?=,?[ ](?:(?:I|he|she|we|they)[ ]|{_NAME}[ ](?!(?:nationals|citizens)\b)[a-z])"
        r"(?!(?i:am|pm|o['’]clock)))",
        0.8,
    ),
    # "I came in at 19 and", "my mom had me at 17."
    Pattern(
        "verb_at_number",
        rf"(?<=\b{_AT_VERB}[ ]{_HEDGE}(?i:at)[ ](?:(?i:about|around|age)[ ])?){_NUMBER_NOT_ONE}{_NOT_AN_AGE_AFTER}{_AT_AGE_END}",
        0.8,
    ),
    # "I started drinking at 11 and smoking weed at 12": the second of two "at N"
    Pattern(
        "and_at_number",
        rf"(?<=\b{_AT_VERB}[ ]{_HEDGE}(?i:at)[ ]{_NUMBER}[ ]and[ ](?:[a-z]+[ ]){{0,3}}(?i:at)[ ]){_NUMBER_NOT_ONE}"
        rf"{_NOT_AN_AGE_AFTER}{_AT_AGE_END}",
        0.8,
    ),
    # "between the ages of 14 and 22": the second number
    Pattern(
        "ages_and_number",
        rf"(?<=\b(?i:ages)[ ](?:(?i:of)[ ])?{_NUMBER}[ ](?i:and|to|through|or)[ ]){_NUMBER_NOT_ONE}{_NOT_AN_AGE_AFTER}",
        0.85,
    ),
    # "How old were you? -- 24, sir." / "Q. How old are you today? A. Forty-three."
    Pattern(
        "answer_to_how_old",
        rf"(?i:how[ ]old|what[ ]age|your[ ]age)[^\n]*{_ANSWER}{_HEDGE}"
        rf"\K(?:\d{{1,2}}/\d{{1,2}}(?![\w'’]|[.,:/]\d)|{_NUMBER_NOT_ONE}(?:(?:[ ]?-[ ]?|[ ](?i:or|to)[ ]){_NUMBER_NOT_ONE})?)"
        rf"{_NOT_AN_AGE_AFTER}"
        rf"(?=[ ]?(?:[.;!?,]|--)|[ ](?i:sir|ma['’]am|now|when|at|or)\b|$)",
        0.85,
    ),
    # "I'm in my mid-fifties", "in his early twenties", "in her late 30s": an age by its decade
    Pattern(
        "in_decade",
        rf"\b(?i:in[ ](?:my|his|her|their|your|our))[ ]\K(?:(?i:early|mid|late)[ -]?)?"
        rf"(?:(?i:teens|{'|'.join(t[:-1] + 'ies' for t in vocabulary.TENS if t != 'fourty')})|[1-9]0['’]?s)(?![\w'’])",
        0.85,
    ),
    Pattern(
        "age_of_number",
        rf"(?<=\b(?i:age|aged|ages)(?:[ ]|[ ]?:[ ]{{1,40}})(?:(?i:of)[ ])?){_NUMBER}(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.9,
    ),
    # "Consuelo was thirty-one." "Tyrone was twenty-six when ...", "Crystal's 26 now", "his son, Orlando, is now
    # 16, ...", "My son Tegid was about nine or ten.": a name, was/is, a number (or two) ending the clause
    Pattern(
        "name_was_number",
        rf"(?<=(?<![\w'’-])(?:(?:{_NAME}|{_RELATIVE})(?:,?[ ](?:was|is)|['’]s)|{_RELATIVES}[ ](?:were|are))[ ]{_HEDGE})"
        rf"{_NUMBER_NOT_ONE}(?:{_OR_NEXT})?(?:{_CLAUSE_END}|(?=[ ]now\b))",
        0.85,
    ),
    # "He would be forty-one this year", "I'll be forty-four next month"
    Pattern(
        "would_be_number",
        rf"(?<=\b(?i:would|will|['’]ll|gonna)[ ]be[ ]{_HEDGE}){_NUMBER_NOT_ONE}"
        rf"(?=[ ](?i:this|next|in)[ ](?i:year|month|week|birthday|{_MONTH})\b)",
        0.85,
    ),
    # "He'd be seventy now", "Love would have been 47 on her birthday"
    Pattern(
        "person_would_be_number",
        rf"(?<=(?<![\w'’-]){_PERSON}(?:[ ](?i:would|will|could|might|should|must|may)|['’](?i:d|ll))"
        rf"(?:[ ](?i:be|have[ ]been|have[ ]turned|turn)|['’](?i:ve)[ ](?:been|turned))[ ]{_HEDGE})"
        rf"{_NUMBER_NOT_ONE}(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.85,
    ),
    # "I'm 40 -- 42, sir": a corrected age
    Pattern(
        "corrected_number",
        rf"(?<=\b(?:{_SUBJECT_VERB}|{_RELATIVES}[ ](?:were|are)){_SEP}{_HEDGE}{_NUMBER}"
        rf"(?:[ ]?(?:-{{1,2}}|[—–])[ ]?(?:(?i:I[ ]mean|sorry|no|excuse[ ]me|actually),?[ ])?|[ ](?i:or|to|and)[ ]"
        rf"|,[ ](?i:maybe[ ]|no,?[ ]|I[ ]mean,?[ ]|sorry,?[ ])?))"
        rf"{_NUMBER_NOT_ONE}(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.85,
    ),
    # "his girlfriend, Araceli Montaño, then 17, at the mall", "his son, now 16, lives in Clovis": an age set off by
    # commas after the person it is of, "then" or "now" before it
    Pattern("comma_then_number", rf"(?<=[^\W\d_],[ ](?i:then|now)[ ]){_NUMBER_NOT_ONE}(?=,[ ]|[ ]?--)", 0.85),
    # "their kids, Jaylen (12) and Aaliyah (9)": a child's age in brackets after the first name
    Pattern("name_bracket_number", rf"(?<=(?<![\w'’-]){_NAME}[ ]\()\d{{1,2}}(?=\))", 0.85),
    # "in her 70 years, she ...", "all of his ninety years.": the years of a life, the clause ending there
    Pattern("life_years",
            rf"(?<=(?<![\w'’-])(?i:in|of|all[ ]of)[ ](?i:his|her|my|their|your|our)[ ]){_NUMBER_NOT_ONE}"
            r"(?=[ ](?i:years)(?:[ ](?i:of[ ]life))?[ ]?(?:[.,;!?]|--|$))", 0.85),
    # "Our son was 6 months then.", "she was a baby, about eighteen months.", "He was just 9 weeks": a baby's age in
    # months or weeks, the clause ending there (not "he was 6 months in prison", "she was 9 weeks pregnant")
    Pattern(
        "baby_months",
        rf"(?<=(?:\b{_SUBJECT_VERB}|(?<![\w'’-])(?:{_NAME}|{_RELATIVE})[ ](?:was|is))[ ](?:(?i:a[ ]baby|a[ ]newborn|tiny),[ ])?"
        rf"{_HEDGE}){_NUMBER_NOT_ONE}[ -](?i:months?|weeks?)(?:[ -](?i:old))?"
        r"(?=[ ]?(?:[.;!?,]|--)|[ ](?i:then|at[ ]the[ ]time|when)\b|$)",
        0.85,
    ),
    Pattern(
        "subject_was_number",
        rf"(?<=\b{_SUBJECT_VERB}{_SEP}{_HEDGE}){_NUMBER_NOT_ONE}(?!{_OLD}){_NOT_AN_AGE_AFTER}",
        0.85,
    ),
]

_DIGITS = re.compile(r"\d+")
#: a printed line's number after its words ("... who is 6 \n currently housed"), and a line ending with one
_LAST_ON_LINE = re.compile(r"[^\S\n]*(?:\n|$)")
_NUMBERED_LINE_END = re.compile(r"[^\S\n]\d{1,2}[^\S\n]*$", re.MULTILINE)


@lru_cache(maxsize=8)
def _numbers_lines_at_their_ends(text: str) -> bool:
    """Whether most of the text's lines end with their printed number (a PDF's text read with the line-number
    gutter after the words)."""
    lines = text.count("\n") + 1
    return lines >= 20 and len(_NUMBERED_LINE_END.findall(text)) * 2 >= lines


def is_trailing_line_number(text: str, start: int, end: int) -> bool:
    """A number of one or two digits that ends its line in a text whose lines end with their numbers: the
    line's number, no age."""
    return end - start <= 2 and text[start:end].isdigit() and _LAST_ON_LINE.match(text, end) is not None \
        and text[start - 1:start].isspace() and _numbers_lines_at_their_ends(text)
_WORD_BEFORE_BRACKET = re.compile(r"([A-Z][a-z]+)[ ]\($")


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
    #: every match but the answer's (``\\K``) starts at a word that is a number or a filler
    STARTS = rf"(?<!\w)(?=\d|{NUMBER_WORD_STEM}|{_FILLER})"
    SCANNED = frozenset({"answer_to_how_old", "in_decade"})
    CONTEXT = ["age", "old", "years", "born", "birthday", "young", "juvenile", "teenager"]

    def keep(self, text: str, start: int, end: int) -> bool:
        """Not a time of day (``about 9 when we got there``, ``left at 10``, ``5 in the morning``); a number in
        brackets only after a first name (``Jaylen (12)``, not ``Exhibit (12)``)."""
        if text.startswith("(", start - 1):
            before = _WORD_BEFORE_BRACKET.search(text, max(0, start - 30), start)
            name = before.group(1) if before else ""  # a first name, or a word no dictionary has ("Jaylen")
            return bool(name) and (name.casefold() in gazetteer.first_names() or not plain.in_dictionary(name))
        return not is_clock_reading(text, start, end) and not is_trailing_line_number(text, start, end)

    def validate_result(self, pattern_text: str) -> bool | None:
        number = _DIGITS.match(pattern_text)
        if number is not None and not 0 < int(number.group()) <= 105:
            return False
        return None

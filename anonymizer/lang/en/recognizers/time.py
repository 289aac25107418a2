"""TIME: clock times (``8:40 AM``, ``1:30 p.m.``, ``10:30``, ``0830 hours``, ``three o'clock``), also said
with the part of the day (``ten-fifteen in the morning``) or before or after the hour (``quarter to nine``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang import compiled

from anonymizer.lang.en import vocabulary
from anonymizer.lang.en.transcript import LINE_OPENING, SPEAKER_LABEL

from anonymizer.lang.en.recognizers._base import HOUR_WORD, HOUR_WORD_STEM, NUMBER_WORD, NUMBER_WORD_STEM, SPOKEN_DIGIT, Pattern, RuleRecognizer, any_case, title_or_upper

# Bible books and citation words: ``John 3:16``, ``Psalm 23:4``, ``Chapter 3:10`` are no times.
_CITATION_WORDS = (
    "Genesis", "Exodus", "Leviticus", "Numbers", "Deuteronomy", "Joshua", "Judges", "Ruth",
    "Samuel", "Kings", "Chronicles", "Ezra", "Nehemiah", "Esther", "Job", "Psalm", "Psalms",
    "Proverbs", "Ecclesiastes", "Isaiah", "Jeremiah", "Lamentations", "Ezekiel", "Daniel",
    "Hosea", "Joel", "Amos", "Micah", "Matthew", "Mark", "Luke", "John", "Acts", "Romans",
    "Corinthians", "Galatians", "Ephesians", "Philippians", "Colossians", "Thessalonians",
    "Timothy", "Titus", "Hebrews", "James", "Peter", "Jude", "Revelation", "Revelations",
    "Chapter", "Verse", "Code", "Section", "Rule",
)
_NOT_AFTER = rf"(?<!\b(?:{title_or_upper(_CITATION_WORDS)}|chapter|verse|section|code|rule)[ ])"
_AM_PM = r"(?:[AaPp]\.[Mm]\.|[AaPp]\.?[Mm](?![\w'’]))"
_START = r"(?<![\w:.,$/'’-])"
_DAYPART = "(?i:" + "|".join(p.replace(" ", "[ ]") for p in vocabulary.DAYPART_PHRASES) + ")"

#: a clock time with a dot between hours and minutes (``1.45``, ``14.32``)
_DOT_CLOCK = r"(?:[01]?\d|2[0-3])\.[0-5]\d"
#: words of when before a dot's clock time ("at", "until", "resumed", "The time is", "Time commenced:")
_DOT_CUE = (
    r"(?:\b(?i:at|until|till|by|before|after|since|from|resume|resumed|resuming|suspended|commenced|concluded|adjourned"
    r"|started|finished|ended|recommenced)|\b(?i:the[ ]time[ ](?:is|was|now[ ]is)|it['’]s[ ]now|time(?:[ ][a-z]+)?:))"
)
#: what makes a dot's number a time after it: tomorrow, a part of the day, or a range's second clock time with one
_DOT_WHEN = (
    r"(?:[ ](?i:tomorrow|tonight|today|this[ ](?:morning|afternoon|evening)|in[ ]the[ ](?:morning|afternoon|evening)"
    rf"|at[ ]night|hours|hrs)\b|(?:[ ](?i:or|to|and|till|until)[ ]|[/-]){_DOT_CLOCK}(?:[ ]?{_AM_PM}|[ ](?i:at[ ]night|in[ ]the[ ]"
    r"(?:morning|afternoon|evening)|tomorrow)\b))"
)
#: what makes a number with a dot a quantity, not a time (``at 12.50 per cent``, ``at 3.45 each``)
_NOT_A_DOT_TIME_AFTER = (
    r"(?![ ]?(?:%|(?i:per[ ]?cent|percent|pounds|pence|p|dollars|euros|metres|meters|miles|km|kg|kilos|each|a[ ](?:week|month"
    r"|year|head|day)|an[ ]hour|per|points|marks|inches|feet|litres|mph|seconds|minutes|million|billion|thousand)(?![\w'’])))"
)

PATTERNS = [
    # 8:40 AM, 1:30 p.m., 10:30, 14:05:10
    Pattern(
        "clock",
        rf"{_START}{_NOT_AFTER}(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?"
        rf"(?:[ ]?{_AM_PM}|(?![\w'’:]|[.,]\d))",
        0.95,
    ),
    # (2.05 pm), 10.00 am: a clock time written with a dot, with its part of the day
    Pattern("dot_am_pm", rf"{_START}{_NOT_AFTER}(?:[01]?\d|2[0-3])\.[0-5]\d[ ]?{_AM_PM}", 0.95),
    # "resume at 1.45", "The time is 14.32", "suspended 15.05", "Time commenced: 14.32", "10.00 tomorrow",
    # "until 12.00 or 1.00 at night": a dot's clock time after a word of when, or before one
    Pattern(
        "dot_clock",
        rf"(?:(?<={_DOT_CUE}[ ](?:(?i:about|around|approximately|roughly)[ ])?)|(?:{_START}{_NOT_AFTER}|(?<={_DOT_CLOCK}[/-]))"
        rf"(?={_DOT_CLOCK}{_DOT_WHEN}))"
        rf"{_DOT_CLOCK}(?![\w'’%]|[.,]\d){_NOT_A_DOT_TIME_AFTER}",
        0.85,
    ),
    # "What time did you leave?" / "About 11.15": a dot's clock time opening the answer to a question of the time (the
    # answer's line may open with a recording's time: "[0:02:02] Speaker A: About 8.20.")
    Pattern(
        "dot_answer_to_what_time",
        rf"(?i:what[ ]time|how[ ]late|how[ ]early|what[ ]hour)[^\n]*\n(?:[^\S\n]*\n)*{LINE_OPENING.pattern}[^\n:]{{1,60}}:[^\S\n]+"
        rf"(?:(?i:about|around|at|roughly|approximately|maybe|just[ ]after|just[ ]before)[ ])?\K{_DOT_CLOCK}"
        rf"(?![\w'’%]|[.,]\d){_NOT_A_DOT_TIME_AFTER}",
        0.85,
    ),
    # "at about 12 noon", "twelve midnight": the hour of noon or midnight said with its number
    Pattern("noon", rf"{_START}(?:12|(?i:twelve))[ ](?i:noon|midnight)(?![\w'’-])", 0.9),
    # 8 AM, 11 p.m., 8am
    Pattern(
        "hour_am_pm",
        rf"{_START}(?:1[0-2]|0?[1-9])(?:[ ]?(?:[AaPp]\.[Mm]\.|AM|PM|A\.M|P\.M)|(?:am|pm))(?![\w'’])",
        0.9,
        first=r"\d",
    ),
    # eight a.m.
    Pattern("hour_word_am_pm", rf"\b{HOUR_WORD}[ ](?:[AaPp]\.[Mm]\.|AM|PM)(?![\w'’])", 0.9),
    # three o'clock, 10 o'clock
    Pattern("o_clock", rf"(?:\b{HOUR_WORD}|{_START}(?:1[0-2]|0?[1-9]))[ ]o['’]clock(?![\w'’])", 0.9),
    # said with its part of the day: "ten-fifteen in the morning", "two thirty in the afternoon", "eleven at night"
    Pattern(
        "spoken_part_of_day",
        # not "(take) one in the morning": a pill; but "around two in the morning"
        rf"\b(?:{HOUR_WORD_STEM}[ -](?i:oh[ -])?{NUMBER_WORD_STEM}"
        rf"|(?:(?<=\b(?i:at|around|about|until|till|by|after|before|since|past|approximately)[ ])|(?!(?i:one|two)\b))"
        rf"{HOUR_WORD_STEM})"
        rf"[ ]{_DAYPART}"
        r"(?![\w'’])",
        0.85,
    ),
    # "quarter to nine", "half past ten", "twenty after eleven"
    Pattern(
        "spoken_past_to",
        rf"\b(?i:(?:a[ ])?quarter|half|twenty|ten|five|twenty-five)[ ](?i:past|to|after|till|til)[ ](?:{HOUR_WORD}|(?i:midnight|noon)\b)"
        r"(?![ ](?i:years?|months?|weeks?|days?|minutes?|people|of)\b)",
        0.85,
    ),
    # "about eleven thirty", "at ten fifty-two", "around six oh five": an hour and its minutes said, after a word of
    # when; not a price ("nineteen fifty an hour") nor an hour and a count ("at nine seven times")
    Pattern(
        "spoken_hour_minutes",
        rf"(?<=\b(?i:at|around|about|approximately|until|till|by|before|after|since)[ ]){HOUR_WORD_STEM}[ -]"
        rf"(?:(?i:oh)[ -]{SPOKEN_DIGIT}|(?!(?i:one|two|three|four|five|six|seven|eight|nine|sixty|seventy|eighty|ninety)\b)"
        rf"{NUMBER_WORD_STEM})(?![\w'’-])"
        r"(?![ ](?i:an?|per|dollars|bucks|cents|years?|months?|weeks?|days?|hours?|minutes?|times|people|percent|of)\b)",
        0.85,
    ),
    # "around 8, all the way until 8 p.m.", "from 9 to 5 p.m.", "between 7 and 9 a.m.": a bare hour opening a range
    # whose other end is a clock time (a line break allowed before it, as a transcript's line wraps)
    Pattern(
        "range_first_hour",
        r"(?<=\b(?i:from|around|about|between|since|starting[ ]at|at)[ ])(?:1[0-2]|0?[1-9])(?:[.:][0-5]\d)?"
        rf"(?=,?(?:[ ][a-z]+){{0,4}}?[ ](?i:to|till|til|until|and|through|thru)\s+(?:1[0-2]|0?[1-9])(?:[.:][0-5]\d)?"
        rf"[ ]?{_AM_PM})",
        0.85,
    ),
    # "up since 530.", "at 930 in the morning", "by 1045 am": a clock time without its colon, as a speech recogniser
    # writes it; after "since", "until" or "till" before the clause's end, or with its part of the day (not "at 930.":
    # a house number)
    Pattern(
        "no_colon_clock",
        r"(?<=\b(?i:since|until|till|at|around|about|by|before|after)[ ])(?:1[0-2]|[1-9])[0-5]\d"
        rf"(?:[ ]?{_AM_PM}|[ ](?i:in[ ]the[ ](?:morning|afternoon|evening)|at[ ]night)(?![\w'’])"
        r"|(?<=\b(?i:since|until|till)[ ]\d{3,4})(?=[ ]?[.,;!?](?!\d)))",
        0.8,
    ),
    # (at) 0830 hours
    Pattern(
        "military",
        r"(?<=\b(?i:at|about|approximately|around|by|until|till|from|to|before|after|since|of|was|is|it's|it’s)[ ])"
        r"(?:[01]\d|2[0-3])[0-5]\d[ ](?i:hours|hrs)(?![\w'’])(?![ ](?i:of)\b)",
        0.9,
    ),
]


class TimeRecognizer(RuleRecognizer):
    """Clock times; the AM/PM marker and ``hours``/``o'clock`` are part of the span.

    ``H:MM`` needs two minute digits (``3:1`` is a ratio) and is rejected
    after a Bible book or a citation word (``John 3:16``, ``Code 3:10``).
    Military times need a preceding ``at``/``by``/``until``/... and are
    rejected before ``of`` (``1500 hours of community service``).
    """

    ENTITY = "TIME"
    PATTERNS = PATTERNS
    CONTEXT = ["time", "clock", "hour", "hours", "morning", "afternoon", "evening", "night", "am", "pm"]

    def keep(self, text: str, start: int, end: int) -> bool:
        return not is_recording_timestamp(text, start, end)


#: a recording's running time, not a time of day: ``[00:01:27]``, ``(01:02:05)``, ``00:01:27 Speaker:``
_TIMESTAMP = compiled.compile(r"\d\d?:[0-5]\d:[0-5]\d")


def is_recording_timestamp(text: str, start: int, end: int) -> bool:
    """An hours:minutes:seconds reading in brackets, or opening its line before a speaker's label, or a
    reading that ends a speaker's label (:data:`anonymizer.lang.en.transcript.SPEAKER_LABEL`): where a recording
    is, not when."""
    line = text.rfind("\n", 0, start) + 1
    label = SPEAKER_LABEL.match(text, line)
    if label and label.span("stamp") == (start, end):
        return True  # "Marcus Whitley-Boyd  0:00:12": the label's timestamp
    if not _TIMESTAMP.fullmatch(text, start, end):
        return False
    before = text[line:start].strip()
    if before in ("[", "(") or text[end : end + 1] in ("]", ")"):
        return True
    return before == "" and _SPEAKER_AFTER.match(text, end) is not None  # "00:01:27 Speaker 2: ..."


_SPEAKER_AFTER = compiled.compile(r"[^\S\n]+[^\W\d_][^\n:]{0,40}:")


# --- a number read as a time of day (never an age) -------------------------------------------
_NUM = rf"(?:\d{{1,2}}|{NUMBER_WORD})"
_SUBJECT = r"(?:I|we|they|he|she|you|my[ ][a-z]+|the[ ][a-z]+)"
_EVENT = any_case(vocabulary.CLOCK_EVENTS).replace("\\ ", "[ ]")
_EVENT_END = r"(?<!left)(?=\W|$)|(?<=left)(?=[ ]?(?:[.,;!?]|--)|[ ](?:and|then|at)\b|$)"
_HEDGE = r"(?:(?i:uh|um|oh|well),?[ ])?(?:(?i:only|just|about|around|like|maybe|probably|almost|nearly)[ ])?"
#: what follows a clock reading: ``:30``, a part of the day (``in the morning``, ``o'clock``)
_CLOCK_AFTER = compiled.compile(rf":[0-5]\d|[ ]?{any_case(vocabulary.DAYPARTS)}(?![\w'’])")
#: a clause of arriving or leaving after the number (``9 when we got there``) ...
_WHEN_EVENT = compiled.compile(
    rf",?[ ](?i:when|by[ ]the[ ]time|before|after)[ ]{_SUBJECT}[ ](?:{_EVENT})(?:{_EVENT_END})"
)
#: ... counts when the number is not a person's: ``it was (about)``, ``at``, an answer's start
_WHEN_SUBJECT = compiled.compile(
    rf"(?:\b(?i:it|that)(?:[ ](?:was|is)|['’]s)[ ]|\b(?i:at|by|till|until)[ ]|^|[.?!:][ ]|--[ ]?){_HEDGE}$",
    re.MULTILINE,
)
#: what precedes one: ``left at``, ``got there around``, ``from 9 to`` / ``from`` (``from 9 to 5``)
_CLOCK_BEFORE = compiled.compile(
    rf"(?:\b(?:{_EVENT})[ ](?i:at|around|about|by|till|until)[ ](?i:about[ ]|around[ ]|like[ ])?"
    rf"|\b(?i:from|between)[ ]{_NUM}[ ](?i:to|till|until|and)[ ])$"
)
_FROM = compiled.compile(r"\b(?i:from|between)[ ]$")
_TO_NUMBER = compiled.compile(rf"[ ](?i:to|till|until|and|-)[ ]{_NUM}(?![\w'’])")
_AGE_WORD = compiled.compile(rf"\b{any_case(vocabulary.AGE_WORDS)}\b")
#: the number opens the answer (after the speaker tag or ``A:``, maybe ``about``)
_ANSWER_START = compiled.compile(rf"(?:^[^\S\n]*|:[^\S\n]+|[QA][.:][^\S\n]+){_HEDGE}$", re.MULTILINE)
_WHAT_TIME = compiled.compile(r"\b(?i:what[ ]time|how[ ]late|how[ ]early|what[ ]hour)\b")


def is_clock_reading(text: str, start: int, end: int) -> bool:
    """Whether the number ``text[start:end]`` reads as a time of day, not an age.

    A number followed by ``:30``, a part of the day (``in the morning``, ``at night``,
    ``o'clock``), ``to M`` after ``from``, or a clause of arriving or leaving (``about 9 when we
    got there``, ``5 when I got home``); a number after ``left at``, ``got there at``,
    ``from N to``; a number opening the answer to ``what time``. The clause of arriving or leaving counts
    only after ``it was``, ``at`` or at an answer's start, never after a person (``I was 9 when
    we got there``, ``my son was 9 when I left``); nothing counts with an age word nearby.
    """
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    before, after = text[max(line_start, start - 60) : start], text[end : min(line_end, end + 60)]
    if any(_AGE_WORD.search(part) for part in (before, text[start:end], after)):
        return False
    if _CLOCK_BEFORE.search(before) or _CLOCK_AFTER.match(after):
        return True
    if _FROM.search(before) and _TO_NUMBER.match(after):
        return True
    if _WHEN_EVENT.match(after) and _WHEN_SUBJECT.search(text, line_start, start):
        return True
    if not _ANSWER_START.search(text, line_start, start):
        return False
    question = text[text.rfind("\n", 0, max(0, line_start - 1)) + 1 : max(0, line_start - 1)]
    return bool(_WHAT_TIME.search(question)) and not _AGE_WORD.search(question)

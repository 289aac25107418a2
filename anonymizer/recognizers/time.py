"""TIME: clock times (``8:40 AM``, ``1:30 p.m.``, ``10:30``, ``0830 hours``, ``three o'clock``)."""
from __future__ import annotations

from presidio_analyzer import Pattern

from ._base import HOUR_WORD, RuleRecognizer, title_or_upper

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

PATTERNS = [
    # 8:40 AM, 1:30 p.m., 10:30, 14:05:10
    Pattern(
        "clock",
        rf"{_START}{_NOT_AFTER}(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?"
        rf"(?:[ ]?{_AM_PM}|(?![\w'’:]|[.,]\d))",
        0.95,
    ),
    # 8 AM, 11 p.m., 8am
    Pattern(
        "hour_am_pm",
        rf"{_START}(?:1[0-2]|0?[1-9])(?:[ ]?(?:[AaPp]\.[Mm]\.|AM|PM|A\.M|P\.M)|(?:am|pm))(?![\w'’])",
        0.9,
    ),
    # eight a.m.
    Pattern("hour_word_am_pm", rf"\b{HOUR_WORD}[ ](?:[AaPp]\.[Mm]\.|AM|PM)(?![\w'’])", 0.9),
    # three o'clock, 10 o'clock
    Pattern("o_clock", rf"(?:\b{HOUR_WORD}|{_START}(?:1[0-2]|0?[1-9]))[ ]o['’]clock(?![\w'’])", 0.9),
    # (at) 0830 hours
    Pattern(
        "military",
        r"(?<=\b(?i:at|about|approximately|around|by|until|till|from|to|before|after|since|of)[ ])"
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

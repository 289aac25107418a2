"""The words of the calendar, of numbers and of clock readings and ages (``March``, ``fourty``, ``in the morning``,
``came in at 19``). Split off so that ``vocabulary.py`` stays under 400 lines, which re-exports them (read them from
there); imports nothing.
"""
from __future__ import annotations

# --- calendar ---------------------------------------------------------------------------

MONTHS = (
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December",
)  # fmt: skip
#: months that are also common words or names (``May``, ``March``): dates only in context
AMBIGUOUS_MONTHS = ("March", "April", "May", "June", "August")
MONTH_ABBREVIATIONS = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WEEKDAY_ABBREVIATIONS = ("Mon", "Tues", "Tue", "Wed", "Thurs", "Thur", "Thu", "Fri", "Sat", "Sun")
#: one-word holidays and feasts: calendar words, no names ("We had Christmas at my grandmother's")
HOLIDAYS = ("Christmas", "Xmas", "Thanksgiving", "Easter", "Halloween", "Hanukkah", "Chanukah", "Kwanzaa", "Ramadan",
            "Eid", "Passover", "Lent", "Diwali", "Chuseok", "Seollal", "Tet", "Tết", "Nowruz", "Vaisakhi")
#: months, weekdays and holidays, case-folded: never a name part on their own
CALENDAR_WORDS = frozenset(w.casefold() for w in (*MONTHS, *WEEKDAYS, *HOLIDAYS))

# --- numbers ----------------------------------------------------------------------------

UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
#: tens, with the common misspelling ``fourty``
TENS = ("twenty", "thirty", "forty", "fourty", "fifty", "sixty", "seventy", "eighty", "ninety")
#: 1..12, the hours of a clock
HOURS = UNITS + TEENS[:3]
ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
ORDINALS = ORDINAL_UNITS + (
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
    "nineteenth", "twentieth", "thirtieth")  # fmt: skip
#: ordinal words as often misspelt (a transcriber's ``eigth``, ``nineth``), as TENS has ``fourty``
ORDINAL_MISSPELLINGS = ("eigth", "nineth", "fith", "twelveth", "fouteenth", "eigthteenth", "ninteenth", "twentyeth")
#: what a clock reading is said of: ``about 9 when we got there``, ``5 when I got home``,
#: ``we left at 10``, ``got there at 9`` (phrases; "left" only without an object)
CLOCK_EVENTS = (
    "got there", "got here", "got home", "got back", "get there", "get home", "got up", "woke up",
    "arrived", "showed up", "pulled up", "came home", "went to bed", "went to sleep", "got off work",
    "clocked in", "clocked out", "left",
)  # fmt: skip
#: the parts of a day said after an hour in words (``ten-fifteen in the morning``)
DAYPART_PHRASES = ("in the morning", "in the afternoon", "in the evening", "at night")
#: parts of the day after a clock reading (``9 in the morning``, ``10 at night``)
DAYPARTS = (
    *DAYPART_PHRASES, "that night", "that morning", "this morning", "tonight", "o'clock", "o’clock", "a.m.", "p.m.",
    "am", "pm",
)  # fmt: skip
#: words that make a nearby number an age after all (``I was 9 years old when we got there``)
AGE_WORDS = ("old", "age", "aged", "ages", "birthday", "born", "young", "younger", "years")
#: verb phrases whose ``at N`` is an age, not a clock time (``I came in at 19``, ``my mom had me at
#: 17``); ``we left at 10`` stays a time
AGE_AT_VERBS = (
    "came in", "came to prison", "got locked up", "was locked up", "locked up", "got arrested", "was arrested",
    "got sentenced", "was sentenced", "had me", "had him", "had her", "had us", "had them", "had my son",
    "had my daughter", "had a baby", "dropped out", "left home", "ran away", "moved out", "got married",
    "got pregnant", "passed away", "died", "joined", "got jumped in", "was jumped in", "started using",
    "started drinking", "started smoking", "was killed", "got killed", "was murdered", "got out", "was adopted",
    "got adopted", "lost my mom", "lost my dad", "lost my mother", "lost my father", "retired",
    "lost him", "lost her", "taken from us", "was taken", "got taken", "was killed", "was murdered",
    "buried him", "buried her", "had my first kid", "had my first child", "got my first", "went to juvie",
    "went to juvenile hall", "went to CYA", "went to prison", "went to the pen", "first got locked up",
)  # fmt: skip

"""Numbers said aloud in recognized speech (``TimedTranscript.source`` ``asr:...`` only).

A recognizer writes a number as it pleases: ``one slash eight slash two thousand twenty`` for
``1/8/2020``, ``thirteen thirty p.m.`` or ``110 PM`` for a clock time, ``95160`` for a CDCR
number's digits; the text pass finds part of such a run (``two thousand twenty``) or none of it.
:func:`spoken_numbers` mends the mentions of a recognized transcript:

* a mention of a number label (:data:`NUMBER_LABELS`) next to number words (the language's
  number words, digits and the words between them: ``slash``, ``hundred``, ``and``) in the same
  line, with no punctuation between, reaches over the whole run;
* a run of number words or digits followed by a part of the day (``p.m.``, ``PM``) that no
  mention holds is a TIME (certainty 3, source :data:`SPOKEN`);
* two bare numbers, feet (4 to 7) then inches (0 to 11), right after the language's words said before a
  height (``described as 5, 10``, ``stood about five ten``) are a HEIGHT (same certainty and source).
"""
from __future__ import annotations

import dataclasses
import re

from anonymizer.types import Analysis, Mention

from .timed import TimedTranscript

#: labels whose values a recognizer writes as number words or digits
NUMBER_LABELS = frozenset({"DATE", "TIME", "CDCR_ID", "AGE", "CASE_NUMBER", "PHONE_NUMBER", "HEIGHT"})
SPOKEN = "spoken-number"
_CORE = re.compile(r"^\W*(.*?)\W*$", re.S)
_DIGITS = re.compile(r"^\d[\d,.:/-]*$")


def _vocabulary(language: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(number words, joiners, parts of the day) of the language, lower case; empty for a pack without them."""
    from anonymizer import lang

    try:
        pack = lang.pack(language or "en")
    except lang.UnknownLanguage:
        return frozenset(), frozenset(), frozenset()
    vocabulary = pack.vocabulary
    joiners = frozenset(getattr(vocabulary, "SPOKEN_NUMBER_JOINERS", ()))
    parts = frozenset(getattr(vocabulary, "SPOKEN_DAY_PARTS", ()))
    return frozenset(pack.number_words), joiners, parts


def _multipliers(language: str) -> frozenset[str]:
    """The language's number words that only continue a number (``hundred``, ``thousand``), lower case."""
    from anonymizer import lang

    try:
        return frozenset(getattr(lang.pack(language or "en").vocabulary, "SPOKEN_NUMBER_MULTIPLIERS", ()))
    except lang.UnknownLanguage:
        return frozenset()


def spoken_numbers(analysis: Analysis, timed: TimedTranscript | None) -> Analysis:
    """``analysis`` with its number mentions widened over the number words beside them and the clock
    times said before a part of the day added (recognized speech only)."""
    if timed is None or not timed.source.startswith("asr:") or not timed.words:
        return analysis
    numbers, joiners, parts = _vocabulary(analysis.language)
    multipliers = _multipliers(analysis.language)
    if not numbers:
        return analysis
    text = timed.text
    words = timed.words
    said = {m: _CORE.match(text[m.start:m.end]).group(1).lower() for m in analysis.mentions}
    kept = [m for m in analysis.mentions if not (m.label == "PERSON" and set(m.sources) <= {"suspect"}
                                                 and said[m].replace(" ", "") in parts)]
    if len(kept) != len(analysis.mentions):  # "110 PM": the part of the day is no name
        analysis = dataclasses.replace(analysis, mentions=tuple(kept))
    cores = [_CORE.match(text[w.start:w.end]).group(1).lower() for w in words]

    def number(i: int) -> bool:
        return bool(_DIGITS.match(cores[i])) or cores[i] in numbers

    def joins(i: int) -> bool:
        return number(i) or cores[i] in joiners

    taken = bytearray(len(text) + 1)
    for m in analysis.mentions:
        taken[m.start:m.end] = b"\x01" * (m.end - m.start)

    def free(i: int) -> bool:
        return not any(taken[words[i].start:words[i].end])

    def between(a: int, b: int) -> str:
        return text[words[a].end:words[b].start]

    out = []
    for mention in analysis.mentions:
        if mention.label not in NUMBER_LABELS:
            out.append(mention)
            continue
        inside = [i for i, w in enumerate(words) if w.end > mention.start and w.start < mention.end]
        if not inside:
            out.append(mention)
            continue
        first, last = inside[0], inside[-1]
        while first > 0 and free(first - 1) and joins(first - 1) and between(first - 1, first) == " " \
                and not re.search(r"\W$", text[words[first - 1].start:words[first - 1].end]):
            first -= 1
        while cores[first] in joiners and not number(first) and first < inside[0]:
            first += 1  # a run opens with a number, not with "and"
        while last + 1 < len(words) and free(last + 1) and joins(last + 1) and between(last, last + 1) == " " \
                and (not re.search(r"[.,;:?!]$", text[words[last].start:words[last].end])
                     or (cores[last + 1] in multipliers and text[words[last].start:words[last].end].endswith(","))):
            last += 1  # a comma before "hundred" is the recognizer's: no number starts with it
        while cores[last] in joiners and not number(last) and last > inside[-1]:
            last -= 1
        start, end = min(mention.start, words[first].start), max(mention.end, words[last].end)
        end = start + len(text[start:end].rstrip(".,;:?!"))
        if (start, end) != (mention.start, mention.end):
            taken[start:end] = b"\x01" * (end - start)
            mention = dataclasses.replace(mention, start=start, end=end)
        out.append(mention)
    out += _clock_times(words, cores, number, joins, parts, free, text, taken)
    out += _clock_digits(words, cores, free, text, taken, _clock_leads(analysis.language))
    out += _heights(words, cores, free, text, taken, analysis.language)
    return dataclasses.replace(analysis, mentions=tuple(sorted(out, key=lambda m: (m.start, m.end))))


#: a clock time a recognizer wrote as digits without its colon: ``840`` for 8:40, ``1305`` for 13:05
_CLOCK_DIGITS = re.compile(r"^(?:[1-9]|1[0-9]|2[0-3])[0-5][0-9]$")


def _clock_leads(language: str) -> tuple[tuple[str, ...], ...]:
    """The words said before a clock time (``at``, ``at approximately``), lower case, longest first."""
    from anonymizer import lang

    try:
        leads = getattr(lang.pack(language or "en").vocabulary, "SPOKEN_CLOCK_LEADS", ())
    except lang.UnknownLanguage:
        return ()
    return tuple(sorted((tuple(lead.split()) for lead in leads), key=len, reverse=True))


def _clock_digits(words, cores, free, text, taken, leads) -> list[Mention]:
    """TIME mentions: three or four digits that read as hours and minutes (:data:`_CLOCK_DIGITS`) right after
    the language's words before a clock time (``responded at approximately 840``), in no mention."""
    found = []
    for i, core in enumerate(cores):
        if not _CLOCK_DIGITS.match(core) or not free(i) or not text[words[i].start:words[i].end].startswith(core):
            continue
        lead = next((lead for lead in leads if i >= len(lead) and tuple(cores[i - len(lead):i]) == lead), None)
        if lead is None or "\n" in text[words[i - len(lead)].start:words[i].start] or re.search(
                r"[.,;:?!]", text[words[i - len(lead)].start:words[i].start]):
            continue
        a, b = words[i].start, words[i].start + len(core)
        taken[a:b] = b"\x01" * (b - a)
        found.append(Mention(a, b, "TIME", (SPOKEN,), score=0.5, confidence=3))
    return found


def _clock_times(words, cores, number, joins, parts, free, text, taken) -> list[Mention]:
    """TIME mentions: number words or digits (one to three in a row) before a part of the day."""
    found = []
    for i in range(1, len(words)):
        last = i  # "p" ".m.": a recognizer's pieces of one word, laid out without a space
        while last + 1 < len(words) and words[last + 1].start == words[last].end:
            last += 1
        said = _CORE.match(text[words[i].start:words[last].end]).group(1).lower()
        if said not in parts or not all(free(j) for j in range(i, last + 1)):
            continue
        first = i
        while first > 0 and i - first < 3 and free(first - 1) and number(first - 1) and "\n" not in text[
                words[first - 1].end:words[first].start] and not re.search(r"[.,;:?!]$", text[words[first - 1].start:words[first - 1].end]):
            first -= 1
        if first == i:
            continue
        part = text[words[i].start:words[last].end].rstrip(",;:?!")
        if part.endswith(".") and "." not in part[:-1]:
            part = part[:-1]  # "PM." ends a sentence; "p.m." keeps its dot
        a, b = words[first].start, words[i].start + len(part)
        taken[a:b] = b"\x01" * (b - a)
        found.append(Mention(a, b, "TIME", (SPOKEN,), score=0.5, confidence=3))
    return found


#: what may come between the words before a height and its numbers
_HEIGHT_FILLERS = frozenset({"about", "approximately", "around", "roughly"})


def _values(language: str) -> tuple[dict[str, int], tuple[tuple[str, ...], ...]]:
    """(number word -> value for 0..19, the words before a height, longest first) of the language."""
    from anonymizer import lang

    try:
        vocabulary = lang.pack(language or "en").vocabulary
    except lang.UnknownLanguage:
        return {}, ()
    values = {"zero": 0}
    values.update({w: k + 1 for k, w in enumerate(getattr(vocabulary, "UNITS", ()))})
    values.update({w: k + 10 for k, w in enumerate(getattr(vocabulary, "TEENS", ()))})
    leads = getattr(vocabulary, "SPOKEN_HEIGHT_LEADS", ())
    return values, tuple(sorted((tuple(lead.split()) for lead in leads), key=len, reverse=True))


def _heights(words, cores, free, text, taken, language: str) -> list[Mention]:
    """HEIGHT mentions: feet and inches said as two bare numbers after the words before a height, in no
    mention; not a number of a longer run (``5, 10, 15``)."""
    values, leads = _values(language)

    def value(i: int) -> int | None:
        return int(cores[i]) if cores[i].isdigit() and len(cores[i]) <= 2 else values.get(cores[i])

    found = []
    for i in range(1, len(words) - 1):
        feet, inches = value(i), value(i + 1)
        if feet is None or inches is None or not 4 <= feet <= 7 or not 0 <= inches <= 11:
            continue
        opening = i - 1 if cores[i - 1] in _HEIGHT_FILLERS else i
        lead = next((lead for lead in leads if opening >= len(lead) and tuple(cores[opening - len(lead):opening]) == lead),
                    None)
        if lead is None or not free(i) or not free(i + 1) or "\n" in text[words[opening - len(lead)].start:words[i + 1].end]:
            continue
        if re.search(r"[.,;:?!]", text[words[opening - len(lead)].start:words[i].start]) or re.search(
                r"[.;:?!]", text[words[i].start:words[i + 1].start]):
            continue
        if i + 2 < len(words) and value(i + 2) is not None and not re.search(r"[.;:?!]$", text[words[i + 1].start:words[i + 1].end]):
            continue  # a list of numbers
        a, b = words[i].start, words[i + 1].start + len(cores[i + 1])
        taken[a:b] = b"\x01" * (b - a)
        found.append(Mention(a, b, "HEIGHT", (SPOKEN,), score=0.5, confidence=3))
    return found

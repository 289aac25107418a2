"""Offsets into one document: trimming, accents off letters, sorted-range look-ups, lines, protected ranges.

Protected ranges are the whitelisted phrases of a document (``California Code of
Regulations``, the corpus terms of ``Config.whitelist_terms``): :func:`protect` finds
them once per document and the :class:`Protected` value is passed on to detection
(the filter) and normalization (the re-scan), so every stage masks nothing inside them
and whitelists the same terms.
"""
from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Sequence

from anonymizer.lang.en import gazetteer, lexicon, vocabulary, vocabulary_bodies
from anonymizer.lang.en.transcript import line_start, line_starts  # noqa: F401  (the line helpers of spans)

Range = tuple[int, int]


def trim_space(text: str, start: int, end: int) -> Range | None:
    """``(start, end)`` without surrounding white space, or None when nothing is left."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def without_accents(text: str) -> str:
    """``text`` with every accented letter as its plain letter, case and length kept (``Saldívar`` ->
    ``Saldivar``, ``ECHEVERRÍA`` -> ``ECHEVERRIA``): an offset into it is the same offset into ``text``."""
    if text.isascii():
        return text
    table = {ord(char): plain for char in set(text) if not char.isascii() and (plain := _plain_letter(char)) != char}
    return text.translate(table) if table else text  # curly quotes and dashes alone: nothing to translate


def _plain_letter(char: str) -> str:
    decomposed = unicodedata.normalize("NFD", char)
    plain = len(decomposed) > 1 and all(unicodedata.combining(mark) for mark in decomposed[1:])
    return decomposed[0] if plain else char


def free_pieces(start: int, end: int, taken: Iterable[Range]) -> list[Range]:
    """The parts of ``start:end`` not covered by any of ``taken`` (in order, non-empty)."""
    pieces: list[Range] = []
    cursor = start
    for s, e in sorted(taken):
        if e <= cursor or s >= end:
            continue
        if s > cursor:
            pieces.append((cursor, s))
        cursor = max(cursor, e)
    if cursor < end:
        pieces.append((cursor, end))
    return pieces


def overlapping(ranges: Sequence[Range], start: int, end: int, reach: int = 500) -> list[Range]:
    """Ranges of the sorted ``ranges`` overlapping ``start:end`` (nearest first).

    Ranges starting more than ``reach`` characters before ``start`` are not looked at.
    """
    i = bisect.bisect_left(ranges, (end,))
    found = []
    while i > 0:
        i -= 1
        s, e = ranges[i]
        if e > start:
            found.append((s, e))
        elif s < start - reach:
            break
    return found


def contains(ranges: Sequence[Range], start: int, end: int) -> bool:
    """Whether one of the sorted, disjoint ``ranges`` contains ``start:end``."""
    i = bisect.bisect_right(ranges, (start, float("inf"))) - 1
    return i >= 0 and ranges[i][0] <= start and end <= ranges[i][1]


def container(ranges: Iterable[Range]):
    """``inside(start, end)``: whether one of ``ranges`` (in any order, overlapping or not) contains
    ``start:end`` -- ``any(s <= start and end <= e ...)`` in O(log n) a question, not O(n)."""
    ordered = sorted(ranges)
    starts = [s for s, _ in ordered]
    reach = list(itertools.accumulate((e for _, e in ordered), max))  # the furthest end so far

    def inside(start: int, end: int) -> bool:
        i = bisect.bisect_right(starts, start) - 1
        return i >= 0 and reach[i] >= end

    return inside


def touches(ranges: Sequence[Range], start: int, end: int) -> bool:
    """Whether ``start:end`` overlaps one of the sorted ``ranges`` next to where it would sort."""
    i = bisect.bisect_right(ranges, (start, float("inf"))) - 1
    for j in (i - 1, i, i + 1):
        if 0 <= j < len(ranges) and ranges[j][0] < end and start < ranges[j][1]:
            return True
    return False


def sentence_initial(text: str, start: int) -> bool:
    """True when ``start`` opens a sentence (line start, an indented quote's too, after ``.?!:;`` or a dash, after a
    line-opening Q&A marker ``Q.`` or ``Q``); not after an abbreviation or an initial (``Mr. Young``), but
    after a number (``when I was 3. Honestly``)."""
    before = text[line_start(text, start) : start].rstrip().rstrip("\"'“‘([").rstrip()
    if not before or before.lstrip() in ("Q.", "A.", "Q", "A"):
        return True  # a line's opening, or a Q&A marker with or without its dot ("Q    Let me read ...")
    if before[-1] == ".":
        last = before[:-1].rsplit(None, 1)[-1] if before[:-1].strip() else ""
        return not ((len(last) == 1 and last.isalpha()) or last.casefold() in vocabulary.ABBREVIATIONS)
    return before[-1] in "?!:;—-"


def line_end(text: str, pos: int) -> int:
    """Offset of the line break ending the line holding ``pos`` (the text length on the last line)."""
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def line_before(text: str, start: int, width: int = 60) -> str:
    """Up to ``width`` characters before ``start`` on the same line."""
    first = text.rfind("\n", max(0, start - width), start) + 1
    return text[max(first, start - width) : start]


@dataclass(frozen=True, slots=True)
class Protected:
    """The whitelist of one document: its extra terms and the ranges its phrases cover."""

    extra: tuple[str, ...] = ()
    ranges: tuple[Range, ...] = ()
    #: one-word terms with a title or first name right before them (``Mr. Law``, ``Jude Law``):
    #: a name there, never protected
    named: tuple[Range, ...] = ()

    def contains(self, start: int, end: int) -> bool:
        """Whether ``start:end`` lies inside one whitelisted phrase."""
        return bool(self.ranges) and contains(self.ranges, start, end)

    def with_ranges(self, ranges: Iterable[Range]) -> "Protected":
        """The same whitelist protecting ``ranges`` too (a heading of the title page); overlapping
        ranges are joined, so :meth:`contains` still reads sorted, disjoint ranges."""
        joined: list[list[int]] = []
        for start, end in sorted((*self.ranges, *ranges)):
            if joined and start <= joined[-1][1]:
                joined[-1][1] = max(joined[-1][1], end)
            else:
                joined.append([start, end])
        return Protected(self.extra, tuple((a, b) for a, b in joined), self.named)

    def is_whitelisted(self, term: str) -> bool:
        """:func:`anonymizer.lang.en.lexicon.is_whitelisted` with this document's extra terms."""
        return lexicon.is_whitelisted(term, self.extra)

    def stretched(self, text: str, start: int, end: int) -> bool:
        """Whether ``start:end`` is a whitelisted phrase stretched by a state's name only
        (``CALIFORNIA BOARD OF PAROLE`` of ``CALIFORNIA BOARD OF PAROLE HEARINGS``)."""
        taken = overlapping(self.ranges, start, end) if self.ranges else []
        rest = (_STATE_OF.sub("", text[s:e].strip(" ,")) for s, e in free_pieces(start, end, taken))
        return bool(taken) and all(not word or gazetteer.place_category(word) == "STATE" for word in rest)

    def is_named(self, start: int, end: int) -> bool:
        """Whether ``start:end`` is a whitelisted word standing as a name (``Jude Law``)."""
        return bool(self.named) and overlapping(self.named, start, end)


#: a car's make that is a name too after its model year, with its model ("a '79 Ford F-150", "his 1998 Dodge Ram",
#: "a green '96 Mercury Sable"): a vehicle, no one's name
_VEHICLE = re.compile(rf"(?<![\w'’])(?:['’]\d\d|(?i:a|an|his|her|my|their|the|your)[ ](?:19|20)\d\d)[ ](?P<make>"
                      rf"(?:{'|'.join(vocabulary_bodies.NAMED_VEHICLE_MAKES)})(?:[ ][A-Z][\w-]*(?![ ][A-Z]))?)(?![\w'’-])")


#: a section's number after a code's name ("Vehicle Code 23152(a)", "Health and Safety Code section 11350"): the law
#: cited, part of the protected phrase
_SECTION_AFTER = re.compile(r"(?<=Code)[ ](?:(?i:section)[ ]|§[ ]?)?\d{1,6}(?:\.\d+)*(?:\([A-Za-z0-9]{1,3}\))*(?![\w.-]\w)")


def protect(text: str, extra: Iterable[str] = ()) -> Protected:
    """The whitelisted ranges of ``text`` (packaged whitelist plus ``extra``, a code's with the section's number after
    it) and the vehicles named by their model year (``a '79 Ford F-150``), found once."""
    extra = tuple(extra)
    ranges, named = [m.span("make") for m in _VEHICLE.finditer(text)], []
    for match in lexicon.whitelist_pattern(extra).finditer(text):
        start, end = match.span()
        section = _SECTION_AFTER.match(text, end)
        (named if _beside_name(text, start, end) else ranges).append((start, section.end() if section else end))
    return Protected(extra, tuple(ranges), tuple(named))


_WORD_BEFORE = re.compile(r"(?<![\w'’.-])([A-Z][a-z]+)\.?[ ]$")
_STATE_OF = re.compile(r"^(?i:(?:the|state|of)(?:[ ]|$))+|['’]s$")


def _beside_name(text: str, start: int, end: int) -> bool:
    """A capitalised one-word term right after a person title or an uncommon first name."""
    word = text[start:end]
    if " " in word or not word[:1].isupper() or word.isupper():
        return False
    before = _WORD_BEFORE.search(text, max(0, start - 20), start)
    if before is None:
        return False
    previous = before.group(1).casefold()
    return lexicon.is_surname_title(previous) or (
        previous in gazetteer.first_names() and not lexicon.is_common_word(previous)
    )


_GLOSS = re.compile(r"[^\W\d_][^\d()\n]{0,60}\)")


def close_bracket(text: str, start: int, end: int, label: str) -> int:
    """End of a span with a bracket it opens and does not close: an organization's or place's
    gloss closes it ("Salzburg Federal Police Authority (Bundespolizeidirektion)"), anything
    else is cut off ("Fourth Section (Rule 1", "Smith (inaudible")."""
    opened = text.rfind("(", start, end)
    if opened <= start or ")" in text[opened:end]:
        return end
    gloss = _GLOSS.match(text, opened + 1)
    if label in ("ORGANIZATION", "LOCATION") and gloss and gloss.end() > end \
            and text[opened + 1].isupper() and not lexicon.is_whitelisted(text[opened + 1:gloss.end() - 1]):
        return gloss.end()
    return opened

"""A plain-text transcript printed like its PDF, read the way the pass expects, offsets kept.

The pass reads one utterance per line (``docs/transcript-format.md``). A text file saved from
a printed transcript has instead the printed lines: a line-number gutter (``12   took his
wallet``), page numbers on lines of their own, and utterances wrapped over several lines, so a
name or an inmate number may be cut by a line break and a gutter (``Florida`` / ``7   Avenue``).

:func:`view` builds the text the pass reads from such a file, with the PDF path's rules: the
gutter's numbers and the page numbers out, the title page line by line, the body joined into
one line per utterance (:func:`anonymizer.pdf_text.flow`). Unlike the PDF path, the file's text
stays the document's text: :class:`View` maps every offset of the view back to the file, so
the mentions found in the view mark the file's own characters (a mention may then hold a line
break and a gutter: ``Florida`` / ``7   Avenue`` is one address).

A text already in the transcript format, one utterance per line and no gutter, has no view.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from anonymizer.header import ends_title
from anonymizer.pdf_text import flow

#: a line's leading number and the space after it (``12   took his``); a number alone (``12``)
_GUTTER = re.compile(r"[ \t]{0,6}(\d{1,2})(?:[ \t]+|$)")
#: a page number printed alone on its line
_PAGE_NUMBER = re.compile(r"[ \t]*\d{1,4}[ \t]*")
#: the fewest numbered lines, and their least share of the printed lines, that make a gutter
_MIN_NUMBERED = 20
_MIN_NUMBERED_SHARE = 0.5
#: wrapped body: the fewest lines that continue an utterance, their least share of the body's lines,
#: and the longest line most body lines stay under (a transcript-format line holds a whole utterance)
_MIN_WRAPPED = 10
_MIN_WRAPPED_SHARE = 0.3
_PRINTED_WIDTH = 100


@dataclass(frozen=True, slots=True)
class View:
    """The text the pass reads and, for each of its characters, the file's offset it stands for."""

    text: str
    origin: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The file's span of the view's ``start:end``."""
        return self.origin[start], self.origin[end - 1] + 1

    def offset(self, pos: int) -> int:
        """The file's offset of a boundary of the view (``pos`` up to ``len(text)``)."""
        return self.origin[pos - 1] + 1 if pos else 0


def _lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line, without its line break."""
    out, start = [], 0
    for match in re.finditer(r"\r?\n", text):
        out.append((start, match.start()))
        start = match.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


def _gutters(text: str, lines: list[tuple[int, int]]) -> dict[int, int] | None:
    """For each printed line that opens with its line number, where its text starts; page
    numbers alone on a line are not line numbers (their lines map to their end). None without
    a gutter: numbers that count up (1, 2, 3 ... starting again on every page) on most lines."""
    found: dict[int, int] = {}
    previous = numbered = 0
    for i, (start, end) in enumerate(lines):
        match = _GUTTER.match(text, start, end)
        number = int(match.group(1)) if match else None
        if number is not None and (number == previous + 1 or (number == 1 and previous >= 2)):
            found[i] = match.end()
            previous = number
            numbered += 1
        elif _PAGE_NUMBER.fullmatch(text, start, end):
            found[i] = end  # a page number: nothing of it is read
    printed = sum(1 for start, end in lines if text[start:end].strip())
    if numbered < _MIN_NUMBERED or numbered < _MIN_NUMBERED_SHARE * printed:
        return None
    return found


def _body_start(text: str, lines: list[tuple[int, int]], starts: list[int]) -> int:
    """Index of the first body line: the title page's end (``P R O C E E D I N G S``, the first utterance)."""
    return next((i for i, (_, end) in enumerate(lines) if ends_title(text[starts[i]:end])), len(lines))


def _wrapped(pieces: list[str], steps: list[tuple[str, str | None]]) -> bool:
    """Whether the body's utterances are wrapped over printed lines (``steps``: ``flow(pieces)``)."""
    continuing = sum(1 for _, sep in steps if sep is not None)
    short = sum(1 for line in pieces if len(line) <= _PRINTED_WIDTH)
    return continuing >= _MIN_WRAPPED and continuing >= _MIN_WRAPPED_SHARE * len(pieces) \
        and short >= 0.9 * len(pieces)


def _printed(text: str, lines: list[tuple[int, int]], starts: list[int], first: int) -> list[tuple[int, int]]:
    """(start, end) of the text of every body line that has any, without surrounding white space."""
    out = []
    for i in range(first, len(lines)):
        start, end = starts[i], lines[i][1]
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append((start, end))
    return out


def view(text: str) -> View | None:
    """The text the pass reads of a file printed like a PDF transcript, or None when ``text`` is
    already one utterance per line without a gutter."""
    lines = _lines(text)
    gutters = _gutters(text, lines)
    starts = [gutters.get(i, start) if gutters else start for i, (start, _) in enumerate(lines)]
    first = _body_start(text, lines, starts)
    printed = _printed(text, lines, starts, first)
    pieces = [text[start:end] for start, end in printed]
    steps = flow(pieces)
    if gutters is None and not _wrapped(pieces, steps):
        return None
    chars: list[str] = []
    origin: list[int] = []

    def put(start: int, end: int) -> None:
        chars.append(text[start:end])
        origin.extend(range(start, end))

    def gap(char: str, at: int) -> None:
        chars.append(char)
        origin.append(at)

    for i in range(first):  # the title page, line by line
        end = lines[i][1]
        put(starts[i], end)
        gap("\n", end)
    previous_end = None
    for (start, end), (_, sep) in zip(printed, steps):
        if previous_end is not None and sep != "":  # "" joins a spelled name wrapped after a hyphen
            gap("\n" if sep is None else sep, previous_end)
        put(start, end)
        previous_end = end
    if previous_end is not None:
        gap("\n", previous_end)
    return View("".join(chars), tuple(origin))

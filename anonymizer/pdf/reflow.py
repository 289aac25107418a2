"""A plain-text transcript printed like its PDF, read the way the pass expects, offsets kept.

The pass reads one utterance per line (``docs/transcript-format.md``). A text file saved from
a printed transcript has instead the printed lines: a line-number gutter (``12   took his
wallet``), page numbers on lines of their own, and utterances wrapped over several lines, so a
name or an inmate number may be cut by a line break and a gutter (``Florida`` / ``7   Avenue``).

:func:`view` builds the text the pass reads from such a file, with the PDF path's rules: the
gutter's numbers and the page numbers out, the title page line by line, the body joined into
one line per utterance (:func:`anonymizer.pdf.text.flow`). Unlike the PDF path, the file's text
stays the document's text: :class:`View` maps every offset of the view back to the file, so
the mentions found in the view mark the file's own characters (a mention may then hold a line
break and a gutter: ``Florida`` / ``7   Avenue`` is one address).

A text already in the transcript format, one utterance per line and no gutter, has no view. A caption
file (WebVTT, SRT) saved as text gets the view of :mod:`anonymizer.pdf.captions`.
"""
from __future__ import annotations

import re

from anonymizer.header import ends_title
from anonymizer.pdf import captions
from anonymizer.pdf.text import flow, is_heading, separator
from anonymizer.unbroken import Building
from anonymizer.unbroken import View  # noqa: F401  (the views' one home; re-exported)
from anonymizer.unbroken import lines as _lines

#: a line's leading number and the space after it (``12   took his``); a number alone (``12``); the number may
#: stand right-aligned in a wide column, as a stenographer prints it (``       2             SENATOR ...``)
_GUTTER = re.compile(r"[ \t]{0,10}(\d{1,2})(?:[ \t]+|$)")
#: a page number printed alone on its line
_PAGE_NUMBER = re.compile(r"[ \t]*\d{1,4}[ \t]*")
#: the fewest numbered lines, and their least share of the printed lines, that make a gutter; or
#: the fewest lines in whole numbered pages (runs counting 1 .. _FULL_PAGE or further) when pages
#: without numbers (a certificate, an errata sheet, an index) hold most of the printed lines
_MIN_NUMBERED = 20
_MIN_NUMBERED_SHARE = 0.5
_FULL_PAGE = 10
#: a page without line numbers: the most a prose line starts right of the page's left margin (an
#: indented paragraph, a list's hanging indent)
_INDENT = 8
#: a gap that sets a line's words in columns, or an index's dot leader
_COLUMNS = re.compile(r"\S {3,}\S|\.{4,}|(?:\. ){3,}")
#: an unnumbered line goes on the one before when that one fills this share of the prose's width
_LONG_LINE = 0.6
_SENTENCE_END = (".", "?", "!", ":")
#: a list's item number or bullet at the start of a line
_LIST_ITEM = re.compile(r"(?:\d{1,3}[.)]|[a-z][.)]|[-*\u2022])\s")
#: wrapped body: the fewest lines that continue an utterance, their least share of the body's lines,
#: and the longest line most body lines stay under (a transcript-format line holds a whole utterance)
_MIN_WRAPPED = 10
_MIN_WRAPPED_SHARE = 0.3
_PRINTED_WIDTH = 100


def _gutters(text: str, lines: list[tuple[int, int]]) -> dict[int, int] | None:
    """For each printed line that opens with its line number, where its text starts; page
    numbers alone on a line are not line numbers (their lines map to their end). None without
    a gutter: numbers that count up (1, 2, 3 ... starting again on every page) on most lines."""
    found: dict[int, int] = {}
    previous = numbered = paged = run = 0
    for i, (start, end) in enumerate(lines):
        match = _GUTTER.match(text, start, end)
        number = int(match.group(1)) if match else None
        if number is not None and (number == previous + 1 or (number == 1 and previous >= 2)):
            found[i] = match.end()
            run = 1 if number == 1 else run + 1 if run else 0  # a run counts from a page's first line
            if run >= _FULL_PAGE:
                paged += _FULL_PAGE if run == _FULL_PAGE else 1
            previous = number
            numbered += 1
        elif _PAGE_NUMBER.fullmatch(text, start, end):
            found[i] = end  # a page number: nothing of it is read
    printed = sum(1 for start, end in lines if text[start:end].strip())
    if numbered < _MIN_NUMBERED or (numbered < _MIN_NUMBERED_SHARE * printed and paged < _MIN_NUMBERED):
        return None
    return found


#: a line's number printed after its words (``sir. 3``: a PDF's text read with the gutter on the right)
_TRAILING_GUTTER = re.compile(r"(?:^|(?<=[ \t]))(\d{1,2})[ \t]*$")


def _trailing_gutters(text: str, lines: list[tuple[int, int]]) -> dict[int, int] | None:
    """For each printed line that ends with its line number, where its words end (page numbers alone on a line
    map to their start: nothing of them is read). None unless the numbers count up (1, 2, 3 ... again on every
    page) on most lines, as :func:`_gutters` asks of a gutter on the left."""
    found: dict[int, int] = {}
    previous = numbered = 0
    for i, (start, end) in enumerate(lines):
        match = _TRAILING_GUTTER.search(text, start, end)
        number = int(match.group(1)) if match else None
        if match and text[start:match.start()].strip() == "" and previous not in (0,) and number != previous + 1:
            found[i] = start  # a page number alone on its line
            continue
        if number is not None and (number == previous + 1 or (number == 1 and previous >= 2)):
            found[i] = match.start()
            previous = number
            numbered += 1
    printed = sum(1 for start, end in lines if text[start:end].strip())
    if numbered < _MIN_NUMBERED or numbered < _MIN_NUMBERED_SHARE * printed:
        return None
    return found


#: a rule of dashes, underscores or equals signs alone on its line, and the most printed lines of front matter
#: (a title page and the lists of appearances and witnesses after it) a rule may stand in above the first utterance
_RULE = re.compile(r"[ \t]*(?:-{5,}|_{5,}|={5,})[ \t]*")
_FRONT_LINES = 400


def _body_start(text: str, lines: list[tuple[int, int]], starts: list[int]) -> int:
    """Index of the first body line: the title page's end (``P R O C E E D I N G S``, the first utterance). A bare
    rule ends it only where no utterance or other separator follows within the front pages: a state senate's title
    page frames the hearing's name between two rules above its lists of those presiding, present and speaking."""
    ends = (i for i, (_, end) in enumerate(lines) if ends_title(text[starts[i]:end]))
    first = next(ends, len(lines))
    if first < len(lines) and _RULE.fullmatch(text, starts[first], lines[first][1]):
        later = next((i for i in ends if not _RULE.fullmatch(text, starts[i], lines[i][1])), len(lines))
        if later - first <= _FRONT_LINES:
            return later
    return first


def _wrapped(pieces: list[str], steps: list[tuple[str, str | None]]) -> bool:
    """Whether the body's utterances are wrapped over printed lines (``steps``: ``flow(pieces)``)."""
    continuing = sum(1 for _, sep in steps if sep is not None)
    short = sum(1 for line in pieces if len(line) <= _PRINTED_WIDTH)
    return continuing >= _MIN_WRAPPED and continuing >= _MIN_WRAPPED_SHARE * len(pieces) \
        and short >= 0.9 * len(pieces)


def _printed(text: str, lines: list[tuple[int, int]], starts: list[int], first: int) -> list[tuple[int, int, int]]:
    """(line, start, end) of the text of every body line that has any, without surrounding white space."""
    out = []
    for i in range(first, len(lines)):
        start, end = starts[i], lines[i][1]
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append((i, start, end))
    return out


def _steps(text: str, lines: list[tuple[int, int]], printed: list[tuple[int, int, int]],
           numbered: list[bool] | None) -> list[tuple[str, str | None]]:
    """How every printed body line joins the one before (``flow``). With a gutter, the lines without a
    number (a certificate, an errata sheet, an index between numbered pages) are read like a PDF's
    certificate: a line goes on the one before only when that one was wrapped (:func:`_wraps`)."""
    pieces = [text[start:end] for _, start, end in printed]
    if numbered is None:
        return flow(pieces)
    plain = [(i, start, end) for (i, start, end), has in zip(printed, numbered) if not has]
    left = min((start - lines[i][0] for i, start, _ in plain), default=0)
    right = max((end - lines[i][0] for i, start, end in plain  # the right margin of the prose
                 if start - lines[i][0] <= left + _INDENT and not _COLUMNS.search(text, start, end)), default=0)
    out: list[tuple[str, str | None]] = []
    run: list[str] = []
    for k, (piece, has_number) in enumerate(zip(pieces, numbered)):
        if has_number:
            run.append(piece)
            continue
        out += flow(run)
        run = []
        wraps = k and not numbered[k - 1] and _wraps(text, lines, printed[k - 1], printed[k], left, right)
        out.append((piece, separator(pieces[k - 1], piece) if wraps else None))
    return out + flow(run)


def _wraps(text: str, lines: list[tuple[int, int]], before: tuple[int, int, int], after: tuple[int, int, int],
           left: int, right: int) -> bool:
    """True when the printed line ``after`` goes on ``before``: both prose from the left margin (not a
    signature block, a table's row, an index's dot leaders or a heading), the next line with no blank
    line between and no list marker, and ``before`` a long line whose sentence is still open."""
    (i, start, end), (j, next_start, next_end) = before, after
    if j != i + 1 or start - lines[i][0] > left + _INDENT or next_start - lines[j][0] > left + _INDENT:
        return False
    line, following = text[start:end], text[next_start:next_end]
    if is_heading(line) or line.endswith(_SENTENCE_END) or _LIST_ITEM.match(following):
        return False
    if any(_COLUMNS.search(piece) for piece in (line, following)):
        return False
    return end - lines[i][0] - left >= _LONG_LINE * (right - left)


def view(text: str) -> View | None:
    """The text the pass reads of a file printed like a PDF transcript, or None when ``text`` is
    already one utterance per line without a gutter. Captions (WebVTT, SRT) are read as one flow of speech
    (:mod:`anonymizer.pdf.captions`)."""
    heard = captions.view(text)
    if heard is not None:
        return heard
    lines = _lines(text)
    gutters = _gutters(text, lines)
    if gutters is None:  # the numbers after the words: each line ends before its number, then read as above
        trailing = _trailing_gutters(text, lines)
        if trailing is not None:
            lines = [(start, trailing.get(i, end)) for i, (start, end) in enumerate(lines)]
            gutters = {i: lines[i][0] for i in trailing}
    starts = [gutters.get(i, start) if gutters else start for i, (start, _) in enumerate(lines)]
    first = _body_start(text, lines, starts)
    printed = _printed(text, lines, starts, first)
    steps = _steps(text, lines, printed, [i in gutters for i, _, _ in printed] if gutters else None)
    pieces = [piece for piece, _ in steps]
    if gutters is None and not _wrapped(pieces, steps):
        return None
    built = Building(text)
    put, gap = built.put, built.gap

    for i in range(first):  # the title page, line by line
        end = lines[i][1]
        put(starts[i], end)
        gap("\n", end)
    previous_end = None
    for (_, start, end), (_, sep) in zip(printed, steps):
        if previous_end is not None and sep != "":  # "" joins a spelled name wrapped after a hyphen
            gap("\n" if sep is None else sep, previous_end)
        put(start, end)
        previous_end = end
    if previous_end is not None:
        gap("\n", previous_end)
    return built.view()

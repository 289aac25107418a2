"""Joining the cleaned printed lines into text (steps 5-6 of ``anonymizer.pdf``).

The body becomes one line per utterance; the transcriber's certificate becomes paragraphs by
layout. ``anonymizer.pdf`` re-exports these names.
"""
from __future__ import annotations

import re
import statistics
from collections.abc import Iterable

from anonymizer.lang.en import gazetteer, lexicon, plain
from anonymizer.lang.en.transcript import LINE_LABEL, is_speaker_tag, speaker_labels
from anonymizer.lang.en.vocabulary import fold_accents
from anonymizer.pdf.pages import Line, Page

_NOTE_START_RE = re.compile(r"^\(\s*[A-Z]")  # (Off the record), (Whereupon ...); not (indiscernible)
_SEPARATOR_RE = re.compile(r"^(?=.*[-=*_~•])[-=*_~•oO0. ]{3,}$")
_SPELLED_END_RE = re.compile(r"(?:^|\s)((?:[A-Za-z]-)+)$")
_SPELLED_START_RE = re.compile(r"^[A-Za-z]")
_SPELLED_NEXT_RE = re.compile(r"^[A-Za-z]-[A-Za-z]")
#: a number broken at a hyphen ending its printed line (``559-555-`` / ``0177``); a word is not joined,
#: as a hyphen ending a line is mostly a word cut off in speech (``Hernan-`` / ``okay``)
_BROKEN_END_RE = re.compile(r"\d\d-$")
_BROKEN_START_RE = re.compile(r"^\d")
#: a word a printer broke at its line's end with a hyphen (``Villar-`` / ``real``, ``commit-`` / ``ment``)
_PRINTED_BREAK_END_RE = re.compile(r"(?<![\w'’-])([^\W\d_]*[^\W\d_A-Z])-$")
_PRINTED_BREAK_START_RE = re.compile(r"^(?![A-Z])[^\W\d_]+(?![\w'’-])")
_WORD_RE = re.compile(r"[^\W\d_]{3,}")
#: a recording's timestamp opening a printed line, in brackets or with its seconds (``[00:00:02]``, ``00:00:03.120``)
_STAMP_OPEN_RE = re.compile(r"[\[(]\d{1,2}:[0-5]\d|\d{1,2}:[0-5]\d:[0-5]\d")
_CLOSED_END = (".", "?", "!", ")", '"', "”", "--", "—")
_HEADING_WORD = r"[A-Z][A-Z'’]*(?:-[A-Z]{2,}[A-Z'’]*)*\.?"  # a title's dot too: ``EXAMINATION BY MS. ROE``
#: a question's or an answer's turn of an examination (``Q. Where were you born?``, ``A: In Zamora.``)
_TURN_RE = re.compile(r"^[QA][.:]\s")
#: an examination's turn without its dot (``Q Can you state your name``, ``A Yes.``, a ``Q`` alone): a turn
#: only in a transcript whose questions open so (:data:`_BARE_TURNS` of its lines at least), and before a capital
_BARE_TURN_RE = re.compile(r"^[QA](?:[ \t]+[A-Z(]|[ \t]*$)")
_BARE_QUESTION_RE = re.compile(r"^Q[ \t]+[A-Z]")
_BARE_TURNS = 5
#: an index's entry: a dot leader to its page (``Proceedings ........ 3``)
_LEADER_RE = re.compile(r"\.{5,}\s*\d+$")
#: a list's item: a dash or a bullet before its words (``- Central file and ERMS records``)
_BULLET_RE = re.compile(r"^[-•*–]\s+\S")
_HEADING_RE = re.compile(rf"^{_HEADING_WORD}(?: {_HEADING_WORD})*$")


# --- certificate -----------------------------------------------------------------


def _is_certificate_heading(text: str) -> bool:
    return ("CERTIFICATE" in text or "CERTIFICATION" in text) and is_heading(text)


def split_certificate(pages: list[Page]) -> tuple[list[Line], list[tuple[int, Line]]]:
    """Body lines, and the certificate's (page, line) pairs from the last pages.

    The certificate starts at the top of the page holding its heading, unless
    an utterance precedes the heading on that page; then at the heading.
    """
    for number in range(max(0, len(pages) - 2), len(pages)):
        page = pages[number]
        heading = next((i for i, line in enumerate(page) if _is_certificate_heading(line.text)), None)
        if heading is None:
            continue
        start = heading if any(is_speaker_tag(line.text) for line in page[:heading]) else 0
        body = [line for p in pages[:number] for line in p] + page[:start]
        certificate = [(number, line) for line in page[start:]]
        certificate += [(later, line) for later in range(number + 1, len(pages)) for line in pages[later]]
        return body, certificate
    return [line for page in pages for line in page], []


# --- joining ---------------------------------------------------------------------


def join(left: str, right: str) -> str:
    """Join a printed line to the text before it: one space, none inside a wrapped spelled name."""
    return f"{left}{separator(left, right)}{right}"


def separator(left: str, right: str) -> str:
    """What joins a printed line to the text before it: one space, none inside a wrapped spelled name
    or a number broken at a hyphen.

    A spelled name is broken after a hyphen: the line ends in letter-hyphen
    pairs (``Y-O-``) and the next starts with a letter (``U-N-G``); a single
    pair (``Y-``) needs the next line to go on spelling (``O-U-N-G``) so a
    stutter like ``I-`` / ``I went`` keeps its space. A number broken at the
    line's end goes on with digits (``559-555-`` / ``0177``); the hyphen stays.
    """
    match = _SPELLED_END_RE.search(left)
    if match and (_SPELLED_START_RE.match(right) if len(match.group(1)) >= 4 else _SPELLED_NEXT_RE.match(right)):
        return ""
    if _BROKEN_END_RE.search(left) and _BROKEN_START_RE.match(right):
        return ""
    return " "


def rejoined(left: str, right: str, seen: frozenset[str] = frozenset()) -> str | None:
    """``left`` and ``right`` joined when a printer broke a word at the line's end with a hyphen, else None: the
    pieces make a word the lists know (a dictionary's word, a Census name, a known place: ``Villar-`` / ``real``,
    ``Hec-`` / ``tor``, ``Ata-`` / ``scadero``) or one the document prints whole elsewhere (``seen``, case-folded:
    ``Woldem-`` / ``ariam``); a word cut off in speech (``Hernan-`` / ``okay``), a compound (``self-`` / ``help``)
    and a double surname (``Osei-`` / ``Boateng``) keep their hyphen."""
    end, start = _PRINTED_BREAK_END_RE.search(left), _PRINTED_BREAK_START_RE.match(right)
    if not (end and start and len(end.group(1)) >= 2):
        return None
    word = end.group(1) + start.group()
    folded = fold_accents(word)  # ``Gutié-`` / ``rrez``: the Census lists ``gutierrez``
    if not (word.casefold() in seen or plain.in_dictionary(word) or lexicon.is_common_word(word)
            or folded in gazetteer.first_names() or folded in gazetteer.last_names() or gazetteer.is_known_place(word)):
        return None
    return f"{left[:-1]}{right}"


def is_heading(text: str) -> bool:
    """A section heading: words in capitals only (``DECISION``), six letters or more, no spelled name."""
    return bool(_HEADING_RE.match(text)) and sum(c.isalpha() for c in text) >= 6


def _worded_heading(text: str) -> bool:
    """A line in capitals of plain words, no census name among them (``PSYCHOSOCIAL HISTORY``, ``SOURCES OF
    INFORMATION``, ``INDEX``, ``PROCEEDINGS``): a section's heading wherever it stands, never a name in capitals
    wrapped inside a sentence (``HOPE LITTLE``)."""
    if not _HEADING_RE.match(text):
        return False
    words = [w for w in re.findall(r"[A-Za-z]+", text) if not lexicon.is_stop_word(w.casefold())]
    if len(words) == 1:
        return len(words[0]) >= 4 and plain.is_plain_word(words[0])
    return len(words) >= 2 and any(map(plain.is_plain_word, words)) and not any(
        w.casefold() in gazetteer.first_names() or (w.casefold() in gazetteer.last_names() and not plain.is_plain_word(w))
        for w in words)


def _paren_depth(text: str, depth: int = 0) -> tuple[int, bool]:
    """Parenthesis depth after ``text`` and whether it closed before the end of the line."""
    for i, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth <= 0 and i < len(text) - 1:
            return 0, True
    return max(depth, 0), False


def utterances(texts: Iterable[str]) -> list[str]:
    """Join printed body lines into one line per utterance / standalone item (see :func:`flow`); a word a printer
    broke with a hyphen at a line's end is joined again (:func:`rejoined`)."""
    texts = list(texts)
    seen = frozenset(word.casefold() for text in texts for word in _WORD_RE.findall(text))
    out: list[str] = []
    for text, sep in flow(texts):
        if sep is None:
            out.append(text)
        elif sep == " " and (word := rejoined(out[-1], text, seen)) is not None:
            out[-1] = word
        else:
            out[-1] += sep + text
    return out


#: a recording's timestamp ending a printed line, one space before it (print keeps no wide gap)
_STAMP_END = re.compile(r"(?<=\S) (\d{1,2}:[0-5]\d:[0-5]\d)$")  # with its seconds: no clock time ending a line


#: a speaker's label of a few words alone before a timestamp, lower case after its first word (``Unidentified
#: speaker  0:06:30``)
_STAMP_LINE = re.compile(r"[A-Z][A-Za-z'’.-]*(?:[ ][A-Za-z'’.-]+){0,4}[ ]+\d{1,2}:[0-5]\d:[0-5]\d")


def speaker_label(text: str) -> re.Match[str] | None:
    """A speaker's label in mixed case opening a printed line (``transcript.speaker_labels``): ``Presiding
    Commissioner Faulkner:``, or a name before a timestamp whose wide gap the print lost."""
    return next(speaker_labels(_STAMP_END.sub(r"  \1", text)), None)


def stamped_label(text: str) -> str | None:
    """A printed line that is a speaker's label and a recording's timestamp, alone (``Marcus Boyd 0:00:12``,
    ``Unidentified speaker 0:06:30``), with its wide gap back; else None."""
    return _stamped(text, speaker_label(text))


def _stamped(text: str, label: re.Match[str] | None) -> str | None:
    """:func:`stamped_label` of a line whose :func:`speaker_label` is ``label``."""
    if label is not None:
        return label.string if label.group("stamp") else None
    return _STAMP_END.sub(r"  \1", text) if _STAMP_LINE.fullmatch(text) else None


def stamped_turn(text: str) -> bool:
    """A printed line opening a turn of a recording's transcript: a timestamp, then a label up to its colon
    (``[00:00:02] SPEAKER_00: all right``, ``00:00:03.120 spk_0: okay``; ``transcript.LINE_LABEL``)."""
    label = LINE_LABEL.match(text)
    return bool(label and label.group().endswith(":") and _STAMP_OPEN_RE.match(text.lstrip()))


def flow(texts: Iterable[str]) -> list[tuple[str, str | None]]:
    """Each printed body line and how it joins the one before: ``None`` when it starts an item (a speaker
    tag, a speaker's label in mixed case, an examination's ``Q.``/``A.`` turn, or ``Q``/``A`` without the dot where
    the questions open so), else the separator
    (:func:`separator`).

    Standalone: a parenthetical note that fills its printed line(s) and
    starts with a capital (``(Off the record)``; an inline ``(indiscernible)``
    continues the utterance), a separator, and a heading in capitals after a
    closed sentence (so a wrapped ``JOHN DOE`` inside a sentence continues it).
    """
    texts = list(texts)
    bare = sum(1 for text in texts if _BARE_QUESTION_RE.match(text)) >= _BARE_TURNS
    out: list[tuple[str, str | None]] = []
    current: str | None = None  # the open item that continuation lines join
    depth = 0  # open parentheses of a standalone parenthetical note

    def joined(text: str) -> None:
        nonlocal current
        sep = None if current is None else separator(current, text)
        out.append((text, sep))
        current = text if sep is None else f"{current}{sep}{text}"

    for text in texts:
        if depth:
            joined(text)
            depth, _ = _paren_depth(text, depth)
            if not depth:
                current = None
            continue
        label = speaker_label(text)
        stamped = _stamped(text, label)  # the label read once a line
        if stamped is not None:  # a label and its timestamp alone on their line: the words said follow
            out.append((stamped, None))
            current = None
        elif (is_speaker_tag(text) or _TURN_RE.match(text) or label is not None or _BULLET_RE.match(text)
              or stamped_turn(text) or (bare and _BARE_TURN_RE.match(text))):
            current = None
            joined(text)
        elif _NOTE_START_RE.match(text) and not (paren := _paren_depth(text))[1]:
            current = None
            joined(text)
            depth = paren[0]
            if not depth:
                current = None
        elif _SEPARATOR_RE.match(text) or _LEADER_RE.search(text) or _worded_heading(text) or (
                is_heading(text) and (current or ".").endswith(_CLOSED_END)):
            out.append((text, None))
            current = None
        else:
            joined(text)
    return out


def _continues(prev: tuple[int, Line], line: tuple[int, Line], right: float, pitch: float) -> bool:
    """True when ``line`` is the wrapped continuation of ``prev`` (certificate prose)."""
    (prev_page, before), (page, after) = prev, line
    if before.is_columns() or after.is_columns() or is_heading(before.text):
        return False
    if page == prev_page and after.top - before.top > 1.4 * pitch:
        return False  # paragraph gap
    first = after.words[0]
    width = first.x1 - first.x0
    space = width / max(len(first.text), 1)
    return before.x1 + space + width > right + 0.5


def paragraphs(lines: list[tuple[int, Line]], right: float) -> list[str]:
    """Join certificate lines into paragraphs; short lines (names, dates, company) stay alone."""
    pitches = [b.top - a.top for (p, a), (q, b) in zip(lines, lines[1:]) if p == q and b.top > a.top]
    pitch = statistics.median(pitches) if pitches else 0.0
    out: list[str] = []
    for i, item in enumerate(lines):
        if i and pitch and _continues(lines[i - 1], item, right, pitch):
            out[-1] = join(out[-1], item[1].text)
        else:
            out.append(item[1].text)
    return out

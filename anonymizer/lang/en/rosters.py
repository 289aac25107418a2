"""The list of participants on a hearing's front pages (a stenographer's ``SPEAKERS:``, ``PANELIST
INTRODUCTIONS:``): each entry a person's name on its own line (a page number far right perhaps), the role on the
next line, then whom the person speaks for::

    Avi Kendler                                          26
              President
    Save the Otters of the Bay

The shape is the evidence. Where three entries or more of a document open with a name the taggers found, the
first line of every other entry of that shape is a name too (a rare first name, ``Eoin``; a surname that is a place,
``Israel``, ``Seneca``), and the lines after the role name a body or a place: a piece of them (pieces apart at a
comma) that a tagger covered in part is one body (``Hudson River Boat and Yacht Club Association``, where the
tagger left ``and`` out), a piece no one covered is one when a word of it is no ordinary word (``Riverkeeper``,
``Town of Cortlandt``, ``Stony Point, NY``). Never a public body or an office (``New York State Police``,
``Town of Evans Police Department``, ``Drug Enforcement Agency``), a state (``NY``), a role (``County Executive``)
or ordinary words only (``Their Families``, ``Emergency Medical Services``).

Read by ``detect.document.roster_mentions``, which :meth:`anonymizer.detect.Detector.detect` runs after the filters
(source ``rule``).
"""
from __future__ import annotations

import re
from typing import Sequence

from anonymizer.lang.en import lexicon, plain, public_body, us_records, vocabulary

#: a span of the text and its label
Found = tuple[int, int, str]

#: a name's word: capitalised, perhaps inner capitals or a hyphen/apostrophe (``McLaughlin``, ``Elliot-Engel``)
_WORD = r"(?:[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:[-'’][A-Z][a-z]+)*|[IV]{2,3})"
_INITIAL = r"[A-Z]\."
#: an entry's first line: two to five words of a name (a title among them perhaps, initials between them), a
#: generational suffix or a role after a comma, a transcriber's ``[ph.]``, a page number after a gap
_HEAD = re.compile(
    rf"(?P<name>{_WORD}\.?(?:[ ]+(?:{_INITIAL}|{_WORD})){{1,4}}(?:,?[ ]+{_WORD}\.?)?)"
    rf"(?:[ ]+\[ph\.?\])?(?:[ ]{{2,}}\d{{1,4}})?[ ]*$")
#: a line that goes on in the next: it ends in a small word or a comma (``Associate Medical Director of``)
_GOES_ON = re.compile(r"(?:\b(?:of|for|and|on|at|to|in|the|&)|[-/,])[ ]*$")
#: words of a public office or body: such a piece is none of the person's own data
_PUBLIC = frozenset(
    "police sheriff sheriff's attorney attorney's agency department senate assembly committee court government "
    "legislature bureau city state federal united office office's commission board".split())
#: words of a place's kind as a piece's last word, or before ``of``: a place, not a body
_PLACE_LAST = frozenset("county territory township reservation parish borough".split())
_PLACE_OF = re.compile(r"(?:Town|Village|City|County|Borough|Township)[ ]+of[ ]+")
_PIECE = re.compile(r"[^,]+")
#: three entries or more must open with a tagger's person
_VOUCHED = 3


def found(text: str, persons: Sequence[tuple[int, int]], named: Sequence[tuple[int, int]]) -> list[Found]:
    """The names and the bodies of a list of participants (see the module's text) that the taggers missed:
    ``persons`` are the taggers' persons, ``named`` every name's span (a person, a place, a body) found so far."""
    entries = _entries(text)
    heads = []
    vouched = 0
    for lines in entries:
        name = _name(text, *lines[0])
        if name is None:
            continue
        s, e = name
        if any(ps <= s and e <= pe for ps, pe in persons):
            vouched += 1
        else:
            heads.append((s, e))
    if vouched < _VOUCHED:
        return []
    out: list[Found] = [(s, e, "PERSON") for s, e in heads if _a_name(text[s:e])]
    for lines in entries:
        if _name(text, *lines[0]) is None:
            continue
        for s, e in _affiliations(text, lines):
            out += _body(text, s, e, named)
    return out


def _name(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The name on an entry's first line, without its titles and a role after a comma (``Dr. Ada Quist,
    Detective``: ``Ada Quist``; ``Barry Snow, Sr.``: all of it)."""
    match = _HEAD.match(text, start, end)
    if match is None:
        return None
    s, e = match.span("name")
    comma = text.rfind(",", s, e)
    if comma >= 0 and text[comma + 1:e].strip().casefold().strip(".") not in vocabulary.NAME_SUFFIXES:
        e = comma
    s, e = lexicon.strip_titles(text, s, e)
    if len(text[s:e].split()) < 2:
        return None
    return s, e


def _lines(text: str) -> list[tuple[int, int]]:
    """Each line's content without its indent and trailing spaces; a blank line as ``(i, i)``."""
    out = []
    for m in re.finditer(r"[^\n]*", text):
        if m.start() > 0 and text[m.start() - 1] != "\n" and m.start() == m.end():
            continue
        s, e = m.span()
        while s < e and text[s] in " \t":
            s += 1
        while e > s and text[e - 1] in " \t":
            e -= 1
        out.append((s, e))
    return out


def _entries(text: str) -> list[list[tuple[int, int]]]:
    """Runs of lines without a blank one between them, each run cut again before a line that opens another entry
    (a name, then a line under it): two entries printed without a blank line between them."""
    runs, run = [], []
    for s, e in _lines(text):
        if s == e:
            if run:
                runs.append(run)
            run = []
        else:
            run.append((s, e))
    if run:
        runs.append(run)
    out = []
    for run in runs:
        if len(run) < 2:
            continue
        entry = [run[0]]
        for i, line in enumerate(run[1:], 1):
            opens = i + 1 < len(run) and i >= 2 and _name(text, *line) is not None \
                and not _GOES_ON.search(text, run[i - 1][0], run[i - 1][1])
            if opens and len(entry) >= 2:
                out.append(entry)
                entry = []
            entry.append(line)
        if len(entry) >= 2:
            out.append(entry)
    return out


def _a_name(name: str) -> bool:
    """A head's name: not ordinary words only (``Unknown Speaker``), no role or title word, no body's word."""
    words = [w for w in re.split(r"[ ,]+", name) if w and not re.fullmatch(_INITIAL, w)]
    if any(lexicon.is_role_word(w) or lexicon.is_title_word(w) or w.casefold() in _PUBLIC | _PLACE_LAST
           or w.casefold().strip(".") in vocabulary.ORGANIZATION_HEAD_WORDS for w in words):
        return False
    return not all(plain.is_plain_word(w) or lexicon.is_stop_word(w.casefold()) for w in words)


def _affiliations(text: str, lines: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The groups of lines after the role: a line that goes on in the next (a small word at its end, the next
    opening in lower case) is one group with it."""
    groups: list[tuple[int, int]] = []
    i = 1
    while i + 1 < len(lines) and _goes_on(text, lines, i):
        i += 1  # the role goes on: "Associate Medical Director of" / "Behavioral Health"
    for j in range(i + 1, len(lines)):
        if groups and _goes_on(text, lines, j - 1) and j - 1 > i:
            groups[-1] = (groups[-1][0], lines[j][1])
        else:
            groups.append(lines[j])
    return groups


def _goes_on(text: str, lines: list[tuple[int, int]], i: int) -> bool:
    s, e = lines[i]
    return bool(_GOES_ON.search(text, s, e)) or (i + 1 < len(lines) and text[lines[i + 1][0]].islower())


def _body(text: str, start: int, end: int, named: Sequence[tuple[int, int]]) -> list[Found]:
    """The pieces of an affiliation's lines (apart at a comma) that are a body's or a place's name, missed."""
    out = []
    for piece in _PIECE.finditer(text, start, end):
        s, e = piece.span()
        while s < e and text[s].isspace():
            s += 1
        while e > s and (text[e - 1].isspace() or text[e - 1] in ".;"):
            e -= 1
        if e <= s:
            continue
        letters = [i for i in range(s, e) if text[i].isalnum()]
        over = [(ms, me) for ms, me in named if ms < e and me > s]
        if all(any(ms <= i < me for ms, me in over) for i in letters):
            continue
        surface = " ".join(text[s:e].split())
        words = [w.strip("()/") for w in surface.split() if w.strip("()/")]
        folded = [w.casefold() for w in words]
        if _a_state(surface):
            continue  # "NY"
        if any(w in _PUBLIC for w in folded) or any(lexicon.is_role_word(w) or lexicon.is_title_word(w)
                                                    for w in words if w[:1].isupper()):
            continue  # a public body or an office, a role
        if public_body.identifies_no_one(text, s, e, "ORGANIZATION") \
                or us_records.identifies_no_one(text, s, e, "ORGANIZATION"):
            continue
        town = piece.end() < end and _a_state(text[piece.end():end].strip(" ,"))  # "Stony Point, NY"
        if not (over or town) and all(plain.is_plain_word(w) or lexicon.is_stop_word(f) for w, f in zip(words, folded)):
            continue  # ordinary words only: "Their Families", "Support-Group Leader"
        place = town or _PLACE_OF.match(surface) or folded[-1] in _PLACE_LAST
        out.append((s, e, "LOCATION" if place else "ORGANIZATION"))
    return out


def _a_state(surface: str) -> bool:
    """A US state by its name or its postal code (``New York``, ``NY``)."""
    return " ".join(surface.split()).upper() in vocabulary.US_STATES or re.fullmatch(r"[A-Z]{2}", surface) is not None

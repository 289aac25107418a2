"""Captions (WebVTT, SRT) saved or uploaded as a ``.txt``, read as one flow of speech, offsets kept.

A caption file cuts speech into cues of a few words, each under its timing line
(``00:12:01.250 --> 00:12:03.900``), an SRT cue also under its number. Read line by line, a
name is cut between two cues (``... MY NAME IS DANA`` / ``WHITLOCK OF``), a roll call's
``SURNAME.`` stands alone on its line and every cue looks like a heading. :func:`view` gives the
pass the words said as prose: the header above the first cue line by line (a ``WEBVTT`` line,
``NOTE``/``STYLE``/``REGION`` blocks, cue numbers and timing lines out), then the cues' words
joined by one space, a new line where a cue opens with a change of speaker (``>>``, ``- ``)
and, once a line is long, after a sentence's end. An inline tag (``<i>``, ``<c.loud>``, a
timestamp ``<00:01.000>``) is left out; a voice tag ``<v Speaker>`` reads as the speaker's tag
``Speaker:``. The file's text stays the document's text: the :class:`View` maps every
character of the view back to it (:mod:`anonymizer.pdf.reflow` reads the view).
"""
from __future__ import annotations

import re

from anonymizer.unbroken import Building, View
from anonymizer.unbroken import lines as _lines

#: a cue's time stamp (WebVTT ``00:01.000`` or ``00:00:01.000``, SRT ``00:00:01,000``): hours, minutes,
#: seconds, thousandths as groups; the caption syntax's one home (:mod:`anonymizer.speech.sidecar` reads times by it)
CUE_TIME = r"(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})"
#: a voice tag ``<v Speaker>`` (``<v.loud Speaker>``), its speaker as group ``who``
VOICE_TAG = r"<v(?:\.[\w.-]+)?[ \t]+(?P<who>[^>]+)>"
#: a cue's timing line, settings after it
_TIMING = re.compile(rf"[ \t]*{CUE_TIME}[ \t]+-->[ \t]+{CUE_TIME}(?:[ \t][^\n]*)?")
#: the fewest timing lines, and their least share of the lines with words, that make a caption file
_MIN_CUES = 5
_MIN_SHARE = 0.2
#: lines of the format, not of speech: the file's signature and its blocks of notes and styles
_SIGNATURE = re.compile(r"[ \t]*WEBVTT\b")
_BLOCK = re.compile(r"[ \t]*(?:NOTE|STYLE|REGION)\b")
#: a change of speaker opening a cue's line: ``>>`` or a dash and a space (the marker is left out)
_SPEAKER_CHANGE = re.compile(r"[ \t]*(?:>>+|-[ \t])[ \t]*")
#: an inline tag; a voice tag's speaker (group ``who``)
_TAG = re.compile(rf"{VOICE_TAG}|</?[A-Za-z][^>]*>|<\d[\d:.]*>")
#: a line this long ends at the next sentence's end
_LINE_CHARS = 400
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*$")
#: a title or an initial before its dot: no sentence's end (``DR.``, ``ST.``, ``J.``)
_ABBREVIATION = re.compile(r"(?:^|[\s(])(?i:mr|mrs|ms|dr|st|jr|sr|no|vs|sen|rep|gov|lt|sgt|[a-z])\.$")


def is_captions(text: str) -> bool:
    """Whether ``text`` is a caption file (enough cue timing lines among its lines)."""
    lines = _lines(text)
    timed = sum(1 for start, end in lines if _TIMING.fullmatch(text, start, end))
    worded = sum(1 for start, end in lines if text[start:end].strip())
    return timed >= _MIN_CUES and timed >= _MIN_SHARE * worded


def view(text: str) -> View | None:
    """The words said in a caption file as prose (see the module), or None when ``text`` is no caption file."""
    if not is_captions(text):
        return None
    lines = _lines(text)
    timed = [bool(_TIMING.fullmatch(text, s, e)) for s, e in lines]
    blank = [not text[s:e].strip() for s, e in lines]
    first = timed.index(True)
    built = Building(text)
    put, gap = built.put, built.gap

    def identifier(i: int) -> bool:  # a cue's number or name: the line right above its timing, after a blank line
        return i + 1 < len(lines) and timed[i + 1] and not blank[i] and (i == 0 or blank[i - 1])

    in_block = False
    for i in range(first):  # the header, line by line
        start, end = lines[i]
        if blank[i]:
            in_block = False
            continue
        if in_block or _SIGNATURE.match(text, start, end) or identifier(i):
            continue
        if _BLOCK.match(text, start, end):
            in_block = True
            continue
        put(start, end)
        gap("\n", end)
    line = ""  # the view's current line of speech
    last = None  # the file's offset after the last character put
    in_cue = in_block = False
    for i in range(first, len(lines)):
        start, end = lines[i]
        if timed[i]:
            in_cue, in_block = True, False
            continue
        if blank[i]:
            in_cue = False
            continue
        if not in_cue:
            if _BLOCK.match(text, start, end):
                in_block = True
            continue  # a cue's identifier, a note's or a style's lines
        if in_block:
            continue
        change = _SPEAKER_CHANGE.match(text, start, end)
        pos = change.end() if change else start
        pieces: list[tuple[int, int] | str] = []
        for tag in _TAG.finditer(text, pos, end):
            if tag.start() > pos:
                pieces.append((pos, tag.start()))
            if tag.group("who"):
                pieces += [(tag.start("who"), tag.end("who")), ": "]
                change = change or not pieces[:-2]  # a voice opening the cue: its speaker speaks from here
            pos = tag.end()
        if pos < end:
            pieces.append((pos, end))
        words = "".join(p if isinstance(p, str) else text[p[0]:p[1]] for p in pieces).strip()
        if not words:
            continue
        if last is not None:
            ends = _SENTENCE_END.search(line) and not _ABBREVIATION.search(line)
            if change or (len(line) >= _LINE_CHARS and ends):
                gap("\n", last)
                line = ""
            else:
                gap(" ", last)
                line += " "
        for piece in pieces:
            if isinstance(piece, str):
                gap(piece, last if last is not None else start)
                line += piece
                continue
            s, e = piece
            if not line:  # no white space opens a line
                while s < e and text[s].isspace():
                    s += 1
            if e > s:
                put(s, e)
                line += text[s:e]
                last = e
        line = line.rstrip()
        built.trim()  # the cue's trailing white space out
    if last is not None:
        gap("\n", last)
    return built.view()

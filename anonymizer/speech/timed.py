"""A transcript whose every character has a time: :class:`TimedWord`, :class:`TimedTranscript`.

The text is in the project's transcript format: one utterance per line, opened by a
``SPEAKER_00:``-style label when the input knows its speakers (VTT voice tags, a diarized
JSON's labels), else a new line at a pause longer than ``pause_seconds``, at a sentence end
followed by :data:`SENTENCE_PAUSE` of silence, or at the first sentence end after
:data:`LONG_LINE_WORDS` words. A label is not
spoken: its characters have no time (:meth:`TimedTranscript.span_time` returns None there).
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Iterable, NamedTuple

#: without speakers, a line this many words long ends at its next sentence end (a hearing is not one line)
LONG_LINE_WORDS = 40
_SENTENCE_END = re.compile(r"[.?!][\"')\]]*$")
#: a title's abbreviation (``Mr.``, ``Mrs.``, ``Dr.``, ``St.``: a capital and 1-3 more letters, no vowel, a dot) ends
#: no sentence: the name after it stays on its line (``Mr.`` / ``Young when ...`` read as two lines loses the name)
_ABBREVIATION = re.compile(r"^[B-DF-HJ-NP-TV-XZ][b-df-hj-np-tv-xz]{1,3}\.$")
#: without speakers, a sentence followed by a silence this long (s) ends its line: another voice, or the same one
#: after a breath (a turn taken in a hearing; a recognizer's word times shorten the real silence by 0.2 s or so)
SENTENCE_PAUSE = 0.5
#: a recognized piece that continues the word before it (Whisper splits ``F-R-B``, ``95,160``, ``p.m.`` so:
#: ``F`` ``-R`` ``-B``, ``95`` ``,160``, ``p`` ``.m.``): written without a space
_CONTINUES = re.compile(r"^[.,-](?=\w)")
#: a spelled capital: ``-R``, ``.K``, ``.A.`` after a capital (``N``, ``-K``) is written ``-R`` (``N-K-M-U-R-A``)
_LETTER_PIECE = re.compile(r"^[.-]([A-ZÀ-ÖØ-Þ])([.,;:?!]*)$")
_LETTER_BEFORE = re.compile(r"(?:^|[.-])[A-ZÀ-ÖØ-Þ]$")
#: a group of three digits after digits (``95`` ``,160``): the recognizer's thousands comma in a number said digit
#: by digit (a CDCR number, a case number) is written away (``95160``), as the text pass reads such numbers
_THOUSANDS = re.compile(r"^,(?=\d{3}(?:\D|$))")
_DIGIT_BEFORE = re.compile(r"\d$")
#: a speaker label the transcript writes: words in capitals, digits and ``_`` (``SPEAKER_00``, ``MARY ROE``)
_LABEL_CHARS = re.compile(r"[^A-Z0-9_ .'-]+")
#: a mention's masked time reaches back over a gap of at most this long before it, and on over one after it
#: (before: a recognizer drops up to two seconds of words it cannot place, ``Imperial County`` after a spelled
#: name, and writes nothing there)
GAP_BEFORE = 2.0
GAP_AFTER = 0.2
#: a mention that ends a sentence reaches this much further into the pause after it (s): the recognizer ends a
#: sentence's last word early and puts the next word late (``Esparza.`` ends at 47.3 s, said until 47.7 s)
SENTENCE_TAIL = 0.5
#: ... unless the next word comes this much later (s): a line's end at a long pause, silence after the name (a line
#: ended at a sentence's shorter pause, :data:`SENTENCE_PAUSE`, is no reason to stop)
TAIL_GAP = 1.5
#: a number written in digits (``95160``, ``1976``) is several spoken words; the recognizer's time of it ends early:
#: its masked time goes on this much longer (s)
NUMBER_TAIL = 0.3
#: ... when the recognizer gave the digits less than this much time each (s)
DIGIT_SECONDS = 0.3
#: ... and they are at least this many: one or two digits are one spoken word (``10``: ``ten``), timed as a word
TAIL_DIGITS = 3
#: a word that lasts this much longer than :data:`WORD_SECONDS` + :data:`SECONDS_PER_LETTER` a letter was stretched
#: by the recognizer over what was said after it (s)
STRETCHED = 0.8
WORD_SECONDS = 0.2
SECONDS_PER_LETTER = 0.1
#: a mention's last word given more time than that (``three`` for 1.0 s, ``Centro`` for 0.7 s after its start) was
#: stretched over the pause or the words after it: the mention's mask ends where the word was plausibly over; not a
#: letter said alone, a run of capitals or a part of the day (:data:`_SAID_LETTERS`: ``-W`` is ``double-u``, the
#: time a recognizer gives letters said one by one tells little of when the last one was over)
_SAID_LETTERS = re.compile(r"[-.]?[A-Z]\W*|\W*[a-zA-Z]\.?[mM]\.?\W*|[A-Z]{2,}\W*")


@dataclass(frozen=True)
class TimedWord:
    """One recognized (or given) word: ``text[start:end]`` of its transcript, said from ``t0`` to ``t1`` s."""

    start: int
    end: int
    t0: float
    t1: float
    confidence: float
    speaker: str | None


class RawWord(NamedTuple):
    """A word as a recognizer or a sidecar gives it, before the transcript is laid out."""

    text: str
    t0: float
    t1: float
    confidence: float = 1.0
    speaker: str | None = None


@dataclass(frozen=True)
class TimedTranscript:
    text: str
    words: tuple[TimedWord, ...]
    duration: float
    sample_rate: int
    source: str  # "asr:<model>" | "vtt" | "srt" | "json"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_starts", [w.start for w in self.words])

    def span_time(self, start: int, end: int) -> tuple[float, float] | None:
        """The time range of the characters ``[start, end)``: from the words overlapping them, a character
        inside a word mapped in proportion to its place in the word; None when no word overlaps."""
        if end <= start or not self.words:
            return None
        first = max(0, bisect.bisect_right(self._starts, start) - 1)
        times: list[float] = []
        for word in self.words[first:]:
            if word.start >= end:
                break
            if word.end <= start:
                continue
            times.append(_at(word, max(start, word.start), self.text))
            times.append(_at(word, min(end, word.end), self.text))
        return (min(times), max(times)) if times else None

    def mask_time(self, start: int, end: int, before: float = GAP_BEFORE, after: float = GAP_AFTER
                  ) -> tuple[float, float] | None:
        """:meth:`span_time` widened over the time the words beside it leave free (at most ``before`` seconds
        before, ``after`` after): a recognizer that could not place a word leaves a gap where it was said
        (``Mr.`` ends at 5.9 s, ``Johnson``, said from 5.9 s, is given 6.4 s), so a mention's time reaches
        the word before it; recognized starts lag more than ends, hence the shorter reach after."""
        times = self.span_time(start, end)
        if times is None:
            return None
        t0, t1 = times
        first = max(0, bisect.bisect_right(self._starts, start) - 1)
        if self.words[first].end <= start:
            first += 1
        last = bisect.bisect_left(self._starts, end) - 1
        previous = self.words[first - 1].t1 if 0 < first <= len(self.words) else None
        following = self.words[last + 1].t0 if 0 <= last + 1 < len(self.words) else None
        if previous is not None and t0 - before <= previous < t0:
            t0 = previous
        if 0 < first <= len(self.words):
            t0 = min(t0, self._said_until(self.words[first - 1], t0))
        if following is not None and t1 < following <= t1 + after:
            t1 = following
        elif following is not None and following > t1 and _SENTENCE_END.search(self.text[start:self.words[last].end]) \
                and following - t1 <= TAIL_GAP:
            t1 = min(following, t1 + SENTENCE_TAIL)
        if _DIGIT_BEFORE.search(self.text[start:end].rstrip(".,;:?!")) and 0 <= last < len(self.words) \
                and self._short_digits(self.words[last]):
            t1 += NUMBER_TAIL
        elif 0 <= last < len(self.words):
            t1 = max(t0, self._over_by(self.words[last], t1))
        return t0, t1

    def _over_by(self, word: TimedWord, t1: float) -> float:
        """``t1`` (the end of a mention whose last word is ``word``) less the time the recognizer stretched ``word``
        beyond :data:`WORD_SECONDS` + :data:`SECONDS_PER_LETTER` a letter; unchanged for digits (:meth:`_short_digits`
        reads them), for letters said alone (:data:`_SAID_LETTERS`) and for a word not stretched."""
        said = self.text[word.start:word.end]
        if any(c.isdigit() for c in said) or _SAID_LETTERS.fullmatch(said):
            return t1
        plausible = word.t0 + WORD_SECONDS + SECONDS_PER_LETTER * sum(c.isalnum() for c in said)
        if word.t1 <= plausible:
            return t1
        return min(t1, plausible + max(0.0, t1 - word.t1))

    def _short_digits(self, word: TimedWord) -> bool:
        """Whether the recognizer gave ``word`` (digits) less time than its digits take said one by one
        (:data:`DIGIT_SECONDS` each): its end is early. A word it gave that time (``840`` for 1.3 s) is not."""
        digits = sum(c.isdigit() for c in self.text[word.start:word.end])
        return digits >= TAIL_DIGITS and word.t1 - word.t0 < DIGIT_SECONDS * digits

    def _said_until(self, word: TimedWord, t0: float) -> float:
        """When ``word`` (said just before a mention starting at ``t0``) was probably over: a word the recognizer
        stretched over the mention (``in`` from 214.4 s to 216.9 s, then ``1976`` for 0.2 s) ends :data:`SECONDS_PER_LETTER`
        a letter after its start; any other word at ``t0``."""
        if word.t1 < t0 - 0.05:
            return t0
        letters = sum(c.isalnum() for c in self.text[word.start:word.end])
        plausible = word.t0 + WORD_SECONDS + SECONDS_PER_LETTER * letters
        return plausible if word.t1 - plausible > STRETCHED else t0

    def line_times(self) -> list[tuple[int, int, float, float]]:
        """Each line's character range (without its ``\\n``) and time range; a line without words (a
        blank line) gets the time where the previous line ended."""
        rows = []
        position, last = 0, 0.0
        for line in self.text.split("\n"):
            end = position + len(line)
            times = self.span_time(position, end)
            t0, t1 = times if times else (last, last)
            rows.append((position, end, t0, t1))
            last = t1
            position = end + 1
        return rows

    def low_confidence(self, threshold: float = 0.5) -> list[TimedWord]:
        """The words the recognizer was unsure of (shown as such in the review)."""
        return [w for w in self.words if w.confidence < threshold]

    def to_dict(self) -> dict:
        """JSON-safe form (stored with a document): words as ``[start, end, t0, t1, confidence, speaker]``."""
        return {
            "text": self.text,
            "words": [[w.start, w.end, round(w.t0, 3), round(w.t1, 3), round(w.confidence, 3), w.speaker]
                      for w in self.words],
            "duration": round(self.duration, 3),
            "sample_rate": self.sample_rate,
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "TimedTranscript":
        words = tuple(TimedWord(int(s), int(e), float(a), float(b), float(c), sp) for s, e, a, b, c, sp in data["words"])
        return cls(data["text"], words, float(data["duration"]), int(data["sample_rate"]), str(data["source"]))


def _at(word: TimedWord, position: int, text: str | None = None) -> float:
    """The time of character ``position`` of ``word``: in proportion to its place among the word's letters and
    digits; punctuation before or after them is not said (``Roe.`` ends when ``Roe`` does, ``-year`` starts
    at ``y``), so a mention that ends before a word's full stop is masked to the word's end."""
    a, b = word.start, word.end
    if text is not None:
        while a < b and not text[a].isalnum():
            a += 1
        while b > a and not text[b - 1].isalnum():
            b -= 1
        if b <= a:
            a, b = word.start, word.end
    if b <= a:
        return word.t0
    share = min(1.0, max(0.0, (position - a) / (b - a)))
    return word.t0 + (word.t1 - word.t0) * share


def speaker_label(name: str) -> str:
    """A speaker's name as the transcript's label: capitals, digits, ``_``, spaces (``Mary Roe`` -> ``MARY ROE``)."""
    label = " ".join(_LABEL_CHARS.sub(" ", name.upper()).split())
    return label or "SPEAKER"


def lay_out(
    raw: Iterable[RawWord], duration: float, sample_rate: int, source: str, pause_seconds: float = 1.5
) -> TimedTranscript:
    """Lay ``raw`` words out as transcript lines: a new line where the speaker changes (when the input
    names speakers), else where the silence before a word is longer than ``pause_seconds``."""
    words_in = [w for w in raw if w.text.strip()]
    words_in.sort(key=lambda w: (w.t0, w.t1))  # stable: words said at one instant keep their order
    with_speakers = any(w.speaker for w in words_in)
    pieces: list[str] = []
    words: list[TimedWord] = []
    position = 0
    previous: RawWord | None = None
    in_line = 0  # words of the current line
    for word in words_in:
        speaker = speaker_label(word.speaker) if word.speaker else None
        if with_speakers:
            new_line = previous is None or (word.speaker or None) != (previous.speaker or None)
        else:
            ended = previous is not None and bool(_SENTENCE_END.search(previous.text)) \
                and not _ABBREVIATION.match(previous.text.strip())
            new_line = previous is None or word.t0 - previous.t1 > pause_seconds or (ended and (
                in_line >= LONG_LINE_WORDS or word.t0 - previous.t1 >= SENTENCE_PAUSE))
        if new_line:
            in_line = 0
            if previous is not None:
                pieces.append("\n")
                position += 1
            if with_speakers:
                label = f"{speaker or 'SPEAKER'}: "
                pieces.append(label)
                position += len(label)
        text = " ".join(word.text.split())
        if not new_line and previous is not None and _CONTINUES.match(text):
            letter = _LETTER_PIECE.match(text)
            if letter and _LETTER_BEFORE.search(pieces[-1]):
                text = f"-{letter.group(1)}{letter.group(2)}"
            elif _DIGIT_BEFORE.search(pieces[-1]):
                text = _THOUSANDS.sub("", text)
        elif previous is not None and not new_line:
            pieces.append(" ")
            position += 1
        t0 = float(max(0.0, min(word.t0, duration)))
        t1 = float(max(t0, min(word.t1, duration)))
        words.append(TimedWord(position, position + len(text), t0, t1, max(0.0, min(1.0, word.confidence)), speaker))
        pieces.append(text)
        position += len(text)
        previous = word
        in_line += 1
    return TimedTranscript("".join(pieces), tuple(words), duration, sample_rate, source)


def spread(text: str, t0: float, t1: float, speaker: str | None = None, confidence: float = 1.0) -> list[RawWord]:
    """The words of a cue said from ``t0`` to ``t1``, each given time in proportion to its characters."""
    tokens = text.split()
    total = sum(len(t) + 1 for t in tokens)
    words, at = [], t0
    for token in tokens:
        share = (t1 - t0) * (len(token) + 1) / total if total else 0.0
        words.append(RawWord(token, at, at + share, confidence, speaker))
        at += share
    return words

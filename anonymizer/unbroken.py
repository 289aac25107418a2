"""The text the pass reads with the breaks a reader does not see inside a word taken out, offsets kept.

A name may reach the pass cut by characters that print nothing: a soft hyphen or a zero-width
space, joiner or direction mark inside it (``Rob\\u00aderto``, ``Alva\\u200brez``; a PDF's
extraction or a word processor leaves them), or by a hyphen at a line's end with the rest of the
word on the next line (``Maria Alva-`` / ``rez and she ...``), or by the space a converter put after the
apostrophe of a possessive or a contraction (``St. Brendan' s``, ``we' re``). Read as they are, the detectors
find two words or only the first piece, and the pseudonymized text keeps the rest
(``[PERSON_6]\\u00aderto``).

:func:`view` builds the text the pass reads without them, as a :class:`View` (the views' one home; :mod:`anonymizer.pdf.reflow` builds them too):
every character of the view maps back to the file's offset it stands for, so a mention found in
the view covers the whole name in the file, the hidden characters and the broken line included.
:func:`through` composes it with a view the pass already reads (:mod:`anonymizer.pdf.reflow`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: characters that print nothing: soft hyphen, combining grapheme joiner, Arabic letter mark,
#: Hangul and Khmer fillers, Mongolian selectors, zero-width spaces and joiners, direction marks,
#: embeddings, overrides and isolates, word joiner and invisible operators, variation selectors,
#: byte-order mark (a character class's body)
INVISIBLE = ("\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
             "\u2060-\u2064\u2066-\u206f\ufe00-\ufe0f\ufeff")
#: the endings of a contraction or a possessive after its apostrophe (``Philip's``, ``we're``, ``don't``)
_CONTRACTED = ("s", "re", "ve", "ll", "d", "t", "m")
#: what the pass does not read: a run of invisible characters, a hyphen ending a line after a
#: capitalized word's letters whose rest opens the next line in lower case (``Alva-`` / ``rez``), or the
#: space a converter put after the apostrophe of a contraction or a possessive (``Philip' s``, ``we' re``)
_BREAK = re.compile(rf"[{INVISIBLE}]+|(?<=[A-Za-z])-[ \t]*\n[ \t]*(?=[a-z])"
                    rf"|(?<=[A-Za-z]['’])[ ](?=(?:{'|'.join(_CONTRACTED)})(?![\w'’-]))")


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


class Building:
    """A :class:`View` of ``text`` being built: pieces of the file put in order, and characters of the
    view's own (a line break, a space) standing for the file's offset ``at``. The views' readers
    (:func:`view`, :mod:`anonymizer.pdf.reflow`, :mod:`anonymizer.pdf.captions`) build them so."""

    __slots__ = ("_text", "_chars", "_origin")

    def __init__(self, text: str) -> None:
        self._text = text
        self._chars: list[str] = []
        self._origin: list[int] = []

    def put(self, start: int, end: int) -> None:
        """The file's ``start:end`` as it is."""
        self._chars.append(self._text[start:end])
        self._origin.extend(range(start, end))

    def gap(self, char: str, at: int) -> None:
        """``char``, not in the file there, standing for the file's offset ``at``."""
        self._chars.append(char)
        self._origin.append(at)

    def trim(self) -> None:
        """The spaces and tabs that end what was put so far, taken out again."""
        chars, origin = self._chars, self._origin
        while chars and chars[-1].endswith((" ", "\t")) and origin:
            trimmed = chars[-1].rstrip(" \t")
            del origin[len(origin) - (len(chars[-1]) - len(trimmed)):]
            chars[-1] = trimmed
            if trimmed:
                break
            chars.pop()

    def view(self) -> View:
        return View("".join(self._chars), tuple(self._origin))


def lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line, without its line break: the views' readers walk a text by it."""
    out, start = [], 0
    for match in re.finditer(r"\r?\n", text):
        out.append((start, match.start()))
        start = match.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


def _broken(text: str) -> list[tuple[int, int]]:
    """The spans :func:`view` leaves out; a hyphen at a line's end only after a capitalized word."""
    out = []
    for match in _BREAK.finditer(text):
        if match.group()[0] == "-" and not _capitalized_before(text, match.start()):
            continue
        out.append(match.span())
    return out


def _capitalized_before(text: str, at: int) -> bool:
    """Whether the word ending at ``at`` is a capital and lower-case letters (``Alva``, not ``well``)."""
    start = at
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    word = text[start:at]
    return len(word) >= 2 and word[0].isupper() and word[1:].islower()


def view(text: str) -> View | None:
    """``text`` without what a reader does not see inside a word, or None when it has none."""
    cuts = _broken(text)
    if not cuts:
        return None
    built = Building(text)
    position = 0
    for start, end in cuts:
        built.put(position, start)
        position = end
    built.put(position, len(text))
    return built.view()


def through(text: str, shown: View | None) -> View | None:
    """The view the pass reads of ``text``: ``shown`` (or the text itself) without unseen breaks."""
    joined = view(shown.text if shown is not None else text)
    if joined is None:
        return shown
    if shown is None:
        return joined
    return View(joined.text, tuple(shown.origin[i] for i in joined.origin))


def read(text: str) -> str:
    """``text`` as the pass reads it (a mention's surface: ``Rob\\u00aderto`` is ``Roberto``)."""
    joined = view(text)
    return text if joined is None else joined.text

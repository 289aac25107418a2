"""The transcript format: the one speaker-tag grammar and the one tag syntax.

Speaker tags (see ``docs/transcript-format.md``)
------------------------------------------------
An utterance line opens with a speaker tag: optional spaces or tabs, then 1 to
:data:`MAX_TAG_WORDS` words separated by spaces or tabs, an optional single space, and
a colon followed by white space or the end of the text.  A word is written in capitals,
may hold accented capitals (``HERNÁNDEZ``, ``CASTAÑEDA``), may start with a mixed-case prefix of
one capital and one or two small letters (``McDONALD``, ``MacLEOD``, ``DeLEON``) and may hold ``'’.-`` (``O'BRIEN``,
``SMITH-JONES``, ``MR.``); after the first word a number is a word too
(``UNIDENTIFIED SPEAKER 2:``).  The tag holds at least two letters, so the Q&A markers
``Q:`` and ``A:`` are *not* speaker tags: they are kept as text and never yield a name.

Tags of the pseudonymized text
------------------------------
A tag is a label in capitals, digits and underscores in square brackets, starting with a
capital: ``[PERSON_2]``, ``[WITNESS_2B]`` (a reviewer's rename), ``[SPELLED_NAME_PERSON_2]``,
``[MONTH]``; a date may become several tags (``[MONTH] [DAY], [YEAR]``).
:func:`normalize_tag` turns what a user types into that form.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from anonymizer.lang.en.vocabulary import COURTESY_TITLES, INMATE_LABELS, KIN_WORDS, POSSESSIVE, ROLE_WORDS

#: most words a speaker tag may have (``DEPUTY DISTRICT ATTORNEY ...``)
MAX_TAG_WORDS = 8
#: the capital letters of names, for a regex character class: ASCII and Latin-1 (``HERNÁNDEZ``, ``Rubén``)
CAPITAL = "A-ZÀ-ÖØ-Þ"
_TAG_WORD = rf"(?:[A-Z][a-z]{{1,2}})?[{CAPITAL}][{CAPITAL}'’.\-]*"
#: the words of a speaker tag (no anchor, no colon, no group), for patterns that look across lines
TAG_WORDS = rf"{_TAG_WORD}(?:[^\S\n]+(?:{_TAG_WORD}|\d+)){{0,{MAX_TAG_WORDS - 1}}}"
#: a speaker tag at a line start; group ``tag`` is the tag without colon and surrounding space, and without the
#: role some transcripts print in brackets after the name (``HART (PRESIDING):``, ``MR. REYES (INMATE):``)
SPEAKER_TAG = re.compile(rf"^[^\S\n]*(?P<tag>{TAG_WORDS})(?:[ ]\([A-Z][A-Z .'’-]{{1,30}}\))?[^\S\n]?:(?=\s|$)",
                         re.MULTILINE)


#: what may stand before a speaker's label on its line: white space, a recording's timestamp ("[00:01:27] ")
LINE_OPENING = re.compile(r"[^\S\n]*(?:[\[(]?\d{1,2}:[0-5]\d(?::[0-5]\d)?(?:[.,]\d{1,3})?[\])]?[^\S\n]*)?")
#: what opens a line before its words: the opening, then a label up to its colon if any ("[00:00:02] SPEAKER_00:",
#: "00:00:03.120 spk_0:", "PRESIDING COMMISSIONER TRAN:", "Commissioner Tran:")
LINE_LABEL = re.compile(rf"^{LINE_OPENING.pattern}(?:[^\n:]{{1,60}}:)?", re.MULTILINE)

#: a word of a speaker's label in mixed case (``Commissioner``, ``Whitley-Boyd``)
_LABEL_WORD = rf"[{CAPITAL}][\w'’.-]*"
_CLOCK = r"\d{1,2}:[0-5]\d(?::[0-5]\d)?"
#: a speaker's label in mixed case at a line's start (group ``tag``): words before a colon (``Presiding
#: Commissioner Faulkner:``), or before a recording's timestamp ending the line (group ``stamp``: ``Deputy
#: District Attorney Siqueiros  0:07:11``, ``Marcus Whitley-Boyd  0:00:12``, the words said on the next line), or
#: before its timestamp in brackets and a colon (group ``paren``: ``Justice Rowe (00:08:19):``); the label may be
#: in a markdown's bold (group ``bold``: ``**Justice Rowe** (00:08:19):``, ``**Miceli:**``, ``**Hall**:``)
SPEAKER_LABEL = re.compile(
    rf"^[^\S\n]*(?P<bold>\*\*)?(?P<tag>{_LABEL_WORD}(?:[^\S\n]+{_LABEL_WORD}){{0,{MAX_TAG_WORDS - 1}}})"
    rf"(?:(?(bold)\*\*)(?:[^\S\n]?:(?=[^\S\n]|$)|[^\S\n]{{2,}}(?P<stamp>{_CLOCK})[^\S\n]*$"
    rf"|[^\S\n]+\((?P<paren>{_CLOCK})\)[^\S\n]?:(?=[^\S\n]|$))|(?(bold):\*\*(?=[^\S\n]|$)|(?!)))",
    re.MULTILINE,
)


def speaker_labels(text: str, start: int = 0) -> Iterator[re.Match[str]]:
    """Every speaker's label in mixed case from ``start`` on (:data:`SPEAKER_LABEL`) that no speaker tag
    in capitals reads: one before a timestamp (ending its line or in brackets), one in a markdown's bold, or one
    that opens with a role (``Deputy Commissioner
    Oyelaran:``; not a field's label, ``Date:``, ``Location:``)."""
    for match in SPEAKER_LABEL.finditer(text, start):
        if speaker_tag(text, match.start()) is not None:
            continue
        if match.group("stamp") or match.group("paren") or match.group("bold") or \
                tag_roles(match.group("tag").split()[:1]) == [True]:
            yield match


def _enough_letters(match: re.Match[str] | None) -> re.Match[str] | None:
    if match is None or sum(map(str.isalpha, match.group("tag"))) < 2:
        return None
    return match


#: the last text asked of :func:`speaker_tag` and its answers by offset, as one tuple (a thread asking of another
#: text replaces it whole, never fills another text's answers)
_TAGS_ASKED: tuple[str, dict[int, re.Match[str] | None]] = ("", {})


def speaker_tag(text: str, pos: int = 0) -> re.Match[str] | None:
    """The speaker tag opening the line that starts at ``pos`` (``SPEAKER_TAG`` match), else None.

    A pass asks it of the same lines over and over (each mention's line, every stage): five in six answers are
    the last text's, kept (a match depends on the text and the offset only)."""
    global _TAGS_ASKED
    asked = _TAGS_ASKED
    if asked[0] is not text:
        asked = _TAGS_ASKED = (text, {})
    answers = asked[1]
    if pos in answers:
        return answers[pos]
    found = answers[pos] = _enough_letters(SPEAKER_TAG.match(text, pos))
    return found


def is_speaker_tag(line: str) -> bool:
    """Whether ``line`` starts with a speaker tag (``INMATE YOUNG:``, ``McDONALD :``; not ``Q:``)."""
    return speaker_tag(line) is not None


def speaker_tags(text: str, start: int = 0) -> Iterator[re.Match[str]]:
    """Every speaker tag of ``text`` from ``start`` on, one per utterance line."""
    for match in SPEAKER_TAG.finditer(text, start):
        if _enough_letters(match):
            yield match


_KIN = frozenset(w.upper() for w in KIN_WORDS)
#: courtesy titles of a tag: the word after one is a name, whatever else it is (``MS. SON:``, ``MR. CLERK:``)
_COURTESY = frozenset({*(t.upper() for t in COURTESY_TITLES), "DR"})


def tag_roles(words: Sequence[str]) -> list[bool]:
    """Which words of a speaker tag name a role, not a person: a role word, also plural, possessive
    or spelled with dots (``OFFICERS``, ``VICTIM'S``, ``V.N.O.K.``), and a kin word first in the tag
    or after a possessive (``MOTHER:``, ``VICTIM'S SISTER:``); right after a courtesy title a word is a name
    (``MS. SON:``, ``MR. CLERK:``; not ``MR. AND MRS. DIAZ:``)."""
    bare = [POSSESSIVE.sub("", w.upper().replace(".", "")) for w in words]
    return [not (i and bare[i - 1] in _COURTESY and b not in _COURTESY and b != "AND")
            and (_is_role(b) or (b in _KIN and (i == 0 or POSSESSIVE.search(words[i - 1]) is not None)))
            for i, b in enumerate(bare)]


def role_only(tag: str) -> bool:
    """Whether a speaker tag's words name a role and no one (``VICTIM'S NEXT OF KIN 2``, ``SUPPORT PERSON``): the
    full name opening its utterance is the speaker's own; not the inmate's role (his answer may name the victim)."""
    words = [word for word in tag.split() if not word.isdigit()]
    return bool(words) and all(tag_roles(words)) and not any(
        POSSESSIVE.sub("", word).casefold() in INMATE_WORDS for word in words)


#: the words of an inmate's role in a tag, folded ("inmate", "incarcerated"; not "person", a support person's too)
INMATE_WORDS = frozenset(word for label in INMATE_LABELS for word in label.split()) - {"person"}


def _is_role(word: str) -> bool:
    """A role word, also in the plural (``OFFICERS``, ``OBSERVERS``)."""
    return word in ROLE_WORDS or (len(word) > 3 and word.endswith("S") and word[:-1] in ROLE_WORDS)


def line_start(text: str, pos: int) -> int:
    """Offset of the start of the line holding ``pos``."""
    return text.rfind("\n", 0, pos) + 1


def line_starts(text: str) -> list[int]:
    """Offset of the first character of every line (``bisect`` over it gives a line number)."""
    starts = [0]
    found = text.find("\n")
    while found >= 0:
        starts.append(found + 1)
        found = text.find("\n", found + 1)
    return starts


def in_speaker_tag(text: str, pos: int) -> bool:
    """Whether ``pos`` lies in the speaker tag that opens its line."""
    match = speaker_tag(text, line_start(text, pos))
    return match is not None and pos < match.end()


def _words(phrase: str) -> str:
    """``phrase``'s words apart by any space, a line break and a printed line's number between them."""
    return r"(?:\s+\d{1,2}\b)*\s+".join(re.escape(w) for w in phrase.split())


#: the Board's notice on a decision page, printed in capitals: it opens with one of these ...
_NOTICE_OPENINGS = ("THIS TRANSCRIPT CONTAINS THE PROPOSED DECISION", "THIS PROPOSED DECISION WILL BECOME FINAL",
                    "THIS DECISION WILL BECOME FINAL", "THIS DECISION WILL BE FINAL")
#: ... and ends with the Governor's review under the Penal Code's sections, or with the words in capitals
_NOTICE = re.compile(
    rf"(?:{'|'.join(_words(o) for o in _NOTICE_OPENINGS)})"
    rf"(?:[^a-z]{{0,2500}}?{_words('3041.1 AND 3041.2')}\.?|[^a-z]{{0,1500}}?(?=[^\S\n]*\n(?:[^\S\n]*\d{{0,2}}[^\S\n]*\n){{2}}|[a-z]))"
)


def board_notices(text: str) -> list[tuple[int, int]]:
    """The Board's notice in capitals on a decision page ("THIS TRANSCRIPT CONTAINS THE PROPOSED DECISION ...
    WILL BECOME FINAL ... UNLESS THE BOARD NOTIFIES YOU ... MODIFIED, VACATED OR REFERRED ... ERROR OF LAW"):
    the same words in every decision, no one's data, so nothing inside it is proposed (line numbers and line
    breaks between its words allowed)."""
    return [m.span() for m in _NOTICE.finditer(text)]


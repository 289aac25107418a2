"""Parse the title page of a CDCR parole hearing transcript.

The title page lists the hearing type, the incarcerated person's name and
CDCR number, the prison, city and state, the hearing date and time, the
panel and the other participants with their roles, and the transcriber.
Two layouts occur::

    In the matter of the Parole CDCR Number: AB1234      (current)
    Consideration Hearing of:
    JOHN DOE

    In the matter of the Life Term Parole Consideration Hearing of:   (older)
    CDCR Number: C-12345
    INMATE
    JOHN DOE

Values are kept exactly as printed (white space folded) because detection
later searches the text for these strings.
"""
from __future__ import annotations

import re

from anonymizer.transcript import speaker_tag
from anonymizer.types import Header, Participant
from anonymizer.vocabulary import MONTHS, ROLE_WORDS, US_STATES

_MONTHS = "|".join(m.upper() for m in MONTHS)
_DATE_RE = re.compile(rf"^(?:{_MONTHS})\s+\d{{1,2}},\s*\d{{4}}$", re.IGNORECASE)
_TIME_RE = re.compile(r"^\d{1,2}:\d{2}(?:\s*[AP]\.?\s?M\.?)?$", re.IGNORECASE)
_CDCR_RE = re.compile(r"CDCR\s*(?:Number|No\.?|#)?\s*:?\s*(?P<id>[A-Z]{1,2}-?\d{4,6})\b", re.IGNORECASE)
_MATTER_LINE_RE = re.compile(r"^(?:In the matter|Consideration)", re.IGNORECASE)
_MATTER_RE = re.compile(r"In the matter of the (.+?Hearing)\s+of\b", re.IGNORECASE)
_HEARING_OF_RE = re.compile(r"Hearing\s+of\s*:?", re.IGNORECASE)
_SECTION_RE = re.compile(
    r"^(?:[A-Z]+\s+){0,2}PRESENT\s*:?$|^(?:PANEL(?:\s+MEMBERS)?|PARTICIPANTS|APPEARANCES|ATTENDEES)\s*:?$", re.IGNORECASE
)
_TRANSCRIBED_RE = re.compile(r"^Transcribed\s+by\s*:?\s*(?P<rest>.*)$", re.IGNORECASE)
_STATE_LINE_RE = re.compile(r"^STATE OF CALIFORNIA$|^BOARD OF PAROLE HEARINGS$", re.IGNORECASE)
_PERSON_LABEL_RE = re.compile(r"^(?:INMATE|PRISONER|INCARCERATED\s+PERSON|PAROLEE)$", re.IGNORECASE)
_CONNECTOR_END_RE = re.compile(r"(?:\b(?:for|of|to|and|the)|,)$", re.IGNORECASE)
_US_STATES = US_STATES
# Markers of a CDCR title page; split_title needs at least two of them.
_MARKERS = ("BOARD OF PAROLE HEARINGS", "CDCR NUMBER", "HEARING OF", "PANEL PRESENT", "TRANSCRIBED BY")
_ROLE_SKIP = re.compile(r"^UNIDENTIFIED\b", re.IGNORECASE)
_MAX_TITLE_LINES = 80  # a title page is far shorter; longer blocks are not one


def _fold(line: str) -> str:
    """Fold white space and strip the bracket/rule characters of the older layout."""
    return " ".join(line.split()).strip(" )_|")


def _is_upper_name(text: str) -> bool:
    """A printed name: letters mostly upper-case (``McDONALD`` counts), no digits."""
    if not text or any(c.isdigit() for c in text):
        return False
    upper = sum(c.isupper() for c in text)
    lower = sum(c.islower() for c in text)
    return upper >= 2 and lower * 3 <= upper


def _city_state(line: str) -> tuple[str, str] | None:
    """``SOLEDAD, CALIFORNIA`` -> (``SOLEDAD``, ``CALIFORNIA``)."""
    city, sep, state = line.rpartition(",")
    if not sep or not city.strip() or state.strip().upper() not in _US_STATES:
        return None
    return city.strip(), state.strip()


def _without_cdcr(line: str) -> str:
    return _fold(_CDCR_RE.sub(" ", line))


def _hearing_type(lines: list[str]) -> str | None:
    """The hearing type printed above ``STATE OF CALIFORNIA`` (may wrap).

    Without such a line (older layout), the words of ``In the matter of the
    Life Term Parole Consideration Hearing of:`` are used, as printed.
    """
    head: list[str] = []
    for line in lines:
        if _STATE_LINE_RE.match(line) or _HEARING_OF_RE.search(line) or _CDCR_RE.search(line):
            break
        head.append(line)
    joined = " ".join(head)
    if "HEARING" in joined.upper():
        return joined
    matter = " ".join(_without_cdcr(line) for line in lines if _MATTER_LINE_RE.match(line))
    found = _MATTER_RE.search(matter)
    return found.group(1) if found else None


def _inmate_block(lines: list[str]) -> tuple[str | None, int]:
    """Name of the incarcerated person and the index of the line after it."""
    start = next((i for i, line in enumerate(lines) if _HEARING_OF_RE.search(line)), None)
    if start is None:
        return None, 0
    after = _without_cdcr(_HEARING_OF_RE.split(lines[start], maxsplit=1)[1])
    if _is_upper_name(_without_label(after)):
        return _without_label(after), start + 1
    for i in range(start + 1, min(start + 6, len(lines))):
        rest = _without_label(_without_cdcr(lines[i]))
        if not rest or _PERSON_LABEL_RE.match(rest) or _HEARING_OF_RE.search(rest):
            continue
        if re.match(r"^CDCR\b", rest, re.IGNORECASE):
            continue
        if _is_upper_name(rest):
            return rest, i + 1
        break
    return None, start + 1


def _without_label(line: str) -> str:
    """``RICARDO YOUNG, Incarcerated Person`` -> ``RICARDO YOUNG`` (a person label after a comma)."""
    name, sep, label = line.rpartition(",")
    return name.strip() if sep and _PERSON_LABEL_RE.match(label.strip()) else line


def _place(lines: list[str], start: int) -> tuple[str | None, str | None, str | None]:
    """Facility, city and state printed after the inmate's name."""
    for i in range(start, min(start + 5, len(lines))):
        found = _city_state(lines[i])
        if found:
            facility = " ".join(lines[start:i]) or None
            return facility, found[0], found[1]
        if _DATE_RE.match(lines[i]) or _SECTION_RE.match(lines[i]):
            break
    return None, None, None


def _participants(lines: list[str]) -> tuple[Participant, ...]:
    """``NAME, Role`` lines under PANEL PRESENT / OTHERS PRESENT, wrapped roles joined."""
    people: list[list[str]] = []  # [name, role]
    inside = False
    for line in lines:
        if _SECTION_RE.match(line):
            inside = True
            continue
        if _TRANSCRIBED_RE.match(line):
            inside = False
        if not inside:
            continue
        name, sep, role = line.partition(",")
        continues = people and (
            not _is_upper_name(name.strip()) or (not sep and _CONNECTOR_END_RE.search(people[-1][1]))
        )
        if continues:
            people[-1][1] = f"{people[-1][1]} {line}".strip()
        elif _is_upper_name(name.strip()):
            people.append([name.strip(), role.strip()])
    return tuple(Participant(name, role) for name, role in people if not _ROLE_SKIP.match(name))


def _transcriber(lines: list[str]) -> str | None:
    for i, line in enumerate(lines):
        match = _TRANSCRIBED_RE.match(line)
        if not match:
            continue
        candidates = [match.group("rest").strip(), *(lines[i + 1 : i + 2])]
        return next((c for c in candidates if _is_upper_name(c)), None)
    return None


def parse_title(lines: list[str]) -> Header:
    """Parse the printed lines of a title page (either layout) into a :class:`Header`."""
    lines = [folded for folded in (_fold(line) for line in lines) if folded]
    cdcr = next((m.group("id") for line in lines if (m := _CDCR_RE.search(line))), None)
    participants = _participants(lines)
    inmate, after = _inmate_block(lines)
    if inmate is None:
        inmate = next(
            (p.name for p in participants if _PERSON_LABEL_RE.match(p.role)),
            None,
        )
    facility, city, state = _place(lines, after) if after else (None, None, None)
    return Header(
        inmate_name=inmate,
        cdcr_number=cdcr,
        facility=facility,
        city=city,
        state=state,
        hearing_date=next((line for line in lines if _DATE_RE.match(line)), None),
        hearing_time=next((line for line in lines if _TIME_RE.match(line)), None),
        hearing_type=_hearing_type(lines),
        participants=participants,
        transcriber=_transcriber(lines),
    )


def is_title_page(lines: list[str]) -> bool:
    """True when the lines carry at least two markers of a CDCR title page."""
    upper = " ".join(" ".join(line.split()) for line in lines).upper()
    return sum(marker in upper for marker in _MARKERS) >= 2


_SEPARATOR_RE = re.compile(r"^[\W_]*(?:o\s*O\s*o|P\s*R\s*O\s*C\s*E\s*E\s*D\s*I\s*N\s*G\s*S)?[\W_]*$")


def _ends_title(line: str) -> bool:
    """A separator line (``--oOo--``, ``P R O C E E D I N G S``) or the first utterance: a
    speaker tag naming someone (not only role words: ``TRANSCRIBED BY: ...`` stays) with words after it."""
    if len(line.strip()) >= 3 and _SEPARATOR_RE.match(line.strip()):
        return True
    tag = speaker_tag(line)
    if tag is None or not line[tag.end() :].strip():
        return False
    return any(word.strip(".'’-").upper() not in ROLE_WORDS for word in tag.group("tag").split())


def split_title(text: str) -> tuple[int, Header | None]:
    """Find the title block at the start of a normalized text.

    The block is every line before the first empty line, separator line (``--oOo--``) or
    utterance (``COMMISSIONER DOE: ...``), whichever comes first.  Returns the offset
    where the block's last line ends (``text[:end]`` is the block without its
    final line break) and the parsed header, or ``(0, None)`` when the text
    does not begin with a CDCR title page.  Any line break convention works;
    offsets index ``text`` as given.
    """
    lines: list[str] = []
    offset = end = 0
    for raw in text.splitlines(keepends=True):
        content = raw.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
        if not content.strip() or (lines and _ends_title(content)):
            break
        if len(lines) == _MAX_TITLE_LINES:
            return 0, None
        lines.append(content)
        end = offset + len(content)
        offset += len(raw)
    if not lines or not is_title_page(lines):
        return 0, None
    return end, parse_title(lines)

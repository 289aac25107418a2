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

Either may come as a PDF viewer saves it: empty lines between the parts, a caption box in
brackets and underscores, ``Date:``/``Time:`` labels, participants in mixed case, ``CDC No.``.

Values are kept exactly as printed (white space folded) because detection
later searches the text for these strings.
"""
from __future__ import annotations

import re

from anonymizer.header.fields import (
    BARE_ID_RE, CDCR_RE, INDEX_COLUMN_RE, PERSON_LABEL_RE, SECTION_RE, TITLE_CASE_NAME_RE, caption_left, city_state,
    columns_apart, facility_city, fields_apart, fold, is_firm_name, is_heading, is_upper_name, labeled_inmate,
    labeled_participants, labeled_place, listed, no_name, participant, place_value, untitled, unzipped, without_cdcr,
    wrapped_lists,
)
from anonymizer.lang.en import plain
from anonymizer.lang.en.lexicon import is_stop_word, is_title_word
from anonymizer.lang.en.transcript import speaker_tag, tag_roles
from anonymizer.types import Header, Participant
from anonymizer.lang.en.vocabulary import (
    FIELD_LABEL_WORDS, KIN_WORDS, MONTHS, ROLE_WORDS, TEENS, UNITS, WEEKDAYS,
)

_MONTHS = "|".join(m.upper() for m in MONTHS)
_DATE_RE = re.compile(rf"^(?:(?:{'|'.join(WEEKDAYS)}),?\s+)?(?:{_MONTHS})\s+\d{{1,2}},\s*\d{{4}}$"
                      r"|^(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])/(?:\d{4}|\d\d)$", re.IGNORECASE)
_TIME_RE = re.compile(r"^\d{1,2}:\d{2}(?:\s*[AP]\.?\s?M\.?)?$", re.IGNORECASE)
_MATTER_LINE_RE = re.compile(r"^(?:In the matter|Consideration)", re.IGNORECASE)
_MATTER_RE = re.compile(r"In the matter of the (.+?Hearing)\s+of\b", re.IGNORECASE)
_HEARING_OF_RE = re.compile(r"Hearing\s+of\s*:?|^In\s+(?:the\s+matter\s+of|re)\s*:|^of\s*:\s*$", re.IGNORECASE)  # "of:" wrapped
#: a value printed after its label: ``Date: March 3, 2021``, ``Time: 9:14 a.m.``
_LABELED_RE = re.compile(r"^(?:(?:Hearing\s+)?Date(?:\s+of\s+Hearing)?|Time|On)\s*:\s*(?P<value>.+)$", re.IGNORECASE)
#: a field's label and its value (``Inmate Name: DOE, JOHN``): no part of the hearing's type above it
_FIELD_RE = re.compile(r"^[A-Za-z][\w .'’#-]{0,40}:\s*\S")
#: a printed line that names the hearing (``SUBSEQUENT PAROLE CONSIDERATION HEARING``), not the board
_HEARING_LINE_RE = re.compile(r"^(?!.*\bHEARINGS\b)(?!.*\bHearing\s+of\b)(?!In the matter).*\bHEARING\b", re.IGNORECASE)
#: the transcriber's credit line: ``Transcribed by: JANE DOE``, ``TRANSCRIPTIONIST: JANE DOE``, ``Reported by:``
_TRANSCRIBED_RE = re.compile(
    r"^(?:Transcribed\s+by|Transcriptionist|Transcriber|Reported\s+by|Court\s+Reporter)\s*:?\s*(?P<rest>.*)$", re.IGNORECASE)
_STATE_LINE_RE = re.compile(r"^STATE OF CALIFORNIA$|^BOARD OF PAROLE HEARINGS$", re.IGNORECASE)
_CONNECTOR_END_RE = re.compile(r"(?:\b(?:for|of|to|and|the)|,)$", re.IGNORECASE)
# Markers of a CDCR title page; split_title needs at least two of them.
_MARKERS = ("BOARD OF PAROLE HEARINGS", "CDCR NUMBER", "CDCR NO", "CDC NUMBER", "CDC NO", "CDCR #", "CDCR#", "IN RE:", "HEARING OF",
            "PANEL PRESENT", "APPEARANCES", "TRANSCRIBED BY", "INCARCERATED PERSON:",
            # a page printed as a form ("INMATE: ...", "INSTITUTION: ...", "PANEL: ...") under its hearing's name
            "INMATE:", "INSTITUTION:", "PANEL:", "LIFE PRISONER HEARING", "PAROLE CONSIDERATION", "SUITABILITY HEARING")
_ROLE_SKIP = re.compile(r"^UNIDENTIFIED\b|\b(?:TO BE NAMED|NONE|N/A|NOT GIVEN|NOT NAMED|UNNAMED|NAME UNKNOWN)\b", re.IGNORECASE)
_MAX_TITLE_LINES = 80  # a title page is far shorter; longer blocks are not one
_KIN = frozenset(KIN_WORDS)  # "Elena Lopez, Victim's Mother"
#: words of a printed sentence, never of a participant's name or role (``HAVE BEEN MADE``)
_SENTENCE_RE = re.compile(r"\b(?:HAVE|HAS|HAD|BEEN|IS|ARE|WAS|WERE|WILL|SHALL|MADE)\b")
_COUNTS = frozenset((*UNITS, *TEENS, "several", "various", "unknown"))


def _hearing_type(lines: list[str]) -> str | None:
    """The hearing type printed above ``STATE OF CALIFORNIA`` (may wrap).

    Without such a line (older layout), the words of ``In the matter of the
    Life Term Parole Consideration Hearing of:`` are used, as printed.
    """
    head: list[str] = []
    for line in lines:
        if any(p.match(line) for p in (_STATE_LINE_RE, _FIELD_RE, _MATTER_LINE_RE)) or _HEARING_OF_RE.search(line) or CDCR_RE.search(line):
            break
        head.append(line)
    joined = " ".join(head)
    if "HEARING" in joined.upper():
        return joined
    printed = next((line for line in lines if _HEARING_LINE_RE.match(line)), None)
    if printed:  # the hearing named on its own line further down the page
        return printed
    matter = " ".join(without_cdcr(line) for line in lines if _MATTER_LINE_RE.match(line))
    found = _MATTER_RE.search(matter)
    return found.group(1) if found else None


def _inmate_block(lines: list[str]) -> tuple[str | None, int]:
    """Name of the incarcerated person and the index of the line after it."""
    start = next((i for i, line in enumerate(lines) if _HEARING_OF_RE.search(line)), None)
    if start is None:
        return None, 0
    after = without_cdcr(_HEARING_OF_RE.split(lines[start], maxsplit=1)[1])
    if is_upper_name(_without_label(after)):
        return _without_label(after), start + 1
    for i in range(start + 1, min(start + 6, len(lines))):
        rest = _without_label(without_cdcr(lines[i]))
        if not rest or PERSON_LABEL_RE.match(rest) or _HEARING_OF_RE.search(rest) or no_name(rest):
            continue
        if re.match(r"^CDCR\b", rest, re.IGNORECASE):
            continue
        if is_upper_name(rest):
            return rest.split(" ) ")[0], i + 1  # the caption's left column (``JOHN DOE ) COPY``)
        break
    return None, start + 1


def _without_label(line: str) -> str:
    """``RICARDO YOUNG, Incarcerated Person`` -> ``RICARDO YOUNG`` (a person label after a comma)."""
    name, sep, label = line.rpartition(",")
    return name.strip() if sep and PERSON_LABEL_RE.match(label.strip()) else line


def _place(lines: list[str], start: int) -> tuple[str | None, str | None, str | None]:
    """Facility, city and state printed after the inmate's name."""
    window = range(start, min(start + 5, len(lines)))
    stop = next((i for i in window if _DATE_RE.match(lines[i]) or SECTION_RE.match(lines[i])), window.stop)
    values = [place_value(line) for line in lines[start:stop]]
    stated = any(map(city_state, values))
    for i, value in enumerate(values, start):
        found = city_state(value)
        city, state = found or (None, None)
        # "SALINAS VALLEY STATE PRISON, SOLEDAD[, CALIFORNIA]": the prison's name, then its town
        placed = facility_city(found[0]) if found else None if stated else facility_city(value)
        if placed:
            city = placed[1]
        if city:
            facility = " ".join([*(line for line in lines[start:i] if not _HEARING_LINE_RE.match(line) and without_cdcr(line)
                                   and not (_FIELD_RE.match(line) and place_value(line) == line)  # a remark's field
                                   and not PERSON_LABEL_RE.match(caption_left(line).strip().rstrip("."))),
                                 *(placed or ())[:1]]) or None
            return facility, city, state
    return None, None, None


def _participants(lines: list[str]) -> tuple[Participant, ...]:
    """``NAME, Role`` lines under PANEL PRESENT / OTHERS PRESENT, wrapped roles joined; ``Role: Name``
    lines anywhere on the page."""
    people: list[list[str]] = []  # [name, role]
    inside = under_label = False  # in a section's list; in the lines after a labeled participant's
    for line in wrapped_lists(lines):
        if SECTION_RE.match(line):
            inside, under_label = True, False
            continue
        if _TRANSCRIBED_RE.match(line):
            inside = False
            continue  # the transcriber's credit line: Header.transcriber
        one_line = listed(line)
        if one_line is not None:  # "Panel: Commissioner Priya Balasubramanian (presiding); ..."
            people.extend(list(person) for person in one_line)
            under_label = True
            continue
        labeled = labeled_participants(line)
        if labeled:  # "PRESIDING COMMISSIONER: Patricia Oduya", in a section or not; "ROLE: Name (mother); Name"
            people.extend(map(list, labeled))
            under_label = True
            continue
        if under_label and not inside:  # "For the Board:   Commissioner Jane Roe" / "Deputy Commissioner John Doe"
            person = participant(line, comma=False)
            name, sep, role = line.partition(",")
            if person and person[1]:
                people.append(list(person))
            elif sep and _titled_participant(name.strip(), role):
                people.append([name.strip(), role.strip()])
            else:
                under_label = False
            continue
        if not inside:
            continue
        if _SENTENCE_RE.search(line) and not SECTION_RE.match(line):
            inside = False  # ``CORRECTIONS TO THE DECISION HAVE BEEN MADE``: the list has ended
            continue
        name, sep, role = line.partition(",")
        role_led = tag_roles(line.split()[:1]) == [True]
        if role_led and (person := participant(name, comma=False)):
            # "Interpreter Esteban Ocampo (Spanish)", "Deputy District Attorney Carmen Ibarra-Lutz, Monterey County"
            people.append([person[0], ", ".join(part for part in (person[1], role.strip()) if part)])
            continue
        is_name = is_upper_name(name.strip()) or (bool(sep) and _titled_participant(name.strip(), role))
        wrapped = people and _CONNECTOR_END_RE.search(people[-1][1])
        if role_led and not is_name and not wrapped:
            continue  # "Correctional Officer (name unknown)": a role of its own, no wrapped one
        continues = people and (not is_name or (not sep and wrapped))
        if continues:
            people[-1][1] = f"{people[-1][1]} {line}".strip()
        elif is_name:
            people.append([name.strip(), role.strip()])
    return tuple(Participant(untitled(name), role) for name, role in people
                 if not _ROLE_SKIP.search(name) and not _nobody(name) and not is_heading(name))


def _nobody(name: str) -> bool:
    """Role words only, perhaps counted: ``CORRECTIONAL OFFICERS``, ``TWO OBSERVERS``,
    ``CORRECTIONAL OFFICER (UNIDENTIFIED)``."""
    words = re.sub(r"\(S\b\)?", "S", name.upper()).replace("(", " ").replace(")", " ").split()
    return all(role or word.casefold() in _COUNTS for word, role in zip(words, tag_roles(words)))


def _titled_participant(name: str, role: str) -> bool:
    """``Mary Smith, Presiding Commissioner``: a mixed-case name before a role of the hearing."""
    words = {word.strip(".,'’").removesuffix("'s").removesuffix("’s").upper() for word in role.split()}
    return bool(TITLE_CASE_NAME_RE.match(name)) and bool(words & ROLE_WORDS or {w.casefold() for w in words} & _KIN)


def _transcriber(lines: list[str]) -> str | None:
    for i, line in enumerate(lines):
        match = _TRANSCRIBED_RE.match(line)
        if not match:
            continue
        rest = match.group("rest")  # the name after the label, else on the next line (not an index's entry's)
        candidates = [part.partition(",")[0].strip() for part in ((rest,) if rest.strip() else lines[i + 1 : i + 2])]
        return next((c for c in candidates if is_upper_name(c) or _titled_transcriber(c)), None)
    return None


def _titled_transcriber(name: str) -> bool:
    """``Naomi Fairweather``: a mixed-case name, not the firm (``Pacific Coast Transcription``)."""
    return TITLE_CASE_NAME_RE.match(name) is not None and not is_firm_name(name)


def parse_title(lines: list[str]) -> Header:
    """Parse the printed lines of a title page (either layout) into a :class:`Header`."""
    printed = columns_apart(fields_apart(unzipped(lines)))  # columns and fields printed side by side, one a line
    lines = [folded for folded in map(fold, printed) if folded and not folded.isdigit()]  # no page numbers
    cdcr = next((m.group("id") for line in lines if (m := CDCR_RE.search(line))), None) or next(
        (m.group("id") for line in lines if PERSON_LABEL_RE.match(line.partition(":")[0].strip())
         and (m := BARE_ID_RE.search(line))), None) or next(  # "IN THE MATTER OF:  PARK SOO-JIN (W-91207)"
        (m.group("id") for line in lines if _HEARING_OF_RE.search(line) and (m := BARE_ID_RE.search(line))), None)
    participants = _participants(lines)
    inmate, after = _inmate_block(lines)
    inmate = inmate or labeled_inmate(lines)
    if inmate is None:
        inmate = next(
            (p.name for p in participants if PERSON_LABEL_RE.match(p.role)),
            None,
        )
    facility, city, state = _place(lines, after) if after else (None, None, None)
    if facility is None:
        facility, city, state = labeled_place(lines) or (None, city, state)
    return Header(
        inmate_name=inmate,
        cdcr_number=cdcr,
        facility=facility,
        city=city,
        state=state,
        hearing_date=_printed(lines, _DATE_RE),
        hearing_time=_printed(lines, _TIME_RE),
        hearing_type=_hearing_type(lines),
        participants=participants,
        transcriber=_transcriber(lines),
    )


def _printed(lines: list[str], pattern: re.Pattern[str]) -> str | None:
    """The first line that is such a value, alone or after its label (``Date: March 3, 2021``)."""
    for line in lines:
        labeled = _LABELED_RE.match(line)
        value = labeled.group("value").strip() if labeled else line
        for part in (value, *value.rsplit(",", 1)):  # "MAY 6, 2021, 1:14 P.M.": the date, then the time
            if pattern.match(part.strip()):
                return part.strip()
    return None


def is_title_page(lines: list[str]) -> bool:
    """True when the lines carry at least two markers of a CDCR title page."""
    upper = " ".join(" ".join(line.split()) for line in lines).upper()
    return sum(marker in upper for marker in _MARKERS) >= 2


#: a rule, ``--oOo--``, ``P R O C E E D I N G S`` or the heading of the panel's ``DECISION``
_SEPARATOR_RE = re.compile(
    r"^[\W_]*(?:o\s*O\s*o|P\s*R\s*O\s*C\s*E\s*E\s*D\s*I\s*N\s*G\s*S|D\s*E\s*C\s*I\s*S\s*I\s*O\s*N)?[\W_]*$")


#: a speaker's label in any case, alone on its line or before the words said (``Presiding Commissioner
#: Ostrowski:``, ``Inmate Navarrete: Good morning.``)
_SPEAKER_LABEL_RE = re.compile(r"^\s*((?:[A-Z][\w'’.-]*\s+){1,7}[A-Z][\w'’.-]*)\s?:(?:\s*$|\s+\S)")
_FIELD_WORD_RE = re.compile(
    rf"\b(?:{'|'.join(re.escape(w) for w in FIELD_LABEL_WORDS)}|DATE|PRESENT"
    r"|MATTER\s+OF|HELD\s+AT)\b\.?\s?:",
    re.IGNORECASE)
_WIDE_GAP = "    "  # between two columns, never between a tag's words
#: a sentence: a lower-case word ending with a full stop, a question or an exclamation mark
_PROSE_END_RE = re.compile(r"[a-z][.?!](?:\s|$)")


def ends_title(line: str) -> bool:
    """A separator line (``--oOo--``, ``P R O C E E D I N G S``) or the first utterance: a
    speaker tag naming someone (not only role words: ``TRANSCRIBED BY: ...`` stays) with words after it,
    a speaker's label in any case, alone on its line or not (roles, then a name: ``Presiding Commissioner
    Ostrowski:``; not a field's label, ``CDCR Number:``), or a line of prose (eight words or more, half
    of them in lower case, a sentence's end)."""
    if len(line.strip()) >= 3 and _SEPARATOR_RE.match(line.strip()) and fold(line):
        return True  # a rule of underscores and brackets (``______)``) closes a caption box, not the page
    tag = speaker_tag(line)
    if tag is not None and heading_tag(tag.group("tag").split(), line[tag.end():].strip()):
        return False  # "SPEAKERS:     PAGE", "PUBLIC FORUM:  WESTERN NEW YORK": a heading, no one speaking
    if _speaker_label(line) or _prose(line):
        return True
    if tag is None or not line[tag.end() :].strip() or _field(line, tag) or _WIDE_GAP in tag.group("tag"):
        # a wide gap inside the tag: two columns (``JOSÉ MENDIVIL          ELDERLY PAROLE: NOT ELIGIBLE``)
        return False  # "INSTITUTION: CENTINELA STATE PRISON", "CDCR NUMBER: H-71126": a field, no one speaking
    return not all(tag_roles(tag.group("tag").split()))


def heading_tag(words: list[str], rest: str) -> bool:
    """A tag-like heading: a list's over its column of pages (``OPENING BY:     PAGE 6``), or two plain words or more,
    no name or title among them, before a few words in capitals without a sentence's end (``PUBLIC FORUM:  WESTERN
    NEW YORK``, ``PANELIST INTRODUCTIONS:``), or ordinary words with nothing after the colon (``ALSO IN ATTENDANCE:``,
    ``CLERGY:``); not ``INMATE BAKER:  NO``, ``MR. WHITE:  YES``, ``MS. ROWE:``."""
    if INDEX_COLUMN_RE.fullmatch(rest):
        return True
    if not rest:  # "ALSO IN ATTENDANCE:", "ROUNDTABLE PARTICIPANTS:", "CLERGY:": ordinary words alone on their line
        return any(plain.is_plain_word(w) and not is_stop_word(w.casefold()) for w in words) and all(
            (plain.is_plain_word(w) or is_stop_word(w.casefold())) and not is_title_word(w) for w in words)
    return len(words) >= 2 and all(plain.is_plain_word(w.title()) and not is_title_word(w) for w in words) \
        and rest.upper() == rest and 0 < len(rest.split()) <= 5 and not rest.endswith((".", "?", "!"))


def _field(line: str, tag: re.Match[str]) -> bool:
    """A tag that is a field's label: a field word first (``INSTITUTION:``) or last after words that are not
    all roles (``CDCR NUMBER:``), or last before a value printed in capitals (``INMATE NAME: JOHN DOE``), or before
    a hearing's name in capitals (``LIFE PRISONER: PAROLE CONSIDERATION HEARING``); not ``COMMISSIONER DATE: We are``"""
    field, rest = _FIELD_WORD_RE.search(line, tag.start()), line[tag.end():]
    if field is None or field.start() >= tag.end():  # "CONSIDERATION HEARING OF:" (a connector: its value follows)
        return bool(_CONNECTOR_END_RE.search(tag.group("tag"))) or bool(rest.isupper() and _HEARING_LINE_RE.match(rest.strip()))
    before = line[tag.start() : field.start()].split()
    return not before or not all(tag_roles(before)) or not any(c.islower() for c in rest)


def _speaker_label(line: str) -> bool:
    """Roles, then a name, before a colon (``Presiding Commissioner Ostrowski:``); no field's label and no
    organization (``District Attorney's Office:``)."""
    match = _SPEAKER_LABEL_RE.match(line)
    if match is None or _FIELD_WORD_RE.search(line) or _WIDE_GAP in match.group(1):
        return False
    words = match.group(1).split()
    roles = tag_roles(words)  # "District Attorney's Office:" names an organization, no speaker
    return roles[0] and not roles[-1] and not is_firm_name(match.group(1))


def _prose(line: str) -> bool:
    words = line.split()
    return len(words) >= 8 and 2 * sum(w[:1].islower() for w in words) >= len(words) \
        and _PROSE_END_RE.search(line) is not None


def split_title(text: str) -> tuple[int, Header | None]:
    """Find the title block at the start of a normalized text.

    The block is every line before the first empty line, separator line (``--oOo--``) or
    utterance (``COMMISSIONER DOE: ...``), whichever comes first.  A title page printed with
    empty lines between its parts (text saved from a PDF viewer) is not one block: when the
    lines before the first empty line are no title page, the block runs on across empty lines
    to the first separator, index heading or utterance.  Returns the offset where the block's
    last line ends (``text[:end]`` is the block without its final line break) and the parsed
    header, or ``(0, None)`` when the text does not begin with a CDCR title page.  Any line
    break convention works; offsets index ``text`` as given.
    """
    unnamed = None
    for across_empty_lines in (False, True):
        end, lines = _title_block(text, across_empty_lines)
        if lines and is_title_page(lines):
            header = parse_title(lines)
            if header.inmate_name or header.participants:
                return end, header
            if not across_empty_lines:
                unnamed = end, header  # a page's heading alone ("... BOARD OF PAROLE HEARINGS" / empty line / ...)
    return unnamed or (0, None)  # across empty lines only a page that names someone is a title page


_INDEX_RE = re.compile(r"^\s*I\s*N\s*D\s*E\s*X\s*$", re.IGNORECASE)


def _title_block(text: str, across_empty_lines: bool) -> tuple[int, list[str]]:
    """The printed lines of the title block and the offset where its last line ends."""
    lines: list[str] = []
    offset = end = 0
    for raw in text.splitlines(keepends=True):
        content = raw.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
        offset += len(raw)
        if not content.strip():
            if across_empty_lines:
                continue
            break
        if lines and (ends_title(content) or (across_empty_lines and _INDEX_RE.match(content))):
            break
        if len(lines) == _MAX_TITLE_LINES:
            return 0, []
        lines.append(content)
        end = offset - len(raw) + len(content)
    return end, lines

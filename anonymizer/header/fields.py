"""How one printed line of a title page reads: a name in capitals or in mixed case, the caption
box's left column, a city and its state, and the labeled fields of a page printed as a form
(``Presiding Commissioner: Ellen Fitzgerald-Moss``, ``INMATE: JOSÉ LUIS HERNÁNDEZ-OCHOA``,
``INSTITUTION: CENTINELA STATE PRISON, IMPERIAL, CALIFORNIA``).

:mod:`anonymizer.header` reads the page's structure (its blocks and sections) with these.
"""
from __future__ import annotations

import re

from anonymizer.lang.en.lexicon import strip_titles
from anonymizer.lang.en.transcript import CAPITAL, tag_roles
from anonymizer.lang.en.vocabulary import (
    HEADING_GRAMMAR_WORDS, INITIAL_TITLES, INMATE_LABELS, KIN_WORDS, NAME_PARTICLE_ALTERNATION, ORGANIZATION_HEAD_WORDS,
    US_STATES,
)

#: a CDC or CDCR number after its label (``CDCR Number: AB1234``, ``CDC No. C-12345``)
CDCR_RE = re.compile(r"CDCR?\s*(?:Number|No\.?|#)?\s*:?\s*(?P<id>[A-Z]{1,2}[-\s]?\d{4,6})\b", re.IGNORECASE)
#: the incarcerated person's label alone (``INMATE``, ``Incarcerated Person``)
PERSON_LABEL_RE = re.compile(r"^(?:" + "|".join(label.replace(" ", r"\s+") for label in INMATE_LABELS) + r")$",
                              re.IGNORECASE)
#: a participant printed in mixed case (``Mary Smith, Presiding Commissioner``): two to five capitalised words
#: (with lower-case particles between: ``Anneliese van der Hoeven``, ``José de la Cruz Villalobos``)
TITLE_CASE_NAME_RE = re.compile(
    rf"^[{CAPITAL}][\w'’.-]*(?:\s+(?:(?:{NAME_PARTICLE_ALTERNATION})\s+){{0,3}}[{CAPITAL}][\w'’.-]*){{1,4}}$")
#: the words that make an inmate's label a name field: ``Inmate Name``, ``Name of Inmate``,
#: ``Incarcerated Person's Full Name``
_NAME_FIELD = re.compile(r"^Name\s+of\s+(?:the\s+)?|(?:['’]s)?\s+(?:Full\s+)?Name$", re.IGNORECASE)
#: a one-line list of participants after its label (``Panel: ...; ...``, ``Also present: ...``)
_LIST_RE = re.compile(r"^(?:(?:also|others|panel)\s+)?(?:present|panel(?:\s+members)?|appearances|participants|attendees)"
                      r"\s*:\s*(?P<items>\S.*)$", re.IGNORECASE)
#: a section's heading of participants (``PANEL PRESENT:``, ``OTHERS PRESENT``, ``APPEARANCES:``, ``COMMISSIONERS``,
#: ``APPEARING VIA VIDEOCONFERENCE:``)
#: the heading of an index's or a list's column of pages ("SPEAKERS:          PAGE"), after a tag-like heading
INDEX_COLUMN_RE = re.compile(r"(?i:pages?|pg\.?)(?:[ ]+\d{1,4})?(?:[ ]+(?i:questions?)(?:[ ]+\d{1,4})?)?")
SECTION_RE = re.compile(
    r"^(?:[A-Z]+\s+){0,2}PRESENT(?:\s+FOR\s+THE\s+(?:BOARD|PANEL|STATE|INMATE))?\s*:?$"
    r"|^(?:(?:HEARING\s+)?PANEL(?:\s+MEMBERS)?|(?:BOARD\s+)?COMMISSIONERS|PARTICIPANTS|APPEARANCES|ATTENDEES|OTHERS)\s*:?$"
    r"|^(?:APPEARING|PARTICIPATING)(?:\s+(?:VIA|BY)\s+(?:VIDEO\s*CONFERENCE|VIDEO|ZOOM|WEBEX|TELEPHONE|PHONE))?\s*:?$",
    re.IGNORECASE
)
#: a name's field without a person's label, as a report about one incarcerated person prints it (``NAME:``)
_NAME_ALONE = re.compile(r"^(?:FULL\s+)?NAME$", re.IGNORECASE)
_ASIDE = re.compile(r"\([^)]*(?:\)|$)")  # the folded line may have lost its closing bracket
#: the prison's field (``INSTITUTION: ...``, a remote hearing's ``Incarcerated person appearing from: ...``)
_PLACE_LABEL_RE = re.compile(r"^(?:INSTITUTION|FACILITY|PRISON|LOCATION|HELD\s+AT|(?:[\w'’]+\s+){0,3}APPEARING\s+FROM)"
                             r"\s*:\s*(?P<value>.+)$", re.IGNORECASE)


def fold(line: str) -> str:
    """Fold white space and strip the bracket/rule characters of the older layout."""
    return " ".join(line.split()).strip(" )_|")


def is_upper_name(text: str) -> bool:
    """A printed name: letters mostly upper-case (``McDONALD`` counts), no digits."""
    if not text or any(c.isdigit() for c in text):
        return False
    upper = sum(c.isupper() for c in text)
    lower = sum(c.islower() for c in text)
    return upper >= 2 and lower * 3 <= upper


def city_state(line: str) -> tuple[str, str] | None:
    """``SOLEDAD, CALIFORNIA`` -> (``SOLEDAD``, ``CALIFORNIA``)."""
    city, sep, state = line.rpartition(",")
    if not sep or not city.strip() or state.strip().upper() not in US_STATES:
        return None
    return city.strip(), state.strip()


def facility_city(line: str) -> tuple[str, str] | None:
    """``SALINAS VALLEY STATE PRISON, SOLEDAD`` -> (the prison, ``SOLEDAD``): a facility's name, then
    its town, no state."""
    facility, sep, city = line.rpartition(",")
    words = facility.split()
    city = city.strip()
    if not sep or not words or words[-1].casefold().strip(".") not in ORGANIZATION_HEAD_WORDS:
        return None
    if not city or city.upper() in US_STATES or not all(w.isalpha() for w in city.replace("-", " ").split()[:3]) \
            or len(city.split()) > 3:
        return None
    return facility.strip(), city


#: an inmate number printed after the name without its label (``INMATE: ROSALIND MAE TRUJILLO   W-40817``)
BARE_ID_RE = re.compile(r"(?<=[^\W\d_])[ ,]+\(?(?P<id>[A-Z]{1,2}-?\d{4,6})\)?$")


def without_cdcr(line: str) -> str:
    return BARE_ID_RE.sub("", caption_left(fold(CDCR_RE.sub(" ", line))).rstrip(" ,;"))


#: words of a hearing's type or a form's remark, never of a name (``ELDERLY PAROLE: NOT ELIGIBLE``)
_TYPE_WORD_RE = re.compile(r"\b(?:HEARINGS?|PAROLE|ELIGIBLE)\b", re.IGNORECASE)


def no_name(line: str) -> bool:
    """The hearing's type printed beside the caption (``YOUTH OFFENDER PAROLE HEARING``), a prison or its town."""
    return bool(_TYPE_WORD_RE.search(line) or city_state(line)) or is_firm_name(line)


def is_heading(name: str) -> bool:
    """A heading printed among a title page's participants, no one's name: a word of a sentence's grammar in
    capitals (``EXHIBITS RECEIVED INTO THE RECORD``, ``INDEX OF EXHIBITS``)."""
    return any(word in HEADING_GRAMMAR_WORDS for word in name.split())


def is_firm_name(name: str) -> bool:
    """A printed name whose last word is an organization's head: a firm or a prison, no person (``Allied Verbatim
    Reporting``, ``CENTRAL CALIFORNIA WOMEN'S FACILITY``)."""
    return name.split()[-1].casefold() in ORGANIZATION_HEAD_WORDS


def printed_name(text: str) -> bool:
    """A name printed after its label, in capitals (``JOSÉ LUIS HERNÁNDEZ-OCHOA``) or in mixed case
    (``Ellen Fitzgerald-Moss``)."""
    return is_upper_name(text) or TITLE_CASE_NAME_RE.match(text) is not None


def caption_left(line: str) -> str:
    """The caption box's left column: ``RAYMOND WHITEHORSE,     )`` -> ``RAYMOND WHITEHORSE``,
    ``Inmate.    )`` -> ``Inmate``; a line without the box's bracket stays."""
    left, bracket, _ = line.partition(" )")
    return left.rstrip(" ,.") if bracket else line


def untitled(name: str) -> str:
    """``Ms. Theresa Kowalczyk`` -> ``Theresa Kowalczyk``: the name without the honorific before it."""
    start, end = strip_titles(name, 0, len(name))
    return name[start:end] if end > start else name


def role_first(line: str) -> tuple[str, str] | None:
    """``Presiding Commissioner: Ellen Fitzgerald-Moss``, ``Interpreter: Marisol Arreola (Spanish)``,
    ``District Attorney's Office: Deputy District Attorney Chukwudi Ekwueme``: (name, role) of a
    participant printed after the label of a role or of a role's office, the value's own role words first (before
    the name, or after its comma below an office's label: ``District Attorney's Office:  Ms. Yolanda Serrano, Deputy
    District Attorney``); a courtesy title or ``Dr.`` before the name is no role (``Counsel:   Mr. Gordon Pike, for
    the inmate`` is counsel)."""
    role, sep, rest = line.partition(":")
    role = " ".join(_ASIDE.sub(" ", role).split())  # "Interpreter (Korean): Chang Min-ho"
    first, _, after = _ASIDE.sub(" ", rest).partition(",")
    name = without_cdcr(first)  # "Rafael Unzueta, Fresno County", "Sgt. (Ret.) Jo Roe"
    words, value = role.split(), name.split()
    titled = next((i for i, w in enumerate(value) if w.rstrip(".").title() not in INITIAL_TITLES), len(value))
    value = value[titled:]
    lead = next((i for i, is_role in enumerate(tag_roles([w.upper() for w in value])) if not is_role), len(value))
    after = " ".join(after.split())
    role_after = not lead and bool(after) and tag_roles([after.split()[0].upper()]) == [True]
    office = len(words) > 1 and words[-1].casefold() in ORGANIZATION_HEAD_WORDS and (0 < lead or role_after)
    if not sep or not words or not all(tag_roles([w.upper() for w in (words[:-1] if office else words)])):
        return None
    if office or lead:
        role, name = (" ".join(value[:lead]), " ".join(value[lead:])) if lead else (after, " ".join(value))
    else:
        name = " ".join(value)
    if printed_name(name) and not is_firm_name(name):
        return name, role.strip()  # not a firm ("TRANSCRIBED BY:  Allied Verbatim Reporting")
    return None


_KIN_WORDS = frozenset(KIN_WORDS)
#: a dot leader between a role and its name, as in an index (``Presiding Commissioner ........ Jane Roe``)
_LEADER_RE = re.compile(r"[^\S\n]*(?:\.[^\S\n]?){4,}[^\S\n]*|[^\S\n]*…+[^\S\n]*")


def labeled_participants(line: str) -> list[tuple[str, str]]:
    """:func:`role_first` for each name of a role's label, the names split at semicolons (``Victim's Next of
    Kin: Thuy Pham (mother); Kevin Pham (brother)``) or at commas after a bracket; a relative's word in brackets joins the role (``Support
    Person (brother)`` of ``(the inmate's brother)``)."""
    role, sep, rest = _LEADER_RE.sub(": ", line, count=1).partition(":")  # "Deputy Commissioner ...... Owen Pritchard"
    if not sep:
        return []  # no label's colon: role_first finds no one either
    found = []
    for part in re.split(r";|(?<=\)),", rest):  # "Renee Moss (daughter), Louis Delacroix III (son)" too
        person = role_first(f"{role}:{part}")
        if person:
            aside = _ASIDE.search(part)
            kin = aside and {w.casefold() for w in re.findall(r"[A-Za-z]+", aside.group())} & _KIN_WORDS
            found.append((person[0], f"{person[1]} ({' '.join(sorted(kin))})" if kin else person[1]))
    return found


def place_value(line: str) -> str:
    """``Held at: California Men's Colony, ...`` -> the value after the prison's label (the line without one)."""
    match = _PLACE_LABEL_RE.match(line)
    return match.group("value").strip() if match else line


def labeled_place(lines: list[str]) -> tuple[str, str | None, str | None] | None:
    """``INSTITUTION: CENTINELA STATE PRISON, IMPERIAL, CALIFORNIA``: facility, city and state."""
    for line in lines:
        match = _PLACE_LABEL_RE.match(line)
        if match:
            facility, _, rest = match.group("value").partition(",")
            found = city_state(rest.strip())
            return facility.strip(), *(found or (rest.strip() or None, None))
    return None


def labeled_inmate(lines: list[str]) -> str | None:
    """``INMATE: JOSÉ LUIS HERNÁNDEZ-OCHOA   CDCR NO.: V-20671``, ``Inmate Name: Nguyen, Thanh Van``, a
    report's ``NAME: OYELOWO, BABATUNDE A.``: the name after an inmate's or a name's label, as printed (surname
    first too)."""
    for line in lines:
        label, sep, rest = line.partition(":")
        name = without_cdcr(rest).strip()
        if sep and (PERSON_LABEL_RE.match(_NAME_FIELD.sub("", label.strip())) or _NAME_ALONE.match(label.strip())) \
                and (printed_name(name) or _surname_first(name)):
            return untitled(name)
    return None


def _surname_first(name: str) -> bool:
    """``Nguyen, Thanh Van``: a name printed surname first."""
    surname, sep, given = name.partition(",")
    return bool(sep) and "," not in given and printed_name(f"{given.strip()} {surname.strip()}")


def listed(line: str) -> list[tuple[str, str]] | None:
    """``Panel: Commissioner Priya Balasubramanian (presiding); Deputy Commissioner Rhett Calloway``,
    ``Also present: Ms. Dolores Quintanilla-Hart, counsel for the inmate; ...``: (name, role) of each
    participant a one-line list names (:func:`participant`); None when the line is no such list."""
    match = _LIST_RE.match(line)
    if match is None:
        return None
    return [person for item in match.group("items").split(";") if (person := participant(item, comma=True))]


def wrapped_lists(lines: list[str]) -> list[str]:
    """The lines, with a one-line list of participants that the page wrapped joined again: after
    an item's end (``...Presiding Commissioner;`` / ``MATTHIAS OYELARAN-BECK, Deputy Commissioner.``)
    or inside a name (``...Inmate; SIOBHAN`` / ``MCALLISTER, Attorney for Inmate; ...``, ``...Deputy Commissioner
    Rhett`` / ``Calloway``)."""
    out: list[str] = []
    for line in lines:
        match = _LIST_RE.match(out[-1]) if out else None
        if match and ":" not in line and _list_goes_on(match.group("items"), line):
            out[-1] = f"{out[-1]} {line}"
        elif match and ":" not in line and (person := participant(line, comma=False)) and person[1]:
            out[-1] = f"{out[-1]}; {line}"  # "Panel: Commissioner Jane Roe (Presiding)" / "Deputy Commissioner John Doe"
        else:
            out.append(line)
    return out


def _list_goes_on(items: str, line: str) -> bool:
    first = line.split(";", 1)[0]
    if items.rstrip().endswith((";", ",")):
        return participant(first, comma=True) is not None
    last = items.rsplit(";", 1)[-1].strip()
    if participant(last, comma=True) is None and participant(f"{last} {first.strip()}", comma=False):
        return True  # "...; Victim's granddaughter" / "Tamsin Greaves; ...": a role, then its name on the next line
    name, sep, _ = first.partition(",")
    if not sep and first == line and len(first.split()) <= 2:  # "... Deputy Commissioner Ferris" / "Okonjo"
        person = participant(f"{last} {first.strip()}", comma=False)
        return person is not None and len(person[0].split()) > len(first.split())
    return bool(sep) and "," not in last and printed_name(f"{last} {name.strip()}")


def participant(item: str, comma: bool) -> tuple[str, str] | None:
    """(name, role) of one participant: the role's words, then the name (``Deputy Commissioner Rhett
    Calloway``, ``Interpreter Esteban Ocampo (Spanish)``), or, with ``comma``, the name and then its role
    after a comma (``Ms. Dolores Quintanilla-Hart, counsel for the inmate``). A surname alone (``Sgt.
    Wexler, escort``) is no printed name."""
    item = " ".join(_ASIDE.sub(" ", item).split())
    name, sep, role = item.partition(",") if comma else (item, "", "")
    if not sep:
        words = item.split()
        roles = tag_roles([w.upper() for w in words])
        lead = next((i for i, is_role in enumerate(roles) if not is_role), len(words))
        name, role = " ".join(words[lead:]), " ".join(words[:lead])
    name = untitled(name.strip().rstrip("."))
    if printed_name(name) and not any(tag_roles(name.upper().split())):
        return name, role.strip().rstrip(".")
    return None


#: a line of two parts printed side by side, a run of two spaces or more between them
_TWO_PARTS = re.compile(r"^\s*(?P<left>\S.*?)\s{2,}(?P<right>\S.*?)\s*$")


def unzipped(lines: list[str]) -> list[str]:
    """The lines, with two lists of participants printed side by side (``PANEL PRESENT:    OTHERS PRESENT:``
    and the names under each) read one after the other: the left column's lines, then the right's. The
    columns end at a line that crosses their gap, or at the left column's line after the right one ended."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        heads = _TWO_PARTS.match(lines[i])
        if not (heads and SECTION_RE.match(heads["left"]) and SECTION_RE.match(heads["right"])):
            out.append(lines[i])
            i += 1
            continue
        left, right = [heads["left"]], [heads["right"]]
        column, right_only = heads.start("right"), False
        i += 1
        while i < len(lines):
            parts = _columns(lines[i], column)
            if parts is None or (right_only and parts[0] and not parts[1]):
                break
            right_only = right_only or not parts[0]
            left.extend(part for part in parts[:1] if part)
            right.extend(part for part in parts[1:] if part)
            i += 1
        out.extend(left + right)
    return out


def _columns(line: str, column: int) -> tuple[str, str] | None:
    """``line``'s parts left and right of ``column`` (a few characters either way), or None when its text
    runs across the gap."""
    if len(line.rstrip()) <= column - 2:
        return line.strip(), ""
    if not line[:column - 2].strip():
        return "", line.strip()
    gap = next((m for m in re.finditer(r"\s{2,}", line) if abs(m.end() - column) <= 4), None)
    if gap is None:
        return None
    return line[:gap.start()].strip(), line[gap.end():].strip()


#: a form's field label: one to four words and a colon (``DOB:``, ``DATE OF INTERVIEW:``, ``CDCR#:``)
_FIELD_LABEL = r"[A-Z][\w.#'’]*(?:[ ][\w.#'’]+){0,3}[ ]?:"
#: a field's label after a wide gap, on a line that opens with a field (``NAME: ...      CDCR#: AY3381``)
_NEXT_FIELD = re.compile(rf"[^\S\n]{{3,}}(?={_FIELD_LABEL}(?:[ ]|$))")
_FIELD_FIRST = re.compile(rf"^[^\S\n]*{_FIELD_LABEL}[ ]")


#: a wide gap between two parts of a printed line: two columns (a caption's name and a box beside it)
_COLUMN_GAP = re.compile(r"(?<=\S)[^\S\n]{4,}(?=\S)")


def columns_apart(lines: list[str]) -> list[str]:
    """The lines, with two parts printed far apart (``JOSÉ MENDIVIL            ELDERLY PAROLE: NOT ELIGIBLE``,
    ``In the Matter of the Life Term        CDCR No. AT-4408``) one a line, the left first; a label and its
    value (``For the Board:       Commissioner Jane Roe``) and a form's field (``INMATE: JANE ROE      W-40817``) stay
    one line."""
    out: list[str] = []
    for line in lines:
        parts = _COLUMN_GAP.split(line.strip())
        if len(parts) > 1 and not any(part.endswith(":") for part in parts[:-1]) and not _FIELD_FIRST.match(line):
            out.extend(parts)
        else:
            out.append(line)
    return out


def fields_apart(lines: list[str]) -> list[str]:
    """The lines, with the fields of a form printed side by side (``DOB: 04-11-1979      AGE: 43``) one a line."""
    out: list[str] = []
    for line in lines:
        out.extend(_NEXT_FIELD.split(line) if _FIELD_FIRST.match(line) else [line])
    return out

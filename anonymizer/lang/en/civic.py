"""What a legislature's or a city's hearing names that identifies no one, read through ``us_records`` by the
detection filter and the re-scan.

* a plan, an option or a ballot measure called by its code: ``Plan 2014``, ``Plan B+``, ``Plan Bv7``, ``Plan '58DD``,
  ``Option C``, ``Proposition 47``, ``Measure A``: the tagger's person or place over it, the head word a re-scan
  finds again, and the year of ``Plan 2014`` (the plan's name, no one's date);
* a public body or a study named for the waters it governs: ``Lake Ontario-St. Lawrence River Study``, ``the
  Lake Ontario - St. Lawrence River Board of Control``, ``Great Lakes Commission``, ``Delaware River Basin
  Commission``: the lake or the river inside it is the body's name there (a lake or a river said alone stays what
  it is; a town named ``Lake ...`` keeps the body a particular one, ``Lake Elsinore Planning Commission``; an
  association of people is no public body, ``Lake Ontario Riparian Alliance``);
* the nation's or a US state's own body: ``the U.S. Coast Guard's``, ``NEW YORK STATE SENATE``, ``the Ohio
  Department of Health``: the state before a public body's generic name (``public_body``) is that body's name there,
  in capitals too (a town before one keeps it particular: ``Yonkers City Council``);
* an office said as a name of address, or a piece of one (``City`` of a tagger's ``Mr. City`` in ``Mr. City
  Attorney``), a city's department called by its function alone (``Code Enforcement``, ``Public Works``, ``Parks and
  Recreation``), and an association of a kind of people by its kind alone (``Homeowners Association``, ``the
  Neighborhood Association``; ``Riverside Homeowners Association`` is a particular one);
* an agenda's item by its code (``E-5``, ``Item F-10``) and a statute by its title (``the Live Local Act``).
"""
from __future__ import annotations

import re

from anonymizer.lang.en import gazetteer, lexicon, plain, public_body
from anonymizer.lang.en.public_body import HEADS, QUALIFIERS, is_public_body
from anonymizer.lang.en.vocabulary import US_STATES
from anonymizer.lang.en.vocabulary_bodies import GENERIC_BODY_NOUNS

__all__ = ["DEPARTMENT_FUNCTIONS", "generic_association", "identifies_no_one", "in_capitals_body", "in_office_title", "in_state_body", "in_waters_body", "names_a_plan", "names_an_item", "titled"]

#: the nouns a plan, a variant or a ballot measure is called by before its code
PLAN_HEADS = ("Plan", "Option", "Alternative", "Scenario", "Proposition", "Prop.", "Measure", "Phase")
#: a plan's code: a year or a number (a letter or two after it), an apostrophe's year (``'58DD``), one capital letter
#: with a version or a plus (``B``, ``Bv7``, ``B+``), a Roman numeral; nothing of a word after it
_CODE = r"(?:'?\d{1,4}[A-Z]{0,3}|[A-Z](?:v\d{1,2}|\d{1,2})?\+{0,2}|[IVX]{2,4})(?![\w'’])(?!\+)"
_PLAN = re.compile(rf"\b(?:{'|'.join(re.escape(h) for h in PLAN_HEADS)})[ ]{_CODE}")

#: the kinds of water a body may be named for, after the water's own name (``St. Lawrence River``) ...
_WATER_KINDS = ("River", "Rivers", "Bay", "Sound", "Basin", "Creek", "Canal", "Harbor", "Harbour", "Estuary",
                "Watershed", "Lakes")
_NAME = r"(?:St\.[ ]|Great[ ])?[A-Z][\w'’]+"
#: ... or before it (``Lake Ontario``)
_WATER = rf"(?:Lake[ ]{_NAME}|{_NAME}(?:[ ]{_NAME})?[ ](?:{'|'.join(_WATER_KINDS)}))"
#: what such a body is: a public body's head (``public_body.HEADS``) or a study or programme of the governments
_BODY_HEADS = (*HEADS, "Study", "Studies", "Program", "Programme", "Project", "Compact", "Partnership", "Initiative",
               "Plan")
_BODY_WORDS = "|".join(sorted((*QUALIFIERS, "Water", "Waters", "Quality", "Levels", "Level", "Control",
                               "Reference", "Management", "Joint", "Restoration"), key=len, reverse=True))
_WATERS_BODY = re.compile(
    rf"(?P<waters>{_WATER}(?:[ ]?[-–][ ]?{_WATER}|[ ]and[ ]{_WATER})*)"
    rf"(?:[ ](?:{_BODY_WORDS}))*[ ](?:{'|'.join(_BODY_HEADS)})\b(?:[ ](?:of|for|on)[ ](?:the[ ])?(?:{_BODY_WORDS}))*"
)


def names_a_plan(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies in a plan's or a measure's designation by its code (``Plan 2014``, ``Plan B+``): the
    whole of it, its head word or its code."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    for match in _PLAN.finditer(text, max(line_start, start - 16), min(line_end, end + 24)):
        if match.start() <= start and end <= match.end():
            return True
    return False


def in_waters_body(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies in the name of a body or a study named for a lake or a river (``Lake
    Ontario-St. Lawrence River Study``), and no water of that name is a town the gazetteers know."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    for match in _WATERS_BODY.finditer(text, max(line_start, start - 80), min(line_end, end + 80)):
        if match.start() <= start and end <= match.end():
            waters = re.split(r"[ ]?[-–][ ]?|[ ]and[ ]", match.group("waters"))
            return not any(gazetteer.place_category(water) == "CITY" for water in waters)
    return False


#: the nation's name before its body
_NATION = re.compile(r"(?:[Tt]he[ ])?(?:U\.[ ]?S\.|US|United[ ]States|UNITED[ ]STATES)[ ]")
#: a run of words after a state's name on its line (its body's name, perhaps)
_WORDS_AFTER = re.compile(r"(?:[ ][\w’'.-]+){1,6}")
_STATES = "|".join(sorted((re.escape(s).replace(r"\ ", "[ ]") for s in US_STATES), key=len, reverse=True))
#: a US state (and "State") opening a span
_STATE_FIRST = re.compile(rf"(?:the[ ])?(?:{_STATES})(?:[ ]State)?(?=[ ])", re.IGNORECASE)
#: a US state (and "State") right before a span on its line, generic words between perhaps
_STATE_BEFORE = re.compile(rf"(?<![\w’'-])(?:{_STATES})(?:[ ]State)?[ ]$", re.IGNORECASE)


def titled(text: str) -> str:
    """``text`` with each word in capitals written with a capital and small letters ("COAST GUARD'S" -> "Coast
    Guard's", "OF" -> "of"), letter for letter (every offset holds)."""
    def word(match: re.Match[str]) -> str:
        w = match.group()
        if w in ("OF", "THE", "AND", "FOR", "ON", "IN"):
            return w.lower()
        return w[0] + w[1:].lower() if len(w) > 2 or not w.isalpha() else w
    return re.sub(r"[A-Z][A-Z’'.-]+", word, text)


def _body_words(words: str) -> bool:
    """``words`` (a run of a line) open with a public body's generic name, in any case ("STATE SENATE", "Coast
    Guard's proposed")."""
    cut = titled(words).split()
    return any(is_public_body(" ".join(cut[:n]), 0, len(" ".join(cut[:n]))) for n in range(len(cut), 0, -1))


def in_state_body(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` names the nation's or a US state's own public body, is the state's name right before one,
    or is that body's generic name after the state (``NEW YORK`` and ``SENATE`` of ``NEW YORK STATE SENATE``, ``U.S.
    Coast Guard's``)."""
    surface = " ".join(text[start:end].split())
    nation = _NATION.match(surface)
    if nation and _body_words(" " + surface[nation.end():]):
        return True
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if surface.upper() in US_STATES:
        after = _WORDS_AFTER.match(text, end, line_end)
        return after is not None and _body_words(after.group())
    state = _STATE_FIRST.match(surface)
    if state and _body_words(surface[state.end():]):
        return True  # "New York State Senate", "NEW YORK STATE POLICE"
    before = _STATE_BEFORE.search(titled(text[max(line_start, start - 30):start]))
    return before is not None and _body_words(surface)


def in_capitals_body(text: str, start: int, end: int, label: str) -> bool:
    """A span in capitals that names a public body by generic words, read as in ordinary case (``COAST GUARD'S``;
    ``YONKERS CITY COUNCIL`` stays a town's)."""
    surface = text[start:end]
    if not surface.isupper():
        return False
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    line = titled(text[line_start:len(text) if line_end < 0 else line_end])
    cut = start - line_start  # the plain words before it in small letters: "ABOUT" no place's or body's name
    before = re.sub(r"[A-Z][\w’'-]*", lambda m: m.group().lower() if lexicon.is_stop_word(m.group().lower())
                    or plain.is_plain_word(m.group()) else m.group(), line[:cut])
    return public_body.identifies_no_one(before + line[cut:], cut, end - line_start, label)


#: a city's or a county's departments called by their function alone
DEPARTMENT_FUNCTIONS = (
    "Code Enforcement", "Code Compliance", "Public Works", "Parks and Recreation", "Parks & Recreation", "Human Resources",
    "Risk Management", "Building and Zoning", "Planning and Zoning", "Animal Services", "Animal Control", "Solid Waste",
    "Public Safety", "Emergency Management", "Community Development", "Economic Development", "Historic Preservation",
    "Procurement", "Zoning", "Sanitation", "Emergency Medical Services", "Social Services", "Human Services",
    "Mental Health", "Child Protective Services", "Probation", "Parole",
)
#: a legislature's committee on a matter ("Senate Committee on Alcoholism and Drug Abuse", "the Committee on Aging"): no
#: one
_COMMITTEE = re.compile(r"(?:(?:the|Senate|Assembly|House|Joint|Standing|Select|Legislative|State)[ ])*"
                        r"(?:Committee|Subcommittee|Commission|Task[ ]Force)[ ]on[ ](?:the[ ])?[A-Z][\w’'-]*"
                        r"(?:[ ](?:and|of|the|for|[A-Z][\w’'-]*))*")
_DEPARTMENT = re.compile(rf"(?:the[ ])?(?:{'|'.join(re.escape(f) for f in DEPARTMENT_FUNCTIONS)})"
                         r"(?:[ ](?:Department|Division|Office|Officer|Officers|Staff|Director))?")
#: up to two capitalised words after a span on its line, and one before it
_WORDS_ON = re.compile(r"(?:[ ][A-Z][\w.’'-]*){1,2}")
_WORD_BEFORE = re.compile(r"[A-Z][\w.’'-]*[ ]$")


def in_office_title(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is an office's title, alone or with the words beside it on its line (``City`` of ``Mr. City
    Attorney``, ``Tribal Councilor``, ``Charge`` of ``Resident Agent in Charge``), no name."""
    surface = " ".join(text[start:end].split())
    after = _WORDS_ON.match(text, end)
    words = after.group().split() if after else []
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 40):start].split()[-3:]
    return any(lexicon.is_title(" ".join([*before[len(before) - k:], surface, *words[:n]]))
               for k in range(len(before) + 1) for n in range(len(words) + 1))


#: the people an association of neighbours gathers, named by their kind (``Homeowners Association``), case-folded
MEMBERS = frozenset("""homeowners homeowner's homeowners' tenants residents neighbors neighbours neighborhood
    neighbourhood parents owners taxpayers condominium condo""".split())


def generic_association(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is an association of neighbours by their kind alone: a word of :data:`MEMBERS`, then a
    body's generic noun (``Homeowners Association``), no capitalised name right before it (``Maritime Association``
    is a particular one)."""
    words = " ".join(text[start:end].split()).removeprefix("the ").split()
    if len(words) != 2 or words[1].casefold() not in GENERIC_BODY_NOUNS or words[0].casefold() not in MEMBERS:
        return False
    before = _WORD_BEFORE.search(text, max(0, start - 30), start)
    return before is None or lexicon.is_stop_word(before.group().strip().casefold())


#: an agenda's item by its code: a capital letter, a hyphen and a number ("E-5", "F-10"), "Item" before it perhaps
_ITEM = re.compile(r"(?:(?:Item|ITEM|item)[ ]+)?[A-Z]-\d{1,2}")
#: a statute called by its title: the capitalised words before "Act" ("the Live Local Act"), or "Act" alone
_ACT_AFTER = re.compile(r"[ ]+Act\b")


def names_an_item(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is an agenda's item by its code (``E-5``, ``Item F-10``), or a statute by its title: the
    title's words right before ``Act`` (``Live Local`` of ``the Live Local Act``), ``Act`` alone after a capitalised
    word or ``the``, or the whole ``... Act``."""
    surface = " ".join(text[start:end].split())
    if _ITEM.fullmatch(surface) and not text[end:end + 1].isalnum():
        return True
    words = surface.split()
    if words and words[-1] == "Act" and len(words) > 1 and all(w[:1].isupper() for w in words):
        return True
    if surface == "Act":
        before = text[max(0, start - 20):start].split()
        return bool(before) and (before[-1][:1].isupper() or before[-1].casefold() == "the")
    return bool(words) and all(w[:1].isupper() for w in words) and _ACT_AFTER.match(text, end) is not None


def _in_match(pattern: re.Pattern[str], text: str, start: int, end: int, read=None) -> bool:
    """``text[start:end]`` lies in a match of ``pattern`` on its line (read through ``read`` when given: a
    rewriting letter for letter that keeps each line's, :func:`titled`)."""
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    line = text[line_start:len(text) if line_end < 0 else line_end]
    line = line if read is None else read(line)
    return any(m.start() <= start - line_start and end - line_start <= m.end() for m in pattern.finditer(line))


def identifies_no_one(text: str, start: int, end: int, label: str) -> bool:
    """A mention of ``label`` at ``text[start:end]`` that is a plan's designation or lies in a body named for
    waters."""
    if label in ("PERSON", "LOCATION") and in_office_title(text, start, end):
        return True  # "City" of "Mr. City Attorney": an office, no one
    if label == "ORGANIZATION" and (_DEPARTMENT.fullmatch(" ".join(text[start:end].split()))
                                    or generic_association(text, start, end)):
        return True  # "Code Enforcement", "Homeowners Association": a department's function, a kind of association
    if label == "ORGANIZATION" and _in_match(_COMMITTEE, text, start, end, titled if text[start:end].isupper() else None):
        return True  # "Senate Committee on Alcoholism and Drug Abuse": a legislature's committee
    if label in ("PERSON", "LOCATION", "ORGANIZATION") and names_an_item(text, start, end):
        return True  # "E-5", "Item F-10", "Live Local Act": an agenda's item, a statute, no one
    if label in ("PERSON", "LOCATION", "ORGANIZATION", "DATE") and names_a_plan(text, start, end):
        return True  # "Plan B+", "Plan 2014": a plan, no one and no date
    if label in ("LOCATION", "ORGANIZATION") and (in_state_body(text, start, end) or in_capitals_body(text, start, end, label)):
        return True  # "the U.S. Coast Guard", "NEW YORK STATE SENATE", "COAST GUARD'S": the nation's or a state's body
    return label in ("LOCATION", "ORGANIZATION", "PERSON") and in_waters_body(text, start, end)

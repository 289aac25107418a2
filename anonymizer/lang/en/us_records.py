"""What a US court record says that identifies no one, read by the detection filter, the re-scan and the leak gate.

* a federal court's caption in capitals, on a line of its own: ``UNITED STATES DISTRICT COURT``, ``SOUTHERN DISTRICT
  OF NEW YORK``, ``UNITED STATES OF AMERICA,`` (the prosecuting state), and the title ``HON.`` before a judge's name;
* a page header's examination (``Ann Dore - Direct``) and, in hearings, an organization's kind alone (``the
  Federation``, ``a Federation rep``);
* a law reporter's ``U.S.`` between a cited case's volume and page (``521 U.S. 982``);
* a plan by its code and a body named for waters (``Plan 2014``, ``Great Lakes Commission``: ``lang.en.civic``);
* a heading in capitals of ordinary words and a building's floor (``ON REGIONAL CENTERS OF EXCELLENCE``, ``13th
  Floor``: ``lang.en.front_page``);
* a bill's number in a legislature (``SB 123``, ``AB 45 and 46``, ``H.R. 1``, ``Assembly Bill 7``), in any case (a
  hearing's captions in capitals are read in ordinary case: ``Sb 123``);

A nationality before a state's body ("the Mexican government deported my uncle") and a party's name stay NRP and
organizations: in a hearing they tell a person's origin or politics (a quasi-identifier, tests/test_tab_state.py).
"""
from __future__ import annotations

import re

from anonymizer.lang.en import civic, front_page, judgment_text, lexicon
from anonymizer.lang.en.vocabulary_bodies import GENERIC_BODY_NOUNS

__all__ = ["identifies_no_one", "in_caption"]

#: a federal court's caption line, in capitals ("UNITED STATES DISTRICT COURT", "SOUTHERN DISTRICT OF NEW YORK",
#: "UNITED STATES COURT OF APPEALS FOR THE SECOND CIRCUIT", "UNITED STATES OF AMERICA,")
_CAPTION = re.compile(
    r"[^\S\n]*(?:"
    r"(?:UNITED[ ]STATES|U\.[ ]?S\.)[ ](?:DISTRICT|BANKRUPTCY|MAGISTRATE|TAX|SUPREME)[ ]COURT"
    r"(?:[ ](?:FOR[ ](?:THE[ ])?)?(?:(?:NORTHERN|SOUTHERN|EASTERN|WESTERN|CENTRAL|MIDDLE)[ ])?DISTRICT[ ]OF[ ][A-Z][A-Z .]+)?"
    r"|(?:UNITED[ ]STATES|U\.[ ]?S\.)[ ]COURT[ ]OF[ ](?:APPEALS|FEDERAL[ ]CLAIMS|INTERNATIONAL[ ]TRADE)(?:[ ]FOR[ ]THE[ ][A-Z ]+CIRCUIT)?"
    r"|(?:FOR[ ]THE[ ])?(?:(?:NORTHERN|SOUTHERN|EASTERN|WESTERN|CENTRAL|MIDDLE)[ ])?DISTRICT[ ]OF[ ][A-Z][A-Z .]+"
    r"|(?:THE[ ])?UNITED[ ]STATES[ ]OF[ ]AMERICA"
    r")[,.]?[^\S\n]*$"
)
#: the judge's title of a caption, abbreviated ("HON. ANNA ROE", "Hon. Anna Roe")
_HONOURABLE = re.compile(r"(?:HON|Hon)\.?")
_NAME_AFTER = re.compile(r"\.?[^\S\n]+[A-Z]")
#: a reporter's abbreviation between a volume and a page ("521 U.S. 982", "12 F.3d 34")
_VOLUME_BEFORE = re.compile(r"\b\d{1,4}[ ]$")
_PAGE_AFTER = re.compile(r"[ ]\d{1,5}\b")
_REPORTERS = frozenset({"U.S.", "S. Ct.", "S.Ct.", "F.", "F.2d", "F.3d", "F.4th", "F. Supp.", "L. Ed."})


#: a bill's number, one or several ("SB 123", "SB 12 SB 13", "AB 45 and 46", "H.R. 1", "Assembly Bill 7")
_BILL_ONE = (r"(?:(?:[SAHL]|SC|AC|SJ|AJ|HJ|HC)[ ]?R|[SAHL][ ]?B|SCA|ACA|[SAH]\.[ ]?[BR]\.|H\.[ ]?J\.[ ]?Res\.|"
             r"(?:Senate|Assembly|House)[ ]+(?:Bill|Resolution|Joint[ ]+Resolution|Concurrent[ ]+Resolution))"
             r"(?:[ ]+(?:No\.?|Number))?[ ]?\d{1,5}")
_BILL = re.compile(rf"{_BILL_ONE}(?:(?:[ ]*[,&][ ]*|[ ]+(?:and|or|to|through)[ ]+|[ ]+)(?:{_BILL_ONE}|\d{{1,5}}))*", re.I)


def identifies_no_one(text: str, start: int, end: int, label: str) -> bool:
    """A mention of ``label`` at ``text[start:end]`` that is a federal court's caption, a judge's title, a law
    reporter's ``U.S.``, a page header's examination, a bill's number, or (hearings only) an organization's kind
    alone."""
    surface = text[start:end]
    if label in ("ORGANIZATION", "LOCATION", "PERSON") and in_caption(text, start, end):
        return True
    if label in ("ORGANIZATION", "PERSON", "LOCATION") and _HONOURABLE.fullmatch(surface) and _NAME_AFTER.match(text, end):
        return True  # "HON. ANNA ROE": the title, the judge's name after it is masked on its own
    if label in ("ORGANIZATION", "LOCATION") and _VOLUME_BEFORE.search(text, max(0, start - 6), start) \
            and _reporter_and_page(text, start, end):
        return True  # "521 U.S. 982", the tagger's "U.S." or "U.S. 982"
    if label in ("ORGANIZATION", "LOCATION", "PERSON") and _EXAMINATION.match(surface) \
            and _DASH_BEFORE.search(text, max(0, start - 4), start):
        return True  # "Ann Dore - Direct" of a page's header (the tagger's "Direct\nThat's"): the examination
    if label in ("ORGANIZATION", "LOCATION", "PERSON") and _BILL.fullmatch(" ".join(surface.split())):
        return True  # "SB 739", "AB 45 and 46": a bill, no one
    if civic.identifies_no_one(text, start, end, label):
        return True  # "Plan 2014", "Lake Ontario-St. Lawrence River Study": a plan, a body named for waters
    if front_page.identifies_no_one(text, start, end, label):
        return True  # "ON REGIONAL CENTERS OF EXCELLENCE", "13th Floor": a heading in capitals, a building's floor
    if judgment_text.lodged(text):
        return False
    if label == "ORGANIZATION" and _generic_body(surface):
        return True  # "the Federation", "a Federation rep": an organization's kind alone names none
    return False


#: a page header's examination after the witness's name and a dash ("Ann Dore - Direct", "- Cross")
_EXAMINATION = re.compile(r"(?:Direct|Cross|Redirect|Recross|DIRECT|CROSS|REDIRECT|RECROSS)\b")
_DASH_BEFORE = re.compile(r"[ ][-–][ ]$")


def _generic_body(surface: str) -> bool:
    """One capitalised word of an organization's kind, a role word after it perhaps ("Federation", "Federation rep")."""
    words = surface.split()
    if len(words) == 2 and lexicon.is_role_word(words[1]):
        words = words[:1]
    return len(words) == 1 and words[0][:1].isupper() and words[0].casefold() in GENERIC_BODY_NOUNS


def _reporter_and_page(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a reporter's abbreviation with a page after it, inside the span or right after it."""
    surface = " ".join(text[start:end].split())
    reporter, _, page = surface.rpartition(" ")
    if reporter in _REPORTERS and page.isdigit():
        return True
    return surface in _REPORTERS and _PAGE_AFTER.match(text, end) is not None


def in_caption(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` stands on a federal court's caption line in capitals ("SOUTHERN DISTRICT OF NEW YORK"):
    the court, no one (the leak gate reads it so too)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    return line.isupper() and _CAPTION.fullmatch(line) is not None

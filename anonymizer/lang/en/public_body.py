"""Public bodies and statutes: names that every judgment or hearing uses and that identify no one.

One home for the grammar of such names, read by the detection filter:

* a state as a party: ``Turkish Government``, ``Republic of Poland``, ``State Treasury``, and the
  parts of the court that judges (``Fourth Section``);
* a court, ministry, office or authority named by generic words only: a head (``Court``,
  ``Ministry``, ``Authority`` …) with qualifiers (``Supreme Military Administrative Court``,
  ``Court of Cassation``, ``Ministry of Foreign Affairs``, ``Chief Building Inspector``,
  ``City Council``, ``the Superior Court``), a university's own offices among them (``Office of the
  University President``, ``Faculty Board``: ``Erciyes University`` is a particular one);
* a statute's title (``Military Service Act``, ``Social Security Code``);
* the respondent state behind a nationality: ``Turkish`` of ``the Turkish Government``, ``Turkish
  military forces``, ``Turkish law`` in a judgment whose party is ``The Turkish Government (“the
  Government”)`` (TAB's annotators leave these unmasked nine times in ten); another state's
  nationality stays a mention (``The German Government did not intervene`` tells the applicant's
  origin), and so do ``a Turkish national`` and ``the Mexican Mafia``;
* a country as a party: ``Austria`` of ``the Republic of Austria`` or ``Zumtobel v. Austria``, and
  the respondent state as the land its law rules (``residing in Austria`` in a judgment on an
  application ``against the Republic of Austria lodged``; ``Schalchen, Austria`` stays a mention);
* a statute's title that runs on after its head (``European Convention for the Protection of
  Human Rights``) or a tagger's piece of it (``Civil Aspects of Child Abduction`` of ``the Hague
  Convention on the Civil Aspects of Child Abduction``);
* a body's or a statute's name in its own language, glossed in brackets after the generic English
  name (``the Federal Social Court (Bundessozialgericht)``; an organization's span only: a place or
  a person in brackets stays a mention), and in a judgment any piece of a bracket in a foreign language
  (``(Wiedereinsetzung in den vorigen Stand)``, ``the costs order (Kostenrekurs)``);
* the date of a statute: ``the 1991 Act``, ``Insolvency Act 1986``, ``Law no. 4126 of 27 October
  1995``, ``published in the Official Gazette on 30 June 2004`` (no one's date), and the Court's own
  dates (``On 1 November 2004 the Court changed the composition of its Sections``, ``transmitted to the
  Court on 1 November 1998, when Protocol No. 11 to the Convention came into force``);
* a case the Court cites, its party and its citation (``S. and Marper v. the United Kingdom ([GC], nos. 30562/04
  and 30566/04, ECHR 2008)``, ``R v. Lambert [2001]``); a cited decision's day stays a date.

A word that is not generic keeps the name a mention: a place or a proper name inside it
(``Istanbul State Security Court``, ``Los Angeles County Superior Court``, ``Social Insurance
Authority``), or a capitalised word right before it on its line (``Salzburg`` of a tagger's
``Federal Police Authority``). In TAB's judgments the generic forms are NO_MASK nine times in
ten, the forms with a place QUASI.
"""
from __future__ import annotations

import re
from functools import lru_cache

from anonymizer.lang.en.defined_terms import DEFINITION_OPEN, generic_initials, short_form_end
from anonymizer.lang.en.judgment_text import (
    TERM_BEFORE, in_cited_case, in_foreign_gloss, international_body, intervening_state, lodged, names_the_law,
    no_name, rank_before_ministry, structure_word,
)
from anonymizer.lang.en.vocabulary_bodies import HEADS, QUALIFIERS, STATUTE_HEADS  # noqa: F401  (read here too)
from anonymizer.lang.en.vocabulary import (
    ACQUAINTANCE_WORDS, INMATE_LABELS, KIN_WORDS, PEOPLE_NOUNS, PERSON_TITLE_WORDS, ROLE_WORDS, TRANSCRIBER_NOTES,
)

__all__ = ["cites_a_law_report", "identifies_no_one", "is_public_body", "is_respondent_country", "name_end"]

_SMALL = "of|the|for|and|on|in"
_APOSTROPHE = "['’]s?"
_WORD = "|".join(sorted(HEADS + QUALIFIERS, key=len, reverse=True))
_GENERIC = re.compile(
    rf"(?:(?:{_WORD}|\d+(?:st|nd|rd|th)|{_SMALL})(?:{_APOSTROPHE})?[ ])*"
    rf"(?:{'|'.join(HEADS)})(?:{_APOSTROPHE})?"
    rf"(?:[ ](?:{_WORD}|{_SMALL})(?:{_APOSTROPHE})?)*"
)
_STATUTE = re.compile(rf"(?:[A-Z][\w’'-]*[ ](?:(?:{_SMALL}|with|to)[ ])*)+(?:{'|'.join(STATUTE_HEADS)})")
_STATE = re.compile(
    r"(?:[A-Z][\w-]+[ ])?Government|Republic[ ]of[ ][A-Z][a-z]+|Federal[ ]Republic[ ]of[ ][A-Z][a-z]+"
    r"|(?:United[ ])?Kingdom[ ]of[ ](?:Great[ ]Britain(?:[ ]and[ ]Northern[ ]Ireland)?|[A-Z][a-z]+)"
    r"|(?:First|Second|Third|Fourth|Fifth)[ ]Section(?:[ ]of[ ]the[ ]Court)?|European[ ]Commission[ ]of[ ]Human[ ]Rights"
    r"|Principal[ ]Public[ ]Prosecutor|State[ ]Treasury|Federal"
)
#: a generic body's "of" a state by its initials: " of the FRG"
_OF_INITIALS = re.compile(r"[ ]of[ ](?:the[ ])?([A-Z]{2,8})$")
#: a state's government named by "of": "Government of Austria", "Government of the Netherlands"
_GOVERNMENT_OF = re.compile(r"Government[ ]of[ ](?:the[ ])?([A-Z][a-z]+)")
#: what follows a nationality that names the state, not a person's origin ("Turkish Government",
#: "Turkish military forces", "Austrian law", "German Basic Law", "Austrian ordre public")
_STATE_AFTER = re.compile(
    r"[ ](?:(?:Federal|federal|military|Military|armed|Armed|legal|civil|Civil|criminal|Criminal|Penal|Basic"
    r"|Unification|security|Security|State)[ ])*"
    r"(?:Government|government|authorities|Authorities|State|state|military|Army|army|forces|troops|law|Law"
    r"|legal[ ]system|legal[ ]order|Code|Constitution|Treaty|ordre[ ]public|occupation|Parliament|courts|Courts"
    r"|Ministry|Act)\b"
)
#: what precedes a country that is a party: "the Republic of Austria", "Zumtobel v. Austria"
_PARTY_BEFORE = re.compile(
    r"(?:\b(?:Republic|Kingdom)[ ]of[ ](?:the[ ])?|\bv\.[ ](?:the[ ])?|\bKingdom[ ]of[ ]Great[ ]Britain[ ]and[ ])$"
)
#: "against" before the respondent state in the application's opening
_AGAINST_BEFORE = re.compile(r"\bagainst[ ](?:the[ ])?$")
#: the state's long name before a country: "the Republic of", "the Federal Republic of", "the Kingdom of"
_STATE_OF = r"(?:(?:Federal|Slovak|Czech|Hellenic|Portuguese|Italian|French)[ ])?(?:Republic|Kingdom|Confederation)[ ]of[ ](?:the[ ])?"
#: "in" right before the respondent country: the land its law rules ("residing in Austria")
_IN_BEFORE = re.compile(r"\b(?:in|within|throughout)[ ](?:the[ ])?$")
#: a statute's date: "Law no. 4126 of", "Insolvency Act", "the Official Gazette on" before it (its day too, where a
#: tagger's date left it out: "June 2004" of "the Law of 17 June 2004") ...
_STATUTE_DATE_BEFORE = re.compile(
    rf"\b(?:{'|'.join(STATUTE_HEADS)}|Law)(?:[ ]no\.[ ][\w/.-]+)?[ ](?:of[ ](?:\d{{1,2}}[ ])?)?$|\bGazette[ ](?:on|of|dated)[ ]$"
    # the years of several statutes: "the reindeer grazing acts of 1886, 1898, 1928 and 1971"
    r"|\b(?i:acts|laws|statutes|codes|ordinances)[ ]of[ ](?:(?:1[6-9]|20)\d\d(?:,[ ]|,?[ ]and[ ]))*$"
)
#: ... or the Court's own organisation after it: "On 1 November 2004 the Court changed the composition of its
#: Sections", "transmitted to the Court on 1 November 1998, when Protocol No. 11 to the Convention came into force"
_COURT_EVENT_AFTER = re.compile(
    r"[ ]the[ ]Court[ ]changed[ ]the[ ]composition[ ]of[ ]its[ ]Sections\b"
    r"|,?[ ]when[ ]Protocol[ ]No\.[ ]\d+[ ](?:to[ ]the[ ]Convention[ ])?(?:came|entered)[ ]into[ ]force\b"
)
#: ... or a year before its title: "the 1991 Act", "the 1980 Hague Convention", "the 1997 Ordinance"
_STATUTE_AFTER_YEAR = re.compile(rf"\]?[ ](?:[A-Z][\w’'-]*[ ]){{0,3}}(?:{'|'.join(STATUTE_HEADS)}|Acts)\b")
_YEAR = re.compile(r"\[?(?:1[6-9]|20)\d\d\]?")
#: a German statute's one-word title right before its year: "(Wasserrechtsgesetz 1959)", "Straßenverkehrsordnung 1960"
_GERMAN_STATUTE_BEFORE = re.compile(r"(?<![\w-])[A-ZÄÖÜ]\w{3,}(?:gesetz|ordnung)[ ]$")
#: a statute's title running on after its head: "Convention for the Protection of Human Rights"
_STATUTE_RUN_ON = re.compile(
    rf"(?:[A-Z][\w’'-]*[ ])*(?:{'|'.join(STATUTE_HEADS)})[ ](?:for|on|of)[ ](?:(?:[A-Z][\w’'-]*|{_SMALL})(?:[ ]|$))+"
)
_STATUTE_TAIL_BEFORE = re.compile(r"\b(?:Convention|Protocol|Treaty|Directive)[ ](?:for|on|of)[ ]the[ ]$")
#: the English name a bracketed gloss translates: capitalised and small words right before " ("
_GLOSSED = re.compile(rf"(?<![\w’'.-])(?:[A-Z][\w’'-]*[ ](?:(?:{_SMALL})[ ])*)*[A-Z][\w’'-]*[ ]\($")
#: a particular body's name in its own language in brackets: "Lubań District Court (Sąd Rejonowy w Lubaniu)"
_NATIVE_GLOSS = re.compile(r"[ ]\((?=[A-ZÀ-Þ])[^\W\d_][^\W\d]*(?:[’'.-][^\W\d]+)*-?(?:,?[ ][^\W\d_][^\W\d]*(?:[’'.-][^\W\d]*)*){0,6}\)")
#: a gloss in brackets closing a span: "Land Code (Jordabalken)"
_GLOSS_AT_END = re.compile(r"[ ]\([^()]+\)$")
#: a transcript's notes in brackets, no gloss: "(Inaudible)", "(Phonetic)"
_GENERIC_WORD_BEFORE = re.compile(rf"(?<![\w’'.-])(?:{_WORD}|of|the|for|and)[ ]$")
_GENERIC_WORD_AFTER = re.compile(rf"[ ](?:(?:of|the|for|and)[ ])*(?:{_WORD})\b(?![’'-])")
_NAMED_BEFORE = re.compile(
    r"(?<![\w’'.-])(?!(?:The|A|An|In|On|At|By|For|Of|To|From|With|And|But|Before|After|Under|Against|That|This|When|Then)[ ])"
    r"[A-Z][\w’'.-]*[ ]$"
)


def is_public_body(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` names a state, a generic public body or a statute, and no capitalised
    word right before it on its line makes it a particular one (but the respondent state's
    nationality: "the Austrian Federal Ministry of Justice" in a judgment against Austria)."""
    surface = " ".join(text[start:end].split())
    if surface.casefold().startswith("the "):
        surface = surface[4:]
    if not surface or not (surface[0].isupper() or surface[0].isdigit()):
        return False
    if _STATE.fullmatch(surface):
        return True
    government = _GOVERNMENT_OF.fullmatch(surface)
    if government and is_respondent_country(text, government.group(1)):
        return True  # "the Government of Austria" in a judgment against Austria: the party (another state's stays)
    first, _, rest = surface.partition(" ")
    country = _respondent_prefix(text, surface)
    if rest and _GENERIC.fullmatch(rest) and _is_respondent(text, first):
        surface = rest  # "Turkish Ministry of Foreign Affairs"
    elif country:
        surface = surface[len(country) + 1:]  # "United Kingdom Government": the party's name, two words
    else:
        named = _NAMED_BEFORE.search(text, max(0, start - 40), start)
        if named and not _is_respondent(text, named.group().strip()):
            return False  # "Salzburg Federal Police Authority", "XI Penitentiary Division"
    return bool(_GENERIC.fullmatch(surface) or _STATUTE.fullmatch(surface))


def _respondent_prefix(text: str, surface: str) -> str:
    """The two or three words opening ``surface`` that name the state party before a generic body ("United Kingdom" of
    "United Kingdom Government" where the text says "The United Kingdom Government (“the Government”)"), or ""."""
    words = surface.split()
    for size in (2, 3):
        if len(words) > size and _GENERIC.fullmatch(" ".join(words[size:])) and _is_respondent(text, " ".join(words[:size])):
            return " ".join(words[:size])
    return ""


#: right after an abbreviation, the rest of a law reporter's name: a cited case's volume and page follow
#: ("44 Cal.4th 1181", "190 Cal.App.4th 1426", "52 Cal. Rptr. 3d 1")
_REPORTER = re.compile(r"\.[ ]?(?:\d{1,2}(?:st|nd|rd|th|d)\b|App\.|Rptr\.|Supp\.)")


def cites_a_law_report(text: str, end: int) -> bool:
    """Whether a law reporter's name goes on right after ``end`` ("Cal" of "44 Cal.4th 1181")."""
    return _REPORTER.match(text, end) is not None


#: a published case's party before its citation: "In re Stoneroad, 215 Cal.App.4th 596", "In re Lawrence (2008) 44
#: Cal.4th 1181", "People v. Hall, 8 Cal.5th 1"
_CASE_BEFORE = re.compile(r"(?:\bIn\sre|\sv\.)\s$")
_CITATION_AFTER = re.compile(r"[ ]?,?[ ](?:\(\d{4}\)[ ])?\d{1,3}[ ](?:Cal\.|Cal[ ]|U\.S\.|F\.|P\.|S\.[ ]?Ct\.)")


#: a cited case's year before its volume and reporter ("In re Lawrence (2008) 44 Cal.4th 1181"), its pages after
#: the reporter ("44 Cal.4th 1181, 1204", "44 Cal.4th 1241,\n1254-1255", "supra, 44 Cal.4th at p. 1214")
_YEAR_BEFORE_REPORT = re.compile(r"\)?[ ]\d{1,3}[ ](?:Cal\.|Cal[ ]|U\.S\.|F\.|P\.|S\.[ ]?Ct\.)")
_REPORT_BEFORE_PAGES = re.compile(
    r"(?:Cal\.(?:App\.)?\d(?:st|nd|rd|th|d)|U\.S\.|Rptr\.(?:[ ]\dd)?|F\.\dd|P\.\dd)[ ](?:\d{1,5},\s|at[ ]pp?\.[ ])?$")


_SECTION_SIGN = re.compile(r"§§?[ ]?(?:\d+[/,][ ]?)*$")


def _case_report_number(text: str, start: int, end: int) -> bool:
    """``text[start:end]``, a tagger's date, is a cited case's year or pages, no one's date."""
    if text[start - 1:start] == "(" and _YEAR.fullmatch(text[start:end].strip()):
        return _YEAR_BEFORE_REPORT.match(text, end) is not None
    return _REPORT_BEFORE_PAGES.search(text, max(0, start - 24), start) is not None


def names_a_cited_case(text: str, start: int, end: int) -> bool:
    """Whether ``start:end`` is the party a cited case is named for, a public record ("Stoneroad" of "In re
    Stoneroad, 215 Cal.App.4th 596")."""
    return _CASE_BEFORE.search(text, max(0, start - 6), start) is not None and _CITATION_AFTER.match(text, end) is not None


def _widened(text: str, start: int, end: int) -> tuple[int, int]:
    """The span stretched over the generic words of a body's name beside it on its line: the
    tagger's "of Justice" of "Federal Ministry of Justice", "Regional" of "Regional Governor"."""
    while (before := _GENERIC_WORD_BEFORE.search(text, max(0, start - 40), start)) is not None:
        start = before.start()
    while (after := _GENERIC_WORD_AFTER.match(text, end)) is not None:
        end = after.end()
    return start, end


def identifies_no_one(text: str, start: int, end: int, label: str, cited: bool = False) -> bool:
    """A mention of ``label`` at ``text[start:end]`` that names a state, a public body or a
    statute, a nationality that names a state ("the Turkish Government"), a country as a party ("the
    Republic of Austria"), or ends in a law reporter's abbreviation ("Cal" of "44 Cal.4th 1181"): read by the
    detection filter and by the re-scan of known forms. ``cited``: a person a cited case is named for is no one
    too ("In re Ryner (2011) 196 Cal.App.4th 533"); the detection filter's, so that the re-scan still masks a
    person the hearing names elsewhere (a crime partner's appeal, "People v. Oduya (2002) 98 Cal.App.4th 412")."""
    if label in ("ORGANIZATION", "LOCATION", "PERSON") and cites_a_law_report(text, end):
        return True
    if names_the_law(text, start, end, label):
        return True  # "paid in German Marks", "the Code of Criminal Procedure (CPP)", "Law no. 49/2003"
    if label == "ORGANIZATION" and generic_initials(text, start, end, is_public_body):
        return True  # "CCRC" of "the Criminal Cases Review Commission (“CCRC”)"
    of_initials = _OF_INITIALS.search(text, start, end) if label == "ORGANIZATION" else None
    if of_initials and of_initials.end() == end and is_public_body(text, start, of_initials.start()) \
            and generic_initials(text, of_initials.start(1), end, is_public_body):
        return True  # "the Federal Ministry of Defence of the FRG" after "the Federal Republic of Germany (FRG)"
    if structure_word(text, start, end, label):
        return True  # "paragraph III Nr. 6", "NJA 1981, p. 1", "the Länder"
    if label in ("ORGANIZATION", "LOCATION") and intervening_state(text, start, end):
        return True  # "the Government of Cyprus, which had exercised its right to intervene": a third party
    if label == "NRP" and text[start:end].casefold() in _HEADS_FOLDED \
            and DEFINITION_OPEN.search(text, max(0, start - 20), start) is None:
        return True  # a tagger's nationality "Municipalities": a body's kind is no people (its definition stays)
    if cited and label == "PERSON" and names_a_cited_case(text, start, end):
        return True
    if label in ("PERSON", "NRP") and _gloss_of_term(text, start, end):
        return True  # "a decision (Gerichtsbescheid)", "legitimate expectations (Vertrauensschutz)"
    if label in ("PERSON", "ORGANIZATION", "LOCATION", "NRP") and in_foreign_gloss(text, start, end):
        return True  # "(Wiedereinsetzung in den vorigen Stand)", "the costs order (Kostenrekurs)"
    if label in ("PERSON", "ORGANIZATION", "LOCATION") and rank_before_ministry(text, start, end):
        return True  # "their Agent, Mr K. Stoltenberg, Ministerialdirigent, Ministry of Justice"
    if label in ("PERSON", "ORGANIZATION", "LOCATION", "NRP") and international_body(text, start, end):
        return True  # "EC law", "the ECJ's constant case-law", "the United Nations (UN) forces"
    if label in ("PERSON", "ORGANIZATION", "LOCATION", "DATE", "ID") and in_cited_case(text, start, end, label):
        return True  # "S. and Marper v. the United Kingdom ([GC], nos. 30562/04 and 30566/04, ECHR 2008)"
    if label == "NRP":
        return _STATE_AFTER.match(text, end) is not None and _is_respondent(text, text[start:end])
    if label == "DATE":  # "§ 2042", "§§ 664/187": a section's number
        return _statute_date(text, start, end) or _case_report_number(text, start, end) \
            or _SECTION_SIGN.search(text, max(0, start - 16), start) is not None
    if label == "PERSON" and is_respondent_country(text, text[start:end]):
        label = "LOCATION"  # "Zumtobel v. Austria", "residing in Austria": the tagger's person is the country
    if label == "LOCATION" and _PARTY_BEFORE.search(text, max(0, start - 40), start):
        return True
    if label == "LOCATION" and _AGAINST_BEFORE.search(text, max(0, start - 12), start) \
            and is_respondent_country(text, text[start:end]):
        return True  # "an application (no. 21413/02) against the United Kingdom of Great Britain ... lodged": a party
    if label == "LOCATION" and _respondent_country(text, start, end):
        return True  # "residing in Austria" in a judgment on an application against the Republic of Austria
    if label in ("ORGANIZATION", "PERSON") and _gloss_of_body(text, start, end) \
            and (label == "ORGANIZATION" or no_name(text[start:end])):
        return True  # "the Federal Social Court (Bundessozialgericht)", the tagger's person "(Högsta domstolen)"
    if label not in ("ORGANIZATION", "LOCATION"):
        return False
    glossed = _GLOSS_AT_END.search(text, start, end)
    if glossed and glossed.start() > start and no_name(glossed.group()[2:-1]) \
            and is_public_body(text, start, glossed.start()):
        return True  # "Land Code (Jordabalken)", "Administrative Committee (Verwaltungsausschuss)"
    if is_public_body(text, start, end) or _statute_run_on(text, start, end):
        return True
    wide = _widened(text, start, end)
    while wide[0] < start and text[wide[0]].islower():  # "the", "of" opening the stretched span
        wide = (text.index(" ", wide[0]) + 1, wide[1])
    return wide != (start, end) and is_public_body(text, *wide)


def name_end(text: str, start: int, end: int, label: str) -> int:
    """End of an organization's span stretched over a particular body's name in its own language,
    in brackets right after it ("Warsaw Regional Court (Sąd Okręgowy)": TAB masks both); a gloss
    opening with a person's title ("Homeboy Industries (Father Greg)") or a transcript's note
    ("(Inaudible)"), and the gloss of a body named by generic words only, stay apart."""
    if label != "ORGANIZATION" or end <= start or is_public_body(text, start, end):
        return end
    gloss = _NATIVE_GLOSS.match(text, end)
    first = gloss.group()[2:].split()[0].casefold().rstrip(".,)") if gloss else ""
    if gloss and first not in PERSON_TITLE_WORDS and first not in TRANSCRIBER_NOTES:
        end = gloss.end()
    return short_form_end(text, start, end, _GENERIC_FOLDED)  # "the State Railways (SRB: hereinafter “the State Railways”)"


def _gloss_of_body(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` opens a bracket right after a public body's or a statute's English name
    (a person's title opening it keeps it a mention: "the Board (Commissioner Garcia)")."""
    if text[start:end].split()[0].casefold().rstrip(".") in PERSON_TITLE_WORDS:
        return False
    glossed = _GLOSSED.search(text, max(0, start - 120), start)
    if glossed is None:
        return False
    # "May the Federal Labour Court (": the name is the run's longest tail that names a body
    firsts = re.finditer(r"(?<![\w’'.-])[A-Z]", text[glossed.start() : start - 2])
    return any(is_public_body(text, glossed.start() + first.start(), start - 2) for first in firsts)


_HEADS_FOLDED = frozenset(w.casefold() for w in HEADS)
_GENERIC_FOLDED = frozenset(w.casefold() for w in (*HEADS, *QUALIFIERS))
_PERSON_NOUNS = frozenset((*KIN_WORDS, *ACQUAINTANCE_WORDS, *PEOPLE_NOUNS, *INMATE_LABELS, *(w.casefold() for w in ROLE_WORDS)))


def _gloss_of_term(text: str, start: int, end: int) -> bool:
    """A tagger's person opening a bracket right after a common noun in lower case is that term in
    its own language ("a decision (Gerichtsbescheid)"); after a word of people ("my cousin (Dre)")
    or when it is a place or holds a Census name ("the victim (Garcia)") it stays a mention."""
    before = TERM_BEFORE.search(text, max(0, start - 40), start)
    if before is None or before.group(1).casefold() in _PERSON_NOUNS:
        return False
    return no_name(text[start:end])


def _statute_run_on(text: str, start: int, end: int) -> bool:
    """A statute's title running on after its head, or the tagger's piece after "Convention on the"."""
    surface = " ".join(text[start:end].split())
    if _STATUTE_RUN_ON.fullmatch(surface.removeprefix("the ")):
        return True
    return surface[:1].isupper() and _STATUTE_TAIL_BEFORE.search(text, max(0, start - 40), start) is not None


def _is_respondent(text: str, nationality: str) -> bool:
    """The text names ``nationality``'s government its party: "The Turkish Government (“the Government”)"."""
    return "the Government" in text and _names_government(text, nationality)  # a hearing: no search of its text


@lru_cache(maxsize=64)
def _names_government(text: str, nationality: str) -> bool:
    return re.search(rf"\b{re.escape(nationality)}[ ]Government\s*\([“\"]the[ ]Government", text) is not None


def _respondent_country(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is the country the application was lodged against ("an application (no.
    21413/02) against the Republic of Austria lodged with the Court"), said as the land its law rules
    ("residing in Austria", "proceedings in Austria"): not a town's country ("Schalchen, Austria"), a
    nationality ("a United Kingdom national") or "the judge elected in respect of Turkey"."""
    return _IN_BEFORE.search(text, max(0, start - 20), start) is not None and is_respondent_country(text, text[start:end])


@lru_cache(maxsize=256)
def is_respondent_country(text: str, surface: str) -> bool:
    """``surface`` is the country an application in the text was lodged against ("an application (no. 54640/00)
    against the Republic of Austria lodged with the Court"): a place even where a tagger took it for a person ("Zumtobel v. Austria",
    "she entered Austria": a Census surname)."""
    if not lodged(text):
        return False
    country = re.escape(" ".join(surface.split()))
    return re.search(rf"\bapplications?\b[^\n]{{0,60}}?\bagainst[ ](?:the[ ])?(?:{_STATE_OF})?{country}\b[^.\n]{{0,80}}?"
                     r"[ ]lodged[ ]with[ ]the\b", text) is not None


def _statute_date(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` dates a statute: its number's "of", its title or the gazette before it, or a
    bare year right before its title; or it dates the Court's own organisation or a Protocol to the
    Convention coming into force, every judgment's dates."""
    if _STATUTE_DATE_BEFORE.search(text, max(0, start - 40), start) or _COURT_EVENT_AFTER.match(text, end):
        return True
    if not _YEAR.fullmatch(text[start:end].strip()):
        return False
    return bool(_STATUTE_AFTER_YEAR.match(text, end) or _GERMAN_STATUTE_BEFORE.search(text, max(0, start - 40), start))

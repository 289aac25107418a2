"""What a court judgment's text says that identifies no one, read by ``public_body`` (TAB's ECHR judgments).

* whether a text is a judgment at all: it speaks of an application lodged against a state (``lodged``); a
  hearing's text never does, so every rule below leaves the hearings as they were;
* a bracket in a foreign language glossing the words before it (``(Wiedereinsetzung in den vorigen Stand)``,
  ``the costs order (Kostenrekurs)``) and a civil servant's rank after the Agent's name (``Mr K. Stoltenberg,
  Ministerialdirigent, Ministry of Justice``);
* a case the Court cites, its party and its citation (``S. and Marper v. the United Kingdom ([GC], nos. 30562/04
  and 30566/04, ECHR 2008)``);
* an international body (``EC law``, ``the ECJ's case-law``, ``the United Nations (UN) forces``);
* ``the`` opening a judgment's date (``the 30 July 1998 circular``): TAB's dates never hold it;
* a point of the compass before a place (``in northern Cyprus``, ``south-east Turkey``): part of the place's name;
* words of the law, not of a person (``names_the_law``): a currency named by its country (``paid in German Marks``),
  a code's initials after its name (``the Code of Criminal Procedure (CPP)``), a statute's number (``Law no.
  49/2003``), a retirement age a statute sets (``a retirement age of 68``);
* words of a legal text's structure, no one's (``names_the_law`` too): a provision's number after its kind
  (``paragraph III Nr. 6``), a national law report cited by its initials and year (``NJA 1981, p. 1``), a
  federation's states by their German name (``the Länder``).
"""
from __future__ import annotations

import re
from functools import lru_cache

from anonymizer.lang.en import gazetteer, lexicon, plain
from anonymizer.lang.en.vocabulary_bodies import (
    COUNTRY_CURRENCY_WORDS, CURRENCY_WORDS, GERMAN_TERM_ENDINGS, INTERNATIONAL_BODIES,
)

__all__ = ["COMPASS", "TERM_BEFORE", "article_before_date", "compass_before", "in_cited_case", "in_foreign_gloss", "international_body",
           "intervening_state", "lodged",
           "names_the_law", "no_name", "rank_before_ministry", "structure_word"]


#: a case the Court cites, from its respondent to its citation's end: "v. the United Kingdom ([GC], nos. 30562/04 and
#: 30566/04, ECHR 2008)", "v. Turkey ((dec.), no. 45874/05, 23 September 2008)", "v. the United Kingdom (judgment of
#: 17 December 1996, Reports of Judgments and Decisions 1996-VI)", "R v. Lambert [2001]"
_CITED_CASE = re.compile(
    r"[ ]v\.[ ](?:the[ ])?[A-Z][\w’'-]*(?:[ ](?:of[ ])?[A-Z][\w’'-]*)*(?:[ ]judgment)?[ ]?"
    r"(?:\((?:\[GC\],[ ]|\(dec\.\),[ ])?(?:nos?\.[ ]\d+/\d+|judgment[ ]of|decision[ ]of|of[ ]\d)[^()\n]{0,200}\)|\[\d{4}\])"
)
#: a law report's year, its volume ("ECHR 2008", "[2001]", "Reports 1996-VI"); a cited decision's day stays a date (TAB
#: masks "Zumtobel v. Austria judgment (of 21 September 1993" once, leaves "v. Turkey ((dec.), no. 45874/05, 23 September
#: 2008)" once)
_REPORT_YEAR = re.compile(r"\[?(?:1[89]|20)\d\d\]?(?:-[IVX]+)?")


def in_cited_case(text: str, start: int, end: int, label: str) -> bool:
    """In a judgment, ``text[start:end]`` is a party of a case the Court cites ("Marper" of "S. and Marper v. the
    United Kingdom ([GC], ...)") or a piece of its citation (its numbers, its date, "Reports of Judgments"): public
    records, no one's (TAB leaves them unmasked), of its dates a report's year only; the applicant's own application ("his application (no. 55004/00)")
    has no "v." and stays."""
    if not lodged(text) or label == "DATE" and not _REPORT_YEAR.fullmatch(text, start, end):
        return False
    if _CITED_CASE.match(text, end) is not None:
        return True
    return any(case.start() < start and end <= case.end()
               for case in _CITED_CASE.finditer(text, max(0, start - 300), min(len(text), end + 300)))


#: the word a term's gloss in brackets follows: a common noun in lower case ("a decision (")
TERM_BEFORE = re.compile(r"(?<![\w’'.-])([a-z][a-z’'-]+)[ ]\($")
#: a bracket on one line around a span: its opening and its close
_OPEN = re.compile(r"\(([^()\n]{0,160})$")
_CLOSE = re.compile(r"([^()\n]{0,160})\)")
_LOWER_WORD = re.compile(r"(?<![\w’'-])[^\W\d_A-ZÀ-Þ][^\W\d_]+")
#: a bracket that names a person in it: "(née Schmidt)", "(born Weber)"
_PERSON_BRACKET = re.compile(r"\b(?:née|nee|geb\.|geborene|born|alias|formerly|also)\b")


def in_foreign_gloss(text: str, start: int, end: int) -> bool:
    """In a judgment, ``text[start:end]`` lies in a bracket that glosses the words before it in their own
    language: its small words are mostly no English ("(Wiedereinsetzung in den vorigen Stand)", "(Bundesanstalt
    für Arbeit)", "(dualer Familienlastenausgleich)"), or it is one long compound after a common noun ("the costs
    order (Kostenrekurs)"); a Census name, a place, a name after "née" and a hearing's brackets stay mentions."""
    opening = _OPEN.search(text, max(0, start - 160), start)
    closing = _CLOSE.match(text, end)
    if opening is None or closing is None or not lodged(text) or not no_name(text[start:end]):
        return False
    inside = opening.group(1) + text[start:end] + closing.group(1)
    if _PERSON_BRACKET.search(inside):
        return False
    lower = [w.casefold() for w in _LOWER_WORD.findall(inside) if not lexicon.is_stop_word(w.casefold())]
    foreign = sum(1 for w in lower if w not in plain.english_words())
    if lower:
        return foreign >= 1 and 2 * foreign >= len(lower)
    if _term_with_initials(inside.strip()):
        return TERM_BEFORE.search(text, max(0, opening.start() - 40), opening.start() + 1) is not None
    word = inside.strip()
    return (word == text[start:end] and len(word) >= 10 and word.isalpha() and word.casefold().endswith(GERMAN_TERM_ENDINGS)
            and TERM_BEFORE.search(text, max(0, opening.start() - 40), opening.start() + 1) is not None)


#: a term's name in its own language and its initials after a dash: "Öğrenci Seçme Sınavı – ÖSS"
_NAME_AND_INITIALS = re.compile(r"(?P<words>[^\W\d_]+(?:[ ][^\W\d_]+){1,5})[ ][–-][ ](?P<initials>[^\W\d_]{2,6})")


def _term_with_initials(inside: str) -> bool:
    """A bracket's words are a name in a foreign language with its own initials ("(Öğrenci Seçme Sınavı – ÖSS)" after
    "the examination to higher education"): no word of it is English, the initials are its words' first letters."""
    named = _NAME_AND_INITIALS.fullmatch(inside)
    if named is None:
        return False
    words = named.group("words").split()
    return "".join(w[0] for w in words).upper() == named.group("initials") \
        and not any(w.casefold() in plain.english_words() for w in words)


#: a civil servant's rank between commas, after his name and before his ministry: "Mr K. Stoltenberg,
#: Ministerialdirigent, Ministry of Justice", "Mrs A. Wittling-Vogel, Ministerialrätin, of the Federal Ministry"
_RANK_BEFORE = re.compile(r"[A-Z][\w’'.-]*,[ ]$")
_MINISTRY_AFTER = re.compile(r",[ ](?:of[ ])?(?:the[ ])?(?:[A-Z][\w’'-]*[ ]){0,3}(?:Ministry|Chancellery|Department)\b")


def rank_before_ministry(text: str, start: int, end: int) -> bool:
    """In a judgment, one word that is no Census name between a name and the ministry it serves is a rank."""
    return (" " not in text[start:end] and lodged(text) and _MINISTRY_AFTER.match(text, end) is not None
            and _RANK_BEFORE.search(text, max(0, start - 40), start) is not None and no_name(text[start:end]))


def no_name(words: str) -> bool:
    """A gloss in brackets that is no place and holds no Census name ("Jordabalken"; not "Fresno",
    "Garcia")."""
    if gazetteer.place_category(words) is not None:
        return False
    return not any(w.casefold() in gazetteer.first_names() or w.casefold() in gazetteer.last_names()
                   for w in words.split())


@lru_cache(maxsize=4)
def lodged(text: str) -> bool:
    """Whether the text speaks of an application lodged (a judgment's opening), once per text: a hearing
    says "in Fresno" a hundred times and is searched for it once (a string keeps its hash)."""
    return " lodged" in text and "against " in text


_THE = re.compile(r"[Tt]he[ ](?=\S)")


def article_before_date(text: str, start: int, end: int) -> re.Match[str] | None:
    """``the`` opening a judgment's date, no part of it ("the 30 July 1998 circular", "the end of May 1999": TAB's
    dates never hold it); a hearing's dates keep theirs."""
    the = _THE.match(text, start, end)
    return the if the is not None and the.end() < end and lodged(text) else None




#: a point of the compass in lower case, as an adjective before a place: "northern", "south-east", "north-western"
COMPASS = r"(?:(?:north|south)(?:-?(?:east|west))?|east|west)(?:ern)?"
_COMPASS_BEFORE = re.compile(rf"(?<![\w’'-]){COMPASS}[ ]$")


def compass_before(text: str, start: int) -> int | None:
    """In a judgment, where the point of the compass right before a place starts ("northern" of "in northern
    Cyprus", "south-east" of "in south-east Turkey"): part of the region the place names (TAB's spans hold it);
    a hearing's "northern California" stays the state alone."""
    before = _COMPASS_BEFORE.search(text, max(0, start - 16), start)
    return before.start() if before is not None and lodged(text) else None


_INTERNATIONAL = frozenset(INTERNATIONAL_BODIES)
_ABBREVIATION_AFTER = re.compile(r"[ ]\([A-Z]{2,6}\)$")


def international_body(text: str, start: int, end: int) -> bool:
    """In a judgment, ``text[start:end]`` names an international body ("EC" of "EC law", "the United Nations"); a
    hearing's "I worked for the United Nations" stays a mention."""
    surface = " ".join(text[start:end].split()).removeprefix("the ").removesuffix("’s").removesuffix("'s")
    return _ABBREVIATION_AFTER.sub("", surface) in _INTERNATIONAL and lodged(text)  # "United Nations (UN)"


_WORD_AFTER = re.compile(r"[ ]([A-Za-z]+)\b")
_CURRENCY_CODE_AFTER = re.compile(r"[ ]\([A-Z]{3}\)")
_SUM_BEFORE = re.compile(r"(?:\b(?:in|into)|\d)[ ]$")
_CURRENCIES = frozenset(w.casefold() for w in (*CURRENCY_WORDS, *COUNTRY_CURRENCY_WORDS, "mark", "Deutschmark"))
#: a code's or statute's name right before the bracket holding its initials: "the Code of Criminal Procedure (",
#: "the Aliens Act ("
_STATUTE_BEFORE_BRACKET = re.compile(
    r"\b(?:Code|Act|Law|Decree|Ordinance|Statute|Regulations?|Rules)(?:[ ](?:of|on|for|the|and|[A-Z][\w’'-]*))*[ ]\($")
_INITIALS = re.compile(r"[A-Z]{2,6}")
#: a statute's number after its kind: "Law no. 49/2003", "Decree No. 2"
_STATUTE_NUMBER_BEFORE = re.compile(r"\b(?:Law|Act|Decree|Ordinance|Statute|Regulation|Directive|Bill)[ ][Nn]o\.[ ]$")
#: an age a statute sets for everyone: "a retirement age of 68", "the age limit of 65"
_STATUTE_AGE_BEFORE = re.compile(
    r"\b(?i:(?:retirement|pensionable|pension|mandatory[ ]retirement)[ ]age|age[ -]limit)[ ](?:(?i:of)[ ])?$")


def names_the_law(text: str, start: int, end: int, label: str) -> bool:
    """``text[start:end]`` is a word of the law, no one's: a currency named by its country ("German Marks" of
    "paid in German Marks (DEM)"; a person for a tagger), a code's or statute's initials in brackets after its
    name ("CPP" of "the Code of Criminal Procedure (CPP)"), a statute's number ("49/2003" of "Law no. 49/2003"),
    or a retirement age a statute sets ("68" of "a retirement age of 68"). In any text: none of them tells who a
    person is, in a hearing either. Not a nationality before "law" ("under Turkish law"): TAB marks the respondent
    state's law a quasi-identifier at times (round 31)."""
    surface = text[start:end]
    if label in ("PERSON", "ORGANIZATION", "LOCATION"):
        code = _CURRENCY_CODE_AFTER.search(surface)  # the tagger's "Swiss Francs (CHF)"
        words = surface[:code.start()].split() if code and code.end() == len(surface) else surface.split()
        if len(words) >= 2 and words[-1].casefold() in _CURRENCIES and all(
                gazetteer.is_nrp_term(w) or w == "Deutsche" for w in words[:-1]) and (
                code or _CURRENCY_CODE_AFTER.match(text, end) or _SUM_BEFORE.search(text, max(0, start - 24), start)):
            return True  # "paid in German Marks (DEM)", "1,000 Swiss Francs"; a hearing's "German Marks" stays a name
        if _INITIALS.fullmatch(surface) and text.startswith(")", end) \
                and _STATUTE_BEFORE_BRACKET.search(text, max(0, start - 120), start) is not None:
            return True  # "the Code of Criminal Procedure (CPP)"
        return False
    if label == "ID":
        return _STATUTE_NUMBER_BEFORE.search(text, max(0, start - 16), start) is not None
    if label == "NRP":  # "German" of "paid in German Marks (DEM)"
        after = _WORD_AFTER.match(text, end)
        return " " not in surface and after is not None and after.group(1).casefold() in _CURRENCIES \
            and names_the_law(text, start, after.end(), "PERSON")
    if label == "AGE":
        return _STATUTE_AGE_BEFORE.search(text, max(0, start - 40), start) is not None
    return False


#: a provision's kind right before its number: "paragraph III Nr. 6", "Chapter VIII, Section H, paragraph III"
_PROVISION_BEFORE = re.compile(r"(?<![\w’'-])(?i:paragraph|para\.|section|chapter|article|part|annex|title|§)[ ]$")
#: a provision's number as a tagger's name: a Roman numeral and the German "Nr." (Nummer) or "Ziff." (Ziffer)
_PROVISION_NUMBER = re.compile(r"(?:[IVXL]{1,6}[ ])?(?:Nr|Ziff|lit)\.?|[IVXL]{2,6}")
#: a law report's year and page after its initials: "NJA 1981, p. 1", "BGE 1985 s. 12"
_REPORT_AFTER_INITIALS = re.compile(r"[ ](?:1[89]|20)\d\d(?:,[ ]?|[ ])(?:pp?|s|S)\.[ ]?\d")
_INITIALS_ONLY = re.compile(r"[A-ZÅÄÖ]{2,6}")
#: a federation's states by their German name, no one's: "the Länder", "the Bundesländer"
_STATES_OF_A_FEDERATION = frozenset({"länder", "bundesländer"})


def structure_word(text: str, start: int, end: int, label: str) -> bool:
    """In a judgment, ``text[start:end]``, a tagger's name, is a word of a legal text's structure: a provision's
    number after its kind ("III Nr" of "paragraph III Nr. 6"), a national law report's initials before its year
    and page ("NJA" of "NJA 1981, p. 1"), or a federation's states ("the Länder"). A hearing's text is never read:
    its "Section III" or "Nr" stays as it was."""
    if label not in ("PERSON", "ORGANIZATION", "LOCATION") or not lodged(text):
        return False
    surface = " ".join(text[start:end].split())
    if surface.casefold() in _STATES_OF_A_FEDERATION:
        return True
    if _PROVISION_NUMBER.fullmatch(surface):
        return _PROVISION_BEFORE.search(text, max(0, start - 12), start) is not None
    return _INITIALS_ONLY.fullmatch(surface) is not None and _REPORT_AFTER_INITIALS.match(text, end) is not None


#: what a judgment writes of a state that joins the case as a third party (Article 36 of the Convention): "the
#: Government of Cyprus, which had exercised its right to intervene", "third-party comments were received from the
#: Government of X"
_INTERVENES_AFTER = re.compile(r",?[ ](?:which|who)[ ]ha(?:d|ve|s)[ ](?:exercised|made[ ]use[ ]of)[ ](?:its|their)[ ]right"
                               r"[ ]to[ ]intervene\b")
_INTERVENES_BEFORE = re.compile(r"\bthird[- ]party[ ](?:comments|observations)[ ]were[ ](?:received|submitted)[ ]from[ ]the[ ]$")
_GOVERNMENT = re.compile(r"(?:\b[Tt]he[ ])?\bGovernment[ ]of[ ](?:the[ ])?[A-Z][\w’'-]*(?:[ ][A-Z][\w’'-]*){0,3}")


def intervening_state(text: str, start: int, end: int) -> bool:
    """In a judgment, ``text[start:end]`` is ``the Government of X`` where the judgment says X's Government joined the
    case as a third party: a party to the proceedings before the Court, not the applicant's (TAB leaves it
    unmasked), every mention of that Government in the text, and X after "Government of" (a tagger's place). Another
    state's Government stays a mention."""
    if text.endswith("Government of ", 0, start):
        start -= len("Government of ")
    government = _GOVERNMENT.search(text, start, end) if lodged(text) else None
    if government is None or government.end() != end:
        return False  # a tagger's span may open with the words before it ("Later the Government of X")
    surface = government.group()
    surface = surface[4:] if surface[:4].casefold() == "the " else surface
    for at in re.finditer(re.escape(surface), text):
        if _INTERVENES_AFTER.match(text, at.end()) or _INTERVENES_BEFORE.search(text, max(0, at.start() - 70), at.start()):
            return True
    return False


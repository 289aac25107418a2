"""Plain words: ordinary English written with capitals, which is no name.

Transcribers capitalise programs, documents and diagnoses ("Money Management", "Closing Statements", "Alcohol Use
Disorder"); taggers take them for people or firms and the suspect scan for names it missed. A word is plain when the
dictionary has it and it is rarely a name or a place (:func:`is_plain_word`); a capitalised run is a common noun used
with capitals when its words are plain and the document says so (:func:`is_common_noun_use`).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from anonymizer.lang.en import gazetteer, lexicon, vocabulary
from anonymizer.lang.en.vocabulary_bodies import CURRENCY_CODES, SCAN_ABBREVIATIONS
from anonymizer.lang.words import counting_word_kind
from anonymizer.lang.en.vocabulary import data_lines as _lines


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """English dictionary words of three letters or more, lower case (``data/english_words.txt``).

    The single-word lemmas of the WordNet index that spaCy's English rule lemmatizer ships; the file was written
    with ``sorted({w for pos in table.keys() for w in table[pos] if re.fullmatch("[a-z]{3,}", w)})`` where ``table =
    nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")`` of ``en_core_web_sm``. WordNet lists proper nouns too."""
    return frozenset(_lines("english_words.txt"))


#: inflections taken off a word to find its dictionary form ("statements", "thinking", "parenting")
_INFLECTIONS = (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"))


def in_dictionary(word: str) -> bool:
    """Whether ``word`` or its form without a plural or verb ending is an English dictionary word."""
    folded = word.casefold()
    words = english_words()
    return folded in words or any(
        folded.endswith(suffix) and len(folded) - len(suffix) >= 3 and folded[: -len(suffix)] + base in words
        for suffix, base in _INFLECTIONS
    )


#: a word borne as a surname by fewer than this share of people (per cent) is rarely a surname:
#: Money (0.003), Close (0.004), Plan; not Hope (0.007), Camp (0.011), Baker (0.171)
_RARE_SURNAME = 0.005


@lru_cache(maxsize=65536)
def is_plain_word(word: str) -> bool:
    """An ordinary English word that is rarely a name and no place, whatever its case.

    In the dictionary, no Census first name, a rare surname at most, no place a Californian
    hearing may name (:func:`gazetteer.is_known_place`): "Management", "Safety", "Money",
    "Post-Traumatic" (a prefix, then a word), "Band" (a Romanian town); not "Hope", a first name,
    not "Baker", a common surname, not "Fresno", a city, not "Sapolu", no English word. A
    title-cased run of such words is a program, a document or a diagnosis, not a person."""
    core = vocabulary.strip_possessive(word.strip(vocabulary.EDGE_PUNCT))
    parts = [p for p in core.split("-") if p]
    return bool(parts) and all(p.casefold() in _PREFIXES or _plain_part(p) for p in parts[:-1]) and _plain_part(parts[-1])


#: prefixes before a hyphen ("Pre-Commitment", "Post-Traumatic", "Non-Violent", "Self-Help")
_PREFIXES = frozenset("pre post non anti co sub self semi multi inter mid over under ex re de un".split())


def _plain_part(part: str) -> bool:
    folded = part.casefold()
    if folded in vocabulary.ROMAN_NUMERALS or folded in vocabulary.LETTER_FIELDS:
        return True
    return (
        in_dictionary(folded)
        and folded not in gazetteer.first_names()
        and gazetteer.surname_share(folded) < _RARE_SURNAME
        and not gazetteer.is_known_place(part)
    )


def is_plain_phrase(words: Iterable[str]) -> bool:
    """Every word plain (:func:`is_plain_word`) or a stop word, and at least one plain word:
    "Thinking for a Change", "Closing Statements", "Alcohol Use Disorder"."""
    plain = False
    for word in words:
        if is_plain_word(word):
            plain = True
        elif not lexicon.is_stop_word(word.strip(vocabulary.EDGE_PUNCT)):
            return False
    return plain


_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z]+(?![\w'’-])")
_NAMING_CUE = re.compile(
    r"\b(?:" + "|".join(re.escape(c) for c in vocabulary.NAMING_CUES) + r")[ ,:]*[\"“'‘]?$", re.IGNORECASE
)
_DETERMINER = re.compile(r"\b(?:" + "|".join(vocabulary.DETERMINERS) + r")[ ]+$", re.IGNORECASE)


@lru_cache(maxsize=2)
def lower_case_words(text: str) -> frozenset[str]:
    """The words ``text`` writes in lower case somewhere: the ordinary words of a document (read
    once per document: the detection filter and the suspect scan both ask)."""
    return frozenset(_LOWER_WORD.findall(text))


def is_common_noun_use(text: str, start: int, end: int, lower: frozenset[str]) -> bool:
    """Whether the capitalised words ``text[start:end]`` are ordinary words written with capitals.

    The words are plain (:func:`is_plain_phrase`) and either two or more plain words make up the
    title-cased phrase they stand in ("Money Management", "Closing Statements", "Thinking" of
    "Thinking for a Change": capitalised words joined by short function words), or the one word
    is written in lower case elsewhere in the document (``lower``: :func:`lower_case_words`) or
    stands after an article or a possessive ("a Porter", "the Bus"). Never after a naming cue
    ("they called him Spider" is a nickname) nor after a title ("Sergeant Council")."""
    words = text[start:end].split()
    if not is_plain_phrase(words):
        return False
    phrase_start, phrase_end = title_phrase(text, start, end)  # "Thinking" of "Thinking for a Change"
    before = text[max(0, phrase_start - 30) : phrase_start]
    if _NAMING_CUE.search(before):
        return False
    phrase = text[phrase_start:phrase_end].split()
    previous = re.findall(r"[\w'’.]+", before)[-1:]
    if any(lexicon.is_surname_title(w) for w in (*previous, *phrase[:-1])):
        return False  # "Sergeant Council", "Officer Money": a title makes the word a surname
    if (phrase_start, phrase_end) != (start, end) and not is_plain_phrase(phrase):
        phrase = words  # "Hope and Safety": the phrase holds a name; judge the words alone
    if sum(is_plain_word(w) for w in phrase) >= 2:
        return True
    word = next(w for w in words if is_plain_word(w)).strip(vocabulary.EDGE_PUNCT)
    return word.casefold() in lower or bool(_DETERMINER.search(before))


def is_common_place_noun(text: str, start: int, end: int) -> bool:
    """Plain words after an article or a possessive other than "the": "a Halfway House", "my
    Car Wash" are no places ("the Bronx", "the Mission" may be; small towns that are words, like
    Weed, stand without an article)."""
    before = text[max(0, start - 30) : start]
    determiner = _DETERMINER.search(before)
    return (is_plain_phrase(text[start:end].split()) and determiner is not None
            and determiner.group().strip().casefold() != "the"
            and not gazetteer.is_known_place(text[start:end]))  # "a United States court"


#: a capitalised word, then the function words that join it to the next one in a title
_CAPITALISED = r"[A-Z][\w'’-]*"
_JOINERS = r"(?:(?:of|and|for|a|an|the|on|to|in|with|&)[ ]+){1,2}"
_PHRASE_BEFORE = re.compile(rf"(?<![\w'’-])(?:{_CAPITALISED}[ ]+(?:{_JOINERS})?)+$")
_PHRASE_AFTER = re.compile(rf"(?:[ ]+(?:{_JOINERS})?{_CAPITALISED})+")


def title_phrase(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the title-cased phrase around ``text[start:end]``: capitalised words on the
    same line joined by spaces and short function words ("Criminals and Gang Members Anonymous",
    "Impact of Crime on Victims")."""
    line_from = text.rfind("\n", max(0, start - 80), start) + 1
    before = _PHRASE_BEFORE.search(text, max(line_from, start - 80), start)
    after = _PHRASE_AFTER.match(text, end, min(len(text), end + 80))  # bounded: a line of capitals stays cheap
    return (before.start() if before else start), (after.end() if after else end)


def is_common_noun_span(text: str, start: int, end: int, label: str, lower: frozenset[str]) -> bool:
    """A tagger's PERSON or ORGANIZATION that is ordinary words written with capitals
    (:func:`is_common_noun_use`); an organization only when it is a trade course ("Vocational
    Plumbing"), ends in a document's word or opens with one before "of" ("Police Report",
    "Certificate of Transcription": ``vocabulary.DOCUMENT_HEADS``), or
    ends in a program's or a diagnosis's word with no organization's head in it ("Literacy
    Program": ``vocabulary.DOMAIN_HEADS``; "Golden State Transcription", "Ministry of Education"
    stay)."""
    if not is_common_noun_use(text, start, end, lower):
        return False
    if label == "PERSON":
        return True
    words = [w for w in text[start:end].split() if w.strip(vocabulary.EDGE_PUNCT).casefold() not in vocabulary.ROMAN_NUMERALS]
    if words and words[0] == vocabulary.TRADE_COURSE:
        return True
    if not words:
        return False
    last = words[-1].strip(vocabulary.EDGE_PUNCT).casefold()
    singular = next((last[: -len(s)] for s in ("es", "s") if last.endswith(s) and last[: -len(s)] in vocabulary.DOMAIN_HEADS), last)
    if singular in vocabulary.DOCUMENT_HEADS:
        return True  # "Police Report", "Hospital Records": a document, whoever wrote it
    if is_document_title(words):
        return True  # "CERTIFICATE OF TRANSCRIPTION", "Notice of Hearing": a document's title
    if _ORGANIZATION_HEAD.search(text, start, end):
        return False  # "Golden State Transcription", "Ministry of Education": an organization's head
    return singular in vocabulary.DOMAIN_HEADS


def is_document_title(words: list[str]) -> bool:
    """Words opening with a document's word before "of": ``CERTIFICATE OF TRANSCRIPTION``,
    ``Notice of Hearing Rights`` (``vocabulary.DOCUMENT_HEADS``), a title, no organization."""
    return len(words) > 2 and words[0].casefold() in vocabulary.DOCUMENT_HEADS and words[1].casefold() == "of"


#: an organization's head word(s) anywhere in a span ("Ministry of Education", "Recovery Center")
_ORGANIZATION_HEAD = re.compile(
    r"\b(?:" + "|".join(re.escape(h) for h in sorted(vocabulary.ORGANIZATION_HEADS, key=len, reverse=True)) + r")(?!\w)",
    re.IGNORECASE,
)


#: the word glued by a hyphen after (group ``after``) or before (group ``before``) a span
_HYPHEN_AFTER = re.compile(r"-(?P<after>[A-Za-z]+)")
_HYPHEN_BEFORE = re.compile(r"(?P<before>[A-Za-z]+)-$")


def in_compound(text: str, start: int, end: int) -> bool:
    """Whether the word ``text[start:end]`` is a part of a hyphenated compound word, no name: glued
    to a lower-case word (``Faith-based``, ``non-Christian``), or a dictionary word glued to a word that
    is rarely a name (``Faith-Based``, ``Hope-Filled``; not ``Smith-Jones``, ``Rose-Marie``)."""
    after = _HYPHEN_AFTER.match(text, end)
    before = _HYPHEN_BEFORE.search(text, max(0, start - 30), start)
    glued = [m.group(1) for m in (after, before) if m is not None]
    if any(word.islower() for word in glued):
        return True
    return bool(glued) and in_dictionary(text[start:end]) and all(is_plain_word(word) for word in glued)


#: a record's number with its name before it: up to three words, "Number" / "No." / "#", the number
_RECORD_NUMBER = re.compile(r"((?:\S+[ ]){0,3}?)(?i:number|no\.|num\.|\#)[ ]?#?[A-Z]{0,4}-?\d[\w-]*")


def is_record_number(surface: str, whole: bool = True) -> bool:
    """A record's number with its name (``RVR Log Number 000316522``, ``Badge No. 4471``): plain words or an
    acronym before the number's noun, no organization or place (the number alone is an identifier's).
    ``whole``: the surface is that and nothing more, else it opens with it."""
    match = (_RECORD_NUMBER.fullmatch if whole else _RECORD_NUMBER.match)(surface)
    return match is not None and all(
        is_plain_word(word) or (word.isupper() and len(word) <= 4) for word in match.group(1).split())


def is_record_label(text: str, start: int, end: int) -> bool:
    """The name of a record's number cut before its dot and the number (``Docket No`` of ``Docket No. F-05-2219``,
    ``Crime Report No`` of ``Crime Report No. 05-M-044719``): plain words, no organization; the number is an
    identifier's."""
    line_end = text.find("\n", start)
    match = _RECORD_NUMBER.match(text, start, len(text) if line_end < 0 else line_end)
    return match is not None and end <= match.end() and not any(c.isdigit() for c in text[start:end]) \
        and is_record_number(match.group(), whole=True)


#: an outline's heading alone on its line: a Roman numeral or a capital letter, its dot, plain words ("V.  DISCUSSION",
#: "D.  Analysis", "II.  THE COMMITMENT OFFENSE")
_OUTLINE_HEADING = re.compile(r"^[^\S\n]*(?:[IVX]{1,5}|[A-H])\.[^\S\n]{1,4}([^\W\d_][\w'’ -]*?)[^\S\n]*$", re.MULTILINE)


#: a question's turn opening a line ("Q. And then?"): five of them make a transcript's "A." an answer, no heading
_Q_TURN = re.compile(r"^[^\S\n]*Q\.[^\S\n]", re.MULTILINE)


def _qa_turns(text: str) -> bool:
    return sum(1 for _ in zip(range(5), _Q_TURN.finditer(text))) >= 5


def is_outline_heading(text: str, start: int, end: int) -> bool:
    """Whether ``start:end`` lies in an outline's heading of plain words alone on its line (a decision's
    or a memorandum's part, no name)."""
    line_end = text.find("\n", start)
    match = _OUTLINE_HEADING.match(text, text.rfind("\n", 0, start) + 1, len(text) if line_end < 0 else line_end)
    if match is None or start < match.start() or end > match.end():
        return False
    if text.startswith("A.", match.start() + len(match.group()) - len(match.group().lstrip())) and _qa_turns(text):
        return False  # "A. Open Sky Society and ..." of a transcript's question and answer: the answer's turn
    words = match.group(1).split()
    if all(is_plain_word(w) or lexicon.is_stop_word(w.casefold()) for w in words):
        return True
    # dictionary words joined by a phrase's small words ("I. CIRCUMSTANCES OF THE CASE": "Case" is a surname too)
    small = [w for w in words[1:-1] if lexicon.is_stop_word(w.casefold())]
    return bool(small) and is_plain_word(words[0]) and all(in_dictionary(w) or w in small for w in words)


#: a thing of a series by its letter, a plus or a version after it (``Plan B+``, ``Option C``, ``Plan Bv7``: ``SERIES_NOUNS``,
#: ``LETTERED_ITEM_NOUNS``); a person known by a letter (``Witness A``) is someone's cipher: not one
LETTERED_THING = re.compile(rf"(?i:{'|'.join(sorted(vocabulary.SERIES_NOUNS | vocabulary.LETTERED_ITEM_NOUNS))})"
                            r"[ ][A-Z](?:\+{1,2}|v\d{1,2})?")


def is_numbered_part(text: str, start: int, end: int) -> bool:
    """A record's number with its name, that name cut before its number, an outline's heading, a lettered thing: no name."""
    return is_record_number(text[start:end]) or is_record_label(text, start, end) \
        or is_outline_heading(text, start, end) or LETTERED_THING.fullmatch(text, start, end) is not None


def unknown_word(word: str) -> bool:
    """A word no list of the pass knows: no common or dictionary word, stop word, role, month, term,
    nationality, census name, place or organization's head word ("Okonkwo", "Halvorsen", "Tavion")."""
    folded = word.casefold()
    return not (lexicon.is_common_word(folded) or lexicon.is_stop_word(folded) or lexicon.is_role_word(word)
                or folded in vocabulary.CALENDAR_WORDS or gazetteer.is_nrp_term(folded) or lexicon.is_whitelisted(word)
                or folded in gazetteer.first_names() or folded in gazetteer.last_names()
                or in_dictionary(folded) or gazetteer.place_category(word) is not None
                or folded in vocabulary.ORGANIZATION_HEAD_WORDS)


def surname_word(word: str) -> bool:
    """A word no list knows, or a census surname that is no plain word ("Bocanegra", "Reyes")."""
    return unknown_word(word) or (vocabulary.fold_accents(word.casefold()) in gazetteer.last_names()
                                  and not is_plain_word(word))


#: a census surname that is also a word or a place is said as a name by itself when this share (per cent) of people
#: bear it or more ("Reyes", 0.066; "Banks"; not "Union", "Center", "August")
_NAMED_SURNAME_SHARE = 0.02


def named_word(word: str, last: bool = True) -> bool:
    """A word that names someone by itself, no title, role, common word or organization's head word: the last word
    of a name one no list knows, a census surname that is no word or place, or one borne by many
    (:data:`_NAMED_SURNAME_SHARE`: "Reyes", not "Union", "Alliance"); a word before it that or a census first name
    that is no word or place ("Dana"; not "Counsel", "Department", "Hope", "America")."""
    folded = word.casefold()
    if lexicon.is_title_word(word) or lexicon.is_role_word(word) or lexicon.is_common_word(folded) \
            or folded in vocabulary.ORGANIZATION_HEAD_WORDS:
        return False
    if unknown_word(word):
        return True
    worded = in_dictionary(folded) or gazetteer.place_category(word) is not None
    if not last and folded in gazetteer.first_names() and not worded:
        return True
    return folded in gazetteer.last_names() and (not worded or gazetteer.surname_share(folded) >= _NAMED_SURNAME_SHARE)


#: a form's next field label at a name's end, its gap lost in print ("... A. CDCR" before "#: AY3381")
_FIELD_TAIL = re.compile(r"[ ,]+(?:CDCR|CDC|" + "|".join(re.escape(w) for w in vocabulary.FIELD_LABEL_WORDS) + r")$")


def without_field_label(text: str, start: int, end: int) -> int:
    """The end of a name without the next field's label a print left on it (``OYELOWO, BABATUNDE A. CDCR``
    before ``#: AY3381``): a field word right before ``#`` or ``:``."""
    tail = _FIELD_TAIL.search(text, start, end)
    return tail.start() if tail and tail.start() > start and text.startswith(("#", ":"), end) else end


#: number words a surface of them names nobody by ("four", "twenty-one", "hundred")
NUMBER_WORDS = frozenset((*vocabulary.UNITS, *vocabulary.TEENS, *vocabulary.TENS, *vocabulary.ORDINALS,
                          "zero", "hundred", "thousand", "million"))
_WEEKDAYS = frozenset(w.casefold() for w in (*vocabulary.WEEKDAYS, *vocabulary.WEEKDAY_ABBREVIATIONS))
_MONTHS = frozenset(w.casefold() for w in vocabulary.MONTHS)


def word_kind(word: str) -> str:
    """Why ``word`` names nobody: "a number word", "a weekday", "a month", "an ordinary English word"
    (:func:`is_plain_word`), or "" when it may be a name (the pack's ``word_kind``)."""
    folded = vocabulary.strip_possessive(word).casefold()
    kind = counting_word_kind(folded, NUMBER_WORDS, _WEEKDAYS, _MONTHS)
    return kind or ("an ordinary English word" if is_plain_word(word) else "")


#: the dash of a word broken off in speech, then the word said again
_RESTART = re.compile(r"[^\S\n]?-{1,2}[^\S\n]?(?=\w)")


def restarted_word(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is one short word (three letters at most) broken off and begun again as a dictionary word
    ("Yo -- you know"; a name begun again, "Ja-- Jason", stays a name)."""
    piece = text[start:end]
    dash = _RESTART.match(text, end)
    if dash is None or not piece.isalpha() or len(piece) > 3:
        return False
    words = text[dash.end():dash.end() + 20].split(maxsplit=1)
    after = words[0].strip(".,;:!?") if words else ""
    return len(after) > len(piece) and after.casefold().startswith(piece.casefold()) \
        and (in_dictionary(after) or lexicon.is_stop_word(after.casefold()))


#: "a CT scan", "two MRI scans": the examination's abbreviation (``CT`` is Connecticut to a tagger)
_SCAN_AFTER = re.compile(r"[ -](?i:scans?|scanner|scanning|examinations?|imaging)\b")
_SCANS = frozenset(SCAN_ABBREVIATIONS)
_CURRENCY_CODES = frozenset(CURRENCY_CODES)


def is_code_of_a_thing(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is an examination's abbreviation before "scan" ("a CT scan", "an MRI examination") or a
    currency's code ("Swedish kronor (SEK)", "EUR 1,300"): no place, no person, no organization."""
    surface = text[start:end]
    return surface in _CURRENCY_CODES or (surface in _SCANS and _SCAN_AFTER.match(text, end) is not None)


#: an institution's kind at the end of its name, which a speaker leaves out when saying it again ("Northgate Mercy
#: Hospital", then "we drove to Northgate Mercy")
_KIND_WORDS = frozenset({"hospital", "university", "college", "school", "academy", "clinic", "church", "centre", "center",
                         "society", "foundation", "association", "institute"})
#: small words a name may hold between its capitalised words ("Lamp of Reason" of "Lamp of Reason Society")
_NAME_CONNECTORS = frozenset({"of", "the", "and", "for", "on"})


def without_kind(name: str) -> str | None:
    """``name`` without its kind word when two capitalised words or more stay that are no place's name and no stop
    words ("Northgate Mercy" of "Northgate Mercy Hospital"; not "San Mateo" of "San Mateo College"), a small word
    between them allowed ("Lamp of Reason" of "Lamp of Reason Society")."""
    words = name.split()
    if len(words) < 3 or words[-1].casefold() not in _KIND_WORDS:
        return None
    rest = words[:-1]
    inner = [w for w in rest[1:-1] if w in _NAME_CONNECTORS]
    capitals = [w for w in rest if w not in inner]
    if len(capitals) < 2 or not all(w[:1].isupper() and not lexicon.is_stop_word(w.casefold()) for w in capitals):
        return None
    short = " ".join(rest)
    return None if gazetteer.is_known_place(short) or gazetteer.is_known_place(rest[-1]) else short

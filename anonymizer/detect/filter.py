"""Detection, last steps: rule spans win over the tagger (reconcile), then spans are tightened
to the annotation guidelines and false positives dropped (filter). See :mod:`anonymizer.detect`.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable, Iterator, Sequence

from anonymizer import spans
from anonymizer.detect import tagger_persons
from anonymizer.detect.labels import relabel
from anonymizer.lang.en import gazetteer, judgment_text, lexicon, plain, public_body, us_records, vocabulary
from anonymizer.lang.en.transcript import in_speaker_tag, line_start, speaker_tag
from anonymizer.pseudonymize.names import NAME_PART
from anonymizer.spans import Protected, sentence_initial
from anonymizer.types import Mention

_HAS_DIGIT = re.compile(r"\d")


# --- reconciling detectors ----------------------------------------------------------------

#: Labels a gazetteer/head-noun rule recognizer gives more precisely than a statistical tagger.
_RULE_NAME_LABELS = frozenset({"ORGANIZATION", "LOCATION", "NRP"})
#: Labels of rule recognizers whose spans a statistical tagger never overrides (an age read from
#: its context too: the tagger's DATE "age twenty-nine" is the AGE "twenty-nine").
_RULE_LABELS = _RULE_NAME_LABELS | {"SPELLED_NAME", "SPELLED_OUT_ITEM", "CDCR_ID", "PHONE_NUMBER", "EMAIL_ADDRESS", "URL", "AGE"}
#: spaCy labels a rule span overrides (``Golden Valley Trucking`` LOCATION, ``Asian Boyz``
#: NRP, ``Rollin' 60s Crips`` DATE, ``Pomona`` PERSON after ``in``).
_OVERRIDDEN_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE"})


def reconcile(mentions: Sequence[Mention], text: str) -> list[Mention]:
    """Let rule spans win over the tagger's labels and bounds, and over title-page name parts inside them.

    A spaCy mention overlapping a span of a rule recognizer (names, spelled names, ids, contacts;
    source ``presidio``) loses the overlapping characters; what is left stands only if it
    still holds a capitalised word or a digit.  A title-page name part or town strictly inside
    such a span (``Jordan`` in ``Jordan High School``, ``King`` in ``10987 King Road``, ``Soledad``
    in ``CTF Soledad``) is dropped.
    """
    rules = sorted((m.start, m.end) for m in mentions if m.sources == ("presidio",) and m.label in _RULE_LABELS)
    if not rules:
        return list(mentions)
    out: list[Mention] = []
    for m in mentions:
        overlapping = spans.overlapping(rules, m.start, m.end)
        if not overlapping:
            out.append(m)
        elif m.sources == ("spacy",) and m.label in _OVERRIDDEN_LABELS:
            out.extend(_outside_pieces(m, overlapping, text))
        elif m.sources == ("header",) and m.label in ("PERSON", "LOCATION") and any(
            s <= m.start and m.end <= e and (s, e) != (m.start, m.end) for s, e in overlapping
        ):
            continue
        else:
            out.append(m)
    return out


def _outside_pieces(m: Mention, taken: Sequence[tuple[int, int]], text: str) -> list[Mention]:
    """The parts of ``m`` not covered by ``taken`` that hold a capitalised word or a digit (the
    filter trims them): "age" of the tagger's "age twenty-nine" around an AGE goes."""
    return [replace(m, start=s, end=e) for s, e in spans.free_pieces(m.start, m.end, taken)
            if any(c.isupper() or c.isdigit() for c in text[s:e])]


# --- filtering --------------------------------------------------------------------------

_TRIM = " \t\r\n.,;:!?\"()[]{}-–—'’"
#: words before a number that hedge it and are not part of a time, age, height or date
_HEDGE = re.compile(
    r"(?:(?:around|approximately|approx\.|about|only|just|like|maybe|roughly|nearly|almost|over|under|at|by|"
    r"on|since|until|till|circa|in|of|between|barely|probably|already|exactly|precisely|some)\s+)+",
    re.I,
)
_DECADE_THE = re.compile(r"the\s+(?=(?:early\s+|mid\s*-?\s*|late\s+)?(?:['’]?\d0['’]?s|\d{4}['’]?s)\b)", re.I)
#: an article, a possessive or a preposition that may open a tagger's place or organization ("a Halfway
#: House", "on Blackstone", "That Louis and Yvette had", a sentence's "Through Merced College, the program")
_LEADING_SMALL_WORD = re.compile(r"(?:the|an?|my|his|her|our|their|your|on|at|in|near|from|that|this|through|via)\s+", re.I)
_THAT_YEAR = re.compile(r",?\s+(?:of\s+)?(?:that|the\s+same|the\s+following|the\s+next|last|this)\s+year$|(?<=\d{4})\s+(?:"
                        + "|".join(vocabulary.UNITS + vocabulary.TEENS) + "|(?:" + "|".join(vocabulary.TENS)
                        + ")(?:-(?:" + "|".join(vocabulary.UNITS) + "))?)$", re.I)
_NOT_A_YEAR = re.compile(r"^\d{4}$")


def _trim(text: str, start: int, end: int, label: str = "") -> tuple[int, int]:
    """Strip surrounding punctuation and space; keep brackets that are balanced inside the span,
    the final dot of ``p.m.``/``Jr.``, the inch mark of ``5'9"``, the apostrophe of ``'90s`` and ``'96``."""
    while start < end and text[start] in _TRIM and not _keep_leading(text, start, end):
        start += 1
    while end > start and text[end - 1] in _TRIM and not _keep_trailing(text, start, end, label):
        end -= 1
    return start, end


def _keep_leading(text: str, start: int, end: int) -> bool:
    char = text[start]
    if char == "(":
        return ")" in text[start:end]
    if char in "'’":
        return bool(re.match(r"['’]\d(?:0s\b|\d(?![\w'’]))", text[start:end]))  # '90s, '96
    return False


def _keep_trailing(text: str, start: int, end: int, label: str) -> bool:
    char = text[end - 1]
    span = text[start:end]
    if char == ")":
        return "(" in span
    if char == ".":
        return _is_abbrev_end(text, start, end)
    if char in "\"'’" and label == "HEIGHT":
        return bool(re.search(r"\d['’′]\s?\d{1,2}(?:[\"”″]|['’]{2})$", span))
    if char in "'’" and label == "ORGANIZATION":
        return bool(re.search(r"\bRollin['’]$", span))
    return False


def _is_abbrev_end(text: str, start: int, end: int) -> bool:
    # keep the final dot of "p.m." / "a.m." / "Jr." / "Inc." / an initial
    return bool(re.search(r"(?:[ap]\.m|(?<![\w-])[A-Z]|\b(?:Jr|Sr|Inc|Corp|Co|St|Ave|Blvd|Rd|Dr|Ln|Ct|Pl))\.$", text[start:end], re.I))


def tighten(text: str, start: int, end: int, label: str) -> tuple[int, int]:
    """Bounds of a span by the annotation guidelines.

    Surrounding punctuation off (:func:`_trim`); for PERSON titles and possessives off;
    for TIME/AGE/HEIGHT/DATE hedges off (``around 5:45`` -> ``5:45``, ``only 37 years old``
    -> ``37 years old``); a ``the`` before a decade off (``the '90s`` -> ``'90s``);
    ``of that year``, a count after the year (``2004 two``, ``2007 seventy-one``) and a judgment's ``the`` off a DATE; a trailing ``a.k.a.`` off a PERSON; a leading article or possessive off ORGANIZATION/LOCATION/NRP ("a Halfway House").
    """
    start, end = _trim(text, start, end, label)
    stamp = _LEAD_STAMP.match(text, start, end) if label in _NAME_LABELS else None
    if stamp:
        start = stamp.end()  # the timestamp opening a line is no part of the name after it
    if label == "PERSON":
        start = _skip_lead(text, start, end)
        start, end = lexicon.strip_titles(text, start, end)
        alias = _ALIAS_TAIL.search(text, start, end)
        if alias and alias.start() > start:
            end = alias.start()  # "Lil Smokey, a.k.a" of "Lil Smokey, a.k.a. Andre Simmons"
        end = plain.without_field_label(text, start, end)  # "... A. CDCR" of "... A. CDCR#: AY3381"
        broken = _BROKEN_TAIL.match(text, end) if text[end - 1].isalpha() else None
        if broken and not plain.in_dictionary(broken.group(1)):
            end = broken.end()  # "Bartho- lomew", a name broken at a printed line's end (not "Hernan- okay")
    elif label in ("TIME", "AGE", "HEIGHT", "DATE"):
        hedge = _HEDGE.match(text, start, end)
        if hedge and hedge.end() < end:
            start = hedge.end()
        if label == "DATE":
            if _SHORT_YEAR.fullmatch(text, max(0, start - 2), end):
                start -= 1  # "in '96": the apostrophe stands for the century, kept with the year
            decade = _DECADE_THE.match(text, start, end) or judgment_text.article_before_date(text, start, end)
            if decade:
                start = decade.end()
            year = _THAT_YEAR.search(text, start, end)
            if year and year.start() > start:
                end = year.start()
    elif label in ("ORGANIZATION", "LOCATION", "NRP"):
        start = _skip_question_lead(text, start, end)  # "Q. Was Voice of Vell": the marker and "Was" off
        the = _LEADING_SMALL_WORD.match(text, start, end)
        if the and the.end() < end and (the.group().strip().casefold() in ("the", "that", "this") or (
                the.group()[0].islower() or the.group().strip() in ("Through", "Via", "From") and sentence_initial(text, start)
                and " " in text[the.end():end]) and text[the.end()].isupper()):
            start = the.end()  # "the Fresno Police Department", "a Halfway House" (not "A Better Way")
        compass = judgment_text.compass_before(text, start) if label == "LOCATION" else None
        if compass is not None:
            start = compass  # "northern Cyprus", "south-east Turkey": the region the place names
        dangling = _DANGLING.search(text, start, end)
        if dangling and dangling.start() > start:
            end = dangling.start()  # "State of" (cut at the line end), "CORRECTIONS TO THE"
        title = _TRAILING_TITLE.search(text, start, end)
        if title and title.start() > start and lexicon.is_title_word(title.group("word")) \
                and _NAME_AFTER.match(text, end):
            end = title.start()  # "OPD Sgt." of "by OPD Sgt. Ramon Ybarra": the title of the person after it
    if label in _NAME_LABELS:
        end = public_body.name_end(text, start, spans.close_bracket(text, start, end, label), label)
    return _trim(text, start, end, label)


#: two digits after an apostrophe that follows a space or line start (``in '96``), with that one character
_SHORT_YEAR = re.compile(r"(?:^|\s)['’]\d\d")
#: a Q&A marker opening a line ("Q. Tell me ..."): not an initial
_QA_MARKER = re.compile(r"[QA]\.[^\S\n]+")
#: a timestamp or clock reading before a name span's first word (``00:03:10] Rosa Quiñones``)
_LEAD_STAMP = re.compile(r"[\[(]?\d{1,2}(?::[0-5]\d){1,2}[\])]?[^\S\n]+(?=[^\W\d_])")
#: a leading word of a PERSON span that is never a name part ("I'm Georgia Brennan")
_LEAD_WORD = re.compile(r"(?P<word>[A-Za-z]+(?:['’](?:[a-z]{1,2}|S))?)[,:]?[^\S\n]+(?=[A-Z])")
_KIN = frozenset(vocabulary.KIN_WORDS)
#: "a.k.a."/"aka"/"alias" that a tagger's name span runs into: the next name starts after it
_ALIAS_TAIL = re.compile(r",?[^\S\n]+(?i:a\.k\.a\.?|aka|alias)$")
#: the lower-case rest of a name broken at a hyphen and a line's end (``Bartho-`` / ``lomew``;
#: four letters at least: no "uh" or "hmm" of a word cut off in speech)
_BROKEN_TAIL = re.compile(r"-[^\S\n]*\n?[^\S\n]*([a-z]{4,})\b")
#: the last word of a span, a title perhaps (group ``word``, without its dot)
_TRAILING_TITLE = re.compile(r"[^\S\n]+(?P<word>[A-Z][A-Za-z]*)\.?$")
#: a capitalised word right after a span (its dot perhaps before): the name a title at its end goes with
_NAME_AFTER = re.compile(r"\.?[^\S\n]+[A-Z][a-z]")
#: function words a name span never ends with
_DANGLING = re.compile(r"(?:[^\S\n]+(?:of|the|and|for|to|in|at|on|by|a|an))+[^\S\n]*$", re.I)


def _skip_lead(text: str, start: int, end: int) -> int:
    """Skip a line-opening Q&A marker and leading stop words / role words before a capitalised word,
    and a kin word after a possessive one (``VICTIM'S MOTHER DELGADO``)."""
    if start == line_start(text, start):
        marker = _QA_MARKER.match(text, start, end)
        if marker:
            start = marker.end()
    possessive = False
    while (lead := _LEAD_WORD.match(text, start, end)) and lead.end() < end:
        word = lead.group("word")
        if not (_never_name(word) or (possessive and word.casefold() in _KIN)):
            break
        possessive = vocabulary.POSSESSIVE.search(word) is not None  # "VICTIM'S MOTHER DELGADO"
        start = lead.end()
    return start


def _skip_question_lead(text: str, start: int, end: int) -> int:
    """A line-opening Q&A marker and the stop words after it before a capitalised word ("Q. Was Voice of Vell",
    "A. The Union"): no part of a group's or a place's name."""
    if start != line_start(text, start) or (marker := _QA_MARKER.match(text, start, end)) is None:
        return start
    start = marker.end()
    while (lead := _LEAD_WORD.match(text, start, end)) and lead.end() < end \
            and lexicon.is_stop_word(lead.group("word").casefold()):
        start = lead.end()
    return start


def _never_name(word: str) -> bool:
    """A stop word (``I'm``, ``And``) or a role word (``PRISONER``, ``Interpreter``), not a name word."""
    folded = word.casefold().replace("’", "'")
    return lexicon.is_stop_word(folded) or lexicon.is_stop_word(folded.split("'")[0]) or lexicon.is_role_word(word)


def filter_mentions(
    text: str, mentions: Iterable[Mention], protected: Protected | None = None
) -> Iterator[Mention]:
    """Drop false positives (whitelist, titles, stop names) and tighten spans; see the paper §4.3.

    ``protected`` is the document's whitelist (:func:`anonymizer.spans.protect`): its terms and
    phrases are not masked; without it only the packaged whitelist applies to single spans.
    """
    protected = protected or Protected()
    lower: frozenset[str] | None = None  # the document's lower-case words, read when first needed
    for m in (part for whole in mentions for part in tagger_persons.person_of_organization(text, whole)):
        m = tagger_persons.titled_person(text, m)
        start, end = tighten(text, *cut_at_speaker_colon(text, m.start, m.end), m.label)
        if m.label in ("ORGANIZATION", "LOCATION") and (start, end) != (m.start, m.end) and end > start:
            # "Detective Banks" of the tagger's "Detective Banks of the"
            titled = tagger_persons.titled_person(text, replace(m, start=start, end=end))
            if titled.label == "PERSON":
                m, (start, end) = titled, tighten(text, start, end, "PERSON")
        if end <= start:
            continue
        surface = text[start:end]
        trusted = bool({"header", "rule", "manual"} & set(m.sources))
        if not trusted:
            if m.label in ("ORGANIZATION", "LOCATION") and in_speaker_tag(text, start) \
                    and any(lexicon.is_role_word(w) for w in surface.split()):
                continue  # "PRESIDING COMMISSIONER CHURCH:": a role and a person's name (the speaker rule's)
            if (protected.is_whitelisted(surface) and not protected.is_named(start, end)) or protected.contains(start, end):
                continue
            if m.label in ("ORGANIZATION", "LOCATION") and protected.stretched(text, start, end):
                continue  # "CALIFORNIA BOARD OF PAROLE" of "... HEARINGS": a domain term with its state
            if m.label in ("PERSON", "LOCATION", "ORGANIZATION", "NRP") and not _plausible_name(surface, m.label):
                continue
            if m.label == "PERSON" and lexicon.is_address_honorific(text, start, end):
                continue  # "Thank you, my Lady": the honorific of address
            if public_body.identifies_no_one(text, start, end, m.label, cited=True):
                continue  # "Court of Cassation", "Military Service Act", "In re Ryner (2011) 196 Cal.App.4th 533"
            if us_records.identifies_no_one(text, start, end, m.label):
                continue  # "UNITED STATES DISTRICT COURT" on its line, "521 U.S. 982", "the Chinese government"
            if m.label in ("PERSON", "LOCATION", "ORGANIZATION", "NRP") and lexicon.in_housing_designation(text, start, end):
                continue  # "C Yard", "B Facility": a yard of every prison
            if m.label in ("PERSON", "LOCATION", "ORGANIZATION") and (
                    lexicon.is_numbered_reference(text, start, end) or plain.is_numbered_part(text, start, end)):
                continue  # "Count 2", "RVR Log Number 000316522", "V.  DISCUSSION": a numbered part or record, no name
            if m.label in ("PERSON", "LOCATION", "ORGANIZATION") and _FIELD_LABEL.match(text, end) \
                    and all(plain.is_plain_word(w) or lexicon.is_stop_word(w.casefold()) for w in surface.split()):
                continue  # "DATE OF INTERVIEW: 2/9/2023": ordinary words labelling a form's field
            if m.label in ("PERSON", "LOCATION", "ORGANIZATION") and plain.restarted_word(text, start, end):
                continue  # "Yo -- you know": a word begun and begun again in speech
            if m.label == "NRP" and _a_language(text, start, end):
                continue  # "read and write English", "Spanish classes"
            if m.label in ("PERSON", "ORGANIZATION") and "presidio" not in m.sources:
                lower = plain.lower_case_words(text) if lower is None else lower
                if plain.is_common_noun_span(text, start, end, m.label, lower):
                    continue  # "Closing Statements", "Alcohol Use Disorder": no person, no organization
            if m.label == "LOCATION" and "presidio" not in m.sources and plain.is_common_place_noun(text, start, end):
                continue  # "a Halfway House", "a Car Wash"
            if m.label in ("LOCATION", "NRP") and "presidio" not in m.sources and " " not in surface \
                    and not gazetteer.is_nrp_term(surface) and plain.is_plain_word(surface):
                lower = plain.lower_case_words(text) if lower is None else lower
                if surface.casefold() in lower or sentence_initial(text, start):
                    continue  # "out of Prison", "a Knife", "the Choir": one word the document also writes in lower
                    # case, or opens a sentence with ("Absolutely, sir."): no place the gazetteers know
            if m.label in ("PERSON", "LOCATION", "ORGANIZATION") and plain.is_code_of_a_thing(text, start, end):
                continue  # "a CT scan", "Swedish kronor (SEK)", "EUR 1,300": an examination, a currency's code
            if m.label == "DATE" and _NOT_A_YEAR.match(surface) and not 1900 <= int(surface) <= 2049:
                continue  # "BPH 1073": a form number
        label = relabel(text, m, start, end, trusted)
        if (start, end, label) != (m.start, m.end, m.label):
            m = Mention(start, end, label, m.sources, m.score, m.confidence, m.entity)
        yield m


#: the colon after a form's field label, a value after it
_FIELD_LABEL = re.compile(r"[ ]?:[^\S\n]+\S")


def cut_at_speaker_colon(text: str, start: int, end: int) -> tuple[int, int]:
    """A span that starts in a speaker tag ends with the tag's name, never across its colon
    (a tagger's ``McDONALD: Understood`` -> ``McDONALD``).

    A tag's colon follows its name directly or after one space, so a span crossing the tag's
    end has a colon within ``text[start:end + 1]``: without one there is nothing to cut."""
    if ":" not in text[start : end + 1]:
        return start, end
    tag = speaker_tag(text, line_start(text, start))
    if tag is not None and start < tag.end("tag") < end:
        return start, tag.end("tag")
    return start, end


#: a language use of a nationality word: after a verb of speaking or reading, before "class"...
_LANGUAGE_BEFORE = re.compile(
    r"\b(?:speaks?|spoke|speaking|read|reads|write|writes|understands?|learn(?:ed|ing|s)?|taught|"
    r"fluent[ ]in|translated?[ ]into|interpreter[ ]for|prefers?|preferred)[ ]"
    r"(?:(?:some|a[ ]little|a[ ]bit[ ]of|little|no|any|mostly|only|good|broken|basic)[ ])?$"
    r"|\binterpreter,?[ ]\($",  # "Ani Hovsepian, Interpreter (Hmong)"
    re.I,
)
_LANGUAGE_AFTER = re.compile(r"[ ](?:class|classes|language|speakers?|interpreter|translation|teacher|lessons?)\b", re.I)


def _a_language(text: str, start: int, end: int) -> bool:
    return bool(_LANGUAGE_BEFORE.search(spans.line_before(text, start, 40)) or _LANGUAGE_AFTER.match(text, end))


_NAME_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION", "NRP"})


def drop_sentence_openers(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """Drop a tagger's one-word name that only ever opens a sentence and is an ordinary word
    of this document or a plain word ("Tell me ...", "Time is 9:50", "Q. Understood.", "Email for
    your attorney is"; a Census name among them stays a suspect).

    Kept when the document establishes the word as a name: a title-page, speaker-tag or
    manual mention holds it, a multi-word name holds it, or a tagger found it mid-sentence.
    """
    established: set[str] = set()
    for m in mentions:
        words = NAME_PART.findall(text[m.start : m.end])
        trusted = bool({"header", "rule", "manual"} & set(m.sources))
        if trusted or len(words) > 1 or not spans.sentence_initial(text, m.start):
            established.update(w.casefold() for w in words)
    lower = plain.lower_case_words(text)
    out = []
    for m in mentions:
        surface = text[m.start : m.end]
        if (
            m.label in _NAME_LABELS
            and not {"header", "rule", "manual"} & set(m.sources)
            and NAME_PART.fullmatch(surface)
            and (surface.casefold() in lower or plain.is_plain_word(surface))
            and surface.casefold() not in established
            and spans.sentence_initial(text, m.start)
        ):
            continue
        out.append(m)
    return out


#: four capitals or more without a vowel: initials said letter by letter, a body's ("DHCS"), not a person's
_AGENCY_INITIALS = re.compile(r"[B-DF-HJ-NP-TV-XZ]{4,}")
_PLURAL_MARK = re.compile(r"\((?i:s)\)")  # a plural written as a role's optional ending ("OFFICER(S)")


def _plausible_name(surface: str, label: str) -> bool:
    if not any(c.isupper() for c in surface) and not (label == "LOCATION" and surface.replace("-", "").isdigit()):
        return False  # transcribers capitalise names and places (a zip code is digits, "91903-2209" too)
    if "\n" in surface:
        return False
    words = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", _PLURAL_MARK.sub("", surface))
    if words and all(_never_name(w) for w in words):
        return False  # "PRISONER", "MR", "Interpreter", "CORRECTIONS TO THE", "I'm", "CORRECTIONAL OFFICER(S)"
    if label == "PERSON" and _HAS_DIGIT.search(surface):
        return False
    if label == "PERSON" and words and not any(w[:1].isupper() for w in words if not lexicon.is_title_word(w)):
        return False  # "Detective van" (the vehicle): a title and words in small letters, no name
    if label == "PERSON" and _AGENCY_INITIALS.fullmatch(surface):
        return False  # "DHCS", "HHSC": four capitals or more without a vowel, a body's initials (a person's: "JT")
    if surface.casefold() in lexicon.stop_names() or surface in vocabulary.HOLIDAYS:
        return False  # "Okay", "Understood", "Congratulations" (PERSON or ORGANIZATION); "after Easter": a holiday
    return True

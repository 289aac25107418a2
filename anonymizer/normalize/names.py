"""Normalization, step 1: name words, grouping keys and the thresholds of the other steps.

See :mod:`anonymizer.normalize` for the rules.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, replace
from functools import lru_cache

from anonymizer.detect import tagger_persons
from anonymizer.lang.en import gazetteer, lexicon, vocabulary
from anonymizer.lang.en.recognizers._base import NUMBER_WORD_STEM
from anonymizer.lang.en.recognizers.nicknamed import CLOSE_QUOTE, OPEN_QUOTE
from anonymizer.lang.en.transcript import in_speaker_tag, line_start, role_only, speaker_tag
from anonymizer.resolve import NER_SOURCES, unite
from anonymizer.types import Mention

_SUFFIXES = vocabulary.NAME_SUFFIXES


@dataclass(frozen=True, slots=True)
class _Vocabulary:
    titles: frozenset[str]
    common: frozenset[str]  # stop words and name words: guarded in the re-scan
    phonetic: dict[str, str]


@lru_cache(maxsize=1)
def _vocabulary() -> _Vocabulary:
    """Word lists of ``anonymizer.lang.en.lexicon`` plus the role words above."""
    common = lexicon.common_words()
    return _Vocabulary(lexicon.title_words(), frozenset(common), dict(lexicon.phonetic_alphabet()))


_RESCAN_SOURCES = ("rescan",)
_RESCAN_SCORE = 0.5

_ORG_LOC_THRESHOLD = 92.0
_MIN_FUZZY_LEN = 5
_MIN_PREFIX_LEN = 4
_MIN_RESCAN_LEN = 3
_MAX_FORM_LEN = 200
_OFF_TITLE = sys.maxsize

_FUZZY_LABELS = frozenset({"ORGANIZATION", "LOCATION"})
_RELABEL_LABELS = frozenset({"ORGANIZATION", "LOCATION", "NRP"})
_RESCAN_LABELS = frozenset({"PERSON", "SPELLED_NAME", "CDCR_ID", "ORGANIZATION", "LOCATION", "NRP"})

_WORD_BREAK = re.compile(r"[\s,]+")
_PUNCTUATION = ".,;:()[]\"“”‘’'"
_NAME_GAP = re.compile(r" ?| [A-Z]\.? ")
_LINE_END_FRAGMENT = re.compile(r"(?<![\w'’-])([A-Za-z]+)-{1,2}[^\S\n]*$")
_LINE_START_FRAGMENT = re.compile(r"[^\S\n]*-{1,2}[^\S\n]*([A-Za-z]+)\b")
_CUT_OFF = re.compile(r"(?<![\w'’-])([A-Z][A-Za-z]{3,})-+(?![\w])")
#: a self-repair: a cut-off start, then the whole word ("Peñ- Peña", "Gu- Guy")
_REPAIR = re.compile(r"(?<![\w'’-])([^\W\d_]+)-+[^\S\n]+([^\W\d_]+)")
_AS_IN = re.compile(r"\b([A-Za-z])\s+(?:as\s+in|like\s+in|like)\s+[A-Za-z]+")
_ID_TOKEN = re.compile(r"[A-Za-z]+|\d+")

#: After a sentence-initial common-word name part, words that make it the subject person:
#: "Hope was my best friend", "Destiny and I got married", "King did nothing"; spelled: "Young, Y as in
#: yellow, O-U-N-G"; addressed: "Will, go ahead"; with an age beside it: "Young, age forty-three, was".
_PERSON_SUBJECT = re.compile(
    r"(?:'s\b| and (?:I|me|my|his|her|their|our)\b|,[ ](?:my|his|her|our|their)[ ]|,[ ](?:[A-Z][ ](?:as[ ]in|like)[ ][a-zA-Z]+,?[ ])?(?:[A-Z][ -]){2,}"
    r"|,[ ](?:go ahead|please|thank you|you|your|would you|could you|can you|do you|did you)\b"
    r"|,[ ](?:age[ ]|aged[ ]|a[ ](?:\d+|[a-z]+(?:-[a-z]+)?)-year-old\b|\d{1,3},)"
    r"| (?:was|did|got|had|said|told|called|wrote|came|went|took|gave|"
    r"died|passed|lived|lives|worked|works|helped|drove|shot|stabbed|pulled|knew|never|always|"
    r"would|will|could|should|wanted|loved|used|grew|asked|left|started|tried|kept|missed|meant|deserved|"
    r"wants|loves|misses|visits|says|brings|plays|writes|calls|prays|thinks|knows|needs)\b)"
)
#: an age said of the word right before: a person ("Sofia is four.", "Mateo is now 6 years old")
_AGE_AFTER = re.compile(
    rf"[ ]is[ ](?:now[ ])?(?:\d{{1,2}}|{NUMBER_WORD_STEM})(?:[ ]years[ ]old)?(?=[.,;!?]|[ ](?:now|and)\b)")

#: A speaker giving their own full name right before it (``My name is Lucinda Black``).
_SELF_INTRO = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in vocabulary.SELF_INTRODUCTIONS) + r")[ ]+$", re.I)
#: the speaker's own nickname follows: "Back home they called me Junebug", "everybody calls me Rudy", "I go by Tiny"
#: what may open an utterance before a speaker states their name: "Yes.", "Good morning,"
_OPENERS = re.compile(r"[ ]*(?:(?:yes|yeah|okay|sure|hi|hello|good[ ](?:morning|afternoon))(?:,?[ ](?:sir|ma['’]am))?[,.!]?[ ]+)?",
                      re.IGNORECASE)
#: a full name said for the record ends its sentence or is spelled next ("Daniel Ortega, O-R-T-E-G-A.")
_FOR_THE_RECORD = re.compile(r"[ ]*(?:[.]|,?[ ]*(?=\n|$)|,[ ]*[A-Z](?:-[A-Z])+\b|,[ ]*[A-Z][ ]as[ ]in\b)")


def states_own_name(text: str, start: int, end: int) -> frozenset[str]:
    """The (case-folded) words of the speaker tag when the speaker says their own name for the record,
    else none: the full name ``text[start:end]`` opens the utterance of a tag bearing its surname and
    ends its sentence or is spelled next (``MS. LOPEZ: Yes. Elena Lopez, L-O-P-E-Z.``, not
    ``MS. LOPEZ: Jennifer Lopez was my daughter``); under a tag of a role only (``VICTIM'S NEXT OF KIN 2:``) any full
    name so said."""
    tag = speaker_tag(text, line_start(text, start))
    if tag is None or not _OPENERS.fullmatch(text, tag.end(), start):
        return frozenset()
    tokens = _name_tokens(text[start:end])
    said = frozenset(word.strip(".'’").casefold() for word in tag.group("tag").split())
    own = len(tokens) > 1 and (tokens[-1] in said or role_only(tag.group("tag"))) and bool(_FOR_THE_RECORD.match(text, end))
    return said if own else frozenset()


#: A bare surname addressed at the start of an utterance (``Ms. Black, you may now``) or named as the one
#: who gave a statement (``the statement of Mr. Delgado``): a person present at the hearing.
#: ``Mr|Mrs|Ms|Miss``: the courtesy titles, in the patterns below and in :mod:`anonymizer.normalize.people`
_COURTESY = "|".join(vocabulary.COURTESY_TITLES)
_ADDRESSED = re.compile(rf"(?:^|:[ ]+|[.?!][ ]+)(?P<title>{_COURTESY})\.?[ ]$")
#: said of someone present: "Ms. Hayes is here as next of kin", "Mr. Okafor is also present"
_PRESENT_AFTER = re.compile(
    r"[ ](?:is|are)[ ](?:(?:also|still)[ ])?(?:here|present|with[ ]us|on[ ]the[ ](?:line|phone))\b")
_STATEMENT_OF = re.compile(r"\b(?:" + "|".join(vocabulary.SPEAKER_NOUNS) + rf") of (?:{_COURTESY})\.?[ ]$")
#: A first name addressed at the start of an utterance (``Georgia, go ahead.``).
_FIRST_NAME_ADDRESSED = re.compile(r"[ ]*([A-Z][a-z]+),[ ]")
#: a question about someone else's name ("how is the victim's last name spelled?"), not "your name"
_ANOTHERS_NAME = re.compile(
    r"^(?!.*\byour[ ](?:\w+[ ])?name\b).*\b(?:victim|decedent|his|her|their|\w+['’]s)[ ](?:last[ ]|first[ ]|family[ ]|sur)?name\b",
    re.IGNORECASE,
)
_TITLE_BEFORE = re.compile(rf"\b({_COURTESY})\.?[ ]$", re.IGNORECASE)


def title_before(text: str, start: int) -> re.Match[str] | None:
    """The courtesy title right before ``start`` (group 1: ``Mr``, ``Señorita``), if any."""
    return _TITLE_BEFORE.search(text, max(0, start - 11), start)
#: a title of a profession or a rank right before a name (``Dr. Lee``, ``Officer Tran``): group 1
PROFESSION_BEFORE = re.compile(
    r"(?<![\w'’-])(" + "|".join(map(re.escape, vocabulary.PROFESSION_TITLES)) + r")\.?[ ]$", re.IGNORECASE)
#: a hearing's role right before a name (``Commissioner Lee``): a title page's participant
PARTICIPANT_BEFORE = re.compile(r"(?<![\w'’-])(?:" + "|".join(vocabulary.PARTICIPANT_TITLES) + r")[ ]$", re.IGNORECASE)
#: the hearing naming the victim: "The victim, Tuan Guy,", "the victim's name was Tuan Guy", "The victim in this case
#: was Hope Alvarez"
_VICTIM_BEFORE = re.compile(  # "The victim ... was his wife, María Gutiérrez"; "The victims were X and his wife, Y"
    r"\b(?:victims?|decedent)(?:[ ]in[ ]this[ ](?:case|matter|crime))?(?:,|[ ](?:was|is|were|are)|['’]s[ ]name[ ](?:is|was))?"
    r"(?:[ ](?-i:[A-Z])[\w.'’-]*(?:[ ](?-i:[A-Z])[\w.'’-]*){1,3}[ ]and)?(?:[ ](?:his|her|their|your|my)[ ][a-z]+,)?(?:[ ](?:mr|mrs|ms|miss)\.?)?[ ]$",
    re.IGNORECASE)
#: a surname thanked with a title: someone present ("Thank you, Mr. Guy.")
_THANKED = re.compile(rf"\b(?:thank[ ]you|thanks),?[ ](?P<title>{_COURTESY})\.?[ ]$", re.IGNORECASE)
#: what is said of a person, never of a place: "the loss of Young", "the murder of Hope"
_LOSS_OF = re.compile(r"\b(?:loss|death|murder|killing|memory|passing|funeral)[ ]of[ ]$", re.IGNORECASE)
#: "of" right before a word: a place's context when the word is a place ("the King of Jordan")
_OF_BEFORE = re.compile(r"\bof[ ]$")
#: "and I" right after a name: someone the speaker did something with ("Faith and I got married")
_WITH_SPEAKER = re.compile(r"[ ]and[ ](?:I|me)\b")
_POSSESSIVE_AFTER = re.compile(r"['’]s?\b")
#: a surname addressed with a title at the start of an utterance or of a sentence in it (``Mr. Love,
#: please.``, ``Thank you, sir. Ms. Love, you are his wife?``, ``Ms. Love?``): search an utterance's text
_TITLE_ADDRESSED = re.compile(rf"(?:^[ ]*|[.?!][ ]+)({_COURTESY})\.?[ ]([^\W\d_][\w'’-]*)(?:,[ ]|\?)")
#: a name part this long may have one letter written wrong (``Mandoza`` for ``Mendoza``)
_MIN_SLIP_LEN = 7
#: a shorter one (5+ letters) one vowel for another (``Ochea`` for ``Ochoa``)
_MIN_VOWEL_SLIP_LEN = 5
_VOWELS = frozenset("aeiouy")


def _slip(token: str, key: str) -> bool:
    """One letter written wrong inside a name part of the same length and first letter: any letter
    in a long part (``mandoza``/``mendoza``), a vowel for a vowel in a shorter one (``ochea``/``ochoa``);
    never the last letter, nor between two Census first names (``julio``/``julia``, ``roberto``/``roberta``:
    two people)."""
    if len(token) != len(key) or len(token) < _MIN_VOWEL_SLIP_LEN or token[0] != key[0]:
        return False
    wrong = [i for i, (a, b) in enumerate(zip(token, key)) if a != b]
    if len(wrong) != 1 or wrong[0] == len(token) - 1:
        return False
    if token in gazetteer.first_names() and key in gazetteer.first_names():
        return False
    return len(token) >= _MIN_SLIP_LEN or {token[wrong[0]], key[wrong[0]]} <= _VOWELS


def _letters(surface: str) -> str:
    """The letters of a spelled name, case-folded (``H as in Henry, O-P-E`` -> ``hasinhenryope``,
    ``Y-O-U-N-G`` -> ``young``)."""
    return "".join(c for c in surface if c.isalpha()).casefold()


# ---------------------------------------------------------------------------
# small text helpers
# ---------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _name_words(surface: str) -> tuple[str, ...]:
    """The name parts of a person mention as written (no titles, initials, suffixes, possessive)."""
    titles = _vocabulary().titles
    words: list[str] = []
    for raw in _WORD_BREAK.split(surface):
        word = vocabulary.strip_possessive(raw.strip(_PUNCTUATION)).strip(_PUNCTUATION + "-")
        folded = word.casefold()
        if len(word) >= 2 and word[0].isalpha() and folded not in titles and folded not in _SUFFIXES:
            words.append(word)
    if len(words) > 2 and words[-1].casefold() in vocabulary.SPELLED_NAME_SUFFIXES:
        words.pop()  # "Patrick Doyle Senior": Patrick Doyle, the father
    return tuple(words)


def _name_tokens(surface: str) -> list[str]:
    """Case-folded name parts of a person mention."""
    return [word.casefold() for word in _name_words(surface)]


def _name_suffix(surface: str) -> str:
    """``"Robert Young Sr."`` -> ``"sr"``; ``""`` without a suffix."""
    words = surface.replace(",", " ").split()
    last = words[-1].strip(".").casefold() if len(words) > 1 else ""
    last = vocabulary.SPELLED_NAME_SUFFIXES.get(last, last) if len(words) > 2 else last
    return last if last in vocabulary.NAME_SUFFIXES else ""


def _clean_surface(surface: str) -> str:
    """``Mr. Kevin Richardson's,`` -> ``Kevin Richardson`` (leading titles, possessive off)."""
    words = surface.split()
    while words and words[0].strip(".,").casefold() in _vocabulary().titles:
        words.pop(0)
    return vocabulary.strip_possessive(" ".join(words).strip(" .,;:()[]\"“”")).strip()


def _key_parts(token: str) -> list[str]:
    """A part and, for hyphenated parts, its pieces (``smith-jones``, ``smith``, ``jones``)."""
    pieces = [p for p in token.split("-") if len(p) >= 2]
    return [token, *pieces] if len(pieces) > 1 else [token]


def cdcr_key(surface: str) -> str:
    """Normalized CDCR number: ``"Victor 12345"``, ``"V-12345"``, ``"V as in Victor, 12345"`` -> ``"V12345"``."""
    parts: list[str] = []
    for token in _ID_TOKEN.findall(_AS_IN.sub(r"\1", surface)):
        if token.isdigit():
            parts.append(token)
        elif token.casefold() in _vocabulary().phonetic:
            parts.append(_vocabulary().phonetic[token.casefold()])
        elif len(token) <= 2:  # the letters of an id (AB1234); other words are dropped
            parts.append(token.upper())
    return "".join(parts)


def _cdcr_variants(key: str) -> list[str]:
    """Written variants of a normalized CDCR number: ``V12345``, ``V-12345``, ``V 12345``, ``Victor 12345``."""
    match = re.fullmatch(r"([A-Z]+)(\d+)", key)
    if not match:
        return [key]
    letters, digits = match.groups()
    variants = [key, f"{letters}-{digits}", f"{letters} {digits}"]
    if len(letters) == 1 and letters in vocabulary.nato_words():
        variants.append(f"{vocabulary.nato_words()[letters]} {digits}")
    return variants


def _surface_key(label: str, surface: str) -> str:
    """Grouping key of a non-person mention."""
    if label == "CDCR_ID":
        return cdcr_key(surface) or surface.casefold()
    if label == "PHONE_NUMBER":
        digits = re.sub(r"\D", "", surface)
        return digits[1:] if len(digits) == 11 and digits.startswith("1") else digits
    folded = " ".join(vocabulary.strip_possessive(surface.strip(" .,;:()\"“”")).split()).casefold()
    if label in _FUZZY_LABELS and folded.startswith("the "):
        folded = folded[4:]
    return folded


# ---------------------------------------------------------------------------
# person mentions before grouping
# ---------------------------------------------------------------------------

#: a Title-case word right before a mention, inside a sentence (after a small letter or a comma)
_WORD_BEFORE = re.compile(r"(?<=[a-z,;])[ ]([A-Z][a-z]+)[ ]$")


def _join_adjacent_names(text: str, mentions: list[Mention], same_entity: bool) -> list[Mention]:
    """Join consecutive PERSON mentions separated by a space or an initial (``Kevin L. Richardson``)."""
    out: list[Mention] = []
    for mention in mentions:
        last = out[-1] if out else None
        if (
            last is not None
            and last.label == mention.label == "PERSON"
            and (not same_entity or last.entity == mention.entity)
            and _NAME_GAP.fullmatch(text, last.end, mention.start)
        ):
            out[-1] = unite([last, mention])
        else:
            out.append(mention)
    return out


#: the quotes around a nickname between a first name and a surname (``Andre "Dre" Fontaine``)
_NICK_OPEN = re.compile(rf"[ ]{OPEN_QUOTE}")
_NICK_CLOSE = re.compile(rf"{CLOSE_QUOTE}[ ]")


#: between a full name and another name of the same person (``, also known as "``, `` aka ``, `` (a/k/a ``)
_ALIAS = re.compile(rf",?[ ]\(?(?i:(?:also|formerly)[ ]known[ ]as|aka|a\.k\.a\.|a/k/a|f/k/a)(?:[ ]?{OPEN_QUOTE})?")


def nicknamed_names(text: str, mentions: list[Mention]) -> dict[int, str]:
    """Start of each piece of a name with a nickname in quotes between its parts -> the whole name without
    its quotes (``Andre "Dre" Fontaine``: each of the three pieces is ``Andre Dre Fontaine``, one person); a full
    name and the alias after it (``Darnell Hollingsworth, also known as "Boo"``) -> both together."""
    people = [m for m in mentions if m.label == "PERSON"]
    whole: dict[int, str] = {}
    for first, nick, last in zip(people, people[1:], people[2:]):
        if _NICK_OPEN.fullmatch(text, first.end, nick.start) and _NICK_CLOSE.fullmatch(text, nick.end, last.start):
            name = " ".join(text[m.start:m.end] for m in (first, nick, last))
            whole.update({m.start: name for m in (first, nick, last)})
    surnames: dict[int, int] = {}  # a record's given names' start -> its surname's before them
    for surname, given in zip(people, people[1:]):  # "MARQUEZ, Anthony Luis": a record's surname first, one person
        words = text[given.start:given.end].split()
        if surname.start not in whole and text[surname.start:surname.end].isupper() and " " not in \
                text[surname.start:surname.end] and text.startswith(", ", surname.end) and given.start == surname.end + 2 \
                and len(words) <= 3 and not words[0].isupper() and words[0].casefold() in gazetteer.first_names():
            whole[surname.start] = whole[given.start] = f"{' '.join(words)} {text[surname.start:surname.end].title()}"
            surnames[given.start] = surname.start
    for name, alias in zip(people, people[1:]):  # "Darnell Hollingsworth, also known as "Boo"": one person
        between = " ".join(text[name.end:alias.start].replace(")", " ").split())  # a caption box's brackets too
        named = whole.get(name.start, "") if name.start in surnames else text[name.start:name.end]
        if (name.start not in whole or name.start in surnames) and len(_name_words(named)) > 1 \
                and _ALIAS.fullmatch(between if between[:1] == "," else f" {between}"):
            first, *rest = named.split()  # the alias after the first name, as a nickname is
            other = [w for w in text[alias.start:alias.end].split() if w.casefold() not in map(str.casefold, rest)]
            alias_name = " ".join([first, *other[other[:1] == [first]:], *rest])
            whole.update({start: alias_name for start in (name.start, alias.start, surnames.get(name.start, name.start))})
    return whole


def _tagger_piece(mention: Mention) -> bool:
    """An organization or place only a statistical tagger saw."""
    return mention.label in ("ORGANIZATION", "LOCATION") and set(mention.sources) <= NER_SOURCES - {"presidio"}


def _with_first_names(text: str, mentions: list[Mention]) -> list[Mention]:
    """Widen a lone surname to the Census first name written right before it inside a sentence
    (``The victim, Young Little``): the tagger leaves out a first name that is also a common word
    (Young, Will, Hope), and without it the person is taken for a namesake of the family."""
    out: list[Mention] = []
    titles = _vocabulary().titles
    for mention in mentions:
        if mention.label == "PERSON" and len(_name_words(text[mention.start : mention.end])) == 1:
            match = _WORD_BEFORE.search(text, max(0, mention.start - 30), mention.start)
            if (
                match
                and match.group(1).casefold() in gazetteer.first_names()
                and match.group(1).casefold() not in titles
                and not in_speaker_tag(text, mention.start)
            ):
                before = out[-1] if out else None
                if before is not None and (before.start, before.end) == match.span(1) and _tagger_piece(before):
                    out.pop()  # the rest of the tagger's "Young Little" ORGANIZATION, cut off by the surname
                    before = out[-1] if out else None
                if before is None or before.end <= match.start(1):
                    mention = replace(mention, start=match.start(1))
            elif out and _tagger_first_name(text, out[-1], mention):
                mention = replace(mention, start=out.pop().start)  # "Soo-jin Singh is doing good now"
        out.append(mention)
    return out


def _tagger_first_name(text: str, before: Mention, mention: Mention) -> bool:
    """Whether the tagger's one-word organization or place right before a lone surname (one space
    between) is a first name: no plain word, no place, no organization's word, and a census first
    name or no dictionary word ("Soo-jin" of "Soo-jin Singh")."""
    word = text[before.start : before.end]
    if not (_tagger_piece(before) and text[before.end : mention.start] == " " and " " not in word) \
            or in_speaker_tag(text, mention.start):
        return False
    return tagger_persons.may_be_first_name(word) and not gazetteer.is_known_place(word)


_PLACE_ENDINGS = frozenset(suffix.casefold().rstrip(".") for suffix in vocabulary.STREET_SUFFIXES)


def _one_label_per_name(text: str, mentions: list[Mention]) -> list[Mention]:
    """A name of two or more words that the tagger alone calls a place here and an organization
    there ("accepted at New Way of Life" / "maybe with New Way of Life") takes one label: LOCATION
    when the gazetteers know it as a place or it ends with a street word, else ORGANIZATION (a
    program or business "at" which someone is reads as a place to the tagger)."""
    tagger = NER_SOURCES - {"presidio"}
    names = {i: _clean_surface(text[m.start : m.end]) for i, m in enumerate(mentions)
             if m.label in _FUZZY_LABELS and set(m.sources) <= tagger}  # the tagger's places and organizations
    labels: dict[str, set[str]] = {}
    for i, surface in names.items():
        if len(surface.split()) > 1:
            labels.setdefault(surface.casefold(), set()).add(mentions[i].label)
    mixed = {key for key, seen in labels.items() if len(seen) > 1}
    if not mixed:
        return mentions
    out = list(mentions)
    for i, surface in names.items():
        if surface.casefold() in mixed:
            place = gazetteer.place_category(surface) is not None or surface.split()[-1].casefold().rstrip(".") in _PLACE_ENDINGS
            out[i] = replace(mentions[i], label="LOCATION" if place else "ORGANIZATION")
    return out


def surname_first(core: list[str]) -> bool:
    """Whether a person's name parts (case-folded) read surname first: a surname of Korea, China or Vietnam, then a
    hyphenated given name (``park soo-jin``), a Vietnamese middle name (``tran thi mai``) or a pinyin one (``liu xiaoming``)."""
    return len(core) > 1 and core[0] in vocabulary.SURNAME_FIRST_SURNAMES and (
        any("-" in part for part in core[1:]) or (len(core) == 3 and core[1] in vocabulary.VIETNAMESE_MIDDLE_NAMES)
        or (len(core) == 2 and bool(vocabulary.PINYIN_GIVEN_NAME.fullmatch(core[1])) and core[1] not in gazetteer.first_names()))

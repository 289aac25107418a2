"""Entity normalization (NEN): group mentions into referents and re-scan the text.

After the Danish court-order anonymizer (seed 003): every detected name becomes a *type*
(its surface forms and name parts), each mention is linked to one referent, and the whole
text is searched again for every surface form so that occurrences the detectors missed
are tagged too (confidence 3, for the reviewer).

Grouping rules
--------------
* **Persons.**  The title-page names (``Header.person_names()``: inmate, participants,
  transcriber) and every multi-part PERSON mention define persons.  A multi-part mention
  joins a known person when all its parts match the person's parts, or all the person's
  parts occur in it (a middle name is then added).  Titles (``Mr.``, ``Commissioner``,
  the lexicon's one-word titles), initials, suffixes (``Jr.``) and possessives are
  ignored.  Adjacent PERSON mentions (``Robert`` + ``Young``, at most an initial between
  them) are joined *before* grouping so a full name is never split between two persons.
* A part *matches* a person key when it is equal (case-folded), else a misspelling
  (``rapidfuzz.fuzz.ratio`` >= ``Config.fuzzy_threshold``, both at least 5 letters, same
  first letter: ``Stevenston`` -> ``Stevenson``), else a cut-off prefix of at least 4
  letters (``Hernan`` -> ``Hernandez``).  Exact matches beat misspellings beat prefixes.
* **Ambiguity** (two persons share a part: the inmate ``Kevin Young`` and his brother
  ``Robert Young``; a victim and the next of kin on the title page): a single part goes
  to the inmate, else to the person with most mentions so far, else to the title-page
  person (title-page order), else to the earliest.  Parts that fit one person only are
  linked first, so the counts are meaningful when the ambiguous ones are decided.
* **Spelled names** (``R-I-C-H-A-R-D-S-O-N``) join the person having that part (one
  letter slip tolerated for 4+ letters), else start a person of their own.  They keep
  the SPELLED_NAME label; the entity is PERSON.
* **Label repair.**  A one-word ORGANIZATION/LOCATION/NRP mention found only by statistical
  NER tools (not by a rule recognizer) whose word is a part of a title-page person or of a
  full name (not a common word) becomes a PERSON mention of that person (spaCy's
  ``Yamamoto`` tagged ORG); a word only ever tagged alone (``Stockton``) is not enough.
* **Other labels** group by a normalized key: CDCR ids by letters + digits with phonetic
  words reduced to their letter (``Victor 12345`` == ``V-12345`` == ``V12345``); phone
  numbers by digits; everything else by the case-folded form (ORGANIZATION and LOCATION
  also fuzzily, ratio >= 92, same first letter).

Re-scan
-------
One compiled regex (a character trie of all forms, so the longest form wins at every
position) finds every surface form of every entity as a whole word: PERSON full names
and parts (including misspelled and cut-off variants), the title-page names, spelled
names, CDCR ids in their written variants, ORGANIZATION/LOCATION/NRP names; each in the
case seen, Title case and UPPER case.  A following possessive ``'s`` stays outside the
span.  One-word forms are searched capitalised only.  A part that is also a common word
(spaCy stop words, the packaged ``name_words.txt``) counts in Title
case only mid-sentence, in UPPER case only in a speaker tag, and otherwise only right
next to another part of the same person (``Mark`` in ``Mark Stevenston``).  Forms
shorter than 3 characters and whitelisted terms are not searched, and hits inside a
whitelisted phrase of the text (``California Code of Regulations``) are dropped.
Cut-off names (``Hernan-``) and names split across two utterances of one speaker
(``Ro-`` ... ``-berto``) are linked to the person whose part they complete.

A hit overlapping a mention of another entity is dropped, except a multi-part full name
of a person that contains only PERSON mentions (``Robert Young`` over a ``Young`` linked
to the inmate).  A hit overlapping mentions of its own entity extends them (``Kevin`` ->
``Kevin Richardson``).  Finally touching PERSON mentions of one entity are joined.

Confidence: 1 = header, rule or manual source, or two distinct NER tools; 2 = one NER
tool; 3 = re-scan / fuzzy only.  The input is expected sorted and non-overlapping (the
output of :func:`anonymizer.merge.merge`); overlapping input is passed through ``merge``.
"""
from __future__ import annotations

import re
import sys
from bisect import bisect_left, bisect_right, insort
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein
from spacy.lang.en.stop_words import STOP_WORDS

from . import lexicon, vocabulary
from . import spans
from .merge import merge
from .spans import Protected
from .transcript import in_speaker_tag as _in_speaker_tag
from .transcript import line_start as _line_start
from .transcript import speaker_tag
from .resolve import NER_SOURCES, confidence_of, unite
from .types import Config, Entity, Header, Mention

__all__ = ["cdcr_key", "confidence_of", "normalize"]


#: Title and role words dropped from person names (the lexicon's titles are added).
_BASE_TITLES = vocabulary.PERSON_TITLE_WORDS
_SUFFIXES = vocabulary.NAME_SUFFIXES
#: Abbreviations whose dot does not end a sentence ("Mr. Young").
_ABBREVIATIONS = vocabulary.ABBREVIATIONS


@dataclass(frozen=True, slots=True)
class _Vocabulary:
    titles: frozenset[str]
    common: frozenset[str]  # stop words and name words: guarded in the re-scan
    phonetic: dict[str, str]


@lru_cache(maxsize=1)
def _vocabulary() -> _Vocabulary:
    """Word lists of ``anonymizer.lexicon`` plus the role words above."""
    titles = set(_BASE_TITLES) | {t.strip(".").casefold() for t in lexicon.titles() if " " not in t}
    common = {w.casefold() for w in STOP_WORDS} | lexicon.name_words()
    return _Vocabulary(frozenset(titles), frozenset(common), dict(lexicon.phonetic_alphabet()))



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
    return tuple(words)


def _name_tokens(surface: str) -> list[str]:
    """Case-folded name parts of a person mention."""
    return [word.casefold() for word in _name_words(surface)]


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


def _sentence_initial(text: str, start: int) -> bool:
    """True when ``start`` opens a sentence (line start, after ``.?!:;`` or a dash)."""
    before = text[_line_start(text, start) : start].rstrip().rstrip("\"'“‘([")
    if not before:
        return True
    if before[-1] == ".":
        last = before[:-1].rsplit(None, 1)[-1] if before[:-1].strip() else ""
        return not (len(last) == 1 or last.casefold() in _ABBREVIATIONS)
    return before[-1] in "?!:;—-"


# ---------------------------------------------------------------------------
# grouping
# ---------------------------------------------------------------------------


@dataclass(eq=False)
class _Group:
    """A referent under construction."""

    label: str
    key: str = ""
    core: list[str] = field(default_factory=list)  # PERSON: name parts (case-folded), in order
    keys: dict[str, None] = field(default_factory=dict)  # PERSON: every part/variant linking here
    title_form: str | None = None  # PERSON: the title-page name
    header_rank: int = _OFF_TITLE
    inmate: bool = False
    count: int = 0
    first: int = sys.maxsize

    def rank(self) -> tuple[int, int, int, int]:
        """Lower is preferred on ambiguity: the inmate, then most mentions so far, then title
        page (in its order), then first seen."""
        return (0 if self.inmate else 1, -self.count, self.header_rank, self.first)

    def see(self, start: int) -> None:
        self.count += 1
        self.first = min(self.first, start)


class _People:
    """Person groups and the index of their name parts."""

    def __init__(self, groups: list[_Group], threshold: float) -> None:
        self.groups = groups
        self.threshold = threshold
        self.index: dict[str, list[int]] = {}  # key -> person groups, in creation order
        self._keys: list[str] = []  # every key, in insertion order (fuzzy search)
        self._sorted_keys: list[str] = []  # every key, sorted (prefix search)

    def create(self, tokens: Sequence[str], header_rank: int = _OFF_TITLE) -> int:
        gid = len(self.groups)
        self.groups.append(_Group(label="PERSON", core=list(dict.fromkeys(tokens)), header_rank=header_rank))
        for token in tokens:
            self.add_key(gid, token)
        return gid

    def add_key(self, gid: int, token: str) -> None:
        for key in _key_parts(token):
            if key not in self.groups[gid].keys:
                self.groups[gid].keys[key] = None
                if key not in self.index:
                    self._keys.append(key)
                    insort(self._sorted_keys, key)
                self.index.setdefault(key, []).append(gid)

    def best(self, gids: Iterable[int]) -> int:
        return min(gids, key=lambda g: (self.groups[g].rank(), g))

    def _fuzzy_keys(self, token: str) -> list[str]:
        if len(token) < _MIN_FUZZY_LEN:
            return []
        found = process.extract(token, self._keys, scorer=fuzz.ratio, score_cutoff=self.threshold, limit=None)
        return [key for key, _, _ in found if len(key) >= _MIN_FUZZY_LEN and key[0] == token[0]]

    def _longer_keys(self, prefix: str) -> list[str]:
        """Keys that ``prefix`` (4+ letters) cuts off: ``hernan`` -> ``hernandez``."""
        if len(prefix) < _MIN_PREFIX_LEN:
            return []
        found: list[str] = []
        for key in self._sorted_keys[bisect_right(self._sorted_keys, prefix) :]:
            if not key.startswith(prefix):
                break
            found.append(key)
        return found

    def candidates(self, token: str) -> list[int]:
        """Persons a part links to: exact, else misspelled, else cut-off prefix matches."""
        if token in self.index:
            return list(self.index[token])
        for keys in (self._fuzzy_keys(token), self._longer_keys(token)):
            if keys:
                return list(dict.fromkeys(g for key in keys for g in self.index[key]))
        return []

    def level(self, token: str, gid: int) -> int:
        """3 exact, 2 misspelled, 1 prefix, 0 no match of ``token`` against person ``gid``."""
        keys = self.groups[gid].keys
        if token in keys:
            return 3
        return max((_pair_level(token, key, self.threshold) for key in keys), default=0)

    def link_name(self, tokens: list[str]) -> int | None:
        """Person a multi-part name belongs to (parts subset or superset), if any."""
        best: tuple | None = None
        for gid in dict.fromkeys(g for token in tokens for g in self.candidates(token)):
            levels = [self.level(token, gid) for token in tokens]
            subset = all(levels)
            superset = all(
                any(_pair_level(token, part, self.threshold) for token in tokens) for part in self.groups[gid].core
            )
            if subset or superset:
                key = (-sum(levels), self.groups[gid].rank(), gid)
                if best is None or key < best:
                    best = key
        return None if best is None else best[-1]

    def absorb(self, gid: int, tokens: list[str]) -> None:
        """Add a linked name's parts: unmatched ones are new parts, variants become keys."""
        for token in tokens:
            if self.level(token, gid) == 0:
                self.groups[gid].core.append(token)
            self.add_key(gid, token)

    def link_letters(self, letters: str) -> int | None:
        """Person owning a spelled-out part (one letter slip tolerated for 4+ letters)."""
        if letters in self.index:
            return self.best(self.index[letters])
        if len(letters) < _MIN_PREFIX_LEN:
            return None
        found = process.extract(letters, self._keys, scorer=Levenshtein.distance, score_cutoff=1, limit=None)
        gids = [g for key, _, _ in found if len(key) >= _MIN_PREFIX_LEN for g in self.index[key]]
        return self.best(gids) if gids else None


def _pair_level(token: str, key: str, threshold: float) -> int:
    if token == key:
        return 3
    if (
        len(token) >= _MIN_FUZZY_LEN
        and len(key) >= _MIN_FUZZY_LEN
        and token[0] == key[0]
        and fuzz.ratio(token, key) >= threshold
    ):
        return 2
    short, long_ = sorted((token, key), key=len)
    return 1 if len(short) >= _MIN_PREFIX_LEN and long_.startswith(short) else 0


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


class _Grouper:
    """Assigns each input mention to a group (step 1-3 of the module doc)."""

    def __init__(self, text: str, config: Config) -> None:
        self.text = text
        self.groups: list[_Group] = []
        self.people = _People(self.groups, config.fuzzy_threshold)
        self._by_key: dict[tuple[str, str], int] = {}
        self._keys_by_label: dict[str, list[str]] = {}

    def run(self, mentions: list[Mention], header: Header | None) -> list[tuple[int, str]]:
        """Group and label of every mention.

        Order: title-page persons, full names (most parts first), spelled names, single
        parts that fit at most one person, ambiguous single parts, then the other labels.
        """
        for rank, name in enumerate(header.person_names() if header else ()):
            self._title_person(name, rank, inmate=name == header.inmate_name)
        assigned: dict[int, tuple[int, str]] = {}
        tokens_of = {i: _name_tokens(self._surface(m)) for i, m in enumerate(mentions) if m.label == "PERSON"}
        full_names = sorted((i for i, t in tokens_of.items() if len(t) > 1), key=lambda i: (-len(tokens_of[i]), i))
        for i in full_names:
            assigned[i] = self._see(self._person_name(tokens_of[i]), mentions[i])
        for i, mention in enumerate(mentions):
            if mention.label == "SPELLED_NAME":
                assigned[i] = self._see(self._spelled(self._surface(mention)), mention)
        parts = [i for i in tokens_of if i not in assigned]
        ambiguous = {i for i in parts if tokens_of[i] and len(self.people.candidates(tokens_of[i][0])) > 1}
        for i in [i for i in parts if i not in ambiguous] + sorted(ambiguous):
            assigned[i] = self._see(self._person_part(tokens_of[i]), mentions[i])
        for i, mention in enumerate(mentions):
            if i not in assigned:
                assigned[i] = self._see(self._other(mention), mention)
        return [assigned[i] for i in range(len(mentions))]

    def _title_person(self, name: str, rank: int, inmate: bool) -> None:
        tokens = _name_tokens(name)
        if not tokens:
            return
        gid = self.people.link_name(tokens)
        if gid is None:
            gid = self.people.create(tokens, header_rank=rank)
        group = self.groups[gid]
        group.title_form = group.title_form or _clean_surface(name)
        group.inmate = group.inmate or inmate

    def _see(self, gid: int, mention: Mention) -> tuple[int, str]:
        group = self.groups[gid]
        group.see(mention.start)
        return gid, "PERSON" if mention.label != "SPELLED_NAME" and group.label == "PERSON" else mention.label

    def _surface(self, mention: Mention) -> str:
        return self.text[mention.start : mention.end]

    def _person_name(self, tokens: list[str]) -> int:
        gid = self.people.link_name(tokens)
        if gid is None:
            return self.people.create(tokens)
        self.people.absorb(gid, tokens)
        return gid

    def _person_part(self, tokens: list[str]) -> int:
        if not tokens:  # e.g. a bare title tagged as a person: its own, never re-scanned
            return self.people.create([])
        gids = self.people.candidates(tokens[0])
        if not gids:
            return self.people.create(tokens)
        gid = self.people.best(gids)
        self.people.add_key(gid, tokens[0])
        return gid

    def _established(self, token: str) -> bool:
        """Whether ``token`` is a part of a title-page person or of a full name (not just a lone tagged word)."""
        return any(
            self.groups[gid].header_rank != _OFF_TITLE or len(self.groups[gid].core) > 1
            for gid in self.people.candidates(token)
        )

    def _spelled(self, surface: str) -> int:
        letters = "".join(c for c in surface if c.isalpha()).casefold()
        gid = self.people.link_letters(letters) if len(letters) >= 2 else None
        return gid if gid is not None else self.people.create([letters] if len(letters) >= 2 else [])

    def _other(self, mention: Mention) -> int:
        """Group of a non-person mention; a lone NER-tagged word that is a known, uncommon
        name part is taken as that person (``Yamamoto`` tagged ORGANIZATION)."""
        surface = self._surface(mention)
        label = mention.label
        tokens = _name_tokens(surface)
        if (
            label in _RELABEL_LABELS
            and len(tokens) == 1
            and len(surface.split()) == 1
            and tokens[0] in self.people.index
            and tokens[0] not in _vocabulary().common
            and set(mention.sources) <= NER_SOURCES - {"presidio"}
            and self._established(tokens[0])
        ):
            return self._person_part(tokens)
        key = _surface_key(label, surface)
        gid = self._by_key.get((label, key))
        if gid is None and label in _FUZZY_LABELS and len(key) >= _MIN_FUZZY_LEN:
            keys = self._keys_by_label.get(label, [])
            for match, _, _ in process.extract(
                key, keys, scorer=fuzz.ratio, score_cutoff=_ORG_LOC_THRESHOLD, limit=None
            ):
                if match[0] == key[0]:
                    gid = self._by_key[(label, match)]
                    break
        if gid is None:
            gid = len(self.groups)
            self.groups.append(_Group(label=label, key=key))
            self._keys_by_label.setdefault(label, []).append(key)
        self._by_key[(label, key)] = gid
        return gid


# ---------------------------------------------------------------------------
# re-scan
# ---------------------------------------------------------------------------


def _trie_regex(forms: Iterable[str], flags: int = 0) -> re.Pattern[str] | None:
    """One whole-word alternation of ``forms``, written as a character trie.

    The trie keeps the pattern small and fast; greedy optional tails make the longest
    form win at every position.
    """
    alternation = lexicon.trie_alternation(forms)
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)", flags) if alternation else None


@dataclass(frozen=True, slots=True)
class _Target:
    group: int
    label: str
    spellings: frozenset[str]  # the exact case forms searched: as seen, Title, UPPER
    guarded: bool  # a single common word: case and sentence-position checks apply


class _FormIndex:
    """Every searchable form (lower case) -> its target, collisions resolved once."""

    def __init__(self, groups: list[_Group], whitelisted: Callable[[str], bool]) -> None:
        self.groups = groups
        self.whitelisted = whitelisted
        self._options: dict[str, dict[tuple[int, str], None]] = {}
        self._spellings: dict[str, set[str]] = {}

    def add(self, form: str, gid: int, label: str, case_variants: bool = True) -> None:
        form = form.strip()
        if not (_MIN_RESCAN_LEN <= len(form) <= _MAX_FORM_LEN) or self.whitelisted(form):
            return
        key = form.lower()
        spellings = {form, form.title(), form.upper()} if case_variants else {form, form.upper()}
        if " " not in form:  # a single word is searched capitalised only ("a young man", "present")
            spellings = {s for s in spellings if s[0].isupper()}
        if spellings:
            self._options.setdefault(key, {})[(gid, label)] = None
            self._spellings.setdefault(key, set()).update(spellings)

    def resolve(self, votes: Counter) -> dict[str, _Target]:
        """Pick one target per form: most mentions with that form, then the preferred group."""
        table: dict[str, _Target] = {}
        for key, options in self._options.items():
            gid, label = min(options, key=lambda o: (-votes[(key, o[0])], self.groups[o[0]].rank(), o[0]))
            guarded = " " not in key and key in _vocabulary().common
            table[key] = _Target(gid, label, frozenset(self._spellings[key]), guarded)
        return table


def _build_forms(
    text: str, mentions: list[Mention], groups: list[_Group], whitelisted: Callable[[str], bool]
) -> dict[str, _Target]:
    index = _FormIndex(groups, whitelisted)
    votes: Counter = Counter()
    seen_cases: dict[str, dict[str, None]] = {}
    for mention in mentions:
        group = groups[mention.entity]
        surface = text[mention.start : mention.end]
        if mention.label == "SPELLED_NAME":
            index.add(surface, mention.entity, "SPELLED_NAME", case_variants=False)
        elif mention.label == "PERSON":
            clean = _clean_surface(surface)
            votes[(clean.lower(), mention.entity)] += 1
            words = _name_words(clean)
            for word in words:
                seen_cases.setdefault(word.casefold(), {})[word] = None
            if len(words) > 1:
                index.add(clean, mention.entity, "PERSON")
        elif group.label in _RESCAN_LABELS:
            clean = _clean_surface(surface) if group.label != "CDCR_ID" else surface.strip()
            votes[(clean.lower(), mention.entity)] += 1
            index.add(clean, mention.entity, group.label)
    for gid, group in enumerate(groups):
        if group.label == "PERSON":
            if group.title_form and len(group.core) > 0:
                index.add(group.title_form, gid, "PERSON")
            for key in group.keys:
                for form in (key, *seen_cases.get(key, ())):
                    index.add(form, gid, "PERSON")
        elif group.label == "CDCR_ID":
            for variant in _cdcr_variants(group.key):
                index.add(variant, gid, "CDCR_ID", case_variants=False)
    return index.resolve(votes)


#: After a sentence-initial common-word name part, words that make it the subject person:
#: "Hope was my best friend", "Destiny and I got married", "King did nothing".
_PERSON_SUBJECT = re.compile(
    r"(?:'s\b| and (?:I|me|my)\b| (?:was|did|got|had|said|told|called|wrote|came|went|took|gave|"
    r"died|passed|lived|lives|worked|works|helped|drove|shot|stabbed|pulled|knew|never|always)\b)"
)


def _plausible(text: str, start: int, end: int, target: _Target) -> bool:
    """Common-word parts: Title case mid-sentence, or at the start of a sentence when a
    person verb follows ("Hope was my best friend"), or UPPER case in a speaker tag."""
    if not target.guarded:
        return True
    hit = text[start:end]
    if hit.isupper() and len(hit) > 1:
        return _in_speaker_tag(text, start)
    return not _sentence_initial(text, start) or bool(_PERSON_SUBJECT.match(text, end))


def _rescan_hits(text: str, table: dict[str, _Target]) -> tuple[list[Mention], list[Mention]]:
    """Hits of every form: (plausible ones, common-word ones kept only next to their own name)."""
    lowered = text.lower()
    # lower() only ever lengthens (U+0130); equal lengths keep offsets aligned, else ignore case
    aligned = len(lowered) == len(text)
    pattern = _trie_regex(table, 0 if aligned else re.IGNORECASE)
    hits: list[Mention] = []
    conditional: list[Mention] = []
    for match in pattern.finditer(lowered if aligned else text) if pattern else ():
        start, end = match.span()
        target = table[match.group().lower()]
        if text[start:end] not in target.spellings:
            continue
        hit = _rescan_mention(start, end, target.label, target.group)
        (hits if _plausible(text, start, end, target) else conditional).append(hit)
    return hits, conditional


def _outside(protected: Protected, hits: list[Mention]) -> list[Mention]:
    """``hits`` not lying inside a whitelisted phrase of the text (``California Code of Regulations``)."""
    return [hit for hit in hits if not protected.contains(hit.start, hit.end)]


def _rescue_next_to_name(text: str, mentions: list[Mention], conditional: list[Mention]) -> list[Mention]:
    """Add common-word hits that touch a PERSON mention of their entity (``Mark`` in ``Mark Stevenston``)."""
    starts = [m.start for m in mentions]
    added: list[Mention] = []
    for hit in conditional:
        at = bisect_left(starts, hit.start)
        before = mentions[at - 1] if at > 0 else None
        after = mentions[at] if at < len(mentions) else None
        if (before and before.end > hit.start) or (after and after.start < hit.end):
            continue
        if _touches_own_name(text, hit, before, left=True) or _touches_own_name(text, hit, after, left=False):
            added.append(hit)
    return sorted(mentions + added, key=lambda m: m.start) if added else mentions


def _touches_own_name(text: str, hit: Mention, neighbour: Mention | None, left: bool) -> bool:
    if neighbour is None or neighbour.label != "PERSON" or neighbour.entity != hit.entity:
        return False
    gap = (neighbour.end, hit.start) if left else (hit.end, neighbour.start)
    return _NAME_GAP.fullmatch(text, *gap) is not None


def _rescan_mention(start: int, end: int, label: str, gid: int) -> Mention:
    return Mention(start, end, label, _RESCAN_SOURCES, score=_RESCAN_SCORE, confidence=3, entity=gid)


def _fragment_hits(text: str, people: _People) -> list[Mention]:
    """Cut-off names (``Hernan-``, ``Peñ- Peña``) and names split across a speaker's utterances
    (``Ro-`` / ``-berto``)."""
    hits: list[Mention] = []
    for match in _CUT_OFF.finditer(text):
        token = match.group(1).casefold()
        if token in people.index or token in _vocabulary().common:
            continue
        gids = [g for g in people.candidates(token) if people.level(token, g) == 1]
        if gids:
            hits.append(_rescan_mention(match.start(1), match.end(1), "PERSON", people.best(gids)))
    for match in _REPAIR.finditer(text):
        cut, whole = match.group(1).casefold(), match.group(2).casefold()
        if whole.startswith(cut) and cut != whole and people.index.get(whole):
            hits.append(_rescan_mention(match.start(1), match.end(1), "PERSON", people.best(people.index[whole])))
    pending: dict[str, tuple[int, int, str]] = {}  # speaker -> (start, end, word) of "Ro-"
    offset = 0
    for line in text.split("\n"):
        tag = speaker_tag(line)
        if tag:
            speaker = tag.group("tag")
            head = _LINE_START_FRAGMENT.match(line, tag.end())
            tail = pending.pop(speaker, None)
            if head and tail:
                head_span = (offset + head.start(1), offset + head.end(1), head.group(1))
                hits.extend(_split_name_hits(people, tail, head_span))
            end_fragment = _LINE_END_FRAGMENT.search(line, tag.end())
            if end_fragment:
                pending[speaker] = (offset + end_fragment.start(1), offset + end_fragment.end(1), end_fragment.group(1))
        offset += len(line) + 1
    return hits


def _split_name_hits(people: _People, tail: tuple[int, int, str], head: tuple[int, int, str]) -> list[Mention]:
    """Both fragments of a name split across utterances, when they complete a known part."""
    whole = (tail[2] + head[2]).casefold()
    gids = people.index.get(whole, [])
    if len(whole) < _MIN_PREFIX_LEN or not gids:
        return []
    gid = people.best(gids)
    return [_rescan_mention(tail[0], tail[1], "PERSON", gid), _rescan_mention(head[0], head[1], "PERSON", gid)]


def _sorted_disjoint(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """The input sorted; should it overlap (contract broken), :func:`anonymizer.merge.merge` fixes it."""
    ordered = sorted(mentions, key=lambda m: (m.start, m.end))
    if any(a.end > b.start for a, b in zip(ordered, ordered[1:])):
        ordered = list(merge(ordered, text))
    return ordered


def _non_overlapping(hits: list[Mention]) -> list[Mention]:
    """Sorted hits, the earlier (then longer) one kept on overlap."""
    kept: list[Mention] = []
    for hit in sorted(hits, key=lambda m: (m.start, -m.end)):
        if not kept or hit.start >= kept[-1].end:
            kept.append(hit)
    return kept


def _integrate(text: str, existing: list[Mention], hits: list[Mention]) -> list[Mention]:
    """Add re-scan hits to the (sorted, non-overlapping) mentions without creating overlaps."""
    out: list[Mention] = []
    i = 0
    for hit in hits:
        while i < len(existing) and existing[i].end <= hit.start:
            out.append(existing[i])
            i += 1
        j = i
        while j < len(existing) and existing[j].start < hit.end:
            j += 1
        overlapped = existing[i:j]
        if out and out[-1].end > hit.start:
            overlapped.insert(0, out.pop())
        i = j
        out.extend(_settle(text, hit, overlapped))
    out.extend(existing[i:])
    return out


def _settle(text: str, hit: Mention, overlapped: list[Mention]) -> list[Mention]:
    """What a hit becomes next to the mentions it overlaps (see module doc)."""
    if not overlapped:
        return [hit]
    if any(m.start <= hit.start and hit.end <= m.end for m in overlapped):
        return overlapped
    if all(m.entity == hit.entity and m.label == hit.label for m in overlapped):
        return [unite([hit, *overlapped])]
    full_name = hit.label == "PERSON" and len(_name_tokens(text[hit.start : hit.end])) > 1
    inside = all(m.label == "PERSON" and hit.start <= m.start and m.end <= hit.end for m in overlapped)
    if full_name and inside:
        return [unite([*overlapped, hit], entity=hit.entity)]
    return overlapped


# ---------------------------------------------------------------------------
# output
# ---------------------------------------------------------------------------


def _person_name(group: _Group, forms: list[str]) -> str:
    """Most complete form (most parts, then most main parts rather than misspellings, mixed case
    preferred, longer, earlier); an UPPER form is re-cased from the mixed-case words seen."""
    candidates = [_clean_surface(f) for f in forms] + ([group.title_form] if group.title_form else [])
    candidates = [c for c in candidates if _name_tokens(c)]
    if not candidates:
        return " ".join(part.title() for part in group.core) or (forms[0] if forms else "")
    core = set(group.core)

    def preference(indexed: tuple[int, str]) -> tuple:
        tokens = _name_tokens(indexed[1])
        return (-len(tokens), -sum(t in core for t in tokens), indexed[1].isupper(), -len(indexed[1]), indexed[0])

    best = min(enumerate(candidates), key=preference)[1]
    if not best.isupper():
        return best
    mixed = {w.casefold(): w for c in candidates for w in _name_words(c) if not w.isupper()}
    return " ".join(mixed.get(word.casefold(), word.title()) for word in best.split())


def _entity_name(group: _Group, forms: list[str], person_forms: list[str]) -> str:
    if group.label == "PERSON":
        return _person_name(group, person_forms)
    if group.label == "CDCR_ID" and re.fullmatch(r"[A-Z]+\d+|\d+", group.key):
        return group.key
    cleaned = [_clean_surface(f) or f for f in forms]
    return max(enumerate(cleaned), key=lambda ic: (len(ic[1]), -ic[0]))[1]


def _finalize(
    text: str, mentions: list[Mention], groups: list[_Group]
) -> tuple[tuple[Mention, ...], tuple[Entity, ...]]:
    """Entities renumbered by first appearance; mentions with final ids and confidence."""
    order: dict[int, int] = {}
    forms: dict[int, dict[str, None]] = {}
    person_forms: dict[int, list[str]] = {}
    for mention in mentions:
        order.setdefault(mention.entity, len(order))
        surface = text[mention.start : mention.end]
        forms.setdefault(mention.entity, {})[surface] = None
        if mention.label == "PERSON":
            person_forms.setdefault(mention.entity, []).append(surface)
    entities = tuple(
        Entity(
            id=new,
            label=groups[gid].label,
            category=groups[gid].label,
            name=_entity_name(groups[gid], list(forms[gid]), person_forms.get(gid, [])),
            variants=tuple(forms[gid]),
        )
        for gid, new in order.items()
    )
    out = tuple(
        replace(m, entity=order[m.entity], confidence=confidence_of(m.sources)) for m in mentions
    )
    return out, entities


def normalize(
    text: str, mentions: Sequence[Mention], header: Header | None, config: Config, protected: Protected | None = None
) -> tuple[tuple[Mention, ...], tuple[Entity, ...]]:
    """Link mentions to entities, re-scan the text, set ``entity`` and ``confidence``.

    ``protected`` is the document's whitelist (:func:`anonymizer.spans.protect` with
    ``config.whitelist_terms``), found here when not given.

    Returns sorted, non-overlapping mentions and the entities numbered by first
    appearance in the text (``entities[i].id == i``).
    """
    ordered = _join_adjacent_names(text, _sorted_disjoint(text, mentions), same_entity=False)
    grouper = _Grouper(text, config)
    assignment = grouper.run(ordered, header)
    grouped = [replace(m, entity=gid, label=label) for m, (gid, label) in zip(ordered, assignment)]
    if protected is None:
        protected = spans.protect(text, config.whitelist_terms)
    table = _build_forms(text, grouped, grouper.groups, protected.is_whitelisted)
    hits, conditional = _rescan_hits(text, table)
    hits = _outside(protected, _non_overlapping(hits + _fragment_hits(text, grouper.people)))
    merged = _integrate(text, grouped, hits)
    merged = _rescue_next_to_name(text, merged, _outside(protected, conditional))
    merged = _join_adjacent_names(text, merged, same_entity=True)
    return _finalize(text, merged, grouper.groups)

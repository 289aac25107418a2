"""The leak gate over a whole archive (no Django): identifying terms, their variants, the scan.

A corpus archive must not identify anyone, in any member's *name* or *content*. The gate
collects, per document, the identifying terms (:class:`Term`):

* ``surface`` -- every accepted entity's surface forms;
* ``header`` -- the title page: inmate name parts, CDCR number, participants, transcriber,
  hearing date;
* ``file-name`` -- the tokens of the upload file name (a CDCR-shaped token is a CDCR number,
  a date in the name is a hearing date);

and expands each into the variants a transcript or a file name may carry: whole word, any
case (``Young's`` included), spelled with dashes, spaces or dots (``Y-O-U-N-G``,
``Y O U N G``) or with the phonetic alphabet; a CDCR number with and without its letters,
spaced, hyphenated, spoken digit by digit (``A K two nine six oh``); a date in its written
and numeric forms. :func:`scan` then searches every member for all of them (``_`` counts as
a word separator, tags and whitelisted terms never match) and returns :class:`Finding` rows
naming member, line, kind and label. The snippet (``Finding.text``) and ``Term.form`` are
secret: never log them.

:func:`residual_risk` lists what a reader of the corpus would still see: capitalised token
sequences and numbers that are neither tags nor whitelisted terms, with counts.
"""
from __future__ import annotations

import bisect
import json
import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Hashable, Iterable, Mapping, Sequence

from anonymizer import spans
from anonymizer.lang.en import lexicon, transcript, truecase, us_records, vocabulary
from anonymizer.lang.en.plain import is_plain_word
from anonymizer.leakgate import text as leakgate_text
from anonymizer.leakgate.decisions import TAGGED_NAMES, folded, rejection_decides  # noqa: F401  (re-exported)
from anonymizer.leakgate.keys import cdcr_key, date_key, shape_patterns, spelled_enough, spelled_key
from anonymizer.leakgate.terms import (  # noqa: F401  (re-exported: the gate's terms)
    CDCR_SHAPE, GENERIC_TOKENS, MIN_LENGTH, Term, file_name_terms, header_terms, name_parts, ordinary, surface_terms,
)

SNIPPET = 40

@dataclass(frozen=True)
class Finding:
    """A hit of a term in an archive member (``text``, the snippet, is secret)."""

    member: str
    line: int  # 1-based; 0 = the member's name
    kind: str
    label: str
    document: Hashable
    text: str
    term: Term | None = None  # what it matched (secret): the accepted form, its document and entity

    def as_dict(self) -> dict:
        matched = {} if self.term is None else {"form": self.term.form, "source": self.term.document, "entity": self.term.entity}
        return {"member": self.member, "line": self.line, "kind": self.kind, "label": self.label, "text": self.text, **matched}



# ---------------------------------------------------------------- the scan


#: a one-word term written in small letters in this many published texts is a word of the language
ORDINARY_IN_DOCUMENTS = 3
_SMALL_WORD = re.compile(r"(?<![\w'’-])[a-z]+(?![\w'’-])")


def _key(text: str) -> str:
    """A term's or a hit's form as the gate looks it up: white space as one space, straight apostrophes, any case."""
    return vocabulary.straight_apostrophes(" ".join(text.split())).casefold()


#: how the words of a term may be written apart in a text or a file name
_TERM_CHARS = {" ": r"[\s_]+", "'": "['’]", "’": "['’]"}


class Gate:
    """The terms of an archive, normalized; :meth:`scan` searches member names and contents.

    Names and surface forms are one trie regex (whole word, any case; a name part that is
    also a common word only capitalised); spelled sequences, CDCR-number shapes and dates
    are found by shape and looked up by their normalized key.
    """

    def __init__(self, terms: Iterable[Term], whitelist: Sequence[str] = (), tags: Iterable[str] = (),
                 variants: Callable[[str], set[str]] | None = None):  # a language's other spellings of a name
        self.variants = variants  # (``LanguagePack.variants``: "Søren" -> "Soeren", "Soren")
        self.whitelist = tuple(whitelist)
        self.tags = frozenset(tags)  # the tags the export wrote (a renamed person's too): never a finding
        self.words: dict[str, Term] = {}
        self.spelled: dict[str, Term] = {}
        self.cdcr: dict[str, Term] = {}
        self.dates: dict[tuple[int, int, int], Term] = {}
        self.capitalised: set[str] = set()  # file-name tokens: capitalised in a text, any case in a member name
        for term in terms:
            self._add(term)
        # the spelled keys longer than two letters, by insertion order (the first one found wins)
        self.spelled_ranked = [k for k in self.spelled if len(k) > 2]
        self.spelled_order = {k: i for i, k in enumerate(self.spelled_ranked)}
        self.spelled_longest = max(map(len, self.spelled_order), default=0)
        self._ordinary_here: set[str] = set()
        self.common: frozenset[str] = frozenset()  # the words searched only as names (:attr:`word_pattern`)
        every = lexicon.trie_alternation(self.words, _TERM_CHARS)
        self.name_pattern = re.compile(rf"(?i)(?<!\w)(?:{every})(?!\w)") if every else None
        self.shapes = shape_patterns()

    @cached_property
    def word_pattern(self) -> re.Pattern[str] | None:
        """Terms in any case, except name words that are also common words, file-name tokens and
        the words the archive itself writes in small letters (:meth:`learn_ordinary_words`): those
        only capitalised, so a person called Way does not make every "way" a finding. Built on
        first use, once the ordinary words are known."""
        common = [w for w in self.words if lexicon.is_name_word(w) or w in self.capitalised or w in self._ordinary_here
                  or is_plain_word(w) or (w.endswith("s") and is_plain_word(w[:-1]))]
        self.common = frozenset(common)
        # "Like" accepted as a name: not every "like"; "Brothers" of "Harbour Brothers": not every "brothers"
        plain = [w for w in self.words if w not in set(common)]
        body = "|".join(filter(None, [
            f"(?i:{lexicon.trie_alternation(plain, _TERM_CHARS)})" if plain else "",
            *(f"{re.escape(w.capitalize())}|{re.escape(w.upper())}" for w in common),
        ]))
        return re.compile(rf"(?<!\w)(?:{body})(?!\w)") if body else None

    def learn_ordinary_words(self, texts: Iterable[str], documents: int = ORDINARY_IN_DOCUMENTS) -> None:
        """Treat a one-word term as an ordinary word where it is written in small letters in at
        least ``documents`` of ``texts`` (a word of the language there, not a name written small)."""
        single = {w for w in self.words if " " not in w and w.isalpha()}
        seen: Counter[str] = Counter()
        for text in texts:
            seen.update(single & set(_SMALL_WORD.findall(text)))
        ordinary_here = {w for w, n in seen.items() if n >= documents}
        if ordinary_here and ordinary_here != self._ordinary_here:
            self._ordinary_here = ordinary_here
            self.__dict__.pop("word_pattern", None)  # rebuilt on next use

    def _add(self, term: Term) -> None:
        if lexicon.is_whitelisted(term.form, self.whitelist):
            return
        if term.label == "CDCR_ID" or CDCR_SHAPE.match(term.form):
            if key := cdcr_key(term.form):
                self.cdcr.setdefault(key, term)
                return
        if term.label == "DATE":
            if key := date_key(term.form):
                self.dates.setdefault(key, term)
            return
        forms = [term.form] + (name_parts(term.form) if term.label in ("PERSON", "SPELLED_NAME") else [])
        forms += [v for f in list(forms) for v in sorted(self.variants(f)) if v != f] if self.variants else []
        for form in forms:
            folded = _key(leakgate_text.shown(form))
            if len(folded) >= MIN_LENGTH and not lexicon.is_whitelisted(form, self.whitelist):
                self.words.setdefault(folded, term)
                if term.kind == "file-name":
                    self.capitalised.add(folded)
        if term.label in ("PERSON", "SPELLED_NAME"):
            for part in name_parts(term.form):
                if len(part) >= 2 and part.isalpha():
                    self.spelled.setdefault(part.upper(), term)

    def _hits(self, searched: str, member_name: bool = False):
        pattern = self.name_pattern if member_name else self.word_pattern
        if pattern is not None:
            for m in pattern.finditer(searched):
                key = _key(m.group().replace("_", " "))
                if key in self.words:
                    yield m.start(), m.end(), self.words[key]
        lookups = (("cdcr", self.cdcr.get, cdcr_key), ("spelled", self._spelled, spelled_key),
                   ("date", self.dates.get, date_key))
        for name, lookup, key_of in lookups:
            for m in self.shapes[name].finditer(searched):
                if name == "spelled" and not spelled_enough(m.group()):
                    continue
                if (key := key_of(m.group())) and (term := lookup(key)) is not None:
                    start, end = _narrow(m, key, term.form) if name == "spelled" else m.span()
                    yield start, end, term

    def _spelled(self, letters: str) -> Term | None:
        """A spelled name inside a run of letters (``Y-O-U-N-G. I`` spells YOUNG, then ``I``)."""
        if letters in self.spelled:
            return self.spelled[letters]
        # every substring up to the longest key is looked up (not every key searched: that grew
        # with the corpus times its spelled runs); the earliest added key wins, as it always did
        found = [self.spelled_order[piece] for i in range(len(letters))
                 for j in range(i + 3, min(len(letters), i + self.spelled_longest) + 1)
                 if (piece := letters[i:j]) in self.spelled_order]
        return self.spelled[self.spelled_ranked[min(found)]] if found else None

    def spells_whole(self, text: str, term: Term) -> bool:
        """Whether ``text`` (a hit of ``term``) is the whole form or one of the language's other spellings of
        it (``Soeren Kjaergaard`` of ``Søren Kjærgaard``), not a word of it: a review that accepts the one and
        rejects the other accepts and rejects one form."""
        spellings = {term.form} | (set(self.variants(term.form)) if self.variants else set())
        return _key(text) in {_key(leakgate_text.shown(form)) for form in spellings}

    def word_hit(self, text: str) -> bool:
        """Whether ``text`` (a hit) is one of the searched words or names, not a spelled run, a number's or a
        date's shape found by its key."""
        return _key(text.replace("_", " ")) in self.words

    def matches(self, text: str, member_name: bool = False) -> list[tuple[int, int, Term]]:
        """``(start, end, term)`` of every hit outside tags and whitelisted terms."""
        searched = text.replace("_", " ")  # file names: alyssa_batiste is two words
        if unmasked := leakgate_text.unmask(searched):  # Gon\u00adzalez, G\u043enzalez: read as shown
            hits = [(*unmasked.span(start, end), term) for start, end, term in self._hits(unmasked.text, member_name)]
        else:
            hits = list(self._hits(searched, member_name))
        if hits and not member_name and truecase.is_all_caps(text):
            hits = self._as_names_in_capitals(text, hits)
        if not hits:  # the protected ranges (a scan of the whole text) only matter around a hit
            return []
        protected = protected_ranges(text, self.whitelist, self.tags)
        found: dict[tuple[int, int], Term] = {}  # one finding per span: a ZIP code and another document's
        for start, end, term in hits:            # CDCR number can both match "93179"
            if term.kind == "surface" and us_records.in_caption(text, start, end):
                continue  # "NEW YORK" of "SOUTHERN DISTRICT OF NEW YORK": the court's caption, read as the pass does
            if not spans.touches(protected, start, end):
                found.setdefault((start, end), term)
        return [(start, end, term) for (start, end), term in sorted(found.items(), key=lambda item: item[0])]

    def _as_names_in_capitals(self, text: str, hits: list[tuple[int, int, Term]]) -> list[tuple[int, int, Term]]:
        """In a text typed in capitals every word is written as a name: a name part that is a common word ("HILL" of
        a Ms Hill, "BIG" of a Mr Big) is a finding only where the text read in ordinary case writes it as a name
        (truecasing, as the pass reads it: "UP THE BIG HILL" is "up the big hill")."""
        self.word_pattern  # noqa: B018  (sets self.common)
        cased = None
        out = []
        for start, end, term in hits:
            key = vocabulary.straight_apostrophes(" ".join(text[start:end].split())).casefold()
            if key in self.common and text[start:end].isupper():
                cased = truecase.truecase(text) if cased is None else cased
                if not cased[start].isupper():
                    continue
            out.append((start, end, term))
        return out

    def scan_text(self, member: str, text: str, document: Hashable = None, line: int | None = None,
                  read: str | None = None) -> list[Finding]:
        """The findings in ``text``; ``read``: what the gate reads instead, of the same length (the reviewer's
        decisions blanked, :meth:`scan`), the snippets taken from ``text``."""
        starts = [0] + [m.end() for m in re.finditer("\n", text)]
        return [
            Finding(member, bisect.bisect_right(starts, start) if line is None else line, term.kind, term.label,
                    document if document is not None else term.document, snippet(text, start, end), term)
            for start, end, term in self.matches(_same_length(read, text), member_name=line == 0)
        ]

    def scan(self, members: Mapping[str, bytes], documents: Mapping[str, Hashable] | None = None,
             read: Mapping[str, bytes] | None = None) -> list[Finding]:
        """Every finding in member names (line 0) and contents (UTF-8 text members; of a JSON member,
        its keys and strings, one a line, not its numbers: an offset 93179 is not a ZIP code). ``read``: of some
        members, the content the gate searches instead, of the same length: the same member with the places a
        reviewer decided are no one's blanked (:func:`blanked`); a finding's snippet is still the member's."""
        documents, read = documents or {}, read or {}
        self.learn_ordinary_words(data.decode("utf-8", errors="replace") for name, data in members.items()
                                  if name.endswith(".txt"))
        findings: list[Finding] = []
        for name, data in members.items():
            owner = documents.get(name)
            findings += self.scan_text(name, name, owner, line=0)
            text = data.decode("utf-8", errors="replace")
            seen = read[name].decode("utf-8", errors="replace") if name in read else None
            if name.endswith(".conll"):
                findings += self.scan_conll(name, text, owner, read=seen)
            elif name.endswith(".json") and (strings := _json_strings(text)) is not None:
                findings += self.scan_text(name, strings, owner)  # offsets and counts are no text
            else:
                findings += self.scan_text(name, text, owner, read=seen)
        return findings

    def scan_conll(self, member: str, conll: str, document: Hashable = None, read: str | None = None) -> list[Finding]:
        """CoNLL ``TOKEN TAG`` lines scanned as their sentences (a name or a whitelisted term
        over several tokens is seen whole); findings name the CoNLL line."""
        text, lines, offsets = _conll_sentences(conll)
        seen = _conll_sentences(read)[0] if read is not None else None
        return [
            Finding(member, lines[max(0, bisect.bisect_right(offsets, start) - 1)], term.kind, term.label,
                    document if document is not None else term.document, snippet(text, start, end), term)
            for start, end, term in self.matches(_same_length(seen, text))
        ]


def _same_length(read: str | None, text: str) -> str:
    """What the gate searches: ``read`` where it is ``text`` with some places blanked (same length), else ``text``."""
    return read if read is not None and len(read) == len(text) else text


def _conll_sentences(conll: str) -> tuple[str, list[int], list[int]]:
    """A CoNLL member's tokens as sentences (a token and a space a row, a line's end at a blank row), the CoNLL
    line of each token and its offset there."""
    pieces, lines, offsets, position = [], [], [], 0
    for number, row in enumerate(conll.split("\n"), start=1):
        token = row.rsplit(" ", 1)[0] if " " in row else ""
        piece = token + " " if token else "\n"
        if token:
            offsets.append(position)
            lines.append(number)
        pieces.append(piece)
        position += len(piece)
    return "".join(pieces), lines, offsets


#: what a blanked place is written with: a word's character (a CoNLL token stays one token of the same
#: length) that the gate reads as a space (``_``), so no term matches it
BLANK = "_"


def blanked(text: str, places: Iterable[tuple[int, int]]) -> str:
    """``text`` with every letter and digit of ``places`` written :data:`BLANK` (same length, same lines, same
    tokens): what the gate reads where a reviewer decided a place names no one."""
    chars = list(text)
    for start, end in places:
        for i in range(start, end):
            if chars[i].isalnum():
                chars[i] = BLANK
    return "".join(chars)


def _json_strings(text: str) -> str | None:
    """The keys and string values of a JSON document, one a line (None: not JSON, scan it as text)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    strings: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings.append(item)
        elif isinstance(item, dict):
            strings.extend(str(key) for key in item)
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return "\n".join(strings)


def _narrow(match: re.Match[str], letters: str, form: str) -> tuple[int, int]:
    """The span of the spelled name inside a longer run of single letters (``s d-o-e``)."""
    wanted = next((p.upper() for p in name_parts(form) if p.upper() in letters), letters)
    where = [match.start() + i for i, c in enumerate(match.group()) if c.isalpha()]
    if len(where) != len(letters):  # phonetic words: keep the whole run
        return match.span()
    first = letters.find(wanted)
    return where[first], where[first + len(wanted) - 1] + 1


def protected_ranges(text: str, whitelist: Sequence[str], tags: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    ranges = [(m.start(), m.end()) for m in lexicon.whitelist_pattern(tuple(whitelist)).finditer(text)]
    ranges += leakgate_text.written_tags(text, tags)  # a spoofed tag ([GONZALEZ]) is text like any other
    return sorted(ranges)


def snippet(text: str, start: int, end: int) -> str:
    line_start, line_end = spans.line_start(text, start), spans.line_end(text, end)
    left, right = max(line_start, start - SNIPPET), min(line_end, end + SNIPPET)
    return ("…" if left > line_start else "") + text[left:right] + ("…" if right < line_end else "")


# ---------------------------------------------------------------- residual risk

_CAPITALISED = re.compile(r"[A-Z][\w'’-]*(?:[ \t]+(?:of[ \t]+|the[ \t]+|de[ \t]+)?[A-Z][\w'’-]*)*")
_NUMBER = re.compile(r"\d[\d,.:/-]*\d|\d")


def residual_risk(text: str, whitelist: Sequence[str] = (), tags: frozenset[str] = frozenset()) -> Counter[str]:
    """Capitalised token sequences and numbers left in a pseudonymized text, with counts.

    Tags, speaker tags, whitelisted terms and sequences of only ordinary words (stop words,
    titles, words the text also writes in lower case: ``The``, ``I'm``, ``Tell``) are left out.
    """
    protected = protected_ranges(text, whitelist, tags)
    for match in transcript.SPEAKER_TAG.finditer(text):
        protected.append((match.start(), match.end()))
    protected.sort()
    lowered = {w for w in re.findall(r"\b[a-z][\w'’-]*", text)}  # words also written in lower case: ordinary
    found: Counter[str] = Counter()
    for pattern in (_CAPITALISED, _NUMBER):
        for match in pattern.finditer(text):
            value = match.group().rstrip(".’'-")
            if not value or spans.touches(protected, match.start(), match.start() + len(value)):
                continue
            if pattern is _CAPITALISED and all(ordinary(w) or w.casefold() in lowered for w in value.split()):
                continue
            if lexicon.is_whitelisted(value, whitelist):
                continue
            found[value] += 1
    return found

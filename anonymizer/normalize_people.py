"""Normalization, step 2: group mentions into referents (persons by name parts, other labels by key).

See :mod:`anonymizer.normalize` for the rules.
"""
from __future__ import annotations

import re
import sys
from bisect import bisect_left, bisect_right, insort
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from .normalize_names import (
    _FUZZY_LABELS,
    _MIN_FUZZY_LEN,
    _MIN_PREFIX_LEN,
    _NAME_GAP,
    _OFF_TITLE,
    _ORG_LOC_THRESHOLD,
    _PERSON_SUBJECT,
    _MIN_SLIP_LEN,
    _RELABEL_LABELS,
    _ADDRESSED,
    _FIRST_NAME_ADDRESSED,
    _SELF_INTRO,
    _STATEMENT_OF,
    _clean_surface,
    _key_parts,
    _name_tokens,
    _slip,
    _surface_key,
    _vocabulary,
)
from . import gazetteer
from .resolve import NER_SOURCES, unite
from .transcript import in_speaker_tag, line_start, speaker_tag
from .types import Config, Header, Mention


_TITLE_BEFORE = re.compile(r"\b(Mr|Mrs|Ms|Miss)\.?[ ]$", re.IGNORECASE)


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
        keys = [key for key, _, _ in found if len(key) >= _MIN_FUZZY_LEN and key[0] == token[0]]
        if len(token) >= _MIN_SLIP_LEN and not keys:  # one letter slipped in a long name: "Mandoza", "Kewalski"
            keys = [k for k, _, _ in process.extract(token, self._keys, scorer=Levenshtein.distance, score_cutoff=1,
                                                     limit=None) if _slip(token, k)]
        return keys

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
        and (fuzz.ratio(token, key) >= threshold or _slip(token, key))
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
        self.uncertain: set[int] = set()  # mentions (by start) of a part shared by several persons
        self._named: list[tuple[int, int]] = []  # (start, person) of every full name, in text order

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
            self._named.append((mentions[i].start, assigned[i][0]))
        self._named.sort()
        for i, mention in enumerate(mentions):
            if mention.label == "SPELLED_NAME":
                assigned[i] = self._see(self._spelled(self._surface(mention)), mention)
        parts = [i for i in tokens_of if i not in assigned]
        ambiguous = {i for i in parts if tokens_of[i] and len(self.people.candidates(tokens_of[i][0])) > 1}
        for i in [i for i in parts if i not in ambiguous] + sorted(ambiguous):
            assigned[i] = self._see(self._person_part(tokens_of[i], mentions[i]), mentions[i])
        for i, mention in enumerate(mentions):
            if mention.label == "SPELLED_NAME" and (j := self._spelled_after(mentions, i)) is not None:
                self.groups[assigned[i][0]].count -= 1  # spelled right after a name: that name's person
                assigned[i] = (self._see(assigned[j][0], mention)[0], assigned[i][1])
        for i, mention in enumerate(mentions):
            if i not in assigned:
                assigned[i] = self._see(self._other(mention), mention)
        return [assigned[i] for i in range(len(mentions))]

    def _spelled_after(self, mentions: list[Mention], i: int) -> int | None:
        """The person mention just before a spelled name in its line whose word ends with its letters
        (``Black, B-L-A-C-K``; ``Delgado, D as in David, E-L-G-A-D-O``)."""
        letters = "".join(c for c in self._surface(mentions[i]) if c.isalpha()).casefold()
        start = line_start(self.text, mentions[i].start)
        for j in range(i - 1, -1, -1):
            other = mentions[j]
            if other.end < start or mentions[i].start - other.end > 30:
                return None
            if other.label == "PERSON":
                words = _name_tokens(self._surface(other))
                return j if len(letters) >= 3 and any(w.endswith(letters) for w in words) else None
        return None

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

    def _person_part(self, tokens: list[str], mention: Mention | None = None) -> int:
        if not tokens:  # e.g. a bare title tagged as a person: its own, never re-scanned
            return self.people.create([])
        gids = self.people.candidates(tokens[0])
        if not gids:
            return self.people.create(tokens)
        if mention is not None and len(gids) > 1:
            said = self._in_context(gids, mention)
            gids = self._likely(gids, mention)
            if len({self._first_name(g) for g in gids}) > 1:
                self.uncertain.add(mention.start)  # still uncertain (certainty 3), whatever the context says
            gids = [g for g in said if g in gids] or said or gids
        gid = self.people.best(gids)
        self.people.add_key(gid, tokens[0])
        return gid

    def _first_name(self, gid: int) -> str:
        core = self.groups[gid].core
        return core[0] if len(core) > 1 else ""

    def _likely(self, gids: list[int], mention: Mention) -> list[int]:
        """The persons a bare shared part most likely names: a speaker tag names a title-page
        participant; ``Mr.``/``Ms.`` before it a man/woman (Census first-name lists)."""
        if "rule" in mention.sources:
            gids = [g for g in gids if self.groups[g].header_rank != _OFF_TITLE] or gids
        title = _TITLE_BEFORE.search(self.text, max(0, mention.start - 6), mention.start)
        if title:
            unwanted = "F" if title.group(1).casefold() == "mr" else "M"
            gids = [g for g in gids if gazetteer.first_name_sex(self._first_name(g)) != unwanted] or gids
        return gids

    def _in_context(self, gids: list[int], mention: Mention) -> list[int]:
        """Whom a bare surname shared by several persons names, when its utterance says it ([] = no
        telling). A speaker tag: the speaker who gives their full name in the utterance (``My name is
        Lucinda Black``), else the one the previous utterance addressed by first name (``Georgia, go
        ahead.``). Elsewhere: the speaker who gave their full name earlier in the utterance; ``Ms. Black,``
        addressed or ``the statement of Ms. Black``: the title-page participants (people present)."""
        text, start = self.text, mention.start
        line, tag = line_start(text, start), in_speaker_tag(text, start)
        end = text.find("\n", start) if tag else start
        for s, gid in self._named[bisect_left(self._named, (line,)):]:
            if s >= (end if end >= 0 else len(text)):
                break
            if gid in gids and _SELF_INTRO.search(text, line, s):
                return [gid]
        if tag:
            before = text[:line].rstrip("\n")
            previous = before.rfind("\n") + 1
            spoke = speaker_tag(text, previous) if before else None
            first = _FIRST_NAME_ADDRESSED.match(text, spoke.end() if spoke else previous) if before else None
            said = [g for g in gids if first and self._first_name(g) == first.group(1).casefold()]
            return said if len(said) == 1 else []
        before = text[line:start]
        if (_ADDRESSED.search(before) and text.startswith(",", mention.end)) or _STATEMENT_OF.search(before):
            return [g for g in gids if self.groups[g].header_rank != _OFF_TITLE]
        return []

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

    def _as_person(self, mention: Mention) -> bool:
        """Whether a person verb, a spelling or ``and I`` follows the word (``Georgia told the
        officers``), or ``Mr.``/``Ms.`` precedes it: the context of a person, not a place."""
        return bool(
            _PERSON_SUBJECT.match(self.text, mention.end)
            or _TITLE_BEFORE.search(self.text, max(0, mention.start - 6), mention.start)
        )

    def _other(self, mention: Mention) -> int:
        """Group of a non-person mention; a lone NER-tagged word that is a known name part is
        taken as that person (``Yamamoto`` tagged ORGANIZATION), a common word (``Georgia``) only
        in the context of a person."""
        surface = self._surface(mention)
        label = mention.label
        tokens = _name_tokens(surface)
        if (
            label in _RELABEL_LABELS
            and len(tokens) == 1
            and len(surface.split()) == 1
            and tokens[0] in self.people.index
            and (tokens[0] not in _vocabulary().common or self._as_person(mention))
            and set(mention.sources) <= NER_SOURCES - {"presidio"}
            and self._established(tokens[0])
        ):
            return self._person_part(tokens)
        if label in _RELABEL_LABELS and len(tokens) > 1 and set(mention.sources) <= NER_SOURCES - {"presidio"}:
            gid = self.people.link_name(tokens)  # "Madison Obregon" tagged ORGANIZATION: the person's full name
            if gid is not None and self.groups[gid].label == "PERSON" and self._established(tokens[0]):
                return gid
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

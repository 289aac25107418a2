"""Normalization, step 2a: person groups under construction and the index of their name parts
(exact, misspelled and cut-off matches).

See :mod:`anonymizer.normalize` for the rules; :mod:`anonymizer.normalize.people` groups with them.
"""
from __future__ import annotations

import sys
from bisect import bisect_right, insort
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from anonymizer.lang.en import gazetteer, vocabulary
from anonymizer.normalize.names import (
    _MIN_FUZZY_LEN,
    _MIN_PREFIX_LEN,
    _OFF_TITLE,
    _key_parts,
    _slip,
    _vocabulary,
)


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
    transcriber: bool = False  # PERSON: the title page's transcriber (named there, not talked about)
    victim: bool = False  # PERSON: named as the victim ("The victim, Tuan Guy, a 23-year-old")
    ruled: bool = False  # PERSON: a rule found a mention as a name ("called him Chato", "my daughter Crystal")
    suffix: str = ""  # PERSON: "jr", "sr", "ii"... written after the full name (father and son share the rest)
    role: frozenset[str] = frozenset()  # PERSON: the words of the title page's role ("deputy district attorney")
    kin: frozenset[str] = frozenset()  # PERSON: relatives' words the hearing names them by ("your mother, Gloria")
    sex: str | None = None  # PERSON: "M"/"F" of the courtesy title that made them someone else ("MRS. OCHOA:")
    count: int = 0
    talked: int = 0  # mentions outside speaker tags: how much the others talk about this person
    first: int = sys.maxsize

    def rank(self) -> tuple[int, int, int, int]:
        """Lower is preferred on ambiguity: the inmate, then most mentions so far, then title
        page (in its order), then first seen."""
        return (0 if self.inmate else 1, -self.count, self.header_rank, self.first)

    def talked_rank(self) -> tuple[int, int, int, int, tuple[int, int, int, int]]:
        """Preference for a bare surname in running text that nothing around it decides: the
        inmate, then the one the hearing calls the victim, then a father rather than the son named
        after him (``Michael`` beside Michael Tolliver Junior), then the person talked about most (the
        victim rather than the relative who speaks once), then :meth:`rank`."""
        return (0 if self.inmate else 1, 0 if self.victim else 1, int(self.suffix in vocabulary.JUNIOR_SUFFIXES),
                -self.talked, self.rank())

    def see(self, start: int, talked: bool = False) -> None:
        self.count += 1
        self.talked += talked
        self.first = min(self.first, start)

    def unsee(self, talked: bool = False) -> None:
        """Take back a :meth:`see` of a mention that moves to another person."""
        self.count -= 1
        self.talked -= talked


def _short_form(token: str, first: str) -> bool:
    """Whether ``token`` is a short form of the first name ``first`` (``bill``: ``william``), words included."""
    return first in gazetteer.nicknames(in_full_name=True).get(token, ())


def _cut_first_name(tokens: list[str], core: list[str]) -> bool:
    """A first name of three letters or more that opens the person's first name, and the person's surname after it."""
    return len(tokens) > 1 and len(core) > 1 and len(tokens[0]) >= 3 and core[0].startswith(tokens[0]) \
        and tokens[-1] == core[-1]


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
        if not keys:  # one letter slipped: "Mandoza", "Kewalski", a vowel in a shorter name: "Ochea"
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
        """Persons a part links to: exact, else misspelled, else cut-off prefix matches, else the persons
        whose first name the part is a short form of ("Jenny": Jennifer Lopez; ``gazetteer.nicknames``)."""
        if token in self.index:
            return list(self.index[token])
        for keys in (self._fuzzy_keys(token), self._longer_keys(token)):
            if keys:
                return list(dict.fromkeys(g for key in keys for g in self.index[key]))
        formal = gazetteer.nicknames().get(token, ())
        first = [g for name in formal for g in self.index.get(name, ()) if self.groups[g].core[:1] == [name]
                 and len(self.groups[g].core) > 1]
        # else a middle name's short form ("Lupe": José Guadalupe Mendivil, who goes by his second given name)
        return first or [g for name in formal for g in self.index.get(name, ()) if name in self.groups[g].core[1:-1]]

    def level(self, token: str, gid: int) -> int:
        """3 exact, 2 misspelled, 1 prefix, 0 no match of ``token`` against person ``gid``."""
        keys = self.groups[gid].keys
        if token in keys:
            return 3
        return max((_pair_level(token, key, self.threshold) for key in keys), default=0)

    def link_name(self, tokens: list[str], suffix: str = "", relative: bool = False) -> int | None:
        """Person a multi-part name belongs to (parts subset or superset), if any; never one with
        another suffix (``Robert Young Sr.`` is not ``Robert Young Jr.``), and a suffixed name or a
        relative's (``relative``: "your father, Earl Pruitt") only with its first name first (``Antonio
        Delgado Sr.``, the father, is not ``Marcus Antonio Delgado``; ``Earl Pruitt`` is not ``James Earl Pruitt``)."""
        best: tuple | None = None
        for gid in dict.fromkeys(g for token in tokens for g in self.candidates(token)):
            core = self.groups[gid].core
            short = bool(core) and (_short_form(tokens[0], core[0])  # "Ty Moore": Tyrone Moore, "Bill Tate": William Tate
                                    or _cut_first_name(tokens, core))  # "Teo Quispe": Teodoro Quispe
            first = len(core) <= 1 or short or _pair_level(tokens[0], core[0], self.threshold)
            if (suffix and self.groups[gid].suffix not in ("", suffix)) or ((suffix or relative) and not first) \
                    or _father_and_son(suffix, self.groups[gid]):
                continue
            levels = [self.level(token, gid) or (1 if i == 0 and short else 0) for i, token in enumerate(tokens)]
            subset = all(levels)
            superset = all(
                any(_pair_level(token, part, self.threshold) for token in tokens) or (j == 0 and short)
                for j, part in enumerate(core)
            )
            if subset or superset:
                # of equals, one whose first name it opens with ("Esteban Castillo": the father, not Raymond
                # Esteban Castillo once the father is known)
                key = (-sum(levels), core[:1] != tokens[:1], self.groups[gid].rank(), gid)
                if best is None or key < best:
                    best = key
        return None if best is None else best[-1]

    def of_a_family(self, tokens: list[str]) -> bool:
        """Whether a name is a first name that is no word and no place, then the whole surname of a
        person named in full ("Renata St. Clair" beside Desmond St. Clair)."""
        first, surname = tokens[0], tokens[1:]
        return first in gazetteer.first_names() and first not in _vocabulary().common \
            and gazetteer.place_category(first) is None and any(
                len(self.groups[gid].core) > len(surname) and self.groups[gid].core[-len(surname):] == surname
                for gid in self.candidates(surname[-1]) if self.groups[gid].label == "PERSON")

    def absorb(self, gid: int, tokens: list[str]) -> None:
        """Add a linked name's parts: unmatched ones are new parts, in their place before the next part the person
        has (``Darnell Boo Lamar Hollingsworth`` into Darnell Lamar Hollingsworth: the surname stays last), variants
        become keys."""
        core = self.groups[gid].core
        for i, token in enumerate(tokens):
            if self.level(token, gid) == 0 and not (i == 0 and core and _short_form(token, core[0])):  # "Bill Tate": a key
                after = next((core.index(t) for t in tokens[i + 1:] if t in core), len(core))
                core.insert(after, token)
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


def _father_and_son(suffix: str, group: _Group) -> bool:
    """Whether a name with a son's suffix (``Michael Tolliver Junior``) and a person named in full without one, or a
    name without one and a person named with a son's suffix, are father and son: never on the title page, whose
    participant (``JOHN SMITH JR., Inmate``) the hearing may call without the suffix, except a father's suffix beside
    the inmate named there without one (``Anthony Gutierrez Senior`` is not the inmate Anthony Ray Gutierrez)."""
    if group.header_rank != _OFF_TITLE:
        return suffix == "sr" and group.inmate and not group.suffix
    if not suffix:
        return group.suffix in vocabulary.JUNIOR_SUFFIXES
    return suffix in vocabulary.JUNIOR_SUFFIXES and not group.suffix and len(group.core) > 1


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

"""Replace every mention by a categorical tag (the paper's §5, docs/annotation-guidelines.md).

* Numbered tags (``[PERSON_3]``, ``[STATE_1]``, ``[CDCR_ID_1]`` ...) count per tag
  category in order of first appearance in the text, so the same input always gives
  the same output.
* PERSON, style ``"parts"``: each name part gets its own tag, shared by every person
  with that part (case-folded, possessive stripped).  A part of an entity's mention
  that is not one of the entity's name parts (a misspelling, ``Stevenston``) takes the
  tag of the entity's closest name part when their rapidfuzz ratio reaches
  :data:`PART_MATCH_RATIO`, or of the name part it begins when cut off (``Hernan-``).  Style ``"referent"``: one tag per person entity.
* SPELLED_NAME: the letters (``R-I-C-H-A-R-D-S-O-N`` -> ``richardson``) are looked up
  as a name part -> ``[SPELLED_NAME_PERSON_n]`` with the n of that part (referent
  style: of that person); an unknown spelled name gets a new person number.
* DATE/TIME/AGE/HEIGHT: the values inside the span are replaced (``[MONTH] [DAY],
  [YEAR]``, ``[TIME] PM``, ``[AGE] years old``) and the words between are kept.
* Never leak: when a replacement would keep a digit, or a word that is not an
  expected connector (``of``, ``PM``, ``years old``...), the whole span becomes one
  generic tag instead.
* Corpus-wide numbering (``numbering=``): every number is requested for a *registry key*
  ``(category, key)``: the tag category (``PERSON``, ``CITY``, ``CDCR_ID`` ...) and the
  normalized text that shares a tag -- the name part in ``"parts"`` style (a misspelled or
  cut-off part is first mapped to the entity's part it stands for), the entity's normalized
  name in ``"referent"`` style and for places, organizations and groups, the normalized id
  (letters and digits only) for CDCR_ID, the letters of a spelled name nobody owns.  Keys in
  ``numbering`` keep their number; new keys get the next free number of their category in
  order of first appearance.  ``Pseudonymized.numbers`` reports every key used and its number
  so a caller can persist the new ones; ``renames`` replaces the tag of a key everywhere.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from rapidfuzz import fuzz, process

from anonymizer import lang, unbroken
from anonymizer.tags import find_tags, tag_label
from anonymizer.lang.en.vocabulary import fold_accents as _fold
from anonymizer.lang.en.vocabulary import split_possessive as _split_possessive
from anonymizer.pseudonymize.names import NAME_PART as _NAME_PART
from anonymizer.pseudonymize.names import name_parts as _name_parts
from anonymizer.pseudonymize.names import renamed_parts, spelled_tag  # noqa: F401  (re-exported for review.registry)
from anonymizer.pseudonymize.values import temporal
from anonymizer.types import Entity, Mention

#: Minimal rapidfuzz ratio for a misspelled name part to share a tag with the
#: entity's closest name part ("Stevenston" / "Stevenson" = 94.7).
PART_MATCH_RATIO = 85.0

#: A cut-off part (``Hernan-`` of ``Hernandez``) of at least this many letters takes the
#: tag of the entity's name part it begins.
MIN_CUT_OFF = 4

STYLES = ("parts", "referent")
#: Styles where a mention's registry keys depend only on the mention and its entity, so dropping
#: mentions can only drop keys, never add one. Not "referent": a spelled name outside a person
#: takes the key of the person whose mentions first have its letters (:func:`_part_owners`), and
#: its own letters' key when that person's mentions are gone.
KEYS_PER_MENTION = frozenset({"parts"})

#: ``(tag category, normalized key)`` -> number, e.g. ``("PERSON", "richardson") -> 8``.
RegistryKey = tuple[str, str]

#: Coarse labels whose tag uses the entity's fine category (STATE, PRISON, ...).
_CATEGORIZED_LABELS = frozenset({"LOCATION", "ORGANIZATION", "NRP"})
SPELLED_SHOWN = "SPELLED_NAME_PERSON"
_TEMPORAL_LABELS = frozenset({"DATE", "TIME", "AGE", "HEIGHT"})
#: Labels whose tag carries no number (every DATE is ``[MONTH] [DAY], [YEAR]``): grouping them changes nothing.
UNNUMBERED_LABELS = _TEMPORAL_LABELS


@dataclass(frozen=True, slots=True)
class Replacement:
    """``text[start:end]`` of the original becomes ``tag_text``.

    ``out_start`` is where ``tag_text`` begins in the pseudonymized text.
    """

    start: int
    end: int
    tag_text: str
    entity: int | None = None
    out_start: int = 0
    keys: tuple[RegistryKey, ...] = ()  # registry keys of the numbered tags in tag_text


@dataclass(frozen=True, slots=True)
class KeyEntry:
    """Re-identification key line: which tags stand for which surface forms."""

    entity: int | None
    label: str
    category: str
    tags: tuple[str, ...]
    surface_forms: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pseudonymized:
    text: str
    replacements: tuple[Replacement, ...]
    key: tuple[KeyEntry, ...]
    #: with ``numbering=``: every registry key used -> its number, in order of first use
    numbers: Mapping[RegistryKey, int] = field(default_factory=dict)


# ---------------------------------------------------------------- shared text helpers

def _tag_prefix(category: str) -> str:
    return tag_label(category) or "ENTITY"


def normalized_key(label: str, value: str) -> str:
    """The registry key of a name, id or surface: ``"C-12345"`` -> ``"c12345"`` for CDCR_ID,
    otherwise case-folded words without accents or a final possessive (``"Kevin  Richardson's"``
    -> ``"kevin richardson"``)."""
    folded = _fold(value)
    if label == "CDCR_ID":
        return re.sub(r"[^0-9a-z]", "", folded)
    words = folded.split()
    if words:
        words[-1] = _split_possessive(words[-1])[0]
    return " ".join(words)


# ---------------------------------------------------------------- numbering


class _Tagger:
    """Numbering state for one document."""

    def __init__(
        self,
        entities: Sequence[Entity],
        style: str,
        part_owner: Mapping[str, int],
        numbering: Mapping[RegistryKey, int] | None = None,
        renames: Mapping[RegistryKey, str] | None = None,
        language: str = lang.DEFAULT,
    ) -> None:
        self.temporal = lang.pack(language).temporal or temporal  # dates and ages as the language writes them
        self.entities = entities
        self.style = style
        self.part_owner = part_owner
        self.counters: dict[str, int] = {}
        self.numbers: dict[tuple[str, tuple], int] = {}
        self._entity_parts: dict[int, tuple[str, ...]] = {}
        self.fixed = numbering
        self.renames = renames or {}
        self.used: dict[RegistryKey, int] = {}
        self.highest: dict[str, int] = {}
        for (prefix, _), n in (numbering or {}).items():
            self.highest[prefix] = max(self.highest.get(prefix, 0), n)
        self.keys: list[RegistryKey] = []  # registry keys of the tag being built
        #: parts style: a renamed person's name parts -> their tags (shared by relatives with the part)
        self.part_renames: dict[str, str] = {}
        self.renamed_people: dict[int, str] = {}  # entity id -> its rename (parts of no name part)

    def registry_key(self, prefix: str, key: tuple) -> RegistryKey:
        if key[0] == "entity":
            entity = self.entities[key[1]]
            return prefix, normalized_key(entity.label, entity.name)[:255]
        return prefix, key[-1][:255]

    def number(self, prefix: str, key: tuple) -> int:
        registry_key = self.registry_key(prefix, key)
        self.keys.append(registry_key)
        if (prefix, key) not in self.numbers:
            self.numbers[(prefix, key)] = self._next(prefix, registry_key)
        return self.numbers[(prefix, key)]

    def _next(self, prefix: str, registry_key: RegistryKey) -> int:
        if self.fixed is None:  # per document: count in order of appearance
            self.counters[prefix] = self.counters.get(prefix, 0) + 1
            return self.counters[prefix]
        number = self.fixed.get(registry_key) or self.used.get(registry_key)
        if number is None:
            number = self.highest[prefix] = self.highest.get(prefix, 0) + 1
        self.used.setdefault(registry_key, number)
        return number

    def numbered(self, prefix: str, key: tuple, shown: str | None = None) -> str:
        """``[PREFIX_n]`` (or ``[SHOWN_n]``), or the key's rename in the registry."""
        number = self.number(prefix, key)
        rename = self.renames.get(self.keys[-1])
        if rename and shown == SPELLED_SHOWN:
            return spelled_tag(rename)  # a spelled name keeps its kind: [SPELLED_NAME_<the part's tag>]
        return rename or f"[{shown or prefix}_{number}]"

    def entity(self, mention: Mention) -> Entity | None:
        return None if mention.entity is None else self.entities[mention.entity]

    def referent_key(self, mention: Mention, surface: str) -> tuple:
        if mention.entity is not None:
            return ("entity", mention.entity)
        return ("surface", mention.label, " ".join(_fold(surface).split()))

    def canonical_part(self, part: str, entity: Entity | None) -> str:
        """The name part whose tag ``part`` takes (its closest part in the entity's name)."""
        if entity is None:
            return part
        if entity.id not in self._entity_parts:
            self._entity_parts[entity.id] = _name_parts(entity.name)
        name_parts = self._entity_parts[entity.id]
        if part in name_parts or not name_parts:
            return part
        best = process.extractOne(part, name_parts, scorer=fuzz.ratio, score_cutoff=PART_MATCH_RATIO)
        if best:
            return best[0]
        cut_off = [p for p in name_parts if len(part) >= MIN_CUT_OFF and p.startswith(part)]
        return cut_off[0] if cut_off else part

    def tag(self, mention: Mention, surface: str) -> str:
        label = mention.label
        if label == "PERSON":
            return self.person(mention, surface)
        if label == "SPELLED_NAME":
            return self.spelled_name(mention, surface)
        if label in _TEMPORAL_LABELS:
            return self.temporal(label, surface)
        entity = self.entity(mention)
        category = label
        if label in _CATEGORIZED_LABELS and entity is not None and entity.label == label:
            category = entity.category
        prefix = _tag_prefix(category)
        key = self.referent_key(mention, surface)
        if key[0] == "surface":
            key = ("surface", normalized_key(label, surface))
        return self.numbered(prefix, key)

    def whole_person(self, mention: Mention, surface: str) -> str:
        return self.numbered("PERSON", self.referent_key(mention, surface))

    def person(self, mention: Mention, surface: str) -> str:
        if self.style == "referent":
            return self.whole_person(mention, surface)
        entity = self.entity(mention)
        pieces: list[str] = []
        tags: list[str] = []
        cursor = 0
        for match in _NAME_PART.finditer(surface):
            stem, possessive = _split_possessive(match.group())
            part = self.canonical_part(_fold(stem), entity)
            tag = self.numbered("PERSON", ("part", part))
            tag = self.part_renames.get(part) or self.renamed_people.get(getattr(entity, "id", None)) or tag
            tags.append(tag)
            pieces += [surface[cursor : match.start()], tag, possessive]
            cursor = match.end()
        pieces.append(surface[cursor:])
        if not tags:
            return self.whole_person(mention, surface)
        if len(tags) > 1 and len(set(tags)) == 1 and (tags[0] in self.renames.values()
                                                       or tags[0] in self.renamed_people.values()):
            return tags[0]  # every part renamed to one tag: the name becomes that tag once
        if any(c.isdigit() for c in surface):
            return " ".join(tags)
        return "".join(pieces)

    def spelled_name(self, mention: Mention, surface: str) -> str:
        letters = "".join(c for c in _fold(surface) if c.isalpha())
        entity = self.entity(mention)
        person = entity if entity is not None and entity.label == "PERSON" else None
        if self.style == "parts":
            key: tuple = ("part", self.canonical_part(letters, person))
            tag = self.numbered("PERSON", key, shown=SPELLED_SHOWN)
            renamed = self.part_renames.get(key[1]) or self.renamed_people.get(getattr(person, "id", None))
            return spelled_tag(renamed) if renamed else tag
        elif person is not None:
            key = ("entity", person.id)
        elif letters in self.part_owner:
            key = ("entity", self.part_owner[letters])
        else:
            key = ("spelled", letters)
        return self.numbered("PERSON", key, shown=SPELLED_SHOWN)


def _part_owners(text: str, mentions: Sequence[Mention], entities: Sequence[Entity]) -> dict[str, int]:
    """Name part -> the PERSON entity (first to appear) that has it, for spelled names."""
    owners: dict[str, int] = {}
    for mention in mentions:
        if mention.entity is None or entities[mention.entity].label != "PERSON":
            continue
        entity = entities[mention.entity]
        for name in (unbroken.read(text[mention.start : mention.end]), entity.name, *entity.variants):
            for part in _name_parts(name):
                owners.setdefault(part, entity.id)
    return owners


# ---------------------------------------------------------------- public API


def apply(text: str, replacements: Iterable[Replacement]) -> str:
    """``text`` with each replacement's span replaced by its ``tag_text`` (one pass)."""
    pieces: list[str] = []
    cursor = 0
    for r in sorted(replacements, key=lambda r: r.start):
        if r.start < cursor:
            raise ValueError(f"overlapping replacement at {r.start}:{r.end}")
        pieces += [text[cursor : r.start], r.tag_text]
        cursor = r.end
    pieces.append(text[cursor:])
    return "".join(pieces)


def pseudonymize(
    text: str,
    mentions: Iterable[Mention],
    entities: Sequence[Entity],
    style: str = "parts",
    overrides: Mapping[int, str] | None = None,
    numbering: Mapping[RegistryKey, int] | None = None,
    renames: Mapping[RegistryKey, str] | None = None,
    language: str = lang.DEFAULT,
) -> Pseudonymized:
    """Tagged text, the replacements made, and the re-identification key.

    ``mentions`` must not overlap (use :func:`anonymizer.detect.merge.merge`); their
    ``entity`` indexes ``entities``.  ``overrides`` maps an entity id to the tag text
    that replaces the computed one (a reviewer's rename); numbering is unaffected. In
    ``"parts"`` style a person renamed to one tag ``[BASE]`` keeps its structure
    (:func:`renamed_parts`: ``[BASE_FIRST] [BASE_LAST]``, a spelled name
    ``[SPELLED_NAME_BASE_LAST]``) and relatives sharing a renamed part share its tag.
    ``numbering`` (corpus-wide numbers, see the module docstring) switches from
    per-document numbering to fixed numbers per registry key; ``renames`` (used only
    with ``numbering``) maps a registry key to the tag that replaces its numbered tag. ``language``: the pack
    whose ``temporal`` writes the dates and ages (``[DAY]. [MONTH] [YEAR]`` in Danish).
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; expected one of {STYLES}")
    overrides = overrides or {}
    ordered = sorted(mentions, key=lambda m: (m.start, m.end))
    tagger = _Tagger(entities, style, _part_owners(text, ordered, entities), numbering,
                     renames if numbering is not None else None, language)
    structured = set()  # parts style: renamed people keep one tag per name part (relatives share it)
    if style == "parts":
        for entity_id, tag in overrides.items():
            parts = renamed_parts(entities[entity_id].name, tag) if entities[entity_id].label == "PERSON" else {}
            if parts:
                structured.add(entity_id)
                tagger.renamed_people[entity_id] = tag.strip()
                for part, part_tag in parts.items():
                    tagger.part_renames.setdefault(part, part_tag)  # two renamed relatives: the first keeps it
    replacements: list[Replacement] = []
    key: dict[tuple, tuple[Mention, list[str], list[str]]] = {}
    cursor = 0
    shift = 0
    for mention in ordered:
        if mention.start < cursor:
            raise ValueError(f"overlapping mentions at {mention.start}:{mention.end}")
        surface = unbroken.read(text[mention.start : mention.end])  # a name's hidden breaks are out
        tagger.keys = []
        tag_text = tagger.tag(mention, surface)
        if mention.entity in overrides and not (mention.entity in structured
                                                and mention.label in ("PERSON", "SPELLED_NAME")):
            tag_text = overrides[mention.entity]
        out_start = mention.start + shift
        keys = tuple(dict.fromkeys(tagger.keys))
        replacements.append(Replacement(mention.start, mention.end, tag_text, mention.entity, out_start, keys))
        shift += len(tag_text) - (mention.end - mention.start)
        cursor = mention.end
        _, tags, surfaces = key.setdefault(tagger.referent_key(mention, surface), (mention, [], []))
        for tag in find_tags(tag_text) or [tag_text]:
            if tag not in tags:
                tags.append(tag)
        if surface not in surfaces:
            surfaces.append(surface)
    return Pseudonymized(
        text=apply(text, replacements),
        replacements=tuple(replacements),
        key=tuple(_key_entry(first, tags, surfaces, entities) for first, tags, surfaces in key.values()),
        numbers=dict(tagger.used),
    )


def _key_entry(first: Mention, tags: list[str], surfaces: list[str], entities: Sequence[Entity]) -> KeyEntry:
    if first.entity is None:
        return KeyEntry(None, first.label, first.label, tuple(tags), tuple(surfaces))
    entity = entities[first.entity]
    return KeyEntry(entity.id, entity.label, entity.category, tuple(tags), tuple(surfaces))

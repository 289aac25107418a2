"""The Danish pack's entity normalization (the seed's NEN): the pack's spans made one mention per stretch of
text (overlapping spans united, the longest one's label), each with its certainty, and grouped into referents:
a person's mention whose words all belong to one longer name found in the text is that person ("Holm" and
"Lene Holm" of "Lene Thorsager Holm"; "Sofie Krags" of "Sofie Krag"), any other mention is its folded surface's."""
from __future__ import annotations

from anonymizer.types import Entity, Mention

from . import vocabulary
from .detect import Found
from .fold import fold

#: which of two spans of one length gives the united mention its label
_PRIORITY = ("CDCR_ID", "EMAIL_ADDRESS", "PHONE_NUMBER", "ID", "URL", "SPELLED_NAME", "DATE", "AGE", "PERSON",
             "ORGANIZATION", "LOCATION", "OCCUPATION")
_SOURCES = {"rule": "rule", "spacy": "spacy", "rescan": "rescan"}


def unite(found: list[Found]) -> list[tuple[int, int, str, tuple[str, ...]]]:
    """Overlapping spans as one (start, end, label, sources): the label of the longest span (then a rule's
    over the NER's: "Fjordbyg ApS" is a firm whatever the tagger says; then by :data:`_PRIORITY`), the sources
    of all."""
    out: list[list] = []
    for f in sorted(found, key=lambda f: (f.start, -f.end)):
        if out and f.start < out[-1][1]:
            out[-1][1] = max(out[-1][1], f.end)
            out[-1][2].append(f)
        else:
            out.append([f.start, f.end, [f]])
    united = []
    for start, end, members in out:
        best = min(members, key=lambda f: (-(f.end - f.start), f.source != "rule", _rank(f.label)))
        united.append((start, end, best.label, tuple(sorted({_SOURCES[f.source] for f in members}))))
    return united


def _rank(label: str) -> int:
    return _PRIORITY.index(label) if label in _PRIORITY else len(_PRIORITY)


def _confidence(sources: tuple[str, ...]) -> int:
    """1: a rule or two of the pass's ways agree; 2: the NER alone, or a name found again."""
    return 1 if "rule" in sources or len(sources) > 1 else 2


def _words(surface: str) -> tuple[str, ...]:
    return tuple(fold(w.strip(".,")) for w in surface.split())


def _within(words: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Every word of ``words`` is a word of ``name``, or it with a genitive ``s`` ("Krags" of "Sofie Krag")."""
    return words != name and len(words) <= len(name) and all(
        w in name or (w.endswith("s") and w[:-1] in name) for w in words)


def category(label: str, surface: str) -> str:
    """The tag's category: an address or a town, a firm; the label itself otherwise."""
    if label == "LOCATION":
        return "ADDRESS" if any(c.isdigit() for c in surface) or surface.split()[-1].casefold().endswith(
            vocabulary.STRONG_STREET_ENDINGS) else "CITY"
    if label == "ORGANIZATION":
        return "COMPANY"
    return label


def normalize(text: str, found: list[Found]) -> tuple[tuple[Mention, ...], tuple[Entity, ...]]:
    united = unite(found)
    names = sorted({_words(text[s:e]) for s, e, label, _ in united if label == "PERSON"}, key=len, reverse=True)
    keys: dict[tuple, int] = {}
    entities: list[Entity] = []
    mentions: list[Mention] = []
    for start, end, label, sources in united:
        surface = text[start:end]
        if label == "PERSON":
            words = _words(surface)
            owners = [n for n in names if _within(words, n) and not _within(n, words)]
            key = ("PERSON", owners[0] if len(owners) == 1 or (owners and len(set(owners)) == 1) else words)
        else:
            key = (label, fold(" ".join(surface.split())))
        if key not in keys:
            keys[key] = len(entities)
            entities.append(Entity(id=len(entities), label=label, category=category(label, surface), name=surface))
        entity = keys[key]
        if label == "PERSON" and len(surface) > len(entities[entity].name):
            entities[entity] = Entity(id=entity, label=label, category=label, name=surface)
        mentions.append(Mention(start=start, end=end, label=label, sources=sources, confidence=_confidence(sources),
                                entity=entity))
    variants: dict[int, set[str]] = {}
    for m in mentions:
        variants.setdefault(m.entity, set()).add(text[m.start:m.end])
    entities = [Entity(id=e.id, label=e.label, category=e.category, name=e.name,
                       variants=tuple(sorted(variants.get(e.id, set()) - {e.name}))) for e in entities]
    return tuple(mentions), tuple(entities)

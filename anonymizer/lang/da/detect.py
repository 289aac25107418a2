"""The Danish pack's own detection, without the core's English stages: the trained NER's persons, places and
firms, the rule recognizers, and the seed's entity normalization (every name found is looked for again in the
whole text, whole and by its parts, æ/ø/å folded: "Lars Kold" finds "Kold" and "Lars K. Kold"). Read by
``benchmarks/quality.py --language da`` and by the core through the pack."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import regex as re

from . import vocabulary
from .fold import variants
from .recognizers import build_recognizers

MODEL = Path(__file__).resolve().parent / "model"
#: the NER's labels -> the project's
NER_LABELS = {"PER": "PERSON", "LOC": "LOCATION", "ORG": "ORGANIZATION"}


@dataclass(frozen=True, slots=True)
class Found:
    start: int
    end: int
    label: str
    source: str  # "rule", "spacy" or "rescan"


@lru_cache(maxsize=1)
def nlp():
    """The trained Danish pipeline (``model/``), loaded once."""
    import spacy

    return spacy.load(MODEL)


@lru_cache(maxsize=1)
def _recognizers():
    return tuple(build_recognizers())


def ner_spans(text: str) -> list[Found]:
    """The NER's entities, a person's kept only if one of its words could be a name (not a role or a heading)."""
    found = []
    for ent in nlp()(text).ents:
        label = NER_LABELS.get(ent.label_)
        words = [w for w in ent.text.split() if w[:1].isupper()]
        if label is None or not words:
            continue
        if all(w.lower() in _ROLE_OR_TITLE or w.rstrip(".:") in vocabulary.HEADING_WORDS for w in words):
            continue
        found.append(Found(ent.start_char, ent.end_char, label, "spacy"))
    return found


_ROLE_OR_TITLE = frozenset(w.lower() for w in (*vocabulary.ROLE_WORDS, *vocabulary.TITLE_WORDS))


def rule_spans(text: str) -> list[Found]:
    found = []
    for recognizer in _recognizers():
        found.extend(Found(r.start, r.end, r.entity_type, "rule") for r in recognizer.analyze(text, []))
    return found


def rescan(text: str, found: list[Found]) -> list[Found]:
    """Every person's name (and each part of it that is no common word, three letters or more) and every
    firm found once, looked for everywhere (a genitive ``s`` and the ``aa``/``oe``/``ae`` spellings too)."""
    forms: dict[str, str] = {}
    for f in found:
        if f.label not in ("PERSON", "ORGANIZATION"):
            continue
        surface = text[f.start:f.end]
        forms.setdefault(surface, f.label)
        if f.label == "PERSON":
            for part in surface.split():
                part = part.strip(".,")
                if len(part) >= 3 and not vocabulary.is_common_word(part) and part.lower() not in _ROLE_OR_TITLE:
                    forms.setdefault(part, "PERSON")
    if not forms:
        return []
    spellings = sorted({v for form in forms for v in variants(form)}, key=len, reverse=True)
    label_of = {v: forms[form] for form in forms for v in variants(form)}
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(s) for s in spellings) + r")(?:s)?(?![\w-])",
                         re.IGNORECASE)
    out = []
    for m in pattern.finditer(text):
        word = m.group()
        key = next((s for s in (word, word[:-1]) if s.lower() in {k.lower() for k in label_of}), None)
        if key is None:
            continue
        if word.islower() and vocabulary.is_common_word(word):
            continue  # "holm", "skov" in running text: words, not the name
        label = next(v for k, v in label_of.items() if k.lower() == key.lower())
        out.append(Found(m.start(), m.end(), label, "rescan"))
    return out


def detect(text: str, use_ner: bool = True) -> list[Found]:
    """Rules, the NER (unless ``use_ner`` is off) and the rescan, overlapping spans kept as found."""
    found = rule_spans(text) + (ner_spans(text) if use_ner and MODEL.is_dir() else [])
    return found + rescan(text, found)

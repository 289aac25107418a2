"""The one confidence rule and the one mention union, shared by detect, merge and normalize.

Confidence (trust tier) of a set of sources: 1 = a header, rule or manual source, or two
distinct NER tools; 2 = one NER tool; 3 = re-scan / fuzzy only.  When mentions are
united, the result has the union of their sources (canonical order), the maximum score
and confidence 1 when the united sources are tier 1, else the lowest (best) confidence
of the parts.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Sequence

from anonymizer.types import SOURCES, Mention

#: Sources trusted on their own (confidence 1).
HIGH_TRUST_SOURCES = frozenset({"header", "rule", "manual"})
#: Statistical NER tools; two of them agreeing make a mention high-trust.
NER_SOURCES = frozenset({"presidio", "spacy", "stanza", "transformers"})
_SOURCE_ORDER = {source: i for i, source in enumerate(SOURCES)}


def sorted_sources(sources: Iterable[str]) -> tuple[str, ...]:
    """Distinct sources in the canonical order of :data:`anonymizer.types.SOURCES` (unknown ones last)."""
    return tuple(sorted(set(sources), key=lambda s: (_SOURCE_ORDER.get(s, len(_SOURCE_ORDER)), s)))


def confidence_of(sources: Iterable[str]) -> int:
    """1 = header/rule/manual or two NER tools; 2 = one NER tool; 3 = re-scan/fuzzy only."""
    present = set(sources)
    if present & HIGH_TRUST_SOURCES or len(present & NER_SOURCES) >= 2:
        return 1
    return 2 if present & NER_SOURCES else 3


def united_confidence(sources: Iterable[str], confidences: Iterable[int]) -> int:
    """Confidence of united mentions: 1 when their sources together are tier 1, else the best part's."""
    return 1 if confidence_of(sources) == 1 else min(confidences)


def unite(parts: Sequence[Mention], start: int | None = None, end: int | None = None, **fields) -> Mention:
    """One mention standing for ``parts`` (label and entity of the first unless given in ``fields``).

    Bounds default to the union of the parts' spans; sources are unioned, the score is the
    maximum, the confidence follows :func:`united_confidence`.
    """
    sources = sorted_sources(s for m in parts for s in m.sources)
    return replace(
        parts[0],
        start=min(m.start for m in parts) if start is None else start,
        end=max(m.end for m in parts) if end is None else end,
        sources=sources,
        score=max(m.score for m in parts),
        confidence=united_confidence(sources, (m.confidence for m in parts)),
        **fields,
    )

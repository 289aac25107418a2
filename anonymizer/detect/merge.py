"""Merge the raw mentions of several detectors into one clean, non-overlapping list.

The paper (§4.3) removes duplicates, keeps the longer of two spans sharing a start
or an end, and cuts partial overlaps apart.  This module does the same without ever
dropping a character: **every non-whitespace character covered by an input mention is
covered by an output mention** (the anti-leak invariant).

Steps, all deterministic and independent of the input order:

1. *Trim*: each span loses leading/trailing whitespace; whitespace-only spans vanish.
2. *Union same label*: overlapping mentions of the same label become one mention over
   the union of their spans (this covers "same start, keep the longer", "same end, keep
   the longer" and partial overlaps of agreeing labels).
3. *Collapse identical spans*: mentions of different labels on exactly the same span
   become one; its label is the one of the strongest mention (see rank below).
4. *Resolve conflicts*: overlapping mentions of different labels are visited strongest
   first; each keeps the parts of its span not taken by a stronger one (trimmed again).
   A mention left with nothing is *absorbed*: its sources join the mentions that took
   its characters (absorbed detections count as agreement).

Rank (strongest first): trust tier of the sources (1: header / rule / manual or two NER
tools; 2: one NER tool; 3: re-scan / fuzzy only), a header / rule / manual source before two
NER tools within tier 1, then span length (longer wins), then
label priority :data:`LABEL_PRIORITY` (precise labels first), then position.

Output mentions get the union of sources (canonical order), the maximum score, and
confidence 1 when a header/rule/manual source or two distinct NER tools are among
the sources, else the minimum confidence of the inputs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from anonymizer.lang.en import lexicon
from anonymizer.lang.en.transcript import tag_roles
from anonymizer.resolve import HIGH_TRUST_SOURCES, NER_SOURCES, confidence_of, united_confidence
from anonymizer.resolve import sorted_sources as _sorted_sources
from anonymizer.spans import free_pieces, trim_space
from anonymizer.types import Mention

__all__ = ["HIGH_TRUST_SOURCES", "LABEL_PRIORITY", "NER_SOURCES", "merge", "merge_adjacent_same_label"]

#: Labels from the most to the least precise: ties between conflicting spans go to
#: the earlier label.  Regex/rule labels first, then names, temporal values, places,
#: organizations, NRP.  Unknown labels come last (alphabetically).
LABEL_PRIORITY: tuple[str, ...] = (
    "CDCR_ID",
    "ID",  # a case, badge or booking number after its name ("badge 20-4471"), never a date
    "SPELLED_NAME",
    "SPELLED_OUT_ITEM",
    "EMAIL_ADDRESS",
    "URL",
    "PHONE_NUMBER",
    "MONEY",  # a sum with its currency ("1,000 Austrian schillings"): never a person, its country no NRP
    "QUANTITY",  # a judgment's "33%", "seven other persons": a number, never a date nor a person
    "PERSON",
    "AGE",
    "HEIGHT",
    "TIME",
    "DATE",
    "LOCATION",
    "ORGANIZATION",
    "NRP",
    "OCCUPATION",  # "a medical practitioner": a place or a body inside it keeps its own label
)
_PRIORITY = {label: i for i, label in enumerate(LABEL_PRIORITY)}



@dataclass(frozen=True, slots=True)
class _Span:
    """Working form of a mention while merging (sources as a frozenset)."""

    start: int
    end: int
    label: str
    sources: frozenset[str]
    score: float
    confidence: int
    entity: int | None

    def order_key(self) -> tuple:
        """Total order used to make every step independent of the input order."""
        return (
            self.start,
            self.end,
            self.label,
            _sorted_sources(self.sources),
            self.score,
            self.confidence,
            -1 if self.entity is None else self.entity,
        )

    def rank_key(self) -> tuple:
        """Strongest first: trust tier, a header/rule/manual source before two tools that agree (a title page's
        participant inside the taggers' firm stays a person), longer span, label priority, position."""
        return (
            confidence_of(self.sources),
            not self.sources & HIGH_TRUST_SOURCES,
            -(self.end - self.start),
            _label_rank(self.label),
            self.order_key(),
        )

    def to_mention(self) -> Mention:
        return Mention(
            start=self.start,
            end=self.end,
            label=self.label,
            sources=_sorted_sources(self.sources),
            score=self.score,
            confidence=self.confidence,
            entity=self.entity,
        )


def _label_rank(label: str) -> tuple[int, str]:
    return (_PRIORITY.get(label, len(_PRIORITY)), label)


def _combine(start: int, end: int, label: str, parts: list[_Span]) -> _Span:
    """One span standing for ``parts``: sources unioned, max score, confidence rule."""
    sources = frozenset().union(*(p.sources for p in parts))
    confidence = united_confidence(sources, (p.confidence for p in parts))
    entities = {p.entity for p in parts}
    return _Span(
        start=start,
        end=end,
        label=label,
        sources=sources,
        score=max(p.score for p in parts),
        confidence=confidence,
        entity=entities.pop() if len(entities) == 1 else None,
    )


def _from_mention(mention: Mention, text: str) -> _Span | None:
    if mention.end > len(text):
        raise ValueError(f"mention {mention.start}:{mention.end} beyond text of length {len(text)}")
    bounds = trim_space(text, mention.start, mention.end)
    if bounds is None:
        return None
    sources = frozenset(mention.sources)
    return _Span(
        start=bounds[0],
        end=bounds[1],
        label=mention.label,
        sources=sources,
        score=mention.score,
        confidence=united_confidence(sources, (mention.confidence,)),
        entity=mention.entity,
    )


def _overlap_groups(spans: list[_Span]) -> list[list[_Span]]:
    """Groups of transitively overlapping spans (input sorted by ``order_key``)."""
    groups: list[list[_Span]] = []
    group_end = -1
    for span in spans:
        if groups and span.start < group_end:
            groups[-1].append(span)
            group_end = max(group_end, span.end)
        else:
            groups.append([span])
            group_end = span.end
    return groups


def _union_same_label(spans: list[_Span]) -> list[_Span]:
    by_label: dict[str, list[_Span]] = {}
    for span in spans:
        by_label.setdefault(span.label, []).append(span)
    merged: list[_Span] = []
    for label, same in by_label.items():
        for group in _overlap_groups(sorted(same, key=_Span.order_key)):
            start = min(s.start for s in group)
            end = max(s.end for s in group)
            merged.append(group[0] if len(group) == 1 else _combine(start, end, label, group))
    return merged


def _collapse_identical(spans: list[_Span]) -> list[_Span]:
    by_bounds: dict[tuple[int, int], list[_Span]] = {}
    for span in spans:
        by_bounds.setdefault((span.start, span.end), []).append(span)
    collapsed: list[_Span] = []
    for (start, end), same in by_bounds.items():
        if len(same) == 1:
            collapsed.append(same[0])
        else:
            label = min(same, key=_Span.rank_key).label
            collapsed.append(_combine(start, end, label, same))
    return collapsed


#: what a piece cut out of a longer span may start with and is not part of it
_CUT_LEAD = frozenset(".,;:!? \t\n")


def _free_pieces(span: _Span, taken: list[_Span], text: str) -> list[tuple[int, int]]:
    """Parts of ``span`` not covered by ``taken`` (non-overlapping), trimmed of white space and of
    the punctuation a cut leaves in front (``. Little`` of the tagger's ``Maribel Little. Little``)."""
    pieces = free_pieces(span.start, span.end, ((t.start, t.end) for t in taken))
    return [bounds for piece in pieces if (bounds := trim_space(text, *_lead_cut(text, *piece))) is not None]


def _lead_cut(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in _CUT_LEAD:
        start += 1
    return start, end


def _bracketed_roles(piece: str) -> bool:
    """A piece in brackets of stop words and a role's word ("(THROUGH INTERPRETER)")."""
    words = [w.strip(".,;:()[]") for w in piece.split()]
    return piece.startswith("(") and piece.endswith(")") and any(map(lexicon.is_role_word, words)) \
        and all(lexicon.is_stop_word(w.casefold()) or lexicon.is_role_word(w) for w in words)


def _resolve_conflicts(group: list[_Span], text: str) -> list[_Span]:
    """Non-overlapping spans covering the non-whitespace characters of ``group`` (but the punctuation
    a cut leaves in front of a piece)."""
    if len(group) == 1:
        return group
    taken: list[_Span] = []
    absorbed: dict[int, list[_Span]] = {}
    for span in sorted(group, key=_Span.rank_key):
        pieces = _free_pieces(span, taken, text)
        if span.sources <= NER_SOURCES and pieces != [(span.start, span.end)] and any(
                t.sources & HIGH_TRUST_SOURCES and t.start < span.end and span.start < t.end for t in taken):
            # what a tagger's span keeps around a title page's or a rule's mention: no piece of role words only
            # ("Nurse Practitioner" before a title page's participant), nor of role and stop words in brackets
            # ("(THROUGH INTERPRETER)" after a speaker tag's "[CASTAÑEDA]")
            pieces = [(s, e) for s, e in pieces if not all(tag_roles([w.strip(".,;()").upper() for w in text[s:e].split()]))
                      and not _bracketed_roles(text[s:e])]
        if pieces:
            taken.extend(
                _Span(s, e, span.label, span.sources, span.score, span.confidence, span.entity)
                for s, e in pieces
            )
            continue
        for index, other in enumerate(taken):
            if other.start < span.end and span.start < other.end:
                absorbed.setdefault(index, []).append(span)
    return [
        _combine(t.start, t.end, t.label, [t, *absorbed[i]]) if i in absorbed else t
        for i, t in enumerate(taken)
    ]


def merge(mentions: Iterable[Mention], text: str) -> tuple[Mention, ...]:
    """Sorted, pairwise non-overlapping, whitespace-trimmed mentions (see module doc)."""
    spans = [span for m in mentions if (span := _from_mention(m, text)) is not None]
    spans = _collapse_identical(_union_same_label(spans))
    result: list[_Span] = []
    for group in _overlap_groups(sorted(spans, key=_Span.order_key)):
        result.extend(_resolve_conflicts(group, text))
    return tuple(span.to_mention() for span in sorted(result, key=_Span.order_key))


def merge_adjacent_same_label(mentions: Iterable[Mention], text: str) -> tuple[Mention, ...]:
    """Join consecutive mentions of one label separated by exactly one space.

    ``John`` (PERSON) + ``Doe`` (PERSON) in ``"John Doe"`` become one PERSON
    ``John Doe``; chains join as a whole.  Other mentions pass through unchanged.
    """
    ordered = sorted(
        (_Span(m.start, m.end, m.label, frozenset(m.sources), m.score, m.confidence, m.entity) for m in mentions),
        key=_Span.order_key,
    )
    runs: list[list[_Span]] = []
    for span in ordered:
        if runs:
            last = runs[-1][-1]
            if last.label == span.label and span.start == last.end + 1 and text[last.end] == " ":
                runs[-1].append(span)
                continue
        runs.append([span])
    return tuple(
        (run[0] if len(run) == 1 else _combine(run[0].start, run[-1].end, run[0].label, run)).to_mention()
        for run in runs
    )

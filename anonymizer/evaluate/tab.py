"""Evaluation, TAB's own token scores: precision and recall counted as the benchmark's ``evaluation.py``
counts them (NorskRegnesentral/text-anonymization-benchmark, uniform token weights).

They differ from :mod:`anonymizer.evaluate`'s token scores in three ways:

* recall counts a token of a skip word (``Mr``, ``the``, ``between``: ``TAB_SKIP``) as masked, as TAB's
  entity recall does;
* recall counts the tokens of every mention of an entity to mask, its NO_MASK mentions too, once per
  mention (ours: the DIRECT and QUASI spans' tokens, each position once);
* precision counts a predicted token right when one DIRECT or QUASI gold mention holds it whole, once per
  predicted span (ours: the union of those mentions, each position once).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Sequence

from anonymizer.evaluate.report import MASK_TYPES, TAB_SKIP, TOKEN, Score, Span

__all__ = ["official_scores"]


def official_scores(gold: Sequence[Span], pred: Sequence[Span], text: str) -> Score:
    """TAB's token precision (``pred_correct`` of ``pred_total``) and token recall (``gold_found`` of
    ``gold_total``) of one document's predicted spans."""
    masked = _offsets(pred)
    found = total = 0
    for mentions in _entities(gold):
        for span in mentions:
            for token in TOKEN.finditer(text, span.start, span.end):
                total += 1
                found += _masked(text, token.start(), token.end(), masked)
    holders = [(s.start, s.end) for s in gold if s.identifier in MASK_TYPES]
    correct = predicted = 0
    for span in pred:
        for token in TOKEN.finditer(text, span.start, span.end):
            predicted += 1
            correct += any(start <= token.start() and token.end() <= end for start, end in holders)
    return Score(pred_correct=correct, pred_total=predicted, gold_found=found, gold_total=total)


def _entities(gold: Sequence[Span]) -> list[list[Span]]:
    """The mentions of each entity with a DIRECT or QUASI mention (TAB: ``need_masking``)."""
    entities: dict[str, list[Span]] = defaultdict(list)
    for i, span in enumerate(gold):
        entities[span.entity_id or f"#{i}"].append(span)
    return [m for m in entities.values() if any(s.identifier in MASK_TYPES for s in m)]


def _offsets(spans: Sequence[Span]) -> set[int]:
    return {i for s in spans for i in range(s.start, s.end)}


def _masked(text: str, start: int, end: int, masked: set[int]) -> bool:
    """Every character of the token is masked, or the token is a skip word (TAB's ``is_mention_masked``)."""
    missing = set(range(start, end)) - masked
    if missing:
        for skip in TAB_SKIP.finditer(text[start:end].lower()):
            missing -= set(range(start + skip.start(), start + skip.end()))
    return not missing

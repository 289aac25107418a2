"""Compare predicted spans with gold spans: the numbers of the paper's Table 3 and more.

Two gold formats are read:

* the seed's annotations format, ``[{"file": NAME, "annotations": [{"start", "end",
  "label", "preview", ...}]}]`` (a JSON file, or a folder holding ``annotations.json``
  or ``gold.json``), which is also what ``anonymize`` writes;
* TAB jsonl (Text Anonymization Benchmark): one judgment per line with ``entities``
  carrying ``identifier_type`` DIRECT / QUASI / NO_MASK.

Metrics (all micro-averaged over files):

* exact span: a prediction matches a gold span of the same label with identical offsets;
* token level: tokens are ``\\w+`` runs inside spans; a gold token is found when
  predictions of its label cover it, a predicted token is correct when gold spans of its
  label cover it; "redaction" does the same ignoring labels (masked by anything);
* character coverage: share of non-whitespace gold characters covered by any prediction;
* uncovered entities: gold entities with a mention not fully covered by predictions;
* TAB: entity-level recall for DIRECT and QUASI entities (protected only when every
  mention that must be masked is masked) and token precision/recall of the masking.

File names are matched on their base name without a ``.txt``/``.pdf`` suffix, so
``hearing_01.txt``, ``some/dir/hearing_01.pdf`` and ``hearing_01`` are the same file.

The data (spans, scores, the report) live in :mod:`~anonymizer.evaluate.report`, the file
reading in :mod:`~anonymizer.evaluate.load`; this module computes the scores.
"""
from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from anonymizer.evaluate.load import (
    annotations_path,
    file_key,
    load_annotations,
    load_tab,
    load_texts,
    parse_label_map,
    read_tab,
)
from anonymizer.evaluate.report import (
    EvaluationError,
    LABEL_MAP_PRESETS,
    MASK_TYPES,
    OVERALL,
    Report,
    Score,
    Span,
    Spans,
    TAB_LABEL_MAP,
    TAB_SKIP,
    TAB_SKIP_WORDS,
    TOKEN,
    TabScores,
    UncoveredEntity,
)
from anonymizer.evaluate.tab import official_scores

__all__ = [
    "Cover",
    "CoveredRule",
    "EvaluationError",
    "LABEL_MAP_PRESETS",
    "MASK_TYPES",
    "OVERALL",
    "Report",
    "Score",
    "Span",
    "Spans",
    "TAB_LABEL_MAP",
    "TAB_SKIP",
    "TAB_SKIP_WORDS",
    "TOKEN",
    "TabScores",
    "UncoveredEntity",
    "annotations_path",
    "evaluate",
    "evaluate_paths",
    "file_key",
    "load_annotations",
    "load_tab",
    "load_texts",
    "parse_label_map",
    "read_tab",
    "tab_masked",
]


# ---------------------------------------------------------------- computing


def evaluate(
    gold: Spans,
    pred: Spans,
    texts: Mapping[str, str] | None = None,
    *,
    label_map: Mapping[str, str] | None = None,
    tab: bool = False,
) -> Report:
    """Score ``pred`` against ``gold`` (both keyed by file name).

    ``texts`` gives each file's text (needed for token counts unless every span carries
    its ``preview``). ``label_map`` renames labels on both sides before comparing.
    ``tab``: gold spans carry TAB identifier types; only DIRECT/QUASI spans are gold for
    the label metrics (NO_MASK spans must not be masked) and TAB's metrics are added.
    """
    label_map = dict(label_map or {})
    gold = {file_key(f): _relabel(s, label_map) for f, s in gold.items()}
    pred = {file_key(f): _relabel(s, label_map) for f, s in pred.items()}
    texts = {file_key(f): t for f, t in (texts or {}).items()}
    files = sorted(gold)
    must_mask = {f: [s for s in spans if not tab or s.identifier in MASK_TYPES] for f, spans in gold.items()}

    span_scores: dict[str, Score] = defaultdict(Score)
    token_scores: dict[str, Score] = defaultdict(Score)
    redaction = Score()
    covered = total = 0
    uncovered: list[UncoveredEntity] = []
    for name in files:
        g, p, text = must_mask[name], list(pred.get(name, ())), texts.get(name)
        for label, score in _exact(g, p).items():
            span_scores[label] += score
        for label, score in _token_scores(name, g, p, text).items():
            token_scores[label] += score
        redaction += _token_score(name, g, p, text)
        c, t = _char_coverage(name, g, p, text)
        covered, total = covered + c, total + t
        uncovered += _uncovered_entities(name, g, p, text, _tab_masked if tab else _fully_covered)
    return Report(
        spans=_with_overall(span_scores),
        tokens=_with_overall(token_scores),
        redaction=redaction,
        chars_covered=covered,
        chars_total=total,
        uncovered=tuple(uncovered),
        files=len(files),
        files_without_prediction=tuple(f for f in files if f not in pred),
        tab=_tab_scores(gold, pred, texts) if tab else None,
        label_map=label_map,
    )


def _exact(gold: Sequence[Span], pred: Sequence[Span]) -> dict[str, Score]:
    gold_set = {(s.start, s.end, s.label) for s in gold}
    pred_set = {(s.start, s.end, s.label) for s in pred}
    hits = gold_set & pred_set
    labels = {k[2] for k in gold_set | pred_set}
    return {
        label: Score(
            pred_correct=sum(1 for k in hits if k[2] == label),
            pred_total=sum(1 for k in pred_set if k[2] == label),
            gold_found=sum(1 for k in hits if k[2] == label),
            gold_total=sum(1 for k in gold_set if k[2] == label),
        )
        for label in labels
    }


def _token_scores(name: str, gold: Sequence[Span], pred: Sequence[Span], text: str | None) -> dict[str, Score]:
    labels = {s.label for s in gold} | {s.label for s in pred}
    return {
        label: _token_score(name, [s for s in gold if s.label == label], [s for s in pred if s.label == label], text)
        for label in labels
    }


def _token_score(name: str, gold: Sequence[Span], pred: Sequence[Span], text: str | None) -> Score:
    """Tokens of ``pred`` covered by ``gold`` (precision) and of ``gold`` covered by ``pred`` (recall)."""
    gold_tokens, pred_tokens = _tokens(name, gold, text), _tokens(name, pred, text)
    gold_cover, pred_cover = Cover(gold), Cover(pred)
    return Score(
        pred_correct=sum(1 for t in pred_tokens if gold_cover.covers(*t)),
        pred_total=len(pred_tokens),
        gold_found=sum(1 for t in gold_tokens if pred_cover.covers(*t)),
        gold_total=len(gold_tokens),
    )


def _char_coverage(name: str, gold: Sequence[Span], pred: Sequence[Span], text: str | None) -> tuple[int, int]:
    """(covered, total) non-whitespace characters of the gold spans (each position once)."""
    positions = {i for s in gold for i, ch in _chars(name, s, text) if not ch.isspace()}
    cover = Cover(pred)
    return sum(1 for i in positions if cover.covers(i, i + 1)), len(positions)


def _uncovered_entities(
    name: str, gold: Sequence[Span], pred: Sequence[Span], text: str | None, covered: "CoveredRule"
) -> list[UncoveredEntity]:
    cover = Cover(pred)
    groups: dict[tuple[str, str], list[Span]] = defaultdict(list)
    for span in sorted(gold, key=lambda s: (s.start, s.end)):
        groups[_entity_key(name, span, text)].append(span)
    result, numbers = [], defaultdict(int)
    for (kind, key), spans in groups.items():
        if kind == "form":
            numbers[spans[0].label] += 1
        missed = [s for s in spans if not covered(name, s, text, cover)]
        if not missed:
            continue
        entity = key if kind == "id" else f"{spans[0].label}#{numbers[spans[0].label]}"
        result.append(
            UncoveredEntity(
                file=name,
                entity=entity,
                label=spans[0].label,
                uncovered=len(missed),
                mentions=len(spans),
                offsets=tuple((s.start, s.end) for s in missed),
                preview=_span_text(name, missed[0], text),
            )
        )
    return result


def _entity_key(name: str, span: Span, text: str | None) -> tuple[str, str]:
    if span.entity_id:
        return ("id", span.entity_id)
    form = " ".join(TOKEN.findall(_span_text(name, span, text).casefold()))
    return ("form", f"{span.label}\x00{form}")


def _fully_covered(name: str, span: Span, text: str | None, cover: "Cover") -> bool:
    """Every non-whitespace character of the span is covered."""
    return all(cover.covers(i, i + 1) for i, ch in _chars(name, span, text) if not ch.isspace())


def _tab_masked(name: str, span: Span, text: str | None, cover: "Cover") -> bool:
    """TAB's rule: every character is covered except titles, function words and punctuation."""
    surface = _span_text(name, span, text)
    missing = {i for i in range(span.start, span.end) if not cover.covers(i, i + 1)}
    for skip in TAB_SKIP.finditer(surface.lower()):
        missing -= set(range(span.start + skip.start(), span.start + skip.end()))
    return not missing


def tab_masked(text: str, span: Span, cover: "Cover") -> bool:
    """Whether one gold mention is masked by ``cover`` as TAB's own evaluation reads it (skip words aside)."""
    return _tab_masked("", span, text, cover)


CoveredRule = Callable[[str, Span, "str | None", "Cover"], bool]


def _tab_scores(gold: Spans, pred: Spans, texts: Mapping[str, str]) -> TabScores:
    recall = {kind: [0, 0] for kind in MASK_TYPES}
    masking = official = Score()
    no_mask_masked = no_mask_total = 0
    for name in sorted(gold):
        spans, text = gold[name], texts.get(name)
        p = list(pred.get(name, ()))
        cover = Cover(p)
        for kind, protected in _tab_entities(name, spans, text, cover):
            recall[kind][0] += protected
            recall[kind][1] += 1
        masking += _token_score(name, [s for s in spans if s.identifier in MASK_TYPES], p, text)
        if text is not None:
            official += official_scores(spans, p, text)
        no_mask = _tokens(name, [s for s in spans if s.identifier == "NO_MASK"], text)
        no_mask_masked += sum(1 for t in no_mask if cover.covers(*t))
        no_mask_total += len(no_mask)
    return TabScores(
        entity_recall={k: (v[0], v[1]) for k, v in recall.items()},
        masking=masking,
        no_mask_tokens=(no_mask_masked, no_mask_total),
        official=official,
    )


def _tab_entities(name: str, spans: Sequence[Span], text: str | None, cover: "Cover") -> Iterable[tuple[str, bool]]:
    """(DIRECT or QUASI, protected) per entity that must be masked.

    An entity is DIRECT if any mention is, else QUASI if any mention is; it is protected
    when all its DIRECT/QUASI mentions are fully masked.
    """
    entities: dict[str, list[Span]] = defaultdict(list)
    for i, span in enumerate(spans):
        entities[span.entity_id or f"#{i}"].append(span)
    for mentions in entities.values():
        to_mask = [s for s in mentions if s.identifier in MASK_TYPES]
        if not to_mask:
            continue
        kind = "DIRECT" if any(s.identifier == "DIRECT" for s in to_mask) else "QUASI"
        yield kind, all(_tab_masked(name, s, text, cover) for s in to_mask)


def _with_overall(scores: Mapping[str, Score]) -> dict[str, Score]:
    result = {label: scores[label] for label in sorted(scores)}
    result[OVERALL] = sum(scores.values(), Score())
    return result


def _relabel(spans: Sequence[Span], label_map: Mapping[str, str]) -> list[Span]:
    if not label_map:
        return list(spans)
    return [
        Span(s.start, s.end, label_map.get(s.label, s.label), s.entity_id, s.identifier, s.preview) for s in spans
    ]


class Cover:
    """The union of some spans, answering "is [start, end) entirely covered?"."""

    def __init__(self, spans: Iterable[Span]) -> None:
        merged: list[list[int]] = []
        for start, end in sorted((s.start, s.end) for s in spans):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self._starts = [m[0] for m in merged]
        self._ends = [m[1] for m in merged]

    def covers(self, start: int, end: int) -> bool:
        i = bisect_right(self._starts, start) - 1
        return i >= 0 and self._ends[i] >= end


def _span_text(name: str, span: Span, text: str | None) -> str:
    if text is not None:
        return text[span.start : span.end]
    if len(span.preview) == span.end - span.start:
        return span.preview
    raise EvaluationError(f"{name}: no text for span {span.start}:{span.end} (give the document texts)")


def _chars(name: str, span: Span, text: str | None) -> Iterable[tuple[int, str]]:
    return enumerate(_span_text(name, span, text), start=span.start)


def _tokens(name: str, spans: Sequence[Span], text: str | None) -> set[tuple[int, int]]:
    """``\\w+`` runs inside the spans, as absolute (start, end), each position once."""
    return {
        (span.start + m.start(), span.start + m.end())
        for span in spans
        for m in TOKEN.finditer(_span_text(name, span, text))
    }




def evaluate_paths(
    gold_path: str | Path,
    pred_path: str | Path,
    fmt: str = "seed",
    label_map: Mapping[str, str] | None = None,
) -> Report:
    """Load gold and predictions from disk and evaluate (what ``manage.py evaluate`` runs).

    ``fmt="seed"``: both are annotations files/folders; texts are taken from the gold's
    folder, else the prediction's (``anonymize`` writes ``text/NAME.txt``), else from the
    previews; where both folders have a text they must agree. ``fmt="tab"``: gold is TAB jsonl (texts included) and the label map
    defaults to ``TAB_LABEL_MAP``.
    """
    pred = load_annotations(pred_path)
    if fmt == "tab":
        gold, texts = load_tab(gold_path)
        _check_texts(texts, load_texts(pred_path, gold))
        mapping = TAB_LABEL_MAP if label_map is None else label_map
        return evaluate(gold, pred, texts, label_map=mapping, tab=True)
    if fmt != "seed":
        raise EvaluationError(f"unknown format {fmt!r}: use seed or tab")
    gold = load_annotations(gold_path)
    pred_texts = load_texts(pred_path, gold)
    texts = load_texts(annotations_path(gold_path), gold)
    _check_texts(texts, pred_texts)
    return evaluate(gold, pred, {**pred_texts, **texts}, label_map=label_map)


def _check_texts(gold_texts: Mapping[str, str], pred_texts: Mapping[str, str]) -> None:
    """Refuse predictions whose normalized text differs from the gold text (offsets would not align).

    Differences in trailing white space only are accepted: they move no offset.
    """
    differing = sorted(
        name for name, text in pred_texts.items() if name in gold_texts and gold_texts[name].rstrip() != text.rstrip()
    )
    if differing:
        shown = ", ".join(differing[:5]) + (" ..." if len(differing) > 5 else "")
        count = len(differing)
        raise EvaluationError(f"{count} predicted text(s) differ from the gold text, offsets do not align: {shown}")

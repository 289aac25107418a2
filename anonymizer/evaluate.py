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
"""
from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Callable, Iterable, Mapping, Sequence

OVERALL = "OVERALL"
MASK_TYPES = ("DIRECT", "QUASI")
TOKEN = re.compile(r"\w+")
#: what TAB's own evaluation may leave unmasked in a masked mention (titles, function words,
#: punctuation, white space): annotators disagree on whether spans include them
TAB_SKIP_WORDS = (
    "mr mrs ms and or from until to about after as at before between by during for in into of "
    "on over since with the a an no nr ’s 's"
).split()
TAB_SKIP = re.compile(
    "|".join([rf"\b{re.escape(w)}\b" for w in TAB_SKIP_WORDS] + [re.escape(c) for c in ",.-;:/&()[]–'\" ’“”"])
)

#: our labels -> TAB's entity types, for ``--labels tab`` (and the default of ``--format tab``)
TAB_LABEL_MAP: dict[str, str] = {
    "PERSON": "PERSON",
    "SPELLED_NAME": "PERSON",
    "SPELLED_OUT_ITEM": "CODE",
    "CDCR_ID": "CODE",
    "ID": "CODE",
    "PHONE_NUMBER": "CODE",
    "EMAIL_ADDRESS": "CODE",
    "URL": "CODE",
    "LOCATION": "LOC",
    "ORGANIZATION": "ORG",
    "DATE": "DATETIME",
    "TIME": "DATETIME",
    "AGE": "DEM",
    "HEIGHT": "DEM",
    "NRP": "DEM",
}
LABEL_MAP_PRESETS: dict[str, dict[str, str]] = {"tab": TAB_LABEL_MAP}


class EvaluationError(ValueError):
    """Input that cannot be evaluated (bad file, missing text). Never carries document text."""


@dataclass(frozen=True, slots=True)
class Span:
    """One gold or predicted span; ``preview`` is ``text[start:end]`` when known."""

    start: int
    end: int
    label: str
    entity_id: str | None = None
    identifier: str | None = None  # TAB identifier_type: DIRECT, QUASI, NO_MASK
    preview: str = ""


Spans = Mapping[str, Sequence[Span]]


@dataclass(frozen=True, slots=True)
class Score:
    """Counts behind one precision/recall pair.

    ``pred_correct`` of ``pred_total`` predictions are right (precision);
    ``gold_found`` of ``gold_total`` gold items are found (recall). For exact spans both
    numerators are the number of matches. A ratio with a zero denominator is 0.
    """

    pred_correct: int = 0
    pred_total: int = 0
    gold_found: int = 0
    gold_total: int = 0

    @property
    def precision(self) -> float:
        return _ratio(self.pred_correct, self.pred_total)

    @property
    def recall(self) -> float:
        return _ratio(self.gold_found, self.gold_total)

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def __add__(self, other: "Score") -> "Score":
        return Score(
            self.pred_correct + other.pred_correct,
            self.pred_total + other.pred_total,
            self.gold_found + other.gold_found,
            self.gold_total + other.gold_total,
        )

    def to_dict(self) -> dict:
        return {
            "precision": round(self.precision, 6),
            "recall": round(self.recall, 6),
            "f1": round(self.f1, 6),
            "support": self.gold_total,
            "predicted": self.pred_total,
            "pred_correct": self.pred_correct,
            "gold_found": self.gold_found,
        }


@dataclass(frozen=True, slots=True)
class UncoveredEntity:
    """A gold entity with at least one mention not fully covered by any prediction."""

    file: str
    entity: str  # gold entity_id, else "<label>#<n>" numbered per file
    label: str
    uncovered: int  # mentions not fully covered
    mentions: int
    offsets: tuple[tuple[int, int], ...]  # the uncovered mentions
    preview: str  # surface form of the first uncovered mention (personal data)

    def to_dict(self, include_text: bool = False) -> dict:
        data = {
            "file": self.file,
            "entity": self.entity,
            "label": self.label,
            "uncovered": self.uncovered,
            "mentions": self.mentions,
            "offsets": [list(o) for o in self.offsets],
        }
        if include_text:
            data["preview"] = self.preview
        return data


@dataclass(frozen=True, slots=True)
class TabScores:
    """TAB's protection metrics."""

    entity_recall: dict[str, tuple[int, int]]  # DIRECT/QUASI -> (protected, entities)
    masking: Score  # tokens: pred correct = inside a must-mask gold span
    no_mask_tokens: tuple[int, int]  # (masked, total) tokens of NO_MASK spans

    def recall(self, kind: str) -> float:
        return _ratio(*self.entity_recall.get(kind, (0, 0)))

    def to_dict(self) -> dict:
        recall = {
            kind: {"recall": round(_ratio(p, n), 6), "protected": p, "entities": n}
            for kind, (p, n) in self.entity_recall.items()
        }
        masked, total = self.no_mask_tokens
        return {
            "entity_recall": recall,
            "token_precision": round(self.masking.precision, 6),
            "token_recall": round(self.masking.recall, 6),
            "masking_tokens": self.masking.to_dict(),
            "no_mask_tokens_masked": {"masked": masked, "total": total, "share": round(_ratio(masked, total), 6)},
        }


@dataclass(frozen=True, slots=True)
class Report:
    """Everything ``evaluate`` measures; ``to_text`` prints it, ``to_dict`` is JSON-able."""

    spans: dict[str, Score]  # per label, plus OVERALL
    tokens: dict[str, Score]  # per label, plus OVERALL
    redaction: Score  # tokens, labels ignored
    chars_covered: int
    chars_total: int
    uncovered: tuple[UncoveredEntity, ...]
    files: int
    files_without_prediction: tuple[str, ...] = ()
    tab: TabScores | None = None
    label_map: dict[str, str] = field(default_factory=dict)

    @property
    def char_coverage(self) -> float:
        return _ratio(self.chars_covered, self.chars_total)

    def to_dict(self, include_text: bool = False) -> dict:
        """JSON-able dict; entity previews (personal data) only with ``include_text``."""
        return {
            "files": self.files,
            "files_without_prediction": list(self.files_without_prediction),
            "span": {label: s.to_dict() for label, s in self.spans.items()},
            "token": {label: s.to_dict() for label, s in self.tokens.items()},
            "redaction": self.redaction.to_dict(),
            "char_coverage": {
                "covered": self.chars_covered,
                "total": self.chars_total,
                "share": round(self.char_coverage, 6),
            },
            "uncovered_entities": [u.to_dict(include_text) for u in self.uncovered],
            "tab": self.tab.to_dict() if self.tab else None,
            "label_map": dict(self.label_map),
        }

    def to_text(self, show_text: bool = False) -> str:
        """An aligned table (Label, P, R, F1, support for span and token level) and the rest."""
        lines = _table(self.spans, self.tokens)
        r = self.redaction
        lines += [
            "",
            f"Redaction (any label, tokens): P {r.precision:.3f}  R {r.recall:.3f}  "
            f"F1 {r.f1:.3f}  support {r.gold_total}",
            f"Gold characters covered: {self.char_coverage:.2%} ({self.chars_covered}/{self.chars_total})",
            f"Files: {self.files}"
            + (f" ({len(self.files_without_prediction)} without predictions)" if self.files_without_prediction else ""),
        ]
        if self.tab:
            lines += ["", *_tab_lines(self.tab)]
        lines += ["", f"Gold entities with a mention not fully covered: {len(self.uncovered)}"]
        lines += _uncovered_lines(self.uncovered, show_text)
        return "\n".join(lines) + "\n"


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


CoveredRule = Callable[[str, Span, "str | None", "Cover"], bool]


def _tab_scores(gold: Spans, pred: Spans, texts: Mapping[str, str]) -> TabScores:
    recall = {kind: [0, 0] for kind in MASK_TYPES}
    masking = Score()
    no_mask_masked = no_mask_total = 0
    for name in sorted(gold):
        spans, text = gold[name], texts.get(name)
        p = list(pred.get(name, ()))
        cover = Cover(p)
        for kind, protected in _tab_entities(name, spans, text, cover):
            recall[kind][0] += protected
            recall[kind][1] += 1
        masking += _token_score(name, [s for s in spans if s.identifier in MASK_TYPES], p, text)
        no_mask = _tokens(name, [s for s in spans if s.identifier == "NO_MASK"], text)
        no_mask_masked += sum(1 for t in no_mask if cover.covers(*t))
        no_mask_total += len(no_mask)
    return TabScores(
        entity_recall={k: (v[0], v[1]) for k, v in recall.items()},
        masking=masking,
        no_mask_tokens=(no_mask_masked, no_mask_total),
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


def _ratio(numerator: int, denominator: int) -> float:
    return numerator / denominator if denominator else 0.0


# ---------------------------------------------------------------- formatting


def _table(spans: Mapping[str, Score], tokens: Mapping[str, Score]) -> list[str]:
    labels = [label for label in sorted(set(spans) | set(tokens)) if label != OVERALL] + [OVERALL]
    width = max(len("Label"), *(len(label) for label in labels))
    header = f"{'':{width}}  {'exact span':^32}  {'token':^32}"
    columns = f"{'Label':{width}}  " + "  ".join([f"{'P':>6} {'R':>6} {'F1':>6} {'support':>9}"] * 2)
    lines = [header, columns, "-" * len(columns)]
    for label in labels:
        if label == OVERALL:
            lines.append("-" * len(columns))
        cells = [_cells(spans.get(label, Score())), _cells(tokens.get(label, Score()))]
        lines.append(f"{label:{width}}  " + "  ".join(cells))
    return lines


def _cells(score: Score) -> str:
    return f"{score.precision:6.3f} {score.recall:6.3f} {score.f1:6.3f} {score.gold_total:9d}"


def _tab_lines(tab: TabScores) -> list[str]:
    lines = ["TAB protection:"]
    for kind in MASK_TYPES:
        protected, total = tab.entity_recall.get(kind, (0, 0))
        lines.append(f"  {kind} entity recall: {tab.recall(kind):.3f} ({protected}/{total})")
    m = tab.masking
    masked, total = tab.no_mask_tokens
    lines += [
        f"  token precision of masking: {m.precision:.3f} ({m.pred_correct}/{m.pred_total})",
        f"  token recall of masking:    {m.recall:.3f} ({m.gold_found}/{m.gold_total})",
        f"  NO_MASK tokens masked:      {_ratio(masked, total):.3f} ({masked}/{total})",
    ]
    return lines


def _uncovered_lines(entities: Sequence[UncoveredEntity], show_text: bool) -> list[str]:
    lines = []
    for u in entities:
        where = " ".join(f"{s}:{e}" for s, e in u.offsets)
        line = f"  {u.file}  {u.entity}  {u.label}  {u.uncovered}/{u.mentions} uncovered  at {where}"
        if show_text:
            line += f"  {u.preview!r}"
        lines.append(line)
    return lines


# ---------------------------------------------------------------- loading


def file_key(name: str) -> str:
    """The name files are matched on: base name without a ``.txt``/``.pdf`` suffix."""
    base = PurePath(name).name
    stem, dot, suffix = base.rpartition(".")
    return stem if dot and stem and suffix.lower() in ("txt", "pdf") else base


def annotations_path(path: str | Path) -> Path:
    """``path`` itself, or its ``annotations.json`` / ``gold.json`` when it is a folder."""
    path = Path(path)
    if not path.is_dir():
        return path
    for name in ("annotations.json", "gold.json"):
        if (path / name).is_file():
            return path / name
    raise EvaluationError(f"{path}: no annotations.json or gold.json in this folder")


def load_annotations(path: str | Path) -> dict[str, list[Span]]:
    """Spans per file from the seed's annotations format."""
    source = annotations_path(path)
    data = _read_json(source)
    if not isinstance(data, list):
        raise EvaluationError(f"{source}: expected a list of {{file, annotations}}")
    result: dict[str, list[Span]] = {}
    for item in data:
        try:
            result[file_key(item["file"])] = [_seed_span(a) for a in item["annotations"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise EvaluationError(f"{source}: malformed entry ({type(exc).__name__})") from None
    return result


def _seed_span(a: Mapping) -> Span:
    entity = a.get("entity_id", a.get("entity"))
    start, end = int(a["start"]), int(a["end"])
    if not 0 <= start < end:
        raise ValueError("bad span")
    return Span(
        start=start,
        end=end,
        label=str(a["label"]),
        entity_id=None if entity is None else str(entity),
        identifier=a.get("identifier"),
        preview=str(a.get("preview", "")),
    )


def load_texts(base: str | Path, files: Iterable[str]) -> dict[str, str]:
    """Texts of ``files`` found next to an annotations file or in its folder.

    Looks in ``base/text/NAME.txt`` (what ``anonymize`` writes), then ``base/NAME.txt``;
    ``base`` is the folder itself or the folder of the given JSON file.
    """
    folder = Path(base) if Path(base).is_dir() else Path(base).parent
    texts = {}
    for name in files:
        key = file_key(name)
        for candidate in (folder / "text" / f"{key}.txt", folder / f"{key}.txt"):
            if candidate.is_file():
                with open(candidate, encoding="utf-8", newline="") as handle:
                    texts[key] = handle.read()
                break
    return texts


def load_tab(path: str | Path) -> tuple[dict[str, list[Span]], dict[str, str]]:
    """(spans, texts) per TAB document, keyed by ``metadata.provenance.doc_id``."""
    spans: dict[str, list[Span]] = {}
    texts: dict[str, str] = {}
    for number, doc in enumerate(read_tab(path), start=1):
        try:
            doc_id = str(doc["metadata"]["provenance"]["doc_id"])
            spans[doc_id] = [_tab_span(e) for e in doc["entities"]]
            texts[doc_id] = doc["text"]
        except (KeyError, TypeError, ValueError) as exc:
            raise EvaluationError(f"{path}: document {number} is malformed ({type(exc).__name__})") from None
    return spans, texts


def read_tab(path: str | Path) -> Iterable[dict]:
    """The JSON documents of a TAB jsonl file, one per non-empty line."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                raise EvaluationError(f"{path}: line {number} is not JSON") from None


def _tab_span(e: Mapping) -> Span:
    return Span(
        start=int(e["start_offset"]),
        end=int(e["end_offset"]),
        label=str(e["entity_type"]),
        entity_id=str(e["entity_id"]),
        identifier=str(e.get("identifier_type", "NO_MASK")),
        preview=str(e.get("span_text", "")),
    )


def _read_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise EvaluationError(f"{path}: cannot read ({exc.strerror or type(exc).__name__})") from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise EvaluationError(f"{path}: not a JSON file") from None


def parse_label_map(items: Sequence[str]) -> dict[str, str]:
    """``--labels`` values: a preset name (``tab``) or ``FROM=TO`` pairs, later ones winning."""
    mapping: dict[str, str] = {}
    for item in items:
        if item.lower() in LABEL_MAP_PRESETS:
            mapping.update(LABEL_MAP_PRESETS[item.lower()])
        elif "=" in item and all(part.strip() for part in item.split("=", 1)):
            source, target = item.split("=", 1)
            mapping[source.strip()] = target.strip()
        else:
            raise EvaluationError(f"bad label mapping {item!r}: use FROM=TO or one of {sorted(LABEL_MAP_PRESETS)}")
    return mapping


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

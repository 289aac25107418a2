"""Evaluation, data: spans, scores and the report with its text rendering.

See :mod:`anonymizer.evaluate`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping, Sequence

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
    "MONEY": "QUANTITY",
    "OCCUPATION": "DEM",
    "QUANTITY": "QUANTITY",
}
LABEL_MAP_PRESETS: dict[str, dict[str, str]] = {"tab": TAB_LABEL_MAP}



def _ratio(numerator: int, denominator: int) -> float:
    return numerator / denominator if denominator else 0.0


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
    official: Score = Score()  # tokens as TAB's evaluation.py counts them (anonymizer.evaluate.tab)

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
            "official_token_precision": round(self.official.precision, 6),
            "official_token_recall": round(self.official.recall, 6),
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
        f"  TAB's own token precision:  {tab.official.precision:.3f} ({tab.official.pred_correct}/{tab.official.pred_total})",
        f"  TAB's own token recall:     {tab.official.recall:.3f} ({tab.official.gold_found}/{tab.official.gold_total})"
        "  (skip words count as masked)",
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

"""Real verbatim transcripts of other kinds and formats (:data:`REAL`, outside the repository), scored against rows written by hand.

Each ``<REAL>/<part>/<name>.txt`` has ``<name>.rows`` beside it: tab-separated ``kind label surface``
lines (``#`` starts a comment). ``mask``: every whole-word, case-sensitive occurrence of the surface must be
masked (every letter and digit covered by a mention) and is one gold entity; ``keep``: no letter of any
occurrence may be masked; ``either``: not scored (a span over it is neither right nor wrong). Parts:
``tuned`` (look at its errors) and ``heldout`` (numbers only: never tune on its errors). Sources and
licences: ``tests/real/SOURCES.md``.

Per part: gold entities, entities not fully masked (names among them), proposed spans (the pass's
tagged mentions, suspects apart) and the share of them over nothing a reader would mask, keep rows broken.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import os

ROOT = Path(__file__).resolve().parent.parent
#: where the transcripts and their rows are: ``REAL_TRANSCRIPTS_DIR``, else the steering repository's
#: ``shared/data/real_transcripts/`` beside the clone. Never in this repository: they are fetched from public
#: repositories and name real people, so they are not committed (tests/real/SOURCES.md lists them).
REAL = Path(os.environ.get("REAL_TRANSCRIPTS_DIR") or ROOT.parent / "shared" / "data" / "real_transcripts")
PARTS = ("tuned", "heldout")
KINDS = ("mask", "keep", "either")
NAME_LABELS = frozenset({"PERSON", "SPELLED_NAME"})


@dataclass(frozen=True)
class Row:
    kind: str
    label: str
    surface: str


@dataclass
class Scored:
    files: int = 0
    words: int = 0
    entities: int = 0
    leaked: list[tuple[str, Row]] = field(default_factory=list)
    spans: int = 0
    false_spans: list[tuple[str, str, str]] = field(default_factory=list)
    kept_broken: list[tuple[str, Row]] = field(default_factory=list)

    def numbers(self) -> dict:
        names = [r for _, r in self.leaked if r.label in NAME_LABELS]
        return {
            "files": self.files, "words": self.words, "gold_entities": self.entities,
            "entities_left_unmasked": len(self.leaked),
            "entities_left_unmasked_share": round(len(self.leaked) / self.entities, 4) if self.entities else 0.0,
            "names_missed": len(names), "proposed_spans": self.spans, "spans_not_personal": len(self.false_spans),
            "spans_not_personal_share": round(len(self.false_spans) / self.spans, 4) if self.spans else 0.0,
            "keep_rows_masked": len(self.kept_broken),
        }


def read_rows(path: Path) -> list[Row]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[0] not in KINDS or not parts[2]:
            raise ValueError(f"{path.name}:{number}: expected 'kind<TAB>label<TAB>surface' with kind in {KINDS}")
        rows.append(Row(*parts))
    return rows


def occurrences(text: str, surface: str) -> list[tuple[int, int]]:
    """Whole-word, case-sensitive places of ``surface`` (a word character at either end needs a boundary)."""
    left = r"(?<!\w)" if surface[0].isalnum() else ""
    right = r"(?!\w)" if surface[-1].isalnum() else ""
    return [(m.start(), m.end()) for m in re.finditer(left + re.escape(surface) + right, text)]


def documents(part: str) -> list[tuple[Path, list[Row]]]:
    return [(txt, read_rows(txt.with_suffix(".rows"))) for txt in sorted((REAL / part).glob("*.txt"))]


def score(part: str, analyse) -> Scored:
    """``analyse(path)`` -> (text, [(start, end, label), ...]) of the pass's tagged mentions."""
    scored = Scored()
    for path, rows in documents(part):
        text, mentions = analyse(path)
        covered = [False] * len(text)
        for start, end, _ in mentions:
            covered[start:end] = [True] * (end - start)
        scored.files += 1
        scored.words += len(text.split())
        gold = [False] * len(text)
        for row in rows:
            places = occurrences(text, row.surface)
            letters = [[i for i in range(s, e) if text[i].isalnum()] for s, e in places]
            if row.kind in ("mask", "either"):
                for s, e in places:
                    gold[s:e] = [True] * (e - s)
            if row.kind == "mask" and places:
                scored.entities += 1
                if not all(covered[i] for group in letters for i in group):
                    scored.leaked.append((path.name, row))
            elif row.kind == "keep" and any(covered[i] for group in letters for i in group):
                scored.kept_broken.append((path.name, row))
        for start, end, label in mentions:
            scored.spans += 1
            if not any(gold[start:end]):
                scored.false_spans.append((path.name, label, " ".join(text[start:end].split())))
    return scored


def pipeline_analyser(pipeline):
    from anonymizer.ingest import load

    def analyse(path: Path):
        analysis = pipeline.run(load(path))
        return analysis.transcript.text, [(m.start, m.end, m.label) for m in analysis.mentions
                                          if "suspect" not in m.sources]

    return analyse


def report(pipeline, errors: bool = False) -> dict:
    """Print both parts side by side (and the tuned part's errors with ``errors``); return the numbers."""
    analyse = pipeline_analyser(pipeline)
    results = {part: score(part, analyse) for part in PARTS}
    numbers = {part: results[part].numbers() for part in PARTS}
    print(f"\nreal transcripts of other kinds ({REAL}){'':8}" + "".join(f"{p:>12}" for p in PARTS))
    for key in numbers["tuned"]:
        print(f"  {key:52}" + "".join(f"{numbers[p][key]:>12}" for p in PARTS))
    if errors:
        tuned = results["tuned"]
        print("\ntuned part: gold entities not fully masked")
        for name, row in tuned.leaked:
            print(f"    {name}: {row.label} {row.surface!r}")
        print("tuned part: proposed spans over nothing a reader would mask")
        for name, label, surface in tuned.false_spans:
            print(f"    {name}: {label} {surface!r}")
        print("tuned part: keep rows masked")
        for name, row in tuned.kept_broken:
            print(f"    {name}: {row.surface!r}")
    return numbers

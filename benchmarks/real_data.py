"""Real verbatim transcripts of other kinds and formats (:data:`REAL`, outside the repository), scored against rows written by hand.

Each ``<REAL>/<part>/<name>.txt`` has ``<name>.rows`` beside it: tab-separated ``kind label surface``
lines (``#`` starts a comment). ``mask``: every whole-word, case-sensitive occurrence of the surface must be
masked (every letter and digit covered by a mention) and is one gold entity; ``keep``: no letter of any
occurrence may be masked; ``either``: not scored (a span over it is neither right nor wrong). Parts:
``tuned`` (look at its errors) and ``heldout`` (numbers only: never tune on its errors). Sources and
licences: ``tests/real/SOURCES.md``.

Per part: gold entities, entities not fully masked (names among them), proposed spans (the pass's
tagged mentions, suspects apart) and the share of them over nothing a reader would mask, keep rows broken.

**Hashed rows** (committed, as the excerpts and their plain rows are not: they name real people):
``tests/real/rows/<part>/<name>.rows`` holds the same rows with each surface written
``sha256:<hex>:<length>``, the hex of SHA-256 over ``<name>`` (the excerpt's stem), a newline and the surface
(UTF-8), the length in characters (:func:`hashed`). A hashed row is read from the text it is scored on: every
substring of its length at every position is hashed (rows grouped by length) and the first that matches is its
surface; from there the same whole-word, case-sensitive rule as for a plain row applies (:func:`resolved`). A hash
that matches nothing finds no place. The plain rows ``REAL/<part>/<name>.rows`` (written by hand, never committed)
win when present; ``benchmarks/real_data.py --hash-rows`` writes the committed files from them (every row hashed,
keep rows too; comments dropped). The excerpts are rebuilt by ``benchmarks/real_sources.py``.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: where the transcripts and their rows are: ``REAL_TRANSCRIPTS_DIR``, else the steering repository's
#: ``shared/data/real_transcripts/`` beside the clone. Never in this repository: they are fetched from public
#: repositories and name real people, so they are not committed (tests/real/SOURCES.md lists them).
REAL = Path(os.environ.get("REAL_TRANSCRIPTS_DIR") or ROOT.parent / "shared" / "data" / "real_transcripts")
PARTS = ("tuned", "heldout")
KINDS = ("mask", "keep", "either")
NAME_LABELS = frozenset({"PERSON", "SPELLED_NAME"})
#: the committed hashed rows, ``<part>/<name>.rows``
HASHED_ROWS = ROOT / "tests" / "real" / "rows"
_HASHED = re.compile(r"sha256:([0-9a-f]{64}):([1-9][0-9]*)")


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


def hashed(name: str, surface: str) -> str:
    """``surface`` of the excerpt ``name`` (its stem) as a committed row writes it: ``sha256:<hex>:<length>``."""
    digest = hashlib.sha256(f"{name}\n{surface}".encode("utf-8")).hexdigest()
    return f"sha256:{digest}:{len(surface)}"


def is_hashed(surface: str) -> bool:
    return _HASHED.fullmatch(surface) is not None


def resolved(name: str, text: str, rows: list[Row]) -> list[Row]:
    """``rows`` with each hashed surface replaced by the substring of ``text`` it hashes (the first place that
    matches); a hashed row that matches nowhere stays hashed (and finds no place, see :func:`places`)."""
    wanted: dict[int, set[str]] = defaultdict(set)
    for row in rows:
        if match := _HASHED.fullmatch(row.surface):
            wanted[int(match.group(2))].add(match.group(1))
    found: dict[str, str] = {}
    salt = hashlib.sha256(f"{name}\n".encode("utf-8"))
    for length, digests in wanted.items():
        left = set(digests)
        for start in range(len(text) - length + 1):
            h = salt.copy()
            h.update(text[start:start + length].encode("utf-8"))
            digest = h.hexdigest()
            if digest in left:
                found[digest] = text[start:start + length]
                left.discard(digest)
                if not left:
                    break
    out = []
    for row in rows:
        match = _HASHED.fullmatch(row.surface)
        surface = found.get(match.group(1)) if match else row.surface
        out.append(Row(row.kind, row.label, surface) if surface is not None else row)
    return out


def places(text: str, row: Row) -> list[tuple[int, int]]:
    """Where ``row`` is in ``text``: none for a hashed row not resolved against it."""
    return [] if is_hashed(row.surface) else occurrences(text, row.surface)


def placed(text: str, rows: list[Row]) -> list[tuple[Row, list[tuple[int, int]]]]:
    """Each row with its places in ``text``, where a ``keep`` row and a ``mask``/``either`` row nest the longer
    one deciding: a keep word inside a longer name (``Covid`` in a group's name) is that name there, and an
    either word inside a longer keep phrase (a country in a public body's name) is the phrase there. A mask row
    inside an either row stays one to mask (a town in a court's name): they do not contradict each other."""
    found = [(row, places(text, row)) for row in rows]
    spans = [(s, e, row.kind) for row, where in found for s, e in where]

    def inside_longer(s: int, e: int, kind: str) -> bool:
        return any(s2 <= s and e <= e2 and e2 - s2 > e - s and k2 != kind and "keep" in (k2, kind)
                   for s2, e2, k2 in spans)

    return [(row, [(s, e) for s, e in where if not inside_longer(s, e, row.kind)]) for row, where in found]


def occurrences(text: str, surface: str) -> list[tuple[int, int]]:
    """Whole-word, case-sensitive places of ``surface`` (a word character at either end needs a boundary)."""
    left = r"(?<!\w)" if surface[0].isalnum() else ""
    right = r"(?!\w)" if surface[-1].isalnum() else ""
    return [(m.start(), m.end()) for m in re.finditer(left + re.escape(surface) + right, text)]


def rows_path(txt: Path, part: str, hashed_only: bool = False) -> Path:
    """The plain rows beside the excerpt when they are there (and not ``hashed_only``), else the committed hashed
    ones."""
    plain = txt.with_suffix(".rows")
    return plain if plain.exists() and not hashed_only else HASHED_ROWS / part / plain.name


def documents(part: str, hashed_only: bool = False, real: Path | None = None) -> list[tuple[Path, list[Row]]]:
    """Each excerpt of ``part`` with its rows (plain ones win, see :func:`rows_path`; hashed ones unresolved)."""
    return [(txt, read_rows(rows_path(txt, part, hashed_only))) for txt in sorted(((real or REAL) / part).glob("*.txt"))]


def hash_rows(real: Path | None = None, out: Path = HASHED_ROWS) -> list[Path]:
    """Write every plain rows file under ``real`` (REAL) to ``out/<part>/<name>.rows`` with hashed surfaces."""
    written = []
    for part in PARTS:
        for plain in sorted(((real or REAL) / part).glob("*.rows")):
            rows = read_rows(plain)
            target = out / part / plain.name
            target.parent.mkdir(parents=True, exist_ok=True)
            lines = [f"# {part}/{plain.stem}: hand rows, surfaces hashed by benchmarks/real_data.py --hash-rows "
                     f"(sha256 of '{plain.stem}' + newline + surface : length)"]
            lines += [f"{r.kind}\t{r.label}\t{r.surface if is_hashed(r.surface) else hashed(plain.stem, r.surface)}"
                      for r in rows]
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            written.append(target)
    return written


def score(part: str, analyse, docs: list[tuple[Path, list[Row]]] | None = None) -> Scored:
    """``analyse(path)`` -> (text, [(start, end, label), ...]) of the pass's tagged mentions; ``docs``: the
    excerpts and rows to score (default :func:`documents` of ``part``)."""
    scored = Scored()
    for path, rows in documents(part) if docs is None else docs:
        text, mentions = analyse(path)
        rows = resolved(path.stem, text, rows)
        covered = [False] * len(text)
        for start, end, _ in mentions:
            covered[start:end] = [True] * (end - start)
        scored.files += 1
        scored.words += len(text.split())
        gold = [False] * len(text)
        for row, where in placed(text, rows):
            letters = [[i for i in range(s, e) if text[i].isalnum()] for s, e in where]
            if row.kind in ("mask", "either"):
                for s, e in where:
                    gold[s:e] = [True] * (e - s)
            if row.kind == "mask" and where:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hash-rows", action="store_true",
                        help=f"write {HASHED_ROWS.relative_to(ROOT)}/<part>/<name>.rows from the plain rows in REAL")
    args = parser.parse_args(argv)
    if not args.hash_rows:
        parser.print_help()
        return 2
    for path in hash_rows():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())

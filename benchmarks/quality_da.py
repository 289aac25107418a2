"""``benchmarks/quality.py --language da``: the pass on the Danish documents written by hand (``tests/hand_da/``,
``tuned/`` and the held-back ``heldout/``, never tuned on) and the Danish NER's figures on Universal NER's dev split.

Each document's rows (``tests/hand_da/expected.json``) list the surfaces a reader would mask, direct identifiers
(names, CPR numbers) and quasi-identifiers (addresses, towns, dates, ages, numbers, firms, occupations), and
surfaces to keep; every occurrence of a surface counts. Per split: the share of the direct identifiers' letters and
digits masked, the same for the quasi-identifiers, and precision (the share of masked letters and digits inside a
surface to mask), with the surfaces missed and the masked words outside any, for ``--errors``.

Then the whole pass on real text (``uner_dev``, :mod:`benchmarks.quality_da_uner`): Universal NER's Danish dev
split as documents of ten sentences, its tuned and held-back parts, per gold class the share of entities masked
whole and per label the share of mentions on a gold entity.

    .venv/bin/python benchmarks/quality.py --language da [--errors tuned] [--json OUT] [--no-ner-dev] [--no-uner]
        [--rules-only]
"""
from __future__ import annotations

import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAND = ROOT / "tests" / "hand_da"
SPLITS = ("tuned", "heldout")


def rows() -> dict[str, dict[str, list[str]]]:
    return json.loads((HAND / "expected.json").read_text(encoding="utf-8"))


def occurrences(text: str, surface: str) -> list[int]:
    found, at = [], text.find(surface)
    while at >= 0:
        found.append(at)
        at = text.find(surface, at + 1)
    return found


def score(text: str, spans: list[tuple[int, int]], row: dict[str, list[str]]) -> dict:
    """Letter-and-digit counts of one document: direct and quasi gold, covered; masked, masked inside gold."""
    covered = [False] * len(text)
    for start, end in spans:
        covered[start:end] = [True] * (end - start)
    gold = {kind: [False] * len(text) for kind in ("direct", "quasi")}
    missed: list[str] = []
    for kind in gold:
        for surface in row[kind]:
            for at in occurrences(text, surface):
                gold[kind][at:at + len(surface)] = [True] * len(surface)
                if not all(covered[i] for i in range(at, at + len(surface)) if text[i].isalnum()):
                    missed.append(f"{kind}:{surface}")
    kept_masked = [s for s in row.get("keep", ()) for at in occurrences(text, s)
                   if any(covered[i] for i in range(at, at + len(s)) if text[i].isalnum())]
    counts = {"direct": 0, "direct_hit": 0, "quasi": 0, "quasi_hit": 0, "masked": 0, "masked_gold": 0}
    for i, c in enumerate(text):
        if not c.isalnum():
            continue
        either = gold["direct"][i] or gold["quasi"][i]
        if gold["direct"][i]:
            counts["direct"] += 1
            counts["direct_hit"] += covered[i]
        elif gold["quasi"][i]:
            counts["quasi"] += 1
            counts["quasi_hit"] += covered[i]
        if covered[i]:
            counts["masked"] += 1
            counts["masked_gold"] += either
    false_words = sorted({_word(text, i) for i, c in enumerate(text)
                          if c.isalnum() and covered[i] and not (gold["direct"][i] or gold["quasi"][i])})
    return counts | {"missed": missed, "kept_masked": kept_masked, "false": false_words}


def _word(text: str, i: int) -> str:
    start, end = i, i
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return text[start:end]


def totals(per_doc: dict[str, dict]) -> dict[str, float]:
    keys = ("direct", "direct_hit", "quasi", "quasi_hit", "masked", "masked_gold")
    sums = {k: sum(d[k] for d in per_doc.values()) for k in keys}
    ratio = lambda a, b: round(sums[a] / sums[b], 4) if sums[b] else 1.0  # noqa: E731
    return {"documents": len(per_doc), "direct_recall": ratio("direct_hit", "direct"),
            "quasi_recall": ratio("quasi_hit", "quasi"), "precision": ratio("masked_gold", "masked")}


def run(spans_of, errors: str | None = None) -> dict:
    """``spans_of(text) -> [(start, end)]`` on both splits: totals per split (and the errors of one)."""
    out: dict = {}
    table = rows()
    for split in SPLITS:
        per_doc = {}
        for name, row in table.items():
            if name.startswith(split + "/"):
                text = (HAND / name).read_text(encoding="utf-8")
                per_doc[name] = score(text, spans_of(text), row)
        out[split] = totals(per_doc)
        if errors == split:
            out[split]["errors"] = {n: {k: d[k] for k in ("missed", "kept_masked", "false")} for n, d in per_doc.items()}
    return out


def ner_dev() -> dict:
    """The Danish NER's per-label P/R/F1 on Universal NER's dev split, its size and speed (words per second)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from train_da_ner import evaluate

    from anonymizer.lang.da.detect import MODEL

    return evaluate(MODEL) if MODEL.is_dir() else {"missing": str(MODEL)}


def pack_spans(use_ner: bool = True):
    """The whole pass (``Pipeline(Config(language="da"))``: the pack's rules, NER and re-scan, grouped), or with
    ``use_ner`` off the pack's detection without its NER."""
    if not use_ner:
        from anonymizer.lang.da.detect import detect

        return lambda text: [(f.start, f.end) for f in detect(text, use_ner=False)]
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import Config, Transcript

    pipeline = Pipeline(Config(language="da"))
    return lambda text: [(m.start, m.end) for m in pipeline.run(Transcript(name="document", text=text)).mentions]


def main(args) -> int:
    start = time.perf_counter()
    spans_of = args.spans_of if getattr(args, "spans_of", None) else pack_spans(not args.rules_only)
    result = run(spans_of, args.errors)
    if not args.no_ner_dev:
        result["ner_dev"] = ner_dev()
    if not getattr(args, "no_uner", False) and not getattr(args, "spans_of", None) and not args.rules_only:
        from benchmarks import quality_da_uner

        result["uner_dev"] = quality_da_uner.run(errors=args.errors == "tuned")
    result["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(result, indent=1, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0

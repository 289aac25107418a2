"""Quality of the automatic pass on a tuning split and a held-back split, side by side.

Both splits are generated in corpus mode (recurring staff, prisons, counties) with fixed
seeds unless folders are given: ``tuned`` = ``--profile varied`` (seed 101), ``heldout`` =
``--profile heldout`` (seed 202), 10 hearings x 8,000 words each by default. The held-back
split uses other template wordings, vendors and name pools (fixtures/variants_heldout.py):
look at its numbers, never tune rules on its errors (``--errors heldout`` exists to report
error classes, not to fit them).

    .venv/bin/python benchmarks/quality.py [--count 10] [--words 8000] [--json OUT]
        [--tuned DIR] [--heldout DIR]      # existing generator output folders (text/ + gold.json)
        [--tab [--limit N] [--tab-half A|B]]  # also TAB (shared/data/tab_train.jsonl): DIRECT/QUASI
        [--tab --tab-half A --tab-errors]  # only TAB's half A, with its missed entities and false positives by class
        [--errors tuned|heldout]           # false positives / missed gold by kind, with surfaces
        [--case upper|lower]               # the splits read in capitals or without any (speech recognition's)
        [--real [--real-errors]]           # only the real transcripts of other kinds (REAL_TRANSCRIPTS_DIR, both parts;
                                           # rebuilt by benchmarks/real_sources.py, rows hashed in tests/real/rows/)

Printed per split: direct-identifier recall (PERSON, SPELLED_NAME, SPELLED_OUT_ITEM, CDCR_ID;
tokens; masked by any label and with the right label), redaction P/R/F1 (tokens, any label),
the share of gold entities with a mention not fully masked (target <= 0.5 %), the share of
gold characters left uncovered, and token-level P/R/F1 per label (anonymizer.evaluate).

``--tab-half A|B`` keeps one half of TAB's documents, split by the last hex digit of the SHA-256
of the document id (even: A, odd: B): look at A's errors, keep B for numbers only. TAB's token
precision and recall are printed twice: ours (each gold position once, every token of a DIRECT or
QUASI span) and as TAB's own ``evaluation.py`` counts them (``anonymizer.evaluate.tab``: skip words
such as ``Mr``, ``the``, ``between`` count as masked, every mention of an entity to mask counts).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import anonymizer  # noqa: E402,F401  (offline defaults before presidio loads)
from anonymizer import evaluate as ev  # noqa: E402
from anonymizer.ingest import load, load_bytes  # noqa: E402
from anonymizer.lang.en.truecase import capitals  # noqa: E402
from anonymizer.pipeline import Pipeline  # noqa: E402
from anonymizer.types import Config  # noqa: E402

SUSPECT = "suspect"  # anonymizer.detect.suspects.SOURCE
DIRECT = ("PERSON", "SPELLED_NAME", "SPELLED_OUT_ITEM", "CDCR_ID")
SPLITS = {"tuned": ("varied", 101), "heldout": ("heldout", 202)}
TAB_PATH = Path("/work/shared/data/tab_train.jsonl")


def generate(split: str, out: Path, count: int, words: int) -> Path:
    from fixtures.generate import write_corpus

    profile, seed = SPLITS[split]
    write_corpus(out, count, seed=seed, words=words, pdf=False, profile=profile, corpus=True)
    return out


def recased(text: str, case: str) -> str:
    """``text`` in capitals or without any, letter for letter (a letter whose other case is longer stays), so
    the gold offsets hold: a transcript typed in capitals, or speech recognition's without capitals."""
    if case == "upper":
        return capitals(text)
    if case == "lower":
        return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return text


def run_pass(pipeline: Pipeline, paths: list[Path], case: str = "as-written") -> tuple[dict[str, list[ev.Span]], dict[str, list[ev.Span]]]:
    """(tagged spans, suspect spans) per file: suspects (source ``suspect``, certainty 3) are
    kept apart so precision is measured on what the pass tags; ``case``: read as written, or
    :func:`recased` first."""
    pred: dict[str, list[ev.Span]] = {}
    suspects: dict[str, list[ev.Span]] = {}
    for path in paths:
        transcript = load(path) if case == "as-written" else load_bytes(
            recased(path.read_text(encoding="utf-8"), case).encode("utf-8"), path.name)
        analysis = pipeline.run(transcript)
        key = ev.file_key(path.name)
        pred[key] = [ev.Span(m.start, m.end, m.label) for m in analysis.mentions if SUSPECT not in m.sources]
        suspects[key] = [ev.Span(m.start, m.end, m.label) for m in analysis.mentions if SUSPECT in m.sources]
    return pred, suspects


def score_split(pipeline: Pipeline, folder: Path, case: str = "as-written") -> tuple[dict, dict, dict, dict]:
    gold = ev.load_annotations(folder)
    texts = ev.load_texts(folder, gold)
    paths = [folder / "text" / f"{name}.txt" for name in sorted(gold)]
    started = time.perf_counter()
    pred, suspects = run_pass(pipeline, paths, case)
    elapsed = time.perf_counter() - started
    report = ev.evaluate(gold, pred, texts)
    flagged = ev.evaluate(gold, {f: [*pred[f], *suspects.get(f, [])] for f in pred}, texts)
    direct_gold = {f: [s for s in spans if s.label in DIRECT] for f, spans in gold.items()}
    direct = ev.evaluate(direct_gold, pred, texts)
    entities = {(f, s.entity_id or f"{s.label}@{s.start}") for f, spans in gold.items() for s in spans}
    labelled = [report.tokens[label] for label in DIRECT if label in report.tokens]
    found, total = sum(s.gold_found for s in labelled), sum(s.gold_total for s in labelled)
    numbers = {
        "files": report.files,
        "words": sum(len(t.split()) for t in texts.values()),
        "seconds": round(elapsed, 1),
        "direct_recall_any_label": round(direct.redaction.recall, 4),
        "direct_recall_same_label": round(found / total if total else 0.0, 4),
        "redaction_precision": round(report.redaction.precision, 4),
        "redaction_recall": round(report.redaction.recall, 4),
        "redaction_f1": round(report.redaction.f1, 4),
        "entities": len(entities),
        "entities_leaked": len(report.uncovered),
        "entities_leaked_share": round(len(report.uncovered) / len(entities), 4) if entities else 0.0,
        "chars_uncovered_share": round(1 - report.char_coverage, 4),
        "flagged_recall": round(flagged.redaction.recall, 4),
        "flagged_entities_leaked": len(flagged.uncovered),
        "flagged_chars_uncovered_share": round(1 - flagged.char_coverage, 5),
        "suspects": sum(len(v) for v in suspects.values()),
        "suspects_per_10k_words": round(
            10_000 * sum(len(v) for v in suspects.values()) / max(1, sum(len(t.split()) for t in texts.values())), 1
        ),
        "token": {label: s.to_dict() for label, s in report.tokens.items()},
        "leaked_by_label": dict(Counter(u.label for u in report.uncovered).most_common()),
    }
    return numbers, gold, pred, texts


def error_classes(gold: dict, pred: dict, texts: dict, top: int = 25) -> dict:
    """False positives (no overlap with any gold span) and missed gold (no overlap with any
    prediction), counted by label and by surface (synthetic data only)."""
    fp_label, fp_surface, miss_label, miss_surface = Counter(), Counter(), Counter(), Counter()
    for name, spans in gold.items():
        text, predicted = texts[name], pred.get(name, [])
        for p in predicted:
            if not any(g.start < p.end and p.start < g.end for g in spans):
                fp_label[p.label] += 1
                fp_surface[f"{p.label}: {_shape(text[p.start:p.end])}"] += 1
        for g in spans:
            if not any(g.start < p.end and p.start < g.end for p in predicted):
                miss_label[g.label] += 1
                miss_surface[f"{g.label}: {_shape(text[g.start:g.end])}"] += 1
    return {"false_positives_by_label": dict(fp_label.most_common()),
            "false_positives_top": dict(fp_surface.most_common(top)),
            "missed_by_label": dict(miss_label.most_common()),
            "missed_top": dict(miss_surface.most_common(top))}


def _shape(surface: str) -> str:
    return " ".join(surface.split())[:60]


def tab_half(doc_id: str) -> str:
    """``A`` or ``B``: the half of TAB a document belongs to, by the parity of the last hex digit
    of the SHA-256 of its id (stable across runs and machines)."""
    return "A" if int(hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[-1], 16) % 2 == 0 else "B"


def score_tab(pipeline: Pipeline, limit: int | None, half: str | None = None, errors: bool = False) -> dict:
    """TAB's figures on one half (or all of it); ``errors``: also its error classes (half A only)."""
    if errors and half != "A":
        raise SystemExit("--tab-errors reads half A only: half B is held back (numbers only, never its errors)")
    gold, texts = ev.load_tab(TAB_PATH)
    names = sorted(n for n in gold if half is None or tab_half(n) == half)
    names = names[:limit] if limit else names
    gold = {n: gold[n] for n in names}
    texts = {n: texts[n] for n in names}
    started = time.perf_counter()
    pred = {}
    for name in names:
        analysis = pipeline.run(load_bytes(texts[name].encode("utf-8"), f"{name}.txt"))
        pred[name] = [ev.Span(m.start, m.end, m.label) for m in analysis.mentions if SUSPECT not in m.sources]
    elapsed = time.perf_counter() - started
    report = ev.evaluate(gold, pred, texts, label_map=ev.TAB_LABEL_MAP, tab=True)
    tab = report.tab
    numbers = {
        "files": len(names),
        "words": sum(len(t.split()) for t in texts.values()),
        "seconds": round(elapsed, 1),
        "direct_entity_recall": round(tab.recall("DIRECT"), 4),
        "quasi_entity_recall": round(tab.recall("QUASI"), 4),
        "token_precision": round(tab.masking.precision, 4),
        "token_recall": round(tab.masking.recall, 4),
        "official_token_precision": round(tab.official.precision, 4),
        "official_token_recall": round(tab.official.recall, 4),
        "no_mask_tokens_masked_share": round(tab.to_dict()["no_mask_tokens_masked"]["share"], 4),
        "entities": {k: {"protected": p, "total": n} for k, (p, n) in tab.entity_recall.items()},
    }
    if errors:
        numbers["errors"] = tab_error_classes(gold, pred, texts)
    return numbers


def _context(text: str, start: int, end: int, width: int = 40) -> str:
    before = " ".join(text[max(0, start - width):start].split())
    after = " ".join(text[end:end + width].split())
    return f"...{before} [[{' '.join(text[start:end].split())}]] {after}..."


def _miss_shape(text: str, span: ev.Span, cover: ev.Cover) -> str:
    """How a mention to mask was missed: ``unmasked`` (no character covered) or ``partly`` (with the
    words left uncovered, skip words aside, as TAB's rule reads them)."""
    covered = [cover.covers(i, i + 1) for i in range(span.start, span.end)]
    if not any(covered):
        return "unmasked"
    left = []
    for m in ev.TOKEN.finditer(text[span.start:span.end]):
        if not all(covered[m.start():m.end()]) and m.group().lower() not in ev.TAB_SKIP_WORDS:
            left.append(m.group())
    return "partly, left: " + " ".join(left)[:40]


def _surface_class(surface: str) -> str:
    """A surface's shape: digits as 9, capitalised words as Xx, lower-case words kept (they are the class)."""
    words = []
    for w in " ".join(surface.split()).split(" "):
        if re.fullmatch(r"[\d.,/-]+", w):
            words.append(re.sub(r"\d+", "9", w))
        elif w[:1].isupper():
            words.append("Xx")
        else:
            words.append(w.lower())
    return re.sub(r"(Xx )+Xx", "Xx+", " ".join(words))[:50]


def tab_error_classes(gold: dict, pred: dict, texts: dict) -> dict:
    """TAB's half A: every QUASI entity not protected (by TAB type, then how it was missed and the
    missed mention's shape, with surfaces and a context each), and every predicted token outside the
    DIRECT/QUASI gold (by our label and what gold it falls in: a NO_MASK type or none)."""
    missed: dict[str, Counter] = {}
    examples: dict[tuple[str, str], list[str]] = {}
    fp: dict[str, Counter] = {}
    fp_examples: dict[tuple[str, str], list[str]] = {}
    for name in sorted(gold):
        text, spans, predicted = texts[name], gold[name], pred.get(name, [])
        cover = ev.Cover(predicted)
        entities: dict[str, list[ev.Span]] = {}
        for i, span in enumerate(spans):
            entities.setdefault(span.entity_id or f"#{i}", []).append(span)
        for mentions in entities.values():
            to_mask = [s for s in mentions if s.identifier in ev.MASK_TYPES]
            if not to_mask or any(s.identifier == "DIRECT" for s in to_mask):
                continue
            failed = [s for s in to_mask if not ev.tab_masked(text, s, cover)]
            if not failed:
                continue
            s = failed[0]
            key = f"{_miss_shape(text, s, cover)[:9]} {_surface_class(text[s.start:s.end])}"
            missed.setdefault(s.label, Counter())[key] += 1
            examples.setdefault((s.label, key), []).append(
                f"{_miss_shape(text, s, cover)} ({len(failed)}/{len(to_mask)} mentions) {_context(text, s.start, s.end)}")
        must = ev.Cover([s for s in spans if s.identifier in ev.MASK_TYPES])
        no_mask = [s for s in spans if s.identifier == "NO_MASK"]
        for p in predicted:
            wrong = [m for m in ev.TOKEN.finditer(text[p.start:p.end])
                     if not must.covers(p.start + m.start(), p.start + m.end())]
            if not wrong:
                continue
            at = p.start + wrong[0].start()
            inside = next((g.label for g in no_mask if g.start <= at < g.end), "no gold")
            key = f"{inside}: {_surface_class(text[p.start:p.end])}"
            fp.setdefault(p.label, Counter())[key] += len(wrong)
            fp_examples.setdefault((p.label, key), []).append(_context(text, p.start, p.end, 30))
    return {
        "missed_quasi": {label: [{"class": k, "entities": n, "examples": examples[(label, k)]}
                                 for k, n in c.most_common()] for label, c in sorted(missed.items(), key=lambda x: -sum(x[1].values()))},
        "false_positive_tokens": {label: [{"class": k, "tokens": n, "examples": fp_examples[(label, k)]}
                                          for k, n in c.most_common()] for label, c in sorted(fp.items(), key=lambda x: -sum(x[1].values()))},
    }


def print_tab_errors(errors: dict, examples: int = 4) -> None:
    _print_classes("half A: QUASI entities not protected, by TAB type and class of the first missed mention",
                   errors["missed_quasi"], "entities", "", examples)
    _print_classes("half A: predicted tokens outside DIRECT/QUASI gold, by our label and the gold they fall in",
                   errors["false_positive_tokens"], "tokens", " tokens", examples)


def _print_classes(title: str, groups: dict, count: str, unit: str, examples: int) -> None:
    """One table of :func:`tab_error_classes`: each label's total, then its classes with a few examples each."""
    print(f"\n{title}")
    for label, classes in groups.items():
        print(f"  {label}: {sum(c[count] for c in classes)}{unit}")
        for c in classes:
            print(f"    {c[count]:4}  {c['class']}")
            for e in c["examples"][:examples]:
                print(f"            {e}")


def print_side_by_side(results: dict) -> None:
    splits = list(results)
    rows = [
        ("hearings", "files", "{}"), ("words", "words", "{}"), ("pass time (s)", "seconds", "{}"),
        ("direct recall, any label", "direct_recall_any_label", "{:.4f}"),
        ("direct recall, same label", "direct_recall_same_label", "{:.4f}"),
        ("redaction precision", "redaction_precision", "{:.4f}"),
        ("redaction recall", "redaction_recall", "{:.4f}"),
        ("redaction F1", "redaction_f1", "{:.4f}"),
        ("gold entities", "entities", "{}"),
        ("entities not fully masked", "entities_leaked", "{}"),
        ("  share (target <= 0.005)", "entities_leaked_share", "{:.4f}"),
        ("gold chars uncovered", "chars_uncovered_share", "{:.4f}"),
        ("tagged or suspect: recall", "flagged_recall", "{:.4f}"),
        ("  entities not flagged", "flagged_entities_leaked", "{}"),
        ("  chars neither (<= 0.001)", "flagged_chars_uncovered_share", "{:.5f}"),
        ("suspects", "suspects", "{}"),
        ("  per 10,000 words", "suspects_per_10k_words", "{:.1f}"),
    ]
    print(f"{'':30}" + "".join(f"{s:>22}" for s in splits))
    for title, key, fmt in rows:
        print(f"{title:30}" + "".join(f"{fmt.format(results[s][key]):>22}" for s in splits))
    labels = sorted({label for s in splits for label in results[s]["token"]} - {ev.OVERALL}) + [ev.OVERALL]
    print("\nper label, tokens: P / R / F1 (support)")
    for label in labels:
        cells = []
        for s in splits:
            t = results[s]["token"].get(label)
            cells.append(f"{t['precision']:.3f}/{t['recall']:.3f}/{t['f1']:.3f} ({t['support']})" if t else "-")
        print(f"{label:30}" + "".join(f"{c:>30}" for c in cells))
    print("\nleaked entities by label:")
    for s in splits:
        print(f"  {s}: {results[s]['leaked_by_label']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", choices=("en", "da"), default="en",
                        help="da: the Danish documents written by hand and the Danish NER (benchmarks/quality_da.py)")
    parser.add_argument("--rules-only", action="store_true", help="da: the pack's rules without its NER")
    parser.add_argument("--no-ner-dev", action="store_true", help="da: skip the NER's dev-split figures")
    parser.add_argument("--no-uner", action="store_true", help="da: skip the pass on Universal NER's dev split (real text)")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--words", type=int, default=8000)
    parser.add_argument("--tuned", type=Path, help="existing folder of the tuning split")
    parser.add_argument("--heldout", type=Path, help="existing folder of the held-back split")
    parser.add_argument("--tab", action="store_true", help="also evaluate on TAB (tab_train.jsonl)")
    parser.add_argument("--limit", type=int, help="first N TAB documents only")
    parser.add_argument("--tab-half", choices=("A", "B"), help="one half of TAB only (sha256 of the doc id: even A, odd B)")
    parser.add_argument("--tab-errors", action="store_true",
                        help="with --tab --tab-half A: only TAB, with half A's missed QUASI entities and false positives by class")
    parser.add_argument("--tab-examples", type=int, default=4, help="with --tab-errors: examples printed per class")
    parser.add_argument("--errors", choices=("tuned", "heldout"), help="print error classes of one split")
    parser.add_argument("--json", type=Path, help="write the numbers here")
    parser.add_argument("--case", choices=("as-written", "upper", "lower"), default="as-written",
                        help="read the generated hearings in capitals or without any (same gold offsets)")
    parser.add_argument("--real", action="store_true",
                        help="only the real transcripts (REAL_TRANSCRIPTS_DIR) (tuned and held-back parts; benchmarks/real_data.py)")
    parser.add_argument("--real-errors", action="store_true", help="with --real: the tuned part's errors (never the held-back's)")
    args = parser.parse_args(argv)
    if args.language == "da":
        from benchmarks import quality_da

        return quality_da.main(args)
    started = time.perf_counter()
    pipeline = Pipeline(Config())
    if args.real:
        from benchmarks.real_data import report

        numbers = report(pipeline, errors=args.real_errors)
        if args.json:
            args.json.write_text(json.dumps({"real": numbers}, indent=1), encoding="utf-8")
        print(f"\ntotal {time.perf_counter() - started:.0f} s")
        return 0
    if args.tab_errors:
        if not args.tab or args.tab_half != "A":
            parser.error("--tab-errors needs --tab --tab-half A: half B is held back (its numbers only)")
        t = score_tab(pipeline, args.limit, "A", errors=True)
        print_tab_errors(t.pop("errors"), args.tab_examples)
        print(f"\nTAB ({t['files']} documents, half A): QUASI entity recall {t['quasi_entity_recall']:.4f}  "
              f"token precision {t['token_precision']:.4f}  token recall {t['token_recall']:.4f}")
        return 0
    results: dict = {}
    errors: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for split in SPLITS:
            folder = getattr(args, split) or generate(split, Path(tmp) / split, args.count, args.words)
            results[split], gold, pred, texts = score_split(pipeline, folder, args.case)
            results[split]["error_classes"] = error_classes(gold, pred, texts)
            if args.errors == split:
                errors = results[split]["error_classes"]
    print_side_by_side(results)
    if args.tab:
        results["tab"] = score_tab(pipeline, args.limit, args.tab_half)
        t = results["tab"]
        half = f", half {args.tab_half}" if args.tab_half else ""
        print(f"\nTAB ({t['files']} documents{half}, {t['words']} words, {t['seconds']} s): "
              f"DIRECT entity recall {t['direct_entity_recall']:.4f}  "
              f"QUASI entity recall {t['quasi_entity_recall']:.4f}  "
              f"token precision {t['token_precision']:.4f}  token recall {t['token_recall']:.4f}  "
              f"NO_MASK tokens masked {t['no_mask_tokens_masked_share']:.4f}\n  as TAB's evaluation.py counts tokens "
              f"(skip words masked, every mention of an entity to mask): token precision "
              f"{t['official_token_precision']:.4f}  token recall {t['official_token_recall']:.4f}")
    for split in SPLITS:
        e = results[split]["error_classes"]
        print(f"\n{split}: false positives by label {e['false_positives_by_label']}")
        print(f"{split}: missed gold by label {e['missed_by_label']}")
    if errors:
        print(f"\nerror classes of {args.errors} (top surfaces):")
        for title in ("false_positives_top", "missed_top"):
            print(f"  {title}:")
            for surface, n in errors[title].items():
                print(f"    {n:4}  {surface}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

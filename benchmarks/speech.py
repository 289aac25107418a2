"""The speech chain on spoken synthetic hearings: recognition, masking in time, the second pass.

Hearings of the generator (``fixtures/generate.py``) are read aloud by espeak-ng, one voice per
speaker, each line in pieces cut at its gold spans' edges (``fixtures/speech.py``), so every
gold span has its exact time. Two splits: ``tuned`` (``--profile varied``, seed 101) and
``heldout`` (``--profile heldout``, seed 202; never tune on it). Each recording goes through the
``anonymize`` command's chain (``anonymizer.speech.recording``): recognition (default ``tiny.en``),
the automatic pass, masking of every replaced mention's time range (widened to the pauses
around it, padded, tone), then a second recognition of the masked recording.

    nice -n 10 .venv/bin/python benchmarks/speech.py [--count 2] [--words 300] [--split tuned|heldout|both]
        [--lines N]   # only the first N utterance lines of each hearing (shorter recordings)
        [--sidecar]   # read the true VTT instead of recognizing (masking and gate only)
        [--cache DIR] # reuse the spoken audio and the recognitions of earlier runs (see below)
        [--json OUT]

``--cache DIR`` keeps each spoken hearing (keyed by its name, seed, words, profile, lines and the
source of the generator and of espeak-ng's version) and each recognizer's raw words (keyed by the
audio's SHA-256, the model folder, the recognizer's settings and the hotwords) in ``DIR``, so a
variant of the pass costs seconds instead of minutes. The speed figures of a run that read
recognitions from the cache are not the recognizer's (printed as such).

Printed per split:

* WER: word error rate of the recognizer against what was said (lower case, words of letters,
  digits and apostrophes; a number said as digits and heard as words counts as errors);
* recall in time: gold spans whose time range is covered by the masked ranges (all labels,
  and the direct identifiers PERSON, SPELLED_NAME, SPELLED_OUT_ITEM, CDCR_ID); a span counts as
  masked when less than 20 ms of it is left unmasked (espeak's trimmed edges);
* over-masking: the share of the other speech (the lines' time less the gold spans) masked;
* heard again: gold name words (of PERSON/SPELLED_NAME spans, 3+ letters) that the second
  recognition hears within 0.5 s of their span; and the audio gate's hits;
* speed: wall time of recognition + pass (and + the gate's recognition) over the audio's
  duration, the model's load time apart; peak RSS of this process (the worker: spaCy, Presidio
  and the speech model loaded).
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import anonymizer  # noqa: E402,F401  (offline defaults before presidio loads)
from anonymizer import speech  # noqa: E402
from anonymizer.pipeline import Pipeline  # noqa: E402
from anonymizer.speech.recording import anonymize_recording, gate_terms  # noqa: E402
from anonymizer.speech.timed import RawWord, lay_out  # noqa: E402
from anonymizer.types import Config  # noqa: E402
from fixtures import speech as spoken_fixtures  # noqa: E402

SPLITS = {"tuned": ("varied", 101), "heldout": ("heldout", 202)}
DIRECT = ("PERSON", "SPELLED_NAME", "SPELLED_OUT_ITEM", "CDCR_ID")
LEFT_OVER = 0.02  # seconds of a gold span that may stay unmasked
NEAR = 0.5
_WORD = re.compile(r"[a-z0-9']+")


def words_of(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def wer(reference: str, hypothesis: str) -> tuple[int, int]:
    """(edits, reference words) of a word-level Levenshtein alignment."""
    from rapidfuzz.distance import Levenshtein

    ref, hyp = words_of(reference), words_of(hypothesis)
    return Levenshtein.distance(ref, hyp), len(ref)


def covered(t0: float, t1: float, ranges: list[tuple[float, float]]) -> float:
    """Seconds of ``[t0, t1]`` inside the (merged, disjoint) ``ranges``."""
    return sum(max(0.0, min(t1, b) - max(t0, a)) for a, b in ranges)


def masked_ranges(done, config: Config, samples_data: bytes, name: str) -> list[tuple[float, float]]:
    """The ranges the mask replaced: the replacements' times widened to the pauses, padded, merged."""
    from anonymizer.speech.recording import toned_ranges

    return toned_ranges(samples_data, name, list(done.ranges), config)


def measure(recording, config: Config, pipeline: Pipeline, recognizer, sidecar: bool) -> dict:
    wav = recording.wav()
    side = (recording.webvtt().encode("utf-8"), f"{recording.name}.vtt") if sidecar else None
    started, cpu = time.perf_counter(), time.process_time()
    marks: dict[str, float] = {}

    def progress(stage: str, _fraction: float) -> None:
        marks.setdefault(stage, time.perf_counter())

    done = anonymize_recording(wav, f"{recording.name}.wav", config, pipeline, recognizer, sidecar=side,
                               gate=False, progress=progress)
    passed, cpu_passed = time.perf_counter(), time.process_time()
    heard = recognizer.transcribe(done.masked, "masked.wav")
    ranges = masked_ranges(done, config, wav, f"{recording.name}.wav")
    leaks = speech.leaks_in(heard, gate_terms(done.result), detector=pipeline.detector,
                            whitelist=config.whitelist_terms, toned=ranges)
    gated, cpu_gated = time.perf_counter(), time.process_time()
    edits, reference_words = wer(recording.reference(), done.transcript.text) if not sidecar else (0, 0)
    spans = recording.spans
    missed = [s for s in spans if (s["t1"] - s["t0"]) - covered(s["t0"], s["t1"], ranges) > LEFT_OVER]
    untouched = [s for s in spans if covered(s["t0"], s["t1"], ranges) < 0.8 * (s["t1"] - s["t0"])]
    gold_ranges = sorted((s["t0"], s["t1"]) for s in spans)
    gold_merged = speech.merged(gold_ranges, 0.0, recording.duration)
    speech_time = other_masked = 0.0
    for line in recording.lines:
        length = line["t1"] - line["t0"]
        gold_here = covered(line["t0"], line["t1"], gold_merged)
        speech_time += length - gold_here
        masked_here = covered(line["t0"], line["t1"], ranges)
        both = sum(covered(max(a, line["t0"]), min(b, line["t1"]), ranges) for a, b in gold_merged
                   if b > line["t0"] and a < line["t1"])
        other_masked += masked_here - both
    again = heard_again(spans, heard)
    return {
        "name": recording.name, "seconds": recording.duration, "spans": len(spans), "missed": len(missed),
        "direct": sum(s["label"] in DIRECT for s in spans),
        "direct_missed": sum(s["label"] in DIRECT for s in missed),
        "missed_labels": sorted(s["label"] for s in missed), "under_80": len(untouched),
        "other_speech": speech_time, "other_masked": other_masked,
        "edits": edits, "reference_words": reference_words,
        "heard_again": again, "gate_hits": len(leaks), "gate_labels": sorted(t.label for _a, _b, t in leaks),
        "recognize_and_pass": passed - started, "with_gate": gated - started,
        "cpu_recognize_and_pass": cpu_passed - cpu, "cpu_with_gate": cpu_gated - cpu,
        "recognize": (marks.get("protect") or marks.get("gate", passed)) - started if not sidecar else 0.0,
    }


def heard_again(spans: list[dict], heard) -> int:
    """Gold name words the second recognition hears within NEAR seconds of their span."""
    count = 0
    for span in spans:
        if span["label"] not in ("PERSON", "SPELLED_NAME"):
            continue
        names = {w for w in words_of(span["preview"]) if len(w) >= 3 and w.isalpha()}
        for word in heard.words:
            if word.t1 < span["t0"] - NEAR or word.t0 > span["t1"] + NEAR:
                continue
            if set(words_of(heard.text[word.start:word.end])) & names:
                count += 1
    return count


def _digest(*parts) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:32]


def _generator_source() -> str:
    """What a spoken hearing depends on: the generator's and speaker's source and espeak-ng's version."""
    import subprocess

    sources = sorted((ROOT / "fixtures").glob("*.py"))
    text = "".join(p.read_text(encoding="utf-8") for p in sources)
    version = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True).stdout
    return _digest(text, version)


def spoken(name: str, seed: int, words: int, profile: str, lines: int | None, cache: Path | None):
    """A spoken hearing of the generator, from ``cache`` when it was spoken before with the same sources."""
    if cache is None:
        return spoken_fixtures.spoken_hearing(name, seed, words, profile, max_lines=lines)
    key = _digest("spoken", name, seed, words, profile, lines, _generator_source())
    folder = cache / "spoken"
    folder.mkdir(parents=True, exist_ok=True)
    audio, gold = folder / f"{key}.npy", folder / f"{key}.json"
    if audio.exists() and gold.exists():
        data = json.loads(gold.read_text(encoding="utf-8"))
        return spoken_fixtures.Spoken(name, np.load(audio), data["lines"], data["spans"])
    recording = spoken_fixtures.spoken_hearing(name, seed, words, profile, max_lines=lines)
    np.save(audio, recording.samples)
    gold.write_text(json.dumps({"lines": recording.lines, "spans": recording.spans}), encoding="utf-8")
    return recording


class CachedRecognizer:
    """A recognizer whose raw words are kept in ``folder`` (keyed by the audio, the model, its settings and
    the hotwords); the transcript is laid out again from them, so a change of the layout takes effect."""

    def __init__(self, recognizer, folder: Path) -> None:
        self.inner = recognizer
        self.folder = folder / "recognized"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.hits = self.misses = 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _key(self, data: bytes, hotwords: str | None) -> str:
        import hashlib

        r = self.inner
        settings = {k: getattr(r, k, None) for k in ("path", "compute_type", "chunk_seconds", "beam_size",
                                                      "temperature", "word_lead", "language")}
        return _digest("recognized", hashlib.sha256(data).hexdigest(), type(r).__name__, settings, hotwords or "")

    def transcribe(self, data: bytes, filename: str, progress=None, hotwords: str | None = None):
        info = speech.audio.probe(data, filename, None)
        path = self.folder / f"{self._key(data, hotwords)}.json"
        if path.exists():
            self.hits += 1
            words = [RawWord(*w) for w in json.loads(path.read_text(encoding="utf-8"))]
        else:
            self.misses += 1
            words = list(self.inner.words(data, filename, info.duration, progress, hotwords))
            path.write_text(json.dumps([list(w) for w in words]), encoding="utf-8")
        return lay_out(words, info.duration, info.sample_rate, self.inner.source, self.inner.pause_seconds)


def run_split(split: str, count: int, words: int, config: Config, pipeline, recognizer, sidecar: bool,
              lines: int | None = None, cache: Path | None = None) -> dict:
    profile, seed = SPLITS[split]
    rows = []
    for i in range(1, count + 1):
        recording = spoken(f"hearing_{i:02d}", seed, words, profile, lines, cache)
        rows.append(measure(recording, config, pipeline, recognizer, sidecar))
        print(f"  {split} {recording.name}: {recording.duration:.0f} s, {rows[-1]['missed']}/{rows[-1]['spans']} "
              f"spans missed, {rows[-1]['recognize_and_pass']:.0f} s", file=sys.stderr, flush=True)
    total = sum(r["seconds"] for r in rows)
    spans, missed = sum(r["spans"] for r in rows), sum(r["missed"] for r in rows)
    direct, direct_missed = sum(r["direct"] for r in rows), sum(r["direct_missed"] for r in rows)
    return {
        "split": split, "recordings": len(rows), "seconds": round(total, 1),
        "wer": round(sum(r["edits"] for r in rows) / max(1, sum(r["reference_words"] for r in rows)), 4),
        "recall_in_time": round(1 - missed / spans, 4) if spans else None, "spans": spans, "missed": missed,
        "direct_recall_in_time": round(1 - direct_missed / direct, 4) if direct else None,
        "direct": direct, "direct_missed": direct_missed,
        "missed_labels": sorted(label for r in rows for label in r["missed_labels"]),
        "under_80": sum(r["under_80"] for r in rows),
        "over_masking": round(sum(r["other_masked"] for r in rows) / max(1e-9, sum(r["other_speech"] for r in rows)), 4),
        "heard_again": sum(r["heard_again"] for r in rows), "gate_hits": sum(r["gate_hits"] for r in rows),
        "gate_labels": sorted(label for r in rows for label in r["gate_labels"]),
        "speed_recognize_and_pass": round(sum(r["recognize_and_pass"] for r in rows) / total, 3),
        "speed_with_gate": round(sum(r["with_gate"] for r in rows) / total, 3),
        "cpu_recognize_and_pass": round(sum(r["cpu_recognize_and_pass"] for r in rows) / total, 3),
        "cpu_with_gate": round(sum(r["cpu_with_gate"] for r in rows) / total, 3),
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2)
    parser.add_argument("--words", type=int, default=300)
    parser.add_argument("--lines", type=int, default=None, help="speak only the first N utterance lines of each")
    parser.add_argument("--split", choices=("tuned", "heldout", "both"), default="both")
    parser.add_argument("--sidecar", action="store_true", help="read the true VTT instead of recognizing")
    parser.add_argument("--cache", type=Path, help="keep the spoken audio and the recognitions here between runs")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if not spoken_fixtures.available():
        print("espeak-ng is not installed (make test-deps)", file=sys.stderr)
        return 1
    config = Config()
    started = time.perf_counter()
    pipeline = Pipeline(config)
    recognizer = speech.recognizer_for(config)
    recognizer.model()
    if args.cache:
        recognizer = CachedRecognizer(recognizer, args.cache)
    loaded = time.perf_counter() - started
    splits = ("tuned", "heldout") if args.split == "both" else (args.split,)
    results = [run_split(s, args.count, args.words, config, pipeline, recognizer, args.sidecar, args.lines,
                         args.cache) for s in splits]
    rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"model and pipeline load: {loaded:.1f} s; peak RSS {rss_mib:.0f} MiB "
          f"({'sidecar' if args.sidecar else speech.Recognizer.__name__ + ' ' + recognizer.source})")
    if args.cache:
        print(f"cache {args.cache}: {recognizer.hits} recognitions reused, {recognizer.misses} new"
              + ("; the speed figures are not the recognizer's" if recognizer.hits else ""))
    for r in results:
        print(f"{r['split']:8} {r['recordings']} recordings, {r['seconds'] / 60:.1f} min: WER {r['wer']:.1%}; "
              f"recall in time {r['recall_in_time']:.1%} ({r['missed']}/{r['spans']} missed: "
              f"{', '.join(r['missed_labels']) or '-'}; {r['under_80']} less than 80 % covered); direct {r['direct_recall_in_time']:.1%} "
              f"({r['direct_missed']}/{r['direct']}); over-masking {r['over_masking']:.1%}; heard again "
              f"{r['heard_again']}; gate hits {r['gate_hits']} ({', '.join(r['gate_labels']) or '-'}); speed "
              f"{r['speed_recognize_and_pass']:.2f}x duration (with the gate {r['speed_with_gate']:.2f}x); CPU time "
              f"{r['cpu_recognize_and_pass']:.2f}x ({r['cpu_with_gate']:.2f}x)")
    if args.json:
        args.json.write_text(json.dumps({"rss_mib": rss_mib, "load_seconds": loaded, "splits": results}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

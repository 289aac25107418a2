"""Domain phrases: how many mentions the automatic pass puts on hearing sentences that hold no
personal data (programs, documents, diagnoses, medications, hearing boilerplate).

Each sentence of ``benchmarks/data/domain_phrases_<split>.txt`` becomes a speaker turn appended
to a generated hearing (so the document's own words are there, as in a real transcript), the
pass runs once, and every mention on an appended sentence is a false positive: a reviewer's
action each. Years, weekdays and clock times are tagged by design and not counted.

    .venv/bin/python benchmarks/domain_phrases.py [--show]   # --show lists the tuning split's hits

Two splits: ``tuned`` (rules were written from it) and ``heldout`` (written before the rules
and only counted; ``--show`` never prints it). Measured 2026-11-23 (plain words, session 5):
tuned 132 -> 34 mentions, held-back 116 -> 42 (``docs/measurements.md``).
"""
from __future__ import annotations

import argparse
import bisect
import collections
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DATA = ROOT / "benchmarks" / "data"
SPEAKERS = ("PRESIDING COMMISSIONER LOPEZ", "INMATE JONES", "DEPUTY COMMISSIONER REED", "ATTORNEY WATSON")
#: tagged by design: a year, a weekday, a clock time
_BY_DESIGN = re.compile(r"(?:1[89]|20)\d\d|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|\d{1,2}:\d\d(?: [ap]\.m\.)?")


def sentences(split: str) -> list[str]:
    lines = (DATA / f"domain_phrases_{split}.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def run(pipeline, split: str, seed: int = 5) -> tuple[collections.Counter, dict[int, list[str]], int]:
    """(mentions per label, hits per sentence index, sentences) of one split."""
    from anonymizer.header import split_title
    from anonymizer.types import Transcript
    from fixtures.generate import generate_hearing

    lines = sentences(split)
    text = generate_hearing("base.txt", seed=seed, words=8000).text.rstrip("\n") + "\n\n"
    starts = []
    for i, line in enumerate(lines):
        speaker = SPEAKERS[i % len(SPEAKERS)]
        starts.append(len(text) + len(speaker) + 2)
        text += f"{speaker}: {line}\n\n"
    title_end, header = split_title(text)
    analysis = pipeline.run(Transcript("domain.txt", text, header, title_end))
    labels: collections.Counter = collections.Counter()
    hits: dict[int, list[str]] = collections.defaultdict(list)
    for m in analysis.mentions:
        surface = text[m.start : m.end]
        if m.start < starts[0] or surface.upper() in {s.split()[-1] for s in SPEAKERS} or _BY_DESIGN.fullmatch(surface):
            continue
        labels[m.label] += 1
        hits[bisect.bisect_right(starts, m.start) - 1].append(f"{surface} ({m.label}, {'+'.join(m.sources)})")
    return labels, hits, len(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true", help="list the tuning split's hits (never the held-back's)")
    args = parser.parse_args(argv)
    from anonymizer.pipeline import Pipeline

    pipeline = Pipeline()
    for split in ("tuned", "heldout"):
        labels, hits, count = run(pipeline, split)
        print(f"{split:<8} {count} sentences, {len(hits)} with a mention, {sum(labels.values())} mentions "
              f"(false positives): {dict(sorted(labels.items()))}")
        if args.show and split == "tuned":
            lines = sentences(split)
            for i in sorted(hits):
                print(f"  {lines[i][:90]}\n      -> {'; '.join(hits[i])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

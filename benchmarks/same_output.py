"""Fingerprint of the pass's output, to show that a change for speed changes no output.

Runs the batch pass (``anonymizer.batch.run``, as ``manage.py anonymize``) over generated
hearings and prints the SHA-256 of every file it writes, then one digest of them all. Run it
before and after a change and diff the two printouts: any changed byte shows (the temporary
input folder's path, which ``keys/names.json`` holds, is hashed as ``INPUTS``).

    .venv/bin/python benchmarks/same_output.py [--count 3] [--words 8000] [--jobs 1] > OUT.txt
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import anonymizer  # noqa: E402,F401  (offline defaults before presidio loads)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--words", type=int, default=8000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()

    from anonymizer import batch
    from anonymizer.types import Config
    from fixtures.generate import generate_hearing

    with tempfile.TemporaryDirectory(prefix="same-output-") as tmp:
        inputs, out = Path(tmp) / "in", Path(tmp) / "out"
        inputs.mkdir()
        for i in range(args.count):
            hearing = generate_hearing(f"same_{i:02d}", seed=3000 + i, words=args.words, layout="new")
            (inputs / f"same_{i:02d}.txt").write_text(hearing.text, encoding="utf-8")
        batch.run([inputs], out, Config(), jobs=args.jobs)
        total = hashlib.sha256()
        for path in sorted(p for p in out.rglob("*") if p.is_file()):
            # keys/names.json names each input by its path: the temporary folder's, another each run
            data = path.read_bytes().replace(str(inputs).encode(), b"INPUTS").replace(
                json.dumps(str(inputs))[1:-1].encode(), b"INPUTS")
            digest = hashlib.sha256(data).hexdigest()
            total.update(f"{path.relative_to(out)} {digest}\n".encode())
            print(f"{digest}  {path.relative_to(out)}")
        print(f"{total.hexdigest()}  (all files)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

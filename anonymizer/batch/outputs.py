"""The ``anonymize`` command's outputs: the files of the output folder and the progress bar.

Part of ``anonymizer.batch`` (which re-exports these names). Keys are written mode 0600 in a
0700 folder; ``stats.json`` is the paper's Table 6.
"""
from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence, TextIO

from anonymizer.export import table6_row


@dataclass(frozen=True, slots=True)
class Document:
    """Everything written for one successfully anonymized input."""

    name: str
    text: str
    annotations: tuple[dict, ...]
    pseudonymized: str
    key: tuple[dict, ...]
    words: int


def prepare(out: Path) -> None:
    for sub in ("text", "pseudonymized"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    (out / "keys").mkdir(mode=0o700, exist_ok=True)
    os.chmod(out / "keys", 0o700)
    (out / "errors.json").unlink(missing_ok=True)  # a stale one would report old failures


def write_document(out: Path, doc: Document, style: str) -> None:
    """Write one document's text, pseudonymized text and (secret) key."""
    (out / "text" / f"{doc.name}.txt").write_text(doc.text, encoding="utf-8", newline="")
    (out / "pseudonymized" / f"{doc.name}.txt").write_text(doc.pseudonymized, encoding="utf-8", newline="")
    key = {"file": doc.name, "style": style, "entities": list(doc.key)}
    write_secret(out / "keys" / f"{doc.name}.key.json", dumps(key))


def write_secret(path: Path, content: str) -> None:
    """Write ``content`` readable by the owner only (mode 0600, also when the file existed)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
        handle.write(content)


def write_json(path: Path, data) -> None:
    path.write_text(dumps(data), encoding="utf-8", newline="")


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def stats(documents: Sequence[Document]) -> dict:
    """Mentions per label: total, average per file, per 1,000 tokens (Table 6), and per file."""
    files, tokens = len(documents), sum(d.words for d in documents)
    per_file = {}
    totals: Counter[str] = Counter()
    entities: Counter[str] = Counter()
    for doc in documents:
        counts = Counter(a["label"] for a in doc.annotations)
        totals.update(counts)
        entities.update(_entity_counts(doc.annotations))
        per_file[doc.name] = {
            "tokens": doc.words,
            "mentions": sum(counts.values()),
            "labels": dict(sorted(counts.items())),
        }

    def row(total: int, distinct: int) -> dict:
        return {"entities": distinct, **table6_row(total, files, tokens)}

    return {
        "files": files,
        "tokens": tokens,
        "labels": {label: row(totals[label], entities[label]) for label in sorted(totals)},
        "total": row(sum(totals.values()), sum(entities.values())),
        "per_file": per_file,
    }


def _entity_counts(annotations: Iterable[dict]) -> Counter[str]:
    """Distinct entities per label in one file (a mention without entity counts alone)."""
    seen: set[tuple[str, object]] = set()
    for i, a in enumerate(annotations):
        seen.add((a["label"], a["entity"] if a["entity"] is not None else ("mention", i)))
    return Counter(label for label, _ in seen)


# ---------------------------------------------------------------- progress


class ProgressBar:
    """``[ 3/20] 15% name.pdf`` on stderr: redrawn with ``\\r`` on a TTY, else one line per file."""

    def __init__(self, stream: TextIO | None, total: int) -> None:
        self._stream = stream
        self._total = total
        self._tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self._finished: set[int] = set()
        self._running: dict[int, float] = {}
        self._last = ""

    def update(self, index: int, name: str, fraction: float) -> None:
        """The document ``index`` is ``fraction`` done (from the pipeline's progress callback)."""
        if index in self._finished:  # a late message from a worker
            return
        self._running[index] = min(max(fraction, 0.0), 1.0)
        if self._tty:
            self._draw(self._line(name))

    def finish(self, index: int, name: str, ok: bool) -> None:
        self._running.pop(index, None)
        self._finished.add(index)
        line = self._line(name) + ("" if ok else " failed")
        if self._tty:
            self._draw(line)
        elif self._stream is not None:
            self._stream.write(line + "\n")
            self._stream.flush()

    def close(self) -> None:
        if self._tty and self._last:
            self._stream.write("\n")
            self._stream.flush()

    def _line(self, name: str) -> str:
        width = len(str(self._total))
        done = len(self._finished)
        share = (done + sum(self._running.values())) / self._total if self._total else 1.0
        return f"[{done:>{width}}/{self._total}] {share:4.0%} {name}"

    def _draw(self, line: str) -> None:
        if line == self._last:
            return
        padding = " " * max(0, len(self._last) - len(line))
        self._stream.write("\r" + line + padding)
        self._stream.flush()
        self._last = line

"""The ``anonymize`` command's work: many inputs, N worker processes, one output folder.

Inputs are ``.pdf`` and ``.txt`` files, folders (searched recursively for those) and TAB
``.jsonl`` files (each document's ``text`` becomes one input named by its doc_id).
Output folder ``DIR``:

* ``annotations.json`` — the seed's format, offsets into the normalized text;
* ``text/NAME.txt`` — normalized text; ``pseudonymized/NAME.txt`` — tagged text;
* ``keys/NAME.key.json`` — the re-identification key (mode 0600: it is secret);
* ``stats.json`` — counts per label and file (the paper's Table 6);
* ``errors.json`` — ``[{"file", "reason"}]`` when any input failed.

Output order is the sorted input order whatever ``jobs`` is, so ``jobs=1`` and
``jobs=N`` write byte-identical files. Failure reasons never contain document text: an
``IngestError`` gives its reason, anything else only its exception type.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import queue as queue_module
import re
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Iterator, Sequence, TextIO

from anonymizer import export
from anonymizer.export import table6_row
from anonymizer.types import Config, Progress, no_progress

INPUT_SUFFIXES = (".pdf", ".txt")
TAB_SUFFIX = ".jsonl"
STYLES = ("parts", "referent")
TOKEN = re.compile(r"\w+")
_UNSAFE = re.compile(r"[^\w.-]+")


@dataclass(frozen=True, slots=True)
class Job:
    """One document to anonymize."""

    name: str  # unique output name: DIR/text/NAME.txt
    label: str  # how messages name the input: its path, or "path#doc_id" for a TAB document
    path: str  # the file to ingest (for a TAB document: the jsonl it came from)
    text: str | None = None  # a TAB document's text

    @property
    def display(self) -> str:
        """Short name for the progress bar."""
        return Path(self.path).name + (f"#{self.name}" if self.text is not None else "")


@dataclass(frozen=True, slots=True)
class Failure:
    """An input that could not be anonymized; ``reason`` never contains document text."""

    file: str
    reason: str

    def line(self) -> str:
        return f"{self.file}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Document:
    """Everything written for one successfully anonymized input."""

    name: str
    text: str
    annotations: tuple[dict, ...]
    pseudonymized: str
    key: tuple[dict, ...]
    words: int


@dataclass(frozen=True, slots=True)
class BatchResult:
    ok: tuple[str, ...]  # output names written
    failures: tuple[Failure, ...]
    words: int
    seconds: float

    @property
    def exit_status(self) -> int:
        return 1 if self.failures else 0

    def summary(self) -> str:
        rate = self.words / self.seconds if self.seconds > 0 else 0.0
        return (
            f"{len(self.ok)} file(s) ok, {len(self.failures)} failed; "
            f"{self.words} words in {self.seconds:.1f} s ({rate:.0f} words/s)"
        )


# ---------------------------------------------------------------- the run


def run(
    paths: Sequence[str | Path],
    out_dir: str | Path,
    config: Config,
    *,
    style: str = "parts",
    jobs: int = 1,
    stream: TextIO | None = None,
    neutral_names: bool = False,
) -> BatchResult:
    """Anonymize every input under ``paths`` into ``out_dir``; progress goes to ``stream``.

    A failing input never stops the others. ``jobs > 1`` uses that many worker
    processes, each building one ``Pipeline``. With ``neutral_names`` the outputs are named
    ``hearing_0001`` … (sorted input order) and ``keys/names.json`` maps each to its input.
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {STYLES}")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    started = time.monotonic()
    out = Path(out_dir)
    job_list, failures = discover(paths, exclude=out, neutral=neutral_names)
    _prepare(out)
    if neutral_names:
        _write_secret(out / "keys" / "names.json", _dumps([{"file": job.name, "input": job.label} for job in job_list]))
    bar = ProgressBar(stream, len(job_list))
    documents: dict[int, Document] = {}
    job_failures: dict[int, Failure] = {}
    runner = _run_inline if jobs == 1 or len(job_list) <= 1 else _run_pool
    for index, outcome in runner(job_list, config, style, jobs, bar):
        if isinstance(outcome, Document):
            write_document(out, outcome, style)
            documents[index] = replace(outcome, text="", pseudonymized="", key=())  # written: keep memory flat
        else:
            job_failures[index] = outcome
        bar.finish(index, job_list[index].display, isinstance(outcome, Document))
    bar.close()
    ordered = [documents[i] for i in sorted(documents)]
    failures += [job_failures[i] for i in sorted(job_failures)]
    _write_json(out / "annotations.json", [{"file": d.name, "annotations": list(d.annotations)} for d in ordered])
    _write_json(out / "stats.json", stats(ordered))
    if failures:
        _write_json(out / "errors.json", [{"file": f.file, "reason": f.reason} for f in failures])
    return BatchResult(
        ok=tuple(d.name for d in ordered),
        failures=tuple(failures),
        words=sum(d.words for d in ordered),
        seconds=time.monotonic() - started,
    )


Outcome = Document | Failure


def _run_inline(
    jobs: Sequence[Job], config: Config, style: str, _n: int, bar: "ProgressBar"
) -> Iterator[tuple[int, Outcome]]:
    if not jobs:
        return
    _init_worker(config)
    for index, job in enumerate(jobs):
        bar.update(index, job.display, 0.0)
        yield index, process_job(job, style, lambda _stage, f, i=index, d=job.display: bar.update(i, d, f))


def _run_pool(
    jobs: Sequence[Job], config: Config, style: str, n: int, bar: "ProgressBar"
) -> Iterator[tuple[int, Outcome]]:
    """Run the jobs on ``n`` spawned processes; yield outcomes as they complete."""
    context = multiprocessing.get_context("spawn")
    messages = context.Queue()
    with ProcessPoolExecutor(
        max_workers=min(n, len(jobs)), mp_context=context, initializer=_init_worker, initargs=(config, messages)
    ) as pool:
        futures: dict[Future, int] = {pool.submit(_pool_job, i, job, style): i for i, job in enumerate(jobs)}
        pending = set(futures)
        try:
            while pending:
                done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                _drain(messages, jobs, bar)
                for future in sorted(done, key=futures.__getitem__):
                    index = futures[future]
                    yield index, _future_outcome(future, jobs[index])
        except BaseException:  # Ctrl-C or the caller stopped: do not run the remaining jobs
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    _drain(messages, jobs, bar)
    messages.close()


def _future_outcome(future: Future, job: Job) -> Outcome:
    try:
        return future.result()
    except Exception as exc:  # a worker died or a result could not be sent back
        return Failure(job.label, f"internal error ({type(exc).__name__})")


def _drain(messages, jobs: Sequence[Job], bar: "ProgressBar") -> None:
    while True:
        try:
            index, fraction = messages.get_nowait()
        except queue_module.Empty:
            return
        bar.update(index, jobs[index].display, fraction)


# ---------------------------------------------------------------- in a worker

_pipeline = None  # this process's one Pipeline
_config = Config()
_messages = None  # queue of (job index, fraction) back to the parent, in pool workers


def _init_worker(config: Config, messages=None) -> None:
    """Build this process's one Pipeline (spaCy and Presidio load here, once)."""
    global _pipeline, _config, _messages
    from anonymizer.pipeline import Pipeline

    _pipeline = Pipeline(config)
    _config = config
    _messages = messages


def _pool_job(index: int, job: Job, style: str) -> Outcome:
    def progress(_stage: str, fraction: float) -> None:
        _messages.put((index, fraction))

    return process_job(job, style, progress if _messages is not None else no_progress)


def process_job(job: Job, style: str, progress: Progress = no_progress) -> Outcome:
    """Ingest, analyse and pseudonymize one input with this process's Pipeline."""
    from anonymizer import ingest
    from anonymizer.pseudonymize import pseudonymize

    try:
        if job.text is None:
            transcript = ingest.load(job.path, _config)
        else:
            transcript = ingest.load_bytes(job.text.encode("utf-8"), f"{job.name}.txt", _config)
        analysis = _pipeline.run(transcript, progress=progress)
        result = pseudonymize(transcript.text, analysis.mentions, analysis.entities, style=style)
    except ingest.IngestError as exc:
        return Failure(job.label, _reason(exc))
    except Exception as exc:  # noqa: BLE001 - reported by type only: messages may quote text
        return Failure(job.label, f"internal error ({type(exc).__name__})")
    text = transcript.text
    return Document(
        name=job.name,
        text=text,
        annotations=tuple(_annotation(m, text) for m in analysis.mentions),
        pseudonymized=result.text,
        key=tuple(_key_entry(entry) for entry in result.key),
        words=len(TOKEN.findall(text)),
    )


def _reason(exc: Exception) -> str:
    reason = getattr(exc, "reason", None)
    return str(reason) if reason else str(exc).partition(": ")[2] or type(exc).__name__


def _annotation(mention, text: str) -> dict:
    return {
        "start": mention.start,
        "end": mention.end,
        "label": mention.label,
        "preview": text[mention.start : mention.end],
        "source": "+".join(mention.sources),
        "entity": mention.entity,
        "confidence": mention.confidence,
    }


def _key_entry(entry) -> dict:
    return {
        "entity": entry.entity,
        "label": entry.label,
        "category": entry.category,
        "tags": list(entry.tags),
        "surface_forms": list(entry.surface_forms),
    }


# ---------------------------------------------------------------- inputs


def discover(
    paths: Iterable[str | Path], exclude: Path | None = None, neutral: bool = False
) -> tuple[list[Job], list[Failure]]:
    """Jobs for every input in sorted order (unique names), and inputs refused outright.

    Folders are searched recursively for ``.pdf``/``.txt``, skipping ``exclude`` (the
    output folder). Two inputs with the same stem get distinct names (``NAME``, ``NAME-2``).
    """
    failures: list[Failure] = []
    files: dict[Path, Path] = {}
    excluded = exclude.resolve() if exclude else None
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = (f for f in path.rglob("*") if f.is_file() and f.suffix.lower() in INPUT_SUFFIXES)
            files.update((f.resolve(), f) for f in found if not (excluded and f.resolve().is_relative_to(excluded)))
        elif path.is_file() and path.suffix.lower() in (*INPUT_SUFFIXES, TAB_SUFFIX):
            files.setdefault(path.resolve(), path)
        elif path.exists():
            failures.append(Failure(str(path), "unsupported file type (expected .pdf, .txt, .jsonl or a folder)"))
        else:
            failures.append(Failure(str(path), "no such file or folder"))
    pending: list[tuple[str, Job]] = []  # (stem, job without its final name)
    for path in sorted(files.values(), key=str):
        if path.suffix.lower() == TAB_SUFFIX:
            tab_jobs, tab_failures = _tab_jobs(path)
            pending += tab_jobs
            failures += tab_failures
        else:
            pending.append((path.stem, Job(name="", label=str(path), path=str(path))))
    names = ([export.neutral_name(i) for i in range(1, len(pending) + 1)] if neutral
             else unique_names([stem for stem, _ in pending]))
    jobs = [Job(name, job.label, job.path, job.text) for name, (_, job) in zip(names, pending)]
    return jobs, failures


def _tab_jobs(path: Path) -> tuple[list[tuple[str, Job]], list[Failure]]:
    jobs, failures = [], []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        return [], [Failure(str(path), f"cannot read ({type(exc).__name__})")]
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
            doc_id, text = str(doc["metadata"]["provenance"]["doc_id"]), doc["text"]
            if not isinstance(text, str):
                raise TypeError("text")
        except (json.JSONDecodeError, KeyError, TypeError):
            failures.append(Failure(f"{path}:{number}", "not a TAB document (text, metadata.provenance.doc_id)"))
            continue
        jobs.append((doc_id, Job(name="", label=f"{path}#{doc_id}", path=str(path), text=text)))
    return jobs, failures


def unique_names(stems: Sequence[str]) -> list[str]:
    """File-system-safe names, distinct even when stems repeat; the first keeps its stem."""
    safe = [_UNSAFE.sub("_", stem).strip("._") or "document" for stem in stems]
    taken: set[str] = set()
    reserved = set(safe)
    names = []
    for stem in safe:
        name, n = stem, 1
        while name in taken or (n > 1 and name in reserved):
            n += 1
            name = f"{stem}-{n}"
        taken.add(name)
        names.append(name)
    return names


# ---------------------------------------------------------------- outputs


def _prepare(out: Path) -> None:
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
    _write_secret(out / "keys" / f"{doc.name}.key.json", _dumps(key))


def _write_secret(path: Path, content: str) -> None:
    """Write ``content`` readable by the owner only (mode 0600, also when the file existed)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
        handle.write(content)


def _write_json(path: Path, data) -> None:
    path.write_text(_dumps(data), encoding="utf-8", newline="")


def _dumps(data) -> str:
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

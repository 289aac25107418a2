"""The ``anonymize`` command's work: many inputs, N worker processes, one output folder.

Inputs are ``.pdf`` and ``.txt`` files, recordings (``anonymizer.speech``: recognized, or read from
the same-stem ``.vtt``/``.srt``/``.json`` beside them), folders (searched recursively for those)
and TAB ``.jsonl`` files (each document's ``text`` becomes one input named by its doc_id).
Output folder ``DIR``:

* ``annotations.json`` — the seed's format, offsets into the normalized text;
* ``text/NAME.txt`` — normalized text; ``pseudonymized/NAME.txt`` — tagged text;
* ``audio/NAME.wav`` (or ``.flac``) — a recording with every replaced mention's time masked;
  ``subtitles/NAME.vtt`` — its pseudonymized transcript with times; its annotations carry
  ``t0``/``t1``. The audio gate recognizes the masked recording again: a term still heard fails
  the recording (its time and label in the reason) and nothing of it is written;
* ``keys/NAME.key.json`` — the re-identification key (mode 0600: it is secret);
* ``stats.json`` — counts per label and file (the paper's Table 6);
* ``errors.json`` — ``[{"file", "reason"}]`` when any input failed;
* ``keys/names.json`` — (neutral names, the default) each ``hearing_0001`` or ``argument N``
  mapped back to its input (mode 0600: file names may hold people's names).

With neutral names no file name of an input appears on the console or outside ``keys/``.

Output order is the sorted input order whatever ``jobs`` is, so ``jobs=1`` and
``jobs=N`` write byte-identical files. Failure reasons never contain document text: an
``IngestError`` gives its reason, anything else only its exception type.
"""
from __future__ import annotations

import logging
import multiprocessing
import queue as queue_module
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Sequence, TextIO

from anonymizer.batch.inputs import AUDIO_SUFFIXES, INPUT_SUFFIXES, TAB_SUFFIX, Failure, Job, discover, unique_names
from anonymizer.batch.outputs import (
    Document,
    ProgressBar,
    dumps,
    prepare,
    stats,
    write_document,
    write_json,
    write_secret,
)
from anonymizer.errors import plain
from anonymizer.export import WORD
from anonymizer.lang import AUTO
from anonymizer.pseudonymize import STYLES, pseudonymize
from anonymizer.types import Config, Progress, no_progress
__all__ = [
    "INPUT_SUFFIXES", "STYLES", "TAB_SUFFIX", "BatchResult", "Document", "Failure", "Job", "ProgressBar",
    "discover", "process_job", "run", "stats", "unique_names", "write_document",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class BatchResult:
    ok: tuple[str, ...]  # output names written
    failures: tuple[Failure, ...]
    words: int
    seconds: float
    #: (output name, language) of each document, when the pass guessed them (``Config.language == "auto"``)
    languages: tuple[tuple[str, str], ...] = ()

    @property
    def exit_status(self) -> int:
        return 1 if self.failures else 0

    def summary(self) -> str:
        rate = self.words / self.seconds if self.seconds > 0 else 0.0
        detected = ""
        if self.languages:
            counts = Counter(language for _, language in self.languages)
            detected = "; language detected: " + ", ".join(f"{code} {n}" for code, n in sorted(counts.items()))
        return (
            f"{len(self.ok)} file(s) ok, {len(self.failures)} failed; "
            f"{self.words} words in {self.seconds:.1f} s ({rate:.0f} words/s){detected}"
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
    neutral_names: bool = True,
) -> BatchResult:
    """Anonymize every input under ``paths`` into ``out_dir``; progress goes to ``stream``.

    A failing input never stops the others. ``jobs > 1`` uses that many worker
    processes, each building one ``Pipeline``. With ``neutral_names`` (the default) the outputs,
    the progress lines and the failures are named ``hearing_0001`` … (sorted input order) or
    ``argument N`` and ``keys/names.json`` maps each to its input; else after the inputs.
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {STYLES}")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    started = time.monotonic()
    out = Path(out_dir)
    job_list, failures = discover(paths, exclude=out, neutral=neutral_names)
    prepare(out)
    if neutral_names:
        names = [{"file": job.name, "input": job.source} for job in job_list]
        names += [{"file": f.file, "input": f.source} for f in failures]
        write_secret(out / "keys" / "names.json", dumps(names))
    bar = ProgressBar(stream, len(job_list))
    documents: dict[int, Document] = {}
    job_failures: dict[int, Failure] = {}
    runner = _run_inline if jobs == 1 or len(job_list) <= 1 else _run_pool
    for index, outcome in runner(job_list, config, style, jobs, bar):
        if isinstance(outcome, Document):
            write_document(out, outcome, style)
            documents[index] = replace(outcome, text="", pseudonymized="", key=(), audio=b"", subtitles="")  # written
        else:
            job_failures[index] = outcome
        bar.finish(index, job_list[index].display, isinstance(outcome, Document))
    bar.close()
    ordered = [documents[i] for i in sorted(documents)]
    failures += [job_failures[i] for i in sorted(job_failures)]
    write_json(out / "annotations.json", [{"file": d.name, "annotations": list(d.annotations)} for d in ordered])
    write_json(out / "stats.json", stats(ordered))
    if failures:
        write_json(out / "errors.json", [{"file": f.file, "reason": f.reason} for f in failures])
    languages = tuple((d.name, d.language) for d in ordered) if config.language == AUTO else ()
    if languages:  # the language the pass guessed for each document
        write_json(out / "languages.json", [{"file": name, "language": code} for name, code in languages])
    return BatchResult(
        ok=tuple(d.name for d in ordered),
        failures=tuple(failures),
        words=sum(d.words for d in ordered),
        seconds=time.monotonic() - started,
        languages=languages,
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


def _internal(job: Job, exc: BaseException) -> Failure:
    """A failure that is no refusal of the file: its type goes to the log (with the job's label, which
    is ``hearing_0001`` unless --input-names), the line says what happened in words."""
    log.error("%s: %s", job.label, type(exc).__name__)
    return Failure(job.label, f"could not be processed: {plain(exc)}")


def _future_outcome(future: Future, job: Job) -> Outcome:
    try:
        return future.result()
    except Exception as exc:  # a worker died or a result could not be sent back
        return _internal(job, exc)


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

    if job.text is None and Path(job.path).suffix.lower() in AUDIO_SUFFIXES:
        return _process_recording(job, style, progress)
    try:
        if job.text is None:
            transcript = ingest.load(job.path, _config)
        else:
            transcript = ingest.load_bytes(job.text.encode("utf-8"), f"{job.name}.txt", _config)
        analysis = _pipeline.run(transcript, progress=progress)
        result = pseudonymize(transcript.text, analysis.mentions, analysis.entities, style=style,
                              language=analysis.language)
    except ingest.IngestError as exc:
        return Failure(job.label, _reason(exc))
    except Exception as exc:  # noqa: BLE001 - reported by type only: messages may quote text
        return _internal(job, exc)
    text = transcript.text
    return Document(
        name=job.name,
        text=text,
        annotations=tuple(_annotation(m, text) for m in analysis.mentions),
        pseudonymized=result.text,
        key=tuple(_key_entry(entry) for entry in result.key),
        words=len(WORD.findall(text)),
        language=analysis.language,
    )


def _recognizer():
    """This process's one speech recognizer (the model loads with the first recording)."""
    global _speech
    if _speech is None:
        from anonymizer.speech import recognizer_for

        _speech = recognizer_for(_config)
    return _speech


_speech = None


def _process_recording(job: Job, style: str, progress: Progress) -> Outcome:
    """A recording: transcript, pass, masked audio, subtitles, then the audio gate (a hit fails it)."""
    from anonymizer.errors import IngestError
    from anonymizer.speech.recording import anonymize_recording

    try:
        data = Path(job.path).read_bytes()
        sidecar = (Path(job.sidecar).read_bytes(), Path(job.sidecar).name) if job.sidecar else None
        done = anonymize_recording(data, Path(job.path).name, _config, _pipeline, _recognizer(), style=style,
                                   sidecar=sidecar, progress=progress)
    except IngestError as exc:
        return Failure(job.label, _reason(exc))
    except OSError as exc:
        return Failure(job.label, f"cannot read the file ({plain(exc)})")
    except Exception as exc:  # noqa: BLE001 - reported by type only: messages may quote text
        return _internal(job, exc)
    if done.leaks:
        heard = ", ".join(f"{term.label} at {t0:.1f} s" for t0, _t1, term in done.leaks[:5])
        more = f" and {len(done.leaks) - 5} more" if len(done.leaks) > 5 else ""
        return Failure(job.label, f"audio gate: {len(done.leaks)} identifying term(s) still audible in the masked "
                                  f"recording ({heard}{more}); nothing of it was written")
    text = done.transcript.text
    annotations = [{**_annotation(m, text), "t0": _seconds(times, 0), "t1": _seconds(times, 1)}
                   for m, times in zip(done.analysis.mentions, done.mention_times())]
    return Document(
        name=job.name, text=text, annotations=tuple(annotations), pseudonymized=done.result.text,
        key=tuple(_key_entry(entry) for entry in done.result.key), words=len(WORD.findall(text)),
        audio=done.masked, audio_format=_config.mask_format, subtitles=done.subtitles,
    )


def _seconds(times: tuple[float, float] | None, index: int) -> float | None:
    return None if times is None else round(times[index], 3)


def _reason(exc: Exception) -> str:
    reason = getattr(exc, "reason", None)
    return str(reason) if reason else str(exc).partition(": ")[2] or plain(exc)


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

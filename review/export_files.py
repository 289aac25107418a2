"""Where an export's archives live, and the partial files a killed export leaves behind.

An archive is written to ``NAME.part``, then renamed (``exporting._zip``); an encrypted key archive
to ``.NAME.enc.tmp-PID`` (``config.backup``). A worker killed (or a disk filled) mid-write left them
for good: a pseudonymized corpus, or the plain keys with the original names. They are removed when
the export runs again or fails, and by the stale-job recovery (``recover_jobs``, every worker's and
web process's heartbeat): every partial file of an export that is not queued or running.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

from django.conf import settings

log = logging.getLogger(__name__)
#: ``export-7.zip.part``, ``export-7-keys.zip.part``, ``.export-7-keys.zip.enc.tmp-1234``, and a masked recording
#: waiting for the archive (``.export-7-audio-hearing_0001.wav.part``, review.audio_export): group 1 the export
PARTIAL = re.compile(r"^\.?export-(\d+)(?:(?:-keys)?\.zip(?:\.part|\.enc\.tmp-\d+)|-audio-[\w-]+\.(?:wav|flac)\.part)$")


def folder(corpus_id: int) -> Path:
    return Path(settings.EXPORT_ROOT) / f"corpus-{corpus_id}"


def archive_paths(corpus_id: int, export_id: int) -> tuple[Path, Path]:
    """(the corpus archive, the key archive before any encryption suffix)."""
    return folder(corpus_id) / f"export-{export_id}.zip", folder(corpus_id) / f"export-{export_id}-keys.zip"


def audio_part(corpus_id: int, export_id: int, name: str, suffix: str) -> Path:
    """Where an export keeps a masked recording until it is zipped (one on disk, not all in memory)."""
    return folder(corpus_id) / f".export-{export_id}-audio-{name}.{suffix}.part"


def remove_audio_parts(corpus_id: int, export_id: int) -> int:
    """Remove an export's masked recordings waiting for the archive (it ended: written, blocked or failed)."""
    return _unlink(list(folder(corpus_id).glob(f".export-{export_id}-audio-*.part")))


def _partial_files(root: Path):
    """(export id, path) of every partial file under ``root`` (``corpus-N/`` folders)."""
    if not root.is_dir():
        return
    for path in root.glob("corpus-*/*"):
        if match := PARTIAL.match(path.name):
            yield int(match[1]), path


def _unlink(paths: list[Path]) -> int:
    removed = 0
    for path in paths:
        try:
            path.unlink()
            removed += 1
        except FileNotFoundError:  # renamed into place or removed meanwhile
            pass
        except OSError as exc:
            log.warning("a partial export file could not be removed (%s)", type(exc).__name__)
    return removed


def remove_partial(corpus_id: int, export_id: int) -> int:
    """Remove the partial files of one export (it is about to run, or it failed); how many."""
    removed = _unlink([path for pk, path in _partial_files(Path(settings.EXPORT_ROOT))
                       if pk == export_id and path.parent == folder(corpus_id)])
    if removed:
        log.warning("export %s: removed %d partial file(s) of an earlier run", export_id, removed)
    return removed


def remove_stale_partials() -> int:
    """Remove the partial files of every export neither queued nor running (or gone); how many."""
    from .models import Export

    found = list(_partial_files(Path(settings.EXPORT_ROOT)))
    if not found:
        return 0
    live = set(Export.objects.filter(pk__in={pk for pk, _ in found},
                                     status__in=[Export.Status.QUEUED, Export.Status.RUNNING]).values_list("pk", flat=True))
    removed = _unlink([path for pk, path in found if pk not in live])
    if removed:
        log.warning("removed %d partial file(s) of interrupted exports", removed)
    return removed

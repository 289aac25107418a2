"""Recordings (issue 45): where an audio document's original lives, and the times of its text.

The original recording is a file under ``AUDIO_ROOT`` named by its SHA-256 and suffix (mode 0600;
never under ``MEDIA_URL``, never in an export, never named in a log); the reviewers hear it through
an authenticated view (:mod:`review.views.audio`). ``Document.timed`` holds the time-aligned
transcript (:class:`anonymizer.speech.TimedTranscript`): every character of the text has a time,
so every mention and every line has a time range. Pure helpers: no writes to the database here.
"""
from __future__ import annotations

import hashlib
import logging
import os
import time
from pathlib import Path

from django.conf import settings

log = logging.getLogger(__name__)


def suffixes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(recording suffixes, time-aligned transcript suffixes): one home, anonymizer.speech."""
    from anonymizer import speech

    return tuple(speech.AUDIO_SUFFIXES), tuple(speech.TRANSCRIPT_SUFFIXES)


def root() -> Path:
    return Path(settings.AUDIO_ROOT)


def store(data: bytes, suffix: str) -> str:
    """Write a recording under ``AUDIO_ROOT`` (atomically, mode 0600); its file name (hash and suffix).
    The same bytes twice are one file."""
    name = hashlib.sha256(data).hexdigest() + suffix.lower()
    path = root() / name
    if path.is_file() and path.stat().st_size == len(data):
        return name
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    partial = path.with_name(f".{name}.part-{os.getpid()}")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(partial, path)
    return name


def path_of(document) -> Path:
    """The recording's file (a name with a folder in it is refused: the name is ours, but never trusted)."""
    name = document.audio_file
    if not name or Path(name).name != name or name.startswith("."):
        raise FileNotFoundError("not a stored recording")
    return root() / name


def read(document) -> bytes:
    return path_of(document).read_bytes()


def remove_unused(min_age: float = 0.0) -> int:
    """Remove the recordings no document refers to any more (a deleted document's) and the partial
    files of a write that died, once ``min_age`` seconds old (an upload writes the file just before its
    row: a younger one may be on its way); how many."""
    from .models import Document

    folder = root()
    if not folder.is_dir():
        return 0
    used = set(Document.objects.exclude(audio_file="").values_list("audio_file", flat=True))
    removed, now = 0, time.time()
    for path in folder.iterdir():
        try:
            if path.is_file() and path.name not in used and now - path.stat().st_mtime >= min_age:
                path.unlink()
                removed += 1
        except FileNotFoundError:  # removed meanwhile
            continue
    if removed:
        log.info("removed %d recording file(s) no document refers to", removed)
    return removed


#: TimedTranscripts read lately, by what makes one (frozen, so shared): the review screen reads a recording's
#: on every page and every mention it shows (a 2-hour recording's 17,000 words took 25-80 ms each time)
_read: dict[tuple, object] = {}


def timed_of(document):
    """The document's TimedTranscript, or None (not a recording, or not recognized yet)."""
    timed = document.timed
    if not timed:
        return None
    from anonymizer.speech import TimedTranscript

    key = (document.pk, document.audio_file, timed.get("source"), timed.get("duration"), len(timed.get("words") or ()),
           len(timed.get("text") or ""), tuple((timed.get("words") or [()])[-1]))
    found = _read.get(key)
    if found is None:
        found = TimedTranscript.from_dict(timed)
        if len(_read) >= 8:
            _read.pop(next(iter(_read), None), None)
        _read[key] = found
    return found


def span_times(timed, spans) -> list[tuple[float, float] | None]:
    """The time range of each ``(start, end)`` character span (None: no word under it), over the gaps the
    words beside it leave (``TimedTranscript.mask_time``: where a recognizer could not place the name)."""
    return [timed.mask_time(start, end) if timed is not None else None for start, end in spans]


def clip(timed, start: int, end: int) -> tuple[float, float] | None:
    """The stretch of the recording the review screen plays for the span ``start:end``: its time range with
    ``AUDIO_PLAY_CONTEXT`` seconds each side (None: no word under it, or not a recording)."""
    (times,) = span_times(timed, [(start, end)])
    if times is None:
        return None
    around = settings.AUDIO_PLAY_CONTEXT
    return max(0.0, times[0] - around), times[1] + around


def mask_ranges(timed, mentions) -> list[tuple[float, float]]:
    """The time ranges to mask for these mentions (objects with ``start``/``end``)."""
    return [t for t in span_times(timed, [(m.start, m.end) for m in mentions]) if t is not None]


def clock(seconds: float) -> str:
    """``1:02:03.4`` / ``2:03.4``: a time as a finding or the player shows it."""
    seconds = max(0.0, float(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{int(hours)}:{int(minutes):02d}:{secs:04.1f}" if hours else f"{int(minutes)}:{secs:04.1f}"


def low_confidence(timed, threshold: float | None = None) -> list[tuple[int, int, float]]:
    """(start, end, confidence) of the words the recognizer was unsure of (shown as such in the review)."""
    if timed is None:
        return []
    limit = settings.AUDIO_LOW_CONFIDENCE if threshold is None else threshold
    return [(w.start, w.end, w.confidence) for w in timed.words if w.confidence < limit]

"""The automatic pass of a recording, before the text pass (review.jobs): its time-aligned transcript.

A recording uploaded with a time-aligned transcript beside it (WebVTT, SRT, Whisper JSON) is read from
that; else it is recognized (anonymizer.speech.Recognizer: faster-whisper, word times, in chunks), with
"minutes of audio done" as the job's progress on the document list. The result is stored with the
document (``Document.timed``) once: a re-run of the pass (a Retry after a later stage failed, a re-run with
corpus knowledge) reads it back instead of recognizing again, so decided mentions keep their text; so is
the second recognition, with the names the pass found as hotwords (``ASR_NAMES_PASS``, :func:`mend`).
A worker killed mid-recognition leaves the job silent: recovery fails it, retryable, like any job.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings

from . import audio, pipelines
from .models import Document

#: the key of ``Document.timed`` that keeps the second recognition (with the names found as hotwords)
AGAIN = "again"
#: the share of the job's progress bar recognition takes (the text pass the rest)
RECOGNITION_SHARE = 0.6


class TooLong(Exception):
    """Recognition ran past the pass's wall time (``JOB_MAX_SECONDS`` and ``AUDIO_JOB_SECONDS_PER_SECOND``)."""


def extra_seconds(document: Document) -> float:
    """Wall time a recording's pass may take on top of ``JOB_MAX_SECONDS``: its duration times the setting."""
    return float(document.audio_seconds or 0.0) * settings.AUDIO_JOB_SECONDS_PER_SECOND if document.audio_file else 0.0


def stage(done: float, total: float) -> str:
    """The document list's progress line: minutes of audio done (at most 40 characters)."""
    return f"recognized {done / 60:.1f} of {total / 60:.1f} min of audio"[:40]


def load(document: Document, config, deadline: float, write: Callable[[str, float], None]):
    """The transcript (anonymizer.types.Transcript) the text pass takes; stores ``timed`` on the way."""
    from anonymizer import speech

    if document.timed:  # recognized before: never again (the text, and every decided offset, stay)
        return transcript_of(document, speech.TimedTranscript.from_dict(document.timed))
    last = [0.0]

    def progress(done: float, total: float) -> None:
        now = time.monotonic()
        if now > deadline:
            raise TooLong
        if now - last[0] >= 0.5 or done >= total:
            last[0] = now
            write(stage(done, total), 0.02 + RECOGNITION_SHARE * (done / total if total else 1.0))

    from anonymizer.errors import IngestError

    try:
        data = audio.read(document)
    except OSError:
        raise IngestError(document.original_name, "the stored recording is missing or unreadable (AUDIO_ROOT); "
                                                  "upload it again") from None
    sidecar = (bytes(document.sidecar), document.sidecar_name) if document.sidecar_name else None
    recognizer = None if sidecar else pipelines.get_recognizer(config)
    if recognizer is not None and document.audio_seconds:  # the list says recognition runs, before its first chunk
        write(stage(0.0, float(document.audio_seconds)), 0.02)
    transcript, timed = speech.load_audio(data, document.original_name, config, sidecar,
                                          recognizer=recognizer, progress=progress)
    Document.objects.filter(pk=document.pk).update(timed=timed.to_dict(), audio_seconds=timed.duration)
    document.timed, document.audio_seconds = timed.to_dict(), timed.duration
    return transcript


def mend(document: Document, analysis, config):
    """The pass's analysis of a recognized recording read against the recognizer's unsure words, and (setting
    ``ASR_NAMES_PASS``) against a second recognition given the names found (anonymizer.speech.heard); a text
    document's analysis as it is."""
    if not document.is_audio:
        return analysis
    from anonymizer import speech
    from anonymizer.speech import heard

    timed = speech.TimedTranscript.from_dict(document.timed) if document.timed else None
    analysis = speech.mend(analysis, timed)
    names = heard.hotwords(analysis, timed) if config.asr_names_pass else {}
    if not names:
        return analysis
    stored = document.timed.get(AGAIN)
    if stored:  # recognized with the names before: never again
        again = speech.TimedTranscript.from_dict(stored)
    else:
        try:
            data = audio.read(document)
        except OSError:
            return analysis
        again = heard.recognize_again(pipelines.get_recognizer(config), data, document.original_name, names)
        if again is None:
            return analysis
        document.timed = {**document.timed, AGAIN: again.to_dict()}
        Document.objects.filter(pk=document.pk).update(timed=document.timed)
    return heard.names_heard(analysis, timed, again, names)


def transcript_of(document: Document, timed):
    """The text pass's input built from a stored time-aligned transcript."""
    from anonymizer.types import Transcript

    return Transcript(name=document.original_name, text=timed.text, source_format="audio")

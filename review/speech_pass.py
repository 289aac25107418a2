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
#: where the text pass of a recording to be recognized twice (the names pass) ends on the progress bar: the
#: first recognition takes the bar to ``FIRST_OF_TWO``, the second one from ``TEXT_OF_TWO`` to the end
FIRST_OF_TWO, TEXT_OF_TWO = 0.4, 0.55


class TooLong(Exception):
    """Recognition ran past the pass's wall time (``JOB_MAX_SECONDS`` and ``AUDIO_JOB_SECONDS_PER_SECOND``)."""


def extra_seconds(document: Document) -> float:
    """Wall time a recording's pass may take on top of ``JOB_MAX_SECONDS``: its duration times the setting."""
    return float(document.audio_seconds or 0.0) * settings.AUDIO_JOB_SECONDS_PER_SECOND if document.audio_file else 0.0


def stage(done: float, total: float) -> str:
    """The document list's progress line: minutes of audio done (at most 40 characters)."""
    return f"recognized {done / 60:.1f} of {total / 60:.1f} min of audio"[:40]


def stage_again(done: float, total: float) -> str:
    """The progress line of the second recognition, with the names found as hotwords (at most 40 characters)."""
    return f"listening for names {done / 60:.1f} of {total / 60:.1f} min"[:40]


def twice(document: Document, config) -> bool:
    """Whether the pass may recognize the recording twice (no transcript beside it, the names pass on, not
    recognized with the names before): its progress bar leaves room for the second recognition."""
    return bool(document.is_audio and not document.sidecar_name and config.asr_names_pass
                and not (document.timed or {}).get(AGAIN))


def bar(document: Document, config) -> tuple[float, float]:
    """(the end of recognition, the end of the text pass) on the job's progress bar, from 0 to 0.95."""
    if twice(document, config):
        return FIRST_OF_TWO, TEXT_OF_TWO
    return (0.1 + RECOGNITION_SHARE * document.is_audio), 0.95


def listening(write: Callable[[str, float], None], deadline: float, start: float, end: float, say=stage):
    """A recognizer's ``progress(done, total)`` writing the minutes done as the bar's ``start`` to ``end``,
    at most every 0.5 s; past ``deadline`` it stops the pass (TooLong)."""
    last = [0.0]

    def progress(done: float, total: float) -> None:
        now = time.monotonic()
        if now > deadline:
            raise TooLong
        if now - last[0] >= 0.5 or done >= total:
            last[0] = now
            write(say(done, total), start + (end - start) * (done / total if total else 1.0))

    return progress


def load(document: Document, config, deadline: float, write: Callable[[str, float], None]):
    """The transcript (anonymizer.types.Transcript) the text pass takes; stores ``timed`` on the way."""
    from anonymizer import speech

    if document.timed:  # recognized before: never again (the text, and every decided offset, stay)
        return transcript_of(document, speech.TimedTranscript.from_dict(document.timed))
    progress = listening(write, deadline, 0.02, bar(document, config)[0] - 0.08)

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


def mend(document: Document, analysis, config, write: Callable[[str, float], None] | None = None):
    """The pass's analysis of a recognized recording read against the recognizer's unsure words, and (setting
    ``ASR_NAMES_PASS``) against a second recognition given the names found (anonymizer.speech.heard); a text
    document's analysis as it is. ``write(stage, fraction)``: the second recognition's minutes done."""
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
        recognizer = pipelines.get_recognizer(config)
        progress = None
        if write is not None and heard.hears_again(recognizer, names):
            progress = listening(write, float("inf"), TEXT_OF_TWO, 0.95, stage_again)  # as before: no wall limit
            progress(0.0, float(document.audio_seconds or 0.0))  # said from its start, not after a chunk
        again = heard.recognize_again(recognizer, data, document.original_name, names, progress)
        if progress is not None:
            write("saving the mentions", 0.95)
        if again is None:
            return analysis
        document.timed = {**document.timed, AGAIN: again.to_dict()}
        Document.objects.filter(pk=document.pk).update(timed=document.timed)
    return heard.names_heard(analysis, timed, again, names)


def transcript_of(document: Document, timed):
    """The text pass's input built from a stored time-aligned transcript."""
    from anonymizer.types import Transcript

    return Transcript(name=document.original_name, text=timed.text, source_format="audio")

"""The ingest step of a recording: probe it, then read its sidecar transcript or recognize it.

:func:`load_audio` returns the :class:`~anonymizer.types.Transcript` the automatic pass takes
(its text is the timed transcript's text, ``source_format="audio"``) and the
:class:`TimedTranscript` stored beside it, which gives every mention its time range.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from anonymizer.errors import IngestError
from anonymizer.types import Config, Transcript

from . import audio
from .asr import BACKENDS, Recognizer, TransformersRecognizer
from .sidecar import read_aligned
from .timed import TimedTranscript

_MB = 1024 * 1024


def recognizer_for(config: Config) -> Recognizer | TransformersRecognizer:
    """The recognizer the settings name (``asr_backend``: faster-whisper, the default, or transformers with
    a local Whisper folder as ``asr_model``); the model loads on first use."""
    if config.asr_backend == "transformers":
        return TransformersRecognizer(config.asr_model or "", chunk_seconds=config.asr_chunk_seconds,
                                      pause_seconds=config.pause_seconds)
    if config.asr_backend != "faster-whisper":
        raise RuntimeError(f"ASR_BACKEND must be one of {', '.join(BACKENDS)}")
    return Recognizer(config.asr_model, compute_type=config.asr_compute_type, cpu_threads=config.asr_threads,
                      chunk_seconds=config.asr_chunk_seconds, pause_seconds=config.pause_seconds,
                      word_lead=config.asr_word_lead)


def load_audio(data: bytes, filename: str, config: Config = Config(), sidecar: tuple[bytes, str] | None = None,
               recognizer=None, progress: Callable[[float, float], None] | None = None
               ) -> tuple[Transcript, TimedTranscript]:
    """The transcript of the recording ``data``: from ``sidecar`` (``(bytes, filename)`` of a VTT, SRT
    or Whisper JSON of the same recording) when given, else from speech recognition."""
    name = Path(filename).name or filename
    audio.check_suffix(name)
    if len(data) > config.max_audio_bytes:
        raise IngestError(name, f"too large ({len(data) / _MB:.1f} MB; limit {config.max_audio_bytes / _MB:.1f} MB)")
    info = audio.probe(data, name, config.audio_max_seconds)
    if sidecar is not None:
        side_data, side_name = sidecar
        timed = read_aligned(side_data, side_name, info.duration, info.sample_rate, config.pause_seconds)
        if progress:
            progress(info.duration, info.duration)
    else:
        recognizer = recognizer or recognizer_for(config)
        timed = recognizer.transcribe(data, name, progress)
    if not timed.words:
        raise IngestError(name, "no speech recognized in the recording")
    longest = max(len(line) for line in timed.text.split("\n"))
    if longest > config.max_line_chars:
        raise IngestError(name, f"a transcript line of {longest:,} characters (limit {config.max_line_chars:,})")
    return Transcript(name=name, text=timed.text, source_format="audio"), timed

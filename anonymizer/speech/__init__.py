"""Recordings in, masked recordings out (issue 45): the speech half of the NLP core, no Django.

* :mod:`.audio` — probe, decode and mask recordings with PyAV (WAV, FLAC, MP3, M4A/AAC, OGG/Opus);
* :mod:`.timed` — :class:`TimedTranscript`: the transcript text with a time for every character;
* :mod:`.sidecar` — a time-aligned transcript beside the recording (WebVTT, SRT, Whisper JSON);
* :mod:`.asr` — faster-whisper recognition with word times (default model ``tiny.en``, offline),
  and the optional transformers backend;
* :mod:`.load` — the ingest step (:func:`load_audio`); :mod:`.publish` — WebVTT, mention times;
* :mod:`.heard` — the pass's mentions read against the recognizer's unsure words (:func:`mend`);
* :mod:`.gate` — the audio leak gate (:func:`audible_leaks`).

Errors are :class:`anonymizer.errors.IngestError` (one line naming the file and the reason).
"""
from __future__ import annotations

from .asr import Recognizer, TransformersRecognizer, default_model, resolve_model
from .audio import AUDIO_SUFFIXES, MASK_MODES, OUT_FORMATS, AudioInfo, decode, mask, merged, probe, stream
from .gate import Heard, audible_hits, audible_leaks, heard_hits, leaks_in
from .heard import mend
from .load import load_audio, recognizer_for
from .publish import mention_ranges, timestamp, to_webvtt
from .sidecar import TRANSCRIPT_SUFFIXES, read_aligned
from .timed import RawWord, TimedTranscript, TimedWord, lay_out

__all__ = [
    "AUDIO_SUFFIXES", "MASK_MODES", "OUT_FORMATS", "TRANSCRIPT_SUFFIXES", "AudioInfo", "Heard", "RawWord",
    "Recognizer", "TimedTranscript", "TimedWord", "TransformersRecognizer", "audible_hits", "audible_leaks", "decode",
    "default_model", "heard_hits", "lay_out", "leaks_in", "load_audio", "mask", "mend", "mention_ranges", "merged",
    "probe", "read_aligned", "recognizer_for", "resolve_model", "stream", "timestamp", "to_webvtt",
]

"""A time-aligned transcript beside a recording (same stem): WebVTT, SRT, or Whisper JSON.

:func:`read_aligned` turns it into a :class:`TimedTranscript` used instead of speech
recognition. A Whisper / faster-whisper / WhisperX JSON gives word times (``segments[].words[]``
with ``word``/``text``, ``start``, ``end``, ``probability``/``score``, optional ``speaker``); a
VTT or SRT cue's time is spread over its words by their length. Speakers come from VTT voice
tags (``<v Mary Roe>``), a diarized JSON's ``speaker`` labels, or a cue opened by a label in
capitals (``SPEAKER_01: ...``, ``MARY ROE: ...``). Every refusal is one IngestError line.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from anonymizer.errors import IngestError
from anonymizer.pdf.captions import CUE_TIME, VOICE_TAG

from .timed import RawWord, TimedTranscript, lay_out, spread

TRANSCRIPT_SUFFIXES = (".vtt", ".srt", ".json")
#: how far past the recording's end a cue may run (rounding of the tool that wrote it)
SLACK_SECONDS = 1.0
_CUE_TIMES = re.compile(rf"^\s*{CUE_TIME}\s+-->\s+{CUE_TIME}")
_VOICE = re.compile(VOICE_TAG)
_TAG = re.compile(r"</?[^>]*>")
_CUE_LABEL = re.compile(r"^\s*([A-Z][A-Z0-9_ .'-]{0,40}[A-Z0-9_]):\s+")
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&nbsp;": " ", "&lrm;": "", "&rlm;": ""}


def read_aligned(data: bytes, filename: str, duration: float, sample_rate: int = 16000,
                 pause_seconds: float = 1.5) -> TimedTranscript:
    """The transcript in ``data`` (``filename`` decides the format) for a recording of ``duration`` s."""
    name = Path(filename).name or filename
    suffix = Path(name).suffix.lower()
    if suffix not in TRANSCRIPT_SUFFIXES:
        raise IngestError(name, f"unsupported transcript type ('{suffix}'); expected .vtt, .srt or .json")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise IngestError(name, "not UTF-8 text") from None
    if not text.strip():
        raise IngestError(name, "empty file")
    if suffix == ".json":
        words = _json_words(text, name)
    else:
        words = _cue_words(text, name, webvtt=suffix == ".vtt")
    if not words:
        raise IngestError(name, "no words with times in the transcript")
    last = max(w.t1 for w in words)
    if last > duration + SLACK_SECONDS:
        raise IngestError(name, f"the transcript runs to {last:.1f} s, past the recording's end ({duration:.1f} s)")
    if any(w.t1 < w.t0 or w.t0 < 0 for w in words):
        raise IngestError(name, "a word ends before it starts (bad times)")
    return lay_out(words, duration, sample_rate, suffix[1:], pause_seconds)


def _seconds(groups: tuple[str | None, ...]) -> float:
    hours, minutes, seconds, fraction = groups
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds) + int(fraction.ljust(3, "0")) / 1000


def _cue_words(text: str, name: str, webvtt: bool) -> list[RawWord]:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if webvtt and not lines[0].startswith("WEBVTT"):
        raise IngestError(name, "not a WebVTT file (no WEBVTT line)")
    words: list[RawWord] = []
    index, cues = 0, 0
    while index < len(lines):
        match = _CUE_TIMES.match(lines[index])
        index += 1
        if not match:
            continue
        cues += 1
        t0, t1 = _seconds(match.groups()[:4]), _seconds(match.groups()[4:])
        body = []
        while index < len(lines) and lines[index].strip():
            body.append(lines[index])
            index += 1
        speaker, spoken = _cue_text(" ".join(body))
        words += spread(spoken, t0, t1, speaker)
    if not cues:
        raise IngestError(name, "no cues with times (HH:MM:SS.mmm --> HH:MM:SS.mmm)")
    return words


def _cue_text(body: str) -> tuple[str | None, str]:
    voice = _VOICE.search(body)
    speaker = voice.group(1).strip() if voice else None
    spoken = _TAG.sub("", body)
    for entity, char in _ENTITIES.items():
        spoken = spoken.replace(entity, char)
    spoken = " ".join(spoken.split())
    if speaker is None and (label := _CUE_LABEL.match(spoken)):
        speaker, spoken = label.group(1), spoken[label.end():]
    return speaker, spoken


def _json_words(text: str, name: str) -> list[RawWord]:
    try:
        data = json.loads(text)
    except ValueError:
        raise IngestError(name, "not JSON") from None
    except RecursionError:  # [[[[... : the parser's recursion, never the caller's 500
        raise IngestError(name, "JSON nested too deeply to read (not a Whisper JSON)") from None
    segments = data.get("segments") if isinstance(data, dict) else data
    if not isinstance(segments, list):
        raise IngestError(name, "no segments (a Whisper JSON has 'segments' with 'words')")
    words: list[RawWord] = []
    try:
        for segment in segments:
            speaker = segment.get("speaker")
            given = segment.get("words") or []
            if given:
                for w in given:
                    token = w.get("word", w.get("text", ""))
                    if "start" not in w or "end" not in w:  # WhisperX leaves numbers untimed: the segment's
                        continue
                    confidence = w.get("probability", w.get("score", 1.0))
                    words.append(RawWord(str(token), float(w["start"]), float(w["end"]), float(confidence),
                                         w.get("speaker", speaker)))
            elif str(segment.get("text", "")).strip():
                words += spread(str(segment["text"]), float(segment["start"]), float(segment["end"]), speaker)
    except (AttributeError, KeyError, TypeError, ValueError):
        raise IngestError(name, "not a Whisper JSON (segments with start, end and words)") from None
    return words

"""What an audio document publishes besides its masked recording: timed subtitles, mention times.

:func:`to_webvtt` writes the pseudonymized transcript (the same lines as the timed text) as one
WebVTT cue per line with that line's times; :func:`mention_ranges` gives the time ranges of
character spans (accepted mentions), which :func:`anonymizer.speech.mask` then silences.
"""
from __future__ import annotations

from typing import Iterable

from .timed import TimedTranscript


def timestamp(seconds: float) -> str:
    """``HH:MM:SS.mmm``, as WebVTT writes a time."""
    millis = int(round(max(0.0, seconds) * 1000))
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    secs, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}.{millis:03d}"


def to_webvtt(timed: TimedTranscript, text: str) -> str:
    """``text`` (the pseudonymized transcript: one line for each line of ``timed.text``) as WebVTT,
    one cue per non-empty line, timed as that line of the recording. Raises ValueError when the
    line counts differ (the pseudonymized text is not of this transcript)."""
    lines = text.split("\n")
    times = timed.line_times()
    if len(lines) != len(times):
        raise ValueError(f"the text has {len(lines)} lines, the timed transcript {len(times)}")
    cues = ["WEBVTT", ""]
    number = 0
    for line, (_, _, t0, t1) in zip(lines, times):
        spoken = " ".join(line.replace("-->", "->").split())
        if not spoken:
            continue
        number += 1
        end = t1 if t1 > t0 else t0 + 0.001
        cues += [str(number), f"{timestamp(t0)} --> {timestamp(end)}", spoken, ""]
    return "\n".join(cues)


def mention_ranges(timed: TimedTranscript, spans: Iterable[tuple[int, int]]) -> list[tuple[float, float]]:
    """The time range of each character span that has one (a label's characters are not spoken), over the
    gaps the words beside it leave (:meth:`TimedTranscript.mask_time`)."""
    ranges = []
    for start, end in spans:
        times = timed.mask_time(start, end)
        if times is not None:
            ranges.append(times)
    return ranges

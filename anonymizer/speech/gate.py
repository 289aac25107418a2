"""The leak gate hears too: the masked recording is recognized again and searched like a text.

:func:`audible_leaks` runs the text gate's checks (:class:`anonymizer.leakgate.Gate`: every
accepted surface form, name parts, spelled and phonetic forms, CDCR numbers, dates) over the
new transcript and, with ``detector``, the detectors too (their personal-data labels,
:func:`anonymizer.export.detector_leaks`). Each hit comes back as ``(t0, t1, term)``; a
term's ``form`` is secret (never log it: report the time and the label).
"""
from __future__ import annotations

from typing import Iterable, Sequence

from anonymizer.leakgate import Gate, Term

from .timed import TimedTranscript

#: a detector's hit with this share of its time inside the masked ranges is heard in the tone, not in speech
INSIDE_MASK = 0.9


def _inside(times: tuple[float, float], ranges: Sequence[tuple[float, float]]) -> float:
    t0, t1 = times
    if t1 <= t0:
        return float(any(a <= t0 <= b for a, b in ranges))
    return sum(max(0.0, min(t1, b) - max(t0, a)) for a, b in ranges) / (t1 - t0)


def audible_leaks(masked: bytes, filename: str, terms: Iterable[Term], recognizer, *, detector=None,
                  whitelist: Sequence[str] = (), tags: Iterable[str] = (),
                  toned: Sequence[tuple[float, float]] = ()) -> list[tuple[float, float, Term]]:
    """What a second recognition of ``masked`` still hears: ``(t0, t1, term)`` in time order."""
    heard = recognizer.transcribe(masked, filename, None)
    return leaks_in(heard, terms, detector=detector, whitelist=whitelist, tags=tags, toned=toned)


def leaks_in(heard: TimedTranscript, terms: Iterable[Term], *, detector=None, whitelist: Sequence[str] = (),
             tags: Iterable[str] = (), toned: Sequence[tuple[float, float]] = ()) -> list[tuple[float, float, Term]]:
    """The gate's hits in a recognized transcript, with their times. ``toned``: the masked ranges (padded);
    a detector's hit heard inside them (:data:`INSIDE_MASK` of its time or more) is the recognizer making
    words of the tone or the silence, not speech left audible, and is no hit (a surface form heard there
    still is one)."""
    found: dict[tuple[int, int], Term] = {}
    tags = frozenset(tags)
    for start, end, term in Gate(list(terms), whitelist, tags).matches(heard.text):
        found.setdefault((start, end), term)
    if detector is not None and heard.text.strip():
        from anonymizer.export import detector_leaks
        from anonymizer.pipeline import in_ordinary_case
        from anonymizer.types import Transcript

        mentions = detector.detect(in_ordinary_case(Transcript("heard", heard.text)))
        hits = [(m.start, m.end, m.label) for m in mentions]
        for leak in detector_leaks(heard.text, hits, whitelist, tags):
            found.setdefault((leak.start, leak.end), Term("detector", leak.label, heard.text[leak.start:leak.end]))
    out = []
    for (start, end), term in found.items():
        times = heard.span_time(start, end)
        if times is None:
            continue
        if term.kind == "detector" and toned and _inside(times, toned) >= INSIDE_MASK:
            continue
        out.append((times[0], times[1], term))
    return sorted(out, key=lambda hit: (hit[0], hit[1]))

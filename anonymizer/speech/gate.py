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


def audible_leaks(masked: bytes, filename: str, terms: Iterable[Term], recognizer, *, detector=None,
                  whitelist: Sequence[str] = (), tags: Iterable[str] = ()) -> list[tuple[float, float, Term]]:
    """What a second recognition of ``masked`` still hears: ``(t0, t1, term)`` in time order."""
    heard = recognizer.transcribe(masked, filename, None)
    return leaks_in(heard, terms, detector=detector, whitelist=whitelist, tags=tags)


def leaks_in(heard: TimedTranscript, terms: Iterable[Term], *, detector=None, whitelist: Sequence[str] = (),
             tags: Iterable[str] = ()) -> list[tuple[float, float, Term]]:
    """The gate's hits in a recognized transcript, with their times."""
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
        if times is not None:
            out.append((times[0], times[1], term))
    return sorted(out, key=lambda hit: (hit[0], hit[1]))

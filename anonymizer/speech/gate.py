"""The leak gate hears too: the masked recording is recognized again and searched like a text.

:func:`audible_leaks` runs the text gate's checks (:class:`anonymizer.leakgate.Gate`: every
accepted surface form, name parts, spelled and phonetic forms, CDCR numbers, dates) over the
new transcript and, with ``detector``, the detectors too (their personal-data labels,
:func:`anonymizer.export.detector_leaks`). Each hit comes back as ``(t0, t1, term)``; a
term's ``form`` is secret (never log it: report the time and the label).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from anonymizer.leakgate import Gate, Term, folded, rejection_decides, snippet

from .timed import TimedTranscript

#: a detector's hit with this share of its time inside the masked ranges is heard in the tone, not in speech
INSIDE_MASK = 0.9
#: a hit with this share of its time inside a mention the reviewer rejected is heard where that decision stands
AT_REJECTED = 0.5


def _inside(times: tuple[float, float], ranges: Sequence[tuple[float, float]]) -> float:
    t0, t1 = times
    if t1 <= t0:
        return float(any(a <= t0 <= b for a, b in ranges))
    return sum(max(0.0, min(t1, b) - max(t0, a)) for a, b in ranges) / (t1 - t0)


def audible_leaks(masked: bytes, filename: str, terms: Iterable[Term], recognizer, *, detector=None,
                  whitelist: Sequence[str] = (), tags: Iterable[str] = (),
                  toned: Sequence[tuple[float, float]] = (),
                  rejected: Sequence[tuple[float, float]] = ()) -> list[tuple[float, float, Term]]:
    """What a second recognition of ``masked`` still hears: ``(t0, t1, term)`` in time order."""
    return [(hit.t0, hit.t1, hit.term) for hit in audible_hits(masked, filename, terms, recognizer, detector=detector,
                                                               whitelist=whitelist, tags=tags, toned=toned,
                                                               rejected=rejected)]


def audible_hits(masked: bytes, filename: str, terms: Iterable[Term], recognizer, *, detector=None,
                 whitelist: Sequence[str] = (), tags: Iterable[str] = (), toned: Sequence[tuple[float, float]] = (),
                 rejected: Sequence[tuple[float, float]] = ()) -> list[Heard]:
    """:func:`audible_leaks` with what was heard (:class:`Heard`)."""
    heard = recognizer.transcribe(masked, filename, None)
    return heard_hits(heard, terms, detector=detector, whitelist=whitelist, tags=tags, toned=toned, rejected=rejected)


def leaks_in(heard: TimedTranscript, terms: Iterable[Term], *, detector=None, whitelist: Sequence[str] = (),
             tags: Iterable[str] = (), toned: Sequence[tuple[float, float]] = (),
             rejected: Sequence[tuple[float, float]] = ()) -> list[tuple[float, float, Term]]:
    """The gate's hits in a recognized transcript, with their times (:func:`heard_hits`)."""
    return [(hit.t0, hit.t1, hit.term) for hit in heard_hits(heard, terms, detector=detector, whitelist=whitelist,
                                                             tags=tags, toned=toned, rejected=rejected)]


@dataclass(frozen=True)
class Heard:
    """One hit of the audio gate: its time, the term it matched and the words heard there (``text``, a snippet of
    the second recognition around them: secret, like ``term.form``)."""

    t0: float
    t1: float
    term: Term
    text: str


def heard_hits(heard: TimedTranscript, terms: Iterable[Term], *, detector=None, whitelist: Sequence[str] = (),
               tags: Iterable[str] = (), toned: Sequence[tuple[float, float]] = (),
               rejected: Sequence[tuple[float, float]] = ()) -> list[Heard]:
    """The gate's hits in a recognized transcript, with their times and the words heard. ``toned``: the masked
    ranges (padded); a detector's hit heard inside them (:data:`INSIDE_MASK` of its time or more) is the
    recognizer making words of the tone or the silence, not speech left audible, and is no hit (a surface form
    heard there still is one). ``rejected``: the time ranges of the mentions the reviewer rejected; a hit heard
    there (:data:`AT_REJECTED` of its time or more) follows the text gate's rule for a place a reviewer rejected
    (:func:`anonymizer.leakgate.rejection_decides`: a tagger's name no tool gives a name's evidence for, and no
    form of the document's own, is that decision, not a finding); ``terms`` are the document's own."""
    terms = list(terms)
    own = {folded(t.form) for t in terms}
    found: dict[tuple[int, int], tuple[Term, bool]] = {}
    tags = frozenset(tags)
    gate = Gate(terms, whitelist, tags)
    for start, end, term in gate.matches(heard.text):
        # a spelled run, a number or a date found by its shape is a finding whatever was rejected (as in the text)
        found.setdefault((start, end), (term, not gate.word_hit(heard.text[start:end])))
    if detector is not None and heard.text.strip():
        from anonymizer.export import detector_leaks
        from anonymizer.pipeline import in_ordinary_case
        from anonymizer.types import Transcript

        mentions = detector.detect(in_ordinary_case(Transcript("heard", heard.text)))
        hits = [(m.start, m.end, m.label) for m in mentions]
        spans = Counter(hits)
        strong = {(m.start, m.end, m.label) for m in mentions if getattr(m, "confidence", 2) == 1} \
            | {span for span, n in spans.items() if n > 1}
        for leak in detector_leaks(heard.text, hits, whitelist, tags):
            found.setdefault((leak.start, leak.end), (Term("detector", leak.label, heard.text[leak.start:leak.end]),
                                                      (leak.start, leak.end, leak.label) in strong))
    out = []
    for (start, end), (term, strong) in found.items():
        times = heard.span_time(start, end)
        if times is None:
            continue
        if term.kind == "detector" and toned and _inside(times, toned) >= INSIDE_MASK:
            continue
        if rejected and _inside(times, rejected) >= AT_REJECTED \
                and rejection_decides(term.label, heard.text[start:end], own, strong=strong):
            continue
        out.append(Heard(times[0], times[1], term, snippet(heard.text, start, end)))
    return sorted(out, key=lambda hit: (hit.t0, hit.t1))

"""One recording through the whole chain, as the ``anonymize`` command runs it (no review).

:func:`anonymize_recording`: ingest (sidecar or recognition), the automatic pass over the
transcript (mended where the recognizer was unsure: :mod:`.heard`), pseudonymization, every replaced span's time range masked (padded, tone or
silence), the pseudonymized transcript as WebVTT, then the audio gate: the masked recording
recognized again and searched for every replaced surface form and by the detectors.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from anonymizer.leakgate import Term, surface_terms
from anonymizer.pseudonymize import Pseudonymized, pseudonymize
from anonymizer.types import Analysis, Config, Transcript

from .audio import mask
from .gate import audible_leaks
from .heard import mend, recognize_names
from .load import load_audio
from .publish import to_webvtt
from .timed import TimedTranscript

#: share of a recording's progress bar each step takes: recognition, the pass, the gate
_STEPS = (0.6, 0.15, 0.25)


@dataclass(frozen=True)
class Recording:
    """Everything the command writes (or refuses to) for one recording."""

    transcript: Transcript
    timed: TimedTranscript
    analysis: Analysis
    result: Pseudonymized
    masked: bytes
    subtitles: str
    ranges: tuple[tuple[float, float], ...]  # the masked ranges before padding, one per replacement
    leaks: tuple[tuple[float, float, Term], ...]  # what the second recognition still hears (forms secret)

    def mention_times(self) -> list[tuple[float, float] | None]:
        """The time range of each mention of the analysis (None: not spoken, e.g. in a speaker label)."""
        return [self.timed.mask_time(m.start, m.end) for m in self.analysis.mentions]


def gate_terms(result: Pseudonymized, document=None) -> list[Term]:
    """The identifying terms of a pseudonymized recording: every replaced entity's surface forms."""
    pairs = [(entry.label, form) for entry in result.key for form in entry.surface_forms]
    return surface_terms(pairs, document)


def anonymize_recording(
    data: bytes,
    filename: str,
    config: Config,
    pipeline,
    recognizer,
    *,
    style: str = "parts",
    sidecar: tuple[bytes, str] | None = None,
    gate: bool = True,
    progress: Callable[[str, float], None] | None = None,
) -> Recording:
    """Anonymize one recording; ``pipeline`` is an :class:`anonymizer.pipeline.Pipeline`, ``recognizer``
    a :class:`~anonymizer.speech.Recognizer` (used for the gate, and for the transcript without a sidecar)."""
    report = progress or (lambda _stage, _fraction: None)
    heard, passed, _ = _STEPS

    def recognized(done: float, total: float) -> None:
        report("recognize", heard * (done / total if total else 1.0))

    transcript, timed = load_audio(data, filename, config, sidecar, recognizer, recognized)
    analysis = pipeline.run(transcript, progress=lambda stage, f: report(stage, heard + passed * f))
    analysis = mend(analysis, timed)  # recognized speech: the unsure words beside and like a name
    if config.asr_names_pass and sidecar is None:
        analysis = recognize_names(analysis, timed, recognizer, data, filename)
    result = pseudonymize(transcript.text, analysis.mentions, analysis.entities, style=style)
    ranges = []
    for replacement in result.replacements:
        times = timed.mask_time(replacement.start, replacement.end)
        if times is not None:
            ranges.append(times)
    masked = mask(data, filename, ranges, pad=config.mask_pad, mode=config.mask_mode, out_format=config.mask_format,
                  reach=config.mask_reach)
    subtitles = to_webvtt(timed, result.text)
    report("gate", heard + passed)
    leaks: list = []
    if gate:
        leaks = audible_leaks(masked, f"masked.{config.mask_format}", gate_terms(result), recognizer,
                              detector=getattr(pipeline, "detector", None), whitelist=config.whitelist_terms,
                              tags=_tags(result), toned=toned_ranges(data, filename, ranges, config))
    report("gate", 1.0)
    return Recording(transcript, timed, analysis, result, masked, subtitles, tuple(ranges), tuple(leaks))


def toned_ranges(data: bytes, filename: str, ranges, config: Config) -> list[tuple[float, float]]:
    """The time ranges :func:`~anonymizer.speech.mask` replaced (widened, padded into silence, merged), for the gate."""
    from . import audio

    samples, rate = audio.decode_native(data, filename)
    return audio.replaced_ranges(ranges, samples, rate, config.mask_pad, config.mask_reach)


def _tags(result: Pseudonymized) -> frozenset[str]:
    from anonymizer.tags import find_tags

    return frozenset(tag for r in result.replacements for tag in find_tags(r.tag_text))

"""What a corpus export adds for an approved recording (issue 45), and the leak gate that hears.

For each approved audio document the corpus archive holds ``audio/NAME.wav`` (or ``.flac``, the
corpus's ``audio_format``): the original with every pseudonymized mention's time range (padded by
``AUDIO_MASK_PAD``, default 0.15 s each side, over the gaps the words beside it leave, after widening it to
the pause around it, at most ``AUDIO_MASK_REACH``, default 0) replaced by a tone or by silence (``audio_mask``), same
sample rate and duration; ``subtitles/NAME.vtt``: the pseudonymized transcript as WebVTT, one cue per
line with its times; and the times of its annotations (``t0``/``t1`` in ``annotations.json``). The
original recording never enters it. The audio gate (:func:`audible`) recognizes the masked recording
again and runs the text gate's checks over what it hears (``anonymizer.speech.audible_leaks``); a hit
blocks the export like a text finding, naming the document, the line and the time.
"""
from __future__ import annotations

import bisect
import logging
import os

from . import audio, export_files, leakgate, pipelines

log = logging.getLogger(__name__)


def times_of(document, mentions) -> list[tuple[float, float] | None] | None:
    """Each mention's time range (None: not a recording)."""
    timed = audio.timed_of(document) if document.is_audio else None
    if timed is None:
        return None
    return audio.span_times(timed, [(m.start, m.end) for m in mentions])


def member_names(name: str, corpus) -> tuple[str, str]:
    """(the masked recording's member, the subtitles' member) of document ``name``."""
    return f"audio/{name}.{corpus.audio_format}", f"subtitles/{name}.vtt"


def masked(document, times: list, config) -> bytes:
    """The recording with these time ranges masked, as the corpus says (tone or silence, WAV or FLAC)."""
    from anonymizer import speech

    path = audio.path_of(document)
    corpus = document.corpus
    return speech.mask(path.read_bytes(), path.name, [t for t in times if t is not None], pad=config.mask_pad,
                       reach=config.mask_reach, mode=corpus.audio_mask, out_format=corpus.audio_format)


def subtitles(document, text: str) -> str:
    from anonymizer import speech

    return speech.to_webvtt(audio.timed_of(document), text)


def members(prepared) -> dict:
    """The audio members of the prepared documents: the masked recording's file (``finish``), the subtitles."""
    out: dict = {}
    for p in prepared:
        if p.recording is None:
            continue
        sound, vtt = member_names(p.name, p.document.corpus)
        out[sound] = p.recording
        out[vtt] = subtitles(p.document, p.text).encode("utf-8")
    return out


def manifest_entry(p) -> dict:
    """A recording's lines in the manifest's document entry (nothing for a text)."""
    if p.recording is None:
        return {}
    sound, vtt = member_names(p.name, p.document.corpus)
    corpus = p.document.corpus
    return {"audio": sound, "subtitles": vtt, "duration": round(p.document.audio_seconds, 3),
            "masking": {"mode": corpus.audio_mask, "pad_seconds": p.pad, "reach_seconds": p.reach}}


def annotation_times(p) -> list[dict]:
    """``{"t0", "t1"}`` (seconds) of each annotation of a recording, in the annotations' order ({}: a text)."""
    if p.times is None:
        return [{}] * len(p.tagged)
    return [{"t0": round(t[0], 3), "t1": round(t[1], 3)} if t else {"t0": None, "t1": None} for t in p.times]


def finish(p, config, export_id: int):
    """A prepared recording with its masked recording (every pseudonymized mention's time range), kept in a
    file of the export (mode 0600) until it is zipped: one recording in memory at a time; a text as it is."""
    if p.times is not None:
        sound, _ = member_names(p.name, p.document.corpus)
        path = export_files.audio_part(p.document.corpus_id, export_id, p.name, sound.rpartition(".")[2])
        path.parent.mkdir(parents=True, exist_ok=True)
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as handle:
            handle.write(masked(p.document, p.times, config))
        p.recording, p.pad, p.reach = path, config.mask_pad, config.mask_reach
    return p


def toned_ranges(data: bytes, name: str, times: list, config) -> list[tuple[float, float]]:
    """The ranges the mask replaced (padded, merged; widened as :func:`masked` widened them): the gate does not
    count a detector's hit heard in the tone (``anonymizer.speech.leaks_in``)."""
    from anonymizer.speech.recording import toned_ranges as core

    return core(data, name, times, config)


def audible(prepared, whitelist, config, detector=None) -> list[dict]:
    """The audio gate: each masked recording recognized again and checked like a text, by the text gate's rules: a
    name heard where the reviewer rejected its mention is that decision (``anonymizer.leakgate.rejection_decides``:
    a tagger's name with no tool's evidence, no form the document accepted itself). Findings name the document,
    the member, the transcript line and the time; ``text``: what the second recognition heard there, ``form``: the
    term it matched (both secret: never logged)."""
    from anonymizer import speech

    from .models import Mention, ReviewStatus

    found: list[dict] = []
    recordings = [p for p in prepared if p.recording is not None]
    if not recordings:
        return found
    recognizer = pipelines.get_recognizer(config)
    tags = leakgate.written_tags(prepared)
    for p in recordings:
        sound, _ = member_names(p.name, p.document.corpus)
        terms = leakgate.document_terms(p.document, p.surfaces)
        data = p.recording.read_bytes()
        toned = toned_ranges(data, sound, [t for t in p.times if t is not None], config)
        timed = audio.timed_of(p.document)
        rejected = [t for t in audio.span_times(timed, Mention.objects.filter(
            document=p.document, status=ReviewStatus.REJECTED).order_by("start").values_list("start", "end"))
                    if t is not None]
        hits = speech.audible_hits(data, sound, terms, recognizer, detector=detector, whitelist=whitelist, tags=tags,
                                   toned=toned, rejected=rejected)
        lines = [t0 for _, _, t0, _ in timed.line_times()]
        for hit in hits:
            matched = {} if hit.term.kind == "detector" else {
                "form": hit.term.form, "source": hit.term.document, "entity": hit.term.entity}
            found.append({"document": p.document.pk, "title": p.document.title, "member": sound,
                          "line": max(1, bisect.bisect_right(lines, hit.t0)), "kind": "audible", "label": hit.term.label,
                          "text": hit.text, **matched, "time": audio.clock(hit.t0), "t0": round(hit.t0, 3),
                          "t1": round(hit.t1, 3)})
        if hits:
            log.warning("export: the audio gate heard %d hit(s) in document %s", len(hits), p.document.pk)
    return leakgate.accepted_where(found, {p.document.pk: p.document for p in prepared})

"""Reading and writing recordings with PyAV (``av<19``; no ffmpeg program needed).

:func:`probe` refuses what cannot be a hearing's recording with one :class:`IngestError` line
naming the file and the reason (corrupt, empty, silent, unsupported, too long); :func:`decode`
gives 16 kHz mono float32 samples for the recognizer, :func:`stream` the same in pieces
(memory stays flat on a long recording); :func:`mask` replaces time ranges by a tone or by
silence and writes WAV or FLAC at the recording's own sample rate, channels and length.
"""
from __future__ import annotations

import io
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import numpy as np

from anonymizer.errors import IngestError, file_kind, misnamed, plain

AUDIO_SUFFIXES = (".wav", ".flac", ".mp3", ".m4a", ".aac", ".ogg", ".opus")
#: below this peak (about -60 dBFS) a recording holds no speech
SILENCE_PEAK = 0.001
TONE_HZ = 1000.0
TONE_LEVEL = 0.25  # about -12 dBFS
MASK_MODES = ("tone", "silence")
OUT_FORMATS = ("wav", "flac")


@dataclass(frozen=True)
class AudioInfo:
    duration: float  # seconds
    sample_rate: int
    channels: int
    codec: str
    whole: bool = True  # decoded to its end (False: ``probe``'s time budget ran out first)


def _name(filename: str) -> str:
    return Path(filename).name or filename


def check_suffix(filename: str) -> str:
    suffix = Path(filename).suffix.lower()
    if suffix not in AUDIO_SUFFIXES:
        shown = f"'{suffix}'" if suffix else "no extension"
        raise IngestError(_name(filename), f"unsupported audio type ({shown}); expected {', '.join(AUDIO_SUFFIXES)}")
    return suffix


def _open(data: bytes, filename: str):
    """The container and its first audio stream, or an IngestError (never a PyAV message: it may quote metadata)."""
    import av

    if not data:
        raise IngestError(_name(filename), "empty file")
    try:
        container = av.open(io.BytesIO(data), mode="r", metadata_errors="ignore")
    except Exception as exc:  # noqa: BLE001 - PyAV raises many kinds; the reason says it in words
        raise _unreadable(data, filename, exc) from None
    if not container.streams.audio:
        container.close()
        if file_kind(data)[1] not in AUDIO_SUFFIXES and (kind := misnamed(data, Path(_name(filename)).suffix)):
            raise IngestError(_name(filename), f"not a recording: {kind}")
        raise IngestError(_name(filename), "no audio stream in the file")
    return container, container.streams.audio[0]


def _frames(container, stream, filename: str, resampler) -> Iterator[np.ndarray]:
    """Resampled frames as arrays ``(channels, n)`` (packed float32 made planar)."""
    try:
        for frame in container.decode(stream):
            for out in resampler.resample(frame):
                yield _planar(out)
        for out in resampler.resample(None):
            yield _planar(out)
    except IngestError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise _unreadable(None, filename, exc) from None


def _unreadable(data: bytes | None, filename: str, exc: Exception) -> IngestError:
    """Why PyAV could not read a recording, in words (never its class or message: it may quote metadata):
    another kind of file under an audio name, a header stating what cannot be used, an encoding no
    decoder reads, or data that cannot be decoded."""
    import av.error

    name = _name(filename)
    if data is not None and file_kind(data)[1] not in AUDIO_SUFFIXES and (kind := misnamed(data, Path(name).suffix)):
        return IngestError(name, f"not a recording: {kind}")
    if isinstance(exc, (av.error.DecoderNotFoundError, av.error.DemuxerNotFoundError, av.error.PatchWelcomeError,
                        NotImplementedError)):
        return IngestError(name, "unsupported audio encoding (no decoder reads it); convert it to WAV or FLAC")
    if isinstance(exc, av.error.ArgumentError):
        return IngestError(name, "damaged or unreadable audio (its header states a format that cannot be used: "
                                 "sample rate, channels or encoding)")
    if isinstance(exc, (av.error.FFmpegError, ValueError, EOFError)):
        return IngestError(name, "damaged or unreadable audio (its data cannot be decoded: a truncated or damaged "
                                 "file, or another format than its name says)")
    return IngestError(name, f"damaged or unreadable audio ({plain(exc)})")


def _planar(frame) -> np.ndarray:
    array = frame.to_ndarray()
    channels = frame.layout.nb_channels
    if frame.format.is_planar:
        return array.astype(np.float32, copy=False)
    return array.reshape(-1, channels).T.astype(np.float32, copy=False)


def _layout(channels: int) -> str:
    return {1: "mono", 2: "stereo"}.get(channels, f"{channels}c")


def probe(data: bytes, filename: str, max_seconds: float | None = None, budget: float | None = None) -> AudioInfo:
    """What the recording is; raises IngestError when it is empty, corrupt, silent, unsupported or
    longer than ``max_seconds``. Decodes the whole file once (16 kHz mono, in pieces) to know it is
    readable to its end and not silent; with ``budget`` (seconds) a recording whose container states
    its duration is decoded only that long (``whole`` False, its stated duration): an upload's request
    took minutes on four hours of 6 kbit/s Opus (8 MB) and hit the web server's timeout; the pass's job
    decodes all of it anyway (damaged: failed with the reason; silent: no speech recognized)."""
    import av

    check_suffix(filename)
    name = _name(filename)
    container, stream = _open(data, filename)
    try:
        rate = stream.codec_context.sample_rate or stream.rate or 0
        channels = stream.codec_context.channels or 1
        codec = stream.codec_context.name
        if not rate:
            raise IngestError(name, "no sample rate in the audio stream")
        stated = float(container.duration) / 1_000_000 if container.duration else 0.0
        if max_seconds is not None and stated > max_seconds:
            raise IngestError(name, _too_long(stated, max_seconds))
        resampler = av.AudioResampler(format="flt", layout="mono", rate=16000)
        samples, peak, whole, started = 0, 0.0, True, time.monotonic()
        for array in _frames(container, stream, filename, resampler):
            samples += array.shape[1]
            if array.size:
                peak = max(peak, float(np.abs(array).max()))
            if max_seconds is not None and samples / 16000 > max_seconds:
                raise IngestError(name, _too_long(samples / 16000, max_seconds))
            if samples and budget is not None and stated > 0 and time.monotonic() - started > budget:
                whole = False
                break
    finally:
        container.close()
    duration = samples / 16000 if whole else max(stated, samples / 16000)
    if samples == 0:
        claimed = f"; its header states {stated / 60:.1f} minutes" if stated >= 1 else ""
        raise IngestError(name, f"no audio in the file (0 samples{claimed})")
    if peak < SILENCE_PEAK and whole:
        raise IngestError(name, f"silent recording (peak below {20 * math.log10(SILENCE_PEAK):.0f} dBFS)")
    return AudioInfo(duration=duration, sample_rate=int(rate), channels=int(channels), codec=str(codec), whole=whole)


def _too_long(seconds: float, limit: float) -> str:
    return f"too long ({seconds / 60:.1f} minutes; limit {limit / 60:.1f} minutes)"


def stream(data: bytes, filename: str, sample_rate: int = 16000) -> Iterator[np.ndarray]:
    """The recording as mono float32 pieces at ``sample_rate`` (one decoded frame each)."""
    import av

    container, audio = _open(data, filename)
    try:
        resampler = av.AudioResampler(format="flt", layout="mono", rate=sample_rate)
        for array in _frames(container, audio, filename, resampler):
            yield array[0]
    finally:
        container.close()


def decode(data: bytes, filename: str, sample_rate: int = 16000) -> np.ndarray:
    """The whole recording as one mono float32 array at ``sample_rate``."""
    pieces = list(stream(data, filename, sample_rate))
    return np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.float32)


def decode_native(data: bytes, filename: str) -> tuple[np.ndarray, int]:
    """The recording at its own sample rate and channels: float32 ``(channels, n)``, and the rate."""
    import av

    container, audio = _open(data, filename)
    try:
        rate = audio.codec_context.sample_rate or audio.rate
        channels = audio.codec_context.channels or 1
        resampler = av.AudioResampler(format="fltp", layout=_layout(channels), rate=rate)
        pieces = list(_frames(container, audio, filename, resampler))
    finally:
        container.close()
    array = np.concatenate(pieces, axis=1) if pieces else np.zeros((channels, 0), dtype=np.float32)
    return array, int(rate)


def merged(ranges: list[tuple[float, float]], pad: float, duration: float) -> list[tuple[float, float]]:
    """``ranges`` widened by ``pad`` both sides, clipped to ``[0, duration]``, overlapping ones joined."""
    out: list[list[float]] = []
    for t0, t1 in sorted((max(0.0, a - pad), min(duration, b + pad)) for a, b in ranges if b >= a):
        if t1 <= t0:
            continue
        if out and t0 <= out[-1][1]:
            out[-1][1] = max(out[-1][1], t1)
        else:
            out.append([t0, t1])
    return [(a, b) for a, b in out]


#: frames of the loudness curve :func:`snap` reads (seconds)
FRAME = 0.01
#: a frame quieter than this share of the recording's loud frames (95th percentile) is a pause
QUIET_SHARE = 0.1
#: quiet frames in a row that make a pause
PAUSE_FRAMES = 2


def loudness(samples: np.ndarray, rate: int) -> np.ndarray:
    """RMS of each :data:`FRAME` of mono ``samples``."""
    size = max(1, int(FRAME * rate))
    usable = samples[: samples.size // size * size].astype(np.float64)
    return np.sqrt((usable.reshape(-1, size) ** 2).mean(axis=1)) if usable.size else np.zeros(0)


def snap(ranges: list[tuple[float, float]], samples: np.ndarray, rate: int, reach: float = 0.4
         ) -> list[tuple[float, float]]:
    """Each range widened, each edge outward to the nearest pause within ``reach`` seconds (a frame
    below :data:`QUIET_SHARE` of the loud level), else to the quietest frame there. A recognizer's word
    times are off by a tenth of a second or more; the pause around a word is where it really starts
    and ends. Ranges only grow: the given range is always inside the result."""
    if reach <= 0 or not ranges:
        return list(ranges)
    curve = loudness(samples, rate)
    if curve.size == 0:
        return list(ranges)
    quiet = QUIET_SHARE * float(np.percentile(curve, 95))
    steps = int(round(reach / FRAME))
    out = []
    for t0, t1 in ranges:
        a = min(curve.size - 1, max(0, int(t0 / FRAME)))
        b = min(curve.size - 1, max(0, int(math.ceil(t1 / FRAME)) - 1))
        out.append((min(t0, _edge(curve, a, -1, steps, quiet) * FRAME),
                    max(t1, (_edge(curve, b, 1, steps, quiet) + 1) * FRAME)))
    return out


def _edge(curve: np.ndarray, frame: int, direction: int, steps: int, quiet: float) -> int:
    """The first pause from ``frame`` in ``direction`` within ``steps`` (:data:`PAUSE_FRAMES` quiet frames
    in a row: one quiet frame is as often a stop consonant inside the word), else the quietest frame there."""
    best, best_level, run = frame, float(curve[frame]), 0
    for i in range(steps + 1):
        at = frame + direction * i
        if at < 0 or at >= curve.size:
            return max(0, min(curve.size - 1, at - direction))
        level = float(curve[at])
        run = run + 1 if level <= quiet else 0
        if run >= PAUSE_FRAMES:
            return at - direction * (PAUSE_FRAMES - 1)
        if level < best_level:
            best, best_level = at, level
    return best


#: quiet frames in a row after which a pad stops at the next sound: the pause between a masked word and the next
PAD_PAUSE_FRAMES = 5
#: loud frames in a row that make the next word's sound (a stop's burst is shorter)
SOUND_FRAMES = 4


def padded(ranges: list[tuple[float, float]], samples: np.ndarray, rate: int, pad: float,
           pause_frames: int = PAD_PAUSE_FRAMES) -> list[tuple[float, float]]:
    """:func:`merged` with each pad into silence only: an edge's pad (``pad`` seconds of mono ``samples``) goes on
    over the sound at the edge (the recognizer ended or started the word early) and over a pause after it, but stops
    where a sound begins after :data:`PAD_PAUSE_FRAMES` quiet frames: that is the next word, whose start the pause
    tells. Without such a pause in reach the whole pad (the boundary is unknown)."""
    duration = samples.size / rate if rate else 0.0
    curve = loudness(samples, rate) if pad > 0 else np.zeros(0)
    if curve.size == 0:
        return merged(ranges, pad, duration)
    quiet = QUIET_SHARE * float(np.percentile(curve, 95))
    steps = int(round(pad / FRAME))
    out = []
    for t0, t1 in ranges:
        if t1 < t0:
            continue
        a = _pad_stop(curve, int(math.floor(t0 / FRAME)) - 1, -1, steps, quiet, pause_frames)
        b = _pad_stop(curve, int(math.ceil(t1 / FRAME)), 1, steps, quiet, pause_frames)
        out.append((max(t0 - pad, a * FRAME if a is not None else t0 - pad),
                    min(t1 + pad, b * FRAME if b is not None else t1 + pad)))
    return merged(out, 0.0, duration)


def _pad_stop(curve: np.ndarray, frame: int, direction: int, steps: int, quiet: float, pause_frames: int) -> int | None:
    """Where a pad from ``frame`` in ``direction`` stops: the edge (a frame boundary) of the first sound after
    ``pause_frames`` quiet frames within ``steps``; None: no such sound in reach."""
    run = 0
    for i in range(steps):
        at = frame + direction * i
        if at < 0 or at >= curve.size:
            return None
        if curve[at] <= quiet:
            run += 1
            continue
        if run >= pause_frames and _lasts(curve, at, direction, quiet):
            return at if direction > 0 else at + 1
        run = 0
    return None


def _lasts(curve: np.ndarray, frame: int, direction: int, quiet: float) -> bool:
    """Whether the sound at ``frame`` goes on for :data:`SOUND_FRAMES` frames in ``direction``: a word, not a stop
    consonant's burst after its closure (``-ment`` of ``department``: silent, then a short click)."""
    ahead = [frame + direction * k for k in range(SOUND_FRAMES)]
    return all(0 <= at < curve.size and curve[at] > quiet for at in ahead)


def replaced_ranges(ranges, samples: np.ndarray, rate: int, pad: float, reach: float) -> list[tuple[float, float]]:
    """The time ranges :func:`mask` replaces in ``(channels, n)`` ``samples``: each widened to the pauses around it
    (:func:`snap`, ``reach`` > 0), padded into silence (:func:`padded`), overlapping ones merged."""
    mono = samples.mean(axis=0)
    ranges = list(ranges)
    if reach > 0:
        ranges = snap(ranges, mono, rate, reach)
    return padded(ranges, mono, rate, pad)


def mask(data: bytes, filename: str, ranges: list[tuple[float, float]], *, pad: float = 0.15,
         mode: str = "tone", out_format: str = "wav", reach: float = 0.4) -> bytes:
    """The recording with each range (padded by ``pad`` both sides, overlapping ones merged) replaced
    by a 1 kHz tone or by silence; same sample rate, channels and number of samples; WAV or FLAC.
    Each range is first widened to the pauses around it, at most ``reach`` seconds (:func:`snap`; 0: off)."""
    if mode not in MASK_MODES:
        raise ValueError(f"mode must be one of {MASK_MODES}")
    if out_format not in OUT_FORMATS:
        raise ValueError(f"out_format must be one of {OUT_FORMATS}")
    samples, rate = decode_native(data, filename)
    n = samples.shape[1]
    for t0, t1 in replaced_ranges(ranges, samples, rate, pad, reach):
        a, b = int(math.floor(t0 * rate)), min(n, int(math.ceil(t1 * rate)))
        if mode == "silence":
            samples[:, a:b] = 0.0
        else:
            t = np.arange(a, b, dtype=np.float64) / rate
            samples[:, a:b] = (TONE_LEVEL * np.sin(2 * math.pi * TONE_HZ * t)).astype(np.float32)
    return encode(samples, rate, out_format)


def encode(samples: np.ndarray, rate: int, out_format: str = "wav") -> bytes:
    """16-bit PCM WAV or FLAC of float32 ``(channels, n)`` samples."""
    import av

    channels = samples.shape[0]
    pcm = (np.clip(samples, -1.0, 1.0) * 32767.0).round().astype(np.int16)
    buffer = io.BytesIO()
    with av.open(buffer, mode="w", format=out_format) as container:
        codec = "pcm_s16le" if out_format == "wav" else "flac"
        out = container.add_stream(codec, rate=rate, layout=_layout(channels))
        out.format = "s16"
        step = 4096
        for start in range(0, pcm.shape[1], step):
            piece = np.ascontiguousarray(pcm[:, start:start + step].T.reshape(1, -1))
            frame = av.AudioFrame.from_ndarray(piece, format="s16", layout=_layout(channels))
            frame.sample_rate = rate
            frame.pts = start
            for packet in out.encode(frame):
                container.mux(packet)
        for packet in out.encode(None):
            container.mux(packet)
    return buffer.getvalue()

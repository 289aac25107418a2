"""anonymizer.speech.audio: probe, decode and mask recordings (made here with numpy and PyAV; no model)."""
from __future__ import annotations

import io
import math

import numpy as np
import pytest

from anonymizer.errors import IngestError
from anonymizer.speech import AUDIO_SUFFIXES, decode, mask, merged, probe
from anonymizer.speech.audio import TONE_HZ, decode_native, encode, padded, snap


def burst_signal(seconds: float = 3.0, rate: int = 22050, channels: int = 1, level: float = 0.5) -> np.ndarray:
    """A 300 Hz tone (the "speech") switched on and off every half second: (channels, n) float32."""
    t = np.arange(int(seconds * rate)) / rate
    on = (np.floor(t / 0.5) % 2 == 0).astype(np.float64)
    mono = level * on * np.sin(2 * math.pi * 300 * t)
    return np.tile(mono.astype(np.float32), (channels, 1))


def wav(seconds=3.0, rate=22050, channels=1, level=0.5) -> bytes:
    return encode(burst_signal(seconds, rate, channels, level), rate, "wav")


def encoded(container: str, codec: str, seconds=2.0, rate=48000) -> bytes:
    """The burst signal in another container and codec (PyAV's encoders)."""
    import av

    samples = burst_signal(seconds, rate)
    buffer = io.BytesIO()
    with av.open(buffer, mode="w", format=container) as out:
        stream = out.add_stream(codec, rate=rate, layout="mono")
        fmt = stream.codec_context.codec.audio_formats[0].name
        size = stream.codec_context.frame_size or 1024
        for start in range(0, samples.shape[1], size):
            piece = samples[:, start:start + size]
            if fmt.startswith("s16"):
                array = (piece * 32767).astype(np.int16)
            elif fmt.startswith("s32"):
                array = (piece * 2_147_483_000).astype(np.int32)
            else:
                array = piece
            frame = av.AudioFrame.from_ndarray(np.ascontiguousarray(array), format=fmt, layout="mono")
            frame.sample_rate = rate
            frame.pts = start
            for packet in stream.encode(frame):
                out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    return buffer.getvalue()


@pytest.mark.parametrize("name, container, codec", [
    ("a.mp3", "mp3", "libmp3lame"),
    ("a.m4a", "ipod", "aac"),
    ("a.aac", "adts", "aac"),
    ("a.opus", "ogg", "libopus"),
    ("a.ogg", "ogg", "libopus"),
    ("a.flac", "flac", "flac"),
])
def test_it_probes_and_decodes_every_supported_format(name, container, codec):
    data = encoded(container, codec)
    info = probe(data, name, max_seconds=60)
    assert 1.9 < info.duration < 2.2 and info.sample_rate == 48000 and info.channels == 1
    samples = decode(data, name)
    assert samples.dtype == np.float32 and abs(samples.size / 16000 - info.duration) < 0.1


def test_it_lists_the_formats_of_the_issue():
    assert set(AUDIO_SUFFIXES) == {".wav", ".flac", ".mp3", ".m4a", ".aac", ".ogg", ".opus"}


@pytest.mark.parametrize("name, data, reason", [
    ("empty.wav", b"", "empty file"),
    ("text.wav", b"this is not audio at all " * 40, "damaged or unreadable audio"),
    ("cut.wav", wav()[:60], "damaged or unreadable audio"),
    ("header.wav", wav()[:78], "no audio in the file"),
    ("silent.wav", wav(level=0.0), "silent recording"),
    ("hum.wav", wav(level=0.0004), "silent recording"),
    ("notes.docx", wav(), "unsupported audio type ('.docx')"),
    ("noext", wav(), "unsupported audio type (no extension)"),
    ("long.wav", wav(seconds=4.0), "too long"),
])
def test_it_refuses_a_bad_recording_in_one_line_naming_the_file(name, data, reason):
    with pytest.raises(IngestError) as caught:
        probe(data, f"/some/folder/{name}", max_seconds=3.5)
    message = str(caught.value)
    assert message.startswith(f"{name}: ") and reason in message and "\n" not in message


def test_it_refuses_a_recording_cut_in_the_middle_of_its_data_or_reads_what_is_there():
    data = encoded("mp3", "libmp3lame", seconds=3.0)
    half = data[: len(data) // 2]
    try:
        info = probe(half, "half.mp3")
    except IngestError as exc:  # either way: one line, never a traceback
        assert str(exc).startswith("half.mp3: ")
    else:
        assert info.duration < 2.5


@pytest.mark.parametrize("rate, channels, fmt", [(22050, 1, "wav"), (44100, 2, "wav"), (16000, 1, "flac"),
                                                  (48000, 2, "flac")])
def test_it_masks_keeping_rate_channels_and_length(rate, channels, fmt):
    data = wav(seconds=3.0, rate=rate, channels=channels)
    out = mask(data, "in.wav", [(0.6, 0.9)], pad=0.15, out_format=fmt, reach=0)
    before, after = probe(data, "in.wav"), probe(out, f"out.{fmt}")
    assert (after.sample_rate, after.channels) == (rate, channels)
    original, _ = decode_native(data, "in.wav")
    masked, masked_rate = decode_native(out, f"out.{fmt}")
    assert masked_rate == rate and masked.shape == original.shape
    assert abs(after.duration - before.duration) < 1e-3


def _share_of_tone(samples: np.ndarray, rate: int) -> float:
    """How much of the signal's energy is at the mask's 1 kHz (a Goertzel-like projection)."""
    t = np.arange(samples.size) / rate
    ref = np.exp(-2j * math.pi * TONE_HZ * t)
    power = abs((samples * ref).sum()) ** 2 * 2 / samples.size
    total = float((samples.astype(np.float64) ** 2).sum())
    return power / total if total else 0.0


def test_it_replaces_the_padded_ranges_by_the_tone_and_keeps_everything_else():
    rate = 22050
    data = wav(seconds=3.0, rate=rate)
    out = mask(data, "in.wav", [(1.0, 1.2), (1.25, 1.4)], pad=0.15, reach=0)
    original, _ = decode_native(data, "in.wav")
    masked, _ = decode_native(out, "out.wav")
    a, b = int(0.85 * rate), int(1.55 * rate)  # both ranges padded by 0.15 s, merged into one
    assert _share_of_tone(masked[0, a:b], rate) > 0.95
    outside = np.r_[0:a - 2, b + 2:original.shape[1]]
    assert np.abs(masked[0, outside] - original[0, outside]).max() < 1e-3  # 16-bit rounding only


def test_it_masks_with_silence_when_asked():
    rate = 16000
    data = wav(seconds=2.0, rate=rate)
    masked, _ = decode_native(mask(data, "in.wav", [(0.1, 0.4)], pad=0.1, mode="silence", reach=0), "o.wav")
    assert np.abs(masked[0, 0:int(0.5 * rate)]).max() == 0.0
    assert np.abs(masked[0, int(1.0 * rate):int(1.5 * rate)]).max() > 0.1


@pytest.mark.parametrize("ranges, pad, expected", [
    ([(1.0, 2.0)], 0.15, [(0.85, 2.15)]),
    ([(1.0, 2.0), (2.2, 3.0)], 0.15, [(0.85, 3.15)]),  # padded, they touch: one range
    ([(2.2, 3.0), (1.0, 2.0)], 0.0, [(1.0, 2.0), (2.2, 3.0)]),
    ([(0.05, 0.1)], 0.15, [(0.0, 0.25)]),  # clipped at the start
    ([(9.9, 10.5)], 0.15, [(9.75, 10.0)]),  # and at the end
    ([], 0.15, []),
])
def test_it_pads_clips_and_merges_ranges(ranges, pad, expected):
    got = merged(ranges, pad, 10.0)
    assert len(got) == len(expected) and all(a == pytest.approx(b) for a, b in zip(got, expected))


def sounds(*on: tuple[float, float], seconds: float = 3.0, rate: int = 16000) -> np.ndarray:
    """Mono samples: a 300 Hz tone (speech) in each ``on`` range, silence elsewhere."""
    t = np.arange(int(seconds * rate)) / rate
    gate = np.zeros_like(t)
    for a, b in on:
        gate[(t >= a) & (t < b)] = 1.0
    return (0.5 * gate * np.sin(2 * math.pi * 300 * t)).astype(np.float32)


@pytest.mark.parametrize("on, masked, expected", [
    # the next word after a pause: the pad stops where it starts, on either side
    ([(0.5, 1.0), (1.1, 1.5)], (0.5, 1.0), (0.35, 1.1)),
    ([(0.5, 0.9), (1.0, 1.5)], (1.0, 1.5), (0.9, 1.65)),
    # the recognizer ended the word early: the pad goes on over the rest of it, then stops at the next word
    ([(0.5, 1.04), (1.11, 1.5)], (0.5, 1.0), (0.35, 1.11)),
    # no pause within the pad (speech goes on, or the pause is a stop's closure, shorter): the whole pad
    ([(0.5, 1.5)], (0.8, 1.0), (0.65, 1.15)),
    ([(0.5, 1.0), (1.03, 1.5)], (0.5, 1.0), (0.35, 1.15)),
    # a stop's burst after its closure (``-ment``): no word, the pad goes on over it
    ([(0.5, 1.0), (1.07, 1.09)], (0.5, 1.0), (0.35, 1.15)),
    # silence all through the pad: the whole pad
    ([(0.5, 1.0)], (0.5, 1.0), (0.35, 1.15)),
])
def test_it_pads_into_silence_only_not_into_the_next_word(on, masked, expected):
    rate = 16000
    got = padded([masked], sounds(*on, rate=rate), rate, 0.15)
    assert len(got) == 1 and got[0] == pytest.approx(expected, abs=0.011)


def test_it_widens_a_range_to_the_pauses_around_it_and_never_narrows_it():
    rate = 16000
    samples = burst_signal(3.0, rate)[0]  # sound in [0, 0.5), [1.0, 1.5), [2.0, 2.5)
    (t0, t1), = snap([(1.1, 1.3)], samples, rate, reach=0.4)
    assert 0.95 <= t0 <= 1.0 and 1.5 <= t1 <= 1.55
    (t0, t1), = snap([(0.6, 0.8)], samples, rate, reach=0.4)  # already in a pause: unchanged
    assert (t0, t1) == pytest.approx((0.6, 0.8), abs=0.011)
    (t0, t1), = snap([(1.2, 1.3)], samples, rate, reach=0.1)  # no pause within reach: the range stays inside
    assert t0 <= 1.2 and t1 >= 1.3


def test_it_refuses_an_unknown_mode_or_format():
    data = wav(seconds=1.0)
    with pytest.raises(ValueError):
        mask(data, "a.wav", [], mode="beep")
    with pytest.raises(ValueError):
        mask(data, "a.wav", [], out_format="mp3")

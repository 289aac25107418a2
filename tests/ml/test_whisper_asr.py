"""The transformers speech recognizer (``ASR_BACKEND=transformers``) end to end on a tiny random
Whisper built in the test (conftest.py: ``whisper_model_dir``): real transformers, real PyAV
decoding, no ffmpeg, nothing downloaded. A random model says junk, so the tests check the shape
of what comes back: words in time order inside the recording, every character of a word mapped
to its time, chunks offset to the recording's time, progress, and the errors of a bad model."""
from __future__ import annotations

import io
import json
import shutil
import wave

import numpy as np
import pytest

pytest.importorskip("torch")  # runs in .venv-ml (make test-ml)
pytest.importorskip("transformers")
pytest.importorskip("av")

from anonymizer.errors import IngestError
from anonymizer.speech import TimedTranscript, TransformersRecognizer, load_audio, recognizer_for
from anonymizer.types import Config

RATE = 16000


def wav(seconds: float, rate: int = RATE) -> bytes:
    """A warbling 220 Hz tone with a little noise (16-bit mono WAV)."""
    t = np.arange(int(seconds * rate)) / rate
    signal = 0.3 * np.sin(2 * np.pi * 220 * t) * (0.6 + 0.4 * np.sin(2 * np.pi * 0.7 * t))
    signal += 0.03 * np.random.default_rng(0).standard_normal(t.size)
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes((np.clip(signal, -1, 1) * 32767).astype("<i2").tobytes())
    return out.getvalue()


@pytest.fixture(autouse=True)
def no_ffmpeg(monkeypatch):
    """The pipeline is given arrays (anonymizer.speech.audio decodes): its ffmpeg reader must not run."""
    from transformers.pipelines import automatic_speech_recognition as asr_pipeline

    def refuse(*args, **kwargs):
        raise AssertionError("the ASR pipeline was given bytes to decode with ffmpeg")

    monkeypatch.setattr(asr_pipeline, "ffmpeg_read", refuse)


def assert_well_formed(timed: TimedTranscript, duration: float) -> None:
    """Words in time order within the recording; each word's characters timed from its own times."""
    assert isinstance(timed, TimedTranscript) and timed.words
    assert timed.duration == pytest.approx(duration, abs=0.01) and timed.sample_rate == RATE
    starts = [w.t0 for w in timed.words]
    assert starts == sorted(starts)
    assert all(0.0 <= w.t0 <= w.t1 <= duration for w in timed.words)
    assert all(w.confidence == 1.0 for w in timed.words)  # the pipeline gives no word probabilities
    previous_end = 0
    for word in timed.words:
        surface = timed.text[word.start:word.end]
        assert surface and surface == surface.strip() and "\n" not in surface
        assert word.start >= previous_end  # words do not overlap in the text
        previous_end = word.end
        assert timed.span_time(word.start, word.end) == pytest.approx((word.t0, word.t1))
    spoken = [i for i, c in enumerate(timed.text) if not c.isspace()]
    assert all(timed.span_time(i, i + 1) is not None for i in spoken)  # every character has a time


@pytest.mark.parametrize("seconds", [5.0, 35.0])  # one Whisper window; two (sequential long-form decoding)
def test_it_recognizes_a_recording_with_word_times(whisper_model_dir, seconds):
    recognizer = TransformersRecognizer(whisper_model_dir, beam_size=1)
    calls = []
    timed = recognizer.transcribe(wav(seconds), "x.wav", lambda done, total: calls.append((done, total)))
    assert_well_formed(timed, seconds)
    assert timed.source == "asr:" + whisper_model_dir.rstrip("/").rsplit("/", 1)[-1]
    assert calls == [(pytest.approx(seconds), pytest.approx(seconds))]  # one chunk: progress once, at the end
    if seconds > 30:
        assert timed.words[-1].t0 >= 30.0  # the second window's words carry its offset


def test_it_recognizes_a_long_recording_in_chunks_with_progress(whisper_model_dir):
    seconds = 10.0
    recognizer = TransformersRecognizer(whisper_model_dir, chunk_seconds=8, beam_size=1)
    calls = []
    timed = recognizer.transcribe(wav(seconds), "x.wav", lambda done, total: calls.append((done, total)))
    assert_well_formed(timed, seconds)
    done = [d for d, _ in calls]
    assert len(calls) >= 2 and all(total == pytest.approx(seconds) for _, total in calls)
    assert done == sorted(done) and done[-1] == pytest.approx(seconds) and 0 < done[0] < seconds
    assert timed.words[-1].t0 >= done[-2]  # the last chunk starts where the one before was cut: its words too


def test_it_is_the_backend_asr_backend_selects(whisper_model_dir):
    config = Config(asr_backend="transformers", asr_model=whisper_model_dir, asr_chunk_seconds=30)
    recognizer = recognizer_for(config)
    assert isinstance(recognizer, TransformersRecognizer) and recognizer.chunk_seconds == 30
    recognizer.beam_size = 1
    transcript, timed = load_audio(wav(4.0), "hearing.wav", config, recognizer=recognizer)
    assert transcript.source_format == "audio" and transcript.text == timed.text
    assert_well_formed(timed, 4.0)


def _break(folder, how: str) -> None:
    if how == "no config":
        (folder / "config.json").unlink()
    elif how == "bad config":
        (folder / "config.json").write_text("{not json", encoding="utf-8")
    elif how == "not whisper":
        data = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        (folder / "config.json").write_text(json.dumps({**data, "model_type": "bert"}), encoding="utf-8")
    elif how == "no weights":
        (folder / "model.safetensors").unlink()
    elif how == "cut weights":
        weights = folder / "model.safetensors"
        weights.write_bytes(weights.read_bytes()[:1000])
    elif how == "no tokenizer":
        for name in ("tokenizer.json", "vocab.json", "merges.txt"):
            (folder / name).unlink(missing_ok=True)
    elif how == "bad preprocessor":
        (folder / "preprocessor_config.json").write_text("[]", encoding="utf-8")
    elif how == "no alignment heads":
        data = json.loads((folder / "generation_config.json").read_text(encoding="utf-8"))
        del data["alignment_heads"]
        (folder / "generation_config.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("no config", "config.json missing in the model folder"),
        ("bad config", "config.json is damaged (it is not valid JSON)"),
        ("not whisper", "config.json does not describe a Whisper model"),
        ("no weights", "model.safetensors (or pytorch_model.bin) missing in the model folder"),
        ("cut weights", "model.safetensors is damaged ("),
        ("no tokenizer", "tokenizer.json (or vocab.json) missing in the model folder"),
        ("bad preprocessor", "the tokenizer or preprocessor_config.json is damaged ("),
        ("no alignment heads", "generation_config.json has no alignment_heads"),
    ],
)
def test_it_names_the_model_file_that_cannot_be_loaded(whisper_model_dir, tmp_path, how, reason):
    folder = tmp_path / "whisper"
    shutil.copytree(whisper_model_dir, folder)
    _break(folder, how)
    with pytest.raises(IngestError) as error:
        TransformersRecognizer(str(folder), beam_size=1).transcribe(wav(2.0), "hearing_07.wav")
    assert str(error.value).startswith("hearing_07.wav: the speech model (ASR_MODEL) cannot be loaded: ")
    assert reason in str(error.value)


def test_it_reports_a_missing_model_folder(tmp_path):
    missing = tmp_path / "nowhere"
    with pytest.raises(RuntimeError, match=f"transformers speech model not found at {missing}"):
        TransformersRecognizer(str(missing))
    with pytest.raises(RuntimeError, match="ASR_MODEL unset"):
        recognizer_for(Config(asr_backend="transformers"))


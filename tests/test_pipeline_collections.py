"""While a pass runs the collector starts fewer collections; afterwards its thresholds are what they were."""
from __future__ import annotations

import gc

import pytest

from anonymizer import pipeline
from anonymizer.pipeline import GC_THRESHOLD, Pipeline


def _pass(record):
    pipeline = Pipeline.__new__(Pipeline)  # no models: only run's wrapping is under test
    pipeline._run = lambda transcript, progress: record(gc.get_threshold())
    return pipeline


def test_it_raises_the_first_threshold_during_a_pass_and_restores_it():
    before = gc.get_threshold()
    assert before[0] < GC_THRESHOLD
    seen = []
    _pass(lambda threshold: seen.append(threshold) or "analysis").run(None)
    assert seen == [(GC_THRESHOLD, *before[1:])]
    assert gc.get_threshold() == before


def test_it_restores_the_threshold_when_a_pass_fails():
    before = gc.get_threshold()

    def fail(threshold):
        raise RuntimeError("the pass failed")

    with pytest.raises(RuntimeError):
        _pass(fail).run(None)
    assert gc.get_threshold() == before


def test_it_keeps_a_higher_threshold_or_a_disabled_one_as_it_is():
    before = gc.get_threshold()
    try:
        for setting in (50_000, 0):
            gc.set_threshold(setting, *before[1:])
            seen = []
            _pass(seen.append).run(None)
            assert seen == [(setting, *before[1:])] and gc.get_threshold() == (setting, *before[1:])
    finally:
        gc.set_threshold(*before)


class _Libc:
    def __init__(self, answer: int = 1) -> None:
        self.calls: list[tuple[int, int]] = []
        self.answer = answer

    def mallopt(self, parameter: int, value: int) -> int:
        self.calls.append((parameter, value))
        return self.answer


@pytest.mark.parametrize(("environment", "answer", "calls", "done"), [
    ({}, 1, [(pipeline.M_MMAP_THRESHOLD, pipeline.MMAP_THRESHOLD), (pipeline.M_TRIM_THRESHOLD, pipeline.TRIM_THRESHOLD)], True),
    ({}, 0, [(pipeline.M_MMAP_THRESHOLD, pipeline.MMAP_THRESHOLD)], False),  # refused: said so
    ({"MALLOC_TRIM_THRESHOLD_": "0"}, 1, [], False),  # the environment's own setting stays
    ({"MALLOC_MMAP_THRESHOLD_": "131072"}, 1, [], False),
])  # fmt: skip
def test_it_keeps_freed_memory_for_the_next_document_unless_the_environment_says(monkeypatch, environment, answer, calls, done):
    for name in ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    libc = _Libc(answer)
    assert pipeline.keep_freed_memory(libc) is done
    assert libc.calls == calls


def test_it_leaves_a_c_library_without_mallopt_alone(monkeypatch):
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    assert pipeline.keep_freed_memory(object()) is False

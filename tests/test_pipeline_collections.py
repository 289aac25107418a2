"""While a pass runs the collector starts fewer collections; afterwards its thresholds are what they were."""
from __future__ import annotations

import gc

import pytest

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

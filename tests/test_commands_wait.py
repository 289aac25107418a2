"""Commands that queue jobs wait for the thread runner before they exit (its thread dies with them)."""
from __future__ import annotations

import threading

import pytest

from review import jobs


@pytest.mark.parametrize(("mode", "waits"), [("thread", True), ("inline", False), ("rq", False)])
def test_it_waits_for_the_thread_runner_only_in_thread_mode(settings, monkeypatch, mode, waits):
    settings.JOBS_MODE = mode
    done = threading.Event()
    runner = jobs.ThreadRunner()
    monkeypatch.setattr(jobs, "runner", runner)
    monkeypatch.setattr(jobs.heartbeat, "remove", lambda model, pk: None)
    if mode == "thread":
        runner.put(lambda pk: done.wait(0.2) or done.set(), 1, object)
    jobs.wait_for_local_jobs()
    assert done.is_set() is waits

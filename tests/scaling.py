"""Linear time, checked without a clock limit: a test's limit in seconds fails on a loaded machine
and says nothing of a fast one (speed goals live in ``benchmarks/``). :func:`grows_linearly` times
the same work on a small and a ``factor`` times larger input in the same run and fails when the
larger took more than ``slack`` times ``factor`` as long: linear work takes about ``factor`` times
as long, quadratic work ``factor`` squared (16 for 4)."""
from __future__ import annotations

import time
from collections.abc import Callable


def _best(run: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def grows_linearly(small: Callable[[], object], large: Callable[[], object], factor: int = 4,
                   slack: float = 2.5, repeats: int = 2) -> tuple[float, float]:
    """(seconds small, seconds large), each the best of ``repeats``; asserts the large one grew by
    at most ``slack * factor`` (a floor of 5 ms on the small one keeps timer noise out). A growth past
    that is timed once more, twice as often, before it fails: another process's burst on a shared core
    (a test worker beside this one) passes, quadratic work grows as much again."""
    small()  # lazy imports and caches out of the timing
    short = _best(small, repeats)
    long = _best(large, repeats)
    if long > slack * factor * max(short, 0.005):
        short, long = min(short, _best(small, 2 * repeats)), min(long, _best(large, 2 * repeats))
    assert long <= slack * factor * max(short, 0.005), (
        f"{factor} x the input took {long / max(short, 1e-9):.1f} x as long ({short:.3f} s -> {long:.3f} s): "
        "not linear")
    return short, long

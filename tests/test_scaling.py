"""The linear-time check the speed guards use (tests/scaling.py) tells linear work from quadratic."""
from __future__ import annotations

import pytest

from tests.scaling import grows_linearly


def _pairs(n: int) -> int:
    return sum(1 for i in range(n) for j in range(n))


def test_it_passes_linear_work():
    grows_linearly(lambda: sum(range(400_000)), lambda: sum(range(1_600_000)))


def test_it_fails_quadratic_work():
    with pytest.raises(AssertionError, match="not linear"):
        grows_linearly(lambda: _pairs(400), lambda: _pairs(1600))

"""benchmarks/quality.py's --case: the splits read in capitals or without any keep the gold offsets."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(("case", "text", "expected"), [
    ("upper", "Mr. Daniel Okafor, Straße 5", "MR. DANIEL OKAFOR, STRAßE 5"),  # "ß" has no one-letter capital: it stays
    ("lower", "Mr. Daniel Okafor, İzmir", "mr. daniel okafor, İzmir"),      # "İ" has no one-letter small form
    ("as-written", "Mr. Daniel Okafor", "Mr. Daniel Okafor"),
])
def test_it_recases_letter_for_letter(case, text, expected):
    from benchmarks.quality import recased

    assert recased(text, case) == expected and len(recased(text, case)) == len(text)

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


@pytest.mark.parametrize("argv", [
    ["--tab", "--tab-half", "B", "--tab-errors"],  # half B is held back: its numbers only
    ["--tab", "--tab-errors"],                      # all of TAB holds half B
])
def test_it_refuses_to_print_the_held_back_halfs_errors(argv):
    from benchmarks.quality import main

    with pytest.raises(SystemExit):
        main(argv)


def test_it_refuses_held_back_errors_in_the_scorer_too():
    from benchmarks.quality import score_tab

    with pytest.raises(SystemExit):
        score_tab(None, None, "B", errors=True)

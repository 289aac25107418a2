"""A nationality's government is the party only where the text names it so (a hearing never does)."""
from __future__ import annotations

import pytest

from anonymizer.lang.en import public_body


@pytest.mark.parametrize("text, nationality, expected", [
    ("The Ruritanian Government (“the Government”) were represented by their Agent.", "Ruritanian", True),
    ("The Ruritanian Government  (\"the Government\") replied.", "Ruritanian", True),
    ("The Ruritanian Government (“the Government”) replied.", "Freedonian", False),
    ("He said the Ruritanian Government was slow, and the Government did nothing.", "Ruritanian", False),
    ("I worked for the Ruritanian Government for a year.", "Ruritanian", False),
])
def test_it_reads_a_governments_party_only_where_the_text_names_it(text, nationality, expected):
    assert public_body._is_respondent(text, nationality) is expected
    assert public_body._is_respondent(text, nationality) is expected  # the cached answer

"""``civic.titled`` rewrites letter for letter and never across a line: reading one line through it is reading the
whole text through it (the committee check reads a mention's line only)."""
from __future__ import annotations

import pytest

from anonymizer.lang.en import civic

TEXT = ("PRESIDING COMMISSIONER: We heard from the\n"
        "SENATE COMMITTEE ON PUBLIC SAFETY about it.\n"
        "And the JOINT LEGISLATIVE BUDGET COMMITTEE, O'NEILL'S staff, U.S.-BASED.\n")


@pytest.mark.parametrize("line", TEXT.splitlines(keepends=True))
def test_it_titles_a_line_as_it_titles_the_whole_text(line):
    start = TEXT.index(line)
    assert civic.titled(line) == civic.titled(TEXT)[start:start + len(line)]


@pytest.mark.parametrize("surface, expected", [
    ("SENATE COMMITTEE ON PUBLIC SAFETY", True),
    ("BUDGET COMMITTEE", None),
    ("PRESIDING COMMISSIONER", False),
])
def test_it_finds_a_committee_in_capitals_on_its_line(surface, expected):
    start = TEXT.index(surface)
    end = start + len(surface)
    line_read = civic._in_match(civic._COMMITTEE, TEXT, start, end, civic.titled)
    assert line_read == civic._in_match(civic._COMMITTEE, civic.titled(TEXT), start, end)
    assert expected is None or line_read is expected

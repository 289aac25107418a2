"""The real transcripts' rows (REAL_TRANSCRIPTS_DIR, scored by benchmarks/quality.py --real) are well formed: every
surface is in its transcript, and no place is both to mask and to keep."""
from __future__ import annotations

import pytest

from benchmarks.real_data import PARTS, documents, occurrences

from benchmarks.real_data import REAL  # noqa: E402

DOCS = [(part, path, rows) for part in PARTS for path, rows in documents(part)]
pytestmark = pytest.mark.skipif(not DOCS, reason=f"no real transcripts in {REAL} (REAL_TRANSCRIPTS_DIR; never committed)")


def test_it_has_a_tuned_and_a_held_back_part_of_several_sources():
    assert {part for part, *_ in DOCS} == set(PARTS)
    assert len({path.name.split("_")[0] for *_, path, _ in [(p, d, r) for p, d, r in DOCS]}) >= 3


@pytest.mark.parametrize(("part", "path", "rows"), DOCS, ids=[f"{p}/{d.name}" for p, d, _ in DOCS])
def test_it_finds_every_row_in_its_transcript(part, path, rows):
    text = path.read_text(encoding="utf-8")
    assert [r.surface for r in rows if not occurrences(text, r.surface)] == []
    masked = {i for r in rows if r.kind == "mask" for s, e in occurrences(text, r.surface) for i in range(s, e)}
    kept = {i for r in rows if r.kind == "keep" for s, e in occurrences(text, r.surface) for i in range(s, e)}
    assert not masked & kept

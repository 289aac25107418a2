"""The real transcripts' committed hashed rows (tests/real/rows/, scored by benchmarks/quality.py --real) fit the
excerpts rebuilt in REAL_TRANSCRIPTS_DIR by benchmarks/real_sources.py: every excerpt is the text its committed
SHA-256 names, every row is found in it, and no place is both to keep and to mask (or either). Run whenever the excerpts are
there (never committed); skipped otherwise."""
from __future__ import annotations

import hashlib

import pytest

from benchmarks.real_data import HASHED_ROWS, PARTS, REAL, documents, hash_rows, is_hashed, placed, places, resolved
from benchmarks.real_sources import SHA256, SOURCES

EXCERPTS = [(part, txt) for part in PARTS for txt in sorted((REAL / part).glob("*.txt"))]
pytestmark = pytest.mark.skipif(not EXCERPTS, reason=f"no real excerpts in {REAL} (benchmarks/real_sources.py)")
DOCS = [(part, path, rows) for part in PARTS for path, rows in documents(part, hashed_only=True)
        if (HASHED_ROWS / part / path.with_suffix(".rows").name).exists()] if EXCERPTS else []


def test_it_has_every_excerpt_of_the_table_with_its_committed_text_and_rows():
    assert sorted((p, t.stem) for p, t in EXCERPTS) == sorted((s.part, s.name) for s in SOURCES)
    for part, txt in EXCERPTS:
        assert hashlib.sha256(txt.read_bytes()).hexdigest() == SHA256[txt.stem], f"{txt.stem}: rebuild it"
        assert (HASHED_ROWS / part / f"{txt.stem}.rows").exists()


def test_it_has_a_tuned_and_a_held_back_part_of_several_sources():
    assert {part for part, *_ in DOCS} == set(PARTS)
    assert len({path.stem.split("_")[0] for _, path, _ in DOCS}) >= 3


@pytest.mark.parametrize(("part", "path", "rows"), DOCS, ids=[f"{p}/{d.stem}" for p, d, _ in DOCS])
def test_it_finds_every_committed_row_in_its_excerpt(part, path, rows):
    text = path.read_text(encoding="utf-8")
    assert rows and all(is_hashed(r.surface) for r in rows)
    rows = resolved(path.stem, text, rows)
    assert [f"{r.kind} {r.label} (row {i})" for i, r in enumerate(rows, 1) if not places(text, r)] == []
    where = placed(text, rows)  # where rows of two kinds nest, the longer decides the place
    masked = {i for r, at in where if r.kind == "mask" for s, e in at for i in range(s, e)}
    either = {i for r, at in where if r.kind == "either" for s, e in at for i in range(s, e)}
    kept = {i for r, at in where if r.kind == "keep" for s, e in at for i in range(s, e)}
    assert not masked & kept
    assert not either & kept  # a keep row over a word a span may cover (a country, a firm) contradicts itself


def test_it_has_committed_the_hashes_of_the_plain_rows_there_are(tmp_path):
    written = hash_rows(out=tmp_path)
    for path in written:
        committed = HASHED_ROWS / path.relative_to(tmp_path)
        assert committed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), \
            f"{committed.name}: run benchmarks/real_data.py --hash-rows"

"""Hashed rows (benchmarks/real_data.py): a row committed as ``sha256:<hex>:<length>`` is read from the text and
scores exactly as its plain row would; a wrong hash finds nothing. Invented text only (never the real excerpts)."""
from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import real_data as rd
from benchmarks.real_data import Row, hashed, is_hashed, places, read_rows, resolved, score

TEXT = ("Ms Quillfeather: Good morning, Chair. Our witness is Mr Dorrance Vell of Amblewick.\n\n"
        "Dorrance Vell: I was at HMP Gradley from 3 March 2009. Mum said Vell was fine. Vellum is paper.\n\n"
        "Ms Quillfeather: At (10.42 am) you were 61; DORRANCE wrote to Amblewick-on-Sea.\n")
ROWS = [
    Row("mask", "PERSON", "Quillfeather"),
    Row("mask", "PERSON", "Dorrance Vell"),
    Row("mask", "PERSON", "Vell"),
    Row("mask", "LOCATION", "Amblewick"),
    Row("mask", "ORGANIZATION", "HMP Gradley"),
    Row("mask", "DATE", "3 March 2009"),
    Row("mask", "TIME", "10.42 am"),
    Row("mask", "AGE", "61"),
    Row("mask", "PERSON", "DORRANCE"),
    Row("keep", "WORD", "Chair"),
    Row("keep", "WORD", "Mum"),
    Row("either", "WORD", "paper"),
    Row("mask", "PERSON", "Nobody Here"),  # in no place: no gold entity, plain or hashed
]
# The pass's mentions in a few shapes: everything, a name missed, a part of a word, a keep row and a false span.
ALL = [(start, end, r.label) for r in ROWS if r.kind == "mask" for start, end in rd.occurrences(TEXT, r.surface)]
MENTIONS = {
    "all": ALL,
    "none": [],
    "name missed": [m for m in ALL if TEXT[m[0]:m[1]] not in ("Vell", "Dorrance Vell")],
    "keep masked and a false span": ALL + [(TEXT.index("Chair"), TEXT.index("Chair") + 5, "PERSON"),
                                           (TEXT.index("Good"), TEXT.index("Good") + 4, "PERSON")],
    "half a name": [(TEXT.index("Dorrance"), TEXT.index("Dorrance") + 8, "PERSON")],
    "over an either row": [(TEXT.index("paper"), TEXT.index("paper") + 5, "ORGANIZATION")],
}


def scored(rows, mentions, name="invented"):
    return score("tuned", lambda path: (TEXT, mentions), docs=[(Path(f"{name}.txt"), rows)])


def hashed_rows(rows, name="invented"):
    return [Row(r.kind, r.label, hashed(name, r.surface)) for r in rows]


@pytest.mark.parametrize("case", list(MENTIONS))
def test_it_scores_a_hashed_row_exactly_as_its_plain_row(case):
    plain, digest = scored(ROWS, MENTIONS[case]), scored(hashed_rows(ROWS), MENTIONS[case])
    assert digest.numbers() == plain.numbers()
    assert digest.leaked == plain.leaked  # the surfaces read back from the text, as printed by --real-errors
    assert digest.kept_broken == plain.kept_broken
    assert digest.false_spans == plain.false_spans


def test_it_counts_what_the_cases_mean():
    assert scored(ROWS, MENTIONS["all"]).numbers()["entities_left_unmasked"] == 0
    assert scored(ROWS, MENTIONS["all"]).numbers()["gold_entities"] == 9
    assert [r.surface for _, r in scored(hashed_rows(ROWS), MENTIONS["name missed"]).leaked] == ["Dorrance Vell", "Vell"]
    numbers = scored(hashed_rows(ROWS), MENTIONS["keep masked and a false span"]).numbers()
    assert (numbers["keep_rows_masked"], numbers["spans_not_personal"]) == (1, 2)


@pytest.mark.parametrize(("surface", "expected"), [
    ("Vell", 3),            # "Dorrance Vell" twice and "Vell was", not "Vellum"
    ("Amblewick", 2),       # before a full stop and before a hyphen
    ("DORRANCE", 1),        # case-sensitive: not "Dorrance"
    ("Dorrance", 2),
    ("10.42 am", 1),
    ("Nobody Here", 0),
    ("ell", 0),             # inside words only
])
def test_it_finds_a_hashed_row_at_the_plain_rows_places(surface, expected):
    row = resolved("invented", TEXT, [Row("mask", "X", hashed("invented", surface))])[0]
    assert places(TEXT, row) == rd.occurrences(TEXT, surface)
    assert len(places(TEXT, row)) == expected


@pytest.mark.parametrize("wrong", [
    hashed("other_file", "Vell"),                                # salted with another file's name
    hashed("invented", "Vell")[:-1] + "5",                        # a wrong length
    "sha256:" + "0" * 64 + ":4",                                   # a hash of nothing here
    hashed("invented", "vell"),                                    # another case
    hashed("invented", "Vell ")[:-2] + ":4",                       # the hash of a longer surface given 4
])
def test_it_finds_nothing_for_a_wrong_hash(wrong):
    row = resolved("invented", TEXT, [Row("mask", "PERSON", wrong)])[0]
    assert is_hashed(row.surface)
    assert places(TEXT, row) == []
    assert scored([Row("mask", "PERSON", wrong)], []).numbers()["gold_entities"] == 0


def test_it_writes_the_committed_rows_from_the_plain_ones(tmp_path):
    real, out = tmp_path / "real", tmp_path / "rows"
    (real / "tuned").mkdir(parents=True)
    (real / "tuned" / "invented.txt").write_text(TEXT, encoding="utf-8")
    (real / "tuned" / "invented.rows").write_text(
        "# a comment naming Dorrance Vell\n" + "".join(f"{r.kind}\t{r.label}\t{r.surface}\n" for r in ROWS),
        encoding="utf-8")
    written = rd.hash_rows(real, out)
    assert written == [out / "tuned" / "invented.rows"]
    body = written[0].read_text(encoding="utf-8")
    assert "Dorrance" not in body and "Quillfeather" not in body and "Chair" not in body
    rows = read_rows(written[0])
    assert all(is_hashed(r.surface) for r in rows)
    assert [(r.kind, r.label) for r in rows] == [(r.kind, r.label) for r in ROWS]
    assert [r.surface for r in resolved("invented", TEXT, rows)][:-1] == [r.surface for r in ROWS][:-1]
    assert rd.hash_rows(real, out) == written and written[0].read_text(encoding="utf-8") == body  # deterministic


def test_it_reads_the_plain_rows_before_the_committed_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(rd, "HASHED_ROWS", tmp_path / "rows")
    (tmp_path / "real" / "heldout").mkdir(parents=True)
    (tmp_path / "rows" / "heldout").mkdir(parents=True)
    txt = tmp_path / "real" / "heldout" / "invented.txt"
    txt.write_text(TEXT, encoding="utf-8")
    (tmp_path / "rows" / "heldout" / "invented.rows").write_text(f"mask\tPERSON\t{hashed('invented', 'Vell')}\n")
    assert rd.documents("heldout", real=tmp_path / "real")[0][1][0].surface == hashed("invented", "Vell")
    txt.with_suffix(".rows").write_text("mask\tPERSON\tVell\n", encoding="utf-8")
    assert rd.documents("heldout", real=tmp_path / "real")[0][1][0].surface == "Vell"
    assert rd.documents("heldout", hashed_only=True, real=tmp_path / "real")[0][1][0].surface != "Vell"


NESTED = "The Brackenford Flu Widows met at Lowmere Health Board. Flu came; Lowmere is a town."


@pytest.mark.parametrize(("rows", "expected"), [
    # a keep word inside a longer either name is that name there, and stands by itself elsewhere
    ([Row("either", "ORGANIZATION", "Brackenford Flu Widows"), Row("keep", "WORD", "Flu")],
     [[(4, 26)], [(56, 59)]]),
    # an either word inside a longer keep phrase is the phrase there
    ([Row("keep", "WORD", "Lowmere Health Board"), Row("either", "LOCATION", "Lowmere")],
     [[(34, 54)], [(66, 73)]]),
    # a mask word inside an either name stays to mask: no contradiction
    ([Row("either", "ORGANIZATION", "Lowmere Health Board"), Row("mask", "LOCATION", "Lowmere")],
     [[(34, 54)], [(34, 41), (66, 73)]]),
    # rows of one kind nest freely: both keep their places
    ([Row("mask", "ORGANIZATION", "Brackenford Flu Widows"), Row("mask", "LOCATION", "Brackenford")],
     [[(4, 26)], [(4, 15)]]),
])
def test_it_lets_the_longer_row_decide_where_rows_of_two_kinds_nest(rows, expected):
    assert [where for _, where in rd.placed(NESTED, rows)] == expected


def test_it_gives_every_committed_mask_row_a_label_the_review_knows():
    """benchmarks/export_gate.py --real adds a missed mask row as a mention: its label must be one of the app's."""
    from anonymizer.types import LABELS
    from benchmarks.export_gate import ROW_LABELS

    labels = {row.label for path in rd.HASHED_ROWS.rglob("*.rows") for row in read_rows(path) if row.kind == "mask"}
    assert labels and {label for label in labels if ROW_LABELS.get(label, label) not in LABELS} == set()

"""anonymizer.batch and ``manage.py anonymize``."""
from __future__ import annotations

import io
import json
import re
import stat
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from anonymizer import batch
from anonymizer.batch import Document, Failure, ProgressBar, discover, stats, unique_names

HEARING_A = """PAROLE SUITABILITY HEARING
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS
In the matter of the Parole CDCR Number: AB1234
Consideration Hearing of:
JOHN DOE
CORRECTIONAL TRAINING FACILITY
SOLEDAD, CALIFORNIA
OCTOBER 24, 2024
8:40 AM
PANEL PRESENT:
MARY ROE, Presiding Commissioner
Transcribed by:
JANE SMITH

PRESIDING COMMISSIONER ROE: We are on the record. This is the hearing of John Doe, CDCR number AB1234.
INMATE DOE: Yes. My last name is spelled D-O-E.
PRESIDING COMMISSIONER ROE: Mr. Doe, you were 17 years old when you moved to Fresno in 1995?
INMATE DOE: Yes, ma'am. My sister Linda Doe still lives in Fresno.
"""

HEARING_B = """PAROLE SUITABILITY HEARING
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS
In the matter of the Parole CDCR Number: V12345
Consideration Hearing of:
KEVIN RICHARDSON
SALINAS VALLEY STATE PRISON
SOLEDAD, CALIFORNIA
MARCH 3, 2023
1:30 PM
PANEL PRESENT:
PETER RUFF, Presiding Commissioner
Transcribed by:
ANNA LEE

PRESIDING COMMISSIONER RUFF: Good afternoon, Mr. Richardson.
INMATE RICHARDSON: Good afternoon, Commissioner Ruff.
PRESIDING COMMISSIONER RUFF: You worked at Fresno Police Department before 2001?
INMATE RICHARDSON: No. I grew up in Sacramento with my brother Tom Richardson.
"""


# ---------------------------------------------------------------- without the pipeline


def test_it_discovers_inputs_recursively_in_sorted_order(tmp_path):
    for rel in ("b/x.txt", "a/y.PDF", "a/deep/z.txt", "a/notes.md", "out/text/old.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x", encoding="utf-8")
    jobs, failures = discover([tmp_path], exclude=tmp_path / "out", neutral=False)
    assert [Path(j.path).relative_to(tmp_path).as_posix() for j in jobs] == ["a/deep/z.txt", "a/y.PDF", "b/x.txt"]
    assert [j.name for j in jobs] == ["z", "y", "x"] and failures == []


def test_it_keeps_colliding_stems_apart(tmp_path):
    for rel in ("one/hearing.txt", "two/hearing.txt", "two/hearing.pdf"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x", encoding="utf-8")
    jobs, _ = discover([tmp_path / "one", tmp_path / "two", tmp_path / "one" / "hearing.txt"], neutral=False)
    assert [j.name for j in jobs] == ["hearing", "hearing-2", "hearing-3"]


@pytest.mark.parametrize(
    ("stems", "names"),
    [
        (["a", "b"], ["a", "b"]),
        (["a", "a", "a-2"], ["a", "a-3", "a-2"]),  # never takes another input's own name
        (["John Doe (1)", "../x", ""], ["John_Doe_1", "x", "document"]),
    ],
)
def test_it_makes_unique_safe_names(stems, names):
    assert unique_names(stems) == names


@pytest.mark.parametrize(
    ("name", "reason"),
    [("missing.txt", "no such file or folder"), ("notes.docx", "unsupported file type")],
)
def test_it_refuses_unknown_inputs(tmp_path, name, reason):
    (tmp_path / "notes.docx").write_bytes(b"PK")
    jobs, failures = discover([tmp_path / name], neutral=False)
    assert jobs == [] and len(failures) == 1
    assert failures[0].file == str(tmp_path / name) and reason in failures[0].reason


@pytest.mark.parametrize(("neutral", "files"), [(True, ["argument 1, file 1", "argument 1, file 2"]),
                                                 (False, ["a/notes.docx", "b/talk.vtt"])])
def test_it_names_each_document_of_a_folder_it_does_not_read(tmp_path, neutral, files):
    for rel in ("a/notes.docx", "a/read.md", "a/.hidden", "b/talk.vtt", "b/heard.vtt", "b/heard.wav", "c/x.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    jobs, failures = discover([tmp_path], neutral=neutral)
    assert sorted(Path(j.path).name for j in jobs) == ["heard.wav", "x.txt"]
    assert [f.file if neutral else Path(f.file).relative_to(tmp_path).as_posix() for f in failures] == files
    assert ["Word document" in failures[0].reason, "without its recording" in failures[1].reason] == [True, True]
    assert [Path(f.source).name for f in failures] == ["notes.docx", "talk.vtt"]  # keys/names.json maps them


def tab_line(doc_id: str, text: str) -> str:
    return json.dumps({"text": text, "metadata": {"provenance": {"doc_id": doc_id}}, "entities": []})


def test_it_reads_tab_documents_as_inputs(tmp_path):
    path = tmp_path / "tab.jsonl"
    path.write_text("\n".join([tab_line("001-2", "B text."), "not json", tab_line("001-1", "A text."), ""]), encoding="utf-8")
    jobs, failures = discover([path], neutral=False)
    assert [(j.name, j.text, j.label) for j in jobs] == [("001-2", "B text.", f"{path}#001-2"), ("001-1", "A text.", f"{path}#001-1")]
    assert [f.file for f in failures] == [f"{path}:2"]


def document(name: str, labels: list[tuple[str, int | None]], words: int) -> Document:
    annotations = tuple({"label": label, "entity": entity} for label, entity in labels)
    return Document(name=name, text="", annotations=annotations, pseudonymized="", key=(), words=words)


def test_it_computes_table_6_statistics():
    docs = [
        document("a", [("PERSON", 0), ("PERSON", 0), ("PERSON", 1), ("DATE", 2)], 1000),
        document("b", [("PERSON", 0), ("DATE", None), ("DATE", None)], 3000),
    ]
    result = stats(docs)
    assert result["files"] == 2 and result["tokens"] == 4000
    assert result["labels"]["PERSON"] == {"total": 4, "entities": 3, "average_per_file": 2.0, "per_1000_tokens": 1.0}
    assert result["labels"]["DATE"] == {"total": 3, "entities": 3, "average_per_file": 1.5, "per_1000_tokens": 0.75}
    assert result["total"]["total"] == 7
    assert result["per_file"]["b"] == {"tokens": 3000, "mentions": 3, "labels": {"DATE": 2, "PERSON": 1}}


def test_it_computes_statistics_of_nothing():
    assert stats([])["total"] == {"total": 0, "entities": 0, "average_per_file": 0.0, "per_1000_tokens": 0.0}


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_it_prints_one_progress_line_per_file_when_not_a_tty():
    stream = io.StringIO()
    bar = ProgressBar(stream, 20)
    bar.update(0, "a.pdf", 0.5)
    bar.finish(0, "a.pdf", True)
    bar.finish(1, "b.txt", False)
    bar.close()
    assert stream.getvalue() == "[ 1/20]   5% a.pdf\n[ 2/20]  10% b.txt failed\n"


def test_it_redraws_the_progress_bar_on_a_tty():
    stream = Tty()
    bar = ProgressBar(stream, 4)
    bar.update(0, "long-name.pdf", 0.5)
    bar.finish(0, "long-name.pdf", True)
    bar.update(0, "long-name.pdf", 1.0)  # a late message from a worker changes nothing
    bar.update(1, "b.txt", 0.0)
    bar.close()
    assert stream.getvalue() == "\r[0/4]  12% long-name.pdf\r[1/4]  25% long-name.pdf\r[1/4]  25% b.txt        \n"


def test_it_reports_failures_in_one_line():
    assert Failure("dir/a.pdf", "empty file").line() == "dir/a.pdf: empty file"


# ---------------------------------------------------------------- with the pipeline


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "hearing_a.txt").write_text(HEARING_A, encoding="utf-8")
    (folder / "sub").mkdir()
    (folder / "sub" / "hearing_b.txt").write_text(HEARING_B, encoding="utf-8")
    (folder / "empty.txt").write_bytes(b"")
    (folder / "junk.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf\n")
    (folder / "latin1.txt").write_bytes("Señor Muñoz lives in San José.".encode("latin-1"))
    return folder


@pytest.fixture(scope="module")
def run_one(inputs, tmp_path_factory):
    from anonymizer.types import Config

    out = tmp_path_factory.mktemp("out1")
    stream = io.StringIO()
    result = batch.run([inputs], out, Config(), jobs=1, stream=stream, neutral_names=False)
    return result, out, stream.getvalue()


def read_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_it_writes_good_files_and_reports_bad_ones(run_one, inputs):
    result, out, progress = run_one
    assert result.ok == ("hearing_a", "hearing_b")
    assert result.exit_status == 1
    errors = read_json(out / "errors.json")
    assert [Path(e["file"]).name for e in errors] == ["empty.txt", "junk.pdf", "latin1.txt"]
    for error in errors:
        assert error["reason"] and "\n" not in error["reason"]
    for failure in result.failures:
        assert re.fullmatch(rf"{re.escape(str(inputs))}/\S+: [^\n]+", failure.line())
    assert "Muñoz" not in json.dumps(errors, ensure_ascii=False)
    assert progress.count("\n") == 5 and "failed" in progress
    for name in ("hearing_a", "hearing_b"):
        for sub in ("text", "pseudonymized"):
            assert (out / sub / f"{name}.txt").stat().st_size > 0
        assert (out / "keys" / f"{name}.key.json").is_file()
    assert not (out / "text" / "empty.txt").exists()


def test_it_writes_the_normalized_text_as_ingested(run_one):
    _, out, _ = run_one
    assert (out / "text" / "hearing_a.txt").read_bytes() == HEARING_A.encode("utf-8")


def test_it_writes_annotations_whose_previews_match_the_text(run_one):
    _, out, _ = run_one
    entries = read_json(out / "annotations.json")
    assert [e["file"] for e in entries] == ["hearing_a", "hearing_b"]
    for entry in entries:
        text = (out / "text" / f"{entry['file']}.txt").read_bytes().decode("utf-8")
        assert entry["annotations"], entry["file"]
        for a in entry["annotations"]:
            assert set(a) == {"start", "end", "label", "preview", "source", "entity", "confidence"}
            assert text[a["start"] : a["end"]] == a["preview"]
            assert a["source"] and all(part for part in a["source"].split("+"))
    labels = {a["label"] for e in entries for a in e["annotations"]}
    assert {"PERSON", "CDCR_ID"} <= labels


def test_it_writes_secret_keys_whose_surface_forms_are_gone(run_one):
    _, out, _ = run_one
    for name in ("hearing_a", "hearing_b"):
        path = out / "keys" / f"{name}.key.json"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        key = read_json(path)
        assert key["entities"]
        pseudonymized = (out / "pseudonymized" / f"{name}.txt").read_text(encoding="utf-8")
        for entry in key["entities"]:
            assert {"entity", "label", "category", "tags", "surface_forms"} <= set(entry)
            for form in entry["surface_forms"]:
                assert not re.search(rf"(?<!\w){re.escape(form)}(?!\w)", pseudonymized), (entry["label"], entry["tags"])
    assert stat.S_IMODE((out / "keys").stat().st_mode) == 0o700


def test_it_writes_statistics_consistent_with_annotations(run_one):
    result, out, _ = run_one
    entries = read_json(out / "annotations.json")
    data = read_json(out / "stats.json")
    counts = Counter(a["label"] for e in entries for a in e["annotations"])
    assert {label: row["total"] for label, row in data["labels"].items()} == dict(counts)
    assert data["total"]["total"] == sum(counts.values()) and data["files"] == 2
    assert data["tokens"] == result.words == sum(f["tokens"] for f in data["per_file"].values())
    for entry in entries:
        assert data["per_file"][entry["file"]]["mentions"] == len(entry["annotations"])
    person = data["labels"]["PERSON"]
    assert person["per_1000_tokens"] == round(1000 * counts["PERSON"] / data["tokens"], 4)


def test_it_writes_identical_outputs_with_two_processes(run_one, inputs, tmp_path):
    from anonymizer.types import Config

    _, out_one, _ = run_one
    out_two = tmp_path / "out2"
    result = batch.run([inputs], out_two, Config(), jobs=2, stream=io.StringIO(), neutral_names=False)
    assert result.ok == ("hearing_a", "hearing_b")
    one = {p.relative_to(out_one): p.read_bytes() for p in sorted(out_one.rglob("*")) if p.is_file()}
    two = {p.relative_to(out_two): p.read_bytes() for p in sorted(out_two.rglob("*")) if p.is_file()}
    assert sorted(two) == sorted(one)
    for rel in one:
        if rel.name != "errors.json":  # errors.json names the inputs, identical as well
            assert two[rel] == one[rel], rel
    assert two[Path("errors.json")] == one[Path("errors.json")]


def test_it_runs_the_anonymize_command(inputs, tmp_path):
    tab = tmp_path / "tab.jsonl"
    tab.write_text(tab_line("001-7", "Mr John Smith moved to Oslo on 3 May 2001.") + "\n", encoding="utf-8")
    out = tmp_path / "out"
    stdout, stderr = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as failed:
        call_command(
            "anonymize", str(inputs / "hearing_a.txt"), str(inputs / "empty.txt"), str(tab),
            "--out", str(out), "--style", "referent", "--input-names", stdout=stdout, stderr=stderr,
        )  # fmt: skip
    assert failed.value.returncode == 1
    assert f"{inputs / 'empty.txt'}: empty file" in stderr.getvalue().splitlines()
    assert "2 file(s) ok, 1 failed" in stdout.getvalue()
    entries = read_json(out / "annotations.json")
    assert [e["file"] for e in entries] == ["hearing_a", "001-7"]
    assert (out / "text" / "001-7.txt").read_text(encoding="utf-8") == "Mr John Smith moved to Oslo on 3 May 2001."
    assert read_json(out / "keys" / "hearing_a.key.json")["style"] == "referent"


def test_it_exits_cleanly_when_every_file_succeeds(inputs, tmp_path):
    out = tmp_path / "out"
    (out).mkdir()
    (out / "errors.json").write_text("[]", encoding="utf-8")  # stale from an earlier run
    stdout = io.StringIO()
    stderr = io.StringIO()
    call_command("anonymize", str(inputs / "sub" / "hearing_b.txt"), "--out", str(out), "--input-names", stdout=stdout,
                 stderr=stderr)
    assert "1 file(s) ok, 0 failed" in stdout.getvalue(), stderr.getvalue()
    assert not (out / "errors.json").exists()

"""``anonymize --neutral-names``: outputs named hearing_0001 …, the mapping only in keys/."""
from __future__ import annotations

import io
import json
import stat
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from anonymizer.batch import discover
from anonymizer.export import neutral_name, neutral_number

TEXT = "PRESIDING COMMISSIONER ROE: Good morning.\nINMATE YOUNG: Good morning, I am Alyssa Young.\n"


@pytest.mark.parametrize(("number", "name"), [(1, "hearing_0001"), (42, "hearing_0042"), (10000, "hearing_10000")])
def test_it_names_documents_neutrally_and_back(number, name):
    assert neutral_name(number) == name and neutral_number(name) == number


@pytest.mark.parametrize("other", ["Young-AK2960", "hearing_x", "hearing_"])
def test_it_reads_no_number_from_other_names(other):
    assert neutral_number(other) == 0


@pytest.mark.parametrize(("neutral", "names"), [(False, ["Alyssa_BATISTE-K91985", "Young-AK2960-2024-10-24"]),
                                                (True, ["hearing_0001", "hearing_0002"])])
def test_it_discovers_inputs_under_neutral_names(tmp_path, neutral, names):
    for stem in ("Young-AK2960-2024-10-24", "Alyssa_BATISTE-K91985"):
        (tmp_path / f"{stem}.txt").write_text(TEXT, encoding="utf-8")
    jobs, _ = discover([tmp_path], neutral=neutral)
    assert [job.name for job in jobs] == names


@pytest.mark.django_db
def test_it_runs_the_anonymize_command_with_neutral_names(tmp_path):
    source = tmp_path / "in" / "Young-AK2960-2024-10-24.txt"
    source.parent.mkdir()
    source.write_text(TEXT, encoding="utf-8")
    out = tmp_path / "out"
    call_command("anonymize", str(source), "--out", str(out), "--neutral-names", stdout=io.StringIO(),
                 stderr=io.StringIO())
    shareable = [p for p in out.rglob("*") if p.is_file() and "keys" not in p.parts]
    assert {p.relative_to(out).as_posix() for p in shareable} >= {"text/hearing_0001.txt", "pseudonymized/hearing_0001.txt"}
    for path in shareable:  # no member name and no annotation file carries the upload name
        assert "young" not in path.as_posix().casefold() and "ak2960" not in path.as_posix().casefold()
    assert "AK2960" not in (out / "annotations.json").read_text(encoding="utf-8")
    mapping = json.loads((out / "keys" / "names.json").read_text(encoding="utf-8"))
    assert mapping == [{"file": "hearing_0001", "input": str(source)}]
    assert stat.S_IMODE((out / "keys" / "names.json").stat().st_mode) == 0o600
    assert Path(out / "keys" / "hearing_0001.key.json").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("flags", [[], ["--neutral-names"]])
def test_it_names_no_input_on_the_console_or_in_shared_outputs(tmp_path, flags):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "JOHNSON_Robert_hearing.txt").write_text(TEXT, encoding="utf-8")
    (folder / "GARCIA_Maria_hearing.txt").write_bytes(b"")  # fails: empty
    tab = tmp_path / "NGUYEN_Thanh.jsonl"
    tab.write_text("not json\n", encoding="utf-8")
    out = tmp_path / "out"
    stdout, stderr = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("anonymize", str(folder), str(tab), str(tmp_path / "MISSING_Person.pdf"), "--out", str(out),
                     *flags, stdout=stdout, stderr=stderr)
    printed = stdout.getvalue() + stderr.getvalue() + str(failed.value)
    shared = [p for p in out.rglob("*") if p.is_file() and "keys" not in p.parts]
    for surname in ("johnson", "robert", "garcia", "maria", "nguyen", "thanh", "missing"):
        assert surname not in printed.casefold(), surname
        for path in shared:
            assert surname not in path.relative_to(out).as_posix().casefold()
            assert surname not in path.read_text(encoding="utf-8").casefold(), path
    assert "hearing_0001: empty file" in stderr.getvalue().splitlines()
    assert {"argument 2:1", "argument 3"} <= {e["file"] for e in json.loads((out / "errors.json").read_text())}
    mapping = {m["file"]: m["input"] for m in json.loads((out / "keys" / "names.json").read_text(encoding="utf-8"))}
    assert mapping["hearing_0001"].endswith("GARCIA_Maria_hearing.txt")
    assert mapping["argument 3"] == str(tmp_path / "MISSING_Person.pdf")


@pytest.mark.django_db
def test_it_names_outputs_after_the_inputs_only_when_asked(tmp_path):
    source = tmp_path / "Young-AK2960-2024-10-24.txt"
    source.write_text(TEXT, encoding="utf-8")
    out = tmp_path / "out"
    stderr = io.StringIO()
    call_command("anonymize", str(source), "--out", str(out), "--input-names", stdout=io.StringIO(), stderr=stderr)
    assert (out / "text" / "Young-AK2960-2024-10-24.txt").is_file() and not (out / "keys" / "names.json").exists()
    assert "Young-AK2960-2024-10-24" in stderr.getvalue()

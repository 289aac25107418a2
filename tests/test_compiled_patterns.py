"""The rules' patterns compiled once per installation (anonymizer.lang.compiled): the same patterns from the
cache file, a damaged or hostile file never trusted, the same pattern sources in every process."""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
import regex

from anonymizer.lang import compiled

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """The module as in a new process, its file in ``tmp_path``."""
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(compiled, "_patterns", None)
    monkeypatch.setattr(compiled, "_used", set())
    monkeypatch.setattr(compiled, "_unsaved", False)
    return tmp_path


def _new_process(monkeypatch) -> None:
    monkeypatch.setattr(compiled, "_patterns", None)
    monkeypatch.setattr(compiled, "_used", set())
    monkeypatch.setattr(compiled, "_unsaved", False)


SOURCE = r"(?<![\w'’-])(?i:at[ ]the[ ]age[ ]of)[ ](\d{1,3})(?![\w'’])"
TEXT = "He was arrested At the age of 17 and paroled at the age of 52, not at the age of 1234."


def test_it_reads_back_the_same_pattern_a_process_compiled_before(fresh, monkeypatch):
    first = compiled.compile(SOURCE, regex.MULTILINE)
    compiled.save()
    assert compiled.cache_file().parent == fresh and compiled.cache_file().exists()
    _new_process(monkeypatch)
    monkeypatch.setattr(compiled.regex, "compile", lambda *a, **k: pytest.fail("compiled again"))
    again = compiled.compile(SOURCE, regex.MULTILINE)
    assert again is not first and again.pattern == first.pattern and again.flags == first.flags
    assert [m.span(1) for m in again.finditer(TEXT)] == [m.span(1) for m in first.finditer(TEXT)] == [(30, 32), (59, 61)]
    assert compiled._unsaved is False  # nothing new: the file is not written again


def test_it_names_the_file_by_the_regex_and_python_versions(fresh):
    name = compiled.cache_file().name
    assert regex.__version__ in name and f"py{sys.version_info[0]}.{sys.version_info[1]}" in name


def test_it_names_the_file_by_where_the_code_is(fresh, monkeypatch):
    """Two checkouts or installations sharing the cache folder keep a file each (not each other's patterns
    written over)."""
    here = compiled.cache_file()
    monkeypatch.setattr(compiled, "_CODE", compiled._CODE.parent / "another-checkout" / "anonymizer")
    assert compiled.cache_file() != here and compiled.cache_file().parent == here.parent


@pytest.mark.parametrize("value", ["off", "0", "none", ""])
def test_it_keeps_no_file_when_the_environment_turns_it_off(fresh, monkeypatch, value):
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", value)
    assert compiled.cache_file() is None
    assert compiled.compile(SOURCE).search(TEXT) is not None
    compiled.save()
    assert list(fresh.iterdir()) == []


def test_it_compiles_over_a_damaged_file(fresh, monkeypatch):
    compiled.cache_file().write_bytes(b"\x80\x05 not a pickle at all")
    assert compiled.compile(SOURCE, regex.MULTILINE).search(TEXT).group(1) == "17"
    compiled.save()  # the damaged file replaced by a good one
    _new_process(monkeypatch)
    assert (SOURCE, int(regex.MULTILINE)) in compiled._read(compiled.cache_file())


class _Call:
    """A pickle that would call ``os.getpid`` when unpickled (a tampered file)."""

    def __reduce__(self):
        return (os.getpid, ())


def test_it_calls_nothing_but_regex_from_the_file(fresh):
    compiled.cache_file().write_bytes(pickle.dumps({(SOURCE, 0): _Call()}))
    assert compiled._read(compiled.cache_file()) == {}
    assert compiled.compile(SOURCE).pattern == SOURCE


def test_it_drops_an_entry_whose_pattern_is_not_its_source(fresh):
    compiled.cache_file().write_bytes(pickle.dumps({(SOURCE, 0): regex.compile("other")}))
    assert compiled._read(compiled.cache_file()) == {}


def test_it_leaves_a_folder_it_cannot_write_alone(fresh, monkeypatch):
    blocked = fresh / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", str(blocked / "cache"))
    assert compiled.compile(SOURCE).search(TEXT) is not None
    compiled.save()  # no error
    assert compiled._unsaved is True


_SOURCES = """
from anonymizer.lang import compiled
from anonymizer.lang.en.recognizers import build_recognizers
build_recognizers()
print(len(compiled._used), compiled._unsaved)
print("\\n".join(sorted(source for source, _ in compiled._used)))
"""


def _run(code: str, cache: Path, seed: str) -> str:
    env = {**os.environ, "ANONYMIZER_CACHE_DIR": str(cache), "PYTHONHASHSEED": seed}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout


def test_a_second_process_compiles_none_of_the_english_rules(tmp_path):
    """Every English rule pattern is the same string whatever the hash seed (an alternation built from a set
    is sorted longest first, then alphabetically), so a process with another seed finds them all in the file."""
    first = _run(_SOURCES, tmp_path, "1").splitlines()
    second = _run(_SOURCES, tmp_path, "2").splitlines()
    count, unsaved = first[0].split(" ")
    assert int(count) > 150 and unsaved == "True"  # the first process compiled them (and wrote them at exit)
    assert second[0].split(" ")[1] == "False"  # the second compiled none
    assert first[1:] == second[1:]

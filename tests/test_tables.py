"""Word lists derived from packaged data kept between processes (anonymizer.lang.tables): the same lists,
derived again for another source, module or Python, never taken from a damaged or foreign file."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from anonymizer.lang import tables

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def folder(monkeypatch, tmp_path):
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "source.txt"
    source.write_text("Alba\nÉvora\nZug\n", encoding="utf-8")
    return tmp_path


def _counting(source: Path, calls: list):
    def derive():
        calls.append(1)
        return set(source.read_text(encoding="utf-8").split())

    return derive


def test_it_derives_a_list_once_and_reads_it_back(folder):
    calls: list = []
    source = folder / "source.txt"
    first = tables.strings("words", _counting(source, calls), (source, __file__))
    again = tables.strings("words", _counting(source, calls), (source, __file__))
    assert first == again == ("Alba", "Zug", "Évora")
    assert calls == [1]
    assert tables.table_file("words", (source, __file__)).exists()


@pytest.mark.parametrize("change", ["size", "time"])
def test_it_derives_again_when_a_source_changed(folder, change):
    calls: list = []
    source = folder / "source.txt"
    tables.strings("words", _counting(source, calls), (source,))
    if change == "size":
        source.write_text("Alba\nÉvora\nZug\nOrta\n", encoding="utf-8")
    else:
        info = source.stat()
        os.utime(source, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    found = tables.strings("words", _counting(source, calls), (source,))
    assert calls == [1, 1]
    assert ("Orta" in found) == (change == "size")


@pytest.mark.parametrize("content", [
    b"\xff\xfe not json",
    b'{"stamp": null, "strings": ["Mallory"]}',
    b"[1, 2, 3]",
    "STAMPED_INTS",
    "STAMPED_DICT",
    b'{"stamp": {"format": 1}',
])
def test_it_never_takes_a_damaged_or_foreign_file(folder, content):
    calls: list = []
    source = folder / "source.txt"
    expected = tables.strings("words", _counting(source, calls), (source,))
    stamp = tables.stamp((source,))
    if content == "STAMPED_INTS":
        content = json.dumps({"stamp": stamp, "strings": [1, 2]}).encode()
    elif content == "STAMPED_DICT":
        content = json.dumps({"stamp": stamp, "strings": {"Mallory": 1}}).encode()
    tables.table_file("words", (source,)).write_bytes(content)
    assert tables.strings("words", _counting(source, calls), (source,)) == expected
    assert calls == [1, 1]


def test_it_takes_a_file_of_the_same_stamp_as_it_is(folder):
    """The stamp is what decides: a file of this stamp is read, not derived again (so the stamp must hold
    every source and module)."""
    calls: list = []
    source = folder / "source.txt"
    tables.strings("words", _counting(source, calls), (source,))
    tables.table_file("words", (source,)).write_text(json.dumps({"stamp": tables.stamp((source,)), "strings": ["Kept"]}))
    assert tables.strings("words", _counting(source, calls), (source,)) == ("Kept",)
    assert calls == [1]


def test_it_keeps_a_file_for_each_place_of_the_sources(folder):
    """Two checkouts sharing the cache folder (the same list derived by modules at two places) keep a file each
    instead of deriving it again in turn, each writing over the other's."""
    calls: list = []
    sources = [folder / "one" / "source.txt", folder / "two" / "source.txt"]
    for source in sources:
        source.parent.mkdir()
        source.write_text("Alba\nZug\n", encoding="utf-8")
    for _ in range(2):
        assert [tables.strings("words", _counting(source, calls), (source,)) for source in sources] == [("Alba", "Zug")] * 2
    assert calls == [1, 1]
    assert tables.table_file("words", sources[:1]) != tables.table_file("words", sources[1:])


@pytest.mark.parametrize("setting", ["off", "0", "none"])
def test_it_keeps_nothing_when_turned_off(folder, monkeypatch, setting):
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", setting)
    calls: list = []
    source = folder / "source.txt"
    assert tables.table_file("words", (source,)) is None
    assert tables.strings("words", _counting(source, calls), (source,)) == ("Alba", "Zug", "Évora")
    tables.strings("words", _counting(source, calls), (source,))
    assert calls == [1, 1]


def test_it_derives_in_every_process_where_the_folder_cannot_be_written(folder, monkeypatch):
    blocked = folder / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", str(blocked / "cache"))
    calls: list = []
    source = folder / "source.txt"
    assert tables.strings("words", _counting(source, calls), (source,)) == ("Alba", "Zug", "Évora")
    assert calls == [1]


_GAZETTEER = (
    "import json\n"
    "from anonymizer.lang.en import vocabulary as v, gazetteer as g\n"
    "records = v.geonames_cities(5000)\n"
    "names = {n for n, _, _ in records}\n"
    "derived = [names, {g.normalize_name(n) for n in names}, {n for n, c, p in records if c == 'US' or p >= 100000},\n"
    "           {n for n, c, _ in v.geonames_cities(5000, 'CA') if c == 'US'}]\n"
    "asked = [v.geonames_city_names(5000), g.cities(), v.geonames_known_city_names(), g.california_cities()]\n"
    "print(json.dumps([set(a) == set(d) and len(a) > 500 for a, d in zip(asked, derived)]))\n"
)


def test_it_gives_the_gazetteers_the_sets_they_derive_in_a_new_and_in_a_later_process(tmp_path):
    env = {**os.environ, "ANONYMIZER_CACHE_DIR": str(tmp_path)}
    for _ in ("derived and written", "read back"):
        done = subprocess.run([sys.executable, "-c", _GAZETTEER], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        assert json.loads(done.stdout) == [True, True, True, True]
    assert len(list(tmp_path.glob("table-geonames-*.json"))) == 4

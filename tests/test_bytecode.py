"""The pass's modules' bytecode kept in its cache folder where Python writes none (anonymizer.lang.bytecode): the same
code, compiled again for an edited source or a damaged file, nothing kept when turned off."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from anonymizer.lang import bytecode

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def module(monkeypatch, tmp_path):
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "invented.py"
    source.write_text("ANSWER = 'Marlow'\n", encoding="utf-8")
    return source


def _run(source: Path) -> dict:
    loader = bytecode._Loader("anonymizer.invented", str(source))
    namespace: dict = {}
    exec(loader.get_code("anonymizer.invented"), namespace)
    return namespace


def _compiles(monkeypatch) -> list:
    calls: list = []
    real = bytecode._Loader.source_to_code

    def counting(self, data, path, *args, **kwargs):
        calls.append(path)
        return real(self, data, path, *args, **kwargs)

    monkeypatch.setattr(bytecode._Loader, "source_to_code", counting)
    return calls


def test_it_compiles_a_module_once_and_reads_its_bytecode_back(module, monkeypatch):
    calls = _compiles(monkeypatch)
    assert _run(module)["ANSWER"] == _run(module)["ANSWER"] == "Marlow"
    assert calls == [str(module)]
    kept = bytecode.bytecode_file(str(module))
    assert kept.exists() and kept.parent.parent == module.parent / "cache"
    assert not (module.parent / "__pycache__").exists()


@pytest.mark.parametrize("change", ["edited", "touched", "damaged", "foreign"])
def test_it_compiles_again_when_the_source_changed_or_the_file_is_not_its_own(module, monkeypatch, change):
    calls = _compiles(monkeypatch)
    _run(module)
    kept = bytecode.bytecode_file(str(module))
    if change == "edited":  # the same size and second: the nanoseconds tell
        info = module.stat()
        module.write_text("ANSWER = 'Harlow'\n", encoding="utf-8")
        os.utime(module, ns=(info.st_atime_ns, info.st_mtime_ns + 1))
    elif change == "touched":
        info = module.stat()
        os.utime(module, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    elif change == "damaged":
        data = kept.read_bytes()
        kept.write_bytes(data[: len(data) // 2])
    else:  # another Python's magic number
        data = kept.read_bytes()
        kept.write_bytes(b"\0\0\0\0" + data[4:])
    assert _run(module)["ANSWER"] == ("Harlow" if change == "edited" else "Marlow")
    assert len(calls) == 2
    assert _run(module)["ANSWER"] == ("Harlow" if change == "edited" else "Marlow")
    assert len(calls) == 2  # written again: read back the next time


@pytest.mark.parametrize("setting", ["off", "0", "none"])
def test_it_keeps_nothing_when_turned_off(module, monkeypatch, setting):
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", setting)
    calls = _compiles(monkeypatch)
    assert bytecode.bytecode_file(str(module)) is None
    assert _run(module)["ANSWER"] == "Marlow"
    assert not (module.parent / "cache").exists()


def test_it_compiles_in_every_process_where_the_folder_cannot_be_written(module, monkeypatch):
    blocked = module.parent / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setenv("ANONYMIZER_CACHE_DIR", str(blocked / "cache"))
    calls = _compiles(monkeypatch)
    assert _run(module)["ANSWER"] == _run(module)["ANSWER"] == "Marlow"
    assert len(calls) == 2


@pytest.mark.parametrize(("name", "dont_write", "handled"), [
    ("anonymizer.spans", True, True),
    ("anonymizer.lang.en.gazetteer", True, True),
    ("anonymizer.spans", False, False),  # Python keeps it in __pycache__ itself
    ("json.decoder", True, False),  # not the pass's
    ("anonymizer.no_such_module", True, False),
])  # fmt: skip
def test_it_takes_only_the_pass_s_modules_and_only_where_python_keeps_no_bytecode(monkeypatch, name, dont_write, handled):
    monkeypatch.setattr(sys, "dont_write_bytecode", dont_write)
    parent = sys.modules[name.rsplit(".", 1)[0]]
    spec = bytecode._Finder().find_spec(name, getattr(parent, "__path__", None))
    assert (spec is not None and isinstance(spec.loader, bytecode._Loader)) == handled


_IMPORT = (
    "import json, sys\n"
    "import anonymizer.pipeline\n"
    "from anonymizer.lang import bytecode\n"
    "mods = [m for n, m in sys.modules.items() if n.startswith('anonymizer.') and getattr(m, '__file__', None)]\n"
    "print(json.dumps([type(m.__loader__) is bytecode._Loader for m in mods if m.__name__ not in ('anonymizer.lang', 'anonymizer.lang.bytecode')]))\n"
)


def test_it_keeps_the_bytecode_of_the_pass_s_modules_for_a_later_process(tmp_path):
    env = {**os.environ, "ANONYMIZER_CACHE_DIR": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    stamps = []
    for _ in ("compiled and written", "read back"):
        done = subprocess.run([sys.executable, "-c", _IMPORT], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        loaded = json.loads(done.stdout)
        assert len(loaded) >= 80 and all(loaded)
        stamps.append({p.name: p.stat().st_mtime_ns for p in (tmp_path / f"bytecode-{sys.implementation.cache_tag}").iterdir()})
    assert stamps[0] == stamps[1] and len(stamps[0]) >= 80  # nothing written again

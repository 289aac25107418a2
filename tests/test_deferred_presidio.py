"""Presidio's predefined recognizers are imported when asked for, not at every start-up (anonymizer.lang.deferred)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PREDEFINED = "presidio_analyzer.predefined_recognizers"


def _run(code: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


_LOADED = f"sorted(m for m in sys.modules if m.startswith({PREDEFINED!r} + '.'))"


def test_it_imports_no_predefined_recognizer_for_a_pass():
    found = _run(
        "import json, sys\n"
        "import anonymizer\n"
        "from anonymizer.pipeline import Pipeline\n"
        "from anonymizer.detect import Detector\n"
        "from anonymizer.types import Config\n"
        "detector = Detector(Config())\n"
        "detector.analyzer\n"
        f"print(json.dumps({_LOADED}))\n"
    )
    assert not any(".generic." in name or ".country_specific." in name for name in found), found
    assert all(name.startswith(f"{PREDEFINED}.nlp_engine_recognizers") for name in found), found


_REGISTRY = (
    "import json, sys\n"
    "{first}"
    "from presidio_analyzer import RecognizerRegistry\n"
    "registry = RecognizerRegistry()\n"
    "registry.load_predefined_recognizers()\n"
    "print(json.dumps([[type(r).__name__, r.supported_entities, r.supported_language] for r in registry.recognizers]))\n"
)


def test_it_gives_presidios_default_registry_every_recognizer_as_before():
    deferred = _run(_REGISTRY.format(first="import anonymizer\n"))
    whole = _run(_REGISTRY.format(first=""))
    assert len(whole) > 10
    assert deferred == whole


@pytest.mark.parametrize("name", ["UrlRecognizer", "CreditCardRecognizer", "SpacyRecognizer", "__all__"])
def test_it_imports_the_package_whole_when_a_name_of_it_is_asked_for(name):
    found = _run(
        "import json, sys\n"
        "import anonymizer\n"
        "import presidio_analyzer\n"
        f"before = {_LOADED}\n"
        f"import {PREDEFINED} as package\n"
        f"value = getattr(package, {name!r})\n"
        "import importlib\n"
        "print(json.dumps({'before': before, 'generic': hasattr(package, 'UrlRecognizer'),"
        " 'all': sorted(package.__all__), 'dir': 'UrlRecognizer' in dir(package)}))\n"
    )
    assert not any(".generic." in m for m in found["before"])
    assert found["generic"] and found["dir"] and "UrlRecognizer" in found["all"]


def test_it_defers_nothing_when_presidio_came_first():
    found = _run(
        "import json, sys\n"
        "import presidio_analyzer\n"
        "import anonymizer\n"
        f"print(json.dumps({_LOADED}))\n"
    )
    assert any(".generic." in name for name in found)

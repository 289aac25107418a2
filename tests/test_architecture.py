"""The NLP core stays importable and usable without Django."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE_MODULES = [p.stem for p in (ROOT / "anonymizer").glob("*.py") if p.stem != "__init__"]


def test_it_imports_the_core_without_django():
    code = (
        "import importlib, sys\n"
        f"for name in {CORE_MODULES!r}:\n"
        "    importlib.import_module('anonymizer.' + name)\n"
        "import anonymizer.recognizers\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith(('django.', 'review', 'django_rq')))\n"
        "print(','.join(bad))\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"anonymizer imported Django modules: {result.stdout} {result.stderr[-2000:]}"
    assert len(CORE_MODULES) >= 8, CORE_MODULES


def test_it_has_no_django_import_statement_in_the_core():
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "anonymizer").rglob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.lstrip().startswith(("import django", "from django", "from review", "import review"))
    ]
    assert offenders == []

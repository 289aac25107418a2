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


# --- layering inside anonymizer/ (docs/architecture.md, "Layers") -------------------------------

import ast  # noqa: E402
import re  # noqa: E402

import pytest  # noqa: E402

#: anonymizer/ modules from the bottom up: a module imports only modules of earlier layers.
#: ``recognizers`` stands for the whole package (its modules import each other freely).
LAYERS: list[list[str]] = [
    ["vocabulary_people", "vocabulary_bodies", "vocabulary_places", "whitelist_file"],
    ["errors", "types", "vocabulary", "unbroken", "pdf_sheets"],
    ["lexicon", "transcript", "pseudonymize_temporal", "gazetteer", "ocr"],
    ["spans", "plain", "resolve", "header_fields", "pseudonymize_names", "leakgate_keys"],
    ["header", "leakgate_text", "judgment_text"],
    ["public_body"],
    ["recognizers", "backends", "pdf_pages", "leakgate", "tagger_persons", "truecase"],
    ["pdf_text", "detect_labels"],
    ["pdf", "reflow"],
    ["ingest", "detect_nlp", "detect_seeds", "detect_filter", "merge"],
    ["detect", "normalize_names"],
    ["normalize_groups"],
    ["normalize_cues"],
    ["normalize_context"],
    ["normalize_people"],
    ["normalize_rescan"],
    ["normalize", "categorize", "evaluate_report", "suspects"],
    ["evaluate_load", "evaluate_tab"],
    ["pseudonymize", "export", "evaluate", "pipeline"],
    ["batch_inputs", "batch_outputs"],
    ["batch"],
]
PACKAGE = ROOT / "anonymizer"


def _unit(module: str) -> str:
    """``anonymizer.recognizers.date`` -> ``recognizers``; ``anonymizer.detect`` -> ``detect``."""
    return module.removeprefix("anonymizer.").split(".")[0]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["anonymizer", *parts])


def _imports(path: Path) -> set[str]:
    """Every anonymizer module ``path`` imports (also inside functions), as full names."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("anonymizer"):
                continue
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                relative = candidate.removeprefix("anonymizer.").replace(".", "/")
                is_module = (PACKAGE / f"{relative}.py").exists() or (PACKAGE / relative).is_dir()
                found.add(candidate if is_module else target)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("anonymizer."))
    found.discard(module)
    return found


def _graph() -> dict[str, set[str]]:
    return {_module_name(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def test_it_places_every_core_module_in_one_layer():
    placed = [name for layer in LAYERS for name in layer]
    assert len(placed) == len(set(placed))
    units = {_unit(m) for m in _graph() if m != "anonymizer"}
    assert units == set(placed), f"add new modules to LAYERS (and docs/architecture.md): {units ^ set(placed)}"


def test_it_imports_only_downward_in_the_documented_order():
    layer_of = {name: i for i, layer in enumerate(LAYERS) for name in layer}
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in _graph().items()
        if module != "anonymizer"
        for target in targets
        if _unit(target) != _unit(module) and layer_of[_unit(target)] >= layer_of[_unit(module)]
    )
    assert upward == []


def test_it_has_no_import_cycle_inside_the_core():
    graph = _graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                cycles.append(path[path.index(target):] + [target] if target in path else [module, target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module, [module])
    assert cycles == []


#: words of the shared vocabularies; only anonymizer/vocabulary.py (and data/) may spell them out
VOCABULARY_WORDS = re.compile(
    r"\b(?:january|february|wednesday|seventeen|seventeenth|foxtrot|massachusetts|boulevard|"
    r"presiding deputy commissioner|mister|iii|eleven)\b",
    re.IGNORECASE,
)


def _string_constants(path: Path) -> list[str]:
    """String literals of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_it_defines_vocabulary_words_only_in_the_vocabulary_module():
    offenders = sorted(
        f"{path.relative_to(ROOT)}: {VOCABULARY_WORDS.search(value).group()!r}"
        for path in PACKAGE.rglob("*.py")
        if path.name not in ("vocabulary.py", "vocabulary_people.py", "vocabulary_places.py")  # re-exported words
        for value in _string_constants(path)
        if VOCABULARY_WORDS.search(value)
    )
    assert offenders == []


def test_it_reads_the_data_files_only_in_the_vocabulary_module():
    readers = sorted(
        str(path.relative_to(ROOT))
        for path in PACKAGE.rglob("*.py")
        if path.name != "vocabulary.py"
        and re.search(r"importlib\.resources|\bfiles\(|[\"']data[\"']", path.read_text(encoding="utf-8"))
    )
    assert readers == []


# --- module size (docs/architecture.md, "One home per concept") --------------------------------

MAX_LINES = 400
#: modules allowed past MAX_LINES, each with its reason; keep this list short (empty is best)
LONG_MODULES: dict[str, str] = {}


@pytest.mark.parametrize("folder", ["anonymizer", "fixtures"])
def test_it_keeps_every_core_and_fixture_module_small(folder):
    long = {
        str(path.relative_to(ROOT)): n
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
        and str(path.relative_to(ROOT)) not in LONG_MODULES
    }
    assert long == {}, f"split these by step (or allow-list them with a reason): {long}"


# --- the module tables of docs/architecture.md ---------------------------------------------------

ARCHITECTURE = ROOT / "docs" / "architecture.md"


def _documented_name(path: Path) -> str:
    """How docs/architecture.md names a module: ``pdf_pages.py`` in anonymizer/ (``recognizers/``
    as a whole), ``services/users.py`` or ``rows.py`` in review/, ``config/backup.py``, ``fixtures/hearing.py``."""
    relative = path.relative_to(ROOT)
    folder, rest = relative.parts[0], Path(*relative.parts[1:])
    if folder == "anonymizer":
        return "recognizers/" if rest.parts[0] == "recognizers" else str(rest)
    if folder == "review":
        return "management/commands/" if rest.parts[0] == "management" else str(rest)
    return str(relative)


@pytest.mark.parametrize("folder", ["anonymizer", "review", "config", "fixtures"])
def test_it_documents_every_module_in_the_architecture_tables(folder):
    text = ARCHITECTURE.read_text(encoding="utf-8")
    missing = sorted(
        name
        for path in (ROOT / folder).rglob("*.py")
        if path.name != "__init__.py" and "migrations" not in path.parts
        if f"`{(name := _documented_name(path))}`" not in text
    )
    assert missing == [], f"add these modules to docs/architecture.md: {missing}"

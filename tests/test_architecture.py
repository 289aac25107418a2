"""The NLP core stays importable and usable without Django."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE_MODULES = sorted(
    ".".join(p.relative_to(ROOT / "anonymizer").with_suffix("").parts).removesuffix(".__init__")
    for p in (ROOT / "anonymizer").rglob("*.py")
    if p != ROOT / "anonymizer" / "__init__.py"
)


def test_it_imports_the_core_without_django():
    code = (
        "import importlib, sys\n"
        f"for name in {CORE_MODULES!r}:\n"
        "    importlib.import_module('anonymizer.' + name)\n"
        "import anonymizer.lang.en.recognizers\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith(('django.', 'review', 'django_rq')))\n"
        "print(','.join(bad))\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"anonymizer imported Django modules: {result.stdout} {result.stderr[-2000:]}"
    assert len(CORE_MODULES) >= 80, CORE_MODULES


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

#: anonymizer/ modules from the bottom up, by dotted name under ``anonymizer`` (a package by its
#: ``__init__``: ``detect`` is ``detect/__init__.py``): a module imports only modules of earlier layers.
#: Importing ``a.b.x`` from outside ``a.b`` runs ``a.b`` (and ``a``) first, so that counts as importing
#: them too. ``lang.en.recognizers`` stands for the whole package (its modules import each other freely).
LAYERS: list[list[str]] = [
    ["lang.bytecode"],
    ["lang.compiled", "lang.deferred"],
    ["batch.whitelist", "errors", "evaluate.report", "lang.da", "lang.da.fold", "lang.en", "lang.en.dates", "lang.en.sounds", "lang.en.vocabulary_bodies",
     "lang.en.vocabulary_calendar", "lang.en.vocabulary_people", "lang.en.vocabulary_places", "lang.rules", "lang.tables", "lang.words", "pdf.sheets", "tags", "types", "unbroken"],
    ["backends", "evaluate.load", "evaluate.tab", "lang", "lang.da.vocabulary", "lang.en.vocabulary", "resolve"],
    ["evaluate", "lang.da.temporal", "lang.en.gazetteer", "lang.en.lexicon", "lang.en.transcript", "pdf.ocr",
     "pseudonymize.values"],
    ["categorize", "header.fields", "lang.en.plain", "leakgate.decisions", "leakgate.keys", "pdf.pages", "pseudonymize.names", "spans"],
    ["lang.en.truecase_phrases"],
    ["detect.merge", "header", "lang.en.defined_terms", "lang.en.judgment_text", "lang.en.truecase", "leakgate.terms", "pdf.captions", "pdf.text",
     "pseudonymize"],
    ["detect.seeds", "detect.tagger_persons", "lang.en.public_body", "leakgate.text", "pdf", "pdf.reflow"],
    ["lang.en.civic", "lang.en.front_page"],
    ["lang.en.us_records"],
    ["detect.labels", "ingest", "lang.en.recognizers", "lang.en.rosters", "leakgate"],
    ["detect.document", "detect.filter", "detect.nlp", "detect.suspects", "export", "lang.da.recognizers", "lang.en.pack"],
    ["detect", "lang.da.detect"],
    ["lang.da.normalize", "normalize.names"],
    ["normalize.groups"],
    ["normalize.cues", "normalize.rescan"],
    ["normalize.context", "normalize.sound_alike"],
    ["normalize.people"],
    ["lang.da.pack", "normalize"],
    ["pipeline"],
    ["speech"],
    ["batch.inputs", "batch.outputs"],
    ["batch"],
]  # fmt: skip
GROUPS = ("lang.en.recognizers", "lang.da.recognizers", "speech")
PACKAGE = ROOT / "anonymizer"


def _unit(module: str) -> str:
    """``anonymizer.lang.en.recognizers.date`` -> ``lang.en.recognizers``; ``anonymizer.detect.nlp`` -> ``detect.nlp``."""
    name = module.removeprefix("anonymizer.")
    return next((group for group in GROUPS if name == group or name.startswith(group + ".")), name)


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
    for target in list(found):  # importing a.b.x from outside a.b runs a.b's __init__ first
        parts = target.split(".")
        found.update(
            parent for i in range(2, len(parts)) if not (module + ".").startswith((parent := ".".join(parts[:i])) + ".")
        )
    found.discard(module)
    found.discard("anonymizer")
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


#: words of the shared vocabularies; only anonymizer/lang/en/vocabulary.py (and data/) may spell them out
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
        if path.name not in ("vocabulary.py", "vocabulary_calendar.py", "vocabulary_people.py", "vocabulary_places.py")  # re-exported words
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
    """How docs/architecture.md names a module: ``pdf/pages.py`` or ``detect/__init__.py`` in anonymizer/
    (``lang/en/recognizers/`` as a whole), ``services/users.py`` or ``rows.py`` in review/, ``config/backup.py``, ``fixtures/hearing.py``."""
    relative = path.relative_to(ROOT)
    folder, rest = relative.parts[0], Path(*relative.parts[1:])
    if folder == "anonymizer":
        return "lang/en/recognizers/" if rest.parts[:3] == ("lang", "en", "recognizers") else str(rest)
    if folder == "review":
        return "management/commands/" if rest.parts[0] == "management" else str(rest)
    return str(relative)


@pytest.mark.parametrize("folder", ["anonymizer", "review", "config", "fixtures"])
def test_it_documents_every_module_in_the_architecture_tables(folder):
    text = ARCHITECTURE.read_text(encoding="utf-8")
    missing = sorted(
        name
        for path in (ROOT / folder).rglob("*.py")
        if (path.name != "__init__.py" or (folder == "anonymizer" and path.parent != ROOT / folder))
        and "migrations" not in path.parts
        if f"`{(name := _documented_name(path))}`" not in text
    )
    assert missing == [], f"add these modules to docs/architecture.md: {missing}"


# --- the layout: stages are packages, English lives in the language pack (docs/architecture.md) --

#: the modules at anonymizer/'s top level: the shared values and the pass's entry points
TOP_LEVEL = {"__init__", "types", "errors", "tags", "spans", "resolve", "unbroken", "ingest", "backends", "export", "pipeline"}
#: the stage packages, and ``lang`` (the language packs)
STAGES = {"pdf", "header", "detect", "normalize", "pseudonymize", "leakgate", "categorize", "evaluate", "batch", "lang", "speech"}


def test_it_holds_only_the_agreed_modules_and_stage_packages_at_the_top_level():
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert (modules, folders) == (TOP_LEVEL, STAGES)
    assert all((PACKAGE / stage / "__init__.py").exists() for stage in STAGES)


@pytest.mark.parametrize("stage", sorted(STAGES))
def test_it_names_no_module_of_a_stage_by_the_stages_prefix(stage):
    prefixed = sorted(str(p.relative_to(ROOT)) for p in (PACKAGE / stage).rglob(f"{stage}_*.py"))
    assert prefixed == []


#: core modules (outside anonymizer/lang/) that still import English modules of the pack by name,
#: because they ARE English rules of their stage (see docs/architecture.md, "Language packs"); a
#: module not listed reads a language only through ``anonymizer.lang.pack`` (as ``pipeline`` and
#: ``detect`` do). Shrink this list; never grow it for a new module.
ENGLISH_RULES: dict[str, str] = {
    "categorize": "US places, prisons, gangs and demonyms from the English gazetteers",
    "detect.document": "English plain words and the speaker label's grammar",
    "detect.filter": "English false-positive rules: plain words, public bodies, speaker tags",
    "detect.labels": "a span's label from English words around it",
    "detect.merge": "speaker-tag roles (the US transcript's grammar)",
    "detect.nlp": "English month and number words, speaker tags, recognizers' timestamp rules",
    "detect.seeds": "the US title page's and speaker tags' names",
    "detect.suspects": "English plain words, number words and clock readings",
    "detect.tagger_persons": "census names and English titles",
    "header": "the CDCR title page's English field words",
    "header.fields": "the CDCR title page's English field words",
    "leakgate": "English spellings of dates, spelled names",
    "leakgate.decisions": "English possessives of a name's form",
    "leakgate.keys": "English number words and the phonetic alphabet",
    "leakgate.terms": "English titles and stop words (no name part)",
    "normalize": "English name words",
    "normalize.context": "English roles, courtesy titles and kin words",
    "normalize.cues": "English titles, offices and kin words",
    "normalize.groups": "census nicknames and English name words",
    "normalize.names": "English name words, number-word stems, nickname quotes",
    "normalize.people": "English kin words and census first-name sex",
    "normalize.rescan": "English plain words and public bodies",
    "normalize.sound_alike": "English name sounds, plain words and titles",
    "pdf": "speaker tags (the US transcript's grammar)",
    "pdf.ocr": "English month names",
    "pdf.pages": "speaker tags (the US transcript's grammar)",
    "pdf.text": "speaker tags, English plain words for headings",
    "pseudonymize": "English possessives and accent folding of name parts",
    "pseudonymize.names": "English possessives and accent folding",
    "pseudonymize.values": "English month, weekday and number words, the words a date keeps",
    "spans": "the domain whitelist and English vehicle makes",
}


def test_it_reads_a_language_only_through_the_interface_outside_the_documented_english_rules():
    english = sorted(
        _unit(module)
        for module, targets in _graph().items()
        if not module.startswith("anonymizer.lang")
        and any(target.startswith("anonymizer.lang.en") for target in targets)
    )
    assert english == sorted(ENGLISH_RULES), "read the language through anonymizer.lang.pack(config.language)"
    assert not {"pipeline", "detect", "batch", "ingest", "types"} & set(english)

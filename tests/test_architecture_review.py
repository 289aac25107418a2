"""Guard rails of the review app's layout: one home per concept, no cycles, small modules."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REVIEW = ROOT / "review"
MAX_LINES = 400
DECISION_WRITER = REVIEW / "services" / "base.py"


def sources() -> list[Path]:
    return sorted(p for p in REVIEW.rglob("*.py") if "migrations" not in p.parts)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every review module the file imports (module level or inside functions)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = {module_name(p) for p in sources()}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {m for m in found if m in known and m != name}


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports(p) for p in sources()}


def test_it_finds_the_review_modules_and_their_imports():
    edges = graph()
    assert "review.services.base" in edges and "review.views.actions" in edges
    assert "review.services" in edges["review.views.actions"]
    assert "review.pipelines" in edges["review.exporting"]


def test_it_has_no_import_cycle_among_review_modules():
    edges = graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert cycles == []


def test_it_imports_rendering_only_from_the_views_package():
    offenders = [
        name for name, targets in graph().items()
        if "review.rendering" in targets and not name.startswith("review.views")
    ]
    assert offenders == []


def test_it_keeps_every_review_module_small():
    long = {str(p.relative_to(ROOT)): n for p in sources() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


DECISION_WRITE = re.compile(r"Decision\.objects\.(?:create|bulk_create|get_or_create|update_or_create)\b|(?<!class )\bDecision\(")


def test_it_creates_decision_rows_only_in_the_one_writer():
    writers = {str(p.relative_to(ROOT)) for p in sources() if DECISION_WRITE.search(p.read_text(encoding="utf-8"))}
    assert writers == {str(DECISION_WRITER.relative_to(ROOT))}


SIGNALS = re.compile(r"@receiver\b|\b(?:post_save|pre_save|post_delete|pre_delete|m2m_changed|post_init)\b|\.connect\(")


def test_it_has_no_model_signal_receivers():
    """Workflows call what they need explicitly; the only hook is post_migrate (the Reviewer group)."""
    offenders = []
    for path in sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if SIGNALS.search(line) and "post_migrate.connect(" not in line:
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_it_spells_review_actions_through_the_constants():
    """No bare action literal in a Decision query or an action comparison outside constants.py."""
    literal = re.compile(r"\baction(?:__in)?\s*=\s*\(?[\"']|\.action\s*==\s*[\"']")
    offenders = [
        f"{p.relative_to(ROOT)}:{n}" for p in sources() if p.name != "constants.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
        if literal.search(line) and "action=\"store_" not in line  # argparse, not a review action
    ]
    assert offenders == []

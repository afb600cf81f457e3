"""The Renfield engine stays easy to change: small modules, short functions, no import circles.

The engine was one 978-line module whose view and rules imported each other;
these checks keep the split by phase from growing back together.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "renfield"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.glob("*.py"))}


def _local_imports(tree: ast.Module) -> set[str]:
    """Sibling modules imported at any level of the module, ``TYPE_CHECKING`` blocks included."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module] if node.module else [a.name for a in node.names])
    return found


def test_modules_and_functions_stay_small() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= MAX_MODULE_LINES, f"{path.name}: {lines} lines"
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                assert length <= MAX_FUNCTION_LINES, f"{name}.{node.name}: {length} lines"


def test_no_module_imports_itself_back() -> None:
    graph = {name: _local_imports(tree) for name, tree in _modules().items()}

    def visit(name: str, path: tuple[str, ...]) -> None:
        for dep in graph.get(name, ()):
            assert dep not in path, "import circle: " + " -> ".join((*path, dep))
            visit(dep, (*path, dep))

    for name in graph:
        visit(name, (name,))

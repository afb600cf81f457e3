"""Small modules with one job: no first-party source file over 400 lines, no function over 60.

A limit that only a reviewer remembers drifts; this one fails the build, and
says which file or function to split.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "bot", "cogs", "data", "tools", "benchmarks")
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60


def sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def too_big(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    found = []
    lines = text.count("\n")
    if lines > MAX_FILE_LINES:
        found.append(f"{where}: {lines} lines")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(f"{where}:{node.lineno} {node.name}() is {length} lines")
    return found


def test_no_file_or_function_is_too_big() -> None:
    found = [problem for path in sources() for problem in too_big(path)]
    assert not found, "split these:\n" + "\n".join(found)


def test_the_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES + 1))
    path = tmp_path / "probe.py"
    path.write_text(f"def long():\n{body}\n", encoding="utf-8")
    assert any("long()" in p for p in too_big(path))

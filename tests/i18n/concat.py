"""Finds text built by gluing translated fragments together (``_("a") + _("b")``, f-strings).

A translator must get whole sentences: word order differs between languages,
so "You win" + " 12 chips" can't be translated piece by piece. Placing one
translated text inside another's placeholder is fine (the outer sentence is
whole); ``+``, ``%`` and f-strings around ``_()`` are not.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path


def _is_translated(node: ast.AST) -> bool:
    """``_("…")``, ``_("…").format(…)``, ``N_("…")``."""
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("_", "N_"):
            return True
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return _is_translated(func.value)
    return False


def _is_text(node: ast.AST) -> bool:
    """A string literal or a translated text (the other side of a glued pair)."""
    return _is_translated(node) or (isinstance(node, ast.Constant) and isinstance(node.value, str)) or (
        isinstance(node, ast.JoinedStr)
    )


def glued(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, what) for each place a translated text is glued to other text."""
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if (_is_translated(node.left) and _is_text(node.right)) or (
                _is_translated(node.right) and _is_text(node.left)
            ):
                yield node.lineno, "+"
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _is_translated(node.left):
            yield node.lineno, "%"
        elif isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.FormattedValue) and _is_translated(part.value):
                    yield node.lineno, "f-string"


def glued_in(paths: list[Path]) -> list[str]:
    return [f"{p}:{line} ({how})" for p in paths for line, how in glued(ast.parse(p.read_text(encoding="utf-8")))]

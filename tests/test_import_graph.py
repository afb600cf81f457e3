"""No import circles in the first-party tree.

Every module of ``ROOTS`` is parsed with ``ast`` (nothing is imported), every
``import``/``from … import`` is resolved to a first-party module — relative
imports included, and also the imports inside functions (lazy imports) and
inside ``if TYPE_CHECKING:`` blocks, since a circle hidden there is still a
circle in the design. A strongly connected component of more than one module
is a circle; the failure message names each one with a path through it and the
lines that make it.

A second test keeps the layers pointing one way (``FORBIDDEN``, as described
in ``bot/client.py``): the bot core never imports a cog, cogs never import
``bot.client``, ``data`` and ``games`` import nothing above them.

Not edges: a package's ``__init__`` run implicitly by ``import a.b`` (that
would make every package that re-exports its submodules a "circle"), and
imports by name at run time (``load_extension("cogs.tables")``,
``importlib.import_module``): that is how the bot core loads the cogs without
depending on them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from itertools import pairwise
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ROOTS = ("bot", "cogs", "data", "games", "tools", "benchmarks", "tests/support")

#: module -> {imported module: line of the first import of it}
Graph = dict[str, dict[str, int]]


def module_name(path: str) -> tuple[str, bool]:
    """``a/b/c.py`` -> (``a.b.c``, False); ``a/b/__init__.py`` -> (``a.b``, True)."""
    parts = path.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def build_graph(sources: Mapping[str, str]) -> Graph:
    """The import graph of ``sources`` (relative path -> source text); only edges between them."""
    modules: dict[str, tuple[str, bool]] = {}
    for path, text in sources.items():
        name, is_package = module_name(path)
        modules[name] = (text, is_package)
    graph: Graph = {}
    for name, (text, is_package) in modules.items():
        package = name if is_package else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in ast.walk(ast.parse(text, filename=name)):
            for target in _targets(node, package, modules):
                if target != name:
                    edges.setdefault(target, node.lineno)  # type: ignore[attr-defined]
        graph[name] = edges
    return graph


def _targets(node: ast.AST, package: str, modules: Mapping[str, object]) -> Iterable[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            found = _deepest(alias.name, modules)
            if found:
                yield found
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base_parts = package.split(".") if package else []
            if node.level > 1:
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
            base = ".".join([*base_parts, *([node.module] if node.module else [])])
        else:
            base = node.module or ""
        for alias in node.names:
            # ``from pkg import sub`` imports the module pkg.sub; ``from pkg import name`` runs pkg.
            sub = f"{base}.{alias.name}" if base else alias.name
            if sub in modules:
                yield sub
            else:
                found = _deepest(base, modules)
                if found:
                    yield found


def _deepest(dotted: str, modules: Mapping[str, object]) -> str | None:
    """``a.b.c`` if it is a module, else the longest first-party prefix of it (or None)."""
    parts = dotted.split(".")
    while parts:
        name = ".".join(parts)
        if name in modules:
            return name
        parts.pop()
    return None


def strongly_connected(graph: Graph) -> list[list[str]]:
    """Tarjan's algorithm (iterative); components in a stable order, members sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterable[str]]] = []
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, iter(sorted(graph[root]))))
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(sorted(component))
    return sorted(found)


def shortest_cycle(graph: Graph, start: str, members: set[str]) -> list[str] | None:
    """The shortest path ``[start, …, start]`` inside ``members`` (breadth-first), if any."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for child in sorted(graph[node]):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if child in members and child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return None


def circles(graph: Graph) -> list[list[str]]:
    """Every import circle as a path ``[a, b, …, a]``.

    For each strongly connected component of more than one module: the shortest
    circle through each of its modules, without repeats (so every module of
    the component appears, and every circle listed is a real one).
    """
    out: list[list[str]] = []
    for component in strongly_connected(graph):
        if len(component) < 2:
            continue
        seen: set[tuple[str, ...]] = set()
        for start in component:
            path = shortest_cycle(graph, start, set(component))
            assert path is not None, component
            ring = path[:-1]
            i = ring.index(min(ring))
            key = tuple(ring[i:] + ring[:i])
            if key not in seen:
                seen.add(key)
                out.append([*key, key[0]])
    return out


def describe(graph: Graph, found: list[list[str]]) -> str:
    components = [c for c in strongly_connected(graph) if len(c) > 1]
    lines = [f"{len(components)} group(s) of modules importing each other, {len(found)} circle(s):"]
    for component in components:
        lines.append("  group: " + ", ".join(component))
        for path in found:
            if path[0] not in component:
                continue
            lines.append("    " + " -> ".join(path))
            for a, b in pairwise(path):
                lines.append(f"        {a} line {graph[a][b]} imports {b}")
    return "\n".join(lines)


def first_party_sources(repo: Path = REPO, roots: Iterable[str] = ROOTS) -> dict[str, str]:
    sources: dict[str, str] = {}
    for root in roots:
        for path in sorted((repo / root).rglob("*.py")):
            sources[path.relative_to(repo).as_posix()] = path.read_text(encoding="utf-8")
    return sources


# -------------------------------------------------------------------- tests


def test_no_import_circles_in_the_first_party_tree() -> None:
    graph = build_graph(first_party_sources())
    assert len(graph) > 50, "the scan found too few modules"  # the roots moved?
    found = circles(graph)
    assert not found, describe(graph, found)


#: (importer prefix, imported prefixes it must not reach): the direction in bot/client.py's docstring.
FORBIDDEN = (
    ("bot", ("cogs", "tools", "benchmarks", "tests")),  # the bot core loads cogs by name only
    ("bot.service", ("bot.client", "bot.timers", "bot.errors", "bot.hooks")),  # service -> data, games
    ("cogs", ("bot.client", "bot.__main__", "tools", "benchmarks", "tests")),  # cogs see cogs.ui.host.TableHost
    ("data", ("bot", "cogs", "games", "tools", "benchmarks", "tests")),
    ("games", ("bot", "cogs", "data", "tools", "benchmarks", "tests")),  # engines depend on nothing
)


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def test_dependencies_point_one_way() -> None:
    graph = build_graph(first_party_sources())
    wrong = [
        f"{a} line {line} imports {b}"
        for a, edges in sorted(graph.items())
        for b, line in sorted(edges.items())
        for importer, banned in FORBIDDEN
        if _under(a, importer) and any(_under(b, x) for x in banned)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_detector_finds_a_planted_circle() -> None:
    sources = {
        "app/__init__.py": "from .core import run\n",
        "app/core.py": "import app.util.text\nfrom app.plugins import web\n",
        "app/util/__init__.py": "",
        "app/util/text.py": "def upper(s): return s.upper()\n",
        "app/plugins/__init__.py": "",
        # relative, two levels up, inside TYPE_CHECKING
        "app/plugins/web.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..hub import Hub\n"
        ),
        # a lazy import inside a function closes the circle hub -> core -> web -> hub
        "app/hub.py": "def start():\n    from .core import run\n    return run\n",
        # a second, separate circle: x <-> y through ``from . import``
        "other/__init__.py": "",
        "other/x.py": "from . import y\n",
        "other/y.py": "from other.x import f\nimport os, json\n",
    }
    graph = build_graph(sources)
    assert graph["app.core"] == {"app.util.text": 1, "app.plugins.web": 2}
    assert graph["app.plugins.web"] == {"app.hub": 3}
    assert graph["app"] == {"app.core": 1}
    found = circles(graph)
    assert found == [
        ["app.core", "app.plugins.web", "app.hub", "app.core"],
        ["other.x", "other.y", "other.x"],
    ], describe(graph, found)
    text = describe(graph, found)
    assert "app.hub line 2 imports app.core" in text


def test_no_circle_when_the_lazy_import_goes() -> None:
    sources = {
        "app/__init__.py": "",
        "app/core.py": "from app.plugins import web\n",
        "app/plugins/__init__.py": "",
        "app/plugins/web.py": "from .. import util\n",
        "app/util.py": "",
    }
    graph = build_graph(sources)
    assert graph["app.plugins.web"] == {"app.util": 1}
    assert circles(graph) == []

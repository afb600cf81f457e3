"""Every table operation checks the caller's server, and every cog passes it (issue 24).

The service refuses another server's table only when it is told the caller's
guild; a call that leaves ``guild_id`` out is the runtime's own (no check). So
two rules keep the check from being forgotten by the next operation added:
each public ``TableService`` method that names a table or channel takes
``guild_id`` (but the few only the runtime calls), and every call the cogs make
to one of them passes it (``interaction.guild_id``, None in a direct message).
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from bot.service import TableService

ROOT = Path(__file__).resolve().parents[1]
#: Called only by the runtime with ids it made itself (the publisher, threads, the health line).
RUNTIME_ONLY = {"attach_message", "attach_thread", "thread_of", "watcher_count", "open_table"}


def table_operations() -> dict[str, inspect.Signature]:
    """The public coroutine methods of ``TableService`` that name a table or a channel."""
    out = {}
    for name, fn in inspect.getmembers(TableService, inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue
        sig = inspect.signature(fn)
        params = list(sig.parameters)[1:]
        if params and params[0] in ("table_id", "channel_id"):
            out[name] = sig
    return out


def test_every_table_operation_takes_the_callers_guild() -> None:
    ops = table_operations()
    assert {"join", "act", "watch", "history", "replay", "end", "ready", "in_channel"} <= set(ops)
    missing = [
        name for name, sig in ops.items()
        if name not in RUNTIME_ONLY
        and ("guild_id" not in sig.parameters or sig.parameters["guild_id"].kind is not inspect.Parameter.KEYWORD_ONLY)
    ]
    assert not missing, f"these take no guild_id (keyword): {missing}"


def _receiver(node: ast.expr) -> str:
    """``bot.tables`` → "tables", ``svc`` → "svc": what a method is called on."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def table_calls(path: Path, checked: set[str]) -> list[ast.Call]:
    """The calls in ``path`` of a checked operation on ``….tables`` or ``svc`` (the cogs' name for it)."""
    return [
        node for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in checked
        and _receiver(node.func.value) in ("tables", "svc")
    ]


def test_every_cog_call_passes_the_interactions_guild() -> None:
    checked = set(table_operations()) - RUNTIME_ONLY
    calls = [(path, call) for path in sorted((ROOT / "cogs").rglob("*.py")) for call in table_calls(path, checked)]
    assert len(calls) >= 20, len(calls)  # the rule does see the calls (a renamed ``bot.tables`` would silence it)
    found = [
        f"{path.relative_to(ROOT)}:{call.lineno} {ast.unparse(call.func)}()"
        for path, call in calls
        if not any(k.arg == "guild_id" for k in call.keywords)
    ]
    assert not found, "pass guild_id=interaction.guild_id:\n" + "\n".join(found)

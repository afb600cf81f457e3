"""Playing a scripted action on a rummy panel (Burraco, Samba) as a player does: a pick in the
card picker, a discard in the discard menu, a button, or a select option."""

from __future__ import annotations

from typing import Any

from tools.simtable import Table, components_of


async def act_on_panel(table: Table, who: Any, panel: Any, action: str) -> Any:
    """Click the control of ``action`` in ``panel`` (an ``AssertionError`` if it offers none)."""
    comps = components_of(panel)
    if action.startswith("discard:"):
        (menu,) = [c for c in comps if (c.get("custom_id") or "").endswith(":discard")]
        return await table.select(who, panel, [action[8:]], custom_id=menu["custom_id"])
    if action.startswith("pick:"):
        (menu,) = [c for c in comps if (c.get("custom_id") or "").endswith(":pick")]
        return await table.select(who, panel, action[5:].split(","), custom_id=menu["custom_id"])
    for c in comps:
        if c["type"] == 2 and (c.get("custom_id") or "").endswith(f":{action}"):
            return await table.click(who, panel, custom_id=c["custom_id"])
    for c in comps:
        if c["type"] == 3 and any(o["value"] == action for o in c.get("options") or []):
            return await table.select(who, panel, [action], custom_id=c["custom_id"])
    raise AssertionError(f"no control for {action}: {comps}")

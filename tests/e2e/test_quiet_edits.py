"""No edit of a table message that changes nothing (issue 26: 62 of 157 public edits in a Samba run
changed nothing; each one spends the channel's rate limit and makes the message flicker).

A Samba table is played through SimCord by its four players; every edit the bot sent to the
public table message is read back from the HTTP log. Drawing from the stock changes the table
(its seq, the drawer's hand) without changing what the public message shows, so a publisher that
edited after every commit would send identical edits; this one leaves them out and counts them.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, play_turns


def _shown(body: dict[str, Any]) -> str:
    """What an edit's body shows (mentions and attachment bookkeeping aside)."""
    return json.dumps({k: v for k, v in body.items() if k not in ("allowed_mentions", "attachments")},
                      sort_keys=True, ensure_ascii=False)


async def test_a_samba_table_sends_no_edit_that_changes_nothing(world: World) -> None:
    w = world
    table = await open_table(w, "samba", w.players[:4])
    assert await play_turns(table, 24) == 24
    publisher = w.bot.publisher
    await publisher.idle()
    last: dict[str, str] = {}
    repeats, edits = 0, defaultdict(int)
    for req in w.env.http_requests:
        if req.method != "PATCH" or not req.path.startswith(f"/channels/{w.channel.id}/messages/") or req.json is None:
            continue
        shown = _shown(req.json)
        repeats += last.get(req.path) == shown
        last[req.path] = shown
        edits[req.path] += 1
    assert edits, "the table message was never edited"
    assert repeats == 0, f"{repeats} edits showed exactly what the message already showed"
    assert publisher.edits_skipped > 0  # the stock draws were there to be left out
    assert publisher.edits_sent >= sum(edits.values()) - len(edits)  # each edit sent is counted

"""A folded Razz hand's replay and history through SimCord (issue 24): its owner sees their hole
cards, another player, a watcher and the files don't, a server admin does (seed included), and once
the table has ended everyone who may see the hand does. In English and in Japanese.
"""

from __future__ import annotations

import json
import re
from typing import Any

import simcord

from bot.service.handlog import FinishedHand, record_from_jsonl
from games import get_game
from games.core.replay import replay
from tests.e2e.conftest import World
from tests.e2e.test_japanese import ja, locales
from tests.e2e.test_play import open_table, play_until_hand
from tests.e2e.test_replays import answer, text_of, watch
from tools.simtable import Control, Table, card_label, components_of

__all__ = ["locales"]


def folding(table: Table) -> Any:
    """Everyone folds whenever they may (else plays at random): the hand ends with folded hands."""

    def choose(controls: list[Control]) -> Control:
        folds = [c for c in controls if c.label.lower().startswith("fold")]
        return folds[0] if folds else table.rng.choice(controls)

    return choose


def shows(text: str, code: str) -> bool:
    """Whether a card's label is in the text as a whole word (``7♥``, not inside ``17♥``)."""
    label = card_label(code)
    assert label is not None
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(label)}(?![0-9A-Za-z])", text) is not None


async def last_step(who: simcord.MemberActor, w: World) -> Any:
    """The replay of hand 1 at its last step, as ``who`` sees it."""
    first = answer(await who.slash(w.channel, "replay", hand=1))
    end = answer(await who.click(first, label="⏭"))
    last = [c for c in components_of(end) if c.get("label") in ("▶", "⏭")]
    assert last and all(c.get("disabled") for c in last)  # the last step: nothing after it
    return end


async def history(who: simcord.MemberActor, w: World, table_id: int) -> dict[str, str]:
    result = answer(await who.slash(w.channel, "history", hand=1))
    return {a.filename.rsplit(".", 1)[1]: (await a.read()).decode() for a in result.attachments} | {
        "message": result.content or ""
    }


async def test_a_folded_razz_hand_stays_hidden_until_the_table_ends(world: World, locales: dict[int, str]) -> None:
    w = world
    locales[w.carol.id] = "ja"  # carol's Discord is in Japanese
    players = [w.alice, w.bob, w.carol]
    table = await open_table(w, "razz", players)
    table.choose = folding(table)
    table_id = table.table_id()
    watch(w, table_id, w.erin.id, 1)
    watch(w, table_id, w.mod.id, 1)
    await play_until_hand(w, table, 2)

    game = get_game("razz")
    hand: FinishedHand = await w.bot.tables.finished_hand(table_id, w.alice.id, 1, admin=True)
    final = replay(game, hand.record)
    hole = {seat: set(game.view(final, seat).hand) for seat in range(len(hand.users))}
    folded = [s for s in hole if "folded" in game.view(final, None).public.seats[s].text]
    assert folded, "nobody folded"
    seat_of = {u: s for s, u in enumerate(hand.users)}
    by_seat = {seat_of[p.id]: p for p in players}

    # Each player sees their own hole cards at the last step, and nobody else's.
    for seat, who in by_seat.items():
        text = text_of(await last_step(who, w))
        assert all(shows(text, c) for c in hole[seat])
        assert not any(shows(text, c) for s in folded if s != seat for c in hole[s]), who.name
    carol_end = await last_step(w.carol, w)
    assert carol_end.embeds[1].title == ja("Your cards")
    assert ja("The hand is over: your cards are below. The others' are as the table showed them.") in text_of(carol_end)
    alice_end = await last_step(w.alice, w)
    assert alice_end.embeds[1].title == "Your cards" and [f.name for f in alice_end.embeds[1].fields] == ["alice"]

    # A watcher sees no hole card; their replay says so.
    watcher = await last_step(w.erin, w)
    assert len(watcher.embeds) == 1 and not any(shows(text_of(watcher), c) for cs in hole.values() for c in cs)
    assert "The hand is over. The players' cards are as the table showed them." in text_of(watcher)

    # The files: no seed, a folded seat's hole cards written ?? in the PHH.
    files = await history(w.bob, w, table_id)
    header = json.loads(files["jsonl"].splitlines()[0])
    assert "seed" not in header and header["complete"] is False
    assert "Until the table ends, cards the table didn't show you are written ?? and the seed is left out." in files["message"]
    other = next(s for s in folded if s != seat_of[w.bob.id])
    assert not any(c in files["phh"] for c in hole[other]) and "????" in files["phh"]
    assert all(c in files["phh"] for c in hole[seat_of[w.bob.id]])  # bob's own, in full
    ja_files = await history(w.carol, w, table_id)
    assert ja("Until the table ends, cards the table didn't show you are written ?? and the seed is left out.") in ja_files["message"]

    # A server admin gets everything: every hole card, and a seed that deals the hand again.
    admin = await last_step(w.mod, w)
    assert admin.embeds[1].title == "Everyone's cards"
    assert all(shows(text_of(admin), c) for cs in hole.values() for c in cs)
    files = await history(w.mod, w, table_id)
    assert json.loads(files["jsonl"].splitlines()[0])["complete"] is True and files["message"].endswith("(and PHH for poker).")
    assert game.outcome(replay(game, record_from_jsonl(files["jsonl"]))) is not None
    assert all(c in files["phh"] for cs in hole.values() for c in cs)

    # Once the table has ended, a player and the watcher get the hand whole too.
    await w.mod.slash(w.channel, "table end", now=True)  # the next hand is dealt: a host would wait for it
    for who in (w.bob, w.erin):
        end = await last_step(who, w)
        assert end.embeds[1].title == "Everyone's cards"
        assert all(shows(text_of(end), c) for cs in hole.values() for c in cs)
        files = await history(who, w, table_id)
        assert "seed" in json.loads(files["jsonl"].splitlines()[0]) and "??" not in files["phh"]
    carol_end = await last_step(w.carol, w)
    assert carol_end.embeds[1].title == ja("Everyone's cards")

"""Finished hands again, on a real SQLite file: the JSON Lines history and the replay, for every game.

A downloaded file must be enough to deal and play its hand again: the test
rebuilds the ``HandRecord`` from the header and action lines alone, replays it
through the engine and gets the stored outcome (payoffs, placings, scores).
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

import games
from bot.service import NotAllowed, NotSeated
from games.core.replay import HandRecord, replay
from tests.service.test_tables import (
    CH,
    HOST,
    OUTSIDER,
    P1,
    P2,
    P3,
    P4,
    Clock,
    Env,
    play_to_the_end,
    seated_table,
)

WATCHER = 777
#: Shorter variants where a game has one, so a whole game of a sheet game stays quick.
PRESETS = {"rage": "short"}


@pytest.fixture
async def env(store_target: str) -> AsyncIterator[Env]:
    e = await Env(store_target, Clock()).open()
    yield e
    await e.close()


async def play_one_hand(env: Env, game_id: str, seed: int = 17) -> tuple[int, tuple[int, ...]]:
    game = games.get_game(game_id)
    low = game.seat_limits(game.Options())[0]
    players = (HOST, P1, P2, P3, P4)[: max(low, 2)]
    kw: dict[str, Any] = {"preset": PRESETS[game_id]} if game_id in PRESETS else {}
    snap = await seated_table(env, game_id, players=players, **kw)
    await play_to_the_end(env, snap.id, random.Random(seed))
    return snap.id, players


def parse(text: str) -> list[dict[str, Any]]:
    lines = text.splitlines()
    assert all(line.strip() for line in lines) and text.endswith("\n")
    return [json.loads(line) for line in lines]


def record_of_lines(rows: list[dict[str, Any]]) -> HandRecord:
    """The record from the file alone: the header's record fields and the action lines, in order."""
    header = rows[0]
    fields = {k: header[k] for k in ("game", "options", "seats", "seed", "dealer", "carry", "stacks", "rng_algo")}
    actions = tuple((r["seat"], r["action"]) for r in rows if r["type"] == "action")
    return HandRecord(**fields, actions=actions)


async def watch(env: Env, table_id: int, user_id: int, first_hand: int) -> None:
    await env.tamper((
        "INSERT INTO table_watchers (table_id, user_id, first_hand, since) VALUES (?,?,?,?)",
        (table_id, user_id, first_hand, "2026-11-21T12:00:00+00:00"),
    ))


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_downloaded_hand_replays_to_the_stored_outcome(env: Env, game_id: str) -> None:
    table_id, players = await play_one_hand(env, game_id)
    files = dict(await env.svc.history(table_id, players[1], names={P1: "Bea"}.get, admin=True))
    name = f"{game_id}-table{table_id}-hand1.jsonl"
    assert name in files
    game = games.get_game(game_id)
    if game.history_suffix and type(game).history_text is not games.Game.history_text:
        assert f"{game_id}-table{table_id}-hand1{game.history_suffix}" in files  # PHH kept for poker
    rows = parse(files[name])
    header, outcome = rows[0], rows[-1]
    assert header["type"] == "hand" and outcome["type"] == "outcome"
    assert header["table_id"] == table_id and header["hand_no"] == 1 and header["rules_version"] == game.rules_version
    assert header["players"][1] == "Bea" and len(header["players"]) == len(players)
    steps = [r for r in rows if r["type"] == "action"]
    assert steps and all(r["player"] == header["players"][r["seat"]] for r in steps)
    assert not any("⟦seat:" in json.dumps(r, ensure_ascii=False) for r in rows)

    final = replay(game, record_of_lines(rows))
    result = game.outcome(final)
    assert result is not None
    stored = json.loads((await env.read("SELECT outcome_json FROM hands WHERE table_id=? AND hand_no=1",
                                        (table_id,)))[0][0])
    scores = [r[0] for r in await env.read("SELECT score FROM results WHERE table_id=? AND hand_no=1 ORDER BY seat",
                                           (table_id,))]
    assert list(result.payoffs) == stored["payoffs"] == outcome["payoffs"]
    assert list(result.placings) == stored["placings"] == outcome["placings"]
    assert (list(result.scores) if result.scores else [None] * len(players)) == scores == outcome["scores"]

    # Only the hand's players and its watchers may have it.
    with pytest.raises(NotSeated, match="didn't play or watch"):
        await env.svc.history(table_id, OUTSIDER)
    with pytest.raises(NotSeated):
        await env.svc.replay(table_id, 1, OUTSIDER, 0)


async def test_watchers_from_their_first_hand_on(env: Env) -> None:
    table_id, players = await play_one_hand(env, "razz")
    await watch(env, table_id, WATCHER, 2)
    with pytest.raises(NotSeated):
        await env.svc.history(table_id, WATCHER, 1)
    await watch(env, table_id, OUTSIDER, 1)
    files = await env.svc.history(table_id, OUTSIDER, 1)
    assert [n for n, _t in files] == [f"razz-table{table_id}-hand1.jsonl", f"razz-table{table_id}-hand1.phh"]
    hand, frame = await env.svc.replay(table_id, 1, OUTSIDER, 10**6)
    assert frame.step == frame.last == len(hand.steps) and frame.held == ()  # a watcher holds no cards
    hand, frame = await env.svc.replay(table_id, 1, OUTSIDER, 10**6, admin=True)
    assert len(frame.held) == len(players)
    with pytest.raises(NotAllowed, match="isn't a finished hand"):
        await env.svc.replay(table_id, 2, players[0], 0)  # the hand being played now
    with pytest.raises(NotAllowed, match="isn't a finished hand"):
        await env.svc.history(table_id, players[0], 99)


async def test_frames_step_through_the_hand_and_show_an_admin_everyone_at_the_end(env: Env) -> None:
    table_id, players = await play_one_hand(env, "renfield")
    hand, first = await env.svc.replay(table_id, 1, players[0], 0)
    assert first.step == 0 and first.seat is None and first.dealt == () and first.held == ()
    _hand, one = await env.svc.replay(table_id, 1, players[0], 1)
    assert one.seat == hand.steps[0].seat and one.events
    _hand, end = await env.svc.replay(table_id, 1, players[0], first.last, admin=True)
    assert len(end.dealt) == len(end.held) == len(players)
    assert all(sv.seat == i and (sv.hand or sv.hand_text) for i, sv in enumerate(end.dealt))
    _hand, own = await env.svc.replay(table_id, 1, players[1], first.last)  # not an admin: their own
    assert [sv.seat for sv in own.dealt] == [sv.seat for sv in own.held] == [1] and own.held == end.held[1:2]
    _hand, clamped = await env.svc.replay(table_id, 1, players[0], -5)
    assert clamped.step == 0


async def test_a_finished_tables_hands_stay_downloadable(env: Env) -> None:
    table_id, players = await play_one_hand(env, "razz")
    await env.svc.end(table_id, HOST, is_admin=True, now=True)
    assert (await env.svc.get(table_id)).status == "finished"
    assert await env.svc.latest_table(CH) == table_id
    names = [n for n, _t in await env.svc.history(table_id, players[0], 1)]
    assert names[0] == f"razz-table{table_id}-hand1.jsonl"


def test_files_name_computers_as_computers_and_people_by_name() -> None:
    from bot.service.computers import mention
    from bot.service.handlog import plain_name

    assert plain_name(-1, None, mention) == "🤖 Ada"
    assert plain_name(P1, "Bea", mention) == "Bea"
    assert plain_name(P1, None, mention) == f"player {P1}"

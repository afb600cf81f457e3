"""The generic adapter stays inside Discord's limits for every registered game.

For every game × preset × player count, random playouts are rendered at every
step for every seat (the private panel) and for spectators (the public embed),
and the real discord.py objects are checked against Discord's limits. Every
enabled choice must also stay reachable: a layout that drops a legal action
would leave a player stuck.
"""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest

from bot.service.models import SeatInfo, TableSnapshot
from cogs.ui import messages, render
from games import game_ids, get_game
from games.core.rng import Rng
from games.core.views import AskAmount, Choice, PickCards

BIG_TABLE = 4_000_000_000  # ids as long as a real database will ever produce
BIG_SEQ = 9_999_999
SEEDS = (1, 2)
DEADLINE = datetime(2030, 1, 1, tzinfo=UTC)


def _cases() -> list[tuple[str, str | None, int]]:
    out = []
    for gid in game_ids():
        game = get_game(gid)
        presets = list(game.presets) or [None]
        for preset in presets:
            options = game.presets[preset] if preset else game.Options()
            low, high = game.seat_limits(options)
            for n in sorted({low, high}):
                out.append((gid, preset, n))
    return out


def check_embed(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for f in embed.fields:
        assert 0 < len(f.name) <= 256
        assert 0 < len(f.value) <= 1024
    assert len(embed.footer.text or "") <= 2048


def check_view(view: discord.ui.View | None) -> tuple[set[str], set[str]]:
    """Returns (button custom ids, select option values) after checking every limit."""
    if view is None:
        return set(), set()
    rows = view.to_components()
    assert len(rows) <= 5
    ids: list[str] = []
    buttons: set[str] = set()
    values: set[str] = set()
    total = 0
    for row in rows:
        assert row["type"] == 1
        comps = row["components"]
        assert 1 <= len(comps) <= 5
        total += len(comps)
        kinds = {c["type"] for c in comps}
        if 3 in kinds:
            assert len(comps) == 1, "a select fills its row"
        for comp in comps:
            cid = comp["custom_id"]
            assert 1 <= len(cid) <= 100
            ids.append(cid)
            if comp["type"] == 2:
                assert 1 <= len(comp.get("label") or "x") <= 80
                buttons.add(cid)
            else:
                opts = comp["options"]
                assert 1 <= len(opts) <= 25
                assert len(comp.get("placeholder") or "") <= 150
                assert 0 <= comp["min_values"] <= comp["max_values"] <= len(opts)
                for o in opts:
                    assert 1 <= len(o["label"]) <= 100
                    assert 1 <= len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100
                    values.add(o["value"])
    assert total <= 25
    assert len(ids) == len(set(ids)), "custom ids are unique in a message"
    return buttons, values


def check_reachable(prompt: tuple[object, ...], buttons: set[str], values: set[str]) -> None:
    for p in prompt:
        if isinstance(p, Choice) and p.enabled:
            cid = f"cr:a:{BIG_TABLE}:{BIG_SEQ}:{p.action}"
            assert cid in buttons or p.action in values, f"{p.action!r} is not offered"
        elif isinstance(p, AskAmount):  # a form, or every value as a button or a select option
            every = [f"{p.kind}:{n}" for n in range(p.minimum, p.maximum + 1)]
            listed = all(f"cr:a:{BIG_TABLE}:{BIG_SEQ}:{a}" in buttons or a in values for a in every)
            assert f"cr:m:{BIG_TABLE}:{BIG_SEQ}:{p.kind}" in buttons or listed, f"{p.kind!r} is not offered"
        elif isinstance(p, PickCards):
            assert set(p.cards[:25]) <= values


def _snapshot(game, preset, options, n, state, status="playing") -> TableSnapshot:
    users = tuple(10**17 + i for i in range(n))
    return TableSnapshot(
        id=BIG_TABLE, guild_id=1, channel_id=2, message_id=3, host_id=users[0], game_id=game.id,
        options=options, preset=preset, status=status, buy_in=100, turn_seconds=90, lobby=users,
        seats=tuple(SeatInfo(i, u) for i, u in enumerate(users)), hand_no=12, seq=BIG_SEQ,
        deadline=DEADLINE, to_act_users=users[:1], stacks=(100,) * n, state=state,
        recent=tuple(f"Seat {i % n + 1} did something rather long to describe number {i}" for i in range(12)),
    )


@pytest.mark.parametrize(("game_id", "preset", "players"), _cases())
def test_adapter_respects_discord_limits(game_id: str, preset: str | None, players: int) -> None:
    game = get_game(game_id)
    options = game.presets[preset] if preset else game.Options()
    # The lobby message with its option editor.
    lobby = messages.public_message(_snapshot(game, preset, options, players, None, status="lobby"))
    check_embed(lobby["embed"])
    check_view(lobby["view"])
    names = [f"<@{10**17 + i}>" for i in range(players)]
    rendered = 0
    for seed in SEEDS:
        state = game.new_state(options, players, seed)
        rng = Rng(seed * 7919, 0)
        for _step in range(2000):
            public = game.view(state, None).public
            check_embed(render.table_embed(public, names=names, deadline=DEADLINE, footer="Table #1 · hand 12"))
            for seat in range(players):
                sv = game.view(state, seat)
                embed, view = render.hand_panel(sv, BIG_TABLE, BIG_SEQ, names=names, deadline=DEADLINE)
                check_embed(embed)
                buttons, values = check_view(view)
                check_reachable(sv.prompt, buttons, values)
                rendered += 1
            if game.outcome(state) is not None:
                break
            seats = sorted(game.to_act(state))
            i, rng = rng.below(len(seats))
            legal = game.legal_actions(state, seats[i])
            j, rng = rng.below(len(legal))
            state, _events = game.apply(state, seats[i], legal[j])
        playing = messages.public_message(_snapshot(game, preset, options, players, state))
        check_embed(playing["embed"])
        check_view(playing["view"])
    assert rendered > players  # the playout really rendered several positions


def test_layout_falls_back_to_selects_for_a_huge_hand() -> None:
    """60 cards and 8 actions cannot be buttons: cards and then actions become selects, all reachable."""
    cards = tuple(Choice(f"play:C{i}", f"Card {i}", enabled=i % 3 != 0, group="cards") for i in range(60))
    actions = tuple(Choice(f"act{i}", f"Action {i}") for i in range(30))
    prompt = (*cards, *actions, AskAmount("bid", "Bid", 0, 13))
    view = render.prompt_view(BIG_TABLE, BIG_SEQ, prompt)
    buttons, values = check_view(view)
    check_reachable(prompt, buttons, values)
    assert "play:C0" not in values  # unplayable cards are not offered in a select


def test_long_texts_are_clipped() -> None:
    from games.core.views import Pile, SeatLine, TableView

    tv = TableView(
        title="T" * 400,
        summary="S" * 5000,
        seats=tuple(SeatLine(i, "x" * 300, to_act=i == 0) for i in range(8)),
        facts=tuple((f"F{i}" * 100, "v" * 2000) for i in range(40)),
        piles=(Pile("Trick", ("T1",), "y" * 3000),),
        recent=tuple("r" * 500 for _ in range(30)),
    )
    embed = render.table_embed(tv, names=["n"] * 8, deadline=DEADLINE, footer="f" * 3000)
    check_embed(embed)
    assert embed.title.endswith("…")

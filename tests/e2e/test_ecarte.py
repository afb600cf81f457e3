"""Écarté through Discord: a whole game to 5 played by two simulated users, with a refused exchange.

The players act only as users can (``/play``, the lobby, **My hand**, buttons and the
discard multi-select). After every click each new public line is checked against the
cards hidden at that moment (``Session`` from ``test_sheet_games``, with Écarté's own card
labels); at the end the engine replays the recorded clicks and the public result, the
``results`` rows, ``/leaderboard`` and ``/stats`` must agree with it; the ``world`` fixture
audits the ledger and checks that no text ever showed a seat instead of a name.
A second table plays for a stake: the loser's chips go to the winner, in the ledger.
"""

from __future__ import annotations

import json
import re
from typing import Any

from games.ecarte.cards import label
from tests.e2e.driver import MENTION
from tests.e2e.test_sheet_games import (
    Session,
    check_listed,
    check_standings,
    embed_text,
    finished_message,
    message_lines,
)

Control = tuple[str, str, Any, str]


def ecarte_session(world: Any, seed: int) -> Session:
    session = Session(world, "ecarte", seed=seed)
    session.label = label  # "10♥", as players read it (the shared fallback reads poker's "T♥")
    return session


class Strategy:
    """Random play, except that the first proposal of the game is made and refused."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.refused = False
        self.picked: list[str] = []
        #: (placeholder, min, max) of every discard multi-select shown
        self.selects: list[tuple[str, int, int]] = []

    def on_panel(self, panel: Any, _before: Any, _seat: int) -> None:
        for row in panel.components:
            for comp in row["components"]:
                if comp["type"] == 3 and comp.get("custom_id", "").startswith("cr:p:"):
                    self.selects.append((comp.get("placeholder") or "", comp["min_values"], comp["max_values"]))

    def __call__(self, options: list[Control]) -> Control:
        labels = [o[3] for o in options]
        self.picked.append(" | ".join(labels))
        if not self.refused:
            for wanted in ("I propose an exchange", "Refuse (you become vulnerable)"):
                if wanted in labels:
                    self.refused = wanted.startswith("Refuse")
                    return options[labels.index(wanted)]
        return self.session.rng.choice(options)


async def _play(session: Session, limit: int) -> tuple[Any, list[int], Strategy]:
    strategy = Strategy(session)
    n = await session.play_until(lambda s: s.status != "playing", limit, choose=strategy, on_panel=strategy.on_panel)
    assert n > 20
    snap = await session.snapshot()
    assert snap.status == "finished", "one game is the whole match: the table ends by itself"
    (hand,) = session.hand_rows()
    users = json.loads(hand["users_json"])
    _final, outcome = session.replay(hand)
    assert outcome is not None and outcome.table_over, "the recorded clicks finish the game in the engine too"
    assert max(outcome.scores) >= 5 and min(outcome.scores) < 5
    return outcome, users, strategy


def _channel_lines(session: Session) -> list[str]:
    """Every line the bot ever posted or edited into the channel's messages (what everyone saw)."""
    lines: list[str] = []
    for r in session.world.env.http_requests:
        channel = r.path.startswith("/channels/") and "/messages" in r.path and r.method in ("POST", "PATCH")
        if channel and isinstance(r.json, dict):
            lines.extend(message_lines(r.json))
    return lines


async def test_ecarte_game_to_five_with_a_refused_exchange(world: Any) -> None:
    w = world
    await check_listed(w, "ecarte")
    session = ecarte_session(w, seed=3)
    await session.open(w.alice, (w.bob,))
    await session.start(w.alice)
    outcome, users, strategy = await _play(session, 400)
    assert sorted(users) == sorted(m.id for m in (w.alice, w.bob))
    # The first exchange was proposed and refused: the dealer became vulnerable.
    assert strategy.refused
    steps = [s.action for s in session.steps]
    assert steps[:2] == ["propose", "refuse"]
    refuser = session.steps[1].user_id
    seen = _channel_lines(session)
    assert any(f"<@{refuser}> refuses the exchange and is vulnerable." in line for line in seen), (
        "the refusal is told publicly, by name"
    )
    # Exchanges went through the multi-select, which says how many cards may go.
    discards = [s for s in session.steps if s.action.startswith("discard:")]
    assert all(s.label for s in discards)
    assert discards and len(strategy.selects) == len(discards)
    for placeholder, low, high in strategy.selects:
        match = re.fullmatch(r"Discard (\d)–(\d) cards \(stock: (\d+) left\)", placeholder)
        assert match, placeholder
        assert (low, high) == (int(match[1]), int(match[2])) == (1, min(5, int(match[3])))
    # Privacy: public lines were checked against the hidden hands after every click.
    assert session.lines_checked > 20 and session.pairs_checked > 100
    # Results: the engine's outcome, the results rows, the leaderboard and /stats agree.
    await check_standings(session, outcome, users)
    check_result(session, outcome, users)


def check_result(session: Session, outcome: Any, users: list[int]) -> None:
    """The finished table message: the headline, then each player's points and place, best first."""
    msg = finished_message(session)
    ids = [c.custom_id for row in msg.components for c in row.children]
    assert ids == [f"cr:g:{session.table_id}"], "a finished table has one button: Play again"
    text = embed_text(msg)
    winner, loser = (users[outcome.placings.index(p)] for p in (1, 2))
    high, low = outcome.scores[users.index(winner)], outcome.scores[users.index(loser)]
    assert f"<@{winner}> wins the game {high}–{low}." in text
    assert "Result of hand 1" not in text and "won 1 of 1" not in text  # one game: its result is the final one
    result = text.split("Final standings", 1)[1].split("\n")
    assert f"🥇 <@{winner}> — {high} points" in result[1]
    assert f"2. <@{loser}> — {low} point" in result[2]
    assert "⟦" not in MENTION.sub("", text)


async def test_ecarte_for_a_stake_moves_chips_to_the_winner(world: Any) -> None:
    w = world
    session = ecarte_session(w, seed=8)
    before = {u: await _wallet(w, u) for u in (w.alice.id, w.bob.id)}
    await session.open(w.alice, (w.bob,))
    await session.set_numbers(w.alice, "Numbers…", {"stake": 10})
    await session.start(w.alice)
    snap = await session.snapshot()
    assert snap.options.stake == 10 and snap.chips
    outcome, users, _strategy = await _play(session, 400)
    assert outcome.payoffs == tuple(10 if p == 1 else -10 for p in outcome.placings)
    for u, pay in zip(users, outcome.payoffs, strict=True):
        assert await _wallet(w, u) == before[u] + pay, "the stake moved from the loser to the winner"
    msg = finished_message(session)
    assert "+10" in embed_text(msg) and "-10" in embed_text(msg).replace("−", "-")


async def _wallet(w: Any, user_id: int) -> int:
    member = {m.id: m for m in w.players}[user_id]
    reply = await member.slash(w.channel, "balance")
    content = reply.response.content or ""
    return int("".join(ch for ch in content.split("**")[1] if ch.isdigit()))

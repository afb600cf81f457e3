"""A computer move the table refuses is logged without its cards (issue 24): no hidden card in a
log line at INFO or above, whatever the refused action named."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from bot.computers import MAX_REFUSALS, ComputerSeats
from tests.service.test_computers import computers_table
from tests.service.test_tables import HOST, Env, env

__all__ = ["env"]

TOKEN = re.compile(r"[A-Za-z0-9]+")


class Cheater:
    """A thinker whose every move names one of the seat's own hidden cards and is refused."""

    def __init__(self, env: Env, table_id: int) -> None:
        self.env, self.table_id = env, table_id
        self.named: set[str] = set()

    async def choose(self, game_id: str, state: Any, seat: int, strength: str, seed: int) -> str:
        snap = await self.env.svc.get(self.table_id)
        card = sorted(snap.game.private_cards(state, seat))[0]
        self.named.add(card)
        return f"play:{card}:{card}"  # no game takes this: the move is refused, naming the card


async def test_a_refused_computer_move_logs_no_card_at_info(env: Env, caplog: pytest.LogCaptureFixture) -> None:
    snap = await computers_table(env, "renfield", strengths=("easy", "normal", "normal"))
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    while HOST in snap.to_act_users:  # the host moves so that a computer is to act
        seat = snap.seat_of(HOST)
        action = snap.game.legal_actions(snap.state, seat)[0]
        snap = (await env.svc.act(snap.id, HOST, action, seq=snap.seq)).snapshot
    thinker = Cheater(env, snap.id)
    seats = ComputerSeats(env.svc, thinker, pause=0)  # type: ignore[arg-type]  # the Thinker's one method
    with caplog.at_level(logging.DEBUG, logger="cardroom"):
        await seats._drive(snap.id)
    refused = [r for r in caplog.records if r.name == "cardroom.computers" and r.levelno >= logging.INFO]
    assert len(refused) == MAX_REFUSALS  # each refusal is logged …
    shown = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO
             if set(TOKEN.findall(r.getMessage())) & thinker.named]
    assert thinker.named and not shown  # … and none names a card

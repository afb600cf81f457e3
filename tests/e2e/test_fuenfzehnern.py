"""Fünfzehnern through SimCord: a hand with a zwang, played by four users with real discord.py.

The deal is the bot's own (its seed and dealer are read from the ``hands`` row once
the host starts); the pure engine then searches, deterministically, a line of play
in which someone leads a queen with zwang, and the users click exactly that line:
the zwang button beside the plain queen, the ace's holder left with one enabled
button and a private note. After every click no public line may show a card that
was hidden at that moment (Fünfzehnern's own labels: ``10♥``, not ``T♥``). The
result must name everyone with the points, the score and the chips the ledger moved;
an admin's ``/table end now:`` in the next deal hands every chip back.
"""

from __future__ import annotations

import json
import random
from typing import Any

from games.fuenfzehnern import Fuenfzehnern
from games.fuenfzehnern.cards import SUIT_NAME
from games.fuenfzehnern.cards import label as card_label
from tests.e2e.test_card_room import NET, escrow, fields, signed
from tests.e2e.test_every_game_reads import check_chip_result
from tests.e2e.test_sheet_games import Session, check_listed, embed_text

G = Fuenfzehnern()


class FuenfSession(Session):
    """The sheet games' session (privacy after every click, replay), reading Fünfzehnern's labels."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.label = card_label


def zwang_line(state: Any, tries: int = 400) -> list[tuple[int, str]] | None:
    """A whole deal's actions with a zwang in it, or None: random play that declares zwang when it can."""
    for k in range(tries):
        rng = random.Random(k)
        s, line, forced = state, [], False
        while G.outcome(s) is None:
            (seat,) = G.to_act(s)
            legal = G.legal_actions(s, seat)
            zwang = [a for a in legal if a.startswith("zwang:")]
            action = zwang[0] if zwang and not forced else rng.choice([a for a in legal if a.startswith("play:")])
            forced = forced or action.startswith("zwang:")
            line.append((seat, action))
            s, _events = G.apply(s, seat, action)
        if forced:
            return line
    return None


def action_of(cid: str) -> str:
    return cid.split(":", 4)[4]


async def play_line(session: FuenfSession, line: list[tuple[int, str]], users: list[int]) -> dict[str, Any]:
    """Clicks ``line`` through the users' panels; returns what was seen around the zwang."""
    seen: dict[str, Any] = {}
    for i, (seat, action) in enumerate(line):
        zwang = action.startswith("zwang:")
        after_zwang = i > 0 and line[i - 1][1].startswith("zwang:")

        def look(
            panel: Any, before: Any, who_seat: int, zwang: bool = zwang, action: str = action, seat: int = seat
        ) -> None:
            assert who_seat == seat and before.state is not None
            labels = {action_of(c[1]): c[3] for c in session.controls(panel)}
            text = embed_text(panel)
            if zwang:
                queen = card_label(action[6:])
                seen["zwang_labels"] = labels
                assert labels[action] == f"Lead {queen} — zwang!"
                assert labels[f"play:{action[6:]}"] == queen  # the plain lead beside it
            if before.state.force is not None and before.state.force.card in before.state.play.hands[who_seat]:
                ace = card_label(before.state.force.card)
                seen["forced_panel"] = (labels, text)
                assert list(labels) == [f"play:{before.state.force.card}"], labels
                assert f"Zwang: you must play {ace} to this trick." in text

        def pick(options: list[Any], action: str = action) -> Any:
            (chosen,) = [o for o in options if o[0] == "button" and action_of(o[1]) == action]
            return chosen

        step = await session.step(pick, on_panel=look)
        assert step is not None and step.user_id == users[seat] and step.action == action
        if zwang:
            seen["zwang"] = (seat, action)
        if after_zwang:
            seen["after"] = True
    return seen


async def test_a_fuenfzehnern_hand_with_a_zwang_through_discord(world: Any) -> None:
    w = world
    await check_listed(w, "fuenfzehnern")
    session = FuenfSession(w, "fuenfzehnern", seed=2)
    await session.open(w.alice, (w.bob, w.carol, w.dave))
    await session.start(w.alice)
    snap = await session.snapshot()
    assert snap.state.deal_no == 1 and len(snap.seats) == 4
    line = None
    for _hand in range(4):  # a deal nobody can force in is played at random, then the next one
        (hand,) = [h for h in session.hand_rows() if h["hand_no"] == snap.hand_no]
        users = json.loads(hand["users_json"])
        line = zwang_line(snap.state)
        if line is not None:
            break
        no = hand["hand_no"]
        await session.play_until(lambda s, no=no: s.paused or s.hand_no != no, 40)
        await session.table.press_next()
        snap = await session.snapshot()
    assert line is not None, "no deal of four allowed a zwang"
    start_escrow = {u: escrow(w, session.table_id, u) for u in users}
    seen = await play_line(session, line, users)
    forcer, zwang = seen["zwang"]
    assert "forced_panel" in seen, "the ace's holder saw their one-button panel"

    # The table heard the zwang with the forcer's name, and not who holds the ace.
    public = "\n".join(session._seen_lines)
    queen, ace, suit = card_label(zwang[6:]), card_label(f"A{zwang[-1]}"), SUIT_NAME[zwang[-1]]
    assert f"<@{users[forcer]}> leads {queen} and declares zwang: whoever holds the Ace of {suit} must play it." in public
    assert f"plays {ace}, forced by the zwang." in public

    # The result: the engine's replay of the clicks, the ledger's chips, each player by name.
    snap = await session.snapshot()
    assert snap.paused and snap.result is not None and snap.result.kind == "hand"
    check_chip_result(w, snap)
    (hand,) = [h for h in session.hand_rows() if h["hand_no"] == snap.hand_no]
    _final, outcome = session.replay(hand)
    assert outcome is not None and sum(outcome.payoffs) == 0
    message = next(
        m for m in reversed(w.channel.history()) if m.embeds and (m.embeds[0].title or "").endswith("result")
    )
    result = fields(message)[f"Result of hand {snap.hand_no}"]
    points = outcome.extra["points"]
    for seat, user in enumerate(users):
        (row,) = [ln for ln in result.split("\n") if f"<@{user}>" in ln]
        score = points[seat] - 15
        assert f"{points[seat]} points" in row or f"{points[seat]} point," in row, row
        assert signed(NET.search(row)[1]) == outcome.payoffs[seat] == score, row
        assert escrow(w, session.table_id, user) == start_escrow[user] + score
    assert "⟦" not in embed_text(message) and "Seat " not in embed_text(message)
    rows = session.results()
    mine = [r for r in rows if r["hand_no"] == snap.hand_no]
    assert [r["payoff"] for r in mine] == list(outcome.payoffs)
    assert [r["score"] for r in mine] == list(outcome.scores)

    # The next deal carries the match on: deal 2 with the score sheet.
    await session.table.press_next()
    snap = await session.snapshot()
    assert snap.state.deal_no == hand["hand_no"] + 1
    assert snap.state.totals[forcer] == sum(r["score"] for r in rows if r["seat"] == forcer)
    table_text = embed_text(session.table.table_message())
    assert "Match score" in table_text

    # Privacy was checked after every click, and it had cards to look for.
    assert session.lines_checked > 50 and session.pairs_checked > 1000

    # An admin's /table end now: (mid-hand): every chip at the table goes back to its wallet.
    wallets = {u: await w.bot.economy.balance(w.guild.id, u) for u in users}
    escrows = {u: escrow(w, session.table_id, u) for u in users}
    shown = session.table.table_message().id
    await w.mod.slash(w.channel, "table end", now=True)
    await w.bot.publisher.idle()
    message = next(m for m in w.channel.history() if m.id == shown)  # the standings are on the table
    standings = "\n".join(f["value"] for f in message.embeds[0].to_dict()["fields"])
    for u in users:
        assert f"<@{u}>" in standings
        assert await w.bot.economy.balance(w.guild.id, u) == wallets[u] + escrows[u]


async def test_a_one_deal_match_ends_the_table_with_the_standings(world: Any) -> None:
    """The host sets one deal in the Numbers modal; after it the table ends by itself (``table_over``)."""
    w = world
    session = FuenfSession(w, "fuenfzehnern", seed=5)
    await session.open(w.alice, (w.bob, w.carol))
    await session.set_numbers(w.alice, "Numbers…", {"deals": 1})
    await session.start(w.alice)
    snap = await session.snapshot()
    cards = pack_of(snap)
    assert snap.options.deals == 1 and len(cards) == 24 and not any(c.endswith("d") for c in cards)  # no ♦
    await session.play_until(lambda s: s.status != "playing", 40)
    (hand,) = session.hand_rows()
    users = json.loads(hand["users_json"])
    _final, outcome = session.replay(hand)
    assert outcome is not None and outcome.table_over
    text = embed_text(session.table.table_message())
    assert "Deal 1 of 1, the last:" in text, text
    assert "wins the match" in text or "share the match win" in text, text
    for u in users:
        assert f"<@{u}>" in text
        assert escrow(w, session.table_id, u) == 0  # everything went back to the wallets


def pack_of(snap: Any) -> list[str]:
    return [c for hand in snap.state.play.hands for c in hand]

"""Issue 5 through Discord: several hands of Razz and Frankenstein with three simulated users.

Chips come from the players' wallets (the buy-in) and go back when the table
ends; the ledger audit must hold (``/admin audit`` and the ``world`` fixture).
On every click the hand panel must show the player's own down cards (privately),
the betting buttons must carry their amounts (and those amounts must be what
the engine then takes from the stack), and the public table message must show
every player's up cards and the pot. Every hand is replayed by the engine from
the recorded clicks; ``/history`` gives Razz hands as PHH files that pokerkit
loads and replays to the same final stacks.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
import simcord
from pokerkit import HandHistory

from cogs.ui import render
from tests.e2e.test_chips_add_up import in_front, in_the_middle
from tests.e2e.test_sheet_games import (
    Session,
    check_listed,
    embed_text,
    mentions,
)

BET_WORDS = ("bring-in", "complete", "bet", "call", "raise")
BUY_IN = 40
ANYONE = r"(?:Seat \d+|<@\d+>)"  # a seat as the engine names it, or as a mention once the bot renders names
START = 100  # the server's default starting chips


def poker_policy(session: Session):
    """Random, but folding only now and then, so hands often reach a showdown."""

    def choose(options: list[tuple[str, str, Any, str]]) -> tuple[str, str, Any, str]:
        keep = [o for o in options if not o[1].endswith(":fold")]
        if keep and session.rng.random() > 0.08:
            return session.rng.choice(keep)
        return session.rng.choice(options)

    return choose


class PokerChecks:
    """What issue 5 asks of the hand panel and the public message, checked on every click."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.panels = 0
        self.bet_buttons = 0
        self.down_cards_seen = 0
        self.up_cards_seen = 0
        self.pots_seen = 0
        self.stakes_seen = 0

    def on_panel(self, panel: Any, snap: Any, seat: int) -> None:
        s = self.s
        assert panel.ephemeral, "the hand panel is private"
        text = embed_text(panel)
        down = s.game.private_cards(snap.state, seat)
        assert down, "a player in the hand has down cards"
        for c in down:
            assert s.pattern(c).search(text), f"the panel does not show the down card {c}: {text!r}"
            self.down_cards_seen += 1
        for row in panel.components:
            for comp in row["components"]:
                cid = comp.get("custom_id", "")
                if comp["type"] != 2 or not cid.startswith("cr:a:"):
                    continue
                word = cid.split(":", 4)[4].split(":")[0]
                if word in BET_WORDS:
                    assert re.search(r"\d", comp.get("label") or ""), f"{word} without its amount: {comp}"
                    self.bet_buttons += 1
        self.panels += 1

    def after_step(self, before: Any, step: Any) -> None:
        """The chips the engine moved are the amount written on the button that was pressed."""
        s = self.s
        word = step.action.split(":")[0]
        if word not in BET_WORDS:
            return
        engine_after, _events = s.game.apply(before.state, step.seat, step.action)
        paid = before.state.round.stacks[step.seat] - engine_after.round.stacks[step.seat]
        numbers = [int(x) for x in re.findall(r"\d+", step.label)]
        assert numbers, step
        if " to " in step.label:  # "Raise to 8", "Complete to 4": the new total for the street
            assert 0 < paid <= numbers[-1], (step, paid)
        else:  # "Call 4", "Bet 4", "Bring in 2" (less only when it puts the player all in)
            all_in = engine_after.round.stacks[step.seat] == 0
            assert paid == numbers[-1] or (all_in and paid < numbers[-1]), (step, paid)

    def on_table(self, snap: Any) -> None:
        """Every seat's up cards and the pot are on the public table message."""
        s = self.s
        if snap.status != "playing" or snap.state is None or s.game.outcome(snap.state) is not None:
            return
        msg = s.table.table_message()
        text = embed_text(msg)
        assert f"hand {snap.hand_no}" in text, "the public message is the current hand's"
        pub = s.game.view(snap.state, None).public
        for line in pub.seats:
            assert not set(line.cards) & s.game.private_cards(snap.state, line.seat)
            for c in line.cards:
                assert s.pattern(c).search(text), f"up card {c} of seat {line.seat + 1} not public: {text!r}"
                self.up_cards_seen += 1
        # each player's chips in front of them now (their stack after this hand's bets), on their
        # own public line, not the buy-in all hand long
        seats_field = next(f.value for f in msg.embeds[0].fields if f.name == "Seats")
        for info in snap.seats:
            now = snap.state.round.stacks[info.seat]
            (line,) = [ln for ln in seats_field.split("\n") if f"<@{info.user_id}>" in ln]
            assert re.search(rf"[·—] {render.chips_text(now)}~*$", line), f"stack {now} not on {line!r}"
            self.stakes_seen += 1
        (pot,) = pub.pots
        fields = {f.name: f.value for f in msg.embeds[0].fields}
        assert fields.get("Pot") == render.chips_text(pot), f"the pot {pot} is not on the public message: {fields}"
        # what is in front of the seats and in the pot is every chip brought to the table (and a
        # Frankenstein pot carried in from the last deal)
        brought = sum(snap.stacks) + getattr(snap.state, "carried_in", 0)
        assert sum(in_front(msg.embeds[0])) + in_the_middle(msg.embeds[0]) == brought, seats_field
        self.pots_seen += 1


async def balance(who: Any, channel: Any) -> int:
    r = await who.slash(channel, "balance")
    assert r.ephemeral
    return int(re.search(r"\*\*(-?\d+)\*\*", r.response.content).group(1))


async def play_hands(session: Session, checks: PokerChecks, hands: int, limit: int) -> None:
    """Plays until ``hands`` hands are finished (or the table closes)."""
    choose = poker_policy(session)
    for _ in range(limit):
        snap = await session.snapshot()
        if snap.hand_no > hands or snap.status != "playing":
            return
        if snap.paused:  # the result is up: everyone presses Next hand
            assert await session.table.press_next()
            continue
        step = await session.step(choose, on_panel=checks.on_panel)
        assert step is not None, "nobody is asked to act but the hand goes on"
        checks.after_step(snap, step)
        checks.on_table(await session.snapshot())
    raise AssertionError(f"{hands} hands not finished after {limit} clicks")


async def check_hands_replay(session: Session) -> list[dict[str, Any]]:
    """Each finished hand: the engine replays the recorded clicks to the outcome the service stored."""
    out = []
    for hand in session.hand_rows():
        if hand["status"] != "done":
            continue
        _final, outcome = session.replay(hand)
        assert outcome is not None, f"hand {hand['hand_no']} is not over in the engine"
        stored = json.loads(hand["outcome_json"])
        assert stored["payoffs"] == list(outcome.payoffs)
        assert stored["placings"] == list(outcome.placings)
        out.append({"row": hand, "outcome": outcome})
    return out


async def end_and_check_chips(session: Session, players: list[Any]) -> None:
    """An admin ends the table at once (``now``: a hand in progress is refunded)."""
    w = session.world
    ended = await w.mod.slash(w.channel, "table end", now=True)
    assert not ended.ephemeral and f"#{session.table_id}" in ended.response.content
    snap = await session.snapshot()
    assert snap.status == "finished"
    # Every chip is back in a wallet, and each wallet moved by exactly what its finished hands
    # paid (the interrupted hand is refunded), plus its share of a pot carried to a re-deal
    # that never came (split evenly among the players of the last hand).
    nets: Counter[int] = Counter()
    for r in session.results():
        nets[r["user_id"]] += r["payoff"]
    with session.db() as conn:
        held = conn.execute(
            "SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE table_id=? AND kind IN ('escrow', 'pot')",
            (session.table_id,),
        ).fetchone()[0]
    assert held == 0, "nothing stays at a finished table"
    done = [h for h in session.hand_rows() if h["status"] == "done"]
    carried = json.loads(done[-1]["outcome_json"])["carried_out"] if done else 0
    wallets = {p.id: await balance(p, w.channel) for p in players}
    assert sum(wallets.values()) == START * len(players)
    shares = {p.id: wallets[p.id] - START - nets[p.id] for p in players}
    assert sum(shares.values()) == carried, (shares, carried)
    given = [v for v in shares.values() if v]
    assert all(v >= 0 for v in shares.values()) and (not given or max(given) - min(given) <= 1), shares
    audit = await w.mod.slash(w.channel, "admin audit")
    assert audit.ephemeral
    assert "balances" in audit.response.embeds[0].description and "✅" in audit.response.embeds[0].description


async def start_table(session: Session, players: list[Any]) -> None:
    w = session.world
    for p in players:
        assert await balance(p, w.channel) == START
    await session.open(players[0], players[1:], buy_in=BUY_IN)
    await session.start(players[0])
    snap = await session.snapshot()
    assert snap.stacks == (BUY_IN,) * len(players)
    for p in players:
        assert await balance(p, w.channel) == START - BUY_IN, "the buy-in left the wallet"


async def check_panel_is_theirs_only(session: Session, players: list[Any]) -> None:
    """Nobody else can open or use a player's panel, and an outsider's My hand shows no cards."""
    w = session.world
    snap = await session.snapshot()
    owner = players[0]
    seat = snap.seat_of(owner.id)
    panel = (await session.table.open_hand(owner)).response
    assert panel.ephemeral
    with pytest.raises(simcord.SetupError, match="not visible"):
        await players[1].click(panel, label="Refresh")
    outsider = await w.erin.click(session.table.table_message(), label="My hand")
    assert outsider.ephemeral
    text = embed_text(outsider.response)
    for c in session.game.private_cards(snap.state, seat):
        assert not session.pattern(c).search(text)
    assert "seat" in text.lower() or "not" in text.lower(), text
    await session.check_public(None, None, "", ())


def public_lines(session: Session) -> set[str]:
    return session._seen_lines


async def test_privacy_check_catches_a_leaked_down_card(world: Any) -> None:
    """The check itself can fail: a public message naming a down card is caught (code or label)."""
    w = world
    players = [w.alice, w.bob]
    session = Session(w, "razz", seed=23)
    await start_table(session, players)
    snap = await session.snapshot()
    seat = snap.seat_of(w.bob.id)
    secret = sorted(session.game.private_cards(snap.state, seat))
    channel = w.bot.get_partial_messageable(w.channel.id, guild_id=w.guild.id)
    for text in (f"bob holds {secret[0]}", f"psst: {session.label(secret[1])} is down"):
        await channel.send(text)
        with pytest.raises(AssertionError, match="public line shows"):
            await session.check_public(None, None, "", ())
    hidden = set().union(*session.hidden(snap.state).values())
    await channel.send("nothing to see: " + " ".join(c for c in ("2c", "As", "Kd", "7h") if c not in hidden))
    await session.check_public(None, None, "", ())


async def test_razz_hands_through_discord(world: Any) -> None:
    w = world
    await check_listed(w, "razz")
    players = [w.alice, w.bob, w.carol]
    session = Session(w, "razz", seed=21)
    checks = PokerChecks(session)
    await start_table(session, players)
    await check_panel_is_theirs_only(session, players)
    await play_hands(session, checks, hands=3, limit=200)
    assert checks.panels > 10 and checks.bet_buttons > 10 and checks.up_cards_seen > 10 and checks.pots_seen > 10
    assert checks.stakes_seen > 30
    done = await check_hands_replay(session)
    assert len(done) >= 3
    # The bring-in and the opener of each later street are announced publicly.
    lines = public_lines(session)
    bring_ins = [s for s in session.steps if s.action == "bring-in"]
    for s in bring_ins:
        who = rf"(?:Seat {s.seat + 1}|<@{s.user_id}>)"  # the engine's seat name, or the player's mention
        assert any(re.search(rf"{who} brings in", line) for line in lines), s
    for hand in done:
        first = next(s for s in session.steps if s.hand_no == hand["row"]["hand_no"])
        assert first.action in ("bring-in", "complete"), "each hand starts with the bring-in"
    for street in ("4th", "5th", "6th", "7th"):
        assert any(re.search(rf"{street} street: {ANYONE} .*opens", line) for line in lines), street
    assert any(re.search(rf"{ANYONE} shows .*: .*low", line) for line in lines), "a hand reached the showdown"
    assert bring_ins or any("completes" in line for line in lines)

    # /history: the player's last hands at this table, as PHH files pokerkit replays to the same stacks.
    hist = await w.bob.slash(w.channel, "history")
    assert hist.ephemeral
    every = [a for m in hist.followups for a in m.attachments] or list(hist.response.attachments)
    files = [a for a in every if a.filename.endswith(".phh")]  # beside each, the hand as JSON Lines
    assert files, f"no files in {hist}"
    assert sorted(a.filename[: -len(".jsonl")] for a in every if a.filename.endswith(".jsonl")) == sorted(
        a.filename[: -len(".phh")] for a in files
    )
    by_hand = {d["row"]["hand_no"]: d for d in done}
    bobs = [h for h, d in by_hand.items() if w.bob.id in json.loads(d["row"]["users_json"])]
    assert sorted(int(re.search(r"hand(\d+)", a.filename).group(1)) for a in files) == sorted(bobs)[-5:]
    for att in files:
        hand_no = int(re.search(r"hand(\d+)", att.filename).group(1))
        assert hand_no in by_hand and att.filename.endswith(".phh")
        text = (await att.read()).decode()
        hh = HandHistory.loads(text)
        final = list(hh)[-1]
        row, outcome = by_hand[hand_no]["row"], by_hand[hand_no]["outcome"]
        start = json.loads(row["stacks_json"])
        # the file names the players (their display names), never seats
        users = json.loads(row["users_json"])
        by_name = {m.name: m.id for m in (w.alice, w.bob, w.carol, w.dave, w.erin)}
        seats = [users.index(by_name[name]) for name in hh.players]
        assert list(final.stacks) == [start[s] + outcome.payoffs[s] for s in seats], (att.filename, text)
        assert list(hh.finishing_stacks) == list(final.stacks)
    # someone who played none of those hands gets a private refusal and no file
    nosy = await w.erin.slash(w.channel, "history")
    assert nosy.ephemeral
    answers = [nosy.response, *nosy.followups]
    assert not any(m.attachments for m in answers if m is not None)
    assert any("didn't play" in (m.content or "") + embed_text(m) for m in answers if m is not None), answers
    await end_and_check_chips(session, players)
    # /leaderboard game:razz by:chips ranks the chips won at Razz: the sum of the engine's payoffs
    won: Counter[int] = Counter()
    for d in done:
        for u, p in zip(json.loads(d["row"]["users_json"]), d["outcome"].payoffs, strict=True):
            won[u] += p
    assert await board_values(w, "razz", "chips") == dict(won)
    assert session.lines_checked > 50 and session.pairs_checked > 500


async def board_values(w: Any, game_id: str, by: str) -> dict[int, int]:
    board = await w.erin.slash(w.channel, "leaderboard", game=game_id, by=by)
    assert not board.ephemeral
    return {
        mentions(line)[0]: int(re.search(r"\*\*(-?\d+)\*\*", line).group(1))
        for line in (board.response.embeds[0].description or "").split("\n")
        if mentions(line)
    }


async def test_frankenstein_hands_through_discord(world: Any) -> None:
    w = world
    await check_listed(w, "frankenstein")
    players = [w.alice, w.bob, w.carol]
    session = Session(w, "frankenstein", seed=22)
    checks = PokerChecks(session)
    await start_table(session, players)
    await play_hands(session, checks, hands=3, limit=200)
    assert checks.panels > 10 and checks.bet_buttons > 5 and checks.pots_seen > 10
    done = await check_hands_replay(session)
    assert len(done) >= 3
    draws = [s for s in session.steps if s.action.startswith("discard")]
    assert draws, "the draw was played through the panel"
    lines = public_lines(session)
    assert any(line.startswith("The Zombie rises from") for line in lines), "a showdown against the Zombie"
    if any(d["outcome"].carried_out for d in done):
        assert any("carries" in line for line in lines), "a carried pot is announced"
    hist = await w.bob.slash(w.channel, "history")
    assert hist.ephemeral  # Frankenstein has no PHH: its hands come as JSON Lines only
    got = [a.filename for m in (hist.response, *hist.followups) if m is not None for a in m.attachments]
    assert got and all(name.endswith(".jsonl") for name in got)
    await end_and_check_chips(session, players)
    # the leaderboard by hands counts every finished hand for every player dealt in
    rows = await board_values(w, "frankenstein", "hands")
    dealt = Counter(u for d in done for u in json.loads(d["row"]["users_json"]))
    assert rows == dict(dealt)
    assert session.lines_checked > 50 and session.pairs_checked > 500

"""Issue 4 through Discord: whole games of Rage and Tresotti played by simulated users.

The players act only as users can (``/play``, the lobby buttons, the host's
Numbers modal, **My hand**, buttons, selects and modals). Every click is
recorded, and at the end the engine replays those clicks on its own: the
final standings on the public message, the ``results`` rows, ``/leaderboard``
and ``/stats`` must all agree with that replay.

After every click, each new public line (message content and embeds, from the
bot's HTTP traffic) is checked against the hidden cards of that moment
(:class:`Session`). The helpers here are shared with ``test_poker_games.py``.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import simcord

from games import get_game
from games.core.game import Game
from tests.e2e.driver import MENTION, Table
from tests.support.view_json import view_json

EPHEMERAL = 64


# ------------------------------------------------------------------ cards in text


def _card_labels(game_id: str) -> tuple[Callable[[str], str], frozenset[str]]:
    """(code → the label players read, codes that name several identical cards)."""
    if game_id == "rage":
        from games.rage.cards import ACTION_CARDS, label

        return label, frozenset(ACTION_CARDS)
    if game_id in ("tresotti",):
        from games.tresotti.cards import label

        return label, frozenset()
    from games.core.poker.ui import LABELS

    return LABELS.__getitem__, frozenset()


def card_pattern(code: str, label: str) -> re.Pattern[str]:
    """The code or the label as a whole word (``Red 1`` must not match ``Red 10``)."""
    alts = sorted({re.escape(code), re.escape(label)}, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(alts) + r")(?![\w])")


def message_lines(payload: dict[str, Any]) -> list[str]:
    """Every line a reader sees in a message payload: content and embed texts."""
    out: list[str] = []

    def add(text: object) -> None:
        if isinstance(text, str) and text:
            out.extend(line for line in text.split("\n") if line.strip())

    add(payload.get("content"))
    for embed in payload.get("embeds") or []:
        add(embed.get("title"))
        add(embed.get("description"))
        for f in embed.get("fields") or []:
            add(f.get("name"))
            add(f.get("value"))
        add((embed.get("footer") or {}).get("text"))
        add((embed.get("author") or {}).get("name"))
    return out


def embed_text(message: Any) -> str:
    """All text of a (discord.py) message: content and embeds."""
    parts = [message.content or ""]
    for e in message.embeds:
        d = e.to_dict()
        parts.extend(message_lines({"embeds": [d]}))
    return "\n".join(parts)


# ------------------------------------------------------------------ the session


@dataclass
class Step:
    hand_no: int
    seat: int
    user_id: int
    action: str
    label: str


@dataclass
class Session:
    """One table played through Discord, with the privacy check after every click."""

    world: Any
    game_id: str
    seed: int = 11
    table_id: int = 0
    steps: list[Step] = field(default_factory=list)
    lines_checked: int = 0
    #: (line, hidden card) pairs checked: shows the check had something to look for
    pairs_checked: int = 0
    _http_seen: int = 0
    _seen_lines: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.game: Game = get_game(self.game_id)
        self.rng = random.Random(self.seed)
        self.label, self.duplicates = _card_labels(self.game_id)
        self._patterns: dict[str, re.Pattern[str]] = {}
        w = self.world
        self.table = Table(w.env, w.channel, {m.id: m for m in (w.alice, w.bob, w.carol, w.dave, w.erin)}, rng=self.rng)

    # ------------------------------------------------------------ service reads (checks only)
    @property
    def svc(self) -> Any:
        return self.world.bot.tables

    async def snapshot(self) -> Any:
        return await self.svc.get(self.table_id)

    @contextmanager
    def db(self) -> Iterator[sqlite3.Connection]:
        """A read-only look at the bot's database file (for checks only)."""
        conn = sqlite3.connect(f"file:{self.world.db_path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        try:
            yield conn
        finally:
            conn.close()

    # ------------------------------------------------------------ lobby, as users do it
    async def open(self, host: simcord.MemberActor, others: Iterable[simcord.MemberActor], **play: Any) -> Any:
        result = await host.slash(self.world.channel, "play", game=self.game_id, **play)
        assert not result.ephemeral, "the table message is public"
        snap = await self.svc.in_channel(self.world.channel.id)
        assert snap is not None and snap.game_id == self.game_id
        self.table_id = snap.id
        lobby = result.response
        for p in others:
            await p.click(lobby, label="Join")
        self.lobby = lobby
        await self.check_public(None, None, "", ())
        return lobby

    async def set_numbers(self, host: simcord.MemberActor, button: str, changes: dict[str, int]) -> None:
        """The host's Numbers modal: every box keeps its value unless ``changes`` names it."""
        shown = await host.click(self.lobby, label=button)
        assert shown.modal is not None, "Numbers… opens a modal"
        values = {}
        for row in shown.modal["components"]:
            for box in row["components"]:
                values[box["custom_id"]] = str(changes.get(box["custom_id"], box.get("value", "")))
        assert set(changes) <= set(values), f"the modal has no box for {set(changes) - set(values)}"
        reply = await host.submit_modal(shown, values)
        assert reply.ephemeral and "updated" in (reply.response.content or "").lower(), reply

    async def start(self, host: simcord.MemberActor) -> None:
        await host.click(self.lobby, label="Start")
        snap = await self.snapshot()
        assert snap.status == "playing", snap.status
        await self.check_public(None, None, "", ())

    # ------------------------------------------------------------ playing
    def controls(self, panel: Any) -> list[tuple[str, str, Any, str]]:
        """(kind, custom id, extra, label) for every enabled control on a hand panel."""
        out = []
        for row in panel.components:
            for comp in row["components"]:
                cid = comp.get("custom_id", "")
                if comp["type"] == 2 and not comp.get("disabled") and cid.startswith(("cr:a:", "cr:m:")):
                    out.append(("button", cid, None, comp.get("label") or ""))
                elif comp["type"] == 3 and cid.startswith(("cr:s:", "cr:p:")):
                    for opt in comp["options"]:
                        out.append(("select", cid, (opt["value"], comp), opt["label"]))
        return out

    async def step(
        self, choose: Callable[[list[tuple[str, str, Any, str]]], tuple[str, str, Any, str]] | None = None,
        *, on_panel: Callable[[Any, Any, int], None] | None = None,
    ) -> Step | None:
        """The player the public message names opens **My hand** and does one thing.

        While a result is up, everyone presses **Next** first (as players do once they've read it).
        """
        players = self.table.to_act()
        if not players and await self.table.press_next():
            players = self.table.to_act()
        if not players:
            return None
        who = players[0]
        before = await self.snapshot()
        seat = before.seat_of(who.id)
        assert seat is not None and who.id in before.to_act_users, "the mention names a player to act"
        shown = await self.table.open_hand(who)
        assert shown.ephemeral, "My hand answers privately"
        panel = shown.response
        if on_panel is not None:
            on_panel(panel, before, seat)
        options = self.controls(panel)
        assert options, f"the panel offers nothing: {panel.components}"
        kind, cid, extra, label = (choose or self.rng.choice)(options)
        if kind == "select":
            value, comp = extra
            if cid.startswith("cr:p:"):
                values = [o["value"] for o in comp["options"]]
                n = self.rng.randint(max(1, comp["min_values"]), comp["max_values"])
                picked = self.rng.sample(values, n)
                action = f"{cid.split(':', 5)[5]}:{','.join(picked)}"
                result = await who.select(panel, picked, custom_id=cid)
            else:
                action = value
                result = await who.select(panel, [value], custom_id=cid)
        elif cid.startswith("cr:m:"):
            modal = await who.click(panel, custom_id=cid)
            assert modal.modal is not None, "the amount button opens a modal"
            box = modal.modal["components"][0]["components"][0]
            lo, hi = (int(x) for x in box["placeholder"].split("–"))
            n = self.rng.randint(lo, hi)
            action = f"{cid.split(':', 4)[4]}:{n}"
            result = await who.submit_modal(modal, {"amount": str(n)})
        else:
            action = cid.split(":", 4)[4]
            result = await who.click(panel, custom_id=cid)
        assert result.response is not None and result.response.ephemeral, "the answer to a click stays private"
        step = Step(before.hand_no, seat, who.id, action, label)
        after = await self.snapshot()
        assert (after.hand_no, after.seq) > (before.hand_no, before.seq), f"{action!r} was not taken: {result}"
        self.steps.append(step)
        await self.check_public(before, after, action, (seat,))
        return step

    async def play_until(self, done: Callable[[Any], bool], limit: int, **kw: Any) -> int:
        """Steps until ``done(snapshot)``; returns the number of steps."""
        for i in range(limit):
            if done(await self.snapshot()):
                return i
            assert await self.step(**kw) is not None, "nobody is asked to act but the table goes on"
        raise AssertionError(f"not done after {limit} steps")

    # ------------------------------------------------------------ privacy
    def pattern(self, code: str) -> re.Pattern[str]:
        p = self._patterns.get(code)
        if p is None:
            p = self._patterns[code] = card_pattern(code, self.label(code))
        return p

    def hidden(self, state: Any) -> dict[int, frozenset[str]]:
        if state is None:
            return {}
        try:
            seats = len(self.game.view(state, None).public.seats)
        except Exception:
            seats = 0
        return {s: frozenset(self.game.private_cards(state, s)) - self.duplicates for s in range(seats)}

    def public_text(self, state: Any, events: Iterable[Any] = ()) -> str:
        view = self.game.view(state, None).public
        parts = [view_json(view)]
        parts.extend(e.text for e in events if getattr(e, "private_to", None) is None)
        return "\n".join(parts)

    def new_public_payloads(self) -> list[dict[str, Any]]:
        """Message payloads the bot sent since the last call that everyone in the channel sees."""
        env = self.world.env
        reqs = env.http_requests
        new, self._http_seen = reqs[self._http_seen :], len(reqs)
        out = []
        for r in new:
            body = r.json if isinstance(r.json, dict) else None
            if body is None:
                continue
            path = r.path
            if path.startswith("/channels/") and "/messages" in path and r.method in ("POST", "PATCH"):
                out.append(body)
            elif path.startswith("/interactions/") and path.endswith("/callback"):
                data = body.get("data") or {}
                kind = body.get("type")
                new_public = kind == 4 and not (data.get("flags") or 0) & EPHEMERAL
                if new_public or (kind == 7 and not self._interaction_ephemeral(path.split("/")[3])):
                    out.append(data)
            elif path.startswith("/webhooks/"):
                token = path.split("/")[3]
                new_public = r.method == "POST" and not (body.get("flags") or 0) & EPHEMERAL
                if new_public or (r.method == "PATCH" and not self._interaction_ephemeral(token)):
                    out.append(body)
        return out

    def _interaction_ephemeral(self, token: str) -> bool:
        backend = self.world.env.backend
        record = backend.interactions[backend.interaction_tokens[token]]
        mid = record.message_id
        if mid is None:
            return record.ephemeral
        return bool(backend.get_message(record.channel_id, mid).flags & EPHEMERAL)

    async def check_public(self, before: Any, after: Any, action: str, actors: tuple[int, ...]) -> None:
        """No new public line shows a card hidden at the moment it was posted.

        A line is checked once, when it first appears; lines still on screen
        later (recent events, the last trick) were public when they were
        posted. Two sets are forbidden: cards a seat held hidden both before
        and after this action (whatever happened in between), and the hidden
        cards of the table as it is now — except, when this action dealt new
        cards, those already shown on the table before it (a reshuffled card
        may be dealt again; the old text about it is not a leak).
        """
        payloads = self.new_public_payloads()
        if after is None:
            after = await self.snapshot()
        now = self.hidden(after.state)
        forbidden: dict[str, str] = {}
        for s, cards in now.items():
            for c in cards:
                forbidden[c] = f"hidden in seat {s + 1}'s hand now"
        if before is not None and before.state is not None and action:
            pre = self.hidden(before.state)
            engine_after, events = self.game.apply(before.state, actors[0], action)
            post = self.hidden(engine_after)
            dealt = set().union(*now.values()) - set().union(*pre.values()) if now else set()
            if dealt or after.hand_no != before.hand_no:
                shown_before = self.public_text(before.state, events)
                for c in list(forbidden):
                    if self.pattern(c).search(shown_before):
                        del forbidden[c]
            for s, cards in pre.items():
                for c in cards & post.get(s, frozenset()):
                    forbidden[c] = f"seat {s + 1} held it hidden before and after {action!r}"
        for payload in payloads:
            for line in message_lines(payload):
                if line in self._seen_lines:
                    continue
                self._seen_lines.add(line)
                self.lines_checked += 1
                self.pairs_checked += len(forbidden)
                for c, why in forbidden.items():
                    assert not self.pattern(c).search(line), f"public line shows {c} ({why}): {line!r}"

    # ------------------------------------------------------------ replay
    def hand_rows(self) -> list[sqlite3.Row]:
        with self.db() as conn:
            return conn.execute("SELECT * FROM hands WHERE table_id=? ORDER BY hand_no", (self.table_id,)).fetchall()

    def replay(self, hand: sqlite3.Row) -> tuple[Any, Any]:
        """The engine alone: the hand as dealt (seed, dealer, carry, stacks) plus the recorded clicks."""
        g = self.game
        options = g.Options.model_validate(json.loads(hand["options_json"]))
        users = json.loads(hand["users_json"])
        kwargs: dict[str, Any] = {"dealer": hand["dealer"]}
        if hand["carry_json"] is not None:
            kwargs["carry"] = json.loads(hand["carry_json"])
        if g.uses_stacks:
            kwargs["stacks"] = tuple(json.loads(hand["stacks_json"]))
        state = g.new_state(options, len(users), hand["seed"], **kwargs)
        for st in self.steps:
            if st.hand_no == hand["hand_no"]:
                assert users[st.seat] == st.user_id
                state, _events = g.apply(state, st.seat, st.action)
        return state, g.outcome(state)

    def results(self) -> list[sqlite3.Row]:
        with self.db() as conn:
            return conn.execute(
                "SELECT * FROM results WHERE table_id=? ORDER BY hand_no, seat", (self.table_id,)
            ).fetchall()


def mentions(text: str) -> list[int]:
    return [int(u) for u in MENTION.findall(text)]


# ------------------------------------------------------------------ commands


def synced_choices(env: simcord.Env, command: str, option: str) -> list[str]:
    """The values of a synced slash command option's choices (what Discord shows in the picker)."""
    for req in env.http_requests:
        if req.method == "PUT" and req.path.endswith("/commands") and isinstance(req.json, list):
            for cmd in req.json:
                if cmd["name"] == command:
                    for opt in cmd.get("options", []):
                        if opt["name"] == option:
                            return [c["value"] for c in opt.get("choices", [])]
    raise AssertionError(f"/{command} {option} was never synced")


async def check_listed(world: Any, game_id: str) -> None:
    """The game is offered by /play, /rules and /leaderboard, and /rules describes it."""
    game = get_game(game_id)
    for command in ("play", "rules", "leaderboard", "stats"):
        assert game_id in synced_choices(world.env, command, "game"), f"{game_id} missing from /{command}"
    rules = await world.erin.slash(world.channel, "rules", game=game_id)
    assert rules.ephemeral
    embed = rules.response.embeds[0]
    assert embed.title.startswith(game.title)
    text = embed_text(rules.response)
    assert f"{game.min_players}–{game.max_players}" in text
    for preset in game.presets:  # by its label: players never read a preset's key
        assert game.preset_label(preset) in text


async def check_standings(session: Session, outcome: Any, users: list[int]) -> None:
    """results rows, /leaderboard by wins and /stats agree with the engine's outcome."""
    w = session.world
    rows = session.results()
    assert [r["user_id"] for r in rows] == users
    assert [r["placing"] for r in rows] == list(outcome.placings)
    if outcome.scores:
        assert [r["score"] for r in rows] == list(outcome.scores)
    assert all(r["payoff"] == 0 for r in rows) and all(r["game_id"] == session.game_id for r in rows)
    winners = [u for u, p in zip(users, outcome.placings, strict=True) if p == 1]
    assert winners
    board = await w.erin.slash(w.channel, "leaderboard", game=session.game_id, by="wins")
    assert not board.ephemeral
    lines = (board.response.embeds[0].description or "").split("\n")
    shown = {mentions(line)[0]: int(re.search(r"\*\*(\d+)\*\*", line).group(1)) for line in lines if mentions(line)}
    for u in winners:
        assert shown.get(u) == 1, f"the winner <@{u}> has 1 win on the board: {lines}"
    for u in set(users) - set(winners):
        assert shown.get(u, 0) == 0, lines
    order = [mentions(line)[0] for line in lines if mentions(line)]
    assert set(order[: len(winners)]) == set(winners), f"the winners come first: {lines}"
    actor = {m.id: m for m in w.players}
    for u, placing in zip(users, outcome.placings, strict=True):
        stats = await actor[u].slash(w.channel, "stats", game=session.game_id)
        assert stats.ephemeral
        fields = {f.name: f.value for f in stats.response.embeds[0].fields}
        assert fields["Hands played"] == "1", fields
        assert fields["Wins"] == ("1" if placing == 1 else "0"), fields


# ------------------------------------------------------------------ the scenarios


async def _play_sheet_game(world: Any, session: Session, limit: int) -> tuple[Any, list[int]]:
    n = await session.play_until(lambda s: s.status != "playing", limit)
    assert n > 0
    snap = await session.snapshot()
    assert snap.status == "finished"
    (hand,) = session.hand_rows()
    users = json.loads(hand["users_json"])
    _final, outcome = session.replay(hand)
    assert outcome is not None, "the recorded clicks finish the game in the engine too"
    # The table log holds exactly the clicks, in order.
    with session.db() as conn:
        logged = conn.execute(
            "SELECT seat, payload FROM table_log WHERE table_id=? AND kind='action' ORDER BY seq", (session.table_id,)
        ).fetchall()
    assert [(r["seat"], r["payload"]) for r in logged] == [(s.seat, s.action) for s in session.steps]
    return outcome, users


def numbers_on(line: str) -> list[int]:
    """The numbers a reader sees on a line (mentions left out)."""
    return [int(x) for x in re.findall(r"-?\d+", MENTION.sub("", line))]


def finished_message(session: Session) -> Any:
    """The public table message once the table has finished (Play again its one button)."""
    msgs = [m for m in session.table.bot_messages() if m.embeds and f"#{session.table_id}" in (m.embeds[0].title or "")]
    assert msgs, "the finished table message is in the channel"
    return msgs[-1]


async def check_final_message(session: Session, outcome: Any, users: list[int]) -> str:
    msg = finished_message(session)
    text = embed_text(msg)
    ids = [c.custom_id for row in msg.components for c in row.children]
    assert ids == [f"cr:g:{session.table_id}"], "a finished table has one button: Play again"
    # The final standings: each player named on a line with the engine's score and placing.
    lines = text.split("\n")
    where = {}
    for u, placing, score in zip(users, outcome.placings, outcome.scores, strict=True):
        mine = [
            i for i, line in enumerate(lines)
            if f"<@{u}>" in line and score in numbers_on(line)
            and (placing in numbers_on(line) or (placing == 1 and "🥇" in line))
        ]
        assert mine, f"<@{u}> (place {placing}, score {score}) is not in the public standings: {text!r}"
        where[u] = mine[0]
    # listed best first
    by_line = sorted(users, key=where.__getitem__)
    placing_of = dict(zip(users, outcome.placings, strict=True))
    assert [placing_of[u] for u in by_line] == sorted(outcome.placings), text
    return text


async def test_rage_short_game_through_discord(world: Any) -> None:
    w = world
    await check_listed(w, "rage")
    session = Session(w, "rage", seed=4)
    await session.open(w.alice, (w.bob, w.carol), preset="short")
    # A short game: hands of 3, 2, 1 (three deals), set by the host in the Numbers modal.
    await session.set_numbers(w.alice, "Numbers 1/2", {"first_hand": 3})
    await session.start(w.alice)
    snap = await session.snapshot()
    assert snap.options.first_hand == 3
    outcome, users = await _play_sheet_game(w, session, 200)
    assert sorted(users) == sorted(m.id for m in (w.alice, w.bob, w.carol))
    bids = [s for s in session.steps if s.action.startswith("bid:")]
    assert len(bids) == 3 * 3  # three deals, three bids each
    # Bids of 0–3 are buttons, one click each: the only form opened was the host's Numbers form.
    forms = [r for r in w.env.http_requests if r.path.endswith("/callback") and (r.json or {}).get("type") == 9]
    assert len(forms) == 1, len(forms)
    assert session.lines_checked > 20 and session.pairs_checked > 100
    await check_standings(session, outcome, users)
    await check_final_message(session, outcome, users)


async def test_tresotti_low_target_game_through_discord(world: Any) -> None:
    w = world
    await check_listed(w, "tresotti")
    session = Session(w, "tresotti", seed=5)
    await session.open(w.alice, (w.bob, w.carol))
    await session.set_numbers(w.alice, "Numbers…", {"target": 5})
    await session.start(w.alice)
    snap = await session.snapshot()
    assert snap.options.target == 5
    outcome, users = await _play_sheet_game(w, session, 400)
    assert max(outcome.scores) >= 5
    assert session.lines_checked > 20 and session.pairs_checked > 100
    await check_standings(session, outcome, users)
    await check_final_message(session, outcome, users)

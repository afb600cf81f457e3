"""``python -m tools.transcript GAME``: play a short session through SimCord and write what everyone saw.

The REAL bot runs on a fresh SQLite file; simulated players (alice, bob, …)
open a table with ``/play``, join, and play as people do: the public message's
mention tells a player it is their turn, and they act on the hand panel they
kept open, pressing **My hand** only when that panel offers nothing for this
turn. The result is a Markdown transcript of every public message and every
private panel, version by version, with click counts at the end — a way to
*look* at the bot's UX without a Discord server.

    python -m tools.transcript renfield --players 4 --hands 2 --seed 3 --out /tmp/renfield.md
    python -m tools.transcript all --out /tmp/transcripts/
    python -m tools.transcript samba --locale ja   # the server and every player's Discord in Japanese
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

import simcord

from bot.client import CardroomBot
from bot.i18n import load_language
from games import game_ids, get_game
from games.core.game import Game

from .recorder import Recorder
from .report import Meta, to_markdown
from .simclock import simcord_clock
from .simlocale import discord_locale
from .simtable import Control, Table, components_of

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
NUMBERS_BUTTON = re.compile(r"cr:l:\d+:num\d$")
#: Virtual seconds the clock moves when nothing happens (timers, between-hands pauses).
IDLE_STEP = 15.0
#: How many idle steps in a row end the session (10 virtual minutes).
MAX_IDLE = 40


def default_players(game: Game) -> int:
    """Four where the game allows it: enough for a real table, few enough to read."""
    return max(game.min_players, min(4, game.max_players))


def default_preset(game: Game) -> str | None:
    """Score-sheet games use their short preset when they have one, so the game finishes."""
    return "short" if "short" in game.presets else None


#: Score-sheet games without a short preset: number options the host sets so the game ends soon.
SHORT_NUMBERS: dict[str, dict[str, int]] = {"tresotti": {"target": 11}}


def make_bot(db_path: str, seed: int) -> CardroomBot:
    """The real bot, with deals seeded from ``seed`` so a transcript can be reproduced
    (computer players move without the beat people get, since the clock here is SimCord's)."""
    seeds = itertools.count(1000 + 7919 * seed)
    return CardroomBot(db_path=db_path, seed_source=lambda: next(seeds), computer_pause=0, health_tick=None)


def human_policy(rng: random.Random) -> Any:
    """Random, but folding only now and then, so hands reach the interesting part."""

    def choose(controls: list[Control]) -> Control:
        keep = [c for c in controls if not re.search(r"\bfold\b|フォールド", c.label, re.I)]
        if keep and rng.random() > 0.1:
            return rng.choice(keep)
        return rng.choice(controls)

    return choose


async def set_numbers(table: Table, host: simcord.MemberActor, lobby: Any, numbers: dict[str, int]) -> None:
    """The host's Numbers modal(s): every box keeps its value unless ``numbers`` names it."""
    left = dict(numbers)
    for comp in components_of(lobby):
        if not left:
            break
        if not NUMBERS_BUTTON.match(comp.get("custom_id") or ""):
            continue
        shown = await table.click(host, lobby, custom_id=comp["custom_id"])
        assert shown.modal is not None, "Numbers opens a modal"
        values = {}
        for row in shown.modal["components"]:
            for box in row["components"]:
                name = box["custom_id"]
                values[name] = str(left.pop(name, box.get("value", "")))
        await table.submit(host, shown, values)
    if left:
        raise SystemExit(f"no such number option: {', '.join(left)}")


async def play(
    env: simcord.Env, game: Game, *, players: int, hands: int, seed: int, preset: str | None,
    numbers: dict[str, int], max_actions: int, command: str, logged: list[str], computers: int = 0,
    locale: str = "en", shown: list[tuple[str, str]] | None = None,
) -> str:
    guild = env.create_guild("Cardroom", preferred_locale=None if locale == "en" else locale)
    words = load_language(locale) if locale != "en" else {}
    channel = guild.create_text_channel("tables")
    actors = [guild.add_member(env.create_user(name)) for name in NAMES[: players - computers]]
    names = {a.id: a.name for a in actors} | {env.backend.bot_user.id: "Cardroom"}
    rec = Recorder(env, channel, names, shown=shown if shown is not None else [], locale=locale)
    rec.install()
    rng = random.Random(seed)
    table = Table(env, channel, {a.id: a for a in actors}, rng=rng, observer=rec, on_modal=rec.form,
                  choose=human_policy(rng))
    host = actors[0]
    meta = Meta(
        game.id, game.title, "hand by hand" if game.hand_by_hand else "one game on a score sheet",
        f"preset `{preset}`" if preset else "the standard rules", [a.name for a in actors], seed,
        f"{hands} hand(s); at most {max_actions} actions" if game.hand_by_hand
        else f"until the game finishes; at most {max_actions} actions",
        command,
    )
    if numbers:
        meta.options += "; numbers " + ", ".join(f"{k}={v}" for k, v in numbers.items())
    if computers:
        meta.players += [f"computer {i + 1} (normal)" for i in range(computers)]

    rec.section("Lobby")
    await table.slash(host, "play", game=game.id, **({"preset": preset} if preset else {}))
    lobby = table.bot_messages()[-1]
    if numbers:
        await set_numbers(table, host, lobby, numbers)
    for p in actors[1:]:
        await table.click(p, lobby, label=words.get("Join", "Join"))
    for _i in range(computers):
        menu = next(c["custom_id"] for c in components_of(lobby) if (c.get("custom_id") or "").endswith(":computer"))
        await table.select(host, lobby, ["add:normal"], custom_id=menu)
    await table.click(host, lobby, label=words.get("Start", "Start"))
    if not game.hand_by_hand:
        rec.section("Play")
    meta.ended = await run_table(env, game, table, rec, actors, hands, max_actions, meta.problems)

    rec.section("End")
    if components_of(table.table_message()):  # a lobby or a running table still has buttons
        await table.slash(host, "table end")
        meta.ended += "; the host ran /table end"
        if table.is_open():  # during a hand the table closes once that hand is over: it is played out
            limit = max(max_actions, 400)  # a hand ends well within this: the session's own cap may be spent
            why = await run_table(env, game, table, rec, actors, table.hand_no() or hands, limit, meta.problems)
            meta.ended += f"; it closes after the hand in progress, which was played on: {why}"
    for a in actors:
        await table.slash(a, "balance")
    meta.problems += [f"the bot raised {type(e).__name__}: {e}" for e in env.errors] + logged
    return to_markdown(meta, rec, table.counts)


async def run_table(
    env: simcord.Env, game: Game, table: Table, rec: Recorder, actors: list[simcord.MemberActor],
    hands: int, max_actions: int, problems: list[str],
) -> str:
    """Turns until the planned hands are played, the game finishes, or a cap is hit. Returns why it stopped."""
    rng = table.rng
    attempts = idle = 0
    if not table.is_open():
        return "the table never started (its message offers no My hand)"
    pressed: set[int] = set()  # who pressed Next hand during this pause
    while True:
        if not table.is_open():
            return "the table finished"
        if attempts >= max_actions:
            return f"the cap of {max_actions} actions was reached"
        hand = table.hand_no()
        if game.hand_by_hand and hand is not None and hand > hands:
            return f"{hands} hand(s) played"
        to_act = table.to_act()
        if to_act:
            who = rng.choice(to_act) if len(to_act) > 1 else to_act[0]
            attempts += 1
            if await table.take_turn(who) is None:
                stuck = f"{who.name} was named to act but their panel offered nothing"
                problems += [stuck] if stuck not in problems else []
            else:
                idle = 0
                pressed.clear()
                await check_privacy(table, problems)
                continue
        elif table.next_hand_place() is not None:
            if game.hand_by_hand and hand is not None and hand >= hands:
                return f"{hands} hand(s) played (Next hand not pressed)"
            seated = table.public_text(table.table_message())
            waiting = [a for a in actors if a.id not in pressed and f"<@{a.id}>" in seated]
            if waiting:
                for a in waiting:
                    pressed.add(a.id)
                    await table.press_next_as(a)
                continue
        idle += 1
        if idle > MAX_IDLE:
            return f"nothing happened for {MAX_IDLE * IDLE_STEP:.0f} virtual seconds"
        rec.happening(f"the clock moved on {IDLE_STEP:.0f} s")
        await env.advance_time(IDLE_STEP)


async def check_privacy(table: Table, problems: list[str]) -> None:
    if not table.is_open():
        return
    try:
        await table.check_privacy()
    except AssertionError as exc:
        text = str(exc).split("\n")[0]
        if text not in problems:
            problems.append(text)


async def record(
    game_id: str, *, players: int | None = None, hands: int = 1, seed: int = 1, preset: str | None = None,
    numbers: dict[str, int] | None = None, max_actions: int = 400, command: str = "", computers: int = 0,
    locale: str = "en", shown: list[tuple[str, str]] | None = None,
) -> str:
    """Plays one session on a fresh database and returns its Markdown transcript.

    ``locale``: the server's preferred locale and every player's Discord language ("en", "ja").
    ``shown``, when given, receives every raw string the players saw, with where (see ``Recorder.shown``).
    """
    game = get_game(game_id)
    n = players or default_players(game)
    if not game.min_players <= n <= min(game.max_players, len(NAMES)):
        raise SystemExit(f"{game_id} takes {game.min_players}–{min(game.max_players, len(NAMES))} players here")
    if preset is None and not numbers:
        preset = default_preset(game)
        numbers = SHORT_NUMBERS.get(game_id) if preset is None else None
    command = command or " ".join([
        f"python -m tools.transcript {game_id} --players {n} --hands {hands} --seed {seed}",
        *([f"--preset {preset}"] if preset else []),
        *(f"--set {k}={v}" for k, v in (numbers or {}).items()),
        f"--max-actions {max_actions}",
        *([f"--computers {computers}"] if computers else []),
        *([f"--locale {locale}"] if locale != "en" else []),
    ])
    if not 0 <= computers < n:
        raise SystemExit("--computers: at least one of the players must be a person")
    errors = ErrorLog()
    logger = logging.getLogger("cardroom")
    logger.addHandler(errors)
    try:
        with tempfile.TemporaryDirectory(prefix="cardroom-transcript-") as tmp:
            bot = make_bot(str(Path(tmp) / "cardroom.sqlite3"), seed)
            async with simcord.run(bot, check_errors=False) as env:
                try:
                    # turns time out when the session moves the clock, not the machine's
                    with simcord_clock(env), discord_locale("en-US" if locale == "en" else locale):
                        return await play(
                            env, game, players=n, hands=hands, seed=seed, preset=preset, numbers=numbers or {},
                            max_actions=max_actions, command=command, logged=errors.problems, computers=computers,
                            locale=locale, shown=shown,
                        )
                finally:
                    if bot.db is not None:
                        await bot.db.close()
    finally:
        logger.removeHandler(errors)


class ErrorLog(logging.Handler):
    """Collects the bot's logged errors: a bug answered with "Something went wrong" is a problem too."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.problems: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f": {type(exc).__name__}: {exc}"
        self.problems.append(f"the bot logged an error: {text}")


def _number(text: str) -> tuple[str, int]:
    name, _, value = text.partition("=")
    if not value.strip().lstrip("-").isdigit():
        raise argparse.ArgumentTypeError(f"expected NAME=NUMBER, got {text!r}")
    return name.strip(), int(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.transcript", description=__doc__.split("\n")[0])
    parser.add_argument("game", help=f"a game id ({', '.join(game_ids())}) or 'all'")
    parser.add_argument("--players", type=int, help="how many players (default: 4 where allowed)")
    parser.add_argument("--hands", type=int, default=1, help="hands to play (hand-by-hand games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", help="a preset of the game (default: 'short' if it has one)")
    parser.add_argument("--set", dest="numbers", action="append", type=_number, default=[], metavar="NAME=N",
                        help="a number option the host sets in the lobby's Numbers form (repeatable)")
    parser.add_argument("--max-actions", type=int, default=400)
    parser.add_argument("--computers", type=int, default=0, help="how many of the players are computers (normal)")
    parser.add_argument("--locale", choices=("en", "ja"), default="en",
                        help="the server's and every player's Discord language (default: en)")
    parser.add_argument("--out", help="a file (a directory with 'all'); default: standard output")
    args = parser.parse_args(argv)
    games = list(game_ids()) if args.game == "all" else [args.game]
    for game_id in games:
        text = asyncio.run(record(
            game_id, players=args.players, hands=args.hands, seed=args.seed, preset=args.preset,
            numbers=dict(args.numbers), max_actions=args.max_actions, computers=args.computers, locale=args.locale,
        ))
        if args.out is None:
            sys.stdout.write(text)
            continue
        out = Path(args.out) / f"{game_id}.md" if args.game == "all" else Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"{game_id}: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``python -m tools.play GAME``: play any game in a terminal against computer players.

The quickest way to try a game or check a rule: the engine runs as it does
behind the bot, the table and your hand are the render model as text (see
``textview``), and the other seats are computer players. Chip games continue
hand by hand with chips counted here (no ledger: nothing is at stake).

    python -m tools.play kabu --players 3
    python -m tools.play renfield --preset draw --seed 7
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TextIO

from games import GameError, game_ids, get_game
from games.ai import Policy
from games.ai.search import STRENGTHS, computer_player
from games.core.game import Event, Game, Outcome
from games.core.i18n import _
from games.core.views import resolve_seats
from games.core.wording import count_of

from .textview import AMOUNT, amount_action, answer_to_action, hand_text, how_much, menu_of, table_text

BOT_NAMES = ("Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper")


class Quit(Exception):
    """The person typed ``quit`` or closed the input."""


class Session:
    """One person (seat ``you``) and computer players at one table, in a terminal."""

    def __init__(self, game: Game, options: Any, players: int, seed: int, you: int,
                 out: TextIO, read: Callable[[], str], policy: Policy | None = None, name: str = "Player") -> None:
        self.game, self.options, self.players, self.you = game, options, players, you
        self.out, self.read = out, read
        self.policy = policy or computer_player(game, "normal", time.perf_counter)
        self.rng = random.Random(seed)
        self.seed = seed
        names = [f"{n} (computer)" for n in BOT_NAMES]
        self.names = [name if s == you else names[s - (s > you)] for s in range(players)]
        buy_in = game.suggested_buy_in(options, players) or 100
        self.chips = [buy_in] * players if game.plays_for_chips(options) and game.hand_by_hand else None
        self.won = [0] * players  # chips (chip games) or points won over the session, per seat
        self.finished = 0  # hands (or games) played to the end
        self.heard: list[str] = []  # what the last action's events said, to say nothing twice

    def name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def say(self, text: str) -> None:
        print(resolve_seats(text, self.name_of), file=self.out)

    def run(self, hands: int | None = None) -> int:
        """Plays hands until the person stops (or ``hands`` are played); returns hands played."""
        carry: Any = None
        played = 0
        dealer = 0
        try:
            while hands is None or played < hands:
                outcome = self.play_hand(self.seed + played, dealer, carry)
                played += 1
                carry, dealer = outcome.carry, (dealer + 1) % self.players
                if not self.game.hand_by_hand or outcome.table_over or not self.ask_more(hands):
                    break
        except Quit:
            pass
        self.say_summary()
        return played

    def say_summary(self) -> None:
        """What the session came to: hands played and, per player, the chips or points won or lost."""
        self.say("")
        if not self.finished:
            self.say(_("Bye! No hand was played to the end."))
            return
        self.say(count_of(self.finished, _("Bye! {n} hand played:"), _("Bye! {n} hands played:"))
                 if self.game.hand_by_hand else _("Bye! The game was played to the end:"))
        for seat in sorted(range(self.players), key=lambda s: -self.won[s]):
            if self.chips is not None:
                line = _("{who}: {net:+d} chips, {chips} now").format(
                    who=self.name_of(seat), net=self.won[seat], chips=self.chips[seat])
            else:
                line = _("{who}: {net:+d} points").format(who=self.name_of(seat), net=self.won[seat])
            self.say("  " + line)

    def ask_more(self, hands: int | None) -> bool:
        if hands is not None:
            return True
        self.say(_("Another hand? [Y/n]"))
        return self.read().strip().lower() not in ("n", "no", "q", "quit")

    def play_hand(self, seed: int, dealer: int, carry: Any) -> Outcome:
        game = self.game
        state = game.start(self.options, self.players, seed, dealer=dealer, carry=carry,
                           stacks=tuple(self.chips) if self.chips else None)
        shown = -1
        while (outcome := game.outcome(state)) is None:
            to_act = game.to_act(state)
            if self.you in to_act and not (to_act - {self.you}):
                if shown != id(state):
                    self.show(state)
                    shown = id(state)
                seat, action = self.you, self.ask(state)
            else:
                seat = min(to_act - {self.you})
                action = self.policy.choose(game, state, seat, self.rng)
            state, events = self.act(state, seat, action)
            self.tell(events)
        self.show_outcome(state, outcome)
        return outcome

    def act(self, state: Any, seat: int, action: str) -> tuple[Any, tuple[Event, ...]]:
        return self.game.apply(state, seat, action)

    def tell(self, events: tuple[Event, ...]) -> None:
        self.heard = []
        for event in events:
            if event.private_to is None or event.private_to == self.you:
                self.say(event.text)
                self.heard.append(resolve_seats(event.text, self.name_of))

    def show(self, state: Any) -> None:
        view = self.game.view(state, self.you)
        self.say("")
        self.say(table_text(view.public, self.name_of, self.chips or ()))
        self.say(hand_text(view, self.name_of))

    def ask(self, state: Any) -> str:
        """Reads until the person types something legal; a wrong answer changes nothing."""
        view = self.game.view(state, self.you)
        menu = menu_of(view.prompt, self.name_of)
        while True:
            self.say(_("Your move:"))
            for line in menu.lines:
                self.say(line)
            answer = self.read()
            if answer.strip().lower() in ("q", "quit"):
                raise Quit
            action = answer_to_action(menu, answer)
            if action == AMOUNT:
                self.say(how_much(menu))
                action = amount_action(menu, self.read())
            if action is None:
                self.say(_("That isn't one of your choices here."))
                continue
            try:
                self.game.apply(state, self.you, action)
            except GameError as e:
                self.say(str(e))
                continue
            return action

    def show_outcome(self, state: Any, outcome: Outcome) -> None:
        """The final table, then each seat's result once: the winner line the last events or the
        table's summary already said is not said again."""
        self.say("")
        self.finished += 1
        for seat, net in enumerate(outcome.payoffs if self.chips is not None else outcome.scores):
            self.won[seat] += net
            if self.chips is not None:
                self.chips[seat] += net  # the table below shows the stacks after the hand
        public = self.game.view(state, None).public
        said = "\n".join(self.heard)
        if public.summary and resolve_seats(public.summary, self.name_of) in said:
            public = replace(public, summary="")
        self.say(table_text(public, self.name_of, self.chips or ()))
        summary = resolve_seats(outcome.summary, self.name_of)
        if summary and summary not in said and summary != resolve_seats(public.summary, self.name_of):
            self.say(summary)
        for seat, detail in enumerate(outcome.details):
            if detail:
                self.say(_("{who}: {detail}").format(who=self.name_of(seat), detail=resolve_seats(detail, self.name_of)))
        if self.chips is not None:
            for seat, net in enumerate(outcome.payoffs):
                self.say(_("{who}: {net:+d} chips, {chips} now").format(
                    who=self.name_of(seat), net=net, chips=self.chips[seat]))


def _read_line(stream: TextIO) -> Callable[[], str]:
    def read() -> str:
        line = stream.readline()
        if not line:
            raise Quit
        return line.rstrip("\n")
    return read


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.play", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(game_ids()))
    parser.add_argument("--players", type=int, default=None, help="seats, you included")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--hands", type=int, default=None, help="stop after so many hands")
    parser.add_argument("--name", default="Player", help="what the table calls you")
    parser.add_argument("--strength", choices=list(STRENGTHS), default="normal", help="the computer players'")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    preset = args.preset or next(iter(game.presets))
    if preset not in game.presets:
        parser.error(f"presets of {game.id}: {', '.join(game.presets)}")
    options = game.presets[preset]
    low, high = game.seat_limits(options)
    players = args.players or max(low, min(4, high))
    if not low <= players <= high:
        parser.error(f"{game.title} takes {low}–{high} players with this preset")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    policy = computer_player(game, args.strength, time.perf_counter)
    session = Session(game, options, players, seed, you=0, out=sys.stdout,
                      read=_read_line(sys.stdin), policy=policy, name=args.name)
    session.say(_("{game}. Type the number of a choice; q quits.").format(game=game.title))
    try:
        session.run(args.hands)
    finally:  # the seed deals every card, the computers' too: said only once the play is over
        session.say(_("That was seed {seed}: --seed {seed} deals the same cards again.").format(seed=seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

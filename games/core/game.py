"""The contract every game implements, and the bookkeeping done once for all.

A game is a stateless object: ``options + seats + seed → state`` and
``apply(state, seat, action) → (state, events)``. Subclasses write the
underscore hooks (OpenSpiel's template-method split); the public methods check
turn order, legality and the end of the hand so no game repeats them.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Protocol, cast

from pydantic import BaseModel, TypeAdapter

from .errors import IllegalAction, NotYourTurn
from .i18n import _
from .options import changes
from .summary import SummaryFile
from .views import Choice, SeatView

Carry = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened; ``private_to`` events are shown to one seat only.

    ``ends_deal`` marks the event that closes a deal inside a multi-deal game
    (a score-sheet game), so the runtime can give players a beat to read the
    deal's result before the next deal is shown.
    """

    text: str
    seat: int | None = None
    private_to: int | None = None
    ends_deal: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished hand (chip games) or game (scored games).

    ``payoffs`` are net chips per seat; ``sum(payoffs) == carried_in - carried_out``.
    ``placings`` rank the seats (1 = best, ties share) for leaderboards.
    ``carry`` is handed to the next hand's ``new_state``.
    """

    payoffs: tuple[int, ...]
    placings: tuple[int, ...]
    carry: Carry | None = None
    carried_in: int = 0
    carried_out: int = 0
    summary: str = ""
    scores: tuple[int, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: Per seat, what decided that seat's result ("24 bugs", "shows 7-6-4-2-A"); may be empty.
    details: tuple[str, ...] = ()
    #: A game played hand by hand over an agreed length (so many deals, a match) sets this on its
    #: last hand: the runtime then ends the table after settling it, with the final standings.
    table_over: bool = False


class _StackedNewState(Protocol):
    """``new_state`` with what some games also take: ``stacks=`` (``uses_stacks``), ``rng_algo=``
    (``versioned_deal``); ``Game.start`` passes each only to the games that take it."""

    def __call__(
        self,
        options: BaseModel | None,
        seats: int,
        seed: int,
        *,
        hands: Sequence[Sequence[str]] | None = ...,
        stock: Sequence[str] | None = ...,
        dealer: int = ...,
        carry: Carry | None = ...,
        stacks: Sequence[int] | None = ...,
        rng_algo: int = ...,
    ) -> Any: ...


def placings_from(values: Sequence[int], *, higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3…): equal values share a place."""
    sign = -1 if higher_is_better else 1
    keyed = [sign * v for v in values]
    return tuple(1 + sum(1 for other in keyed if other < mine) for mine in keyed)


class Game(ABC):
    """Base class of every engine. Subclasses set the ClassVars and write the hooks."""

    id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    uses_chips: ClassVar[bool] = False
    #: Chip games whose betting is limited by what a seat has at the table (poker):
    #: their ``new_state`` also takes ``stacks=`` (chips behind per seat; None = unlimited).
    uses_stacks: ClassVar[bool] = False
    #: One state per hand (chip games, continued with ``carry``) or per whole game.
    hand_by_hand: ClassVar[bool] = False
    #: Whether a player whose chips at the table run out buys in again between hands. A game
    #: whose text plays on at zero and ends on a debt that can't be paid (Kabu) says False.
    rebuys: ClassVar[bool] = True
    #: Games whose ``new_state`` takes ``rng_algo=`` (the generator version a table deals with),
    #: so a table keeps dealing as it started even after the default generator changes.
    versioned_deal: ClassVar[bool] = False
    #: Games whose rules count how long each player has sat at the table (Fairmarket's entry
    #: fee and last-hand vote): the runtime adds ``carry["seating"]`` to every deal,
    #: ``{"hand": n, "tenure": [hands each seat was dealt just before this one, in a row]}``.
    counts_tenure: ClassVar[bool] = False
    Options: ClassVar[type[BaseModel]]
    presets: ClassVar[Mapping[str, BaseModel]]
    #: Each preset's name as players read it, marked with ``N_()`` (translated by ``preset_label``);
    #: a tuple is a list of labels shown together ("Two players · Jackpot"). The keys stay for
    #: ``/play … preset:`` and the database; players never read them.
    preset_labels: ClassVar[Mapping[str, str | tuple[str, ...]]] = {}
    state_type: ClassVar[type]
    #: A short, readable rules text for ``/rules``: ``summary_<id>.md`` beside the game (see ``summary.py``).
    rules_summary: ClassVar[str] = SummaryFile()  # type: ignore[assignment]  # a descriptor that reads as str
    #: For chip games that count in their own unit ("$", coins; their views' ``TableView.unit``): how
    #: it maps to the ledger's chips, said once in the table's footer beside the buy-in in chips.
    #: Games that count in chips have none (no "1 credit = 1 chip": one word per thing).
    #: Marked with ``N_()`` (a class attribute is built at import): translate it where it is shown.
    unit_note: ClassVar[str] = ""
    #: Documentation of the action strings this game accepts.
    action_help: ClassVar[Mapping[str, str]] = {}
    #: Which deck's faces this game's card codes name, for pictures: "standard" (``As``, ``Th``),
    #: "rummy" (``QS.2``, ``JK.3``), "renfield", "fairmarket" or "rage". Codes alone are ambiguous
    #: (``P5`` is a Renfield Part and a purple Rage card), so the game says; no Discord code has to.
    card_faces: ClassVar[str] = "standard"

    def __call__(self) -> Game:
        """Lets ``get_game(id)()`` and ``get_game(id)`` be used alike."""
        return self

    @property
    def shown_title(self) -> str:
        """The title in the language spoken now (``title`` is the English, and the game's key in
        the catalogue: ``tools/catalog`` adds every registered game's title)."""
        return _(self.title)

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def new_state(
        self,
        options: BaseModel | None,
        seats: int,
        seed: int,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
        dealer: int = 0,
        carry: Carry | None = None,
    ) -> Any: ...

    @abstractmethod
    def to_act(self, state: Any) -> frozenset[int]: ...

    @abstractmethod
    def _legal_actions(self, state: Any, seat: int) -> tuple[str, ...]:
        """Only called for a seat in ``to_act`` of a running hand."""

    @abstractmethod
    def _apply(self, state: Any, seat: int, action: str) -> tuple[Any, tuple[Event, ...]]:
        """Only called with an action that ``is_legal`` accepted."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None: ...

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator). Must never reveal another seat's hidden cards."""

    @abstractmethod
    def private_cards(self, state: Any, seat: int) -> frozenset[str]:
        """Cards only ``seat`` may see now (for redaction checks)."""

    # -------------------------------------------------------------- defaults
    def start(
        self,
        options: BaseModel | None,
        seats: int,
        seed: int,
        *,
        dealer: int = 0,
        carry: Carry | None = None,
        stacks: Sequence[int] | None = None,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
        rng_algo: int | None = None,
    ) -> Any:
        """A new hand from everything the runtime knows about it, for every game alike.

        The runtime always has each seat's chips at the table (``stacks``), but only
        games whose betting is limited by them (``uses_stacks``) take them in
        ``new_state``; the others never see them. So the service and ``replay`` call
        this one method and no caller branches on the kind of game, while no engine
        has to change its ``new_state``.
        """
        extra: dict[str, Any] = {}
        if self.uses_stacks:
            extra["stacks"] = stacks
        if self.versioned_deal and rng_algo is not None:
            extra["rng_algo"] = rng_algo  # the table's generator version (``tables.rng_algo``)
        new_state = cast(_StackedNewState, self.new_state)
        return new_state(options, seats, seed, hands=hands, stock=stock, dealer=dealer, carry=carry, **extra)

    def sample_hidden(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state drawn at random among those ``seat`` cannot tell from ``state`` (a determinization).

        What ``seat`` doesn't see (the others' hidden cards, the stock's order, the generator that
        deals later) is redealt from a description of it that doesn't depend on where the cards
        really are, so a computer player that searches on the result cannot use another seat's
        secrets. A game that has computer players overrides this; ``view(result, seat)`` must equal
        ``view(state, seat)``.
        """
        raise NotImplementedError(f"{self.id} has no computer players yet")

    def rollout_action(self, state: Any, seat: int, rng: random.Random) -> str | None:
        """A cheap, plausible action for ``seat`` in a computer player's playout (None: any legal one at random).

        Playouts run on a determinized state (``sample_hidden``), so this may read the whole
        state; it must return one of ``legal_actions(state, seat)``. A game overrides it only
        where it measurably strengthens the search (``python -m benchmarks.ai``).
        """
        return None

    def automatic(self, state: Any, seat: int) -> str | None:
        """An action with nothing to decide that the table takes for ``seat`` by itself, at a steady
        pace (Put and Take's dealer turning the next card ten times a hand); None: the seat decides.

        The player may still take it sooner (the button stays); the runtime takes it only when it is
        ``seat``'s turn and they haven't.
        """
        return None

    def plays_for_chips(self, options: BaseModel) -> bool:
        """Whether a table with these options moves chips (buy-in, ledger, chip results).

        ``uses_chips`` says a game *can*; a game whose stake is a host option
        (Écarté) overrides this so a table without a stake plays for the score only.
        """
        return self.uses_chips

    def suggested_buy_in(self, options: BaseModel, seats: int) -> int | None:
        """The buy-in the game's text recommends for ``seats`` players (Kabu: 10 + 15 per player).

        None: the server's default. A table opened without a buy-in takes this one
        when it starts, once the number of players is known.
        """
        return None

    def seat_limits(self, options: BaseModel) -> tuple[int, int]:
        """Player limits for these options (variants may lower the maximum)."""
        return self.min_players, self.max_players

    def check_seats(self, options: BaseModel, seats: int) -> None:
        low, high = self.seat_limits(options)
        if not low <= seats <= high:
            raise IllegalAction(_("This game needs {low}–{high} players.").format(low=low, high=high))

    def timeout_action(self, state: Any, seat: int) -> str:
        """What a timed-out player does; games pick the gentlest choice."""
        return self._legal_actions(state, seat)[0]

    def options_from(self, options: BaseModel | Mapping[str, Any] | None) -> BaseModel:
        if options is None:
            return self.Options()
        # an exact type check first: pydantic's isinstance is slow on every new hand
        if type(options) is self.Options or isinstance(options, self.Options):
            return options
        if isinstance(options, BaseModel):
            options = options.model_dump()
        return self.Options.model_validate(options)

    def preset_label(self, name: str) -> str:
        """A preset's name in the reader's language (its key only if the game forgot to label it,
        which ``tests/i18n/test_option_labels.py`` fails on)."""
        label = self.preset_labels.get(name)
        if label is None:
            return name
        if isinstance(label, tuple):
            return " · ".join(_(part) for part in label)
        return _(label)

    def describe_options(self, options: BaseModel) -> str:
        """A table's options in words: the preset's label when they match one, else what differs
        from the game's defaults ("First to 11 points"), in the reader's language."""
        for name, preset in self.presets.items():
            if preset == options:
                return self.preset_label(name)
        return " · ".join(changes(options, self.Options())) or _("Standard")

    # ------------------------------------------------------- public surface
    # The runtime and the playout loops ask about one state several times in a row
    # (who acts, what is legal, then apply). States are immutable, so the answers
    # for the most recent state are kept, keyed by identity.
    # Who may act is the one question asked of every state, so the hot path asks
    # only that: by the contract, nobody is to act exactly when the hand is over.
    _memo: tuple[Any, frozenset[int], dict[int, tuple[str, ...]]] | None = None

    def _facts(self, state: Any) -> tuple[Any, frozenset[int], dict[int, tuple[str, ...]]]:
        memo = self._memo
        if memo is not None and memo[0] is state:
            return memo
        memo = (state, self.to_act(state), {})
        self._memo = memo
        return memo

    def legal_actions(self, state: Any, seat: int) -> tuple[str, ...]:
        _state, to_act, legal = self._facts(state)
        if seat not in to_act:
            return ()
        actions = legal.get(seat)
        if actions is None:
            actions = legal[seat] = self._legal_actions(state, seat)
        return actions

    def is_legal(self, state: Any, seat: int, action: str) -> bool:
        return action in self.legal_actions(state, seat)

    def apply(self, state: Any, seat: int, action: str) -> tuple[Any, tuple[Event, ...]]:
        if not isinstance(action, str):
            raise IllegalAction(_("That action isn't understood."))
        _state, to_act, _legal = self._facts(state)
        if not to_act:
            raise IllegalAction(_("This hand is already over."))
        if seat not in to_act:
            raise NotYourTurn(_("It's not your turn."))
        if not self.is_legal(state, seat, action):
            raise IllegalAction(_("You can't do that right now."))
        return self._apply(state, seat, action)

    def history_text(self, state: Any) -> str | None:
        """A standard hand history of a finished hand (e.g. PHH for poker), or None."""
        return None

    #: File suffix for ``history_text`` exports.
    history_suffix: ClassVar[str] = ".txt"

    def default_prompt(self, state: Any, seat: int) -> tuple[Choice, ...]:
        return tuple(Choice(a, a) for a in self.legal_actions(state, seat))

    # ----------------------------------------------------------------- codec
    @cached_property
    def _adapter(self) -> TypeAdapter[Any]:
        return TypeAdapter(self.state_type)

    def dump(self, state: Any) -> str:
        body = self._adapter.dump_python(state, mode="json")
        return json.dumps(
            {"game": self.id, "rules_version": self.rules_version, "state": body},
            separators=(",", ":"),
            ensure_ascii=False,
        )

    def load(self, text: str) -> Any:
        doc = json.loads(text)
        if doc.get("game") != self.id:
            raise ValueError(f"state belongs to {doc.get('game')!r}, not {self.id!r}")
        if doc.get("rules_version") != self.rules_version:
            raise ValueError("state was saved under other rules")
        return self._adapter.validate_python(doc["state"])

"""The game registry: one line per game, nothing else to wire up."""

from __future__ import annotations

from importlib import import_module

from .core.errors import GameError
from .core.game import Game
from .core.i18n import _

# id -> "module:ClassName". Imported on first use so a broken game cannot stop the others.
_GAMES: dict[str, str] = {
    "renfield": "games.renfield:Renfield",
    "scurro": "games.renfield:Scurro",
    "rage": "games.rage:Rage",
    "tresotti": "games.tresotti:Tresotti",
    "razz": "games.razz:Razz",
    "frankenstein": "games.frankenstein:Frankenstein",
    "reversis": "games.reversis:Reversis",
    "putandtake": "games.putandtake:PutAndTake",
    "fuenfzehnern": "games.fuenfzehnern:Fuenfzehnern",
    "ecarte": "games.ecarte:Ecarte",
    "kabu": "games.kabu:Kabu",
    "fairmarket": "games.fairmarket:Fairmarket",
    "burraco": "games.burraco:Burraco",
    "samba": "games.samba:Samba",
}

_loaded: dict[str, Game] = {}


class UnknownGame(GameError):
    """No game is registered under that id."""


def get_game(game_id: str) -> Game:
    try:
        return _loaded[game_id]
    except KeyError:
        pass
    target = _GAMES.get(game_id)
    if target is None:
        raise UnknownGame(_("There's no game called {name!r}.").format(name=game_id))
    module, cls = target.split(":")
    game: Game = getattr(import_module(module), cls)()
    _loaded[game_id] = game
    return game


def all_games() -> tuple[Game, ...]:
    return tuple(get_game(gid) for gid in _GAMES)


def game_ids() -> tuple[str, ...]:
    return tuple(_GAMES)

"""How ratings read: the ``/leaderboard by: rating`` board and the rating lines of ``/stats``.

A rating is per game, so every line names its game or sits under a title that
does; the number is ``Rating.shown`` (1000 for a newcomer) and the hands (or
whole games, for games scored on a sheet) it rests on.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.ratings import Rating
from games import get_game
from games.core.i18n import _

MEDALS = ("🥇", "🥈", "🥉")


def game_title(game_id: str) -> str:
    try:
        return get_game(game_id).shown_title
    except Exception:  # a game no longer registered keeps its ratings
        return game_id


def _by_hand(game_id: str) -> bool:
    """Chip games rate every hand; games scored on a sheet rate the whole game."""
    try:
        return get_game(game_id).hand_by_hand
    except Exception:
        return True


def board_title(game_id: str | None) -> str:
    if game_id is None:
        return _("Leaderboard — rating")
    return _("Leaderboard — rating · {game}").format(game=game_title(game_id))


def board_text(game_id: str | None, rows: Sequence[Rating], *, chosen: bool) -> str:
    """The board's lines, best first, with a word on which game it is when the player named none."""
    if game_id is None:
        return _("Nobody has a rating yet: ratings move when two people finish a hand together.")
    game = game_title(game_id)
    if not rows:
        return _("Nobody has a rating at {game} yet: ratings move when two people finish a hand together.").format(
            game=game
        )
    by_hand = _by_hand(game_id)
    lines = [
        _("Ratings are per game: this is {game}, the most played here. Choose another with the game option.").format(
            game=game
        )
    ] if chosen else []
    for r in rows:
        place = MEDALS[r.rank - 1] if r.rank <= len(MEDALS) else f"{r.rank}."
        line = _("{place} {who} — **{rating}** · hands rated: {n}") if by_hand else _(
            "{place} {who} — **{rating}** · games rated: {n}"
        )
        lines.append(line.format(place=place, who=f"<@{r.user_id}>", rating=r.shown, n=r.rated))
    return "\n".join(lines)


def stats_text(ratings: Sequence[Rating], *, played: int) -> str | None:
    """The /stats rating field: one line per game with the rank on this server (None: nothing played)."""
    if not ratings:
        return _("Not rated yet: a rating moves when two people finish a hand together.") if played else None
    lines = []
    for r in ratings:
        line = _("{game}: **{rating}** · rank {rank} of {players} · hands rated: {n}") if _by_hand(r.game_id) else _(
            "{game}: **{rating}** · rank {rank} of {players} · games rated: {n}"
        )
        lines.append(line.format(game=game_title(r.game_id), rating=r.shown, rank=r.rank, players=r.of, n=r.rated))
    return "\n".join(lines)


__all__ = ["board_text", "board_title", "game_title", "stats_text"]

"""A rounds tournament's standings message: the round, each entrant's points and placings (issue 27).

The service's ``rounds_run.Board`` is read from the rows (the round's tables, the results of the
closed ones); this module only writes it, in the event's language. The keeper edits the event's
message with it as tables finish, posts it at the end, and /tournament standings shows it.
"""

from __future__ import annotations

import discord

from bot.service.events.standings import format_points
from bot.service.rounds_run import Board
from bot.service.tournament_rows import Tournament
from games.core.i18n import _

from .embeds import COLOUR_DONE, COLOUR_PLAYING, EmbedBudget
from .tournament_view import place_name

#: Most entrants listed (the field is at most 64; an embed's description holds them all).
SHOWN = 64


def seating_round(board: Board) -> int:
    """The round whose tables are being opened: the next one once every table of this one is done."""
    if board.round == 0:
        return 1
    return board.round + 1 if board.tables and board.tables_done == board.tables else board.round


def progress_line(t: Tournament, board: Board) -> str:
    if t.status == "finished":
        return _("Final standings: the last round is over.")
    if board.round == 0:
        return _("Round 1 is being seated.")
    if board.tables_done == board.tables:
        return _("Round {r} of {n} is over: the next round is being seated.").format(r=board.round, n=board.rounds)
    return _("Round {r} of {n}: {done} of {tables} tables have finished.").format(
        r=board.round, n=board.rounds, done=board.tables_done, tables=board.tables
    )


def entrant_line(t: Tournament, number: int, board: Board) -> str:
    line = board.lines[number - 1]
    entry = t.entry(line.player)
    place = entry.place if t.status == "finished" and entry is not None and entry.place else number
    placings = ", ".join(place_name(p) for p in line.placings) or _("none yet")
    shown = {"place": place_name(place), "user": line.player, "points": format_points(line.points), "placings": placings}
    if entry is not None and entry.prize:
        return _("{place} <@{user}> · points **{points}** · placings {placings} · **{n}** chips won").format(
            n=f"{entry.prize:,}", **shown
        )
    return _("{place} <@{user}> · points **{points}** · placings {placings}").format(**shown)


def rounds_embed(t: Tournament, board: Board) -> discord.Embed:
    """The standings, best first: placing points (k−1 for the best of k at a table down to 0), then
    the game's points over the table's average; each entrant's placing at each table so far."""
    colour = COLOUR_DONE if t.status == "finished" else COLOUR_PLAYING
    b = EmbedBudget(_("🏆 Tournament {n}: standings").format(n=t.id), colour)
    lines = [progress_line(t, board), ""]
    lines += [entrant_line(t, i, board) for i in range(1, min(len(board.lines), SHOWN) + 1)]
    b.description("\n".join(lines))
    b.footer(_("A table's best of k players scores k−1 points, the last 0; ties share."))
    return b.embed


__all__ = ["progress_line", "rounds_embed", "seating_round"]

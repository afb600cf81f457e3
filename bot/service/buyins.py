"""Who pays to sit down and who stays: buy-ins (a wallet's, or the house's for a computer player),
rebuys of the busted, and the players who leave between hands.

Runs inside the table's transaction, like ``handflow``.
"""

from __future__ import annotations

from data import ledger
from data.store import Conn
from games.core.i18n import _

from . import house, round_tables
from .computers import mention
from .live import Change, Live, Player, log
from .models import GuildSettings, starting_chips


def buy_in(
    conn: Conn, live: Live, players: list[Player], settings: GuildSettings, now: str,
    change: Change, *, hand_no: int,
) -> list[Player]:
    """Wallet → escrow for each player; those who can't pay are removed and listed."""
    core = live.core
    kept = []
    for p in players:
        if p.computer is not None:  # the house buys a computer player in, within today's limit
            refused = house.refusal(conn, core, settings, now)
            if refused is not None:
                _turn_away(live, change, p, str(refused), _("{who} can't play for chips today and left."))
                continue
            ledger.house_buy_in(
                conn, core.ledger_guild, core.id, p.user_id, core.buy_in, f"buyin:{core.id}:{p.user_id}:{hand_no}",
                at=now, hand_no=hand_no,
            )
            kept.append(p)
            continue
        ledger.open_wallet(conn, core.ledger_guild, p.user_id, starting_chips(core, settings), now)
        have = ledger.balance_of(conn, ledger.USER, core.ledger_guild, user_id=p.user_id)
        # At a tournament's table a player brings their whole stack (a moved player's chips follow them).
        amount = have if core.scoped and have > 0 else core.buy_in
        if have < amount:
            why = _(
                "They have {have} chips and the buy-in is {n}. They can claim free chips with /daily,"
                " or you can set a smaller buy-in next time (/play … buy_in:)."
            ).format(n=core.buy_in, have=have)
            _turn_away(live, change, p, why, _("{who} couldn't pay the buy-in."))
            continue
        ledger.buy_in(
            conn, core.ledger_guild, core.id, p.user_id, amount, f"buyin:{core.id}:{p.user_id}:{hand_no}",
            at=now, hand_no=hand_no,
        )
        kept.append(p)
    return kept


def _turn_away(live: Live, change: Change, p: Player, why: str, line: str) -> None:
    """``p`` isn't bought in: off the table, listed with ``why``, and the table says ``line``."""
    change.refused.append((p.user_id, why))
    live.players.remove(p)
    live.roster_dirty = True
    live.add_recent(line.format(who=mention(p.user_id)))


def stay_or_go(
    conn: Conn, live: Live, last: list[Player], settings: GuildSettings, now: str
) -> tuple[list[Player], list[Player]]:
    """The last hand's players who stay and who leave: leavers, sleepers, and the busted who
    can't buy in again (those who can, do)."""
    core = live.core
    staying: list[Player] = []
    leaving: list[Player] = []
    for p in last:
        # (A tournament's sleeper stays: the computer plays for them until they're back or out.)
        if p.leaving or (p.timeouts >= settings.max_timeouts and not p.by_computer and not core.scoped):
            leaving.append(p)
            continue
        if live.core.chips:
            held = ledger.balance_of(conn, ledger.ESCROW, core.ledger_guild, user_id=p.user_id, table_id=core.id)
            if held == 0 and core.scoped:  # a tournament: no buying back in, the player is out
                if round_tables.is_rounds_table(conn, core):  # out of this round only: restacked for the next
                    live.add_recent(_("{who} has no chips left and sits out the rest of this round; "
                                      "they stay in the tournament.").format(who=mention(p.user_id)))
                else:
                    live.add_recent(_("{who} is knocked out of the tournament.").format(who=mention(p.user_id)))
                leaving.append(p)
                continue
            if held == 0 and core.buy_in > 0 and live.game.rebuys and p.computer is not None:
                if house.refusal(conn, core, settings, now) is not None:  # over today's limit: it leaves
                    live.add_recent(_("{who} is out of chips, and the house can't buy it in again today.").format(
                        who=mention(p.user_id)))
                    leaving.append(p)
                    continue
                ledger.house_buy_in(
                    conn, core.ledger_guild, core.id, p.user_id, core.buy_in,
                    f"buyin:{core.id}:{p.user_id}:{core.hand_no + 1}", at=now, hand_no=core.hand_no + 1,
                )
                live.add_recent(_("{who} buys in again.").format(who=mention(p.user_id)))
            elif held == 0 and core.buy_in > 0 and live.game.rebuys:  # busted: buy in again if the wallet allows
                wallet = ledger.balance_of(conn, ledger.USER, core.ledger_guild, user_id=p.user_id)
                if wallet < core.buy_in:
                    live.add_recent(_("{who} is out of chips and leaves the table.").format(who=mention(p.user_id)))
                    live.busted = live.busted | {p.user_id}
                    log(conn, live, "system", "busted", now, user_id=p.user_id)  # a restart still knows
                    leaving.append(p)
                    continue
                ledger.buy_in(
                    conn, core.ledger_guild, core.id, p.user_id, core.buy_in,
                    f"buyin:{core.id}:{p.user_id}:{core.hand_no + 1}", at=now, hand_no=core.hand_no + 1,
                )
                live.add_recent(_("{who} buys in again.").format(who=mention(p.user_id)))
        staying.append(p)
    return staying, leaving



__all__ = ["buy_in", "stay_or_go"]

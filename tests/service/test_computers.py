"""Computer players and away players in the service, on a real SQLite file (no Discord).

The host seats computers, their buy-ins come from the house account and go back
to it, they are never ranked, and a person who keeps running out of time is
played for by the computer until they are back (or leaves, as the server chooses).
"""

from __future__ import annotations

import random

import pytest

from bot.service import BadPhase, NotAllowed, NotHost, StalePrompt, TableFull
from data.accounts import HOUSE
from tests.service.test_tables import CH, HOST, P1, P2, Env, G, env

__all__ = ["env"]


async def balance(env: Env, kind: str, user_id: int, table_id: int | None = None) -> int:
    sql = "SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE kind=? AND user_id=?"
    args: tuple[object, ...] = (kind, user_id)
    if table_id is not None:
        sql += " AND table_id=?"
        args = (*args, table_id)
    return int(await env.db.scalar(sql, args))


async def computers_table(env: Env, game_id: str = "renfield", strengths=("easy", "normal"), **kw):
    snap = await env.svc.open_table(G, CH, HOST, game_id, **kw)
    for s in strengths:
        snap = await env.svc.add_computer(snap.id, HOST, s)
    return snap


async def play_hand(env: Env, table_id: int, rng: random.Random, *, sleeper: int | None = None) -> None:
    """Plays one hand: computers and away players through ``by_computer``, people at random,
    ``sleeper`` by running out of time."""
    start = (await env.svc.get(table_id)).hand_no
    for _ in range(3000):
        snap = await env.svc.get(table_id)
        if not snap.is_open or snap.hand_no > start or snap.paused:
            return
        user = snap.to_act_users[0]
        info = next(i for i in snap.seats if i.user_id == user)
        if user == sleeper and not info.away:
            env.clock.advance(snap.turn_seconds + 1)
            await env.svc.timeout_due(choose=lambda s, seat: first_legal(s, seat))
            continue
        legal = snap.game.legal_actions(snap.state, info.seat)
        await env.svc.act(table_id, user, rng.choice(legal), seq=snap.seq, by_computer=info.by_computer)
    raise AssertionError("the hand didn't end")


async def first_legal(snap, seat: int) -> str:
    return snap.game.legal_actions(snap.state, seat)[0]


async def test_the_host_seats_computers_who_show_with_names_and_strengths(env: Env) -> None:
    snap = await computers_table(env)
    assert [u for u in snap.lobby] == [HOST, -1, -2]
    assert snap.computers == ((-1, "easy"), (-2, "normal"))
    assert "🤖 Babbage (normal) joined as a computer player." in snap.recent
    with pytest.raises(NotHost):
        await env.svc.add_computer(snap.id, P1, "easy")
    with pytest.raises(NotAllowed):
        await env.svc.add_computer(snap.id, HOST, "genius")
    snap = await env.svc.remove_computer(snap.id, HOST, -1)
    assert snap.lobby == (HOST, -2)
    with pytest.raises(NotAllowed):
        await env.svc.remove_computer(snap.id, HOST, -1)
    snap = await env.svc.add_computer(snap.id, HOST, "strong")
    assert snap.computers == ((-2, "normal"), (-1, "strong"))  # the free name is taken again


async def test_a_full_table_takes_no_more_computers(env: Env) -> None:
    snap = await computers_table(env, "ecarte", strengths=("normal",))
    with pytest.raises(TableFull):
        await env.svc.add_computer(snap.id, HOST, "easy")


async def test_the_house_buys_computers_in_and_takes_their_chips_back(env: Env) -> None:
    snap = await computers_table(env, buy_in=50)
    started = await env.svc.start(snap.id, HOST)
    assert started.refused == ()
    table_id = snap.id
    # The house had nothing: the issuer funded exactly the two buy-ins, as recorded grants.
    grants = await env.db.fetchall(
        "SELECT amount, memo FROM transfers WHERE code='grant' AND memo='house float' ORDER BY idem_key"
    )
    assert [tuple(r) for r in grants] == [(50, "house float"), (50, "house float")]
    assert await balance(env, "escrow", -1, table_id) == 50 and await balance(env, "escrow", -2, table_id) == 50
    assert await balance(env, "user", HOUSE) == 0
    rng = random.Random(3)
    await play_hand(env, table_id, rng)
    await env.audit_ok()
    snap = await env.svc.get(table_id)
    await env.svc.end(table_id, HOST, is_admin=True, now=True)
    # Every chip at the table went back: the computers' to the house, the host's to the wallet.
    for u in (-1, -2, HOST):
        assert await balance(env, "escrow", u, table_id) == 0
    house = await balance(env, "user", HOST) + await balance(env, "user", HOUSE)
    assert house == 100 + 100  # the host's starting chips and the house's float: nothing created
    assert await balance(env, "user", -1) == 0 and await balance(env, "user", -2) == 0  # no wallets
    await env.audit_ok()


async def test_computers_are_never_ranked_but_results_against_them_count(env: Env) -> None:
    snap = await computers_table(env, buy_in=50)
    await env.svc.start(snap.id, HOST)
    await play_hand(env, snap.id, random.Random(5))
    for by in ("chips", "wins", "hands"):
        board = await env.eco.leaderboard(G, by=by)
        assert [u for u, _v in board] == [HOST], (by, board)
    stats = await env.eco.stats(G, HOST)
    assert stats["hands"] == 1


async def test_a_computer_move_for_a_person_who_is_here_is_refused(env: Env) -> None:
    snap = await computers_table(env)
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    for _ in range(50):
        if HOST in snap.to_act_users:
            break
        info = next(i for i in snap.seats if i.user_id == snap.to_act_users[0])
        legal = snap.game.legal_actions(snap.state, info.seat)
        snap = (await env.svc.act(snap.id, info.user_id, legal[0], seq=snap.seq, by_computer=True)).snapshot
    seat = snap.seat_of(HOST)
    legal = snap.game.legal_actions(snap.state, seat)
    with pytest.raises(StalePrompt):
        await env.svc.act(snap.id, HOST, legal[0], seq=snap.seq, by_computer=True)
    assert (await env.svc.get(snap.id)).seq == snap.seq


async def test_a_timed_out_turn_is_played_by_the_computer_and_the_table_says_so(env: Env) -> None:
    snap = await computers_table(env)
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    rng = random.Random(1)
    while HOST not in snap.to_act_users:
        info = next(i for i in snap.seats if i.user_id == snap.to_act_users[0])
        snap = (await env.svc.act(snap.id, info.user_id, rng.choice(snap.game.legal_actions(snap.state, info.seat)),
                                  seq=snap.seq, by_computer=True)).snapshot
    seat = snap.seat_of(HOST)
    legal = snap.game.legal_actions(snap.state, seat)
    # Not the game's default, so the log shows whose move it was.
    wanted = next(a for a in reversed(legal) if a != snap.game.timeout_action(snap.state, seat))

    async def choose(s, st: int) -> str:
        assert (s.id, st) == (snap.id, seat)
        return wanted

    env.clock.advance(snap.turn_seconds + 1)
    (result,) = await env.svc.timeout_due(choose=choose)
    row = await env.db.fetchone("SELECT kind, payload FROM table_log WHERE table_id=? AND seat=? ORDER BY seq DESC",
                                (snap.id, seat))
    assert (row["kind"], row["payload"]) == ("timeout", wanted)
    assert any("ran out of time; the computer played for them" in line for line in result.snapshot.recent)


async def test_after_repeated_timeouts_the_computer_plays_until_the_person_is_back(env: Env) -> None:
    await env.eco.update_settings(G, max_timeouts=2)
    snap = await computers_table(env, strengths=("easy",))
    await env.svc.join(snap.id, P1)
    await env.svc.start(snap.id, HOST)
    rng = random.Random(2)
    away = None
    for _ in range(2000):
        snap = await env.svc.get(snap.id)
        if snap.paused or not snap.is_open:
            break
        user = snap.to_act_users[0]
        info = next(i for i in snap.seats if i.user_id == user)
        if user == P1 and not info.away:
            env.clock.advance(snap.turn_seconds + 1)
            await env.svc.timeout_due(choose=first_legal)
            away = next(i for i in (await env.svc.get(snap.id)).seats if i.user_id == P1)
            continue
        if user == P1:
            break  # away: the computer's turn to play for them
        legal = snap.game.legal_actions(snap.state, info.seat)
        await env.svc.act(snap.id, user, rng.choice(legal), seq=snap.seq, by_computer=info.by_computer)
    assert away is not None and away.away and away.timeouts == 2 and not away.leaving
    snap = await env.svc.get(snap.id)
    assert any("the computer plays for them until they press **I'm back**" in line for line in snap.recent)
    # The computer plays for them now: its move is taken and the count doesn't reset.
    if P1 in snap.to_act_users:
        seat = snap.seat_of(P1)
        legal = snap.game.legal_actions(snap.state, seat)
        snap = (await env.svc.act(snap.id, P1, legal[0], seq=snap.seq, by_computer=True)).snapshot
        assert next(i for i in snap.seats if i.user_id == P1).away
    snap = await env.svc.back(snap.id, P1)
    info = next(i for i in snap.seats if i.user_id == P1)
    assert not info.away and info.timeouts == 0
    assert snap.recent[-1].endswith("is back.")
    with pytest.raises(NotAllowed):
        await env.svc.back(snap.id, P1)
    await env.audit_ok()


async def test_an_away_person_stays_seated_between_hands(env: Env) -> None:
    await env.eco.update_settings(G, max_timeouts=1, hand_pause_seconds=0)
    snap = await computers_table(env, strengths=("easy",))
    await env.svc.join(snap.id, P1)
    await env.svc.start(snap.id, HOST)
    await play_hand(env, snap.id, random.Random(4), sleeper=P1)
    snap = await env.svc.get(snap.id)
    assert snap.hand_no == 2 and P1 in [i.user_id for i in snap.seats]
    assert next(i for i in snap.seats if i.user_id == P1).away


async def test_a_table_left_to_the_computer_closes_at_the_end_of_the_hand(env: Env) -> None:
    await env.eco.update_settings(G, max_timeouts=1, hand_pause_seconds=0)
    snap = await computers_table(env, strengths=("easy", "easy"))
    await env.svc.start(snap.id, HOST)
    await play_hand(env, snap.id, random.Random(6), sleeper=HOST)
    snap = await env.svc.get(snap.id)
    assert snap.status == "finished"
    assert "Nobody is left at the table but the computer: the table closes." in snap.recent
    await env.audit_ok()


async def test_the_beat_between_hands_waits_for_people_only(env: Env) -> None:
    snap = await computers_table(env)
    await env.svc.start(snap.id, HOST)
    await play_hand(env, snap.id, random.Random(8))
    snap = await env.svc.get(snap.id)
    assert snap.paused and snap.waiting_for_next == (HOST,)
    snap = await env.svc.ready(snap.id, HOST)
    assert not snap.paused and snap.hand_no == 2


async def test_the_last_person_leaving_a_lobby_of_computers_closes_it(env: Env) -> None:
    snap = await computers_table(env)
    snap = await env.svc.leave(snap.id, HOST)
    assert snap.status == "void"
    with pytest.raises(BadPhase):
        await env.svc.add_computer(snap.id, HOST, "easy")


async def test_a_lobby_host_who_leaves_passes_the_table_to_a_person(env: Env) -> None:
    snap = await computers_table(env)
    await env.svc.join(snap.id, P2)
    snap = await env.svc.leave(snap.id, HOST)
    assert snap.host_id == P2


async def test_a_computer_that_misses_its_turn_is_played_for_but_never_counted_away(env: Env) -> None:
    await env.eco.update_settings(G, max_timeouts=1)
    snap = await computers_table(env, strengths=("easy", "easy"))
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    rng = random.Random(9)
    while not snap.to_act_users or snap.to_act_users[0] > 0:  # the person plays until a computer's turn
        seat = snap.seat_of(HOST)
        snap = (await env.svc.act(snap.id, HOST, rng.choice(snap.game.legal_actions(snap.state, seat)),
                                  seq=snap.seq)).snapshot
    computer = snap.to_act_users[0]
    env.clock.advance(snap.turn_seconds + 1)  # its worker never answered
    (result,) = await env.svc.timeout_due(choose=first_legal)
    info = next(i for i in result.snapshot.seats if i.user_id == computer)
    assert info.timeouts == 0 and not info.away and not info.leaving
    assert not any("ran out of time" in line for line in result.snapshot.recent)


async def test_a_hand_history_names_the_computer_players_as_computers(env: Env) -> None:
    snap = await computers_table(env, "razz", strengths=("easy",))
    await env.svc.start(snap.id, HOST)
    await play_hand(env, snap.id, random.Random(12))
    text = await env.db.scalar("SELECT history_text FROM hands WHERE table_id=? AND hand_no=1", (snap.id,))
    assert "🤖 Ada" in text, text

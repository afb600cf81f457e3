"""A medal means the player won by the game's rules (issue 26: "🥇 @alice — ace high · −13 chips"
three times, "🥇 @dave — folded", four 🥇 at −340 in Burraco)."""

from __future__ import annotations

from bot.service.results import HandResult, ResultLine, TeamLine
from cogs.ui.results import WINNER, result_lines, teams_text


def lines_of(result: HandResult) -> list[str]:
    return result_lines(result).split("\n")


def test_in_a_chip_hand_only_who_took_chips_has_a_medal_and_comes_first() -> None:
    result = HandResult("hand", 3, "", (
        ResultLine(1, 1, "ace high", net=-13, chips=87),  # best hand shown, yet paid more than it took
        ResultLine(2, 2, "folded", net=-2, chips=98),
        ResultLine(3, 3, "takes the pot", net=15, chips=115),
    ))
    shown = lines_of(result)
    assert shown[0].startswith(f"{WINNER} <@3>")
    assert [line.startswith(WINNER) for line in shown] == [True, False, False]
    assert not any(line[:2] in ("1.", "2.", "3.") for line in shown)  # the chips say where they stand


def test_nobody_wins_a_hand_where_everyone_lost_to_a_carried_pot() -> None:
    result = HandResult("hand", 1, "", tuple(ResultLine(u, 1, "ace high", net=-13, chips=87) for u in (1, 2, 3)), pot=39)
    assert WINNER not in result_lines(result)


def test_a_deal_in_the_middle_of_a_game_has_a_leader_but_no_winner() -> None:
    result = HandResult("deal", 1, "", (
        ResultLine(1, 1, score=-340, total=-340), ResultLine(2, 1, score=-340, total=-340),
        ResultLine(3, 1, score=-340, total=-340), ResultLine(4, 1, score=-340, total=-340),
    ), teams=(TeamLine((1, 3), 1, -340), TeamLine((2, 4), 1, -340)))
    assert WINNER not in result_lines(result) and WINNER not in teams_text(result)
    lead = HandResult("deal", 2, "", (ResultLine(1, 1, score=50, total=90), ResultLine(2, 2, score=-5, total=40)),
                      teams=(TeamLine((1,), 1, 90), TeamLine((2,), 2, 40)))
    assert WINNER not in result_lines(lead) and WINNER not in teams_text(lead)
    assert lines_of(lead)[0].startswith("1. <@1>")


def test_final_standings_crown_the_first_place_unless_all_share_it() -> None:
    final = HandResult("final", 5, "", (ResultLine(1, 2, total=11), ResultLine(2, 1, total=12)))
    assert lines_of(final)[0].startswith(f"{WINNER} <@2>") and lines_of(final)[1].startswith("2. <@1>")
    tied = HandResult("final", 5, "", (ResultLine(1, 1, total=11), ResultLine(2, 1, total=11)))
    assert WINNER not in result_lines(tied)
    ended = HandResult("ended", 5, "", (ResultLine(1, 2, total=11), ResultLine(2, 1, total=12)))
    assert WINNER not in result_lines(ended)  # a table ended early: standings, no winner

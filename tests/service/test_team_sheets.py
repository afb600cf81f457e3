"""A score sheet shared by partners ranks teams: after a Burraco deal both partners are first
and the other team second (not "🥇 🥇 3. 3."), and the result names the teams."""

from __future__ import annotations

from bot.service.results import deal_result, standings
from games.core.views import ScoreSheet

USERS = (11, 12, 13, 14)
SHEET = ScoreSheet((("Deal 1", (-340, 120, -340, 120)),), (-340, 120, -340, 120), teams=((0, 2), (1, 3)))


def test_a_deal_result_ranks_the_partnerships() -> None:
    result = deal_result(1, USERS, "Deal 1 is over.", SHEET)
    assert {line.user_id: line.placing for line in result.lines} == {11: 2, 12: 1, 13: 2, 14: 1}
    assert [(t.user_ids, t.placing, t.score) for t in result.teams] == [((12, 14), 1, 120), ((11, 13), 2, -340)]


def test_without_teams_ties_share_a_place_and_the_next_one_is_skipped() -> None:
    alone = ScoreSheet(SHEET.rows, SHEET.totals)
    result = deal_result(1, USERS, "", alone)
    assert sorted(line.placing for line in result.lines) == [1, 1, 3, 3]
    assert result.teams == ()


def test_standings_of_a_table_ended_early_rank_the_partnerships_too() -> None:
    result = standings(USERS, headline="Ended.", totals=SHEET.totals, sheet=SHEET)
    assert sorted(line.placing for line in result.lines) == [1, 1, 2, 2]
    assert len(result.teams) == 2 and result.teams[0].user_ids == (12, 14)

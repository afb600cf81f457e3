"""The transcript tool reads Discord timestamps as the players' client does, in their language.

A Japanese transcript showed "in 20 s" where a Japanese client shows "20 秒後": a reader checking the
Japanese table would have taken the tool's English for the bot's.
"""

from datetime import UTC, datetime

from tools.mdrender import humanize

NOW = datetime(2026, 12, 2, 18, 0, tzinfo=UTC)
SOON = int(NOW.timestamp()) + 20
EARLIER = int(NOW.timestamp()) - 300


def test_relative_times_read_in_the_players_language() -> None:
    assert humanize(f"Turn ends <t:{SOON}:R>.", {}, NOW) == "Turn ends in 20 seconds."
    assert humanize(f"持ち時間は<t:{SOON}:R>に終わります。", {}, NOW, "ja") == "持ち時間は20 秒後に終わります。"
    assert humanize(f"<t:{EARLIER}:R>", {}, NOW, "ja") == "5 分前"


def test_mentions_and_dates_as_a_client_shows_them() -> None:
    assert humanize(f"<@42> <t:{SOON}:f>", {42: "alice"}, NOW) == "@alice December 2, 2026, 6:00:20\u202fPM UTC"  # CLDR puts a narrow no-break space before PM
    assert humanize(f"<t:{SOON}>", {}, NOW, "ja") == "2026年12月2日 18:00:20 UTC"

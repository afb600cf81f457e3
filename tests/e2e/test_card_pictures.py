"""Card pictures through SimCord: ``table.png`` on the table message, ``hand.png`` on each panel.

The hand picture is compared byte for byte with one drawn directly from the
player's own cards (so it can show no card they don't hold); the table picture
decodes to the expected width; an unchanged picture is not uploaded again; and a
server that turns pictures off in ``/admin settings`` gets the text only.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from cogs.pictures import hand_picture, png
from cogs.pictures.compose import WIDTH
from cogs.ui.pictures import hand_pic
from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, snapshot


def _picture(message: Any, name: str) -> Any | None:
    files = [a for a in message.attachments if a.filename == name]
    assert len(files) <= 1
    return files[0] if files else None


async def _image(att: Any) -> Image.Image:
    return Image.open(io.BytesIO(await att.read()))


async def test_panel_and_table_carry_pictures_of_what_they_show(world: World) -> None:
    w = world
    table = await open_table(w, "razz", [w.alice, w.bob, w.carol])
    await w.bot.publisher.idle()
    message = table.table_message()
    att = _picture(message, "table.png")
    assert att is not None, "the table message has no picture"
    assert message.embeds[0].image.url == "attachment://table.png"
    img = await _image(att)
    assert img.format == "PNG" and img.width == WIDTH and img.height > 60
    snap = await snapshot(w, table)
    for who in (w.alice, w.bob, w.carol):
        r = await table.open_hand(who)
        panel = r.response
        assert panel is not None and panel.ephemeral
        hand = _picture(panel, "hand.png")
        assert hand is not None and panel.embeds[0].image.url == "attachment://hand.png"
        sv = snap.game.view(snap.state, snap.seat_of(who.id))
        expected = png(hand_pic("razz", sv, "suit"))
        assert await hand.read() == expected  # exactly this player's cards, nobody else's
        others = [snap.game.view(snap.state, s).hand for s in range(3) if s != snap.seat_of(who.id)]
        assert all(png(hand_picture("standard", list(h))) != expected for h in others)


async def test_an_unchanged_table_picture_is_not_uploaded_again(world: World) -> None:
    """Razz betting changes no card on the table: the edits keep the uploaded picture."""
    w = world
    table = await open_table(w, "razz", [w.alice, w.bob, w.carol])
    kept = replaced = 0
    last: tuple[int, bytes] | None = None
    for _ in range(40):
        await w.bot.publisher.idle()
        att = _picture(table.table_message(), "table.png")
        if att is not None:
            data = await att.read()
            if last is not None and last[1] == data:
                kept += att.id == last[0]
                assert att.id == last[0], "the same picture was uploaded again"
            elif last is not None:
                replaced += 1
            last = (att.id, data)
        if await table.play_turn() is None:
            break
    assert kept >= 2 and replaced >= 1, (kept, replaced)


async def test_pictures_off_leaves_the_text_only(world: World) -> None:
    w = world
    r = await w.mod.slash(w.channel, "admin settings", card_images=False)
    assert r.response is not None and "Card pictures" in r.response.content + str(r.response.embeds[0].to_dict())
    table = await open_table(w, "renfield", w.players)
    for _ in range(6):
        if await table.play_turn() is None:
            break
    await w.bot.publisher.idle()
    assert not table.table_message().attachments
    assert not table.table_message().embeds[0].image
    panel = (await table.open_hand(w.alice)).response
    assert panel is not None and not panel.attachments and panel.embeds[0].description
    r = await w.mod.slash(w.channel, "admin settings", card_images=True)
    panel = (await table.open_hand(w.alice)).response
    assert panel is not None and _picture(panel, "hand.png") is not None

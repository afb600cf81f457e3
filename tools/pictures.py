"""Write the showcase pictures (a hand and the table of several games) as PNGs, to look at them.

``python -m tools.pictures --out docs/images``
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cogs.pictures import deck_of, png, table_picture
from cogs.ui.pictures import hand_pic
from tools.scenes import showcase

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")


def write(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for scene in showcase():
        sv = scene.view()
        family = deck_of(scene.game.id)
        pic = hand_pic(scene.game.id, sv, "suit") if scene.name.endswith("hand") else table_picture(family, sv.public, NAMES)
        data = png(pic) if pic is not None else None
        if data is None:
            print(f"{scene.name}: nothing to draw")
            continue
        path = out / f"{scene.name}.png"
        path.write_bytes(data)
        written.append(path)
        print(f"{path}  {len(data)} bytes")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    write(parser.parse_args().out)


if __name__ == "__main__":
    main()

"""Card pictures: milliseconds and bytes per hand and table picture, for several games.

Each picture is drawn from cached tiles and encoded to PNG (the content cache
bypassed: every sample is a real drawing). Target: p99 ≤ 20 ms per picture.
``python -m benchmarks.images [--quick]``
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cogs.pictures import deck_of, png, table_picture
from cogs.pictures.compose import HandPicture, TablePicture
from cogs.ui.pictures import hand_pic
from tools.scenes import showcase

TARGET_P99_MS = 20.0
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))] * 1000.0


def _pictures() -> list[tuple[str, HandPicture | TablePicture]]:
    out: list[tuple[str, HandPicture | TablePicture]] = []
    for scene in showcase():
        sv = scene.view()
        family = deck_of(scene.game.id)
        hand = hand_pic(scene.game.id, sv, "suit")  # as the panel draws it: ordered and grouped
        table = table_picture(family, sv.public, NAMES)
        if hand is not None:
            out.append((f"{scene.game.id} hand ({len(sv.hand)} cards)", hand))
        if table is not None:
            out.append((f"{scene.game.id} table ({scene.name})", table))
    return out


def run(quick: bool = False) -> dict[str, Any]:
    repeats = 20 if quick else 200
    draw = png.__wrapped__  # the drawing itself, not the content cache
    rows: dict[str, dict[str, float]] = {}
    everything: list[float] = []
    for name, pic in _pictures():
        data = draw(pic)  # tiles drawn once here, as a running bot has them after its first table
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            draw(pic)
            times.append(time.perf_counter() - start)
        everything += times
        rows[name] = {"p50_ms": _pct(times, 0.5), "p99_ms": _pct(times, 0.99), "bytes": len(data or b"")}
    print(f"{'picture':<44}{'p50 ms':>9}{'p99 ms':>9}{'bytes':>8}")
    for name, r in rows.items():
        print(f"{name:<44}{r['p50_ms']:>9.2f}{r['p99_ms']:>9.2f}{r['bytes']:>8.0f}")
    p99 = _pct(everything, 0.99)
    print(f"all pictures: p50 {_pct(everything, 0.5):.2f} ms, p99 {p99:.2f} ms; target p99 ≤ {TARGET_P99_MS:.0f} ms — "
          f"{'met' if p99 <= TARGET_P99_MS else 'NOT met'}")
    return {"pictures": rows, "p99_ms": p99, "target_met": p99 <= TARGET_P99_MS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    run(parser.parse_args().quick)


if __name__ == "__main__":
    main()

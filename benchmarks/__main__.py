"""Run every benchmark and print its figures: ``python -m benchmarks [--quick]``."""

from __future__ import annotations

import argparse
import importlib

# Each module exposes run(quick: bool) -> dict and prints its own table.
MODULES = (
    "benchmarks.engines", "benchmarks.razz_vs_pokerkit", "benchmarks.ledger", "benchmarks.discord_load",
    "benchmarks.computer_load", "benchmarks.thinking", "benchmarks.ai", "benchmarks.decision_times", "benchmarks.ratings",
    "benchmarks.images", "benchmarks.shards", "benchmarks.tournaments",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short runs, for a smoke check")
    args = parser.parse_args()
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
            continue
        print(f"\n== {name} ==")
        module.run(quick=args.quick)


if __name__ == "__main__":
    main()

"""How many Long Way sheets rollwrite parses and evaluates (every rule, the score) per CPU second, on one core.

Run by hand:  python benchmarks/long_way_score.py [--seconds 3]

The sheets are finished games (with no game log) played by the automatic player on a few seeds, so
the mix looks like what players type in: 15-25 tiles, up to two cafeterias, some added walls.  Each
round parses the text and evaluates it (``Game.evaluate``: every rule checked and the customers' path
scored, in one replay).  Goal: 5,000 a second.  The clock is this process's CPU time (user and system),
which other work on a shared machine does not inflate.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rollwrite.dice import make_schedule  # noqa: E402
from rollwrite.games import get  # noqa: E402
from rollwrite.games.long_way.format import Gate, format_sheet  # noqa: E402
from rollwrite.games.long_way.play import play, schedule_dice  # noqa: E402
from rollwrite.layoutlang.layout import load_builtin  # noqa: E402


def sheets(n: int = 24) -> list[str]:
    game, layout = get("long-way"), load_builtin("long-way")
    spec = game.score_dice_spec(layout, None)
    out = []
    for i in range(n):
        seed = f"bench-{i % 6}"
        sched = make_schedule("long-way", f"long-way#{seed}", spec, seed=seed)
        gates = [(Gate(21, 8), Gate(6, 1)), (Gate(3, 1), Gate(45, 4))][i % 2]
        sheet = play(layout.data, schedule_dice(sched), style=str(i), entrance=gates[0], exit=gates[1])
        out.append(format_sheet(replace(sheet, log=None)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="how long to run, in CPU seconds (default 3)")
    args = ap.parse_args()
    game, layout = get("long-way"), load_builtin("long-way")
    data = layout.data
    texts = sheets()
    done = 0
    totals = 0
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        for text in texts:
            sheet = game.parse(text, "bench.txt", data)
            totals += game.evaluate(sheet, data, None).score.total
            done += 1
    elapsed = time.process_time() - start
    rate = done / elapsed
    print(f"{done} sheets in {elapsed:.2f} s of CPU: {rate:,.0f} sheets per CPU second "
          f"(parse + evaluate: every rule and the score; goal 5,000) {'OK' if rate >= 5000 else 'below goal'}")
    print(f"checksum of totals: {totals}")


if __name__ == "__main__":
    main()

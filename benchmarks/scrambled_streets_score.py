"""Scrambled Streets: replaying and scoring a 40-turn game.  Goal: under 20 ms for the replay and score.

Run by hand:  python benchmarks/scrambled_streets_score.py [--runs 10]

1. In process: parse + replay (every push, every check, the longest path after each turn) + the score
   report of a 40-turn game, best of many runs.  This is the figure the goal is about.
2. Whole processes: `rollwrite score scrambled-streets GAME --json` against a bare floor process that
   imports the same rules code and does the same work without the command line, so the ratio shows
   what the CLI adds (start-up, layout loading, Typer) on top of Python's own start-up.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from rollwrite.games.scrambled_streets.format import format as format_game  # noqa: E402
from rollwrite.games.scrambled_streets.format import parse  # noqa: E402
from rollwrite.games.scrambled_streets.rules import replay, report  # noqa: E402
from rollwrite.games.scrambled_streets.solve import play  # noqa: E402
from rollwrite.layoutlang.layout import load_builtin  # noqa: E402

FLOOR = """
import sys
from rollwrite.games.scrambled_streets.data import load
from rollwrite.games.scrambled_streets.format import parse
from rollwrite.games.scrambled_streets.rules import replay
from rollwrite.layoutlang.loading import load_yaml
import yaml
root = load_yaml(open(sys.argv[2], encoding="utf-8").read(), sys.argv[2])
deck = load(root.get("data"))
rep = replay(parse(open(sys.argv[1], encoding="utf-8").read(), sys.argv[1]), deck)
print(rep.totals, len(rep.breakdown["turns"]))
"""


def whole(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(args, capture_output=True, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    a = ap.parse_args()
    deck = load_builtin("scrambled-streets").data
    game, _ = play(deck, "scrambled-streets#bench", 40, greedy=False)
    text = format_game(game)
    assert len(game.moves) == 40

    def work() -> None:
        rep = replay(parse(text, "bench.txt"), deck)
        report(rep.breakdown, game.names)

    best = min(timeit.repeat(work, number=1, repeat=max(20, a.runs * 5)))
    print(f"in process: parse + replay + score of a 40-turn game: best {best * 1000:.1f} ms (goal < 20 ms)")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.txt"
        path.write_text(text, encoding="utf-8")
        floor_py = Path(tmp) / "floor.py"
        floor_py.write_text(FLOOR, encoding="utf-8")
        layout = str(ROOT / "layouts" / "scrambled-streets.yaml")
        exe = str(Path(sys.executable).with_name("rollwrite"))
        cli = whole([exe, "score", "scrambled-streets", str(path), "--json"], a.runs)
        floor = whole([sys.executable, str(floor_py), str(path), layout], a.runs)
        bare = whole([sys.executable, "-c", "pass"], a.runs)
    print(f"whole process: rollwrite score {cli * 1000:.0f} ms, floor {floor * 1000:.0f} ms, "
          f"bare python {bare * 1000:.0f} ms; ratio to floor {cli / floor:.2f}")


if __name__ == "__main__":
    main()

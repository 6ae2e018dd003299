"""Typed-in sheets for the scoring benchmark, written by the games' own formatters.

    .venv/bin/python benchmarks/score_sheets.py FOLDER [--count 10000]    # FOLDER/<game>/00001.txt ...

Where the sheets come from, per game:
  long-way            finished games of the automatic player (rollwrite.games.long_way.play), each on
                      the dice of a random seed, with one of four pairs of gates: random legal sheets;
  the other games     the finished sheets in examples/<game>/ that break no rule (these games have no
                      automatic player; their puzzle solver is far too slow to make thousands).
Each distinct sheet is parsed, checked to be legal and formatted again by the game's formatter; the
files cycle through the distinct sheets (about 200 for the Long Way, a handful for the others).
Made once and kept in FOLDER; a folder with the right count is reused.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("long-way", "wobbly-cafe", "shelving-wars", "lines-and-sections", "scrambled-streets")


def distinct_sheets(game: str) -> list[str]:
    from rollwrite import games
    from rollwrite.spec.layout import load_builtin

    g, layout = games.get(game), load_builtin(game)
    rng = random.Random(f"bench-{game}")
    texts: list[str] = []
    if game == "long-way":
        from rollwrite.dice import make_schedule
        from rollwrite.games.long_way.format import Gate
        from rollwrite.games.long_way.play import play, schedule_dice

        spec = g.score_dice_spec(layout, None)
        gates = [(Gate(21, 8), Gate(6, 1)), (Gate(3, 1), Gate(45, 4)), (Gate(6, 1), Gate(45, 4)),
                 (Gate(45, 4), Gate(21, 8))]
        for i in range(200):
            seed = f"bench-{rng.randrange(10**9)}"
            sched = make_schedule(game, f"{game}#{seed}", spec, seed=seed)
            a, b = rng.choice(gates)
            try:
                sheet = play(layout.data, schedule_dice(sched), style=str(i), entrance=a, exit=b)
            except Exception:  # a gate the player cannot use: try the next seed
                continue
            texts.append(g.format(replace(sheet, log=None), layout.data))
    else:
        for path in sorted((ROOT / "examples" / game).glob("*.txt")):
            texts.append(path.read_text(encoding="utf-8"))
    from rollwrite.errors import RollwriteError

    legal = []
    for text in texts:
        try:
            sheet = g.parse(text, "bench", layout.data)
        except RollwriteError:
            continue
        if not g.check(sheet, layout.data, None):
            legal.append(g.format(sheet, layout.data))
    if not legal:
        raise SystemExit(f"{game}: no legal sheet to write")
    return legal


def make_folder(game: str, count: int, cache: Path) -> Path:
    folder = cache / f"{game}-{count}"
    if folder.is_dir() and len(list(folder.iterdir())) == count:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    sheets = distinct_sheets(game)
    width = len(str(count))
    for i in range(count):
        (folder / f"{i + 1:0{width}d}.txt").write_text(sheets[i % len(sheets)], encoding="utf-8")
    print(f"{game}: {count:,} files from {len(sheets)} distinct legal sheets in {folder}", file=sys.stderr)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--count", type=int, default=10_000)
    args = ap.parse_args()
    for game in GAMES:
        make_folder(game, args.count, args.folder)


if __name__ == "__main__":
    main()

"""The difficulty split over a year of dailies: how many puzzles each level holds, and which rung of each
game's ladder first reaches par (rollwrite.difficulty).

    .venv/bin/python benchmarks/difficulty.py                    # every daily of 2027, every game with puzzles
    .venv/bin/python benchmarks/difficulty.py --every 5 --games shelving-wars wobbly-cafe   # a sample
    .venv/bin/python benchmarks/difficulty.py --jsonl out/difficulty.jsonl
    .venv/bin/python benchmarks/difficulty.py --report out/difficulty.jsonl                    # the table again

Each puzzle is made as ``rollwrite puzzle GAME --daily DAY`` makes it (on one process).  For a score
puzzle the table shows, per rung of its game's ladder, how many puzzles it is the first to reach par on,
and checks, for each puzzle, that its rung's player reaches par and that every rung below does not (the
scores the grade records); a puzzle no rung reaches is counted by its level, with how far the strongest
rung falls short.  Lines & Sections has no par but one right answer: a rung scores 1 when it finds it.
Scrambled Streets' par is its one best placement: a rung reaches it when its player plays that.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import contextlib
import datetime as dt
import json
import sys


def measure(slug: str, day: dt.date) -> dict:
    from rollwrite.core.puzzles import make_puzzles

    _, _, (p,) = make_puzzles(slug, daily=day.isoformat(), jobs=1)
    return {"game": slug, "day": day.isoformat(), "par": p.par, "difficulty": p.difficulty, "grade": p.grade}


def _measure(job: tuple[str, dt.date]) -> dict:
    return measure(*job)


def check(row: dict) -> str | None:
    """What is wrong with a puzzle's grade, or None: its rung reaches par, the rungs below do not."""
    grade, par = row.get("grade"), row["par"]
    if not grade:
        return None
    if par is None:
        par = 1  # a puzzle with one right answer and no par (Lines & Sections): a rung scores 1 when it finds it
    scores = grade["scores"]
    if grade["reached_by"] is not None and not (scores and scores[-1] >= par):
        return f"{row['day']}: {grade['reached_by']} scores {scores[-1] if scores else None}, below par {par}"
    below = scores[:-1] if grade["reached_by"] is not None else scores
    if any(s >= par for s in below):
        return f"{row['day']}: a rung below {grade['reached_by']} already reaches par {par} ({scores})"
    return None


def report(rows: list[dict]) -> int:
    from rollwrite import games
    from rollwrite.difficulty import LEVELS

    bad = 0
    for slug in sorted({r["game"] for r in rows}):
        mine = [r for r in rows if r["game"] == slug]
        n = len(mine)
        levels = collections.Counter(r["difficulty"] for r in mine)
        print(f"\n{games.get(slug).title}: {n} dailies")  # type: ignore[union-attr]
        print("| level | puzzles | share |\n| --- | --- | --- |")
        for level in LEVELS:
            print(f"| {level} | {levels[level]} | {100 * levels[level] / n:.0f} % |")
        graded = [r for r in mine if r.get("grade")]
        if graded:
            rungs: dict = collections.defaultdict(lambda: collections.Counter())
            short: dict = collections.defaultdict(list)
            height: dict = {}  # each rung's place on the ladder: how many rungs its puzzles played
            for r in graded:
                g = r["grade"]
                name = g["reached_by"] or f"none ({r['difficulty']})"
                rungs[name][r["difficulty"]] += 1
                height[name] = len(g["scores"]) if g["reached_by"] else 10**6
                if g["reached_by"] is None:
                    short[r["difficulty"]].append(g["short_by"])
            print("\n| first rung to reach par | puzzles | level |\n| --- | --- | --- |")
            for name, levels_of in sorted(rungs.items(), key=lambda kv: height[kv[0]]):
                for level, count in levels_of.items():
                    extra = ""
                    if name.startswith("none"):
                        s = short[level]
                        extra = f" (strongest short by {min(s)} to {max(s)})"
                    print(f"| {name} | {count} | {level}{extra} |")
            problems = [p for p in map(check, graded) if p]
            bad += len(problems)
            print(f"\nchecked: {len(graded) - len(problems)} of {len(graded)} reached by their rung and not by the one below")
            for p in problems:
                print(f"  {p}")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--year", type=int, default=2027)
    ap.add_argument("--every", type=int, default=1, help="take every N-th day (a sample)")
    ap.add_argument("--games", nargs="*", help="games to run (default: every game that makes puzzles)")
    ap.add_argument("--jsonl", help="also write one JSON line per puzzle here")
    ap.add_argument("--jobs", type=int, default=1, help="make this many puzzles at once, each in a process of its own")
    ap.add_argument("--report", nargs="+", metavar="JSONL", help="print the table of JSON lines written before")
    args = ap.parse_args()
    if args.report:
        rows = [json.loads(line) for path in args.report for line in open(path, encoding="utf-8") if line.strip()]
        return report(rows)
    from rollwrite import games

    slugs = args.games or [s for s in games.known() if games.get(s).can_puzzle]  # type: ignore[union-attr]
    first = dt.date(args.year, 1, 1)
    days = [first + dt.timedelta(i) for i in range(0, (dt.date(args.year + 1, 1, 1) - first).days, args.every)]
    rows = []
    out = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None
    todo = [(slug, day) for slug in slugs for day in days]
    try:
        with concurrent.futures.ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
            made = pool.map(_measure, todo) if pool is not None else map(_measure, todo)
            for row in made:  # in the order asked, whichever process made it
                rows.append(row)
                if out is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                print(f"{row['game']} {row['day']}: {row['difficulty']}", file=sys.stderr)
    finally:
        if out is not None:
            out.close()
    return report(rows)


if __name__ == "__main__":
    sys.exit(main())

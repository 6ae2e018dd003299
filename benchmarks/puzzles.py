"""Puzzle generation over a year of dailies: time per puzzle, how much of par is proven, the gaps.

    .venv/bin/python benchmarks/puzzles.py                 # every daily of 2027, every game with puzzles
    .venv/bin/python benchmarks/puzzles.py --every 7       # a sample: every 7th day
    .venv/bin/python benchmarks/puzzles.py --games wobbly-cafe --year 2027 --jsonl out/puzzles.jsonl

For each puzzle it times the whole of ``make_puzzle`` (solver included) in this one process, on one
core, and prints per game: the median and worst time per puzzle (wall clock, and the CPU time of
this process, which other work on a shared machine does not inflate), the share of parts (the café's
floors) whose par is proven optimal, and the mean gap between par and the bound no sheet beats.
The goals: the café proven on at least 95% of floors at a median of at most 2 s per floor, and no
puzzle above 10 s.  Each line of ``--jsonl`` is one puzzle's figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--year", type=int, default=2027)
    ap.add_argument("--every", type=int, default=1, help="take every N-th day (a sample)")
    ap.add_argument("--games", nargs="*", help="games to run (default: every game that makes puzzles)")
    ap.add_argument("--jsonl", help="also write one JSON line per puzzle here")
    args = ap.parse_args()

    from rollwrite import games
    from rollwrite.cli.puzzle import make_puzzles

    slugs = args.games or [s for s in games.known() if games.get(s).can_puzzle]
    first = dt.date(args.year, 1, 1)
    days = []
    d = first
    while d.year == args.year:
        days.append(d)
        d += dt.timedelta(days=args.every)
    out = open(args.jsonl, "w") if args.jsonl else None
    for slug in slugs:
        times: list[float] = []
        cpus: list[float] = []
        parts = proven = 0
        gaps: list[float] = []
        part_times: list[float] = []
        part_cpus: list[float] = []
        for i, day in enumerate(days):
            t0, c0 = time.perf_counter(), time.process_time()
            _, _, (p,) = make_puzzles(slug, daily=day.isoformat())
            took, cpu = time.perf_counter() - t0, time.process_time() - c0
            times.append(took)
            cpus.append(cpu)
            ps = p.parts or [{"par": p.par, "bound": p.bound, "proven": p.par_proven}]
            parts += len(ps)
            proven += sum(1 for x in ps if x.get("proven"))
            part_times += [took / len(ps)] * len(ps)
            part_cpus += [cpu / len(ps)] * len(ps)
            if p.par is not None and p.bound is not None:
                gaps.append(p.bound - p.par)
            if out:
                out.write(json.dumps({"game": slug, "day": day.isoformat(), "seconds": round(took, 3), "cpu": round(cpu, 3), **p.to_json()}) + "\n")
                out.flush()
            print(f"\r{slug}: {i + 1}/{len(days)}", end="", file=sys.stderr, flush=True)
        print("", file=sys.stderr)
        print(f"{slug}: {len(days)} dailies of {args.year}" + (f" (every {args.every}th day)" if args.every > 1 else ""))
        print(f"  time per puzzle: median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
              f" (goal: worst <= 10 s) -> {'met' if max(times) <= 10 else 'NOT met'}")
        print(f"  CPU time per puzzle (what a shared machine does not inflate): median {statistics.median(cpus):.2f} s,"
              f" worst {max(cpus):.2f} s")
        if len(ps) > 1:
            print(f"  time per part: median {statistics.median(part_times):.2f} s (CPU {statistics.median(part_cpus):.2f} s)")
        print(f"  parts with par proven optimal: {proven} of {parts} ({100 * proven / parts:.1f}%)")
        if gaps:
            print(f"  gap between par and bound: mean {statistics.mean(gaps):.2f}, worst {max(gaps):g}")
    if out:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

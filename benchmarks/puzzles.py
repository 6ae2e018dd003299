"""Puzzles over a year of dailies: how much of par is proven, how far the bound is, and the time a puzzle takes.

    .venv/bin/python benchmarks/puzzles.py                      # every daily of 2027, every game with puzzles
    .venv/bin/python benchmarks/puzzles.py --every 7            # a sample: every 7th day
    .venv/bin/python benchmarks/puzzles.py --games long-way --whole-process --jsonl out/puzzles.jsonl
    .venv/bin/python benchmarks/puzzles.py --games wobbly-cafe --part 1/2 --jsonl out/a.jsonl   # and 2/2 beside it
    .venv/bin/python benchmarks/puzzles.py --report out/a.jsonl out/b.jsonl                    # the two halves as one

For each puzzle it times ``make_puzzles`` (solver included) in this process, wall clock and the CPU time
of this process (which other work on a shared machine does not inflate).  With ``--whole-process`` it
runs ``rollwrite puzzle GAME --daily DAY --json`` as a process of its own per puzzle instead (interpreter
start, imports, solver, difficulty and the PDF all count), times it, wall clock and the child's CPU
time, and reads par, bound and parts from its JSON: each puzzle is solved once either way.

Per game it prints: the share of parts (the café's floors; a puzzle is one part otherwise) whose par
is proven optimal, the mean and worst gap between par and the bound no sheet beats (per part), and the
median and worst time per puzzle.  The goals (issue 24): one puzzle, whole process, median <= 2 s
and worst <= 6 s; Long Way proven on at least half of the dailies and the bound within 3 points of par
on at least 90 %; Wobbly Café every floor proven.  Each line of ``--jsonl`` is one puzzle's figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field


@dataclass
class Tally:
    """What one game's puzzles measured."""

    slug: str
    days: int = 0
    parts: int = 0
    no_par: int = 0  # puzzles with an answer to find but no par (solved exactly: the one winning move)
    proven: int = 0
    gaps: list[float] = field(default_factory=list)  # bound - par of each part
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    proc_wall: list[float] = field(default_factory=list)  # whole process
    proc_cpu: list[float] = field(default_factory=list)


#: the environment of a timed process: with its bytecode cache, as an installed program runs
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def whole_process(slug: str, day: str) -> tuple[float, float, dict]:
    """(wall, CPU) seconds of ``rollwrite puzzle SLUG --daily DAY --json`` as a process of its own, and
    the puzzle's JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "rollwrite", "puzzle", slug, "--daily", day, "--json",
                              "-o", os.path.join(tmp, "p.pdf")], check=True, capture_output=True, text=True,
                             env=ENV)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), json.loads(run.stdout)


def measure(slug: str, day: dt.date, whole: bool) -> dict:
    """One puzzle's row: its game and day, its times and the puzzle's own JSON (par, bound, parts)."""
    row: dict = {"game": slug, "day": day.isoformat()}
    if whole:
        wall, cpu, made = whole_process(slug, day.isoformat())
        row.update(process_seconds=round(wall, 3), process_cpu=round(cpu, 3))
    else:
        from rollwrite.core.puzzles import make_puzzles

        t0, c0 = time.perf_counter(), time.process_time()
        _, _, (p,) = make_puzzles(slug, daily=day.isoformat())
        row.update(seconds=round(time.perf_counter() - t0, 3), cpu=round(time.process_time() - c0, 3))
        made = p.to_json()
    return {**row, **made}


def add(tally: Tally, row: dict) -> None:
    """Count one puzzle's row (as :func:`measure` makes it, or read back from ``--jsonl``)."""
    if "seconds" in row:
        tally.wall.append(row["seconds"])
        tally.cpu.append(row["cpu"])
    if "process_seconds" in row:
        tally.proc_wall.append(row["process_seconds"])
        tally.proc_cpu.append(row["process_cpu"])
    tally.days += 1
    if row.get("par") is None:  # a puzzle with no par (Lines & Sections: the one winning move)
        tally.no_par += 1
        return
    parts = row.get("parts") or [{"par": row["par"], "bound": row["bound"], "proven": row["par_proven"]}]
    tally.parts += len(parts)
    tally.proven += sum(1 for x in parts if x.get("proven"))
    tally.gaps += [x["bound"] - x["par"] for x in parts if x.get("par") is not None and x.get("bound") is not None]


def _times(label: str, wall: list[float], cpu: list[float]) -> str:
    return (f"  {label}: median {statistics.median(wall):.2f} s, worst {max(wall):.2f} s wall;"
            f" median {statistics.median(cpu):.2f} s, worst {max(cpu):.2f} s CPU")


def report(t: Tally, year: int, every: int) -> None:
    print(f"{t.slug}: {t.days} dailies of {year}" + (f" (every {every}th day from 1 January)" if every > 1 else ""))
    if t.no_par:
        print(f"  no par on {t.no_par} of {t.days}: the answer is one move, found by an exact solver")
    if t.parts:
        print(f"  par proven optimal: {t.proven} of {t.parts} parts ({100 * t.proven / t.parts:.1f} %)")
    if t.gaps:
        close = sum(1 for g in t.gaps if g <= 3)
        print(f"  bound - par: mean {statistics.mean(t.gaps):.2f}, worst {max(t.gaps):g};"
              f" within 3 points on {close} of {len(t.gaps)} ({100 * close / len(t.gaps):.1f} %)")
    if t.wall:
        print(_times("in-process time a puzzle", t.wall, t.cpu))
    if t.proc_wall:
        print(_times("whole-process time a puzzle", t.proc_wall, t.proc_cpu))
        for label, xs in (("wall", t.proc_wall), ("CPU", t.proc_cpu)):
            ok = statistics.median(xs) <= 2 and max(xs) <= 6
            print(f"  goal median <= 2 s, worst <= 6 s ({label}, whole process): {'met' if ok else 'NOT met'}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--year", type=int, default=2027)
    ap.add_argument("--every", type=int, default=1, help="take every N-th day (a sample)")
    ap.add_argument("--part", default="1/1", metavar="K/N",
                    help="take the K-th of every N days (1/2 and 2/2 split a year between two runs)")
    ap.add_argument("--games", nargs="*", help="games to run (default: every game that makes puzzles)")
    ap.add_argument("--whole-process", action="store_true",
                    help="time each puzzle as its own process (rollwrite puzzle GAME --daily DAY --json)")
    ap.add_argument("--jsonl", help="also write one JSON line per puzzle here")
    ap.add_argument("--report", nargs="+", metavar="JSONL",
                    help="make no puzzle: report the lines these --jsonl files hold, per game")
    args = ap.parse_args()
    if args.report:
        tallies: dict[str, Tally] = {}
        for name in args.report:
            with open(name) as f:
                for line in f:
                    row = json.loads(line)
                    add(tallies.setdefault(row["game"], Tally(row["game"])), row)
        for tally in tallies.values():
            report(tally, args.year, 1)
        return 0

    from rollwrite import games

    slugs = args.games or [s for s in games.known() if games.get(s).can_puzzle]
    days = []
    d = dt.date(args.year, 1, 1)
    while d.year == args.year:
        days.append(d)
        d += dt.timedelta(days=args.every)
    k, n = (int(x) for x in args.part.split("/"))
    days = days[k - 1::n]
    out = open(args.jsonl, "w") if args.jsonl else None
    try:
        for slug in slugs:
            tally = Tally(slug)
            for i, day in enumerate(days):
                row = measure(slug, day, args.whole_process)
                add(tally, row)
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                print(f"\r{slug}: {i + 1}/{len(days)}", end="", file=sys.stderr, flush=True)
            print("", file=sys.stderr)
            report(tally, args.year, args.every)
    finally:
        if out:
            out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

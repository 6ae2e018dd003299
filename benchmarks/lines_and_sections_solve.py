"""Lines & Sections solver timings: `rollwrite solve` as whole processes, against a bare floor.

Run by hand:  python benchmarks/lines_and_sections_solve.py [--positions 20] [--whole 3] [--check]

1. Phase 2 on 10×10 boards: seeded random finished paths (the puzzle generator's walk), each typed out
   as a position file and solved by a whole `rollwrite solve` process.  The floor is a bare Python
   process that imports the solver and solves the same file without the command line around it.
   Goal: every position under 1 s.
2. The whole game from an empty board for n = 2 .. --whole (default 3; 4 takes a few seconds, 5 about
   five minutes), again as whole `rollwrite solve` processes.
3. --check: the whole-game results for n = 2 and 3 recomputed by an independent search that replays
   every path through the referee's own Trail and plays phase 2 by the rules (no Grundy values).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from rollwrite.games.lines_and_sections.format import Game, format_game  # noqa: E402
from rollwrite.games.lines_and_sections.rules import board, sections  # noqa: E402
from rollwrite.games.lines_and_sections.solve import Picker, random_path  # noqa: E402

FLOOR = """
import sys
from rollwrite.games.lines_and_sections.format import parse
from rollwrite.games.lines_and_sections.solve import solve_game
s = solve_game(parse(open(sys.argv[1], encoding="utf-8").read(), sys.argv[1]))
print(s.winner, s.moves)
"""


CPU: dict[str, list[float]] = {"cli": [], "floor": []}


def run(args: list[str], kind: str = "cli") -> tuple[float, str]:
    """Wall time of one whole process (and its CPU time, user + system, kept in CPU[kind]: on a loaded
    machine the wall time mostly measures the other processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU[kind].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, out.stdout


def positions(count: int, folder: Path) -> list[tuple[Path, int]]:
    b = board(10)
    out = []
    for k in range(count):
        pts = random_path(b, Picker("lines-and-sections#bench", f"10/{k}"))
        used = 0
        for a, c in zip(pts, pts[1:]):
            used |= 1 << b.edge_at[a][b.direction(a, c)]  # type: ignore[index]
        path = folder / f"p{k}.txt"
        path.write_text(format_game(Game(10, ("Ann", "Bob"), tuple(b.xy(p) for p in pts))), encoding="utf-8")
        out.append((path, len(sections(b, used))))
    return out


def check_whole(n: int) -> bool:
    """Whether the first player wins on n×n, by the independent search (memoised on the drawn set,
    end and arrival, which is all the rules look at)."""
    import copy

    from rollwrite.games.lines_and_sections.rules import Trail

    b = board(n)
    memo: dict = {}

    def phase2(secs, shaded: frozenset) -> bool:
        key = (id(secs), shaded)
        if key in memo:
            return memo[key]
        win = False
        for k in range(len(secs)):
            if k in shaded or any(j in shaded for j in secs.adjacent[k]):
                continue
            if not phase2(secs, shaded | {k}):
                win = True
                break
        memo[key] = win
        return win

    seen: dict = {}
    keep: list = []

    def draw(t: Trail) -> bool:
        key = (t.used, t.end, t.last)
        if key in seen:
            return seen[key]
        opts = t.options()
        if not opts:
            secs = sections(b, t.used)
            keep.append(secs)
            win = phase2(secs, frozenset())
        else:
            win = False
            for d in opts:
                u = copy.deepcopy(t)
                u.step(d)
                if not draw(u):
                    win = True
                    break
        seen[key] = win
        return win

    for p in range(b.points):
        for d in range(4):
            if b.edge_at[p][d] < 0:
                continue
            t = Trail(b, p)
            t.step(d)
            if not draw(t):
                return True
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20, help="10×10 positions to solve (default 20)")
    ap.add_argument("--whole", type=int, default=3, help="largest n for the whole-game search (default 3)")
    ap.add_argument("--check", action="store_true", help="also recompute n = 2, 3 by the independent search")
    args = ap.parse_args()
    cli = [sys.executable, "-m", "rollwrite", "solve", "lines-and-sections"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        floor_script = folder / "floor.py"
        floor_script.write_text(FLOOR, encoding="utf-8")
        rows = []
        for path, secs in positions(args.positions, folder):
            t_cli, out = run(cli + [str(path), "--json"])
            t_floor, _ = run([sys.executable, str(floor_script), str(path)], "floor")
            doc = json.loads(out)
            rows.append((t_cli, t_floor, secs, doc["winner"]))
        times = sorted(r[0] for r in rows)
        print(f"phase 2, 10×10, {len(rows)} positions ({min(r[2] for r in rows)}–{max(r[2] for r in rows)} sections):")
        cpu = sorted(CPU["cli"])
        print(f"  rollwrite solve, wall: median {statistics.median(times):.2f} s, slowest {times[-1]:.2f} s "
              f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
        print(f"  rollwrite solve, CPU:  median {statistics.median(cpu):.2f} s, most {cpu[-1]:.2f} s "
              f"(goal < 1 s per process: {'OK' if cpu[-1] < 1 else 'NOT MET'}; on a loaded machine the wall "
              "time mostly measures the other processes)")
        floors = sorted(r[1] for r in rows)
        print(f"  bare floor:      median {statistics.median(floors):.2f} s, slowest {floors[-1]:.2f} s; "
              f"ratio of medians {statistics.median(times) / statistics.median(floors):.2f}; CPU median "
              f"{statistics.median(CPU['floor']):.2f} s")
        for n in range(2, args.whole + 1):
            empty = folder / f"empty{n}.txt"
            empty.write_text(f"size: {n}\nplayers: First, Second\n", encoding="utf-8")
            t, out = run(cli + [str(empty), "--json"])
            doc = json.loads(out)
            print(f"whole game {n}×{n}: {doc['winner']} wins; winning openings {doc['winning_moves']}; "
                  f"{doc['positions']:,} positions; {t:.2f} s as a whole process")
    if args.check:
        for n in (2, 3):
            start = time.perf_counter()
            first = check_whole(n)
            print(f"independent check {n}×{n}: the first player {'wins' if first else 'loses'} "
                  f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()

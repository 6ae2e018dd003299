"""rollwrite's speed as users feel it: whole processes, each against a bare-library floor.

Run by hand from the project's virtual environment:

    .venv/bin/python benchmarks/whole_process.py                 # every case, 7 paired runs each
    .venv/bin/python benchmarks/whole_process.py --runs 11 print games

Every figure is a whole process started with subprocess: interpreter start, imports, fonts, layout,
drawing and writing the file all count, and nothing is loaded or warmed in this process for it.  Each
case runs rollwrite and its floor as a pair, back to back (alternating which goes first), N times;
it prints the median wall time of each side, the median of the N paired ratios (the figure held
against the goal), and the same for CPU time (user + system of the child).  One discarded pair first
makes both sides start from the same disk cache and compiled bytecode.

Cases and floors (the floor scripts are part of the benchmark and sit beside it):
  print   `rollwrite print long-way --players 3` against floor_reportlab.py drawing the same three
          pages with the same three embedded DejaVu fonts.                       goal <= 1.25
  games   `rollwrite games` against floor_typer.py, a two-command Typer app.     goal <= 1.3
  help    `rollwrite --help` against `floor_typer.py --help`.                    goal <= 1.3
  year    `rollwrite print long-way --daily 2027-01-01 --days 365` (one PDF, a page a day) against
          floor_reportlab.py drawing the same 365 pages.                         goal <= 1.5
  size    bytes of Long Way PDFs: what each extra page adds (goal <= 4 KB) and the 365-day file
          (goal < 2 MB); not timed.
  score   `rollwrite score GAME FOLDER --jsonl` over 10,000 typed-in sheets per game, made by the
          games' own formatters from random legal sheets (score_sheets.py); sheets per second,
          median of --score-runs runs.                                            goal >= 3,000/s

The machine is shared: other processes may run at the same time, which is why every figure is a
median of paired runs.  Record what you measure in benchmarks/README.md with the machine it ran on.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = sys.executable
GOALS = {"print": 1.25, "games": 1.3, "help": 1.3, "year": 1.5}
YEAR_START, YEAR_DAYS = "2027-01-01", 365


def rollwrite_cmd() -> list[str]:
    script = Path(PY).with_name("rollwrite")
    return [str(script)] if script.exists() else [PY, "-m", "rollwrite"]


# as installed programs run: Python keeps the compiled bytecode of every module it imports (an
# environment that forbids writing it would make every run compile rollwrite from source)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], cwd: Path, stdout=subprocess.DEVNULL) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole process; it must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=ENV)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.decode(errors='replace')[-800:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def paired(name: str, ours: list[str], floor: list[str], runs: int, cwd: Path) -> dict:
    timed(ours, cwd)
    timed(floor, cwd)  # the discarded pair
    rw, fl = [], []
    for i in range(runs):
        if i % 2:
            f = timed(floor, cwd)
            r = timed(ours, cwd)
        else:
            r = timed(ours, cwd)
            f = timed(floor, cwd)
        rw.append(r)
        fl.append(f)
    out = {
        "name": name,
        "ours": statistics.median(w for w, _ in rw),
        "floor": statistics.median(w for w, _ in fl),
        "ratio": statistics.median(r[0] / f[0] for r, f in zip(rw, fl)),
        "ours_cpu": statistics.median(c for _, c in rw),
        "floor_cpu": statistics.median(c for _, c in fl),
        "ratio_cpu": statistics.median(r[1] / f[1] for r, f in zip(rw, fl)),
    }
    goal = GOALS[name]
    verdict = "ok" if out["ratio"] <= goal else "MISSED"
    print(f"{name:6} rollwrite {out['ours'] * 1000:7.0f} ms  floor {out['floor'] * 1000:7.0f} ms  "
          f"ratio {out['ratio']:.2f} (goal <= {goal}) {verdict}   |  CPU {out['ours_cpu'] * 1000:6.0f} / "
          f"{out['floor_cpu'] * 1000:6.0f} ms, ratio {out['ratio_cpu']:.2f}", flush=True)
    return out


def pages_file(game: str, path: Path, **kw) -> Path:
    """The floor's pages file for `rollwrite print GAME ...` with the options ``kw`` (the scene is built
    in this process, before any clock starts, by the same code `print` uses)."""
    sys.path.insert(0, str(HERE))
    from scene_ops import write_pages

    from rollwrite.core.printrun import print_scene

    return write_pages(print_scene(game, **kw), path)


def case_print(runs: int, tmp: Path) -> dict:
    args = ["long-way", "--players", "3"]
    pages = pages_file("long-way", tmp / "lw3.json", players=3)
    return paired("print", rollwrite_cmd() + ["print", *args, "-o", str(tmp / "rw.pdf")],
                  [PY, str(HERE / "floor_reportlab.py"), str(pages), str(tmp / "floor.pdf")], runs, tmp)


def year_args() -> list[str]:
    return ["long-way", "--daily", YEAR_START, "--days", str(YEAR_DAYS)]


def case_year(runs: int, tmp: Path) -> dict:
    pages = pages_file("long-way", tmp / "year.json", daily=YEAR_START, days=YEAR_DAYS)
    return paired("year", rollwrite_cmd() + ["print", *year_args(), "-q", "-o", str(tmp / "year.pdf")],
                  [PY, str(HERE / "floor_reportlab.py"), str(pages), str(tmp / "floor-year.pdf")], runs, tmp)


def case_games(runs: int, tmp: Path) -> dict:
    return paired("games", rollwrite_cmd() + ["games"], [PY, str(HERE / "floor_typer.py"), "games"], runs, tmp)


def case_help(runs: int, tmp: Path) -> dict:
    return paired("help", rollwrite_cmd() + ["--help"], [PY, str(HERE / "floor_typer.py"), "--help"], runs, tmp)


def case_size(runs: int, tmp: Path) -> None:
    sizes = {}
    for n in (1, 2, 11):
        out = tmp / f"lw-{n}.pdf"
        timed(rollwrite_cmd() + ["print", "long-way", "--players", str(n), "-o", str(out)], tmp)
        sizes[n] = out.stat().st_size
    extra = (sizes[11] - sizes[1]) / 10
    print(f"size   long-way PDF: 1 page {sizes[1]:,} B, 2 pages {sizes[2]:,} B, 11 pages {sizes[11]:,} B: "
          f"{extra:,.0f} B per extra page (goal <= 4,096) {'ok' if extra <= 4096 else 'MISSED'}", flush=True)
    out = tmp / "year-size.pdf"
    timed(rollwrite_cmd() + ["print", *year_args(), "-q", "-o", str(out)], tmp)
    year = out.stat().st_size
    print(f"size   365 dailies in one PDF: {year:,} B (goal < 2,000,000) {'ok' if year < 2_000_000 else 'MISSED'}",
          flush=True)


def case_score(runs: int, tmp: Path, count: int, cache: Path, only: list[str] | None = None) -> None:
    sys.path.insert(0, str(HERE))
    from score_sheets import GAMES, make_folder

    for game in only or GAMES:
        folder = make_folder(game, count, cache)
        cmd = rollwrite_cmd() + ["score", game, str(folder), "--jsonl"]
        out_file = tmp / f"{game}.jsonl"
        times = []
        for _ in range(runs):
            with out_file.open("wb") as fh:
                t0 = time.perf_counter()
                proc = subprocess.run(cmd, cwd=tmp, stdout=fh, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                      env=ENV)
                times.append(time.perf_counter() - t0)
            if proc.returncode not in (0, 1):
                raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.decode()[-800:]}")
        lines = out_file.read_bytes().count(b"\n")
        if lines != count:
            raise SystemExit(f"{game}: {lines} results for {count} files")
        wall = statistics.median(times)
        rate = count / wall
        print(f"score  {game:18} {count:,} files in {wall:5.2f} s: {rate:7,.0f} sheets/s (goal >= 3,000) "
              f"{'ok' if rate >= 3000 else 'MISSED'}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", default=["print", "games", "help", "year", "size", "score"])
    ap.add_argument("--runs", type=int, default=7, help="paired runs per timed case (default 7)")
    ap.add_argument("--score-runs", type=int, default=3, help="runs per game of the score case (default 3)")
    ap.add_argument("--score-games", nargs="+", metavar="GAME", help="games of the score case (default: all five)")
    ap.add_argument("--score-files", type=int, default=10_000, help="typed-in sheets per game (default 10,000)")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "rollwrite-bench-sheets",
                    help="where the generated sheets are kept between runs")
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}; load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    tmp = Path(tempfile.mkdtemp(prefix="rollwrite-bench-"))
    try:
        for case in args.cases:
            if case == "score":
                case_score(args.score_runs, tmp, args.score_files, args.cache, args.score_games)
            elif case == "size":
                case_size(args.runs, tmp)
            else:
                globals()[f"case_{case}"](args.runs, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"load average at the end {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

"""The Long Way's finish-the-store puzzle as a user meets it: one whole process per day.

Run by hand from the project's virtual environment:

    .venv/bin/python benchmarks/long_way_finish.py                # every 15th day of 2027 (25 days)
    .venv/bin/python benchmarks/long_way_finish.py --every 1      # all 365 days

Each day runs `rollwrite puzzle long-way --kind finish --daily DAY --json -o FILE` as a fresh process
(interpreter start, imports, the exact search, the PDF written), with its own empty cache folder so no
par record is read.  It prints the median and the worst wall time (goal: median <= 2 s, worst <= 6 s)
and CPU time of the process, the slowest days, the split by difficulty and by the first rung of the
ladder to reach par, par, how many days have one best finish, and how many are finished in one roll.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

PY = sys.executable


def rollwrite_cmd() -> list[str]:
    script = Path(PY).with_name("rollwrite")
    return [str(script)] if script.exists() else [PY, "-m", "rollwrite"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=15, help="every Nth day of 2027 (default 15)")
    args = ap.parse_args()
    days = [datetime.date(2027, 1, 1) + datetime.timedelta(days=i) for i in range(0, 365, args.every)]
    times: list[tuple[float, str]] = []
    cpus: list[float] = []
    levels: Counter = Counter()
    rungs: Counter = Counter()
    unique = 0
    flat = 0  # days finished in one roll (no store tried could be searched within its budget)
    pars = []
    load0 = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        for day in days:
            env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / f"cache-{day}")}
            out = Path(tmp) / f"{day}.pdf"
            t = time.perf_counter()
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            run = subprocess.run([*rollwrite_cmd(), "puzzle", "long-way", "--kind", "finish", "--daily",
                                  day.isoformat(), "--json", "-q", "-o", str(out)],
                                 capture_output=True, text=True, env=env, check=True)
            times.append((time.perf_counter() - t, day.isoformat()))
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
            doc = json.loads(run.stdout)
            levels[doc.get("difficulty", "")] += 1
            rungs[(doc.get("grade") or {}).get("reached_by") or "none"] += 1
            pars.append(doc.get("par"))
            unique += "one finished store reaches par" in doc["prompt"]
            flat += "play the next 2 rolls" not in doc["prompt"]
    walls = [w for w, _ in times]
    print(f"load average (1, 5, 15 min) at the start {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}, at the end "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"{len(days)} days: median {statistics.median(walls):.2f} s, worst {max(walls):.2f} s "
          f"(goal: median <= 2 s, worst <= 6 s)")
    print(f"CPU (user + system of the process): median {statistics.median(cpus):.2f} s, worst {max(cpus):.2f} s "
          "(the wall time of a loaded machine waits for other processes; this does not)")
    print("slowest: " + ", ".join(f"{d} {w:.2f} s" for w, d in sorted(times, reverse=True)[:5]))
    print("difficulty: " + ", ".join(f"{k or 'none'} {v}" for k, v in sorted(levels.items())))
    print("first rung to reach par: " + ", ".join(f"{k} {v}" for k, v in sorted(rungs.items())))
    print(f"one best finish on {unique} of {len(days)} days; one roll (not two) on {flat}")
    print(f"par: min {min(pars)}, median {statistics.median(pars)}, max {max(pars)}")


if __name__ == "__main__":
    main()

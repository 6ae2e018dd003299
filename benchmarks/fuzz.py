"""Fuzz the commands that read other people's files: ``score`` for every registered game with a scorer,
and ``check-layout`` (then ``print``, when a layout passes) for broken layouts; then the attack suite.

    .venv/bin/python benchmarks/fuzz.py                      # 10,000 sheets per game, 500 layouts, attacks
    .venv/bin/python benchmarks/fuzz.py --cases 500 --layouts 50 --seed 7
    .venv/bin/python benchmarks/fuzz.py --attacks-only       # the attack suite alone (about a minute)

The attack suite (tests/fuzzcases.py ``attacks()``) runs each case of each class (paths and links,
special files, deep JSON, surrogates, long names, control characters, edited outputs, work bombs, the
layout language at its limits, killed runs, pictures, fonts, hex maps, racing runs) as a process of its own, ``rollwrite ...`` in a fresh folder, and measures that whole
process (wall time, and peak memory from ``wait4``).  A case fails when it ends other than 0, 1 or 2,
says "internal error", takes 2 s or more, reaches 200 MB, or breaks what its check holds (a file outside
the layout's folder shown, a user's file changed, a temporary file left).  One more killed run is real:
a long print killed with SIGKILL, then run again.

Cases come from tests/fuzzcases.py: each game's examples and the layouts in layouts/ and examples/,
edited at random (digits of other scripts, values no die shows, lines cut, duplicated or swapped, long
lines and numbers, bytes that are not UTF-8, alias bombs, deep nesting ...).  Each case runs through the
real command (the Typer app, in this process) on a file on disk.  The report gives, per target: cases,
the exit-code histogram, internal errors (any exception that is not a clean exit, any exit code other
than 0, 1 or 2: there must be none), the slowest case (saved to a file to replay), and at the end the
peak memory of the process.  Exit status 1 when there was an internal error.
"""

from __future__ import annotations

import argparse
import collections
import random
import resource
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import fuzzcases  # noqa: E402
from clirun import invoke  # noqa: E402  (the click command built once, through Typer's public API)
from rollwrite import games  # noqa: E402


class Target:
    def __init__(self, name: str) -> None:
        self.name = name
        self.cases = 0
        self.codes: collections.Counter = collections.Counter()
        self.internal: list[tuple[str, str]] = []
        self.slowest = (0.0, "", b"")
        self.total = 0.0

    def run(self, args: list[str], label: str, data: bytes) -> int:
        t = time.perf_counter()
        result = invoke(args, catch_exceptions=True)
        took = time.perf_counter() - t
        self.cases += 1
        self.total += took
        code = result.exit_code
        self.codes[code] += 1
        bad = None
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            bad = "".join(traceback.format_exception(result.exception)[-3:])
        elif code not in (0, 1, 2) or "internal error" in result.output:
            bad = f"exit {code}: {result.output[-400:]}"
        if bad:
            self.internal.append((label, bad))
            save(f"internal-{self.name}-{len(self.internal)}", data)
        if took > self.slowest[0]:
            self.slowest = (took, label, data)
        return code


OUT = Path(tempfile.gettempdir()) / "rollwrite-fuzz"


def save(name: str, data: bytes) -> Path:
    OUT.mkdir(exist_ok=True)
    path = OUT / name
    path.write_bytes(data)
    return path


def fuzz_game(slug: str, n: int, rnd: random.Random, folder: Path) -> Target:
    target = Target(f"score {slug}")
    if not fuzzcases.examples(slug):
        print(f"  {slug}: no examples/{slug}/*.txt to start from; skipped", file=sys.stderr)
        return target
    path = folder / "sheet.txt"
    path.write_text(fuzzcases.examples(slug)[0], encoding="utf-8")
    invoke(["score", slug, str(path)])  # warm up (first imports) outside the timings
    for i in range(n):
        kind, data = fuzzcases.sheet_case(slug, rnd)
        path.write_bytes(data)
        target.run(["score", slug, str(path)], f"{slug} case {i} ({kind})", data)
    return target


def fuzz_layouts(n: int, rnd: random.Random, folder: Path) -> tuple[Target, Target]:
    check, printed = Target("check-layout"), Target("print (layouts check-layout passed)")
    path = folder / "layout.yaml"
    invoke(["print", "long-way", "-o", str(folder / "out.pdf"), "--force"])  # warm up
    for i in range(n):
        name, text = fuzzcases.layout_case(rnd)
        data = text.encode("utf-8", "surrogatepass")
        path.write_bytes(data)
        label = f"layout case {i} (from {name})"
        if check.run(["check-layout", str(path)], label, data) == 0:
            printed.run(["print", str(path), "-o", str(folder / "out.pdf"), "--force"], label, data)
    return check, printed


LIMIT_S, LIMIT_MB = 2.0, 200.0
ROLLWRITE = [sys.executable, "-m", "rollwrite"]


def _run_process(args: list[str], stdin: bytes | None, cwd: Path) -> tuple[int, str, float, float]:
    """(exit code, output, CPU seconds, peak MB) of one whole rollwrite process.  The time is the CPU time
    the process used (user and system, from ``wait4``), not the wall clock, which on a machine shared
    with other work measures the other work too."""
    import os
    import subprocess

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as inp:
        if stdin is not None:
            inp.write(stdin)
            inp.seek(0)
        proc = subprocess.Popen(ROLLWRITE + args, cwd=cwd, stdin=inp if stdin is not None else subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT)
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            proc.returncode = 0  # reaped by wait4
        took = usage.ru_utime + usage.ru_stime
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    code = os.waitstatus_to_exitcode(status)
    return code, text, took, usage.ru_maxrss / 1024


class Attacks:
    def __init__(self) -> None:
        self.cases = 0
        self.classes: collections.Counter = collections.Counter()
        self.failures: list[tuple[str, str]] = []
        self.worst_time = (0.0, "")
        self.worst_mb = (0.0, "")

    def record(self, label: str, code: int, output: str, took: float, mb: float, broke: str | None,
               timed: bool = True) -> None:
        self.cases += 1
        bad = []
        if code not in (0, 1, 2) or "internal error" in output or "Traceback" in output:
            bad.append(f"exit {code}: {output[-300:]!r}")
        if took >= LIMIT_S and timed:
            bad.append(f"{took:.2f} s")
        if mb >= LIMIT_MB:
            bad.append(f"{mb:.0f} MB")
        if broke:
            bad.append(broke)
        if bad:
            self.failures.append((label, "; ".join(bad)))
        if timed:
            self.worst_time = max(self.worst_time, (took, label))
        self.worst_mb = max(self.worst_mb, (mb, label))


def fuzz_attacks(folder: Path) -> Attacks:
    import os

    report = Attacks()
    for i, attack in enumerate(fuzzcases.attacks()):
        here = folder / f"case{i}"
        here.mkdir()
        cwd = os.getcwd()
        os.chdir(here)
        try:
            args, stdin, check = attack.setup(here)
        finally:
            os.chdir(cwd)
        code, output, took, mb = _run_process(args, stdin, here)
        report.classes[attack.cls] += 1
        broke = check(here, output) if check is not None else None
        report.record(f"{attack.cls}: {attack.label}", code, output, took, mb, broke, attack.timed)
    report.classes["killed runs"] += 1
    report.record("killed runs: a long print killed with SIGKILL, then run again", *_killed_run(folder / "killed"))
    report.classes["racing runs"] += 1
    report.record("racing runs: two print --force runs to one file, 20 times", *_racing_runs(folder / "racing"),
                  timed=False)
    return report


def _racing_runs(here: Path, times: int = 20) -> tuple[int, str, float, float, str | None]:
    """Two ``print --force`` runs to one output at once, ``times`` times: both must write it whole."""
    import subprocess

    here.mkdir()
    args = ROLLWRITE + ["print", "long-way", "-o", "same.pdf", "--force", "-q"]
    worst, said = 0, ""
    for _ in range(times):
        procs = [subprocess.Popen(args, cwd=here, stdout=subprocess.PIPE, stderr=subprocess.STDOUT) for _ in range(2)]
        for proc in procs:
            out = proc.communicate()[0].decode("utf-8", "replace")
            if proc.returncode != 0:
                worst, said = proc.returncode, out
    left = sorted(p.name for p in here.iterdir() if p.name != "same.pdf")
    broke = f"left beside the output: {left[:3]}" if left else None
    return worst, said, 0.0, 0.0, broke


def _killed_run(here: Path) -> tuple[int, str, float, float, str | None]:
    import signal
    import subprocess

    here.mkdir()
    args = ["print", "long-way", "--daily", "2027-01-01", "--days", "120", "-f", "svg", "-o", "k.svg", "-q"]
    proc = subprocess.Popen(ROLLWRITE + args, cwd=here, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(400):  # until its first temporary file is there
        if any(p.name.endswith(".part") for p in here.iterdir()) or proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = sum(1 for p in here.iterdir() if p.name.endswith(".part"))
    code, output, took, mb = _run_process(["print", "long-way", "-o", "k.svg"], None, here)
    after = sorted(p.name for p in here.iterdir() if p.name.endswith(".part"))
    broke = f"left over after the next run: {after[:3]}" if after else None
    return code, output + f" (the killed run left {left} temporary files)", took, mb, broke


def report_attacks(report: Attacks) -> None:
    print(f"attacks: {report.cases} cases in {len(report.classes)} classes "
          f"({', '.join(f'{k} {v}' for k, v in report.classes.items())})")
    print(f"failures (internal error, exit other than 0/1/2, >= {LIMIT_S:g} s, >= {LIMIT_MB:g} MB, check broken): "
          f"{len(report.failures)}")
    print(f"worst time {report.worst_time[0]:.2f} s of CPU ({report.worst_time[1]}); "
          f"worst memory {report.worst_mb[0]:.0f} MB ({report.worst_mb[1]}), whole process")
    for label, detail in report.failures:
        print(f"FAILED {label}: {detail}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000, help="typed-in sheets per game (default 10000)")
    ap.add_argument("--layouts", type=int, default=500, help="broken layouts (default 500)")
    ap.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    ap.add_argument("--games", nargs="*", help="only these games (default: every game with a scorer)")
    ap.add_argument("--attacks-only", action="store_true", help="run the attack suite alone")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("running the attack suite ...", file=sys.stderr, flush=True)
        attacks = fuzz_attacks(Path(tmp))
    report_attacks(attacks)
    if args.attacks_only:
        return 1 if attacks.failures else 0
    rnd = random.Random(args.seed)
    slugs = args.games or [s for s in games.known() if games.get(s).can_score]
    targets: list[Target] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for slug in slugs:
            print(f"fuzzing score {slug}: {args.cases} cases ...", file=sys.stderr, flush=True)
            targets.append(fuzz_game(slug, args.cases, rnd, folder))
        print(f"fuzzing layouts: {args.layouts} cases ...", file=sys.stderr, flush=True)
        targets.extend(fuzz_layouts(args.layouts, rnd, folder))
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"{'target':<40} {'cases':>7} {'exit 0':>7} {'exit 1':>7} {'exit 2':>7} {'other':>6} "
          f"{'internal':>8} {'mean ms':>8} {'slowest ms':>10}")
    internal = 0
    for t in targets:
        other = sum(v for k, v in t.codes.items() if k not in (0, 1, 2))
        mean = 1000 * t.total / t.cases if t.cases else 0.0
        print(f"{t.name:<40} {t.cases:>7} {t.codes[0]:>7} {t.codes[1]:>7} {t.codes[2]:>7} {other:>6} "
              f"{len(t.internal):>8} {mean:>8.1f} {1000 * t.slowest[0]:>10.1f}")
        internal += len(t.internal)
    print(f"total cases: {sum(t.cases for t in targets)}, internal errors: {internal}, "
          f"wall time {wall:.0f} s, peak memory (max RSS of this process) {peak:.0f} MB, seed {args.seed}")
    slow = max(targets, key=lambda t: t.slowest[0])
    if slow.slowest[1]:
        where = save("slowest", slow.slowest[2])
        print(f"slowest case: {slow.slowest[1]}, {1000 * slow.slowest[0]:.0f} ms (saved as {where})")
    for t in targets:
        for label, detail in t.internal[:5]:
            print(f"INTERNAL ERROR in {t.name}, {label}:\n{detail}")
    return 1 if internal or attacks.failures else 0


if __name__ == "__main__":
    sys.exit(main())

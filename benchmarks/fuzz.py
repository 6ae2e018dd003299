"""Fuzz the commands that read other people's files: ``score`` for every registered game with a scorer,
and ``check-layout`` (then ``print``, when a layout passes) for broken layouts.

    .venv/bin/python benchmarks/fuzz.py                      # 10,000 sheets per game, 500 layouts
    .venv/bin/python benchmarks/fuzz.py --cases 500 --layouts 50 --seed 7

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

import typer.main  # noqa: E402
import typer.testing  # noqa: E402

import fuzzcases  # noqa: E402
from rollwrite import games  # noqa: E402
from rollwrite.cli.app import app  # noqa: E402

_COMMAND = typer.main.get_command(app)
typer.testing._get_command = lambda _app: _COMMAND  # build the click command once, not once per case
RUNNER = typer.testing.CliRunner()


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
        result = RUNNER.invoke(app, args, catch_exceptions=True)
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
    RUNNER.invoke(app, ["score", slug, str(path)])  # warm up (first imports) outside the timings
    for i in range(n):
        kind, data = fuzzcases.sheet_case(slug, rnd)
        path.write_bytes(data)
        target.run(["score", slug, str(path)], f"{slug} case {i} ({kind})", data)
    return target


def fuzz_layouts(n: int, rnd: random.Random, folder: Path) -> tuple[Target, Target]:
    check, printed = Target("check-layout"), Target("print (layouts check-layout passed)")
    path = folder / "layout.yaml"
    RUNNER.invoke(app, ["print", "long-way", "-o", str(folder / "out.pdf"), "--force"])  # warm up
    for i in range(n):
        name, text = fuzzcases.layout_case(rnd)
        data = text.encode("utf-8", "surrogatepass")
        path.write_bytes(data)
        label = f"layout case {i} (from {name})"
        if check.run(["check-layout", str(path)], label, data) == 0:
            printed.run(["print", str(path), "-o", str(folder / "out.pdf"), "--force"], label, data)
    return check, printed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000, help="typed-in sheets per game (default 10000)")
    ap.add_argument("--layouts", type=int, default=500, help="broken layouts (default 500)")
    ap.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    ap.add_argument("--games", nargs="*", help="only these games (default: every game with a scorer)")
    args = ap.parse_args()
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
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())

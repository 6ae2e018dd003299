"""Where the time of batch scoring goes: reading, parsing, evaluating and writing the JSON line of a
sheet, each timed alone, in one process, over the distinct sheets of the scoring benchmark.

    .venv/bin/python benchmarks/score_parts.py [--games GAME ...] [--passes 9]

Each part is timed with time.process_time over all the distinct sheets of a game (score_sheets.py
makes them: 200 finished games of random legal play), best of --passes passes:
  read      rollwrite.files.read_text with the sheet limits, as `score` reads a file;
  parse     the game's parse;
  evaluate  the game's evaluate (every rule and the score, from one replay);
  json      the line `score --jsonl` writes for the sheet: json_line of the document the command builds;
  all       run_batch over the sheets' files on one process (`score GAME FILES --jsonl --jobs 1`
            without the start-up): the parts above and the work between them.
Run it on one core (`nice -n 5 taskset -c 1`) when the machine is shared.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from score_sheets import GAMES, make_folder  # noqa: E402

from rollwrite import games  # noqa: E402
from rollwrite.core.scoring import _Scoring, json_line, run_batch  # noqa: E402
from rollwrite.files import SHEET, read_text  # noqa: E402
from rollwrite.layoutlang.layout import load_builtin  # noqa: E402

DISTINCT = 200  # the files cycle through the distinct sheets: the first 200 are all of them


def best(work, passes: int, n: int) -> float:
    """Microseconds of CPU per sheet of ``work()`` over ``n`` sheets, best of ``passes``."""
    times = []
    for _ in range(passes):
        t0 = time.process_time()
        work()
        times.append(time.process_time() - t0)
    return min(times) / n * 1e6


def parts(game: str, folder: Path, passes: int) -> dict[str, float]:
    layout = load_builtin(game)
    g = games.get(layout.game)
    data = layout.data
    names = [str(p) for p in sorted(folder.iterdir())[:DISTINCT]]
    texts = [read_text(n, n, hint="", limits=SHEET) for n in names]
    sheets = [g.parse(t, n, data) for n, t in zip(names, texts)]
    scoring = _Scoring(game, None, None, False)  # what `score GAME FILES --jsonl` scores each sheet with
    docs = [scoring.one(x, t, want_text=False)["json"] for x, t in zip(names, texts)]

    n = len(names)
    return {
        "read": best(lambda: [read_text(x, x, hint="", limits=SHEET) for x in names], passes, n),
        "parse": best(lambda: [g.parse(t, x, data) for x, t in zip(names, texts)], passes, n),
        "evaluate": best(lambda: [g.evaluate(s, data, None) for s in sheets], passes, n),
        "json": best(lambda: [json_line(d) for d in docs], passes, n),
        "all": best(lambda: run_batch(game, names, jsonl=True, jobs=1, out=io.StringIO(), err=io.StringIO()),
                    passes, n),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", choices=GAMES, default=GAMES)
    ap.add_argument("--passes", type=int, default=9)
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "rollwrite-bench-sheets",
                    help="where the generated sheets are kept between runs (as whole_process.py)")
    args = ap.parse_args()
    print(f"{'game':20} {'read':>7} {'parse':>7} {'evaluate':>9} {'json':>7} {'all':>7}   (us of CPU a sheet)")
    for game in args.games:
        p = parts(game, make_folder(game, 10_000, args.cache), args.passes)
        print(f"{game:20} {p['read']:7.1f} {p['parse']:7.1f} {p['evaluate']:9.1f} {p['json']:7.1f} {p['all']:7.1f}",
              flush=True)


if __name__ == "__main__":
    main()

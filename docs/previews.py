"""Make the preview pictures in the README: the first page of each built-in game's sheet as a small PNG.

Run from the top of the source tree, after installing rollwrite:

    .venv/bin/python docs/previews.py            # writes docs/previews/<game>.png at 60 dpi

Each sheet is printed exactly as ``rollwrite print GAME --seed preview -o x.png --dpi 60`` would (a
game without dice is printed free-play), and only its first page is kept.  Options: ``--dpi N`` and
``--out FOLDER``.  The README links docs/previews/<game>.png for every game; a test checks that each
one exists, so a new game's picture is made here and committed with it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = "preview"


def make_previews(out: Path, dpi: int = 60) -> list[Path]:
    """One PNG per built-in game in ``out``; returns the files written."""
    from rollwrite.core.printrun import run_print
    from rollwrite.output import write_all
    from rollwrite.layoutlang.layout import builtin_slugs, load_builtin

    written = []
    for slug in builtin_slugs():
        seed = SEED if load_builtin(slug).dice is not None else None
        with tempfile.TemporaryDirectory() as tmp:
            pages = run_print(slug, seed=seed, fmt="png", dpi=dpi, output=Path(tmp) / f"{slug}.png")
            first = pages[0][0].read_bytes()
        target = out / f"{slug}.png"
        write_all([(target, first)], force=True)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=60, help="pixels per inch (default 60)")
    parser.add_argument("--out", type=Path, default=HERE / "previews", help="folder (default docs/previews)")
    args = parser.parse_args(argv)
    for path in make_previews(args.out, args.dpi):
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What ``rollwrite print`` does once its options are read: print the run (rollwrite.core.printrun)
and say what was written.

Kept apart from the command's Typer declaration (cli/print_cmd.py) so that the quick start-up path
(cli/fast.py) can run a print without importing Typer; both call :func:`print_command_body`.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

from rollwrite.errors import printable


def print_command_body(game: str, *, players: int | None = None, fmt: str | None = None,
                       output: Path | None = None, force: bool = False, dpi: int | None = None,
                       paper: str | None = None, landscape: bool | None = None, per_page: str | None = None,
                       scale: float | None = None, large_print: bool = False, crop_marks: bool | None = None,
                       gutter: float | None = None, bleed: float | None = None, margin: float | None = None,
                       backs: bool | None = None, seed: str | None = None, daily: str | None = None,
                       days: int | None = None, split: bool = False, quiet: bool = False,
                       size: int | None = None, turns: int | None = None, dice: int | None = None,
                       sides: int | None = None, high_contrast: bool = False,
                       small_print: bool = False, duplex: str | None = None, pod: bool = False,
                       cmyk: bool = False) -> list[str]:
    """Run ``rollwrite print`` with the command's parameters; returns the lines to show on standard
    output.  A RollwriteError passes through (the caller prints it)."""
    page = {"paper": paper, "landscape": landscape, "per_page": per_page, "scale": scale,
            "large_print": large_print, "crop_marks": crop_marks, "gutter": gutter, "bleed": bleed,
            "margin": margin, "backs": backs, "high_contrast": high_contrast, "small_print": small_print,
            "duplex": duplex, "pod": pod, "cmyk": cmyk}
    # deferred for start-up: `games`, `--help` need this module, not cli.progress, core.printrun
    from rollwrite.cli.progress import progress
    from rollwrite.core.challenges import id_warnings
    from rollwrite.core.printrun import run_print

    if not quiet:
        warn(id_warnings(game, seed))
    written = run_print(game, players=players, fmt=fmt, output=output, dpi=dpi, seed=seed, daily=daily,
                        days=days, split=split,
                        options={"size": size, "turns": turns, "dice": dice, "sides": sides}, page=page,
                        force=force, progress=partial(progress, quiet=quiet))
    return [] if quiet else written_lines(written)


def warn(warnings: list[str]) -> None:
    """Each warning on standard error, as ``rollwrite: warning: ...``, control characters escaped."""
    for text in warnings:
        sys.stderr.write(printable(f"rollwrite: warning: {text}") + "\n")
    sys.stderr.flush()


def written_lines(written: list[tuple[Path, int]]) -> list[str]:
    """What a command says about the files it wrote: each with its pages (0: not a page file), or for a
    long run (a file a day) the first and the last file and how many."""
    if len(written) > 20:
        n = sum(pages for _, pages in written)
        return [printable(f"wrote {len(written)} files, {n} pages: {written[0][0]} ... {written[-1][0]}")]
    return [printable(f"wrote {path}" + (f" ({pages} page{'s' if pages != 1 else ''})" if pages else ""))
            for path, pages in written]

"""Printing a run of sheets: plan the run, draw, render and write, the same for every front end.

    run_print(game, *, players, fmt, output, seed, daily, days, split, options, page, dpi, force,
              progress) -> [(file, pages)]
        Check everything, then write every file of the run whole, or none.
    print_scene(game, **same) -> Scene
        The pages ``run_print`` would render (the first file's), for a page that shows them.
    check_output(output, form, *, folder_ok=False)
        A UsageError (exit 2) with a hint for an output onto a folder (unless ``folder_ok``: a run split
        into a file a day goes into one) or with an extension that is not the format's (``x.exe``).

``progress``, when given, is how a front end shows the work: ``progress(label, total)`` is a context
manager yielding ``advance(n=1)`` (rollwrite.cli.progress.progress has that shape); without it nothing
is shown.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from rollwrite.core.challenges import (
    daily_range, id_players, player_count, resolve_schedule, resolve_schedule_id, split_challenge, variant_for,
    vary_layout, with_variations,
)
from rollwrite.errors import UsageError

Advance = Callable[..., None]
#: how a front end shows long work: ``progress(label, total)`` -> a context manager yielding ``advance``
Progress = Callable[..., AbstractContextManager[Advance]]


def _nothing(n: int = 1) -> None:
    return None


@contextmanager
def no_progress(label: str, total: int, **_: Any) -> Iterator[Advance]:
    """The progress of a run nobody watches: ``advance`` does nothing."""
    yield _nothing


def check_output(output: Path | None, form: Any, *, folder_ok: bool = False) -> None:
    """Refuse an output that is a folder or has another format's extension; see the module's docstring."""
    if output is None:
        return
    if os.path.isdir(output) and not folder_ok:
        raise UsageError(f"-o {output} is a folder; -o names the file to write",
                         hint=f"e.g. -o {output / ('sheets.' + form.name)}")
    ext = output.suffix.lower().lstrip(".")
    if ext and ext != form.name and not os.path.isdir(output):
        raise UsageError(f"-o {output}: .{ext} is not the extension of a {form.name.upper()} file",
                         hint=f"name it {output.with_name(output.name + '.' + form.name)} or give --format "
                              f"(pdf, svg or png) with a file named for it")


#: the page options --pod sets itself
POD_SETS = ("paper", "landscape", "per_page", "scale", "large_print", "crop_marks", "gutter", "bleed", "margin")


def run_print(game: str, *, players: int | None = None, paper: str | None = None, fmt: str | None = None,
              output: Path | None = None, seed: str | None = None, daily: str | None = None,
              days: int | None = None, split: bool = False,
              options: dict[str, int | None] | None = None, page: dict | None = None,
              dpi: int | None = None, force: bool = False,
              progress: Progress | None = None) -> list[tuple[Path, int]]:
    """Print a run of sheets; ``page`` holds the paper options of :func:`rollwrite.layoutlang.page.with_options`.

    ``days`` (with ``daily``): a run of that many dailies, one after the other in one file, or a file per
    day with ``split``.  ``progress``: see the module's docstring.  ``page["high_contrast"]``: see
    draw.scene.high_contrast; ``page["small_print"]``: text under 6 pt is printed, not refused (see
    sheet.check_text_size).  Returns (file, pages) for each file written."""
    # deferred for start-up: `games`, `--help` need this module, not output, planner
    from rollwrite.output import check_targets, render_pages, stale_pages, steps, targets, write_all
    from rollwrite.planner import plan_page
    from rollwrite.sheet import extra_pages

    job = _plan(game, players=players, paper=paper, fmt=fmt, output=output, seed=seed, daily=daily, days=days,
                split=split, options=options, page=page, dpi=dpi)
    form, layout, spec = job.form, job.layout, job.spec
    per_page = 1 if job.pod else plan_page(spec, layout.sheet.width, layout.sheet.height).per_page
    runs = sum(len(schedules) for _, schedules in job.outputs)
    pages = -(-job.sheets // per_page) * (2 if spec.backs and layout.sheet.back else 1) * runs
    pages += 0 if job.pod else sum(len(x) for _, schedules in job.outputs for x in extra_pages(layout, schedules))
    stale: list[Path] = []
    written: list[tuple[Path, int]] = []

    def files(advance) -> Any:  # noqa: ANN001 - each file as it is made: a long run is never held whole
        for base, schedules in job.outputs:
            scene = job.scene(schedules, advance)  # streamed: each page drawn as it is written
            count = len(scene.page_sizes())
            paths = targets(base, form, count if form.per_page else 1)
            check_targets(paths, force)  # before the work of rendering
            stale.extend(stale_pages(base, paths) if form.per_page else [])
            yield from zip(paths, render_pages(scene, form, dpi=dpi, cmyk=job.cmyk or None, on_page=advance))
            written.extend([(paths[0], count)] if len(paths) == 1 else [(p, 1) for p in paths])

    with (progress or no_progress)(f"printing {layout.title}", job.sheets * runs + steps(form, pages)) as advance:
        write_all(files(advance), force=force, remove=stale)  # every file whole, or none
    return written


def print_scene(game: str, **kw):  # noqa: ANN201 - a Scene
    """The scene ``run_print`` would render for these arguments (the first file's, when it writes several);
    the benchmarks draw the same pages with a bare script."""
    job = _plan(game, **kw)
    return job.scene(job.outputs[0][1], None).whole()


class _Job:
    def __init__(self, layout, form, sheets, spec, outputs, share, contrast=False, note=None,  # noqa: ANN001
                 pod=False, cmyk=False) -> None:
        self.layout, self.form, self.sheets, self.spec, self.outputs, self.share = \
            layout, form, sheets, spec, outputs, share
        self.contrast, self.note, self.pod, self.cmyk = contrast, note, pod, cmyk

    def scene(self, schedules, on_sheet):  # noqa: ANN001, ANN201 - a Streamed scene
        # deferred for start-up: `games`, `--help` need this module, not draw.scene, sheet
        from rollwrite.draw.scene import high_contrast
        from rollwrite.sheet import stream_scene

        if len(schedules) == 1:  # one run: its schedule, as any caller of stream_scene gives it
            scene = stream_scene(self.layout, sheets=self.sheets, schedule=schedules[0], page=self.spec,
                                 share=self.share, on_sheet=on_sheet, note=self.note, pod=self.pod)
        else:
            scene = stream_scene(self.layout, sheets=self.sheets, schedules=schedules, page=self.spec,
                                 share=self.share, on_sheet=on_sheet, note=self.note, pod=self.pod)
        return high_contrast(scene) if self.contrast else scene


def _plan(game: str, *, players: int | None = None, paper: str | None = None, fmt: str | None = None,
          output: Path | None = None, seed: str | None = None, daily: str | None = None, days: int | None = None,
          split: bool = False, options: dict[str, int | None] | None = None, page: dict | None = None,
          dpi: int | None = None) -> _Job:
    """Everything ``print`` checks and works out before it draws: the layout (varied and checked), the
    page spec, the schedules, and the files to write with the schedules of each."""
    # deferred for start-up: `games`, `--help` need this module, not this import
    from rollwrite import games
    from rollwrite.files import check_name
    from rollwrite.output import check_options, format_for
    from rollwrite.layoutlang.checked_builtins import is_checked
    from rollwrite.sheet import check_safe_area, check_text_size, plan_for_text
    from rollwrite.core.layout_checks import check_layout
    from rollwrite.layoutlang.layout import check_geometry, is_builtin_name, resolve
    from rollwrite.layoutlang.page import with_options

    game, seed, daily, from_id = split_challenge(game, seed, daily)
    options = with_variations(options or {}, from_id)
    players = id_players(players, from_id)
    page = dict(page or {})
    contrast = bool(page.pop("high_contrast", False))
    small_print = bool(page.pop("small_print", False))
    pod, cmyk = bool(page.pop("pod", False)), bool(page.pop("cmyk", False))
    if pod:
        given = [f"--{k.replace('_', '-')}" for k in POD_SETS if page.get(k) not in (None, False)]
        if given or paper is not None:
            raise UsageError(f"--pod sets the page itself: leave out {', '.join(given or ['--paper'])}",
                             hint="--pod prints one card to a page at a shop's poker size with a 1/8 in bleed")
    if paper is not None:
        page["paper"] = paper
    if output is not None:
        check_name(output)  # a name no file can have is refused before any work
    form = format_for(fmt, output)  # a wrong format is refused before any work
    check_output(output, form, folder_ok=split)
    check_options(form, {"dpi": dpi})
    if split and days is None:
        raise UsageError("--split splits a run of days into files: give --days N with it",
                         hint="e.g. --daily 2027-01-01 --days 7 --split")
    if days is not None and seed is not None:
        raise UsageError("--days counts daily challenges: it goes with --daily DATE, not --seed")
    dates = daily_range(daily, days)
    layout = resolve(game)
    as_shipped = layout if is_builtin_name(game) else None  # a built-in, before any variation
    g = games.get(layout.game)
    count = player_count(layout, players, "prints for")
    resolve_schedule_id(layout.game, seed, daily)  # a bad --seed or --daily is refused before any work
    if as_shipped is None or not is_checked(game):
        problems = check_layout(layout, with_options(layout.page, **page))  # what check-layout checks
        if problems:
            raise problems[0]
    shipped = layout
    layout = vary_layout(layout, g, options, count)
    variant = variant_for(g, shipped, layout)
    spec = with_options(layout.page, **page)
    if layout is not shipped:
        check_geometry(layout)  # the varied sheet must still fit
    check_safe_area(layout, spec)  # on cut sheets, nothing comes nearer the cut than the safe margin
    schedules: list = [None]
    if seed is not None or daily is not None:
        spec_d = g.dice_spec(layout, count) if g is not None else layout.dice
        if spec_d is None:
            raise UsageError(f"{layout.game} has no dice to seed", hint="leave out --seed and --daily")
        if dates is None:
            schedules = [resolve_schedule(layout.game, spec_d, seed=seed, daily=daily, variant=variant)]
        else:
            schedules = [resolve_schedule(layout.game, spec_d, seed=None, daily=d, variant=variant) for d in dates]
    sheets = g.print_count(layout, count) if g is not None else count
    if pod and not spec.full_bleed:
        raise UsageError(f"--pod prints a deck of cards; {layout.game} is not one (its sheets are not full bleed)",
                         hint="print it without --pod")
    # a built-in as shipped has its text measured by the tests; sheets that do not fit: a hint that keeps 6 pt
    as_tested = layout is shipped and as_shipped is not None and is_checked(game) and spec.scale >= 1 \
        and spec.paper == shipped.page.paper
    note = None if pod or as_tested else check_text_size(layout, spec, sheets, schedules[0], allow=small_print)
    if as_tested and not pod:
        plan_for_text(layout, spec, sheets, schedules[0])
    outputs = _outputs(game, layout.game, form.name, output, dates if split else None, dates, schedules,
                       tag="-pod" if pod else "")
    return _Job(layout, form, sheets, spec, outputs, True, contrast, note, pod, cmyk)


def _outputs(game: str, slug: str, ext: str, output: Path | None, split_dates: list | None, dates: list | None,
             schedules: list, tag: str = "") -> list[tuple[Path, list]]:
    """The files of a print run, each with the schedules it holds: named by rollwrite after the challenge
    (no ``-o``, or ``-o FOLDER``), or after ``-o NAME``; ``split_dates``: a file per day.  ``tag`` follows
    the game's name in a name rollwrite picks (``-pod``: a print-on-demand deck never takes the name of
    the deck printed for home)."""
    # deferred for start-up: `games`, `--help` need this module, not files, output
    from rollwrite.files import kind_of
    from rollwrite.output import id_suffix

    named = output is None or kind_of(output) == "folder"  # rollwrite picks the file's name
    if named:
        folder = Path("out") if output is None else output
        stem = ((Path(game).stem if game.endswith((".yaml", ".yml")) else slug) if output is None else slug) + tag

        def name(suffix: str) -> Path:
            return folder / f"{stem}{suffix}.{ext}"
    else:
        assert output is not None
        base = output if output.suffix else output.with_suffix(f".{ext}")
    if split_dates is not None:  # a file per day: the name that day's daily alone would get
        return [(name(id_suffix(s)) if named else base.with_name(f"{base.stem}-{d}{base.suffix}"), [s])
                for d, s in zip(split_dates, schedules)]
    if dates is not None:
        return [(name(f"@{dates[0]}..{dates[-1]}") if named else base, schedules)]
    return [(name(id_suffix(schedules[0])) if named else base, schedules)]


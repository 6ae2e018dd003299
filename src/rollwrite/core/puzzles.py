"""Making puzzles: solo puzzles with every roll known in advance, their par, and answer pages.

A puzzle uses the dice of a challenge (``--seed`` / ``--daily``), so its rolls are what ``rollwrite roll``
shows for the same id; its own id adds `` puzzle``.  The game's solver finds par; ``--with-solutions``
appends answer pages (a sheet that reaches par, drawn in the sheet's own elements) and ``--answers DIR``
writes each answer as a typed-in sheet that ``rollwrite score ... --puzzle`` accepts.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rollwrite.core.challenges import able_game, challenge_run, split_challenge, split_puzzle_id, with_variations
from rollwrite.core.printrun import Progress, check_output, no_progress
from rollwrite.difficulty import LEVELS
from rollwrite.errors import RollwriteError, UsageError, excerpt
from rollwrite.numbers import plain_number
from rollwrite.pool import cores


def _split_id(game: str, seed: str | None,
              daily: str | None) -> tuple[str, str | None, str | None, dict[str, int]]:
    """A GAME argument that is a challenge or puzzle id (``wobbly-cafe@2026-11-22``, ``long-way#x puzzle``,
    ``lines-and-sections#x~s6``) stands for the game, its --seed / --daily and its variation; a puzzle
    kind it names (``long-way@2027-03-05 finish puzzle``) is the puzzle option of that name."""
    text, kind = split_puzzle_id(game)
    game, seed, daily, from_id = split_challenge(text, seed, daily)
    return game, seed, daily, {**from_id, kind: 1} if kind else from_id


def make_puzzles(game: str, *, seed: str | None = None, daily: str | None = None, days: int | None = None,
                 count: int = 1, options: dict[str, int | None] | None = None,
                 on_start: Any = None, difficulty: str | None = None,
                 jobs: int | None = None) -> tuple[Any, Any, list]:
    """(layout, game, puzzles) of a run, made on ``jobs`` processes (default: one per core).  ``on_start(n)``, when given, is called with the number of puzzles
    before the first is made and returns a function called after each one (a progress bar's advance).
    Each puzzle made leaves its par in the user's cache (``par_records``) for ``score --puzzle``."""
    # deferred for start-up: `games`, `--help` need this module, not dice, layoutlang.layout
    from rollwrite.dice import variant_code, with_variant
    from rollwrite.layoutlang.layout import load_builtin, puzzle_layout

    game, seed, daily, from_id = _split_id(game, seed, daily)
    options = with_variations(options or {}, from_id)
    layout, g, opts = _puzzle_setup(game, options)
    variant = variant_code(opts, g.variations(load_builtin(game)))  # the id shows the variation; the dice omit it
    if difficulty is not None and difficulty not in LEVELS:
        raise UsageError(f"--difficulty {excerpt(difficulty)}: not a difficulty", hint=f"one of {', '.join(LEVELS)}")
    if jobs is not None and not 1 <= jobs <= 256:
        raise UsageError(f"--jobs must be between 1 and 256, not {jobs}")
    run = challenge_run(layout.game, seed, daily, days, count)
    advance = on_start(len(run)) if on_start is not None else None
    puzzles = []
    budget = jobs or cores()
    # the puzzles share the processes; a puzzle with processes to spare may use them (the Long Way's
    # searches), so one puzzle alone uses every core
    for puzzle in _made(run, (game, options, difficulty, max(1, budget // len(run))), min(budget, len(run))):
        puzzles.append(dataclasses.replace(puzzle, challenge=with_variant(puzzle.challenge, variant)) if variant
                       else puzzle)
        if advance is not None:
            advance()
    return puzzle_layout(layout), g, puzzles


def _made(run: list, args: tuple, n: int) -> Any:
    """The puzzles of ``run`` in order, made on ``n`` processes (each puzzle is made from its id alone,
    so the same puzzles come out on any number of them)."""
    if n <= 1:
        _start_maker(args)
        yield from map(_make_one, run)
        return
    # deferred for start-up: `games`, `--help` need this module, not multiprocessing, concurrent.futures
    from rollwrite.pool import process_pool

    with process_pool(n, _start_maker, (args,)) as pool:
        yield from pool.map(_make_one, run)


_MAKER: tuple = ()  # (layout, game, options, difficulty, processes a puzzle may use) of this process's puzzles


def _start_maker(args: tuple) -> None:
    global _MAKER
    game, options, difficulty, jobs = args
    _MAKER = (*_puzzle_setup(game, options), difficulty, jobs)


def _make_one(item: tuple) -> Any:
    layout, g, opts, difficulty, jobs = _MAKER
    gid, s, day = item
    return graded_puzzle(g, layout, gid, s, day, opts, difficulty, jobs=jobs)


def _puzzle_setup(game: str, options: Mapping[str, int | None] | None) -> tuple[Any, Any, dict[str, int]]:
    """(the layout puzzles of ``game`` are made on, the game, its puzzle options), or a usage error."""
    layout, g = able_game(game, "puzzle")
    opts = {k: v for k, v in (options or {}).items() if v is not None}
    unknown = sorted(set(opts) - set(g.puzzle_options))
    if unknown == ["finish"]:
        raise UsageError(f"{layout.game} has no finish puzzle", hint="--kind finish is for long-way")
    if unknown:
        raise UsageError(f"{layout.game} puzzles have no --{unknown[0]} option")
    return g.puzzle_layout(layout, {**opts}), g, opts


#: derived seeds ``--difficulty`` tries for each puzzle before it gives up
DIFFICULTY_TRIES = 24


def challenge_schedule(g: Any, layout: Any, gid: str, seed: str | None, day: str | None) -> Any:
    """The dice (or the deal) of one challenge, in the shape its puzzle uses; None for a game without."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import DealSpec, make_deal, make_schedule

    spec = g.dice_spec(layout, 1)
    if isinstance(spec, DealSpec):  # a card game: the challenge's deal
        return make_deal(layout.game, gid, spec, seed=seed, day=day)
    return make_schedule(layout.game, gid, spec, seed=seed, day=day) if spec is not None else None


def one_puzzle(g: Any, layout: Any, gid: str, seed: str | None, day: str | None, opts: dict[str, int], *,
               jobs: int = 1) -> Any:
    """The puzzle of one challenge (``gid``, with its seed or its day), made on up to ``jobs`` processes
    (the same puzzle on any number) and recorded for ``score --puzzle``."""
    # deferred for start-up: `games`, `--help` need this module, not core.par_records
    from rollwrite.core import par_records

    puzzle = g.make_puzzle(layout, gid, challenge_schedule(g, layout, gid, seed, day), opts, jobs=jobs)
    par_records.save(g, layout, puzzle)
    return puzzle


def graded_puzzle(g: Any, layout: Any, gid: str, seed: str | None, day: str | None,
                  opts: dict[str, int], difficulty: str | None, *, jobs: int = 1) -> Any:
    """The puzzle of a challenge, or with ``difficulty`` the first of it and the seeds derived from it
    (``SEED/hard/1``, ``SEED/hard/2`` ..., ``DATE/hard/1`` ... for a day) that is that hard: the same
    puzzle on every machine, and its id (``GAME#SEED/hard/2``) makes it again with ``--seed``."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import game_id, normalise_seed

    puzzle = one_puzzle(g, layout, gid, seed, day, opts, jobs=jobs)
    if difficulty is None or puzzle.difficulty == difficulty:
        return puzzle
    base = seed if seed is not None else day
    for k in range(1, DIFFICULTY_TRIES + 1):
        s = normalise_seed(f"{base}/{difficulty}/{k}")
        puzzle = one_puzzle(g, layout, game_id(layout.game, seed=s), s, None, opts, jobs=jobs)
        if puzzle.difficulty == difficulty:
            return puzzle
    raise RollwriteError(f"no {difficulty} puzzle among {DIFFICULTY_TRIES + 1} drawn from {gid}",
                         hint="try another seed or date, or another --difficulty")


def puzzle_to_check(game: str, *, seed: str | None, daily: str | None, options: dict[str, int]) -> Any:
    """The puzzle a typed-in answer (whose puzzle options are ``options``) is checked against: rebuilt
    from the record its making left (no solving) when that record is whole and its answer, replayed on
    the puzzle's dice, is legal and scores its par; otherwise made again.  A puzzle from a record says
    so (``extra["from_record"]``): :func:`held` makes it again when a sheet beats its par."""
    # deferred for start-up: `games`, `--help` need this module, not core.par_records, games.base
    from rollwrite.core import par_records
    from rollwrite.games.base import Puzzle

    layout, g, opts = _puzzle_setup(game, options)
    (gid, s, day), = challenge_run(layout.game, seed, daily)
    kind = g.puzzle_kind(opts)
    doc = par_records.load(g, layout, f"{gid} {kind} puzzle" if kind else f"{gid} puzzle", options)
    if doc is not None:
        puzzle = Puzzle(game=layout.game, challenge=gid, kind=kind, prompt=doc["prompt"], answer=doc["answer"],
                        schedule=challenge_schedule(g, layout, gid, s, day), par=doc["par"],
                        par_proven=doc["par_proven"], bound=doc["bound"], parts=doc["parts"],
                        best_known=doc["best_known"], difficulty=doc["difficulty"],
                        extra={**doc["given"], "from_record": True})
        try:
            replay = g.evaluate_puzzle(puzzle, puzzle.answer, layout.data)
        except (RollwriteError, ValueError):
            replay = None
        if replay is not None and replay.valid and replay.score.total == puzzle.par:
            return puzzle
    return one_puzzle(g, layout, gid, s, day, opts)


def held(puzzle: Any, total: float, game: str, *, seed: str | None, daily: str | None,
         options: dict[str, int]) -> Any:
    """The puzzle a sheet scoring ``total`` is compared with: ``puzzle`` itself, unless it was rebuilt
    from a record and the sheet beats its par; then the record is not believed and the puzzle is made
    again (and recorded anew), so a record can never make a sheet beat par, proven or not."""
    if not puzzle.extra.get("from_record") or puzzle.par is None or total <= puzzle.par:
        return puzzle
    layout, g, opts = _puzzle_setup(game, options)
    (gid, s, day), = challenge_run(layout.game, seed, daily)
    return one_puzzle(g, layout, gid, s, day, opts)


def answer_name(puzzle: Any, taken: set[str]) -> str:
    """A file name for a puzzle's typed-in answer: its challenge id in safe characters, and its kind when
    it is not the whole game's (``long-way_2027-03-05_finish.txt``)."""
    text = f"{puzzle.challenge} {puzzle.kind}" if getattr(puzzle, "kind", "") else puzzle.challenge
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", text.replace("#", "_").replace("@", "_")).strip("._") or "puzzle"
    name, n = f"{stem}.txt", 2
    while name in taken:
        name, n = f"{stem}-{n}.txt", n + 1
    taken.add(name)
    return name


def answer_text(g: Any, layout: Any, puzzle: Any) -> str:
    """The typed-in answer with a header saying which puzzle it answers and how to check it."""
    if puzzle.schedule is not None and puzzle.schedule.day:
        how = f"--daily {puzzle.schedule.day}"
    elif puzzle.schedule is not None:
        how = f"--seed '{puzzle.schedule.seed}'"
    else:  # a game without dice: the puzzle is named by the challenge's seed or date alone
        from rollwrite.dice import parse_game_id

        _, seed, day = parse_game_id(puzzle.challenge)
        how = f"--daily {day.isoformat()}" if day is not None else f"--seed '{seed}'"
    from rollwrite.output import SEAL_SLOT  # (the output module is loaded by the commands that write)

    head = [f"# answer to {puzzle.id}"]
    if puzzle.par is not None:
        head.append(f"# score: {plain_number(puzzle.par)}")
        head.append(f"# {puzzle.par_text()}")
    head.append(f"# check it: rollwrite score {layout.game} FILE {how} --puzzle")
    head.append(f"# {SEAL_SLOT}")  # the file's digest, filled in as it is written: rollwrite knows its own files
    return "\n".join(head) + "\n" + g.format(puzzle.answer, layout.data)


def run_puzzle(game: str, *, seed: str | None = None, daily: str | None = None, days: int | None = None,
               count: int = 1, with_solutions: bool = False, answers: Path | None = None, hide_par: bool = False,
               fmt: str | None = None, output: Path | None = None, paper: str | None = None,
               per_page: str | None = None, dpi: int | None = None,
               options: dict[str, int | None] | None = None, force: bool = False, split: bool = False,
               answers_after_each: bool = False, difficulty: str | None = None, jobs: int | None = None,
               page: dict | None = None,
               progress: Progress | None = None) -> tuple[list, list[tuple[Path, int]]]:
    """Make the puzzles of a run and write them (and their answers); returns (puzzles, [(file, pages)]),
    an answer file with 0 pages.  ``split`` (with ``days``): a file per day, named after its date;
    ``progress``: as for rollwrite.core.printrun.run_print; ``answers_after_each``: each puzzle's
    answer right after it rather than all answers after all puzzles (a puzzle and an answer never share
    a page either way); ``page``: the page options of print (rollwrite.layoutlang.page.with_options, and
    ``high_contrast`` and ``small_print``: text under 6 pt is refused unless it is given, as print does,
    see rollwrite.sheet.check_text_size)."""
    # deferred for start-up: `games`, `--help` need this module, not this import
    from rollwrite.files import check_name, kind_of
    from rollwrite.output import check_options, format_for, render_pages, stale_pages, targets, write_all
    from rollwrite.draw.scene import high_contrast
    from rollwrite.sheet import stream_scene
    from rollwrite.layoutlang.page import with_options

    for given in (output, answers):
        if given is not None:
            check_name(given)  # a name no file can have is refused before any work
    form = format_for(fmt, output)
    check_options(form, {"dpi": dpi})
    check_output(output, form, folder_ok=split)
    if split and days is None:
        raise UsageError("--split splits a run of days into files: give --days N with it",
                         hint="e.g. --daily 2027-01-01 --days 7 --split")
    if answers_after_each and not with_solutions:
        raise UsageError("--answers-after-each places answer pages: give --with-solutions with it")
    if answers is not None and kind_of(answers) not in (None, "folder"):
        raise UsageError(f"--answers {answers}: not a folder", hint="give a folder to write the answers into")
    sheets_each = 2 if with_solutions else 1
    with ExitStack() as stack:
        bar: list = []

        def start(n: int) -> Any:  # one bar over the solving and the drawing of every sheet
            bar.append(stack.enter_context((progress or no_progress)(
                "making puzzles", n * (1 + sheets_each), min_total=2 * (1 + sheets_each))))
            return bar[0]

        layout, g, puzzles = make_puzzles(game, seed=seed, daily=daily, days=days, count=count, options=options,
                                          on_start=start, difficulty=difficulty, jobs=jobs)
        advance = bar[0] if bar else None
        page = dict(page or {})
        contrast = bool(page.pop("high_contrast", False))
        small_print = bool(page.pop("small_print", False))
        spec = _fitted(layout, with_options(layout.page, paper=paper, per_page=per_page, **page), page)
        note = _text_note(layout, spec, options, puzzles[:1], small_print, with_solutions, hide_par)
        groups = [puzzles[i:i + count] for i in range(0, len(puzzles), count)] if split else [puzzles]
        stale: list[Path] = []
        written: list[tuple[Path, int]] = []

        def files() -> Any:  # each file as it is made: a long run is never held whole
            for name, group in zip(output_names(layout.game, form.name, output, groups), groups):
                sheet_jobs = puzzle_jobs(group, with_solutions=with_solutions, hide_par=hide_par,
                                         after_each=answers_after_each)
                # streamed: each page (a puzzle's or an answer's) drawn from its job as it is written
                scene = stream_scene(layout, sheets=len(sheet_jobs), page=spec, jobs=sheet_jobs, on_sheet=advance,
                                     note=note)
                scene = high_contrast(scene) if contrast else scene
                count = len(scene.page_sizes())
                paths = targets(name, form, count if form.per_page else 1)
                stale.extend(stale_pages(name, paths) if form.per_page else [])
                yield from zip(paths, render_pages(scene, form, dpi=dpi))
                written.extend([(paths[0], count)] if len(paths) == 1 else [(p, 1) for p in paths])
            if answers is not None:
                taken: set[str] = set()
                for p in puzzles:
                    path = answers / answer_name(p, taken)
                    yield path, answer_text(g, layout, p).encode("utf-8")
                    written.append((path, 0))

        write_all(files(), force=force, remove=stale)
    return puzzles, written


def _text_note(layout: Any, spec: Any, options: dict | None, first: list, small_print: bool,
               with_solutions: bool, hide_par: bool) -> str | None:
    """The rule print holds (rollwrite.sheet.check_text_size): nothing under 6 pt unless allowed (then
    the note every footer carries), measured on the first puzzle's sheets (and its answer's) as they
    print.  As print, a built-in at its own size on its own paper is not measured again (the tests
    measure every game's puzzles and answers)."""
    # deferred for start-up: `games`, `--help` need this module, not sheet
    from rollwrite.sheet import check_text_size

    if spec.scale >= 1 and spec.paper == layout.page.paper and all(v is None for v in (options or {}).values()):
        return None
    return check_text_size(layout, spec, 0, None, allow=small_print,
                           jobs=puzzle_jobs(first, with_solutions=with_solutions, hide_par=hide_par))


def _fitted(layout: Any, spec: Any, page: dict) -> Any:
    """``spec``, but for a puzzle layout drawn larger than free play (the café's, a page to itself) on a
    paper or with options where it does not fit at that size: as large as it fits, never below free
    play's.  A scale asked for (``--scale``, ``--large-print``) is kept as asked."""
    if layout.page.scale <= 1 or page.get("scale") is not None or page.get("large_print"):
        return spec
    # deferred for start-up: `games`, `--help` need this module, not planner
    from rollwrite.planner import largest_scale

    fits = largest_scale(spec, layout.sheet.width, layout.sheet.height)
    return spec.replace(scale=fits) if 1 <= fits < spec.scale else spec


def puzzle_jobs(puzzles: list, *, with_solutions: bool, hide_par: bool = False, after_each: bool = False) -> list:
    """The sheets of a run of puzzles, in print order: every puzzle, then (``with_solutions``) every
    answer, as puzzle books have them; ``after_each`` puts each answer right after its puzzle instead.
    The page planner never puts a puzzle and an answer on one page (``rollwrite.sheet.page_spans``)."""
    # deferred for start-up: `games`, `--help` need this module, not buildcontext
    from rollwrite.buildcontext import SheetJob

    shown = [SheetJob(p.schedule, dataclasses.replace(p, extra={**p.extra, "hide_par": True}) if hide_par else p)
             for p in puzzles]
    if not with_solutions:
        return shown
    solved = [SheetJob(p.schedule, p, p.answer) for p in puzzles]
    if after_each:
        return [job for pair in zip(shown, solved) for job in pair]
    return shown + solved


def puzzle_suffix(puzzle: Any) -> str:
    """What a puzzle adds to a default file name, as ``print`` does for its challenge: ``@2027-01-05`` for a
    daily, ``+picnic`` for the seed ``picnic``, then its variation (see ``rollwrite.output.id_suffix``).
    It is read from the puzzle's challenge id, which carries the variation its dice leave out."""
    # deferred for start-up: `games`, `--help` need this module, not dice, output
    from rollwrite.dice import parse_variant_id
    from rollwrite.output import id_suffix

    game, seed, day, _ = parse_variant_id(puzzle.challenge)
    return id_suffix(_Named(game, seed, day.isoformat() if day is not None else None, puzzle.challenge))


@dataclass(frozen=True, slots=True)
class _Named:
    """A puzzle's challenge as ``id_suffix`` reads a schedule: its game, seed or day, and whole id."""

    game: str
    seed: str | None
    day: str | None
    id: str


def output_names(game: str, ext: str, output: Path | None, groups: list[list]) -> list[Path]:
    """The file of each group of puzzles.  Named by rollwrite (no ``-o``, or ``-o FOLDER``): the game, and
    the id of its puzzle, ``GAME-puzzle@2027-01-05.pdf`` or ``GAME-puzzle+picnic.pdf``, so the daily, a
    seeded run and a booklet never replace one another; a booklet of days is named after its first and
    last day (``GAME-puzzle@2027-01-01..2027-01-07.pdf``).  After ``-o NAME.pdf`` a single file is
    NAME.pdf and a file per day (``--split``) NAME-DATE.pdf."""
    # deferred for start-up: `games`, `--help` need this module, not dice, files
    from rollwrite.dice import parse_game_id
    from rollwrite.files import kind_of

    named = output is None or kind_of(output) == "folder"
    folder = Path("out") if output is None else output
    base = folder  # -o NAME: the file, with the form's suffix when NAME has none
    if not named and not folder.suffix:
        base = folder.with_suffix(f".{ext}")
    names = []
    for group in groups:
        first = puzzle_suffix(group[0])
        days = [d for d in (parse_game_id(p.challenge)[2] for p in group) if d is not None]
        if named:
            suffix = f"@{days[0]}..{days[-1]}" if len(days) > 1 and days[0] != days[-1] else first
            names.append(folder / f"{game}-puzzle{suffix}.{ext}")
        elif len(groups) > 1:
            names.append(base.with_name(f"{base.stem}-{first.lstrip('@+')}{base.suffix}"))
        else:
            names.append(base)
    return names

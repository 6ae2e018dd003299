"""Scoring typed-in sheets: read, check and score them, one at a time or many at once on every core,
the same for every front end.

    run_score(game, files, *, claimed, seed, daily, puzzle) -> (results, worst exit code)
        Each sheet's result: {"json": ..., "text": ...}, or {"error": ..., "json": ...}.
    run_batch(game, files, *, from_jsonl, jsonl, jobs, seed, daily, puzzle, out, err) -> exit code
        Many sheets (files, folders, JSON Lines) on several processes, each result written in input
        order as soon as it is done.
    score_text(game, text, *, name, seed, daily, puzzle) -> result
        One sheet given as text (the Python API's ``score_sheet``).
    read_sheet(name, game) -> text
        A typed-in sheet from a file, or from standard input for ``-``.

Free of Typer, so that the quick start-up path (cli/fast.py) can score a batch without importing it.
"""

from __future__ import annotations

from collections import deque
import io
import itertools
import json
import os
import sys
from typing import Any

from rollwrite.core.challenges import able_game, resolve_schedule, resolve_schedule_id, split_challenge, split_puzzle_id
from rollwrite.errors import InputError, RollwriteError, UsageError, printable
from rollwrite.numbers import plain_number
from rollwrite.pool import cores

STDIN = "-"


def parse_claim(text: str) -> list[float]:
    out = []
    for part in text.split(","):
        part = part.strip()
        try:
            if not part.isascii() or len(part) > 40:  # float() takes '３' and '١' too; scores are 0-9
                raise ValueError
            value = float(part)
        except ValueError:
            raise UsageError(f"--claimed: '{part}' is not a number",
                             hint="give the score as a number, or one per player separated by commas: 80,61") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise UsageError(f"--claimed: '{part}' is not a number")
        out.append(value)
    return out


def read_sheet(name: str, game: str) -> str:
    """The text of a typed-in sheet of ``game``: the file ``name``, or standard input for ``-``."""
    # deferred for start-up: `games`, `--help` need this module, not files
    from rollwrite.files import SHEET, read_stream, read_text

    hint = "type the sheet in a plain text editor and save it as UTF-8"
    if name == STDIN:
        source = "<stdin>"
        text = read_stream(sys.stdin, source, hint, SHEET)
    else:
        source = name
        text = read_text(name, source, hint=hint, limits=SHEET)
    if not text.strip():
        raise InputError("the file is empty", file=source, line=1, col=1,
                         hint=f"type the sheet in as docs/formats/{game}.md shows")
    return text


class _Scoring:
    """What scoring a sheet needs besides the sheet: the game, its layout, the id to check against."""

    def __init__(self, game: str, seed: str | None, daily: str | None, puzzle: bool) -> None:
        game, self.kind = split_puzzle_id(game)  # a puzzle's id: check the sheet as its answer
        puzzle = puzzle or self.kind is not None
        game, seed, daily, self.from_id = split_challenge(game, seed, daily)
        self.args = (game, seed, daily, puzzle)
        layout, g = able_game(game, "score")
        resolve_schedule_id(layout.game, seed, daily, required=puzzle)  # bad --seed/--daily: before any file
        self.layout, self.g, self.seed, self.daily = layout, g, seed, daily
        self.want_puzzle = puzzle
        self._puzzles: dict = {}
        self._schedules: dict = {}

    def puzzle_for(self, sheet: Any) -> Any:
        """The puzzle a sheet answers under --puzzle (made once per set of options its sheet shows, such as
        a battlefield's size), else None."""
        if not self.want_puzzle:
            return None
        # deferred for start-up: `score long-way` and 4 more commands need this module, not this import
        from rollwrite.core.puzzles import puzzle_to_check

        opts = self.g.puzzle_options_of(sheet)
        if self.kind is not None and self.g.puzzle_kind(opts) != self.kind:
            named = f"the {self.kind} puzzle" if self.kind else "the whole game's puzzle"
            shown = self.g.puzzle_kind(opts)
            raise UsageError(f"the id names {named}, but the sheet answers "
                             + (f"the {shown} puzzle ('puzzle: {shown}')" if shown else "the whole game's"),
                             hint="check it with the id of the puzzle it answers, or with --puzzle alone")
        key = tuple(sorted(opts.items()))
        if key not in self._puzzles:  # from the record its making left, when there is one
            self._puzzles[key] = puzzle_to_check(self.layout.game, seed=self.seed, daily=self.daily, options=opts)
        return self._puzzles[key]

    def par_held(self, sheet: Any, puzzle: Any, total: float) -> Any:
        """The puzzle a sheet scoring ``total`` is compared with: a recorded par the sheet beats is not
        believed, and the puzzle is made again (once; kept for the sheets after it)."""
        # deferred for start-up: `score long-way` and 4 more commands need this module, not this import
        from rollwrite.core.puzzles import held

        opts = self.g.puzzle_options_of(sheet)
        again = held(puzzle, total, self.layout.game, seed=self.seed, daily=self.daily, options=opts)
        if again is not puzzle:
            self._puzzles[tuple(sorted(opts.items()))] = again
        return again

    def variant(self, sheet: Any) -> str:
        """The variation code of the sheet's game (its board, dice and turns against the game's as
        shipped); a UsageError when the id typed names another variation."""
        # deferred for start-up: `--help` needs this module, not dice
        from rollwrite.dice import variant_code

        varied = self.g.variations_of(sheet)
        wrong = sorted(k for k, v in self.from_id.items() if varied.get(k, v) != v)
        if wrong:
            k = wrong[0]
            raise UsageError(f"the id says --{k} {self.from_id[k]}, but the sheet has {k} {varied[k]}",
                             hint="score the sheet with the id printed on it")
        return variant_code(varied, self.g.variations(self.layout))

    def schedule(self, sheet: Any) -> Any:
        if self.seed is None and self.daily is None:
            return None

        g, layout = self.g, self.layout
        spec = g.score_dice_spec(layout, sheet)
        if spec is None:
            if not self.want_puzzle:  # a game without dice still has puzzles named by a seed
                raise UsageError(f"{layout.game} has no dice to check against")
            return None
        variant = self.variant(sheet)
        if (spec, variant) not in self._schedules:  # sheets of one shape share the schedule
            self._schedules[spec, variant] = resolve_schedule(layout.game, spec, seed=self.seed, daily=self.daily,
                                                              variant=variant)
        return self._schedules[spec, variant]

    def _evaluate(self, name: str, text: str | None) -> tuple[Any, Any, Any, list, Any]:
        """(sheet, puzzle or None, schedule or None, problems, score) of one typed-in sheet."""
        g, layout = self.g, self.layout
        if text is None:
            text = read_sheet(name, layout.game)
        elif not text.strip():
            raise InputError("the sheet is empty", file=name, line=1, col=1,
                             hint=f"type the sheet in as docs/formats/{layout.game}.md shows")
        source = "<stdin>" if name == STDIN else name
        sheet = g.parse(text, source, layout.data)
        the_puzzle = self.puzzle_for(sheet)
        schedule = self.schedule(sheet)
        if the_puzzle is not None:
            evaluation = g.evaluate_puzzle(the_puzzle, sheet, layout.data)
            # a legal sheet that beats a recorded par: compared with the puzzle solved again
            again = self.par_held(sheet, the_puzzle, evaluation.score.total) if evaluation.valid else the_puzzle
            if again is not the_puzzle:
                the_puzzle = again
                evaluation = g.evaluate_puzzle(the_puzzle, sheet, layout.data)
        else:
            evaluation = g.evaluate(sheet, layout.data, schedule)
        return sheet, the_puzzle, schedule, list(evaluation.problems), evaluation.score

    def one(self, name: str, text: str | None = None, claim: list[float] | None = None,
            want_text: bool = True) -> dict:
        """The result for one sheet: {"json": ..., "text": ...} or {"error": ..., "json": ...}; ``code`` is
        its exit code (0 legal and right, 1 a rule or a claim, 2 unreadable).  ``text`` None: read ``name``."""
        try:
            _, the_puzzle, schedule, problems, score = self._evaluate(name, text)
        except RollwriteError as error:
            return {"error": error, "code": error.exit_code,
                    "json": {"file": name, "game": self.layout.game, "error": str(error), "valid": False}}
        claim_ok, claim_msg = _check_claim(claim, score)
        doc = self._doc(name, the_puzzle, schedule, problems, score)
        if claim is not None:
            doc["claimed"] = [plain_number(c) for c in claim]
            doc["claim_correct"] = claim_ok
        code = 1 if problems or claim_ok is False else 0
        if not want_text:
            return {"json": doc, "code": code}
        lines = self._report(name, the_puzzle, schedule, problems, score)
        if claim_msg:
            lines.append(claim_msg)
        return {"json": doc, "text": printable("\n".join(lines)), "code": code}  # names from the sheet, escaped

    def _doc(self, name: str, the_puzzle: Any, schedule: Any, problems: list, score: Any) -> dict:
        """One sheet's result as the JSON document of --json and --jsonl."""
        doc = {
            "file": name,
            "game": self.layout.game,
            "id": schedule.id if schedule else None,
            "total": plain_number(score.total),
            "valid": not problems,
            "problems": [p.to_json() for p in problems],
            "breakdown": score.breakdown,
        }
        if score.players is not None:
            doc["players"] = [{**p, "total": plain_number(p["total"])} for p in score.players]
        if the_puzzle is not None:
            doc["puzzle"] = the_puzzle.id
            doc["par"] = None if the_puzzle.par is None else plain_number(the_puzzle.par)
            doc["par_proven"] = the_puzzle.par_proven
            doc["bound"] = None if the_puzzle.bound is None else plain_number(the_puzzle.bound)
        return doc

    def _report(self, name: str, the_puzzle: Any, schedule: Any, problems: list, score: Any) -> list[str]:
        """One sheet's result as the lines of the report, up to the claim."""
        against = the_puzzle.id if the_puzzle is not None else schedule.id if schedule else ""
        lines = [f"== {name} ({self.g.title}{', checked against ' + against if against else ''})"]
        if score.report:
            lines.append(score.report.rstrip("\n"))
        if problems:
            lines.append(f"{len(problems)} rule problem{'s' if len(problems) != 1 else ''}:")
            lines.extend(f"  - {p}" for p in problems)
        else:
            what = "deal" if hasattr(schedule, "order") else "dice"
            lines.append("rules: all checks passed" + (f" ({what} of {schedule.id})" if schedule else ""))
        if score.players:
            lines.append("total: " + ", ".join(f"{p['name']} {plain_number(p['total'])}" for p in score.players))
        else:
            lines.append(f"total: {plain_number(score.total)}")
        if the_puzzle is not None and the_puzzle.par is not None:
            par_line = f"{plain_number(score.total)} of par {plain_number(the_puzzle.par)}"
            if not the_puzzle.par_proven:
                par_line += f" ({the_puzzle.par_text()})"
            lines.append(par_line)
        return lines


def _check_claim(claim: list[float] | None, score: Any) -> tuple[bool | None, str]:
    """(whether the claimed scores are right, the line saying so); (None, "") with no claim."""
    if claim is None:
        return None, ""
    totals = [float(t) for t in score.claimable()]
    if len(claim) != len(totals):
        raise UsageError(
            f"--claimed gives {len(claim)} score{'s' if len(claim) != 1 else ''} but the sheet has "
            f"{len(totals)} to check",
            hint="give one score per player, in sheet order, separated by commas",
        )
    wrong = [(i, c, t) for i, (c, t) in enumerate(zip(claim, totals)) if abs(c - t) > 1e-9]
    if not wrong:
        return True, f"claimed {', '.join(str(plain_number(c)) for c in claim)}: correct"
    parts = []
    for i, c, t in wrong:
        who = f"{score.players[i]['name']}: " if score.players else ""
        diff = t - c
        parts.append(f"{who}claimed {plain_number(c)}, but the sheet scores {plain_number(t)} "
                     f"({plain_number(abs(diff))} {'more' if diff > 0 else 'less'} than claimed)")
    return False, "; ".join(parts)


def score_text(game: str, text: str, *, name: str = "sheet", seed: str | None = None, daily: str | None = None,
               puzzle: bool = False) -> dict:
    """One typed-in sheet given as text, scored as ``score`` scores a file: {"json": the document of
    ``score --json``, "text": the report, "code": 0 legal or 1 a broken rule}.  A sheet that cannot be read
    raises its InputError (naming ``name``, line and column)."""
    result = _Scoring(game, seed, daily, puzzle).one(name, text)
    if "error" in result:
        raise result["error"]
    return result


def run_score(game: str, files: list[str], *, claimed: str | None = None, seed: str | None = None,
              daily: str | None = None, puzzle: bool = False) -> tuple[list[dict], int]:
    scoring = _Scoring(game, seed, daily, puzzle)
    claim = parse_claim(claimed) if claimed is not None else None
    if claim is not None and len(files) != 1:
        raise UsageError("--claimed checks one sheet: give exactly one file with it")
    if files.count(STDIN) > 1:
        raise UsageError("'-' (standard input) can be read only once")
    results = [scoring.one(name, claim=claim) for name in files]
    worst = max((r["code"] for r in results), default=0)
    return results, worst


# ---------------------------------------------------------------- many sheets at once

MAX_LINE = 1_000_000  # characters in one line of --from-jsonl (a typed-in sheet is a few kilobytes)


def is_folder(name: str) -> bool:
    """Whether a name given to score is a folder of sheets (``-``, standard input, is not)."""
    return name != STDIN and os.path.isdir(name)


def _inputs(files: list[str], from_jsonl: str | None) -> Any:
    """(name, text or None) for every sheet, in input order: folders give their files in name order
    (hidden files left out); ``text`` None means the file is read where it is scored."""
    for name in files:
        if is_folder(name):
            try:
                with os.scandir(name) as listing:  # the listing says which entries are folders: no stat each
                    entries = sorted(e.name for e in listing if not e.name.startswith(".") and not _folder(e))
            except OSError as exc:
                yield name, InputError(f"cannot read the folder ({exc.strerror})", file=name)
                continue
            for entry in entries:
                yield os.path.join(name, entry), None
        else:
            yield name, None
    if from_jsonl is not None:
        yield from _jsonl_sheets(from_jsonl)


def _folder(entry: Any) -> bool:
    try:
        return entry.is_dir()  # follows a symbolic link, as os.path.isdir does
    except OSError:
        return False


def _jsonl_sheets(source: str) -> Any:
    """(name, text) of each line of a JSON Lines file of sheets; a bad line is one unreadable sheet.

    The file must be a regular file (standard input may be a pipe); each line is read up to MAX_LINE
    characters, and a longer line ends the reading (an endless stream such as /dev/zero has no next
    line to go on to)."""
    # deferred for start-up: `games`, `--help` need this module, not files
    from rollwrite.files import load_json, open_regular

    label = "<stdin>" if source == STDIN else source
    try:
        raw = sys.stdin if source == STDIN else io.TextIOWrapper(
            open_regular(source, source, "a JSON Lines file"), encoding="utf-8", errors="strict")
    except InputError as exc:
        yield source, exc
        return
    try:
        for number, line in enumerate(iter(lambda: raw.readline(MAX_LINE + 1), ""), 1):
            where = f"{label}:{number}"
            if len(line) > MAX_LINE:
                yield where, InputError(f"this line is longer than {MAX_LINE:,} characters; the rest of the input "
                                        "is not read", file=label, line=number,
                                        hint='write one object per line: {"name": "ann.txt", "text": "..."}')
                return
            if not line.strip():
                continue
            try:
                obj = load_json(line, label, number, what="a JSON object")
            except InputError as exc:
                exc.hint = exc.hint or 'write one object per line: {"name": "ann.txt", "text": "..."}'
                yield where, exc
                continue
            if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
                yield where, InputError("expected an object with the sheet as a string in 'text'", file=label,
                                        line=number, hint='e.g. {"name": "ann.txt", "text": "..."}')
                continue
            name = obj.get("name")
            yield (str(name) if name is not None else where), obj["text"]
    except UnicodeDecodeError as exc:
        yield label, InputError(f"not UTF-8 text ({exc.reason})", file=label)
    finally:
        if source != STDIN:
            raw.close()


_WORKER: Any = None


def _start_worker(args: tuple) -> None:
    global _WORKER
    _WORKER = _Scoring(*args)


def _work(item: tuple) -> tuple[int, str, str | None]:
    """(exit code, the JSON line or the text report, the error message) of one sheet, in a worker."""
    name, text, want_text = item
    if isinstance(text, tuple):  # ("error", message, exit code): found while listing the inputs
        r = {"error": text[1], "code": text[2],
             "json": {"file": name, "game": _WORKER.layout.game, "error": text[1], "valid": False}}
    else:
        r = _WORKER.one(name, text, want_text=want_text)
    err = str(r["error"]) if "error" in r else None
    if want_text:
        return r["code"], r.get("text", ""), err
    return r["code"], json_line(r["json"]), err


def json_line(doc: Any) -> str:
    """``doc`` as one line of JSON: the text of ``json.dumps(doc, ensure_ascii=False, separators=(",",
    ":"))``, written by orjson (about eight times faster on a sheet's breakdown).  The two write the same
    text for what a result holds (strings, whole numbers, booleans, None, lists, mappings with text
    keys, and scores in halves); what orjson refuses (a file name that is not valid UTF-8, a number key)
    goes to json.  ``tests/test_score_batch.py`` holds the two to each other."""
    try:
        return (_orjson_dumps or _load_orjson())(doc).decode("utf-8")
    except TypeError:
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _load_orjson() -> Any:
    """orjson's ``dumps``, imported on first use: its import (about 18 ms) is for batches only.  A batch
    on several processes calls this before they start, so that they do not each import it again."""
    global _orjson_dumps
    if _orjson_dumps is None:
        try:
            # deferred for start-up: `games`, `--help` need this module, not orjson
            from orjson import dumps as _orjson_dumps
        except ImportError:  # pragma: no cover - an installation without it still works, more slowly
            _orjson_dumps = _refuse
    return _orjson_dumps


def _refuse(doc: Any) -> bytes:
    raise TypeError("no orjson")


_orjson_dumps: Any = None


def _work_chunk(chunk: list) -> tuple[int, list[str], str, bool]:
    """A run of sheets in a worker, so that what passes between processes is one piece per run:
    (worst exit code, the error messages, the output of the run joined, whether it holds any report).
    JSON Lines: a line per sheet; reports: the reports of the readable sheets, a blank line between."""
    worst = 0
    messages: list[str] = []
    bodies: list[str] = []
    text = chunk[0][2] if chunk else False
    for item in chunk:
        code, body, message = _work(item)
        worst = max(worst, code)
        if message is not None:
            messages.append(message)
        if not text or message is None:
            bodies.append(body)
    if text:
        return worst, messages, "\n".join(b + "\n" for b in bodies), bool(bodies)
    return worst, messages, "".join(b + "\n" for b in bodies), bool(bodies)


def _chunks(items: Any, size: int) -> Any:
    while True:
        chunk = list(itertools.islice(items, size))
        if not chunk:
            return
        yield chunk


CHUNK = 64  # sheets a worker takes at a time: results stream out a chunk at a time, in input order


def run_batch(game: str, files: list[str], *, from_jsonl: str | None = None, jsonl: bool = True,
              jobs: int | None = None, seed: str | None = None, daily: str | None = None, puzzle: bool = False,
              claimed: str | None = None, out: Any = None, err: Any = None) -> int:
    """Score many sheets, on ``jobs`` processes (default: every core), writing each result as soon as it
    and all before it are done: a JSON line per sheet (``jsonl``) or the text report.  Unreadable sheets
    are reported (on ``err``, and as {"error": ...} lines) and the run goes on; returns the exit code:
    2 if any sheet could not be read, else 1 if any broke a rule, else 0."""
    if claimed is not None:
        raise UsageError("--claimed checks one sheet: give exactly one file with it")
    if jobs is not None and not 1 <= jobs <= 256:
        raise UsageError(f"--jobs must be between 1 and 256, not {jobs}")
    if (files.count(STDIN) + (from_jsonl == STDIN)) > 1:
        raise UsageError("'-' (standard input) can be read only once")
    if not files and from_jsonl is None:
        raise UsageError("give the typed-in sheets to score: files, folders, '-' or --from-jsonl FILE")
    scoring = _Scoring(game, seed, daily, puzzle)  # every usage error before the first sheet
    out = out or sys.stdout
    err = err or sys.stderr
    want_text = not jsonl
    items = ((name, ("error", str(text), text.exit_code) if isinstance(text, InputError) else text, want_text)
             for name, text in _inputs(files, from_jsonl))
    n = jobs or cores()
    worst = 0
    first = True
    pool = None
    try:
        head = list(itertools.islice(items, 64))
        if n > 1 and len(head) == 64 and STDIN not in files:
            # deferred for start-up: `games` and 6 more commands need this module, not this import
            from rollwrite.pool import process_pool

            if jsonl:
                _load_orjson()  # once, here, for every worker (forked with it where the system forks)
            pool = process_pool(n, _start_worker, (scoring.args,))
            # a chunk each, in order; small enough that every core still gets several of a short run
            size = max(1, min(CHUNK, len(head) // n))
            results = _in_order(pool, _chunks(itertools.chain(head, items), size), ahead=4 * n)
        else:
            global _WORKER
            _WORKER = scoring
            results = map(_work_chunk, _chunks(itertools.chain(head, items), CHUNK))
        for code, messages, blob, has_body in results:
            worst = max(worst, code)
            for message in messages:
                print(f"rollwrite: {message}", file=err)
            if jsonl:
                out.write(blob)
            elif has_body:
                out.write(("" if first else "\n") + blob)
                first = False
            if err is not None and messages:
                err.flush()
        out.flush()
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    return worst


def _in_order(pool: Any, chunks: Any, ahead: int) -> Any:
    """The results of ``_work_chunk`` over ``chunks`` on ``pool``, in order, with at most ``ahead`` runs
    given out before their turn: the input is read only as fast as it is scored (a stream of any length
    takes bounded memory)."""
    waiting: deque = deque()
    for chunk in chunks:
        waiting.append(pool.submit(_work_chunk, chunk))
        if len(waiting) >= ahead:
            yield waiting.popleft().result()
    while waiting:
        yield waiting.popleft().result()

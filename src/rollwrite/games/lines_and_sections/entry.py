"""Lines & Sections on screen: the path is drawn a segment a move on the board's points (its first point
anywhere, then only the steps the referee allows), and once it is stuck the sections are shaded a move
each on the board's squares.  The referee (rules.referee) says whose move it is and what may be drawn
or shaded.  A "shade to win" puzzle starts from its finished path (``schedule`` is then the puzzle,
solve.Puzzle): the player shades the one section they think wins, and that is the answer, checked as
``rollwrite score ... --puzzle`` checks it.  See rollwrite.games.entry."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from rollwrite.games.entry import Choice, Entry, EntryError, Field, Grid, Spot, View, column_letters, row_numbers
from rollwrite.games.lines_and_sections.data import MAX_PLAYERS, MAX_SIZE, MIN_PLAYERS, MIN_SIZE, data_of
from rollwrite.games.lines_and_sections.format import Game, Shade, point_name, square_name
from rollwrite.games.lines_and_sections.rules import DOWN, RIGHT, Result, referee, section_key
from rollwrite.games.lines_and_sections.solve import OPPONENT, YOU, Puzzle


def _xy(name: str) -> tuple[int, int]:
    return ord(name[0]) - 65, int(name[1:]) - 1


def _puzzle(schedule: Any) -> Puzzle | None:
    """The puzzle a puzzle's page starts from, or None on a game's page."""
    return schedule if isinstance(schedule, Puzzle) else None


def _given(sheet: Game, schedule: Any) -> bool:
    """Whether ``sheet`` holds the puzzle's position as it is given (its path, its players): then only
    the shading is the player's to enter and take back."""
    pz = _puzzle(schedule)
    return pz is not None and (sheet.size, tuple(sheet.path), sheet.players) == (pz.size, pz.path, pz.game((YOU, OPPONENT)).players)


class SectionsEntry(Entry[Game, Any]):
    puzzle_from_position = True  # the puzzle's path is given
    def start(self, data: Any, schedule: Any) -> Game:
        pz = _puzzle(schedule)
        if pz is not None:
            return pz.game((YOU, OPPONENT))
        d = data_of(data)
        return Game(size=d.size, players=tuple(f"Player {i + 1}" for i in range(d.players)))

    def puzzle_schedule(self, puzzle: Any) -> Any:
        return puzzle.extra.get("lines")  # the position (rollwrite.games.lines_and_sections.solve.Puzzle)

    def view(self, sheet: Game, data: Any, schedule: Any) -> View:
        if _given(sheet, schedule):
            return self._puzzle_view(sheet, schedule)
        return self._view(sheet)

    def _puzzle_view(self, sheet: Game, schedule: Any) -> View:
        """A puzzle's page: the finished path is given; the player's one move is to shade a section."""
        base = self._view(sheet)
        log = base.log[-len(sheet.shades):] if sheet.shades else ()
        if not sheet.shades:
            return dataclasses.replace(base, turn="Your move: shade the section that wins", fields=(), log=log,
                                       played=0, ask="The path is the puzzle's, finished, and you shade first. Pick "
                                       "a square of the section you think wins: whatever your opponent shades next, "
                                       "you can always answer, until they have no safe section left.")
        first = sheet.shades[0]
        return dataclasses.replace(base, turn=f"Your answer: you shade {square_name(first.square)}", fields=(),
                                   log=log, played=len(sheet.shades), done=True,
                                   ask="The check below says whether it wins; Undo takes it back to try another.")

    def _view(self, sheet: Game) -> View:
        res = referee(sheet)
        b, n = res.board, sheet.size
        on = {point_name(p) for p in sheet.path}
        end = point_name(sheet.path[-1]) if sheet.path else ""
        ways: dict[tuple[int, int], list[str]] = {}  # the path's segments, drawn from each point to its side
        for (x0, y0), (x1, y1) in zip(sheet.path, sheet.path[1:]):
            if abs(x1 - x0) + abs(y1 - y0) == 1:
                ways.setdefault((x0, y0), []).append({(1, 0): "sr", (-1, 0): "sl", (0, 1): "sd", (0, -1): "su"}[(x1 - x0, y1 - y0)])
                ways.setdefault((x1, y1), []).append({(1, 0): "sl", (-1, 0): "sr", (0, 1): "su", (0, -1): "sd"}[(x1 - x0, y1 - y0)])
        points = tuple(Spot(name, x, y, "", " ".join(["end" if name == end else "on" if name in on else ""] + ways.get((x, y), [])).strip(),
                            f"point {name}" + (", the end of the path" if name == end else ", on the path" if name in on else ""))
                       for y in range(n + 1) for x in range(n + 1) for name in [point_name((x, y))])
        shaded = {}
        if res.sections is not None:
            for k, move in res.shaded.items():
                shaded[k] = (move, res.shaded_by[k])
        squares = []
        for y in range(n):
            for x in range(n):
                sides = (("wn", b.edge_at[b.point(x, y)][RIGHT]), ("ww", b.edge_at[b.point(x, y)][DOWN]),
                         ("we", b.edge_at[b.point(x + 1, y)][DOWN]), ("ws", b.edge_at[b.point(x, y + 1)][RIGHT]))
                marks = [mark for mark, e in sides if (res.trail.used >> e) & 1]  # the path along its sides
                key, label = "", f"square {square_name((x, y))}"
                if res.sections is not None:
                    k = res.sections.of[b.square(x, y)]
                    key = section_key(k)
                    label += f", section {key}"
                    if k in shaded:
                        marks.append("shaded")
                        label += f", shaded by {sheet.players[shaded[k][1]]} on move {shaded[k][0]}"
                squares.append(Spot(square_name((x, y)), x, y, key, " ".join(marks), label))
        grids = (Grid("points", "The path: the board's points", n + 1, n + 1, points,
                      cols=column_letters(n + 1), rows=row_numbers(n + 1), points=True),
                 Grid("squares", "The sections: the board's squares", n, n, tuple(squares),
                      cols=column_letters(n), rows=row_numbers(n)))
        fields = (Field("size", f"Board size ({MIN_SIZE} to {MAX_SIZE} squares a side)", str(sheet.size), 2),
                  Field("players", "Players in turn order, separated by commas", ", ".join(sheet.players), 60))
        played = max(len(sheet.path) - 1, 0) + len(sheet.shades)
        log = tuple(f"move {i}: {point_name(sheet.path[i - 1])}–{point_name(sheet.path[i])}" for i in range(1, len(sheet.path)))
        log += tuple(f"shade {square_name(s.square)}" + (f" ({s.player})" if s.player else "") for s in sheet.shades)
        who = sheet.players[res.to_move] if res.to_move is not None else ""
        if res.phase == "drawing":
            move = max(len(sheet.path) - 1, 0) + 1
            ask = ("Pick the point the path starts from." if not sheet.path else
                   f"Pick the point the path goes on to from {end}.")
            return View(grids, turn=f"Move {move}: {who} draws", ask=ask, fields=fields, played=played, log=log)
        if res.phase == "shading":
            move = len(sheet.path) - 1 + len(sheet.shades) + 1
            return View(grids, turn=f"Move {move}: {who} shades", ask="Pick a square of the section to shade.",
                        fields=fields, played=played, log=log)
        winner = f"{sheet.players[res.winner]} wins." if res.winner is not None else ""
        return View(grids, turn="", ask=winner, fields=fields, played=played, done=True, log=log)

    def options(self, sheet: Game, picked: Sequence[str], data: Any, schedule: Any) -> list[Choice]:
        if picked:
            return []
        if _puzzle(schedule) is not None and (not _given(sheet, schedule) or sheet.shades):
            return []  # a puzzle's answer is its one shading (a sheet typed otherwise is checked as it is)
        res = referee(sheet)
        b, n = res.board, sheet.size
        if res.phase == "drawing" and not sheet.path:
            return [Choice(point_name((x, y)), f"start at {point_name((x, y))}", f"points:{point_name((x, y))}")
                    for y in range(n + 1) for x in range(n + 1)]
        if res.phase == "drawing":
            end = res.trail.end
            assert end is not None
            out = []
            for d in res.trail.options():
                q = b.next_point[end][d]
                assert q is not None
                name = point_name(b.xy(q))
                out.append(Choice(name, f"draw to {name}", f"points:{name}"))
            return out
        if res.phase == "shading" and res.sections is not None:
            free = set(res.unshaded())
            safe = set(res.safe_sections())
            return [Choice(name, f"shade section {section_key(k)}" + ("" if k in safe else " (it touches a shaded section: out)"),
                           f"squares:{name}")
                    for y in range(n) for x in range(n) for name in [square_name((x, y))]
                    for k in [res.sections.of[b.square(x, y)]] if k in free]
        return []

    def apply(self, sheet: Game, picked: Sequence[str], data: Any, schedule: Any) -> Game | None:
        if not picked:
            return None
        res: Result = referee(sheet)
        xy = _xy(picked[0])
        if res.phase == "drawing":
            return dataclasses.replace(sheet, path=sheet.path + (xy,), path_lines=(), path_cols=())
        who = sheet.players[res.to_move] if res.to_move is not None else None
        return dataclasses.replace(sheet, shades=sheet.shades + (Shade(xy, who),))

    def undo(self, sheet: Game, data: Any, schedule: Any) -> Game:
        if sheet.shades:
            return dataclasses.replace(sheet, shades=sheet.shades[:-1])
        if _given(sheet, schedule):
            return sheet  # the puzzle's path is given, not entered
        return dataclasses.replace(sheet, path=sheet.path[:-1], path_lines=(), path_cols=())

    def spots_of(self, sheet: Game, where: str, message: str, data: Any) -> list[str]:
        m = re.fullmatch(r"move (\d+)", where)
        if not m:
            return []
        move, segments = int(m.group(1)), max(len(sheet.path) - 1, 0)
        if move <= segments:  # a segment: its two points
            return [f"points:{point_name(p)}" for p in sheet.path[move - 1:move + 1]]
        k = move - segments - 1
        return [f"squares:{square_name(sheet.shades[k].square)}"] if k < len(sheet.shades) else []

    def set_field(self, sheet: Game, key: str, value: str, data: Any) -> Game:
        if key == "size":
            if sheet.path:
                raise EntryError("the board's size is chosen before the path is drawn: undo the path to change it")
            if not (value.strip().isdigit() and MIN_SIZE <= int(value) <= MAX_SIZE):
                raise EntryError(f"the board's size is a number from {MIN_SIZE} to {MAX_SIZE}")
            return dataclasses.replace(sheet, size=int(value))
        if key == "players":
            names = tuple(" ".join(p.split()) for p in value.split(",") if p.strip())
            if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or len({p.casefold() for p in names}) < len(names):
                raise EntryError(f"name {MIN_PLAYERS} to {MAX_PLAYERS} different players, separated by commas")
            shades = tuple(dataclasses.replace(s, player=None) for s in sheet.shades)
            return dataclasses.replace(sheet, players=names, shades=shades)
        raise EntryError(f"the sheet has no field '{key[:40]}'")

    def turns(self, sheet: Game, data: Any, schedule: Any) -> list[list[str]]:
        shades = [[square_name(s.square)] for s in sheet.shades]
        if _given(dataclasses.replace(sheet, shades=()), schedule):
            return shades
        return [[point_name(p)] for p in sheet.path] + shades

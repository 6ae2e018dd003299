"""Shelving Wars on screen: the players build in turn, round by round, on one battlefield.  A turn shows
the player's roll; a box is picked by its size (two of the dice) and then its top-left square, a
floating shelf by its length (one die), the square it starts at and the corner and direction.  Only
what the rules' own checks (rules.Board) accept is offered; a player whose roll fits no box ends the
game, as the rules say.  A solo puzzle's page starts from the puzzle's own battlefield (its size, one
player, no capture) and plays player 1's rolls of the challenge (``schedule`` is then a PuzzleRolls);
the game it enters is the answer, scored against par as ``rollwrite score --puzzle`` scores it.  See
rollwrite.games.entry."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rollwrite.games.entry import (
    Choice, Entry, EntryError, Field, Grid, Spot, View, blank_rolls, column_letters, row_numbers,
)
from rollwrite.games.shelving_wars.data import DIRECTION_NAMES, DIRECTIONS, MAX_PLAYERS, MAX_SIZE, MIN_PLAYERS, MIN_SIZE, Data
from rollwrite.games.shelving_wars.format import Box, Player, Sheet, Shelf, Turn, box_label, square_name
from rollwrite.games.shelving_wars.rules import Board, Placed, corner_square, dice_fit, play_order

#: a square's corners as grid points: (name, dx, dy) from its top-left point
_CORNERS = (("top-left", 0, 0), ("top-right", 1, 0), ("bottom-left", 0, 1), ("bottom-right", 1, 1))


def _board(sheet: Sheet, data: Data) -> Board:
    """The battlefield with every box and shelf of the sheet on it, in play order (as the rules build it)."""
    board = Board(sheet, data.corners)
    counts = [{"box": 0, "shelf": 0} for _ in sheet.players]
    for _t, k, i in play_order(sheet):
        item = sheet.players[k].turns[i]
        kind = "box" if isinstance(item, Box) else "shelf"
        counts[k][kind] += 1
        board.add(Placed(k, counts[k][kind], item))
    return board


def _next(sheet: Sheet) -> tuple[int, int] | None:
    """(turn, player) of the next turn in play order, or None when every player has played every turn."""
    for t in range(sheet.turns):
        for k, p in enumerate(sheet.players):
            if len(p.turns) <= t:
                return t, k
    return None


#: the solo player's name on a puzzle's page
YOU = "You"


@dataclass(frozen=True)
class PuzzleRolls:
    """A puzzle's page: the puzzle's dice (one player's rolls) and its battlefield before the first box."""

    dice: Any  # rollwrite.dice.Schedule
    blank: Sheet


def _dice(schedule: Any) -> Any:
    """The dice of a page: the challenge's, or its puzzle's."""
    return schedule.dice if isinstance(schedule, PuzzleRolls) else schedule


def _sq(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - 65


class ShelvingEntry(Entry[Sheet, Data]):
    live = True

    def revealed(self, sheet: Sheet, picked: Sequence[str], data: Data, schedule: Any) -> Any:
        """Each player's rolls of the turns they played, and the roll of the player whose turn it is."""
        if schedule is None:
            return None
        if isinstance(schedule, PuzzleRolls):  # a puzzle's page: the solo player's rolls, blanked alike
            return dataclasses.replace(schedule, dice=self.revealed(sheet, picked, data, schedule.dice))
        reached = {k + 1: len(p.turns) for k, p in enumerate(sheet.players)}
        at = _next(sheet)
        if at is not None:
            reached[at[1] + 1] = at[0] + 1
        return blank_rolls(schedule, lambda t: () if t.number <= reached.get(t.group, 0) else None)

    def puzzle_schedule(self, puzzle: Any) -> PuzzleRolls:
        answer: Sheet = puzzle.answer  # the puzzle's battlefield (its size, no capture), one player
        return PuzzleRolls(puzzle.schedule, dataclasses.replace(answer, players=(Player(YOU),)))

    def start(self, data: Data, schedule: Any) -> Sheet:
        if isinstance(schedule, PuzzleRolls):
            return schedule.blank
        return Sheet(size=data.size, turns=data.turns, dice=data.dice, sides=data.sides, capture=False,
                     players=tuple(Player(f"Player {k + 1}") for k in range(data.players)))

    def _now(self, sheet: Sheet, data: Data, schedule: Any) -> tuple[int, int, tuple[int, ...], Board] | None:
        """(turn, player, roll, board) of the next turn; None when the game is over."""
        at = _next(sheet)
        if at is None or _dice(schedule) is None:
            return None
        t, k = at
        try:
            roll = tuple(_dice(schedule).turn(k + 1, t + 1).dice)
        except (IndexError, AttributeError):
            return None
        board = _board(sheet, data)
        if board.any_box(k, roll) is None:  # the player cannot place a box: the game ends
            return None
        return t, k, roll, board

    def view(self, sheet: Sheet, data: Data, schedule: Any) -> View:
        board = _board(sheet, data)
        size = sheet.size
        marks: dict[tuple[int, int], list[str]] = {}
        text: dict[tuple[int, int], str] = {}
        said: dict[tuple[int, int], list[str]] = {}
        for i, placed in enumerate(board.cover):
            if placed is not None:
                rc = divmod(i, size)
                marks.setdefault(rc, []).append(f"p{placed.player + 1}")
                said.setdefault(rc, []).append(f"{board.name(placed.player)}'s box {placed.number}")
        for p in board.boxes:
            b = p.item
            assert isinstance(b, Box)
            text[(b.row, b.col)] = str(p.number)
        for p in board.shelves:
            s = p.item
            assert isinstance(s, Shelf)
            for x, y, d in s.units():
                sides = ((y, x, "wn"), (y - 1, x, "ws")) if d == "h" else ((y, x, "ww"), (y, x - 1, "we"))
                for r, c, m in sides:
                    if 0 <= r < size and 0 <= c < size:
                        marks.setdefault((r, c), []).append(m)
                        said.setdefault((r, c), []).append(f"{board.name(p.player)}'s shelf {p.number}")
        for k, corner in enumerate(data.corners[:len(sheet.players)]):
            rc = corner_square(corner, size)
            said.setdefault(rc, []).append(f"{sheet.players[k].name}'s corner")
            text.setdefault(rc, f"{k + 1}")
        spots = tuple(Spot(square_name(r, c), c, r, text.get((r, c), ""), " ".join(marks.get((r, c), ())),
                           f"square {square_name(r, c)}" + "".join(f", {w}" for w in said.get((r, c), ())))
                      for r in range(size) for c in range(size))
        grid = Grid("field", "The battlefield", size, size, spots, cols=column_letters(size), rows=row_numbers(size))
        fields: tuple[Field, ...] = (Field("size", f"Battlefield size ({MIN_SIZE} to {MAX_SIZE} squares a side)", str(size), 2),
                                     Field("players", f"Players ({MIN_PLAYERS} to {MAX_PLAYERS})", str(len(sheet.players)), 1))
        fields += tuple(Field(f"p{k + 1}", f"Player {k + 1}'s name", p.name, 20) for k, p in enumerate(sheet.players))
        played = sum(len(p.turns) for p in sheet.players)
        log = tuple(f"{sheet.players[k].name}, turn {t + 1}: {_said(sheet.players[k].turns[i])}"
                    for t, k, i in play_order(sheet))
        now = self._now(sheet, data, schedule)
        if isinstance(schedule, PuzzleRolls):
            return self._puzzle_view(sheet, schedule, grid, played, log, now)
        if now is None:
            return View((grid,), fields=fields, played=played, done=True, log=log)
        t, k, roll, _board_now = now
        return View((grid,), turn=f"Turn {t + 1} of {sheet.turns}: {sheet.players[k].name} (player {k + 1})",
                    dice=tuple(map(str, roll)), ask="Pick a box's size (two of the dice), or a floating shelf.",
                    fields=fields, played=played, log=log)

    @staticmethod
    def _puzzle_view(sheet: Sheet, schedule: PuzzleRolls, grid: Grid, played: int, log: tuple[str, ...],
                     now: tuple[int, int, tuple[int, ...], Board] | None) -> View:
        """A puzzle's page: one player, the puzzle's rolls in turn, no fields (the battlefield is the
        puzzle's); once no turn is left, what ended the game."""
        if now is not None:
            t, _k, roll, _board_now = now
            return View((grid,), turn=f"Turn {t + 1} of {sheet.turns}: your roll", dice=tuple(map(str, roll)),
                        ask="Pick a box's size (two of the dice), or a floating shelf (it only costs points).",
                        played=played, log=log)
        at = _next(sheet)
        last = _roll_of(schedule, at) if at is not None and len(sheet.players) == 1 else None
        if at is None:
            turn = f"Your answer: all {sheet.turns} turns built"
        elif last is not None:
            turn = f"Your answer: turn {at[0] + 1}'s roll {' '.join(map(str, last))} fits no box, so the game ends there"
        else:
            turn = "Your answer"
        return View((grid,), turn=turn, played=played, done=True, log=log,
                    ask="The check below gives what it scores against par; Undo takes the last turn back to try "
                        "another way.")

    def options(self, sheet: Sheet, picked: Sequence[str], data: Data, schedule: Any) -> list[Choice]:
        now = self._now(sheet, data, schedule)
        if now is None:
            return []
        _t, k, roll, board = now
        size = sheet.size
        if not picked:
            sizes = sorted({(roll[i], roll[j]) for i in range(len(roll)) for j in range(len(roll)) if i != j})
            out = [Choice(f"box{h}x{w}", f"a box {h} high, {w} wide") for h, w in sizes
                   if next(self._boxes(board, k, h, w, size), None) is not None]
            out += [Choice(f"shelf{n}", f"a floating shelf of length {n}") for n in sorted(set(roll)) if self._shelves(board, k, n, size)]
            return out
        first = picked[0]
        if first.startswith("box") and len(picked) == 1:
            h, w = map(int, first[3:].split("x"))
            return [Choice(square_name(b.row, b.col), f"{h} × {w} box at {box_label(b)}", f"field:{square_name(b.row, b.col)}")
                    for b in self._boxes(board, k, h, w, size)]
        if first.startswith("shelf"):
            n = int(first[5:])
            shelves = self._shelves(board, k, n, size)
            if len(picked) == 1:
                squares = sorted({name for name, _c, _s in shelves}, key=lambda q: _sq(q))
                return [Choice(q, f"a shelf from a corner of {q}", f"field:{q}") for q in squares]
            if len(picked) == 2:
                return [Choice(f"{c}:{DIRECTION_NAMES[(s.dx, s.dy)]}", f"from its {c} corner, {DIRECTION_NAMES[(s.dx, s.dy)]}")
                        for name, c, s in shelves if name == picked[1]]
        return []

    @staticmethod
    def _boxes(board: Board, k: int, h: int, w: int, size: int) -> Iterator[Box]:
        """Every h × w box the rules let player k place, by its top-left square in reading order."""
        return (box for r in range(size - h + 1) for c in range(size - w + 1)
                for box in [Box(r, c, h, w)] if not board.box_problems(k, box))

    @staticmethod
    def _shelves(board: Board, k: int, n: int, size: int) -> list[tuple[str, str, Shelf]]:
        """(square, corner, shelf) of every shelf of length n the rules allow player k (each start point
        named from every square it is a corner of)."""
        starts = {(x, y) for b in board.own[k] for x in (b.col, b.col + b.w) for y in (b.row, b.row + b.h)}
        out = []
        for x, y in sorted(starts, key=lambda p: (p[1], p[0])):
            for ux, uy in DIRECTIONS.values():
                shelf = Shelf(x, y, ux, uy, n)
                if board.shelf_problems(k, shelf):
                    continue
                for corner, dx, dy in _CORNERS:  # the start point is a corner of up to four squares
                    r, c = y - dy, x - dx
                    if 0 <= r < size and 0 <= c < size:
                        out.append((square_name(r, c), corner, shelf))
        return out

    def apply(self, sheet: Sheet, picked: Sequence[str], data: Data, schedule: Any) -> Sheet | None:
        now = self._now(sheet, data, schedule)
        if now is None or not picked:
            return None
        _t, k, roll, _board_now = now
        item: Turn
        if picked[0].startswith("box") and len(picked) == 2:
            h, w = map(int, picked[0][3:].split("x"))
            r, c = _sq(picked[1])
            item = Box(r, c, h, w, rolled=roll)
        elif picked[0].startswith("shelf") and len(picked) == 3:
            r, c = _sq(picked[1])
            corner, way = picked[2].split(":")
            dx, dy = next((x, y) for name, x, y in _CORNERS if name == corner)
            ux, uy = DIRECTIONS[way]
            item = Shelf(c + dx, r + dy, ux, uy, int(picked[0][5:]), rolled=roll)
        else:
            return None
        assert dice_fit(item.h, item.w, roll) if isinstance(item, Box) else item.length in roll
        players = list(sheet.players)
        players[k] = dataclasses.replace(players[k], turns=players[k].turns + (item,), line=None)
        return dataclasses.replace(sheet, players=tuple(players))

    def undo(self, sheet: Sheet, data: Data, schedule: Any) -> Sheet:
        order = play_order(sheet)
        if not order:
            return sheet
        _t, k, _i = order[-1]
        players = list(sheet.players)
        players[k] = dataclasses.replace(players[k], turns=players[k].turns[:-1], line=None)
        return dataclasses.replace(sheet, players=tuple(players))

    def spots_of(self, sheet: Sheet, where: str, message: str, data: Data) -> list[str]:
        m = re.search(r"\(player (\d+)\), (box|shelf) (\d+)$", where)
        if not m or not 1 <= int(m.group(1)) <= len(sheet.players):
            return []
        items = [t for t in sheet.players[int(m.group(1)) - 1].turns if isinstance(t, Box) == (m.group(2) == "box")]
        if not 1 <= int(m.group(3)) <= len(items):
            return []
        item, size = items[int(m.group(3)) - 1], sheet.size
        if isinstance(item, Box):
            squares = [(r, c) for r in range(item.row, item.row + item.h) for c in range(item.col, item.col + item.w)]
        else:  # the squares beside the shelf, on both sides
            squares = [rc for x, y, d in item.units() for rc in (((y, x), (y - 1, x)) if d == "h" else ((y, x), (y, x - 1)))]
        return [f"field:{square_name(r, c)}" for r, c in dict.fromkeys(squares) if 0 <= r < size and 0 <= c < size]

    def set_field(self, sheet: Sheet, key: str, value: str, data: Data) -> Sheet:
        if key == "players":
            if any(p.turns for p in sheet.players):
                raise EntryError("the players are chosen before the first turn: undo the turns to change them")
            if not (value.strip().isdigit() and MIN_PLAYERS <= int(value) <= MAX_PLAYERS):
                raise EntryError(f"{MIN_PLAYERS} to {MAX_PLAYERS} players share a battlefield")
            n = int(value)
            kept = sheet.players[:n]
            return dataclasses.replace(sheet, players=kept + tuple(Player(f"Player {k + 1}") for k in range(len(kept), n)))
        if key == "size":
            if any(p.turns for p in sheet.players):
                raise EntryError("the battlefield's size is chosen before the first turn: undo the turns to change it")
            if not (value.strip().isdigit() and MIN_SIZE <= int(value) <= MAX_SIZE):
                raise EntryError(f"the battlefield's size is a number from {MIN_SIZE} to {MAX_SIZE}")
            return dataclasses.replace(sheet, size=int(value))
        names = [f"p{k + 1}" for k in range(len(sheet.players))]
        if key not in names:
            raise EntryError(f"the sheet has no field '{key[:40]}'")
        name = " ".join(value.split())[:20]
        if not name:
            raise EntryError("a player's name cannot be empty")
        players = list(sheet.players)
        k = names.index(key)
        players[k] = dataclasses.replace(players[k], name=name, line=None)
        return dataclasses.replace(sheet, players=tuple(players))

    def turns(self, sheet: Sheet, data: Data, schedule: Any) -> list[list[str]]:
        out = []
        for _t, k, i in play_order(sheet):
            item = sheet.players[k].turns[i]
            if isinstance(item, Box):
                out.append([f"box{item.h}x{item.w}", square_name(item.row, item.col)])
                continue
            corner, r, c = next((name, item.y - dy, item.x - dx) for name, dx, dy in _CORNERS
                                if 0 <= item.y - dy < sheet.size and 0 <= item.x - dx < sheet.size)
            out.append([f"shelf{item.length}", square_name(r, c), f"{corner}:{DIRECTION_NAMES[(item.dx, item.dy)]}"])
        return out


def _roll_of(schedule: Any, at: tuple[int, int]) -> tuple[int, ...] | None:
    try:
        return tuple(_dice(schedule).turn(at[1] + 1, at[0] + 1).dice)
    except (IndexError, AttributeError):
        return None


def _said(item: Turn) -> str:
    if isinstance(item, Box):
        return f"a {item.h} × {item.w} box at {box_label(item)}"
    return f"a shelf of length {item.length}, {DIRECTION_NAMES[(item.dx, item.dy)]}"


"""The Long Way on screen: the store drawn as the game log leaves it (every wall from the tile chart,
never typed).  First the entrance and the exit are picked on the store's edge; then each turn shows the
light and dark die (and what a reroll would give) and is entered as the rules let it be played: rerolls
paid with coins, then the tile placed where it fits (never rotated), its display on one of its spaces
and the bonus that display earns; or a cafeteria on two empty spaces side by side; or a stop.  The
store is replayed by the rules' own code (rules.replay_state).  See rollwrite.games.entry."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rollwrite.games.entry import Choice, Entry, Grid, Spot, View, blank_rolls, column_letters, row_numbers
from rollwrite.games.long_way.data import BIT, SIZE, Chart
from rollwrite.games.long_way.format import CAFE_LETTERS, Bonus, Gate, LogTurn, Sheet, cell_name, edge_sides, format_log_turn
from rollwrite.games.long_way.rules import (
    bonus_problem, cafeteria_problem, earns_bonus, is_empty, replay_state, tile_cells, tile_problem,
)

CELLS = SIZE * SIZE
_SIDES = tuple(BIT[x] for x in "NESW")
_SIDE_WORD = {BIT["N"]: "north", BIT["E"]: "east", BIT["S"]: "south", BIT["W"]: "west"}
_LETTER = {v: k for k, v in BIT.items()}
_NO_GATE = Gate(-1, 0)


def _cell(name: str) -> int:
    return (int(name[1:]) - 1) * SIZE + ord(name[0]) - 65


def _reserve(turn: Any, die: int) -> tuple[int, ...]:
    """The values a reroll of ``die`` (0 light, 1 dark) gives on this turn, in order (none on a schedule
    without rerolls)."""
    return tuple(turn.rerolls[die]) if die < len(turn.rerolls) else ()


def _spare(word: str, reserve: tuple[int, ...]) -> str:
    """What a die's reserve shows: its values, those not shown yet (0, in live play) counted."""
    seen = [str(v) for v in reserve if v]
    unseen = len(reserve) - len(seen)
    return f"{word} rerolls " + ", ".join(seen + ([f"{unseen} not shown yet"] if unseen else []))


def _turns(schedule: Any) -> list[Any]:
    return list(schedule.group(1)) if schedule is not None else []


class LongWayEntry(Entry[Sheet, Chart]):
    live = True

    def revealed(self, sheet: Sheet, picked: Sequence[str], data: Chart, schedule: Any) -> Any:
        """Nothing before the entrance and exit are drawn; then each played turn's dice and the reroll
        values it used, and the turn to play's dice with the reroll values picked so far."""
        if schedule is None:
            return None
        log = sheet.log or ()
        reached = {t.number: tuple(sum(1 for d, _v in t.rerolls if d == die) for die in (0, 1)) for t in log}
        if sheet.entrance != _NO_GATE and sheet.log is not None and not (log and log[-1].action == "stop"):
            reached[len(log) + 1] = (picked.count("rl"), picked.count("rd"))
        return blank_rolls(schedule, lambda t: reached.get(t.number) if t.group == 1 else None)

    def start(self, data: Chart, schedule: Any) -> Sheet:
        return Sheet((".",) * CELLS, (0,) * CELLS, (0,) * CELLS, _NO_GATE, _NO_GATE, 0, 0, ())

    # ---- the turn being entered

    def _dice(self, sheet: Sheet, picked: Sequence[str], schedule: Any) -> tuple[list[int], list[tuple[int, int]], Any] | None:
        """The turn's dice after the rerolls among ``picked``, the rerolls, and the schedule's turn."""
        log = sheet.log or ()
        turns = _turns(schedule)
        if len(log) >= len(turns) or (log and log[-1].action == "stop"):
            return None
        turn = turns[len(log)]
        dice = [turn.dice[0], turn.dice[1]]
        rerolls = []
        used = [0, 0]
        for p in picked:
            if p in ("rl", "rd"):
                die = 0 if p == "rl" else 1
                dice[die] = _reserve(turn, die)[used[die]]
                used[die] += 1
                rerolls.append((die, dice[die]))
        return dice, rerolls, turn

    def options(self, sheet: Sheet, picked: Sequence[str], data: Chart, schedule: Any) -> list[Choice]:
        if sheet.entrance == _NO_GATE:
            return self._gates(picked)
        if sheet.log is None:  # a store typed without its game log: nothing to play on from
            return []
        now = self._dice(sheet, picked, schedule)
        if now is None:
            return []
        dice, rerolls, turn = now
        st, _problems = replay_state(sheet.log or (), data)
        rest = [p for p in picked if p not in ("rl", "rd")]
        if not rest:
            out = []
            coins = st.coins - len(rerolls)
            for die, word in ((0, "light"), (1, "dark")):
                used = sum(1 for d, _v in rerolls if d == die)
                if coins > 0 and used < len(_reserve(turn, die)):
                    out.append(Choice("rl" if die == 0 else "rd", f"reroll the {word} die (a coin)"))
            for at in range(CELLS):
                if tile_problem(st, data, dice[0], dice[1], at) is None:
                    out.append(Choice(f"t:{cell_name(at)}", f"the tile with its first space on {cell_name(at)}",
                                      f"store:{cell_name(at)}"))
            if self._cafe_pairs(st):
                out.append(Choice("cafe", "a cafeteria instead"))
            out.append(Choice("stop", "stop for good"))
            return out
        head = rest[0]
        if head == "cafe":
            pairs = self._cafe_pairs(st)
            if len(rest) == 1:
                firsts = sorted({a for a, _b in pairs})
                return [Choice(f"c:{cell_name(a)}", f"cafeteria on {cell_name(a)}", f"store:{cell_name(a)}") for a in firsts]
            if len(rest) == 2:
                a = _cell(rest[1][2:])
                return [Choice(f"c:{cell_name(b)}", f"cafeteria on {cell_name(a)} and {cell_name(b)}", f"store:{cell_name(b)}")
                        for x, b in pairs if x == a]
            return []
        if not head.startswith("t:"):
            return []
        at = _cell(head[2:])
        cells = tile_cells(data, dice[0], dice[1], at) or []
        if len(rest) == 1:
            return [Choice(f"d:{cell_name(c)}", f"the display on {cell_name(c)}", f"store:{cell_name(c)}") for c in cells]
        if len(rest) == 2:
            return [Choice(f"f{f}", f"the display shows {data.display_name(f)} ({f})") for f in sorted(set(dice))]
        face, dcell = int(rest[2][1:]), _cell(rest[1][2:])
        tile = data.tile(dice[0], dice[1])
        for c, w in zip(cells, tile.walls):
            st.walls[c] = w
            st.marks[c] = "o" if not w else "."
        st.marks[dcell] = str(face)
        if not earns_bonus(st, dcell, face):
            return []
        if len(rest) == 3:
            out = [Choice("b:coins", "bonus: gain 2 coins")]
            if self._doorways(st):
                out.append(Choice("b:door", "bonus: a doorway through a wall"))
            if self._walls(st):
                out.append(Choice("b:wall", "bonus: a wall on a free side"))
            return out + [Choice("b:none", "no bonus")]
        sides = self._doorways(st) if rest[3] == "b:door" else self._walls(st) if rest[3] == "b:wall" else []
        if len(rest) == 4:
            return [Choice(f"w:{cell_name(c)}", f"on {cell_name(c)}", f"store:{cell_name(c)}") for c in sorted({c for c, _s in sides})]
        if len(rest) == 5:
            c = _cell(rest[4][2:])
            return [Choice(_LETTER[s], f"its {_SIDE_WORD[s]} side") for x, s in sides if x == c]
        return []

    def _gates(self, picked: Sequence[str]) -> list[Choice]:
        if len(picked) in (0, 2):
            word = "entrance" if not picked else "exit"
            return [Choice(f"g:{cell_name(c)}", f"the {word} on {cell_name(c)}", f"store:{cell_name(c)}")
                    for c in range(CELLS) if edge_sides(c)]
        if len(picked) in (1, 3):
            c = _cell(picked[-1][2:])
            taken = (_cell(picked[0][2:]), BIT[picked[1]]) if len(picked) == 3 else None
            return [Choice(_LETTER[s], f"through its {_SIDE_WORD[s]} wall") for s in _SIDES
                    if edge_sides(c) & s and (c, s) != taken]
        return []

    @staticmethod
    def _cafe_pairs(st: Any) -> list[tuple[int, int]]:
        """Every (a, b) the rules let a cafeteria take, each pair both ways round."""
        return [(a, b) for a in range(CELLS) if is_empty(st, a) for b in (a + 1, a + SIZE, a - 1, a - SIZE)
                if 0 <= b < CELLS and cafeteria_problem(st, a, b) is None]

    @staticmethod
    def _walls(st: Any) -> list[tuple[int, int]]:
        return [(c, s) for c in range(CELLS) for s in _SIDES if bonus_problem(st, Bonus("wall", c, s)) is None]

    @staticmethod
    def _doorways(st: Any) -> list[tuple[int, int]]:
        return [(c, s) for c in range(CELLS) for s in _SIDES if bonus_problem(st, Bonus("doorway", c, s)) is None]

    def apply(self, sheet: Sheet, picked: Sequence[str], data: Chart, schedule: Any) -> Sheet | None:
        if sheet.entrance == _NO_GATE:
            if len(picked) < 4:
                return None
            gates = Gate(_cell(picked[0][2:]), BIT[picked[1]]), Gate(_cell(picked[2][2:]), BIT[picked[3]])
            return self._sheet(sheet, gates, (), data)
        if self.options(sheet, picked, data, schedule):
            return None  # more to pick
        now = self._dice(sheet, picked, schedule)
        assert now is not None
        _dice, rerolls, turn = now
        rest = [p for p in picked if p not in ("rl", "rd")]
        n = len(sheet.log or ()) + 1
        roll = (turn.dice[0], turn.dice[1])
        if not rest:
            return None
        if rest[0] == "stop":
            t = LogTurn(n, roll, tuple(rerolls), "stop")
        elif rest[0] == "cafe" and len(rest) == 3:
            t = LogTurn(n, roll, tuple(rerolls), "cafeteria", cafe=(_cell(rest[1][2:]), _cell(rest[2][2:])))
        elif rest[0].startswith("t:") and len(rest) >= 3:
            bonus = None
            if len(rest) >= 4 and rest[3] == "b:coins":
                bonus = Bonus("coins")
            elif len(rest) == 6:
                bonus = Bonus("doorway" if rest[3] == "b:door" else "wall", _cell(rest[4][2:]), BIT[rest[5]])
            t = LogTurn(n, roll, tuple(rerolls), "tile", _cell(rest[0][2:]), (int(rest[2][1:]), _cell(rest[1][2:])), bonus)
        else:
            return None
        return self._sheet(sheet, (sheet.entrance, sheet.exit), (sheet.log or ()) + (t,), data)

    @staticmethod
    def _sheet(sheet: Sheet, gates: tuple[Gate, Gate], log: tuple[LogTurn, ...], data: Chart) -> Sheet:
        st, _problems = replay_state(log, data)
        return Sheet(tuple(st.marks), tuple(st.walls), tuple(st.doors), gates[0], gates[1], st.gained, st.spent, log)

    def undo(self, sheet: Sheet, data: Chart, schedule: Any) -> Sheet:
        if sheet.log is None:
            return sheet  # a store typed without its game log has no turns to take back
        if sheet.log:
            return self._sheet(sheet, (sheet.entrance, sheet.exit), sheet.log[:-1], data)
        return self.start(data, schedule)

    def turns(self, sheet: Sheet, data: Chart, schedule: Any) -> list[list[str]]:
        out = [[f"g:{cell_name(sheet.entrance.cell)}", _LETTER[sheet.entrance.side],
                f"g:{cell_name(sheet.exit.cell)}", _LETTER[sheet.exit.side]]]
        for t in sheet.log or ():
            picks = ["rl" if die == 0 else "rd" for die, _v in t.rerolls]
            if t.action == "stop":
                picks.append("stop")
            elif t.action == "cafeteria":
                assert t.cafe is not None
                picks += ["cafe", f"c:{cell_name(t.cafe[0])}", f"c:{cell_name(t.cafe[1])}"]
            else:
                assert t.display is not None
                picks += [f"t:{cell_name(t.at)}", f"d:{cell_name(t.display[1])}", f"f{t.display[0]}"]
                if t.bonus is not None and t.bonus.kind == "coins":
                    picks.append("b:coins")
                elif t.bonus is not None:
                    picks += ["b:door" if t.bonus.kind == "doorway" else "b:wall", f"w:{cell_name(t.bonus.cell)}",
                              _LETTER[t.bonus.side]]
                # an earned bonus not taken is "no bonus"; the pick is asked only when one was earned
                elif self._earned(sheet, t, data):
                    picks.append("b:none")
            out.append(picks)
        return out

    def _earned(self, sheet: Sheet, t: LogTurn, data: Chart) -> bool:
        st, _p = replay_state(tuple(x for x in sheet.log or () if x.number <= t.number), data)
        assert t.display is not None
        face, cell = t.display
        return earns_bonus(st, cell, face)

    def spots_of(self, sheet: Sheet, where: str, message: str, data: Chart) -> list[str]:
        m = re.fullmatch(r"row ([1-7]), column ([A-G])", where)
        return [f"store:{m.group(2)}{m.group(1)}"] if m else []

    # ---- what is drawn

    def view(self, sheet: Sheet, data: Chart, schedule: Any) -> View:
        gates = {}
        if sheet.entrance != _NO_GATE:
            gates = {sheet.entrance.cell: ("entrance", sheet.entrance.side), sheet.exit.cell: ("exit", sheet.exit.side)}
        spots = []
        for c in range(CELLS):
            mark, walls, doors = sheet.marks[c], sheet.walls[c], sheet.doors[c]
            marks = [f"w{_LETTER[s].lower()}" for s in _SIDES if walls & s]
            marks += [f"d{_LETTER[s].lower()}" for s in _SIDES if doors & s]
            words = [f"space {cell_name(c)}"]
            text = ""
            if mark == "o":
                marks.append("dot")
                words.append("a tile space")
            elif mark in CAFE_LETTERS:
                marks.append("cafe")
                text = "☕"
                words.append(f"cafeteria {mark}")
            elif mark.isdigit():
                text = mark
                words.append(f"display {data.display_name(int(mark))} ({mark})")
            elif walls:
                words.append("a tile space")
            else:
                words.append("empty")
            walled = [_SIDE_WORD[s] for s in _SIDES if walls & s]
            if walled:
                words.append("walls " + ", ".join(walled))
            doored = [_SIDE_WORD[s] for s in _SIDES if doors & s]
            if doored:
                words.append("doorways " + ", ".join(doored))
            if c in gates:
                marks.append("gate")
                words.append(f"the {gates[c][0]} through its {_SIDE_WORD[gates[c][1]]} wall")
            spots.append(Spot(cell_name(c), c % SIZE, c // SIZE, text, " ".join(marks), ", ".join(words)))
        grid = Grid("store", "The store", SIZE, SIZE, tuple(spots), cols=column_letters(SIZE), rows=row_numbers(SIZE))
        log = tuple(format_log_turn(t) for t in sheet.log or ())
        played = len(sheet.log or ()) + (sheet.entrance != _NO_GATE)
        if sheet.entrance == _NO_GATE:
            return View((grid,), turn="Before the first turn", ask="Pick the entrance's space on the store's edge, "
                        "then its wall; then the exit's.", played=0)
        if sheet.log is None:
            return View((grid,), ask="This sheet has no game log: it is checked as typed, and turns are "
                        "entered on a sheet with its log.", played=played, done=True)
        now = self._dice(sheet, (), schedule)
        if now is None:
            return View((grid,), played=played, done=True, log=log)
        dice, _r, turn = now
        st, _p = replay_state(sheet.log or (), data)
        spare = [_spare(w, _reserve(turn, d)) for d, w in ((0, "light"), (1, "dark")) if _reserve(turn, d)]
        return View((grid,), turn=f"Turn {len(sheet.log or ()) + 1}: coins {st.coins}",
                    dice=(f"light {dice[0]}", f"dark {dice[1]}", *spare),
                    ask="Pick where the tile's first space goes (or reroll, a cafeteria, or stop).", played=played, log=log)

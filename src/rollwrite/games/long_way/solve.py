"""The Long Way puzzle: a beam search over placements, turn by turn, over a known dice schedule.

Each turn every state in the beam is expanded by the placements the rules allow (the automatic player's
move generator in play.py: a tile wherever it fits without closing a gate, rerolls from the printed
reserves only when nothing fits, a cafeteria when nothing fits after the rerolls), with the display put on
each of the tile's open spaces in turn.  A bonus, when a display earns one, is always the two coins.
Children are ranked by the customers' path score of the store so far (rules.customers_path, the scorer the
game uses) with displays counted twice (later tiles may fill the empty spaces), ties by order of
generation, and the best ``width`` are kept.  A player may stop on any turn, so every store the search
builds is a finished sheet too: the answer is the best-scoring one seen, stopped on the turn after it.  Nothing depends on the clock:
the search is the same on every machine.  The automatic player's own game is a candidate too, so the
search never ends below it.

The bound is a relaxation: each turn puts at most one display in the store, a cafeteria turn none; the
route has one leg more than the store has cafeterias, and each leg passes each display at most once.  So
with ``c`` cafeterias (two spaces each) no sheet beats ``(c + 1) * min(turns - c, 49 - 2c)``; the bound
is the largest of these.  It is far from par: it ignores that each leg is a shortest path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollwrite.games.long_way.data import SIZE, Chart
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, Sheet
from rollwrite.games.long_way.play import _cells, _closes_gate, _empty, play, schedule_dice
from rollwrite.games.long_way.rules import CAFE_LETTERS, _edge_open, _State, customers_path, neighbour

N, E, S, W = 1, 2, 4, 8
CELLS = SIZE * SIZE
ENTRANCE = Gate(21, W)
EXIT = Gate(6, N)


@dataclass
class _Node:
    st: _State
    log: tuple[LogTurn, ...]
    value: int = 0
    done: bool = False


def _copy(st: _State) -> _State:
    return _State(list(st.marks), list(st.walls), list(st.doors), list(st.owner), list(st.cafes),
                  st.coins, st.gained, st.spent)


def _sheet(st: _State, log: tuple[LogTurn, ...]) -> Sheet:
    return Sheet(tuple(st.marks), tuple(st.walls), tuple(st.doors), ENTRANCE, EXIT, st.gained, st.spent, log)


#: the rank of a store whose customers cannot get through: below every store they can get through
BLOCKED = -10_000
#: states kept from turn to turn: about 1 s for a 40-turn schedule on one core
WIDTH = 12


def _value(st: _State) -> tuple[int | None, int]:
    """(score if the player stopped now or None when the customers cannot get through, rank in the beam).
    The rank counts a display on the path twice and an empty space on it once, since later tiles may
    fill the empty spaces; a store the customers
    cannot cross ranks below all others, since the search's tiles and bonuses never open a wall."""
    res = customers_path(_sheet(st, ()))
    if res.reason is not None:
        return None, BLOCKED
    displays = sum(lg.displays for lg in res.legs)
    empties = sum(lg.empties for lg in res.legs)
    return res.total, 2 * displays - empties


def _options(chart: Chart, st: _State, light: int, dark: int) -> list[int]:
    walls = chart.tile(light, dark).walls
    return [a for a in range(CELLS)
            if (cs := _cells(chart, light, dark, a)) is not None and all(_empty(st, c) for c in cs)
            and not _closes_gate(walls, cs, (ENTRANCE, EXIT))]


def _earns(st: _State, face: int, cell: int) -> bool:
    for side in (N, E, S, W):
        nb = neighbour(cell, side)
        if nb >= 0 and _edge_open(st, cell, side) and (st.marks[nb] in CAFE_LETTERS or st.marks[nb] == str(face)):
            return True
    return False


def _children(chart: Chart, node: _Node, n: int, roll: tuple[int, int],
              reserve: tuple[tuple[int, ...], ...]) -> list[_Node]:
    st = node.st
    cur = list(roll)
    rerolls: list[tuple[int, int]] = []
    used = [0, 0]
    coins = st.coins
    opts = _options(chart, st, cur[0], cur[1])
    die = 0
    while not opts and coins > 0 and (used[0] < len(reserve[0]) or used[1] < len(reserve[1])):
        if used[die] >= len(reserve[die]):
            die = 1 - die
        cur[die] = reserve[die][used[die]]
        used[die] += 1
        coins -= 1
        rerolls.append((die, cur[die]))
        opts = _options(chart, st, cur[0], cur[1])
        die = 1 - die
    spent = st.spent + (st.coins - coins)
    out: list[_Node] = []
    if not opts:
        if len(st.cafes) < 2:
            for a in range(CELLS):
                for b in (a + 1, a + SIZE):
                    if b < CELLS and (b != a + 1 or a % SIZE != SIZE - 1) and _empty(st, a) and _empty(st, b):
                        ch = _copy(st)
                        ch.marks[a] = ch.marks[b] = CAFE_LETTERS[len(st.cafes)]
                        ch.cafes.append((a, b))
                        ch = _State(ch.marks, ch.walls, ch.doors, ch.owner, ch.cafes, coins, st.gained, spent)
                        out.append(_Node(ch, node.log + (LogTurn(n, roll, tuple(rerolls), "cafeteria", cafe=(a, b)),)))
        if not out:
            ch = _State(st.marks, st.walls, st.doors, st.owner, st.cafes, coins, st.gained, spent)
            out.append(_Node(ch, node.log + (LogTurn(n, roll, tuple(rerolls), "stop"),), done=True))
        return out
    t = chart.tile(cur[0], cur[1])
    for at in opts:
        cells = _cells(chart, cur[0], cur[1], at)
        assert cells is not None
        base = _copy(st)
        for c, w in zip(cells, t.walls):
            base.walls[c] = w
            base.marks[c] = "o" if not w else "."
        seen: set[int] = set()
        for c in cells:
            if c in seen or base.walls[c] == 15:
                continue
            seen.add(c)
            faces = sorted(set(cur))
            earning = [f for f in faces if _earns(base, f, c)]
            face = (earning or faces)[-1]
            ch = _copy(base)
            ch.marks[c] = str(face)
            gained = st.gained
            bonus = None
            left = coins
            if earning:
                bonus = Bonus("coins")
                left += 2
                gained += 2
            ch = _State(ch.marks, ch.walls, ch.doors, ch.owner, ch.cafes, left, gained, spent)
            out.append(_Node(ch, node.log + (LogTurn(n, roll, tuple(rerolls), "tile", at, (face, c), bonus),)))
    return out


@dataclass
class Result:
    sheet: Sheet
    par: int
    bound: int
    nodes: int
    player: int  # what the plain automatic player scores on the same schedule


def bound(dice: list) -> int:
    turns = len(dice)
    return max((c + 1) * max(min(turns - c, CELLS - 2 * c), 0) for c in range(0, min(2, turns) + 1))


def solve(chart: Chart, dice: list, *, width: int | None = None) -> Result:
    """Beam search of ``width`` (default WIDTH) states over the turns of ``dice`` (module docstring)."""
    width = WIDTH if width is None else width
    beam = [_Node(_State(["."] * CELLS, [0] * CELLS, [0] * CELLS, [""] * CELLS, []), ())]
    nodes = 0
    best: tuple[int, int, _Node] | None = None  # (score, turn stopped at, node): the best store seen
    for n, (roll, reserve) in enumerate(dice, start=1):
        nxt: list[_Node] = []
        for node in beam:
            if node.done:
                continue
            kids = _children(chart, node, n, roll, reserve)
            for k in kids:
                total, k.value = _value(k.st)
                nodes += 1
                if total is not None and (best is None or total > best[0]):
                    best = (total, n, k)
            nxt.extend(k for k in kids if not k.done)
        if not nxt:
            break
        nxt.sort(key=lambda k: -k.value)  # stable: ties keep the order of generation
        beam = nxt[:width]
    auto = play(chart, dice)
    auto_score = customers_path(auto).total
    if best is None or auto_score >= best[0]:
        sheet, par = auto, auto_score
    else:
        total, n, node = best
        log = node.log
        if n < len(dice) and log[-1].action != "stop":  # the player stops on the next turn
            log += (LogTurn(n + 1, dice[n][0], (), "stop"),)
        sheet, par = _sheet(node.st, log), total
    return Result(sheet, par, bound(dice), nodes, auto_score)


def make_puzzle(chart: Chart, challenge: str, schedule: Any, *, width: int | None = None):
    from rollwrite.games.base import Puzzle

    result = solve(chart, schedule_dice(schedule), width=width)
    return Puzzle(
        game="long-way",
        challenge=challenge,
        prompt="Every roll and reroll is printed: wall in the store so the customers pass the most displays.",
        answer=result.sheet,
        schedule=schedule,
        par=result.par,
        par_proven=result.par >= result.bound,
        bound=result.bound,
        best_known=True,
        extra={"nodes": result.nodes, "player": result.player},
    )

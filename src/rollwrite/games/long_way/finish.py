"""The Long Way's "finish the store" puzzle: a store built by the automatic player, then a few rolls
to finish it, and a par proved by trying every finish.

The store is what the automatic player (play.py, its plain style) has drawn after ``turns`` turns of a
challenge's dice: ``turns`` is the first turn after which at most ``EMPTY`` spaces of its store are
empty (or its last turn, if it stops before).  The puzzle is the next ``ROLLS`` rolls of the same dice,
with their printed rerolls and the coins the store has left.

Par is the best score over every finish the rules allow, found by trying them all: on each turn every
way to spend coins on rerolls (from each die's printed reserve, in order), every place the tile fits
(walling off a gate too: a store that scores 0 can be the best), its display on every space of the tile
with either die's furniture, and when the display earns a bonus each of two coins, a doorway through
every wall, a wall on every free side; a cafeteria on every two side-by-side empty spaces; stopping.
Every store reached is a finished sheet (the player may stop on any turn), and each distinct store is
weighed once by the scorer (rules.customers_path).  Two reroll plans that give the same dice are the
same finish but for the coins left, so only the cheaper is followed.  Nothing is pruned by an estimate,
so par is proven: no finish scores more.  The number of distinct best stores is counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rollwrite.games.long_way.data import SIZE, Chart
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, Sheet, format_log_turn
from rollwrite.games.long_way.play import play, schedule_dice
from rollwrite.games.long_way.rules import CAFE_LETTERS, OPPOSITE, customers_path, neighbour, tile_cells

N, E, S, W = 1, 2, 4, 8
CELLS = SIZE * SIZE
ENTRANCE = Gate(21, W)
EXIT = Gate(6, N)
#: the store is taken on the first turn after which at most this many of its spaces are empty
EMPTY = 10
#: the rolls left to finish it: one, since a bonus (a wall on any free side, a doorway through any
#: wall) makes some two hundred finishes of a single tile, and two rolls make hundreds of thousands
#: of stores, too many to weigh in the two seconds a puzzle may take
ROLLS = 1


@dataclass(frozen=True)
class Store:
    marks: tuple[str, ...]
    walls: tuple[int, ...]
    doors: tuple[int, ...]
    cafes: int  # cafeterias drawn
    coins: int
    gained: int
    spent: int

    def sheet(self, log: tuple[LogTurn, ...] | None = None) -> Sheet:
        return Sheet(self.marks, self.walls, self.doors, ENTRANCE, EXIT, self.gained, self.spent, log)

    def empty(self, c: int) -> bool:
        return self.marks[c] == "." and not self.walls[c]

    def open(self, cell: int, side: int) -> bool:
        nb = neighbour(cell, side)
        if self.walls[cell] & side & ~self.doors[cell]:
            return False
        return not (nb >= 0 and self.walls[nb] & OPPOSITE[side] & ~self.doors[nb])


def start(chart: Chart, dice: list) -> tuple[int, Sheet]:
    """(the turns the automatic player plays, its store after them): the first turn after which at most
    ``EMPTY`` spaces are empty (all it plays if it stops first), leaving at least ``ROLLS`` rolls; and
    if nothing may be drawn on the next roll there (the finish is a forced stop, no puzzle) or a wall
    closes the customers' way (the store scores 0 and one roll seldom opens it), the first later turn
    it plays where neither is so, else the last earlier one; failing that, the first where something
    may be drawn."""
    whole = play(chart, dice)
    played = min(sum(1 for t in whole.log or () if t.action != "stop"), max(0, len(dice) - ROLLS))
    first = played
    for n in range(played + 1):
        sheet = play(chart, dice[:n])
        if sum(1 for c in range(CELLS) if sheet.marks[c] == "." and not sheet.walls[c]) <= EMPTY:
            first = n
            break
    order = [*range(first, played + 1), *range(first - 1, -1, -1)]
    stores = {n: play(chart, dice[:n]) for n in order}
    playable = [n for n in order if moves(chart, store_of(stores[n]), n + 1, *dice[n])]
    # a store walled shut scores 0 whatever one roll adds but a doorway: the customers' way is kept open
    for n in playable:
        if customers_path(stores[n]).reason is None:
            return n, stores[n]
    n = playable[0] if playable else first
    return n, stores[n]


def store_of(sheet: Sheet) -> Store:
    cafes = len({m for m in sheet.marks if m in CAFE_LETTERS})
    return Store(tuple(sheet.marks), tuple(sheet.walls), tuple(sheet.doors), cafes,
                 sheet.gained - sheet.spent, sheet.gained, sheet.spent)


def _earns(st: Store, marks: list[str], walls: list[int], face: int, cell: int) -> bool:
    mark = str(face)
    for side in (N, E, S, W):
        nb = neighbour(cell, side)
        if nb < 0 or not (marks[nb] in CAFE_LETTERS or marks[nb] == mark):
            continue
        if walls[cell] & side & ~st.doors[cell] or walls[nb] & OPPOSITE[side] & ~st.doors[nb]:
            continue
        return True
    return False


def _bonuses(st: Store, marks: tuple[str, ...], walls: tuple[int, ...]) -> list[tuple[Bonus, tuple, tuple, int]]:
    """Each bonus: (the bonus, walls, doors, coins gained)."""
    out: list[tuple[Bonus, tuple, tuple, int]] = [(Bonus("coins"), walls, st.doors, 2)]
    for c in range(CELLS):
        for side in (N, E, S, W):
            nb = neighbour(c, side)
            if nb >= 0 and nb < c:
                continue  # an inner edge is punched from its lower space
            mine = walls[c] & side and not st.doors[c] & side
            theirs = nb >= 0 and walls[nb] & OPPOSITE[side] and not st.doors[nb] & OPPOSITE[side]
            if mine or theirs:
                doors = list(st.doors)
                if walls[c] & side:
                    doors[c] |= side
                if nb >= 0 and walls[nb] & OPPOSITE[side]:
                    doors[nb] |= OPPOSITE[side]
                out.append((Bonus("doorway", c, side), walls, tuple(doors), 0))
    for c in range(CELLS):
        for side in (N, E, S, W):
            if not walls[c] & side:
                w = list(walls)
                w[c] |= side
                out.append((Bonus("wall", c, side), tuple(w), st.doors, 0))
    return out


def moves(chart: Chart, st: Store, n: int, roll: tuple[int, int], reserve: tuple) -> list[tuple[LogTurn, Store]]:
    """Every turn the rules allow from ``st`` (but a stop): its log line and the store it leaves."""
    out: list[tuple[LogTurn, Store]] = []
    seen: set[tuple[int, int]] = set()
    plans = []
    for i in range(len(reserve[0]) + 1):
        for j in range(len(reserve[1]) + 1):
            if i + j <= st.coins:
                plans.append((i + j, i, j))
    for cost, i, j in sorted(plans):
        dice = (reserve[0][i - 1] if i else roll[0], reserve[1][j - 1] if j else roll[1])
        if dice in seen:
            continue  # the same dice for more coins
        seen.add(dice)
        rerolls = tuple((0, v) for v in reserve[0][:i]) + tuple((1, v) for v in reserve[1][:j])
        tile = chart.tile(*dice)
        for at in range(CELLS):
            cells = tile_cells(chart, dice[0], dice[1], at)
            if cells is None or not all(st.empty(c) for c in cells):
                continue
            marks = list(st.marks)
            walls = list(st.walls)
            for c, w in zip(cells, tile.walls):
                walls[c] = w
                marks[c] = "o" if not w else "."
            for c in cells:
                for face in sorted(set(dice)):
                    m = list(marks)
                    m[c] = str(face)
                    turn = LogTurn(n, roll, rerolls, "tile", at, (face, c))
                    coins, spent = st.coins - cost, st.spent + cost
                    if not _earns(st, m, walls, face, c):
                        out.append((turn, Store(tuple(m), tuple(walls), st.doors, st.cafes, coins, st.gained, spent)))
                        continue
                    for bonus, bw, bd, gain in _bonuses(st, tuple(m), tuple(walls)):
                        out.append((LogTurn(n, roll, rerolls, "tile", at, (face, c), bonus),
                                    Store(tuple(m), bw, bd, st.cafes, coins + gain, st.gained + gain, spent)))
    if st.cafes < 2:
        for a in range(CELLS):
            for b in (a + 1, a + SIZE):
                if b < CELLS and (b != a + 1 or a % SIZE != SIZE - 1) and st.empty(a) and st.empty(b):
                    m = list(st.marks)
                    m[a] = m[b] = CAFE_LETTERS[st.cafes]
                    out.append((LogTurn(n, roll, (), "cafeteria", cafe=(a, b)),
                                Store(tuple(m), st.walls, st.doors, st.cafes + 1, st.coins, st.gained, st.spent)))
    return out


@dataclass
class Finish:
    turns: int  # the turns the automatic player played
    start: Sheet  # its store after them
    par: int  # the best score of any finish (proven: every finish was weighed)
    best: int  # how many distinct finished stores score par
    stores: int  # distinct stores weighed
    answer: Sheet  # the whole game: the automatic player's turns, then a best finish, then a stop
    finish: tuple[LogTurn, ...] = field(default=())  # the best finish's turns


def solve(chart: Chart, dice: list) -> Finish:
    """The start of ``dice``'s finish puzzle and its best finish, by weighing every store the rules
    allow in ``ROLLS`` turns (module docstring)."""
    turns, sheet = start(chart, dice)
    first = store_of(sheet)
    seen: dict[Store, tuple[LogTurn, ...]] = {first: ()}
    layer = dict(seen)
    for k in range(min(ROLLS, len(dice) - turns)):
        nxt: dict[Store, tuple[LogTurn, ...]] = {}
        for st, log in layer.items():
            for turn, kid in moves(chart, st, turns + k + 1, *dice[turns + k]):
                if kid not in seen and kid not in nxt:
                    nxt[kid] = log + (turn,)
        seen.update(nxt)
        layer = nxt
    scores: dict[tuple, int] = {}
    best_store, best_log, par = first, seen[first], None
    for st, log in seen.items():  # in the order reached: stopping first, then each turn's moves
        key = (st.marks, st.walls, st.doors)
        if key not in scores:
            scores[key] = customers_path(st.sheet()).total
        if par is None or scores[key] > par:
            best_store, best_log, par = st, log, scores[key]
    assert par is not None
    count = sum(1 for v in scores.values() if v == par)
    log = tuple(sheet.log or ())[:turns] + best_log
    n = turns + len(best_log)
    if n < len(dice):
        log += (LogTurn(n + 1, dice[n][0], (), "stop"),)
    answer = replace(best_store.sheet(log), puzzle="finish")
    return Finish(turns, sheet, par, count, len(scores), answer, best_log)


def make_puzzle(chart: Chart, challenge: str, schedule: Any) -> Any:
    # deferred: base imports the whole game registry's shared types
    from rollwrite.games.base import Puzzle

    found = solve(chart, schedule_dice(schedule))
    rolls = min(ROLLS, len(schedule_dice(schedule)) - found.turns)
    return Puzzle(
        game="long-way",
        challenge=challenge,
        prompt=(f"Finish the store: it stands as the automatic player left it after turn {found.turns}; "
                f"play the next {rolls} roll{'s' if rolls != 1 else ''} (or stop) for the best score; "
                + ("one finished store reaches par." if found.best == 1
                   else f"{found.best} different finished stores reach par.")),
        answer=found.answer,
        schedule=schedule,
        par=found.par,
        par_proven=True,
        bound=found.par,
        best_known=False,
        extra={"kind": "finish", "turns": found.turns, "rolls": rolls, "best_finishes": found.best,
               "stores": found.stores, "start": found.start, "given": found.turns},
    )


def start_problems(sheet: Sheet, chart: Chart, schedule: Any) -> list:
    """What keeps ``sheet`` (valid by the rules) from answering the finish puzzle of ``schedule``: its
    first turns must be the automatic player's, and it may play at most ``ROLLS`` more."""
    # deferred: base imports the whole game registry's shared types
    from rollwrite.games.base import Problem

    dice = schedule_dice(schedule)
    turns, store = start(chart, dice)
    given = tuple(store.log or ())[:turns]
    log = tuple(sheet.log or ())
    for i, want in enumerate(given):
        got = log[i] if i < len(log) else None
        if got is None or replace(got, line=None) != want:
            return [Problem(f"turn {i + 1}", f"turn {i + 1} is not the puzzle's: the store is given as it stands "
                            f"after turn {turns}, so its log starts with {format_log_turn(want)}",
                            "puzzle", got.line if got is not None else None)]
    extra = [t for t in log[turns:] if t.action != "stop"]
    if len(extra) > ROLLS:
        t = extra[ROLLS]
        return [Problem(f"turn {t.number}", f"the puzzle gives {ROLLS} roll{'s' if ROLLS != 1 else ''} after "
                        f"turn {turns}; turn {t.number} is one too many (stop there)", "puzzle", t.line)]
    return []


def graded_finish(puzzle: Any, chart: Chart) -> Any:
    """The puzzle with its difficulty: how many points of par the automatic player's own finish misses
    (its next roll, as it played it)."""
    # deferred: like the whole game's puzzle
    from rollwrite.difficulty import by_count

    dice = schedule_dice(puzzle.schedule)
    turns = puzzle.extra["turns"]
    simple = customers_path(play(chart, dice[:turns + puzzle.extra["rolls"]])).total
    played = sum(1 for t in puzzle.answer.log or () if t.action != "stop")
    return replace(puzzle, difficulty=by_count(max(0, (puzzle.par or 0) - simple), CUTS),
                   extra={**puzzle.extra, "played": played, "player": simple})


#: points of par the automatic player's finish misses that part easy from medium and medium from hard
CUTS = (1, 4)

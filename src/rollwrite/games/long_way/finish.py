"""The Long Way's "finish the store" puzzle: a store built by the automatic player, then two rolls to
finish it, and a par proved by weighing every finish.

**The store.**  The automatic player (play.py) plays the challenge's dice; its store after ``turns``
turns is given, and the puzzle is the next ``ROLLS`` rolls of the same dice, with their printed rerolls
and the coins the store has left.  The stores tried, in order: for each of the player's ``STYLES`` (its
plain style first), the first turn after which at most ``EMPTY`` of its spaces are empty and the
``LATER`` turns after it.  The first store taken is one where something may be drawn on the next roll
(at most ``MOVES`` first turns), whose finishes the search weighs within ``WORK`` stores (all the
stores tried within ``TOTAL``), and where the finish matters (:func:`worth`): par is above 0, above
stopping at once, above the automatic player's own two rolls and above the greedy player's finish.
Failing that, the first where only the greedy player reaches par, else the first searched; when no
store tried could be searched, the one with the fewest first turns, finished in one roll.

**Par.**  Every finish the rules allow: on each turn every way to spend coins on rerolls (from each die's
printed reserve, in order), every place the tile fits (walling off a gate too), its display on every
space of the tile with either die's furniture, and when the display earns a bonus each of two coins, a
doorway through every wall, a wall on every free side; a cafeteria on every two side-by-side empty
spaces; stopping.  Every store reached is a finished sheet (the player may stop on any turn).

Nothing is cut by an estimate: a finish is left unweighed only where the rules' scorer gives it the
score of one already weighed, for a reason that holds for every store:

- a wall on a side whose edge a wall without a doorway already closes (or that faces the outer wall
  away from a gate), on a space that is not empty, changes nothing the customers walk or the next roll
  may do (the same spaces are empty, the same edges open, and a doorway through that edge opens it
  either way): such a bonus is the same finish as the store without it;
- on the last roll, a wall drawn off the route's shortest paths (``PathResult.dag``: every space on a
  shortest path of every leg weighed) keeps each leg's length and its shortest paths (a wall only
  closes a way, and that one was on none of them), so the store scores what the store without the
  wall scores.

So par is proven: no finish scores more.  Finishes are counted as the customers see them: two finished
stores are one when the same spaces are empty, bear the same marks and the same edges are open (a
wall behind a wall is no second finish).  ``best`` counts the different stores that reach par.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from rollwrite.games.long_way.data import SIZE, Chart
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, Sheet, format_log_turn
from rollwrite.games.long_way.play import play, schedule_dice
from rollwrite.games.long_way.rules import CAFE_LETTERS, OPPOSITE, Moves, customers_path, neighbour, tile_cells

N, E, S, W = 1, 2, 4, 8
SIDES = (N, E, S, W)
CELLS = SIZE * SIZE
ENTRANCE = Gate(21, W)
EXIT = Gate(6, N)
GATES = ((ENTRANCE.cell, ENTRANCE.side), (EXIT.cell, EXIT.side))
GATE_EDGES = frozenset(GATES)
#: the rolls left to finish the store
ROLLS = 2
#: the store is first tried on the first turn after which at most this many of its spaces are empty
EMPTY = 14
#: ... and on this many turns after it
LATER = 4
#: the automatic player's styles tried in turn (play.py): its plain one, then fifteen more
STYLES = ("", *(f"finish/{k}" for k in range(2, 17)))
#: the most stores the search may weigh (score) for one store tried; a store whose finishes need more is
#: passed over for the next
WORK = 3000
#: the most first turns (rules.moves) a store tried may offer: more and it is passed over unweighed
MOVES = 300
#: the most stores weighed over all the stores tried: when they are spent, no further store is tried
TOTAL = 8000


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

    def blocked(self, cell: int, side: int) -> bool:
        """A wall without a doorway closes the edge on ``side`` of ``cell`` (either space's wall)."""
        if self.walls[cell] & side & ~self.doors[cell]:
            return True
        nb = neighbour(cell, side)
        return nb >= 0 and bool(self.walls[nb] & OPPOSITE[side] & ~self.doors[nb])

    def seen(self) -> tuple:
        """The store as the customers and the scorer see it: each space's mark, which spaces are empty,
        the moves between neighbouring spaces that are open (rules.Moves) and whether each gate is."""
        moves = Moves(self.walls, self.doors)
        return (self.marks, tuple(m == "." and not w for m, w in zip(self.marks, self.walls)),
                moves.n, moves.e, moves.s, moves.w,
                *(not self.walls[c] & side & ~self.doors[c] for c, side in GATES))


def store_of(sheet: Sheet) -> Store:
    cafes = len({m for m in sheet.marks if m in CAFE_LETTERS})
    return Store(tuple(sheet.marks), tuple(sheet.walls), tuple(sheet.doors), cafes,
                 sheet.gained - sheet.spent, sheet.gained, sheet.spent)


def _earns(st: Store, marks: list[str], walls: list[int], face: int, cell: int) -> bool:
    mark = str(face)
    for side in SIDES:
        nb = neighbour(cell, side)
        if nb < 0 or not (marks[nb] in CAFE_LETTERS or marks[nb] == mark):
            continue
        if walls[cell] & side & ~st.doors[cell] or walls[nb] & OPPOSITE[side] & ~st.doors[nb]:
            continue
        return True
    return False


@dataclass(frozen=True)
class Placed:
    """A turn's move before its bonus: its log line, the store it leaves (``store``: coins paid for
    rerolls, no bonus taken), and whether its display earns a bonus."""

    turn: LogTurn
    store: Store
    earns: bool


def placements(chart: Chart, st: Store, n: int, roll: tuple[int, int], reserve: tuple) -> list[Placed]:
    """Every turn the rules allow from ``st`` on roll ``n`` (but a stop), a bonus not yet taken."""
    out: list[Placed] = []
    seen: set[tuple[int, int]] = set()
    plans = sorted((i + j, i, j) for i in range(len(reserve[0]) + 1) for j in range(len(reserve[1]) + 1)
                   if i + j <= st.coins)
    for cost, i, j in plans:
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
                    kid = Store(tuple(m), tuple(walls), st.doors, st.cafes, st.coins - cost, st.gained, st.spent + cost)
                    out.append(Placed(LogTurn(n, roll, rerolls, "tile", at, (face, c)), kid, _earns(st, m, walls, face, c)))
    if st.cafes < 2:
        for a in range(CELLS):
            for b in (a + 1, a + SIZE):
                if b < CELLS and (b != a + 1 or a % SIZE != SIZE - 1) and st.empty(a) and st.empty(b):
                    m = list(st.marks)
                    m[a] = m[b] = CAFE_LETTERS[st.cafes]
                    out.append(Placed(LogTurn(n, roll, (), "cafeteria", cafe=(a, b)),
                                      Store(tuple(m), st.walls, st.doors, st.cafes + 1, st.coins, st.gained, st.spent),
                                      False))
    return out


def inert_wall(st: Store, c: int, side: int) -> bool:
    """A wall on the free ``side`` of ``c`` that changes nothing (module docstring): the space is not
    empty, and the edge is closed already or faces the outer wall away from a gate."""
    if st.empty(c):
        return False
    if neighbour(c, side) < 0:
        return (c, side) not in GATE_EDGES
    return st.blocked(c, side)


def walls_of(st: Store) -> list[tuple[Bonus, Store]]:
    """Each wall bonus on ``st`` (a placed tile's store): a wall on every free side."""
    out = []
    for c in range(CELLS):
        for side in SIDES:
            if not st.walls[c] & side:
                w = list(st.walls)
                w[c] |= side
                out.append((Bonus("wall", c, side), replace(st, walls=tuple(w))))
    return out


def doorways_of(st: Store) -> list[tuple[Bonus, Store]]:
    """Each doorway bonus on ``st``: a doorway through every wall of an edge a wall closes (an inner edge
    named from its lower space)."""
    out = []
    for c in range(CELLS):
        for side in SIDES:
            nb = neighbour(c, side)
            if nb >= 0 and nb < c:
                continue  # an inner edge is punched from its lower space
            mine = st.walls[c] & side and not st.doors[c] & side
            theirs = nb >= 0 and st.walls[nb] & OPPOSITE[side] and not st.doors[nb] & OPPOSITE[side]
            if mine or theirs:
                doors = list(st.doors)
                if st.walls[c] & side:
                    doors[c] |= side
                if nb >= 0 and st.walls[nb] & OPPOSITE[side]:
                    doors[nb] |= OPPOSITE[side]
                out.append((Bonus("doorway", c, side), replace(st, doors=tuple(doors))))
    return out


def moves(chart: Chart, st: Store, n: int, roll: tuple[int, int], reserve: tuple) -> list[tuple[LogTurn, Store]]:
    """Every turn from ``st`` (but a stop) that may lead to a finish of its own: its log line and the
    store it leaves; a wall bonus that changes nothing (:func:`inert_wall`) is left out."""
    out: list[tuple[LogTurn, Store]] = []
    for p in placements(chart, st, n, roll, reserve):
        if not p.earns:
            out.append((p.turn, p.store))
            continue
        kid = p.store
        out.append((replace(p.turn, bonus=Bonus("coins")),
                    replace(kid, coins=kid.coins + 2, gained=kid.gained + 2)))
        for bonus, got in doorways_of(kid):
            out.append((replace(p.turn, bonus=bonus), got))
        for bonus, got in walls_of(kid):
            if not inert_wall(kid, bonus.cell, bonus.side):
                out.append((replace(p.turn, bonus=bonus), got))
    return out


def off_route(st: Store, res: Any, c: int, side: int) -> bool:
    """A wall on ``side`` of ``c`` leaves the score of ``st`` (weighed as ``res``) as it is: no way is
    open to close, or the wall touches a space off every shortest path of the route (so it closes none
    of them) and leaves every space of them as empty or not as it was."""
    if res.walk is None or res.reason is not None:
        return True  # a wall opens no way
    on = res.dag
    if st.empty(c) and on >> c & 1:
        return False  # an empty space of the route would weigh 0, not -1
    if st.blocked(c, side):
        return True
    nb = neighbour(c, side)
    if nb < 0:
        return (c, side) not in GATE_EDGES
    return not (on >> c & 1 and on >> nb & 1)


class TooMuch(Exception):
    """The search would weigh more than ``WORK`` stores."""


@dataclass
class Search:
    """One store's finishes weighed: par, the finished stores (as seen) that reach it, a best finish's
    turns and store, and for each store of the first roll (and stopping) what it scores and the best its
    last roll reaches (the ladder's players are read from these)."""

    par: int
    best: set
    finish: tuple[LogTurn, ...]
    store: Store
    weighed: int
    rolls: int = ROLLS  # the rolls weighed after the store
    #: (its score, the best score of a finish from it) for stopping at once, then each first turn in order
    firsts: list[tuple[int, int]] = field(default_factory=list)


def search(chart: Chart, dice: list, turns: int, first: Store, work: int = WORK, rolls_left: int = ROLLS) -> Search:
    """Every finish of ``first`` in the ``rolls_left`` rolls (one or two) after turn ``turns``; TooMuch
    past ``work`` stores weighed."""
    rolls = dice[turns:turns + rolls_left]
    scores: dict[tuple, int] = {}
    found = Search(0, set(), (), first, 0, len(rolls))
    have = False

    def weigh(st: Store) -> tuple[int, Any, tuple]:
        key = st.seen()
        if key in scores:
            return scores[key], None, key
        found.weighed += 1
        if found.weighed > work:
            raise TooMuch
        res = customers_path(st.sheet())
        scores[key] = res.total
        return res.total, res, key

    def reached(st: Store, log: tuple[LogTurn, ...], value: int, key: tuple) -> None:
        nonlocal have
        if not have or value > found.par:
            have = True
            found.par, found.best, found.finish, found.store = value, {key}, log, st
        elif value == found.par:
            found.best.add(key)

    def last(st: Store, log: tuple[LogTurn, ...]) -> tuple[int, int]:
        """(the score of ``st``, the best score of it and its finishes on the last roll), all weighed
        into ``found``."""
        now, _, key = weigh(st)
        reached(st, log, now, key)
        top = now
        if len(rolls) < 2:
            return now, top
        roll, reserve = rolls[1]
        for p in placements(chart, st, turns + 2, roll, reserve):
            value, res, key = weigh(p.store)
            if not p.earns:
                reached(p.store, log + (p.turn,), value, key)
                top = max(top, value)
                continue
            paid = replace(p.store, coins=p.store.coins + 2, gained=p.store.gained + 2)
            reached(paid, log + (replace(p.turn, bonus=Bonus("coins")),), value, key)
            top = max(top, value)
            if res is None:  # the same store weighed before: its path again, for the walls
                res = customers_path(p.store.sheet())
            for bonus, got in doorways_of(p.store):
                v, _, k = weigh(got)
                reached(got, log + (replace(p.turn, bonus=bonus),), v, k)
                top = max(top, v)
            for bonus, got in walls_of(p.store):
                if inert_wall(p.store, bonus.cell, bonus.side):
                    continue  # the same store as seen
                if off_route(p.store, res, bonus.cell, bonus.side):
                    if value >= found.par:
                        reached(got, log + (replace(p.turn, bonus=bonus),), value, got.seen())
                    continue
                v, _, k = weigh(got)
                reached(got, log + (replace(p.turn, bonus=bonus),), v, k)
                top = max(top, v)
        return now, top

    value, _, key = weigh(first)
    reached(first, (), value, key)
    found.firsts.append((value, value))  # stopping at once
    if rolls:
        roll, reserve = rolls[0]
        done: set[Store] = set()
        for turn, kid in moves(chart, first, turns + 1, roll, reserve):
            if kid not in done:
                done.add(kid)
                found.firsts.append(last(kid, (turn,)))
    return found


def worth(par: int, stop: int, player: int, greedy: int) -> bool:
    """The finish matters: par is above 0, above stopping at once, above the automatic player's own
    rolls, and above the greedy player's finish (ladder.py: the turn that scores most at once)."""
    return par > max(0, stop, player, greedy)


@dataclass
class Finish:
    turns: int  # the turns the automatic player played
    style: str  # its style (play.py)
    start: Sheet  # its store after them
    par: int  # the best score of any finish (proven: every finish was weighed)
    best: int  # how many different finished stores (as seen) score par
    stores: int  # stores weighed
    answer: Sheet  # the whole game: the automatic player's turns, then a best finish, then a stop
    finish: tuple[LogTurn, ...] = field(default=())  # the best finish's turns
    player: int = 0  # what the automatic player's own rolls score
    firsts: list[tuple[int, int]] = field(default_factory=list)
    rolls: int = ROLLS  # the rolls to finish it


def _empties(sheet: Sheet) -> int:
    return sum(1 for m, w in zip(sheet.marks, sheet.walls) if m == "." and not w)


def candidates(chart: Chart, dice: list) -> Iterator[tuple[str, int, Sheet]]:
    """The stores tried, in order (module docstring): (style, turns, the store)."""
    for style in STYLES:
        whole = play(chart, dice, style)
        played = min(sum(1 for t in whole.log or () if t.action != "stop"), max(0, len(dice) - ROLLS))
        if _empties(play(chart, dice[:played], style)) > EMPTY:
            continue
        lo, hi = 0, played  # the first turn after which at most EMPTY spaces are empty (spaces only fill)
        while lo < hi:
            mid = (lo + hi) // 2
            if _empties(play(chart, dice[:mid], style)) <= EMPTY:
                hi = mid
            else:
                lo = mid + 1
        for n in range(lo, min(played, lo + LATER) + 1):
            yield style, n, play(chart, dice[:n], style)


def start(chart: Chart, dice: list) -> tuple[str, int, Sheet, Search, int]:
    """(style, turns, store, its search, the automatic player's finish score) of the puzzle's store: the
    first store tried where the finish matters (:func:`worth`); failing that the first where only the
    greedy player reaches par, else the first searched."""
    # deferred: the ladder imports the whole game's searches
    from rollwrite.games.long_way.ladder import greedy

    fallbacks: list = []  # [the first searched, the first where par is above all but the greedy player's]
    heavy = []
    left = TOTAL
    for style, n, sheet in candidates(chart, dice):
        if left <= 0:
            break
        st = store_of(sheet)
        if n >= len(dice):
            continue
        first = moves(chart, st, n + 1, *dice[n])
        if not first:
            continue
        if len(first) > MOVES:
            heavy.append((len(first), style, n, sheet))
            continue
        try:
            found = search(chart, dice, n, st, work=min(WORK, left))
        except TooMuch:
            left -= min(WORK, left)
            heavy.append((len(first), style, n, sheet))
            continue
        left -= found.weighed
        player = customers_path(play(chart, dice[:n + ROLLS], style)).total
        got = (style, n, sheet, found, player)
        if worth(found.par, found.firsts[0][0], player, greedy(found.firsts, 1)):
            return got
        if not fallbacks:
            fallbacks.append(got)
        if len(fallbacks) == 1 and worth(found.par, found.firsts[0][0], player, found.par - 1):
            fallbacks.append(got)
    if fallbacks:
        return fallbacks[-1]
    # every store tried needs more than WORK stores weighed: the one with the fewest first moves, and
    # one roll to finish it
    if heavy:
        _, style, n, sheet = min(heavy, key=lambda h: h[0])
    else:  # no store tried has a way open and a move: the plain style's last, as it is
        style, sheet = "", play(chart, dice)
        n = sum(1 for t in sheet.log or () if t.action != "stop")
        sheet = play(chart, dice[:n])
    found = search(chart, dice, n, store_of(sheet), work=10 ** 9, rolls_left=1)
    return style, n, sheet, found, customers_path(play(chart, dice[:n + 1], style)).total


def solve(chart: Chart, dice: list) -> Finish:
    """The store of ``dice``'s finish puzzle and its best finish, by weighing every finish the rules
    allow in ``ROLLS`` turns (module docstring)."""
    style, turns, sheet, found, player = start(chart, dice)
    log = tuple(sheet.log or ())[:turns] + found.finish
    n = turns + len(found.finish)
    if n < len(dice):
        log += (LogTurn(n + 1, dice[n][0], (), "stop"),)
    answer = replace(found.store.sheet(log), puzzle="finish")
    return Finish(turns, style, sheet, found.par, len(found.best), found.weighed, answer, found.finish, player,
                  found.firsts, found.rolls)


def make_puzzle(chart: Chart, challenge: str, schedule: Any) -> Any:
    # deferred: base imports the whole game registry's shared types
    from rollwrite.games.base import Puzzle

    found = solve(chart, schedule_dice(schedule))
    rolls = found.rolls
    return Puzzle(
        game="long-way",
        challenge=challenge,
        kind="finish",
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
        extra={"kind": "finish", "turns": found.turns, "style": found.style, "rolls": rolls,
               "best_finishes": found.best, "stores": found.stores, "start": found.start, "given": found.turns,
               "player": found.player, "firsts": found.firsts},
    )


def given_store(extra: dict, dice: int) -> bool:
    """Whether ``extra`` (a puzzle's, perhaps read back from its par record) names a store the puzzle
    could give: a style of the automatic player, a number of its turns short of the ``dice`` rolls, and
    the rolls a puzzle leaves (its ``ROLLS``, or one)."""
    style, turns, rolls = extra.get("style"), extra.get("turns"), extra.get("rolls")
    return (style in STYLES and type(turns) is int and 0 <= turns < dice
            and type(rolls) is int and rolls in (1, ROLLS))


def start_problems(sheet: Sheet, chart: Chart, schedule: Any, puzzle: Any = None) -> list:
    """What keeps ``sheet`` (valid by the rules) from answering the finish puzzle of ``schedule`` (made
    as ``puzzle``, when it says how; else found again): its first turns must be the automatic player's,
    and it may play at most the puzzle's rolls more."""
    # deferred: base imports the whole game registry's shared types
    from rollwrite.games.base import Problem

    dice = schedule_dice(schedule)
    extra = puzzle.extra if puzzle is not None else {}
    if given_store(extra, len(dice)):
        turns, rolls = extra["turns"], extra["rolls"]
        store = play(chart, dice[:turns], extra["style"])
    else:
        _, turns, store, found, _ = start(chart, dice)
        rolls = found.rolls
    given = tuple(store.log or ())[:turns]
    log = tuple(sheet.log or ())
    for i, want in enumerate(given):
        got = log[i] if i < len(log) else None
        if got is None or replace(got, line=None) != want:
            return [Problem(f"turn {i + 1}", f"turn {i + 1} is not the puzzle's: the store is given as it stands "
                            f"after turn {turns}, so its log starts with {format_log_turn(want)}",
                            "puzzle", got.line if got is not None else None)]
    more = [t for t in log[turns:] if t.action != "stop"]
    if len(more) > rolls:
        t = more[rolls]
        return [Problem(f"turn {t.number}", f"the puzzle gives {rolls} roll{'s' if rolls != 1 else ''} after "
                        f"turn {turns}; turn {t.number} is one too many (stop there)", "puzzle", t.line)]
    return []


def graded_finish(puzzle: Any) -> Any:
    """The puzzle with its place on the finish's ladder (ladder.py ``FINISH_LADDER``)."""
    # deferred: like the whole game's puzzle
    from rollwrite.games.long_way.ladder import grade_finish

    graded = grade_finish(puzzle.par, puzzle.extra["player"], puzzle.extra["firsts"])
    played = sum(1 for t in puzzle.answer.log or () if t.action != "stop")
    return replace(puzzle, difficulty=graded.level, grade=graded.to_json(), extra={**puzzle.extra, "played": played})

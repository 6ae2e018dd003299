"""The Long Way puzzle: beam searches over placements, turn by turn, over a known dice schedule.

Each turn every state in a beam is expanded by the placements the rules allow: a tile wherever it fits
without closing a gate, with the display on each of the tile's open spaces in turn (of the die that earns
a bonus when one does); a cafeteria when nothing fits after the rerolls; a stop when not even that fits.
Six searches run (``SEARCHES``), differing in their moves:

1. with a coin to spend, also rerolling each die once from its printed reserve while a tile fits, and
   where a display earns a bonus also trying the two best walls added across a step of the customers'
   current route (a wall there sends them the long way round); ``WIDTH`` states wide;
2. as 1, ``CAFE_WIDTH`` states wide, also drawing a cafeteria on every pair of empty spaces while the
   tile fits.  A cafeteria placed on purpose makes the customers walk out and back (each leg counts
   what it passes): on a sample of dailies this found up to twice the plain search's score, and the
   example sheet of long-way#picnic (7) beat the searches without it;
3. as 1 without the walls, ``WIDTH`` states wide: it found the store of the daily 2027-07-30 that
   scores 11 (tests/games/long-way/sheets), where 1 and 2 find 7;
4. as 1 without the rerolls while a tile fits, 6 states wide: cheap, and on a sample of 16 dailies
   of 2027 the best on three of them (up to 29 where the others found 20);
5. neither rerolls while a tile fits nor walls, ``WIDTH`` states wide: the first search of an earlier
   version, alone in finding the best store on 11 of the 365 dailies of 2027 (by 1 to 4 points);
6. as 2, ``WIDTH`` states wide, keeping at most ``NARROW`` children of any one store (its best): the
   other beams fill up with the children of two or three stores, this one follows twelve.  It found
   the stores of the dailies 2027-01-06, 2027-03-16 and 2027-12-17 that score 20, 13 and 19, where the
   other five find 13, 8 and 13 (tests/games/long-way/sheets), and raised par on 16 of 53 dailies of
   2027 (every 5th day).  It runs beside the five, not in place of one, so par never falls: in place
   of the fifth (the weakest on every 15th daily of 2027) par fell on 2027-07-20 from 13 to 11.

A beam keeps the ``width`` best children (at most ``per_parent`` of one store's when that is set),
ranked by the customers' path score of the store so far (rules.customers_path, the scorer the game
uses) with displays counted twice (later tiles may fill the empty spaces), ties by order of
generation.  The moves of one search steer its beam into other stores
than the others', and none does best on every schedule, so par is the best store any of them sees
(ties: the earlier search's).  Each search is the same whatever others run, so adding one never
lowers par.  A store the customers cannot enter scores 0, which beats every open store on a very
short schedule: each search therefore also keeps, as finished sheets, a tile that walls off the
entrance or the exit and a bonus wall across a gate (never in the beam, since nothing can open them
again).  A player may stop on any turn, so every store a search builds is a finished sheet too: the
answer is the best-scoring one seen, stopped on the turn after it.  Nothing depends on the clock: the
searches are the same on every machine.  The automatic player's own game is a candidate too, so par
never ends below it.

The bound (bound.py, with its proof) counts the tiles the dice and the coins can bring into 49 spaces,
turn by turn, and how often the customers' route can pass a display: each leg at most once, and a
second or third time only where the legs' being shortest paths leaves room.  It is far above par (73
to 99 on the dailies of 2027): it ignores where the tiles fit and where their walls are.

Weighing a store (its customers' route) is most of the work.  A display drawn off every shortest path
of every leg the scorer weighed leaves the route as it was (``PathResult.dag``), so the children of one
tile placement whose display is off those paths are weighed once, as the tile without its display; a
child whose display is on them is weighed from that route (``rules.with_display``: the same moves and
steps between stops, only the legs through the display walked again).  The six searches are
independent: with ``jobs`` they run on several processes, costliest first, and par is read from their
results in the order of ``SEARCHES`` (the same on any number of processes).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rollwrite.games.base import Puzzle
from rollwrite.games.long_way.bound import score_bound
from rollwrite.games.long_way.data import SIZE, Chart
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, Sheet
from rollwrite.games.long_way.play import _closes_gate, _empty, play, schedule_dice
from rollwrite.games.long_way.rules import tile_cells as _cells
from rollwrite.games.long_way.rules import (
    CAFE_LETTERS, PathResult, _edge_open, _State, customers_path, neighbour, with_display,
)

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
    total: int | None = None  # the score, once weighed (with ``value``, its rank)


def _copy(st: _State) -> _State:
    return _State(list(st.marks), list(st.walls), list(st.doors), list(st.owner), list(st.cafes),
                  st.coins, st.gained, st.spent)


def _sheet(st: _State, log: tuple[LogTurn, ...]) -> Sheet:
    return Sheet(tuple(st.marks), tuple(st.walls), tuple(st.doors), ENTRANCE, EXIT, st.gained, st.spent, log)


#: the rank of a store whose customers cannot get through: below every store they can get through
BLOCKED = -10_000
#: states kept from turn to turn by the plain search
WIDTH = 12
#: states kept by the search that also draws cafeterias where a tile fits (it makes many more children)
CAFE_WIDTH = 7
#: children of one store the narrow search keeps
NARROW = 2


def _value(st: _State) -> tuple[int, int]:
    """(score if the player stopped now, rank in the beam).  The rank counts a display on the path
    twice and an empty space on it once, since later tiles may fill the empty spaces; a store the
    customers cannot cross scores 0 and ranks below all others, since the search's tiles and bonuses
    never open a wall."""
    return _ranked(customers_path(_sheet(st, ())))


def _ranked(res: PathResult) -> tuple[int, int]:
    """:func:`_value` of a store whose route is ``res``."""
    if res.reason is not None:
        return res.total, BLOCKED
    displays = empties = 0
    for lg in res.legs:  # (a loop: a quarter of the time of two sums over generators)
        displays += lg.displays
        empties += lg.empties
    return res.total, 2 * displays - empties


def _options(chart: Chart, st: _State, light: int, dark: int) -> list[int]:
    walls = chart.tile(light, dark).walls
    return [a for a in range(CELLS)
            if (cs := _cells(chart, light, dark, a)) is not None and all(_empty(st, c) for c in cs)
            and not _closes_gate(walls, cs, (ENTRANCE, EXIT))]


def _blocking(chart: Chart, st: _State, light: int, dark: int) -> list[int]:
    """Where the tile fits but walls off the entrance or the exit: a store that scores 0."""
    tile = chart.tile(light, dark)
    out: list[int] = []
    for gate in (ENTRANCE, EXIT):
        gr, gc = divmod(gate.cell, SIZE)
        for (dr, dc), w in zip(tile.cells, tile.walls):
            if not w & gate.side or not (0 <= gr - dr < SIZE and 0 <= gc - dc < SIZE):
                continue
            a = (gr - dr) * SIZE + gc - dc  # the anchor that puts this walled space on the gate
            cs = _cells(chart, light, dark, a)
            if a not in out and cs is not None and all(_empty(st, c) for c in cs):
                out.append(a)
    return sorted(out)


#: each space's (side, neighbour across it) inside the store
_AROUND = [tuple((side, neighbour(c, side)) for side in (N, E, S, W) if neighbour(c, side) >= 0) for c in range(CELLS)]


def _earns(st: _State, face: int, cell: int) -> bool:
    """Whether a display of ``face`` on ``cell`` earns a bonus: a cafeteria or an earlier display of
    the furniture beside it, across a side no wall closes."""
    mark = str(face)
    for side, nb in _AROUND[cell]:
        if (st.marks[nb] in CAFE_LETTERS or st.marks[nb] == mark) and _edge_open(st, cell, side):
            return True
    return False


def _plans(chart: Chart, st: _State, roll: tuple[int, int], reserve: tuple[tuple[int, ...], ...],
           spend: bool):
    """The dice a turn may end with, as (dice, rerolls, coins left, where the tile fits): the roll as it
    came, then (with ``spend`` and a coin) each die rerolled once from its reserve; and when nothing fits,
    the rerolls alternating between the dice for as long as coins and reserves last."""
    coins = st.coins
    first = _options(chart, st, roll[0], roll[1])
    out: list[tuple[tuple[int, int], tuple[tuple[int, int], ...], int, list[int]]] = [(roll, (), coins, first)]
    if first:
        if not spend or coins <= 0:
            return out
        for die in (0, 1):
            if reserve[die]:
                cur = list(roll)
                cur[die] = reserve[die][0]
                opts = _options(chart, st, cur[0], cur[1])
                if opts:
                    out.append(((cur[0], cur[1]), ((die, cur[die]),), coins - 1, opts))
        return out
    cur = list(roll)
    rerolls: list[tuple[int, int]] = []
    used = [0, 0]
    opts = first
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
    return [((cur[0], cur[1]), tuple(rerolls), coins, opts)]


@dataclass(frozen=True, slots=True)
class Search:
    """One beam search: its moves and how many stores it keeps."""

    spend: bool  # with a coin, also reroll each die once from its reserve while the tile fits
    wall_tries: int  # where a display earns a bonus, also the best walls added across the route
    cafes: bool  # also a cafeteria on every pair of empty spaces while the tile fits
    width: int  # stores kept from turn to turn
    per_parent: int = 0  # if not 0, at most this many of one store's children in the next beam


#: the searches run; par is the best any of them finds.  Their moves differ, and so do the stores each
#: beam keeps: on a sample of dailies each was the only one to find the best store on some day.  The
#: first five are those of the version before this one (the same moves, the same widths), and they hold
#: the searches of the two versions before it, so par is never below what those printed.
SEARCHES = (
    Search(spend=True, wall_tries=2, cafes=False, width=WIDTH),
    Search(spend=True, wall_tries=2, cafes=True, width=CAFE_WIDTH),
    Search(spend=True, wall_tries=0, cafes=False, width=WIDTH),
    Search(spend=False, wall_tries=2, cafes=False, width=6),
    Search(spend=False, wall_tries=0, cafes=False, width=WIDTH),
    Search(spend=True, wall_tries=2, cafes=True, width=WIDTH, per_parent=NARROW),
)


def _walls_across_path(st: _State, res: PathResult) -> list[tuple[int, int]]:
    """(space, side) of each step of the customers' route ``res`` where a wall may still be added."""
    out: list[tuple[int, int]] = []
    for leg in res.legs:
        for a, b in zip(leg.path, leg.path[1:]):
            side = next(sd for sd in (N, E, S, W) if neighbour(a, sd) == b)
            if not st.walls[a] & side and (a, side) not in out:
                out.append((a, side))
    return out


def _drawn(chart: Chart, st: _State, dice: tuple[int, int], at: int) -> tuple[_State, list[int]]:
    """A copy of ``st`` with the tile of ``dice`` drawn at ``at`` (walls, and a dot on each open space),
    and the spaces it covers; the caller knows it fits."""
    cells = _cells(chart, dice[0], dice[1], at)
    assert cells is not None
    out = _copy(st)
    for c, w in zip(cells, chart.tile(dice[0], dice[1]).walls):
        out.walls[c] = w
        out.marks[c] = "o" if not w else "."
    return out, cells


def _blocked_kids(chart: Chart, node: _Node, n: int, roll: tuple[int, int]) -> list[_Node]:
    """Finished sheets that wall off the entrance or the exit with this turn's tile: the rules score
    such a store 0, which beats any store scoring less (on a short schedule, every open one may)."""
    st = node.st
    out: list[_Node] = []
    for at in _blocking(chart, st, roll[0], roll[1]):
        ch, cells = _drawn(chart, st, roll, at)
        face, cell = max(roll), cells[0]
        ch.marks[cell] = str(face)
        turn = LogTurn(n, roll, (), "tile", at, (face, cell))
        if _earns(ch, face, cell):
            ch.coins, ch.gained = ch.coins + 2, ch.gained + 2
            turn = replace(turn, bonus=Bonus("coins"))
        out.append(_Node(ch, node.log + (turn,), done=True))
    return out


def _cafe_kids(node: _Node, n: int, roll: tuple[int, int], rerolls: tuple[tuple[int, int], ...], coins: int,
               spent: int) -> list[_Node]:
    """A cafeteria on each pair of side-by-side empty spaces (none when both are drawn)."""
    st = node.st
    out: list[_Node] = []
    if len(st.cafes) >= 2:
        return out
    for a in range(CELLS):
        for b in (a + 1, a + SIZE):
            if b < CELLS and (b != a + 1 or a % SIZE != SIZE - 1) and _empty(st, a) and _empty(st, b):
                ch = _copy(st)
                ch.marks[a] = ch.marks[b] = CAFE_LETTERS[len(st.cafes)]
                ch.cafes.append((a, b))
                ch = _State(ch.marks, ch.walls, ch.doors, ch.owner, ch.cafes, coins, st.gained, spent)
                out.append(_Node(ch, node.log + (LogTurn(n, roll, rerolls, "cafeteria", cafe=(a, b)),)))
    return out


def _children(chart: Chart, node: _Node, n: int, roll: tuple[int, int],
              reserve: tuple[tuple[int, ...], ...], spend: bool = False, wall_tries: int = 0,
              cafes: bool = False) -> list[_Node]:
    """The stores one turn can lead to from ``node``: a tile in each place it fits with its display on
    each open space (for each plan of :func:`_plans`); where the display earns a bonus, the two coins and
    the ``wall_tries`` best walls across the customers' route; a cafeteria or a stop when nothing fits."""
    st = node.st
    plans = _plans(chart, st, roll, reserve, spend)
    out: list[_Node] = []
    if not plans[0][3]:
        _, rerolls, coins, _ = plans[-1]
        spent = st.spent + (st.coins - coins)
        out = _cafe_kids(node, n, roll, tuple(rerolls), coins, spent)
        if not out:
            ch = _State(st.marks, st.walls, st.doors, st.owner, st.cafes, coins, st.gained, spent)
            out.append(_Node(ch, node.log + (LogTurn(n, roll, tuple(rerolls), "stop"),), done=True))
        return out + _blocked_kids(chart, node, n, roll)
    blocked: list[_Node] = []
    for cur, rerolls, coins, opts in plans:
        spent = st.spent + (st.coins - coins)
        for at in opts:
            _tile_kids(chart, node, n, roll, (cur, tuple(rerolls), coins, spent, at), wall_tries, out, blocked)
    if cafes:  # a cafeteria although the tile fits
        out += _cafe_kids(node, n, roll, (), st.coins, st.spent)
    return out + blocked + _blocked_kids(chart, node, n, roll)


def _tile_kids(chart: Chart, node: _Node, n: int, roll: tuple[int, int], plan: tuple, wall_tries: int,
               out: list[_Node], blocked: list[_Node]) -> None:
    """The children of one tile drawn at one place (``plan``: the dice, the rerolls, the coins left and
    spent, the place), its display on each open space, into ``out``; a store walled off by a bonus wall
    across a gate into ``blocked`` (one is enough: they all score 0).  Each display's store is weighed
    once, for its rank and for the walls across its route.  When the tile has two open spaces or more,
    its store without a display is weighed first: a display off every shortest path of the route's
    legs leaves that route as it is, and one on them is weighed from it (module docstring)."""
    st = node.st
    cur, rerolls, coins, spent, at = plan
    base, cells = _drawn(chart, st, cur, at)
    spots = [c for i, c in enumerate(cells) if c not in cells[:i] and base.walls[c] != 15]
    bare = customers_path(_sheet(base, ())) if len(spots) > 1 else None
    for c in spots:
        faces = sorted(set(cur))
        earning = [f for f in faces if _earns(base, f, c)]
        face = (earning or faces)[-1]
        ch = _copy(base)
        ch.marks[c] = str(face)
        turn = LogTurn(n, roll, rerolls, "tile", at, (face, c))
        route = (customers_path(_sheet(ch, ())) if bare is None
                 else with_display(bare, c) if bare.dag >> c & 1 else bare)
        total, rank = _ranked(route)
        if not earning:
            ch = _State(ch.marks, ch.walls, ch.doors, ch.owner, ch.cafes, coins, st.gained, spent)
            out.append(_Node(ch, node.log + (turn,), rank, total=total))
            continue
        rich = _State(ch.marks, ch.walls, ch.doors, ch.owner, ch.cafes, coins + 2, st.gained + 2, spent)
        out.append(_Node(rich, node.log + (replace(turn, bonus=Bonus("coins")),), rank, total=total))
        walled: list[tuple[int, _Node]] = []
        for cell, side in _walls_across_path(ch, route) if wall_tries else ():
            w = _copy(ch)
            w.walls[cell] |= side
            w = _State(w.marks, w.walls, w.doors, w.owner, w.cafes, coins, st.gained, spent)
            total, rank = _value(w)
            if rank != BLOCKED:
                kid = _Node(w, node.log + (replace(turn, bonus=Bonus("wall", cell, side)),), rank, total=total)
                walled.append((rank, kid))
        walled.sort(key=lambda x: -x[0])  # stable: ties keep the route's order
        out.extend(k for _, k in walled[:wall_tries])
        if not blocked:
            # the bonus wall across the entrance: a finished store that scores 0
            gate = ENTRANCE if not ch.walls[ENTRANCE.cell] & ENTRANCE.side else EXIT
            if not ch.walls[gate.cell] & gate.side:
                w = _copy(ch)
                w.walls[gate.cell] |= gate.side
                w = _State(w.marks, w.walls, w.doors, w.owner, w.cafes, coins, st.gained, spent)
                blocked.append(_Node(w, node.log + (replace(turn, bonus=Bonus("wall", gate.cell, gate.side)),), done=True))


@dataclass
class Result:
    sheet: Sheet
    par: int
    bound: int
    nodes: int
    player: int  # what the plain automatic player scores on the same schedule


def bound(chart: Chart, dice: list) -> int:
    """A score no sheet of ``dice`` beats, wherever its player draws the entrance and the exit: the
    puzzle's page leaves them to her, as the rules do, although the searches draw them where ENTRANCE
    and EXIT say (bound.py proves it).  On the dailies of 2027 it is the bound of those two gates."""
    return score_bound(chart, dice)


def _beam(chart: Chart, dice: list, search: Search):
    """One beam search; returns (best store seen as (score, turn, node) or None, nodes expanded)."""
    width = search.width
    beam = [_Node(_State(["."] * CELLS, [0] * CELLS, [0] * CELLS, [""] * CELLS, []), ())]
    nodes = 0
    # (score, turn stopped at, node): the best store seen, first the empty one (stop on turn 1)
    best: tuple[int, int, _Node] = (_value(beam[0].st)[0], 0, beam[0])
    for n, (roll, reserve) in enumerate(dice, start=1):
        nxt: list[_Node] = []
        for node in beam:
            if node.done:
                continue
            kids = _children(chart, node, n, roll, reserve, search.spend, search.wall_tries, search.cafes)
            for k in kids:
                if k.total is None:
                    k.total, k.value = _value(k.st)
                nodes += 1
                if k.total > best[0]:
                    best = (k.total, n, k)
            open_kids = [k for k in kids if not k.done]
            if search.per_parent:
                open_kids.sort(key=lambda k: -k.value)  # stable: ties keep the order of generation
                open_kids = open_kids[:search.per_parent]
            nxt.extend(open_kids)
        if not nxt:
            break
        nxt.sort(key=lambda k: -k.value)  # stable: ties keep the order of generation
        beam = nxt[:width]
    return best, nodes


#: the widths of the first search that the difficulty ladder plays (ladder.py); solve runs them too,
#: with every narrow width between (NARROW_WIDTHS): a narrow beam sometimes finds a store the wide
#: ones miss
LADDER_WIDTHS = (1, 3)
NARROW_WIDTHS = (1, 2, 3)


def first_search_score(chart: Chart, dice: list, width: int) -> int:
    """The best store the first of SEARCHES finds keeping ``width`` stores from turn to turn (a rung of
    the difficulty ladder: ladder.py)."""
    found, _ = _beam(chart, dice, replace(SEARCHES[0], width=width))
    return found[0] if found is not None else 0


def _costliest_first(search: Search) -> tuple:
    """The order a pool takes the searches in, so that the last to finish is a cheap one: those with
    more moves first (a cafeteria on every pair of empty spaces makes the most), then the wider."""
    return (-search.cafes, -search.spend, -search.wall_tries, -search.width)


_SEARCHER: tuple = ()  # (chart, dice, searches) of the puzzle this process searches for


def _start_searcher(chart: Chart, dice: list, searches: tuple[Search, ...]) -> None:
    global _SEARCHER
    _SEARCHER = (chart, dice, searches)


def _search(i: int) -> tuple:
    chart, dice, searches = _SEARCHER
    return _beam(chart, dice, searches[i])


def _searched(chart: Chart, dice: list, searches: tuple[Search, ...], jobs: int) -> list[tuple]:
    """:func:`_beam` of each of ``searches``, in their order, run on up to ``jobs`` processes: the
    searches are independent, so they find the same on any number."""
    if jobs <= 1:
        return [_beam(chart, dice, search) for search in searches]
    # deferred: a puzzle made on one process needs no multiprocessing (about 60 ms to import)
    from rollwrite.pool import process_pool

    order = sorted(range(len(searches)), key=lambda i: _costliest_first(searches[i]))
    with process_pool(min(jobs, len(searches)), _start_searcher, (chart, dice, searches)) as pool:
        futures = {i: pool.submit(_search, i) for i in order}
        return [futures[i].result() for i in range(len(searches))]


def solve(chart: Chart, dice: list, *, width: int | None = None, jobs: int = 1) -> Result:
    """The best store of the beam searches of ``width`` (default WIDTH) states in SEARCHES, or of the
    automatic player if none beats it (module docstring); the searches run on up to ``jobs`` processes."""
    best: tuple[int, int, _Node] | None = None
    nodes = 0
    searches = SEARCHES if width is None else tuple(replace(search, width=width) for search in SEARCHES)
    # then the narrow beams, those the difficulty ladder plays (ladder.py) among them: a store a rung
    # finds is a known sheet, so it is a candidate too, and no rung ever beats par (on 2027-07-30 a beam
    # of one store found 12 and one of two 13, where the six searches found 11)
    narrow = [_beam(chart, dice, replace(SEARCHES[0], width=w)) for w in NARROW_WIDTHS]
    for found, n in _searched(chart, dice, searches, jobs) + narrow:
        nodes += n
        if found is not None and (best is None or found[0] > best[0]):  # ties: the earlier search
            best = found
    auto = play(chart, dice)
    auto_score = customers_path(auto).total
    if best is None or auto_score >= best[0]:
        sheet, par = auto, auto_score
    else:
        total, n, node = best
        log = node.log
        if n < len(dice) and (not log or log[-1].action != "stop"):  # the player stops on the next turn
            log += (LogTurn(n + 1, dice[n][0], (), "stop"),)
        sheet, par = _sheet(node.st, log), total
    return Result(sheet, par, bound(chart, dice), nodes, auto_score)


def make_puzzle(chart: Chart, challenge: str, schedule: Any, *, width: int | None = None, jobs: int = 1):

    result = solve(chart, schedule_dice(schedule), width=width, jobs=jobs)
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

"""The Long Way's rules: the customers' path and its score, the checks of a finished sheet, and the
replay of a game log (docs/rules/long-way.md states every reading taken where the rules are silent).

Spaces are numbered 0..48 in reading order; a set of spaces is an int bit mask.  Walls are masks of
the sides N=1, E=2, S=4, W=8 of one space; a wall with a doorway no longer blocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import reduce
from itertools import accumulate, permutations
from operator import add, and_, getitem, or_
from typing import Any

from rollwrite.games.base import Evaluation, LazyScore, Problem, Score
from rollwrite.games.long_way.data import (
    _POP, BARE_CODE, BIT, CAFE_CODE, DISPLAY_CODE, DOT_CODE, OPPOSITE, SIZE, Chart, Placement, PlacementIndex,
    side_letters,
)
from rollwrite.games.long_way.format import (
    CAFE_LETTERS,
    COLUMNS,
    MARKS,
    Bonus,
    LogTurn,
    Sheet,
    cell_name,
    edge_sides,
    token,
    where,
)

N, E, S, W = BIT["N"], BIT["E"], BIT["S"], BIT["W"]
CELLS = SIZE * SIZE
ALL = (1 << CELLS) - 1
_COL0 = sum(1 << (r * SIZE) for r in range(SIZE))
_COL6 = _COL0 << (SIZE - 1)
_ROW0 = (1 << SIZE) - 1
_ROW6 = _ROW0 << (SIZE * (SIZE - 1))
SIDE_NAME = {N: "north", E: "east", S: "south", W: "west"}


def neighbour(cell: int, side: int) -> int:
    """The space across ``side`` of ``cell``, or -1 at the store's outer wall."""
    r, c = divmod(cell, SIZE)
    if side == N:
        return cell - SIZE if r > 0 else -1
    if side == S:
        return cell + SIZE if r < SIZE - 1 else -1
    if side == E:
        return cell + 1 if c < SIZE - 1 else -1
    return cell - 1 if c > 0 else -1


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_ROW_CELLS = [[tuple(r * SIZE + c for c in range(SIZE) if bits >> c & 1) for bits in range(1 << SIZE)]
              for r in range(SIZE)]


def _cells(mask: int) -> list[int]:
    """The spaces of ``mask`` in reading order (a list: quicker than _bits for whole stores)."""
    out: list[int] = []
    for row in _ROW_CELLS:
        if not mask:
            break
        bits = mask & _ROW0
        if bits:
            out += row[bits]
        mask >>= SIZE
    return out


# ---------------------------------------------------------------- moves


#: for each side, a bytes.translate table reading the wall masks of a store's spaces (bytes of 0-15, the
#: last space first) as the binary digits of the mask of the spaces walled on that side
_SIDE_DIGITS = {side: bytes.maketrans(bytes(range(16)), bytes(b"01"[bool(v & side)] for v in range(16)))
                for side in (N, E, S, W)}


class Moves:
    """Which moves between neighbouring spaces are open, as bit masks of the spaces they start from."""

    __slots__ = ("n", "e", "s", "w")

    def __init__(self, walls: tuple[int, ...] | list[int], doors: tuple[int, ...] | list[int]) -> None:
        solid = bytes([w & ~d for w, d in zip(walls, doors)] if any(doors) else walls)[::-1]
        digits = _SIDE_DIGITS
        sn, se = int(solid.translate(digits[N]), 2), int(solid.translate(digits[E]), 2)
        ss, sw = int(solid.translate(digits[S]), 2), int(solid.translate(digits[W]), 2)
        # a move is blocked by the wall of the space it leaves or the facing wall of the space it enters
        self.n = ALL & ~_ROW0 & ~sn & ~(ss << SIZE)
        self.s = ALL & ~_ROW6 & ~ss & ~(sn >> SIZE)
        self.e = ALL & ~_COL6 & ~se & ~(sw >> 1)
        self.w = ALL & ~_COL0 & ~sw & ~(se << 1)


@dataclass(slots=True)
class Reach:
    """The spaces 0, 1, 2, ... steps from a stop (a mask each, the first the stop's), walked as far as
    asked so far (:func:`walk_to`)."""

    rings: list[int]
    seen: int  # the spaces of every ring
    done: bool = False  # no space is left to reach
    met: dict[int, int] = field(default_factory=dict)  # target -> what walk_to found for it


def walk_to(moves: Moves, reach: Reach, tgt: int) -> int:
    """The number of the first ring of ``reach`` that meets ``tgt`` (the fewest steps between them),
    walking on as far as that needs, or -1 when none does.  (Legs are short, a few spaces a ring: the
    step is written out, as a call a step would take a fifth of the time.)"""
    k = reach.met.get(tgt)
    if k is None:
        k = reach.met[tgt] = _walk_on(moves, reach, tgt)
    return k


def _walk_on(moves: Moves, reach: Reach, tgt: int) -> int:
    out = reach.rings
    for k, ring in enumerate(out):
        if ring & tgt:
            return k
    if reach.done:
        return -1
    north, south, east, west = moves.n, moves.s, moves.e, moves.w
    seen, f = reach.seen, out[-1]
    while True:
        f = (((f & north) >> SIZE) | ((f & south) << SIZE) | ((f & east) << 1) | ((f & west) >> 1)) & ~seen
        if not f:
            reach.seen, reach.done = seen, True
            return -1
        seen |= f
        out.append(f)
        if f & tgt:
            reach.seen = seen
            return len(out) - 1


@dataclass(frozen=True, slots=True)
class Leg:
    start: str
    end: str
    path: tuple[int, ...]  # spaces from start to end, both included
    value: int  # displays minus empty spaces along it
    displays: int
    empties: int

    @property
    def steps(self) -> int:
        return len(self.path) - 1


#: a space beyond the outer wall: a bit no mask of spaces has
OUTSIDE = 63
#: for each space, its neighbours in the order a leg's step into it is looked for (from the south,
#: the north, the west, the east), OUTSIDE at the outer wall
_PRED_ORDER = [(v + SIZE if v + SIZE < CELLS else OUTSIDE, v - SIZE if v >= SIZE else OUTSIDE,
                v - 1 if v % SIZE else OUTSIDE, v + 1 if v % SIZE < SIZE - 1 else OUTSIDE) for v in range(CELLS)]


def shortest_layers(moves: Moves, rings: list[int], tgt: int) -> list[int]:
    """The spaces of the shortest paths to ``tgt`` (a mask) from the stop of ``rings`` (its rings up to
    the first that meets ``tgt``: :func:`walk_to`), as a mask per step from the stop (the first: the
    stop's spaces they start from; the last: those of ``tgt`` they end on): of each ring, from the end
    back, the spaces with a step into the next one's."""
    north, south, east, west = moves.n, moves.s, moves.e, moves.w
    g = rings[-1] & tgt
    on = [g]
    for k in range(len(rings) - 2, -1, -1):
        g = rings[k] & ((north & (g << SIZE)) | (south & (g >> SIZE)) | (east & (g >> 1)) | (west & (g << 1)))
        on.append(g)
    on.reverse()
    return on


def best_on(moves: Moves, on: list[int], weight: list[int]) -> tuple[tuple[int, ...], int]:
    """The best-scoring of the shortest paths whose layers are ``on`` (:func:`shortest_layers`) and its
    score; among equal scores, the step into a space comes from its first neighbour in _PRED_ORDER,
    and the path ends on the lowest-numbered space.  (A layer holds a few spaces: they are read bit by
    bit, quicker than calling for them.)"""
    north, south, east, west = moves.n, moves.s, moves.e, moves.w
    best = [0] * CELLS
    prev = [-1] * CELLS
    m = on[0]
    while m:
        low = m & -m
        c = low.bit_length() - 1
        best[c] = weight[c]
        m ^= low
    lowest = -CELLS - 1  # below every path's score
    for k in range(1, len(on)):
        lp = on[k - 1]
        # the spaces of the layer before that can step north, south, east, west
        mn, ms, me, mw = lp & north, lp & south, lp & east, lp & west
        m = on[k]
        while m:
            low = m & -m
            v = low.bit_length() - 1
            m ^= low
            below, above, left, right = _PRED_ORDER[v]
            arg, top = -1, lowest  # the first neighbour with the best score, and that score
            if mn >> below & 1:
                arg, top = below, best[below]
            if ms >> above & 1 and best[above] > top:
                arg, top = above, best[above]
            if me >> left & 1 and best[left] > top:
                arg, top = left, best[left]
            if mw >> right & 1 and best[right] > top:
                arg, top = right, best[right]
            best[v] = top + weight[v]
            prev[v] = arg
    m = on[-1]
    end = (m & -m).bit_length() - 1
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if best[c] > best[end]:
            end = c
        m ^= low
    path = [end]
    c = prev[end]
    while c >= 0:
        path.append(c)
        c = prev[c]
    path.reverse()
    return tuple(path), best[end]


# ---------------------------------------------------------------- scoring


def _marks(sheet: Sheet) -> bytes:
    """The sheet's marks from the last space to the first, as the binary digits of a mask of spaces are
    written (bytes.translate with a table of _ONE_MARK gives the digits of the spaces with one mark)."""
    return "".join(sheet.marks)[::-1].encode()


def _reading(chars: str) -> bytes:
    """A bytes.translate table for :func:`_marks` that reads the marks in ``chars`` as '1', others as '0'."""
    return bytes.maketrans(MARKS.encode(), bytes(b"01"[m in chars] for m in MARKS))


#: for each mark (its byte), the table reading it alone
_ONE_MARK = {ord(m): _reading(m) for m in MARKS}
_DOTS, _DISPLAYS, _CAFES = _reading("o"), _reading("123456"), _reading(CAFE_LETTERS)


def cafeterias(sheet: Sheet) -> list[tuple[str, int]]:
    """(letter, mask of its spaces) for each cafeteria letter on the sheet, in letter order."""
    marks = _marks(sheet)
    return [(chr(letter), int(marks.translate(_ONE_MARK[letter]), 2)) for letter in CAFE_LETTERS.encode()
            if letter in marks]


#: what a space weighs by its mark, without walls and with them
_WEIGHT = {**{m: (0, 0) for m in MARKS}, ".": (-1, 0), **{f: (1, 1) for f in "123456"}}


def weights(sheet: Sheet) -> list[int]:
    """+1 on a display, -1 on an empty space (no mark and no wall), 0 elsewhere."""
    return list(map(getitem, map(_WEIGHT.__getitem__, sheet.marks), map(bool, sheet.walls)))


def _gate_open(sheet: Sheet, gate) -> bool:
    side = gate.side & edge_sides(gate.cell)
    return not (side and sheet.walls[gate.cell] & side & ~sheet.doors[gate.cell])


@dataclass(slots=True)
class Walk:
    """What a route is weighed from: the open moves, each space's weight, the stops (the entrance, then
    each cafeteria) and the exit as (name, mask), and, filled in as the route is weighed, the spaces
    reached from each stop ring by ring (``reach``: one walk out from a stop for the steps to every
    other), the shortest paths of each leg weighed (``layers``) and the legs weighed (``legs``)."""

    moves: Moves
    weight: list[int]
    stops: list[tuple[str, int]]
    exit: tuple[str, int]
    #: from -> the rings walked out from that stop
    reach: dict[int, Reach]
    #: (from, to: -1 for the exit) -> the layers of the shortest paths, or None when there is none
    layers: dict[tuple[int, int], list[int] | None]
    #: (from, to) -> (the leg or None, the spaces on its shortest paths)
    legs: dict[tuple[int, int], tuple[Leg | None, int]]


@dataclass
class PathResult:
    total: int
    legs: tuple[Leg, ...]
    reason: str | None  # why there is no path, when there is none
    order: tuple[str, ...]
    #: the spaces on some shortest path of every leg weighed (each order of the cafeterias tried): a
    #: display or a dot drawn anywhere else leaves the route and its score as they are
    dag: int = 0
    #: what the route was weighed from (None when a wall closes the entrance or the exit)
    walk: Walk | None = field(default=None, compare=False, repr=False)


def customers_path(sheet: Sheet) -> PathResult:
    """The customers' route: entrance -> nearer cafeteria -> other cafeteria -> exit, each leg a
    shortest path; among equally short routes (and equally near cafeterias) the best-scoring one."""
    ent, ext = sheet.entrance, sheet.exit
    if not _gate_open(sheet, ent):
        return PathResult(0, (), f"a wall without a doorway closes the entrance ({cell_name(ent.cell)})", ())
    if not _gate_open(sheet, ext):
        return PathResult(0, (), f"a wall without a doorway closes the exit ({cell_name(ext.cell)})", ())
    stops = [("entrance", 1 << ent.cell)] + [(f"cafeteria {letter}", m) for letter, m in cafeterias(sheet)]
    return _route(Walk(Moves(sheet.walls, sheet.doors), weights(sheet), stops, ("exit", 1 << ext.cell), {}, {}, {}))


def with_display(res: PathResult, cell: int) -> PathResult:
    """The route of the store ``res`` was weighed on (by :func:`customers_path`) once a display is drawn
    on ``cell``, a space that is no cafeteria's: a display opens and closes no way, so the steps
    between stops and their shortest paths stay, and so does every leg whose shortest paths all miss
    ``cell``; only the others are weighed again, along the same shortest paths."""
    walk = res.walk
    if walk is None:  # a wall closes the entrance or the exit, and a display opens none
        return replace(res)
    if any(mask >> cell & 1 for _, mask in walk.stops[1:]):
        raise ValueError(f"{cell_name(cell)} is a cafeteria's space: a display is never drawn there")
    weight = walk.weight.copy()
    weight[cell] = 1
    # the same store, so the same walks out from the stops: ``reach`` is shared (what either walks on,
    # the other would walk the same)
    again = Walk(walk.moves, weight, walk.stops, walk.exit, walk.reach, dict(walk.layers), {})
    for key, got in walk.legs.items():
        # a leg through the display: the same layers, the best path among them weighed again
        again.legs[key] = got if not got[1] >> cell & 1 else _weighed(again, key)
    return _route(again)


def _steps(walk: Walk, a: int, b: int) -> int | None:
    """Fewest steps from stop ``a`` to stop ``b`` (-1: the exit) of ``walk``, or None."""
    reach = walk.reach.get(a)
    if reach is None:
        src = walk.stops[a][1]
        reach = walk.reach[a] = Reach([src], src)
    k = walk_to(walk.moves, reach, (walk.exit if b < 0 else walk.stops[b])[1])
    return None if k < 0 else k


def _layers(walk: Walk, a: int, b: int) -> list[int] | None:
    """The layers of the shortest paths from stop ``a`` to stop ``b`` (-1: the exit) of ``walk``, or
    None (found once)."""
    key = (a, b)
    if key not in walk.layers:
        k = _steps(walk, a, b)
        walk.layers[key] = None if k is None else shortest_layers(
            walk.moves, walk.reach[a].rings[:k + 1], (walk.exit if b < 0 else walk.stops[b])[1])
    return walk.layers[key]


def _leg(walk: Walk, a: int, b: int) -> tuple[Leg | None, int]:
    """The best leg from stop ``a`` to stop ``b`` (-1: the exit) of ``walk`` and the spaces on its
    shortest paths (weighed once)."""
    key = (a, b)
    got = walk.legs.get(key)
    if got is None:
        got = walk.legs[key] = _weighed(walk, key)
    return got


def _weighed(walk: Walk, key: tuple[int, int]) -> tuple[Leg | None, int]:
    """The leg ``key`` of ``walk`` and the spaces on its shortest paths (None and 0: no path)."""
    a, b = key
    on = _layers(walk, a, b)
    if on is None:
        return None, 0
    path, value = best_on(walk.moves, on, walk.weight)
    passed = list(map(walk.weight.__getitem__, path))
    leg = Leg(walk.stops[a][0], (walk.exit if b < 0 else walk.stops[b])[0], path, value, passed.count(1),
              passed.count(-1))
    return leg, reduce(or_, on)


def _route(walk: Walk) -> PathResult:
    """The best route of ``walk`` (:func:`customers_path`), every cafeteria taken when it is a nearest."""
    stops = walk.stops
    best: PathResult | None = None
    reason = None
    dag = 0
    for order in permutations(range(1, len(stops))):
        # keep only the orders in which every next cafeteria is a nearest one
        here, ok, remaining = 0, True, set(order)
        for nxt in order:
            dn = _steps(walk, here, nxt)
            near = [_steps(walk, here, o) for o in remaining]
            reach = [x for x in near if x is not None]
            if dn is None or (reach and dn > min(reach)):
                ok = False
                if dn is None and reason is None:
                    reason = f"{stops[nxt][0]} cannot be reached from the {stops[here][0]}"
                break
            remaining.discard(nxt)
            here = nxt
        if not ok:
            continue
        legs: list[Leg] = []
        here = total = 0
        for nxt in order + (-1,):
            lg, on = _leg(walk, here, nxt)
            dag |= on
            if lg is None:
                reason = reason or f"the exit cannot be reached from the {stops[here][0]}"
                break
            legs.append(lg)
            total += lg.value
            here = nxt
        if lg is None:  # a leg that cannot be walked
            continue
        if best is None or total > best.total:
            best = PathResult(total, tuple(legs), None, tuple(stops[i][0] for i in order))
    if best is None:
        return PathResult(0, (), reason or "the exit cannot be reached", (), dag, walk)
    best.dag = dag
    best.walk = walk
    return best


def _mark_text(mark: str, chart: Chart | None) -> str:
    if mark in "123456":
        face = int(mark)
        return f"display {face}" + (f" ({chart.display_name(face)})" if chart else "")
    if mark in CAFE_LETTERS:
        return f"cafeteria {mark}"
    return ""


def ascii_store(sheet: Sheet, on_path: set[int]) -> list[str]:
    """The store drawn in ASCII: walls as '---' and '|', walls with a doorway as '- -' and ':',
    spaces on the path in brackets, the entrance and exit as arrows through the outer wall."""
    walls, doors = sheet.walls, sheet.doors

    def edge(cell: int, side: int) -> str:
        """'wall', 'door' or ''."""
        nb = neighbour(cell, side)
        mine = walls[cell] & side
        theirs = walls[nb] & OPPOSITE[side] if nb >= 0 else 0
        if not mine and not theirs:
            return ""
        solid = (mine and not doors[cell] & side) or (theirs and not doors[nb] & OPPOSITE[side])
        return "wall" if solid else "door"

    def gate_char(cell: int, side: int) -> str | None:
        inward = {N: "v", S: "^", W: ">", E: "<"}
        outward = {N: "^", S: "v", W: "<", E: ">"}
        ent, ext = sheet.entrance, sheet.exit
        closed = walls[cell] & side & ~doors[cell]
        if ent.cell == cell and ent.side == side:
            return "X" if closed else inward[side]
        if ext.cell == cell and ext.side == side:
            return "X" if closed else outward[side]
        return None

    lines = ["     " + "   ".join(COLUMNS)]
    for r in range(SIZE):
        # the horizontal edge above row r
        top = "   +"
        for c in range(SIZE):
            cell = r * SIZE + c
            g = gate_char(cell, N) if r == 0 else None
            if g:
                top += f" {g} +"
            elif r == 0:
                top += "===+"
            else:
                kind = edge(cell, N)
                top += ("---" if kind == "wall" else "- -" if kind == "door" else "   ") + "+"
        lines.append(top)
        row = f"{r + 1:>2} "
        for c in range(SIZE):
            cell = r * SIZE + c
            if c == 0:
                g = gate_char(cell, W)
                row += g if g else "|"
            mark = sheet.marks[cell]
            shown = mark if mark != "." else ("." if not walls[cell] else " ")
            row += f"[{shown}]" if cell in on_path else f" {shown} "
            if c == SIZE - 1:
                g = gate_char(cell, E)
                row += g if g else "|"
            else:
                kind = edge(cell, E)
                row += "|" if kind == "wall" else ":" if kind == "door" else " "
        lines.append(row.rstrip())
    bottom = "   +"
    for c in range(SIZE):
        cell = (SIZE - 1) * SIZE + c
        g = gate_char(cell, S)
        bottom += (f" {g} " if g else "===") + "+"
    lines.append(bottom)
    return lines


def _report(sheet: Sheet, chart: Chart | None, res: PathResult) -> str:
    on_path = {c for lg in res.legs for c in lg.path}
    report = []
    if res.reason:
        report.append(f"No customers' path: {res.reason}. The store scores 0.")
    else:
        route = " -> ".join(["entrance"] + list(res.order) + ["exit"])
        steps = sum(lg.steps for lg in res.legs)
        report.append(f"Customers' path: {route}, {steps} steps.")
    report.append("")
    report += ascii_store(sheet, on_path)
    report.append("  [x] on the path  --- | wall  - - : doorway  v ^ < > entrance and exit  X closed by a wall")
    report.append("")
    for i, lg in enumerate(res.legs, start=1):
        passed = []
        for c in lg.path:
            t = _mark_text(sheet.marks[c], chart)
            if sheet.marks[c] in "123456":
                passed.append(f"{cell_name(c)} {t} +1")
            elif sheet.marks[c] == "." and not sheet.walls[c]:
                passed.append(f"{cell_name(c)} empty -1")
        report.append(
            f"Leg {i}: {lg.start} -> {lg.end}, {_count(lg.steps, 'step')}: {_count(lg.displays, 'display')}, "
            f"{_count(lg.empties, 'empty space')} = {lg.value:+d}"
        )
        if passed:
            report.append("  passes " + ", ".join(passed))
    displays = sum(lg.displays for lg in res.legs)
    empties = sum(lg.empties for lg in res.legs)
    if not res.reason:
        report.append(f"Displays on the path {displays} - empty spaces on the path {empties} = {res.total}")
    return "\n".join(report)


#: each space's name on the sheet
_NAMES = tuple(map(cell_name, range(CELLS)))


def score(sheet: Sheet, chart: Chart | None) -> Score:
    res = customers_path(sheet)
    displays = sum(lg.displays for lg in res.legs)
    empties = sum(lg.empties for lg in res.legs)
    paths = [list(map(_NAMES.__getitem__, lg.path)) for lg in res.legs]
    breakdown: dict[str, Any] = {
        "reachable": res.reason is None,
        "reason": res.reason,
        "order": list(res.order),
        "legs": [
            {
                "from": lg.start,
                "to": lg.end,
                "steps": lg.steps,
                "displays": lg.displays,
                "empties": lg.empties,
                "score": lg.value,
                "path": path,
            }
            for lg, path in zip(res.legs, paths)
        ],
        "displays": displays,
        "empties": empties,
        "path": [name for path in paths for name in path],
        "coins": {"gained": sheet.gained, "spent": sheet.spent},
    }
    return LazyScore(res.total, breakdown, None, lambda: _report(sheet, chart, res))


# ---------------------------------------------------------------- checks of a finished sheet


# the first code of each mark in PlacementIndex.suits (a space's code: its mark's plus its walls)
_MARK_CODE = {"o": DOT_CODE, ".": BARE_CODE, **{str(f): code for f, code in DISPLAY_CODE.items()},
              **{ch: CAFE_CODE for ch in CAFE_LETTERS}}
# a bytes.translate table reading the walls of a store's spaces (bytes of 0-15) as '1' on a walled space
_WALLED = bytes.maketrans(bytes(range(16)), b"0" + b"1" * 15)


def placements(chart: Chart) -> list[list[Placement]]:
    """For each space, every placement of a chart tile (unrotated) that covers it, most walls first."""
    return chart.tables.cover


#: partial tilings kept at once while looking for the tiling that accounts for the most walls, beyond
#: which the tile and bonus count checks give up and stay silent (the replay of a game log checks
#: every bonus exactly)
BONUS_LIMIT = 150


@dataclass
class Tiling:
    found: list[Placement] | None
    stuck: int  # a space no tile could explain, when no tiling exists (-1 otherwise)
    complete: bool  # the search finished (False: it gave up after too many tries)
    explained: int = 0  # wall segments the tiling's tiles account for: the most any tiling can (when short,
    # the most each space could have, if even that falls short)
    short: bool = False  # tilings exist, but none explains the walls asked for


def find_tiling(sheet: Sheet, chart: Chart, *, need: int | None = None, limit: int = 4000) -> Tiling:
    """Chart tiles (unrotated, not overlapping, off the cafeterias) that explain every dot and display:
    each tile carries exactly one display, showing the furniture of one of the tile's two dice (its
    chart row or column), its wall-less spaces show a dot or the display, its walled spaces show at
    least the chart's walls and no dot.  Walls no tile accounts for were added as
    bonuses; with ``need`` the tiles must account for at least that many wall segments.

    The tiling returned is one that accounts for the most walls.  When there is none, the space
    named is where a search in reading order, most-walled tiles first, got stuck."""
    index = chart.tables.index
    fits, dot, disp, cafe, walled = _fitting(sheet, index)
    filled = dot | disp
    coverable = filled | (walled & ~cafe & ~dot)
    found: tuple[int, list[Placement] | None] | None = (0, None)
    most = 0
    if need is not None:
        # the most walls a fitting tile could account for on each space bound what any tiling explains;
        # on a sheet played by the rules some tiling usually reaches that bound, and looking only for
        # such tilings, then only for tilings that explain what is needed, drops most partial tilings early
        level, lossless, must = _wall_levels(sheet, index, fits, filled, coverable & ~dot)
        most = sum(level)
        if need <= most:
            exact = _exact_tiling(must, lossless, index, BONUS_LIMIT)
            if exact is not None and exact[1] is not None:
                found = (most, exact[1])
            elif exact is None or need < most:
                found = _most_walls(filled, coverable, fits, index, BONUS_LIMIT, level, need)
                if found is None:
                    return Tiling(None, -1, False)
    assert found is not None
    if found[1] is None:
        # is there a tiling at all, and what does the best one explain?
        found = _most_walls(filled, coverable, fits, index, BONUS_LIMIT, [0] * CELLS, -4 * CELLS)
        if found is None:
            return Tiling(None, -1, False)
        if found[1] is None:
            return _no_tiling(filled, coverable, fits, index, limit)
    explained, chosen = found
    if need is None or explained >= need:
        return Tiling(chosen, -1, True, explained)
    # when even the most walls each space could have from some fitting tile fall short, that is the
    # figure reported (it decides without a full search)
    return Tiling(None, -1, True, most if most < need else explained, short=True)


def _fitting(sheet: Sheet, index: PlacementIndex) -> tuple[int, int, int, int, int]:
    """The placements that suit every space of the sheet (each carrying exactly one display), and the
    spaces with a dot, a display, a cafeteria and walls, as bit masks."""
    cover = index.cover
    fits = reduce(and_, map(list.__getitem__, index.suits, map(add, map(_MARK_CODE.__getitem__, sheet.marks),
                                                               sheet.walls)))
    marks = _marks(sheet)
    dot, disp, cafe = int(marks.translate(_DOTS), 2), int(marks.translate(_DISPLAYS), 2), int(marks.translate(_CAFES), 2)
    walled = int(bytes(sheet.walls)[::-1].translate(_WALLED), 2)
    # each tile carries exactly one display: the placements covering a display, less those covering one
    # of the displays before it too
    covers = list(map(cover.__getitem__, _cells(disp)))
    before = list(accumulate(covers, or_))  # the placements covering any of the first 1, 2, ... displays
    twice = reduce(or_, map(and_, before, covers[1:]), 0)
    return fits & (before[-1] if before else 0) & ~twice, dot, disp, cafe, walled


def _wall_levels(sheet: Sheet, index: PlacementIndex, fits: int, filled: int, walled: int) -> tuple[list[int], int, int]:
    """For each space of ``walled``, the most of its walls a fitting tile accounts for; the placements
    that account for that many on each of their spaces; the spaces a tiling reaching that covers."""
    level = [0] * CELLS
    more, fewer = index.more, index.fewer
    lossy = 0  # the placements with fewer walls than that on some space
    must = filled
    walls = sheet.walls
    for x in _cells(walled):
        # a tile's walls on a space are among the sheet's there: count down from those
        mx = more[x]
        k = _POP[walls[x]]
        while k and not fits & mx[k - 1]:
            k -= 1
        if k:
            level[x] = k
            lossy |= fewer[x][k]
            must |= 1 << x
    return level, fits & ~lossy, must


def _no_tiling(filled: int, coverable: int, fits: int, index: PlacementIndex, limit: int) -> Tiling:
    """Where the search for a tiling by ``fits`` gets stuck, group by group of touching marked spaces in
    reading order (the space the problem names), or that it gave up."""
    cover, plist = index.cover, index.plist
    valid: dict[int, list[Placement]] = {}

    def candidates(x: int) -> list[Placement]:
        got = valid.get(x)
        if got is None:
            got = []
            m = fits & cover[x]
            while m:
                top = m.bit_length() - 1
                got.append(plist[top])
                m ^= 1 << top
            valid[x] = got
        return got

    todo_all = filled
    while todo_all:
        comp = todo_all & -todo_all
        while True:
            grown = comp | (coverable & (
                (comp >> SIZE) | (comp << SIZE) | ((comp & ~_COL6) << 1) | ((comp & ~_COL0) >> 1)))
            if grown == comp:
                break
            comp = grown
        todo_all &= ~comp
        part = _first_tiling(filled & comp, candidates, valid, limit)
        if isinstance(part, int):
            return Tiling(None, part, part != -1)
    raise AssertionError("a tiling exists after all")


def _exact_tiling(must: int, fits: int, index: PlacementIndex, limit: int) -> tuple[int, list[Placement] | None] | None:
    """A tiling by ``fits`` (each lying within ``must``) that covers every space of ``must``: (0, its
    placements); (0, None) when there is none; None when it gave up (more than ``limit``, at least 1,
    partial tilings at once).  Spaces are settled in reading order as in _most_walls, with nothing to
    weigh.

    Each partial tiling is kept as the spaces it covers, the settled ones included (every partial
    tiling covers them), so that the spaces all of them cover are passed over at once; and while there
    is one partial tiling and one placement to lay, it is laid without a table of partial tilings."""
    anchored, masks = index.anchored, index.masks
    cov: int = 0  # the partial tiling while there is only one: the spaces it covers, its placements
    chain: Any = None
    while True:
        left = must & ~cov
        if not left:
            return 0, _chain_list(chain, index)
        bit = left & -left  # the first space it leaves uncovered
        m = fits & anchored[bit.bit_length() - 1]
        if not m:
            return 0, None
        j = m.bit_length() - 1
        if m == 1 << j:  # one placement to lay
            if masks[j] & cov:
                return 0, None
            cov |= masks[j]
            chain = (j, chain)
            continue
        states = _tilings_on({cov: chain}, must, fits, index, limit)
        if states is None:
            return None
        if not states:
            return 0, None
        if len(states) == 1:
            (cov, chain), = states.items()
            continue
        return 0, _chain_list(next(iter(states.values())), index)


def _tilings_on(states: dict[int, Any], must: int, fits: int, index: PlacementIndex, limit: int) -> dict[int, Any] | None:
    """The partial tilings of :func:`_exact_tiling` grown from ``states`` (spaces covered -> chain of
    placements) until one is left, none (an empty table), or every space of ``must`` is covered; None
    when they grow past ``limit``."""
    anchored, masks = index.anchored, index.masks
    while True:
        left = must & ~reduce(and_, states)
        if not left:
            return states
        bit = left & -left  # the first space some partial tiling leaves uncovered
        nxt: dict[int, Any] = {}
        options = None
        for cov, chain in states.items():
            if cov & bit:
                nxt[cov] = chain
                continue
            if options is None:
                options = []
                m = fits & anchored[bit.bit_length() - 1]
                while m:
                    j = m.bit_length() - 1
                    options.append((masks[j], j))
                    m ^= 1 << j
            for mask, j in options:
                if not mask & cov:
                    nxt[cov | mask] = (j, chain)
        if len(nxt) > limit:
            return None
        if len(nxt) <= 1:
            return nxt
        states = nxt


def _chain_list(chain, index: PlacementIndex) -> list[Placement]:
    chosen = []
    while chain is not None:
        chosen.append(index.plist[chain[0]])
        chain = chain[1]
    chosen.reverse()
    return chosen


def _most_walls(filled: int, coverable: int, fits: int, index: PlacementIndex, limit: int, level: list[int],
                need: int) -> tuple[int, list[Placement] | None] | None:
    """The tiling that accounts for the most walls, if that is at least ``need``: (walls, its
    placements); (0, None) when there is no such tiling; None when it gave up (more than ``limit``
    partial tilings at once).

    Spaces are settled in reading order, and a tile is laid when its anchor (its first space) is
    reached, so partial tilings differ for what comes only in which of the spaces still to come they
    cover: for each such set the best is kept, with its placements as a chain (number, rest of chain).
    One is dropped when even ``level`` (the most walls on each space) on every space still uncovered
    would leave it short of ``need``; it keeps its walls less the levels of the spaces it covers still
    to come, so that adding the levels of all spaces still to come gives that bound."""
    anchored, tails, tail_cells, nwalls = index.anchored, index.tails, index.tail_cells, index.nwalls
    states: dict[int, tuple[int, Any]] = {0: (0, None)}
    rest = sum(level)  # the levels of the spaces after the one being settled
    for i in _cells(coverable):
        bit = 1 << i
        here = level[i]
        rest -= here
        m = fits & anchored[i]
        options = []
        while m:
            j = m.bit_length() - 1
            tail = tails[j]
            gain = nwalls[j]
            if rest:
                for c in tail_cells[j]:
                    gain -= level[c]
            options.append((tail, gain, j))
            m ^= 1 << j
        nxt: dict[int, tuple[int, Any]] = {}
        low = need - rest  # what a partial tiling must keep to stay
        mark = filled & bit
        for cov, got in states.items():
            if cov & bit:
                key = cov ^ bit
                value = got[0] + here
                old = nxt.get(key)
                if old is None or value > old[0]:
                    nxt[key] = (value, got[1])
                continue
            value = got[0]
            if not mark and value >= low:
                # an unmarked walled space may stay uncovered
                old = nxt.get(cov)
                if old is None or value > old[0]:
                    nxt[cov] = got
            for tail, gain, j in options:
                if not tail & cov and value + gain >= low:
                    key = cov | tail
                    old = nxt.get(key)
                    if old is None or value + gain > old[0]:
                        nxt[key] = (value + gain, (j, got[1]))
        if not nxt:
            return 0, None
        if len(nxt) > limit:
            return None
        states = nxt
    value, chain = max(states.values(), key=lambda got: got[0])
    return value, _chain_list(chain, index)


def _first_tiling(filled: int, candidates, valid: dict, limit: int) -> list[Placement] | int:
    """Some tiling of ``filled`` (most-walled tiles tried first): its placements, or the space where
    the search got stuck, or -1 when it gave up."""
    dead: set[int] = set()
    nodes = 0
    deepest = (-1, -1)
    gave_up = False
    chosen: list[Placement] = []

    def solve(used: int) -> bool:
        nonlocal nodes, deepest, gave_up
        todo = filled & ~used
        if not todo:
            return True
        if used in dead:
            return False
        nodes += 1
        if nodes > limit:
            gave_up = True
            return False
        x = (todo & -todo).bit_length() - 1
        depth = used.bit_count()
        if depth > deepest[0]:
            deepest = (depth, x)
        cands = valid.get(x)
        for p in cands if cands is not None else candidates(x):
            if p.mask & used:
                continue
            chosen.append(p)
            if solve(used | p.mask):
                return True
            chosen.pop()
            if gave_up:
                return False
        dead.add(used)
        return False

    if solve(0):
        return chosen
    if gave_up:
        return -1
    for x in _bits(filled):
        if not candidates(x):
            return x
    return deepest[1]




def _spread(m: int) -> int:
    """The spaces next to any space of ``m`` (walls ignored)."""
    return ((m >> SIZE) | (m << SIZE) | ((m & ~_COL6) << 1) | ((m & ~_COL0) >> 1)) & ALL


def _bonus_bound(sheet: Sheet) -> int:
    """The most bonuses the sheet's displays can have earned: a display earns one only next to a
    cafeteria or an earlier display of its furniture, so in each group of touching same-furniture
    displays with no cafeteria beside any of them, the first one placed earned nothing."""
    marks = _marks(sheet)
    near_cafe = _spread(int(marks.translate(_CAFES), 2))
    bound = 0
    for face in b"123456":
        if face not in marks:
            continue
        left = int(marks.translate(_ONE_MARK[face]), 2)
        bound += left.bit_count()
        alone = left & ~_spread(left)  # the displays with none of their furniture beside them
        bound -= (alone & ~near_cafe).bit_count()
        left ^= alone
        while left:
            group = left & -left
            while True:
                grown = group | (((group >> SIZE) | (group << SIZE) | ((group & ~_COL6) << 1) | ((group & ~_COL0) >> 1)) & left)
                if grown == group:
                    break
                group = grown
            left &= ~group
            if not group & near_cafe:
                bound -= 1
    return bound


def _doorway_edges(sheet: Sheet) -> int:
    """How many wall edges have a doorway (one doorway may go through the walls on both sides)."""
    if not any(sheet.doors):
        return 0
    dn = de = ds = dw = 0
    for i, d in enumerate(sheet.doors):
        if d:
            b = 1 << i
            dn |= b if d & N else 0
            de |= b if d & E else 0
            ds |= b if d & S else 0
            dw |= b if d & W else 0
    inner_h = (ds & ~_ROW6) | ((dn & ~_ROW0) >> SIZE)
    inner_v = (de & ~_COL6) | ((dw & ~_COL0) >> 1)
    border = (dn & _ROW0).bit_count() + (ds & _ROW6).bit_count() + (de & _COL6).bit_count() + (dw & _COL0).bit_count()
    return inner_h.bit_count() + inner_v.bit_count() + border


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def check_sheet(sheet: Sheet, chart: Chart) -> list[Problem]:
    problems: list[Problem] = []

    def add(cell: int | None, message: str, rule: str) -> None:
        if cell is None:
            problems.append(Problem("sheet", message, rule))
        else:
            problems.append(Problem(where(cell), message, rule, sheet.line_of(cell)))

    # entrance and exit
    for name, gate in (("entrance", sheet.entrance), ("exit", sheet.exit)):
        edges = edge_sides(gate.cell)
        if not edges:
            add(gate.cell, f"the {name} must be on an edge space of the store", "entrance-exit")
        elif gate.side and not gate.side & edges:
            add(gate.cell, f"the {name} opens {SIDE_NAME[gate.side]}, which is not the store's outer wall here "
                f"(open it to the {' or '.join(SIDE_NAME[s] for s in (N, E, S, W) if s & edges)})", "entrance-exit")
    if sheet.entrance == sheet.exit:
        add(sheet.entrance.cell, "the entrance and the exit are the same doorway", "entrance-exit")

    # cafeterias
    cafes = cafeterias(sheet)
    for letter, mask in cafes:
        cells = list(_bits(mask))
        if len(cells) != 2:
            add(cells[0], f"cafeteria {letter} covers {len(cells)} space{'s' if len(cells) != 1 else ''}; "
                "a cafeteria covers two side-by-side spaces", "cafeteria")
        elif cells[1] - cells[0] not in (1, SIZE) or (cells[1] - cells[0] == 1 and cells[1] % SIZE == 0):
            add(cells[0], f"the two spaces of cafeteria {letter} ({cell_name(cells[0])}, {cell_name(cells[1])}) "
                "are not side by side", "cafeteria")
    if len(cafes) > 2:
        third = list(_bits(cafes[2][1]))[0]
        add(third, f"{len(cafes)} cafeterias: a store has at most two", "cafeteria")

    # coins
    if sheet.gained % 2:
        add(None, f"{sheet.gained} coins gained: coins come two at a time", "coins")
    if sheet.spent > sheet.gained:
        add(None, f"{sheet.spent} coins spent but only {sheet.gained} gained", "coins")

    # tiles, and the bonuses the walls and doorways beyond the tiles' own must have come from
    total_walls = sum(map(_POP.__getitem__, sheet.walls))
    punched = _doorway_edges(sheet)
    bound = _bonus_bound(sheet)
    need = total_walls - (bound - punched - sheet.gained // 2)
    tiling = find_tiling(sheet, chart, need=need)
    if tiling.found is None and tiling.stuck >= 0:
        cell = tiling.stuck
        mark = sheet.marks[cell]
        what = f"the display ({chart.display_name(int(mark))})" if mark in "123456" else "this dotted space"
        add(cell, f"{what} belongs to no tile of the chart: drawn unrotated, each tile shows its walls, a dot on "
            "each wall-less space and exactly one display, of the furniture of one of its two dice", "tiles")
    elif tiling.short:
        added = total_walls - tiling.explained
        used = added + punched + sheet.gained // 2
        add(None, f"the sheet shows {_count(used, 'bonus', 'bonuses')} ({_count(added, 'added wall segment')}, "
            f"{_count(punched, 'doorway')}, {_count(sheet.gained // 2, 'coin gain')}) but its displays can "
            f"have earned at most {bound}", "bonus")
    return problems


# ---------------------------------------------------------------- replay of a game log


@dataclass
class _State:
    marks: list[str]
    walls: list[int]
    doors: list[int]
    owner: list[str]
    cafes: list[tuple[int, int]]
    coins: int = 0
    gained: int = 0
    spent: int = 0


def _edge_open(st: _State, cell: int, side: int) -> bool:
    nb = neighbour(cell, side)
    if st.walls[cell] & side & ~st.doors[cell]:
        return False
    return not (nb >= 0 and st.walls[nb] & OPPOSITE[side] & ~st.doors[nb])


def replay(sheet: Sheet, chart: Chart, schedule: Any | None) -> list[Problem]:
    """Replay ``sheet.log`` turn by turn (checked against ``schedule`` when given) and compare the
    store it draws with the typed-in store."""
    assert sheet.log is not None
    problems: list[Problem] = []
    st = _State(["."] * CELLS, [0] * CELLS, [0] * CELLS, [""] * CELLS, [])
    dice_errors = [0]  # turns whose dice differ from the schedule's (the first three are each reported)
    stopped = 0
    for t in sheet.log:
        n = t.number

        def bad(message: str, rule: str) -> None:
            problems.append(Problem(f"turn {n}", message, rule, t.line))

        if stopped:
            bad(f"the game stopped at turn {stopped}; a stopped player takes no more turns", "stop")
            continue
        light, dark = _turn_dice(st, t, schedule, dice_errors, bad)
        if t.action == "stop":
            stopped = n
        elif t.action == "cafeteria":
            _place_cafeteria(st, t, bad)
        else:
            _place_tile(st, chart, t, light, dark, bad)
    if dice_errors[0] > 3 and schedule is not None:
        problems.append(Problem("log", f"{dice_errors[0] - 3} more turns roll other dice than {schedule.id}", "dice"))
    if problems:
        return problems
    return _compare(sheet, st)


def _turn_dice(st: _State, t: LogTurn, schedule: Any | None, dice_errors: list[int], bad) -> tuple[int, int]:  # noqa: ANN001
    """The turn's light and dark dice after its rerolls, each paid with a coin; with a schedule, the
    roll and the rerolls are checked against it."""
    n = t.number
    sched = None
    if schedule is not None:
        turns = schedule.group(1)
        if n > len(turns):
            bad(f"the schedule {schedule.id} has only {len(turns)} turns", "dice")
        else:
            sched = turns[n - 1]
            if tuple(sched.dice[:2]) != t.roll:
                dice_errors[0] += 1
                if dice_errors[0] <= 3:
                    bad(f"the dice of {schedule.id} were light {sched.dice[0]}, dark {sched.dice[1]}; "
                        f"the log says {t.roll[0]} {t.roll[1]}", "dice")
    dice = list(t.roll)
    used = [0, 0]
    for die, value in t.rerolls:
        label = "light" if die == 0 else "dark"
        if st.coins < 1:
            bad(f"a reroll of the {label} die costs a coin, and the coin box is empty", "coins")
        else:
            st.coins -= 1
            st.spent += 1
        used[die] += 1
        if sched is not None:
            reserve = sched.rerolls[die] if die < len(sched.rerolls) else ()
            if used[die] > len(reserve):
                bad(f"the schedule holds {len(reserve)} rerolls of the {label} die per turn", "dice")
            elif reserve[used[die] - 1] != value:
                bad(f"reroll {used[die]} of the {label} die gave {reserve[used[die] - 1]}, not {value}", "dice")
        dice[die] = value
    return dice[0], dice[1]


def earns_bonus(st: _State, cell: int, face: int) -> bool:
    """Whether a display of ``face`` on ``cell`` earns a bonus: beside it, with no wall without a doorway
    between, lies a cafeteria or an earlier display of the same furniture."""
    return any(
        (nb := neighbour(cell, side)) >= 0 and _edge_open(st, cell, side)
        and (st.marks[nb] in CAFE_LETTERS or st.marks[nb] == str(face))
        for side in (N, E, S, W)
    )


def replay_state(log: tuple[LogTurn, ...], chart: Chart) -> tuple[_State, list[Problem]]:
    """The store a game log draws, turn by turn as :func:`replay` draws it (without a schedule), and the
    problems of its turns."""
    problems: list[Problem] = []
    st = _State(["."] * CELLS, [0] * CELLS, [0] * CELLS, [""] * CELLS, [])
    for t in log:
        def bad(message: str, rule: str, t: LogTurn = t) -> None:
            problems.append(Problem(f"turn {t.number}", message, rule, t.line))

        light, dark = _turn_dice(st, t, None, [0], bad)
        if t.action == "cafeteria":
            _place_cafeteria(st, t, bad)
        elif t.action == "tile":
            _place_tile(st, chart, t, light, dark, bad)
    return st, problems


def cafeteria_problem(st: _State, a: int, b: int) -> str | None:
    """Why a cafeteria may not be drawn on spaces ``a`` and ``b`` of the store as it stands (None: it may)."""
    if len(st.cafes) >= 2:
        return "a third cafeteria: a store has at most two"
    if b - a not in (1, -1, SIZE, -SIZE) or (abs(b - a) == 1 and a // SIZE != b // SIZE):
        return f"{cell_name(a)} and {cell_name(b)} are not side by side"
    busy = [c for c in (a, b) if not is_empty(st, c)]
    if busy:
        return f"the cafeteria needs empty spaces, and {cell_name(busy[0])} is not empty"
    return None


def is_empty(st: _State, cell: int) -> bool:
    """A space with nothing drawn on it: no mark and no wall."""
    return st.marks[cell] == "." and not st.walls[cell]


def _place_cafeteria(st: _State, t: LogTurn, bad) -> None:  # noqa: ANN001
    assert t.cafe is not None
    a, b = t.cafe
    why = cafeteria_problem(st, a, b)
    if why is not None:
        bad(why, "cafeteria")
        return
    letter = CAFE_LETTERS[len(st.cafes)]
    st.cafes.append((a, b))
    for c in (a, b):
        st.marks[c] = letter
        st.owner[c] = f"turn {t.number}'s cafeteria"


def tile_cells(chart: Chart, light: int, dark: int, at: int) -> list[int] | None:
    """The spaces the chart's tile of the dice covers with its first space on ``at`` (never rotated); None
    when it runs off the store."""
    ar, ac = divmod(at, SIZE)
    cells = []
    for dr, dc in chart.tile(light, dark).cells:
        r, c = ar + dr, ac + dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            return None
        cells.append(r * SIZE + c)
    return cells


def tile_problem(st: _State, chart: Chart, light: int, dark: int, at: int) -> str | None:
    """Why the tile of the dice may not be drawn with its first space on ``at`` (None: it may)."""
    label = f"tile light {light}, dark {dark}"
    cells = tile_cells(chart, light, dark, at)
    if cells is None:
        return f"{label} with its first space on {cell_name(at)} runs off the store (tiles are never rotated)"
    busy = [c for c in cells if not is_empty(st, c)]
    if busy:
        return f"{label} at {cell_name(at)} needs empty spaces, and {cell_name(busy[0])} is not empty"
    return None


def bonus_problem(st: _State, b: Bonus) -> str | None:
    """Why an earned bonus may not be taken so on the store as it stands (None: it may)."""
    if b.kind == "coins":
        return None
    side, cell = b.side, b.cell
    if b.kind == "wall":
        return f"{cell_name(cell)} already has a wall on its {SIDE_NAME[side]} side" if st.walls[cell] & side else None
    nb = neighbour(cell, side)
    mine = st.walls[cell] & side
    theirs = st.walls[nb] & OPPOSITE[side] if nb >= 0 else 0
    if not ((mine and not st.doors[cell] & side) or (theirs and not st.doors[nb] & OPPOSITE[side])):
        return f"there is no wall without a doorway on the {SIDE_NAME[side]} side of {cell_name(cell)}"
    return None


def _place_tile(st: _State, chart: Chart, t: LogTurn, light: int, dark: int, bad) -> None:  # noqa: ANN001
    """The chart's tile of the dice drawn at ``t.at``, its display, and the bonus that display earned."""
    n = t.number
    tile = chart.tile(light, dark)
    label = f"tile light {light}, dark {dark}"
    why = tile_problem(st, chart, light, dark, t.at)
    cells = tile_cells(chart, light, dark, t.at)
    if why is not None or cells is None:
        bad(why or "", "tiles")
        return
    for c, wmask in zip(cells, tile.walls):
        st.walls[c] = wmask
        st.marks[c] = "o" if not wmask else "."
        st.owner[c] = f"turn {n}'s {label}"
    assert t.display is not None
    face, dcell = t.display
    if face not in (light, dark):
        bad(f"the display must show the furniture of a die (light {light} or dark {dark}), not {face}", "display")
        return
    if dcell not in cells:
        bad(f"the display on {cell_name(dcell)} is not on the tile just drawn", "display")
        return
    st.marks[dcell] = str(face)
    if t.bonus is None:
        return
    if not earns_bonus(st, dcell, face):
        bad(f"no bonus was earned: the display on {cell_name(dcell)} touches no cafeteria and no earlier "
            f"{chart.display_name(face)} without a wall between them", "bonus")
        return
    _apply_bonus(st, t.bonus, n, bad)


def _apply_bonus(st: _State, b: Bonus, n: int, bad) -> None:
    if b.kind == "coins":
        st.coins += 2
        st.gained += 2
        return
    why = bonus_problem(st, b)
    if why is not None:
        bad(why, "bonus")
        return
    side, cell = b.side, b.cell
    nb = neighbour(cell, side)
    if b.kind == "wall":
        st.walls[cell] |= side
        st.owner[cell] = f"turn {n}'s added wall"
        return
    mine = st.walls[cell] & side
    theirs = st.walls[nb] & OPPOSITE[side] if nb >= 0 else 0
    # the doorway goes through every wall standing on that edge
    if mine:
        st.doors[cell] |= side
        st.owner[cell] = f"turn {n}'s doorway"
    if theirs:
        st.doors[nb] |= OPPOSITE[side]
        st.owner[nb] = f"turn {n}'s doorway"


def _compare(sheet: Sheet, st: _State) -> list[Problem]:
    problems: list[Problem] = []
    diffs = 0
    for c in range(CELLS):
        want_m, got_m = st.marks[c], sheet.marks[c]
        if want_m in CAFE_LETTERS and got_m in CAFE_LETTERS:
            want_m = got_m  # cafeteria letters may be swapped; the pairs are compared below
        if (want_m, st.walls[c], st.doors[c]) != (got_m, sheet.walls[c], sheet.doors[c]):
            diffs += 1
            if diffs <= 8:
                log_tok = token(want_m, st.walls[c], st.doors[c])
                sheet_tok = token(got_m, sheet.walls[c], sheet.doors[c])
                who = f" ({st.owner[c]})" if st.owner[c] else " (no turn drew here)"
                problems.append(Problem(
                    where(c),
                    f"the log leaves '{log_tok}' here{who} but the sheet shows '{sheet_tok}' (tiles are drawn as the "
                    "chart shows them, never rotated)",
                    "log", sheet.line_of(c),
                ))
    if diffs > 8:
        problems.append(Problem("sheet", f"{diffs - 8} more spaces differ from the log", "log"))
    if diffs == 0:
        typed = {frozenset(_bits(m)) for _, m in cafeterias(sheet)}
        replayed = {frozenset(p) for p in st.cafes}
        if typed != replayed:
            problems.append(Problem("sheet", "the cafeterias' spaces pair up differently from the log", "log"))
    if (st.gained, st.spent) != (sheet.gained, sheet.spent):
        problems.append(Problem(
            "coins", f"the log gains {st.gained} and spends {st.spent} coins; the sheet says gained {sheet.gained}, "
            f"spent {sheet.spent}", "log",
        ))
    return problems


def check(sheet: Sheet, chart: Chart, schedule: Any | None) -> list[Problem]:
    problems = check_sheet(sheet, chart)
    if sheet.log is not None:
        problems += replay(sheet, chart, schedule)
    return problems


def evaluate(sheet: Sheet, chart: Chart, schedule: Any | None) -> Evaluation:
    """Every broken rule of the sheet (its log against ``schedule`` too, when both are given) and its
    score."""
    return Evaluation(tuple(check(sheet, chart, schedule)), score(sheet, chart))


__all__ = ["bonus_problem", "cafeteria_problem", "check", "customers_path", "earns_bonus", "evaluate", "is_empty", "replay_state",
           "tile_cells", "tile_problem", "find_tiling", "replay", "score", "side_letters", "with_display", "LogTurn"]

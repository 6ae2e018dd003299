"""The Long Way's rules found the plain way, held to the production ones by the property tests.

The customers' path: walls turned into four masks of open moves space by space, each leg a layered
walk, a space's best way in picked among its neighbours one by one.  The production scorer
(``rollwrite.games.long_way.rules.customers_path``) builds the same route faster: the same legs, order,
reason, score and ``dag``.  Only the typed-in sheet (``format``) and the tiles' placements (``data``)
come from rollwrite: what each space weighs, the legs and the route are written here.

The parts of the check of a finished sheet's tiles: the placements that suit the sheet tried one by one
against its marks and walls (``fitting``), the exact tiling settled space by space in reading order
with a table of every partial tiling at each space (``exact_tiling``), the cafeterias and the bound on
bonuses read mark by mark.  With these in place of the production parts, ``rules.find_tiling`` and
``rules.check_sheet`` find the same tiling (the same placements, or the same stuck space, or the same
giving up) and the same problems.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any

from rollwrite.games.long_way.data import SIZE, Placement, PlacementIndex
from rollwrite.games.long_way.format import CAFE_LETTERS, Sheet, cell_name, edge_sides


@dataclass(frozen=True)
class Leg:
    """One leg of the route: from a stop to the next, the spaces walked (both ends included), its value
    (displays passed minus empty spaces crossed) and those two counts."""

    start: str
    end: str
    path: tuple[int, ...]
    value: int
    displays: int
    empties: int


@dataclass
class PathResult:
    """The route: its score, its legs, why there is none (or None), the stops in order, and ``dag``: the
    spaces on some shortest path of every leg weighed."""

    total: int
    legs: tuple[Leg, ...]
    reason: str | None
    order: tuple[str, ...]
    dag: int = 0


def weights(sheet: Sheet) -> list[int]:
    """What each space adds to a leg walked through it: +1 a display (a die's face), -1 an empty space
    (no mark and no wall), 0 anything else."""
    return [1 if mark in "123456" else -1 if mark == "." and not walls else 0
            for mark, walls in zip(sheet.marks, sheet.walls)]


def unchained(chain: Any, index: PlacementIndex) -> list[Placement]:
    """The placements of a chain ``(placement number, the chain before it)``, first placed first."""
    chosen: list[Placement] = []
    while chain is not None:
        number, chain = chain
        chosen.append(index.plist[number])
    return chosen[::-1]

N, E, S, W = 1, 2, 4, 8
CELLS = SIZE * SIZE
ALL = (1 << CELLS) - 1
_COL0 = sum(1 << (r * SIZE) for r in range(SIZE))
_COL6 = _COL0 << (SIZE - 1)
_ROW0 = (1 << SIZE) - 1
_ROW6 = _ROW0 << (SIZE * (SIZE - 1))


def _cells(mask: int) -> list[int]:
    """The spaces of ``mask`` in reading order."""
    return [c for c in range(CELLS) if mask >> c & 1]


class Moves:
    """Which moves between neighbouring spaces are open, as bit masks of the spaces they start from."""

    __slots__ = ("n", "e", "s", "w")

    def __init__(self, walls: tuple[int, ...] | list[int], doors: tuple[int, ...] | list[int]) -> None:
        sn = se = ss = sw = 0
        for i in range(CELLS):
            solid = walls[i] & ~doors[i]
            if solid:
                b = 1 << i
                if solid & N:
                    sn |= b
                if solid & E:
                    se |= b
                if solid & S:
                    ss |= b
                if solid & W:
                    sw |= b
        # a move is blocked by the wall of the space it leaves or the facing wall of the space it enters
        self.n = ALL & ~_ROW0 & ~sn & ~(ss << SIZE)
        self.s = ALL & ~_ROW6 & ~ss & ~(sn >> SIZE)
        self.e = ALL & ~_COL6 & ~se & ~(sw >> 1)
        self.w = ALL & ~_COL0 & ~sw & ~(se << 1)

    def step(self, f: int) -> int:
        return ((f & self.n) >> SIZE) | ((f & self.s) << SIZE) | ((f & self.e) << 1) | ((f & self.w) >> 1)

    def back(self, g: int) -> int:
        """The spaces with an open move into ``g``."""
        return (self.n & (g << SIZE)) | (self.s & (g >> SIZE)) | (self.e & (g >> 1)) | (self.w & (g << 1))


def distance(moves: Moves, src: int, tgt: int) -> int | None:
    """Fewest steps from any space of ``src`` to any of ``tgt`` (masks), or None."""
    seen = f = src
    d = 0
    while not f & tgt:
        f = moves.step(f) & ~seen
        if not f:
            return None
        seen |= f
        d += 1
    return d



#: for each space, its neighbours in the order a leg's step into it is looked for (from the south,
#: the north, the west, the east), -1 at the outer wall
_PRED_ORDER = [(v + SIZE if v + SIZE < CELLS else -1, v - SIZE, v - 1 if v % SIZE else -1,
                v + 1 if v % SIZE < SIZE - 1 else -1) for v in range(CELLS)]


def best_leg(moves: Moves, src: int, tgt: int, weight: list[int]) -> tuple[tuple[int, ...], int, int] | None:
    """The best-scoring path among the shortest ones from ``src`` to ``tgt`` (masks), its score, and the
    mask of the spaces on any shortest path (what the score can depend on); among equal scores, the
    step into a space comes from its first neighbour in _PRED_ORDER, and the path ends on the
    lowest-numbered space."""
    layers = [src]
    seen = f = src
    while not f & tgt:
        f = moves.step(f) & ~seen
        if not f:
            return None
        seen |= f
        layers.append(f)
    on = [0] * len(layers)
    on[-1] = f & tgt
    for k in range(len(layers) - 2, -1, -1):
        on[k] = layers[k] & moves.back(on[k + 1])
    best = [0] * CELLS
    prev = [-1] * CELLS
    dag = 0
    for layer in on:
        dag |= layer
    for c in _cells(on[0]):
        best[c] = weight[c]
    for k in range(1, len(on)):
        lp = on[k - 1]
        # the spaces of the layer before that can step north, south, east, west
        mn, ms, me, mw = lp & moves.n, lp & moves.s, lp & moves.e, lp & moves.w
        for v in _cells(on[k]):
            below, above, left, right = _PRED_ORDER[v]
            arg = -1
            if below >= 0 and mn >> below & 1:
                arg = below
            if above >= 0 and ms >> above & 1 and (arg < 0 or best[above] > best[arg]):
                arg = above
            if left >= 0 and me >> left & 1 and (arg < 0 or best[left] > best[arg]):
                arg = left
            if right >= 0 and mw >> right & 1 and (arg < 0 or best[right] > best[arg]):
                arg = right
            best[v] = best[arg] + weight[v]
            prev[v] = arg
    ends = _cells(on[-1])
    end = ends[0]
    for c in ends:
        if best[c] > best[end]:
            end = c
    path = [end]
    while prev[path[-1]] >= 0:
        path.append(prev[path[-1]])
    path.reverse()
    return tuple(path), best[end], dag


def _gate_open(sheet: Sheet, gate) -> bool:
    side = gate.side & edge_sides(gate.cell)
    return not (side and sheet.walls[gate.cell] & side & ~sheet.doors[gate.cell])


def customers_path(sheet: Sheet) -> PathResult:
    """The customers' route: entrance -> nearer cafeteria -> other cafeteria -> exit, each leg a
    shortest path; among equally short routes (and equally near cafeterias) the best-scoring one."""
    moves = Moves(sheet.walls, sheet.doors)
    weight = weights(sheet)
    ent, ext = sheet.entrance, sheet.exit
    if not _gate_open(sheet, ent):
        return PathResult(0, (), f"a wall without a doorway closes the entrance ({cell_name(ent.cell)})", ())
    if not _gate_open(sheet, ext):
        return PathResult(0, (), f"a wall without a doorway closes the exit ({cell_name(ext.cell)})", ())
    cafes = cafeterias(sheet)
    stops = [("entrance", 1 << ent.cell)] + [(f"cafeteria {l}", m) for l, m in cafes]
    exit_stop = ("exit", 1 << ext.cell)
    dist: dict[tuple[int, int], int | None] = {}

    def d(a: int, b: int) -> int | None:
        key = (a, b)
        if key not in dist:
            dist[key] = distance(moves, stops[a][1], stops[b][1])
        return dist[key]

    legs_cache: dict[tuple[int, int], Leg | None] = {}
    dag = [0]

    def leg(a: int, b: int) -> Leg | None:
        key = (a, b)
        if key not in legs_cache:
            target = exit_stop if b < 0 else stops[b]
            found = best_leg(moves, stops[a][1], target[1], weight)
            if found is None:
                legs_cache[key] = None
            else:
                path, value, on = found
                dag[0] |= on
                disp = sum(1 for c in path if weight[c] > 0)
                emp = sum(1 for c in path if weight[c] < 0)
                legs_cache[key] = Leg(stops[a][0], target[0], path, value, disp, emp)
        return legs_cache[key]

    k = len(cafes)
    best: PathResult | None = None
    reason = None
    for order in permutations(range(1, k + 1)):
        # keep only the orders in which every next cafeteria is a nearest one
        here, ok, remaining = 0, True, set(order)
        for nxt in order:
            dn = d(here, nxt)
            near = [d(here, o) for o in remaining]
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
        here = 0
        for nxt in list(order) + [-1]:
            lg = leg(here, nxt)
            if lg is None:
                reason = reason or f"the exit cannot be reached from the {stops[here][0]}"
                break
            legs.append(lg)
            here = nxt
        if lg is None:  # a leg that cannot be walked
            continue
        total = sum(lg.value for lg in legs)
        if best is None or total > best.total:
            best = PathResult(total, tuple(legs), None, tuple(stops[i][0] for i in order))
    if best is None:
        return PathResult(0, (), reason or "the exit cannot be reached", (), dag[0])
    best.dag = dag[0]
    return best


# ---------------------------------------------------------------- the tiling and the bound on bonuses


def cafeterias(sheet: Sheet) -> list[tuple[str, int]]:
    """(letter, mask of its spaces) for each cafeteria letter on the sheet, in letter order."""
    found: dict[str, int] = {}
    for i, m in enumerate(sheet.marks):
        if m in CAFE_LETTERS:
            found[m] = found.get(m, 0) | (1 << i)
    return sorted(found.items())


def suits(sheet: Sheet, p: Placement) -> bool:
    """A placement may lie where it does: each wall-less tile space on a dot or a display, each walled
    one on a display or an unmarked space with at least the tile's walls, none on a cafeteria, and
    exactly one display on it, showing the furniture of one of the tile's two dice."""
    displays = 0
    for cell, walls in p.walls_at:
        mark = sheet.marks[cell]
        if mark in CAFE_LETTERS:
            return False
        if mark in "123456":
            displays += 1
            if int(mark) not in (p.tile.light, p.tile.dark):
                return False
        if walls == 0 and mark not in "o123456":
            return False
        if walls and (mark == "o" or walls & ~sheet.walls[cell]):
            return False
    return displays == 1


def fitting(sheet: Sheet, index: PlacementIndex) -> tuple[int, int, int, int, int]:
    """The placements that suit the sheet (by number), and the spaces with a dot, a display, a cafeteria
    and walls, as bit masks."""
    fits = 0
    for j, p in enumerate(index.plist):
        if suits(sheet, p):
            fits |= 1 << j
    dot = disp = cafe = walled = 0
    for i, (m, w) in enumerate(zip(sheet.marks, sheet.walls)):
        dot |= (m == "o") << i
        disp |= (m in "123456") << i
        cafe |= (m in CAFE_LETTERS) << i
        walled |= (w != 0) << i
    return fits, dot, disp, cafe, walled


def exact_tiling(must: int, fits: int, index: PlacementIndex, limit: int) -> tuple[int, list[Placement] | None] | None:
    """A tiling by ``fits`` that covers every space of ``must``: (0, its placements); (0, None) when
    there is none; None when it gave up (more than ``limit`` partial tilings at once).  Every space of
    ``must`` is settled in reading order: a partial tiling is kept as the spaces after it that it
    covers; one that covers the space passes it, one that does not lays each placement anchored there
    (most walls first) that misses what it covers."""
    anchored: dict[int, list[int]] = {}  # the placements of ``fits`` by their anchor, most walls first
    for j in range(len(index.plist) - 1, -1, -1):
        if fits >> j & 1:
            anchored.setdefault(index.plist[j].anchor, []).append(j)
    states: dict[int, Any] = {0: None}
    for i in range(SIZE * SIZE):
        if not must >> i & 1:
            continue
        bit = 1 << i
        nxt: dict[int, Any] = {}
        for cov, chain in states.items():
            if cov & bit:
                nxt[cov ^ bit] = chain
                continue
            for j in anchored.get(i, []):
                tail = index.plist[j].mask & ~bit
                if not tail & cov:
                    nxt[cov | tail] = (j, chain)
        if not nxt:
            return 0, None
        if len(nxt) > limit:
            return None
        states = nxt
    return 0, unchained(next(iter(states.values())), index)


def bonus_bound(sheet: Sheet) -> int:
    """The most bonuses the sheet's displays can have earned: in each group of touching displays of one
    furniture with no cafeteria beside any of them, all but the first one placed."""
    cafe = {i for i, m in enumerate(sheet.marks) if m in CAFE_LETTERS}

    def near(a: int, b: int) -> bool:
        return abs(a - b) == SIZE or (abs(a - b) == 1 and a // SIZE == b // SIZE)

    bound = 0
    for face in "123456":
        left = {i for i, m in enumerate(sheet.marks) if m == face}
        bound += len(left)
        while left:
            group = {min(left)}
            todo = list(group)
            while todo:
                a = todo.pop()
                for b in [b for b in left if near(a, b) and b not in group]:
                    group.add(b)
                    todo.append(b)
            left -= group
            if not any(near(a, c) for a in group for c in cafe):
                bound -= 1
    return bound

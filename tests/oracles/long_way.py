"""The Long Way's customers' path found the plain way: walls turned into four masks of open moves space
by space, each leg a layered walk, a space's best way in picked among its neighbours one by one.

The production scorer (``rollwrite.games.long_way.rules.customers_path``) builds the same route faster;
the property tests hold it to this one: the same legs, order, reason, score and ``dag``.  (Which
spaces are cafeterias and what each space weighs are read by the rules' own ``cafeterias`` and
``weights``.)
"""

from __future__ import annotations

from itertools import permutations

from rollwrite.games.long_way.data import SIZE
from rollwrite.games.long_way.format import Sheet, cell_name, edge_sides
from rollwrite.games.long_way.rules import Leg, PathResult, cafeterias, weights

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

"""Wobbly Café as a puzzle: every pair of a floor is known, so a floor is an assignment problem.

A floor of 2n spaces has n mirror slot pairs and n rolled pairs; each roll goes to one slot pair, in
either order.  :func:`solve_floor` finds the best floor in these steps:

1. an upper bound from counting alone: a paying group of value v needs v dice of value v, so value v
   pays at most ``v * (count_v // v)``; a nice view can double at most the groups that touch it;
2. a few short local-search restarts (swaps and turns of whole pairs, deterministic for a given
   floor); on about a third of the floors of a year of dailies they reach the counting bound at once;
3. when they miss it, branch and bound over the slot pairs in reading order asks for the bound
   itself.  The bound of a partial floor is the counting bound tightened by what the floor already
   spoils (a group grown past its value, a closed group of the wrong size), kept up to date as pairs
   are placed.  Among children of equal bound, those that leave the most dice free to join a paying
   group go first.  Also: memo of the rows already filled (the same remaining rolls and the same
   last row give the same future), identical rolls taken once, and the floor's mirror symmetry
   broken by fixing the order of the first pair whose two dice differ.  When a whole search ends
   without reaching the bound, that bound is ruled out and the search asks for one less.  It is
   quick on about half of the floors the restarts miss;
4. a floor still open after ``NODE_BUDGET`` nodes goes to a SAT solver (a :class:`FloorQuestion`, in
   :func:`settle`), asked for one point more than the best floor so far: a yes comes with a better
   floor (par rises to its score, and it is proven when that is the bound), a no proves par.  The
   questions climb from par rather than come down from the bound: on the floors where the bound
   cannot be reached, a question for a score just above the optimum is the one "no" that must be
   proven either way, and each "no" above it cost about as many conflicts again (the hard floors
   of 2027 need from 25,000 to well over 100,000 conflicts for that one "no"), while the "yes"
   answers below it come in a few thousand;
5. a floor still open after that gets one more question of its own that starts its guesses afresh
   (:func:`settle_afresh`): a question that starts from the best floor so far tends to stay near it
   (2027-09-28 floor 1: 46 after 28,000 conflicts, where a fresh one finds 48 in 14,000);
6. in a puzzle, floors still open after that get a few long anneals (:func:`anneal_more`), which
   prove nothing but sometimes find a better floor than the questions had when they stopped (on
   2027-09-28 floor 1: 46, where the questions stop at 45).

The search counts nodes and the SAT solver conflicts, never seconds, so the same floor gets the same
answer on every machine.  When the budgets run out the best sheet found is kept with the honest
statement "par >= N, no sheet beats M", M being the lowest bound not ruled out (by the search; the
SAT questions rule out only the score just above par, which proves it).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import permutations, product

from rollwrite.games.base import Puzzle
from rollwrite.games.wobbly_cafe.data import SIDES, CafeData
from rollwrite.games.wobbly_cafe.format import CafeSheet

Floor = tuple[tuple[int | None, ...], ...]
Pair = tuple[int, int]

#: search nodes one floor may use before the SAT solver takes over (a node is one child's bound)
NODE_BUDGET = 30_000
#: search nodes one puzzle may use over all its floors
PUZZLE_NODES = 75_000
#: SAT conflicts one floor may use, and one puzzle over its floors (see :func:`settle_floors`); nearly
#: all of it goes to a floor when the others need little, as on the hardest days of 2027 (2027-01-12,
#: 2027-10-11: 27,500 and 31,000 conflicts for their hard floor, 30,100 and 34,000 in all)
CONFLICTS = 35_000
PUZZLE_CONFLICTS = 35_000
#: SAT conflicts each open floor of a puzzle may use in the first round (see :func:`settle_floors`)
FIRST_CONFLICTS = 10_000
#: local-search moves per restart, and restarts (the search stops as soon as it reaches the bound)
LOCAL_MOVES = 10_000
LOCAL_RESTARTS = 3
#: SAT conflicts a floor still open after the shared rounds gets in one more question, one that starts
#: its guesses afresh rather than from the best floor so far (see :func:`settle_afresh`)
FRESH_CONFLICTS = 15_000
#: the SAT solver python-sat runs for :class:`FloorQuestion`
SOLVER = "cadical195"
#: long anneals (each its own seed) one puzzle runs on the floors the searches leave open, in turn:
#: they do not prove anything, but find better floors than the searches had when they stopped
PUZZLE_LONG_RUNS = 2
#: moves of a long anneal per slot pair (30,800 on the usual floor of 22, about 0.2 s)
LONG_MOVES_PER_PAIR = 1_400


@dataclass(frozen=True)
class FloorResult:
    """The best floor found for a set of rolls.

    ``par`` is the score of ``floor``; ``bound`` is a score no floor can beat; ``proven`` is True
    exactly when ``par == bound``: a floor reached the bound, or the searches ruled out every score
    above par.
    """

    floor: Floor
    par: int
    bound: int
    proven: bool
    nodes: int
    conflicts: int = 0  # SAT conflicts
    anneals: int = 0  # long anneals run after the searches

    def to_json(self) -> dict:
        return {"par": self.par, "bound": self.bound, "proven": self.proven, "nodes": self.nodes,
                "conflicts": self.conflicts}


class _Geometry:
    """Cells, neighbours, nice views and slot pairs of a floor, as small integer tables."""

    def __init__(self, data: CafeData) -> None:
        self.data = data
        self.cells: list[tuple[int, int]] = []  # (row, space k) in reading order
        index: dict[tuple[int, int], int] = {}  # grid place -> cell
        for r, cols in enumerate(data.rows):
            for k, c in enumerate(cols):
                index[(r, c)] = len(self.cells)
                self.cells.append((r, k))
        self.n = len(self.cells)
        self.nbrs: list[tuple[int, ...]] = []
        for r, cols in enumerate(data.rows):
            for c in cols:
                self.nbrs.append(tuple(index[p] for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if p in index))
        self.nice = frozenset(index[p] for p in data.nice)
        self.slots: list[tuple[int, int]] = []  # (left cell, right cell), row by row, outer pair first
        self.slot_row: list[int] = []
        self.mirror = list(range(self.n))  # space -> the space across the middle line
        base = 0
        for r, cols in enumerate(data.rows):
            m = len(cols)
            for k in range(m // 2):
                self.slots.append((base + k, base + m - 1 - k))
                self.mirror[base + k], self.mirror[base + m - 1 - k] = base + m - 1 - k, base + k
                self.slot_row.append(r)
            base += m
        # the slot after which each row is complete
        self.row_end = {i for i in range(len(self.slots)) if i + 1 == len(self.slots) or self.slot_row[i + 1] != self.slot_row[i]}
        self.row_cells: list[list[int]] = []
        base = 0
        for cols in data.rows:
            self.row_cells.append(list(range(base, base + len(cols))))
            base += len(cols)
        self.cell_row = [r for r, _ in self.cells]
        # turning every pair round mirrors the floor; that keeps the score only if the views are mirrored too
        self.nice_slots = [i for i, (x, y) in enumerate(self.slots) if x in self.nice or y in self.nice]
        self.mirrored = all((r, data.width - 1 - c) in data.nice for r, c in data.nice)
        self.connected: dict[int, list[tuple[int, ...]]] = {}  # size -> connected_sets(self, size)

    def to_floor(self, val: list[int]) -> Floor:
        out: list[list[int | None]] = [[None] * len(cols) for cols in self.data.rows]
        for i, (r, k) in enumerate(self.cells):
            out[r][k] = val[i] or None
        return tuple(tuple(row) for row in out)


@lru_cache(maxsize=16)
def geometry(data: CafeData) -> _Geometry:
    """The tables of a floor shape, made once (nothing changes them but the sets they cache)."""
    return _Geometry(data)


def score_values(g: _Geometry, val: list[int]) -> int:
    """The floor's tips for cell values ``val`` (0 = empty), as the rules score them."""
    seen = [False] * g.n
    total = 0
    nbrs, nice = g.nbrs, g.nice
    for s in range(g.n):
        v = val[s]
        if not v or seen[s]:
            continue
        seen[s] = True
        stack = [s]
        size = 0
        doubled = False
        while stack:
            x = stack.pop()
            size += 1
            if x in nice:
                doubled = True
            for y in nbrs[x]:
                if not seen[y] and val[y] == v:
                    seen[y] = True
                    stack.append(y)
        if size == v:
            total += v * (2 if doubled else 1)
    return total


def _pair_bonus(a: int, b: int, avail, both: bool) -> int:
    """The most a roll (a, b) at a slot pair with one or two nice views can add by doubling, when
    ``avail[v]`` dice of value v can still join groups: a value doubles only groups it can pay."""
    pa = a if avail[a] >= a else 0
    pb = b if avail[b] >= b else 0
    if not both:
        return max(pa, pb)
    if a == b:  # two views doubling two groups of the same value need two such groups
        return a * min(2, avail[a] // a)
    return pa + pb


def count_bound(g: _Geometry, rolls: list[Pair]) -> int:
    """No floor with these rolls scores more: per value, as many exact groups as its count allows,
    plus the best doubling the nice views could give (each nice view's slot pair holds one roll)."""
    counts = Counter(d for pair in rolls for d in pair)
    base = sum(v * (counts[v] // v) for v in range(1, SIDES + 1))

    bonus = 0
    for slot in g.nice_slots:
        x, y = g.slots[slot]
        both = x in g.nice and y in g.nice
        bonus += max((_pair_bonus(a, b, counts, both)) for a, b in rolls)
    return base + bonus


# ---------------------------------------------------------------- local search


def _fill(g: _Geometry, order: list[Pair]) -> list[int]:
    val = [0] * g.n
    for (a, b), (x, y) in zip(order, g.slots):
        val[x], val[y] = a, b
    return val


class _Local:
    """Tips of the groups a move can change: those holding a changed cell or a neighbour of one
    with the changed cell's old or new value."""

    def __init__(self, g: _Geometry) -> None:
        self.g = g
        self.mark = [0] * g.n
        self.stamp = 0

    def starts(self, val: list[int], changes: list[tuple[int, int, int]]) -> list[int]:
        """(cell, old, new) changes -> the cells whose groups can change."""
        nbrs = self.g.nbrs
        out = []
        for x, old, new in changes:
            out.append(x)
            for y in nbrs[x]:
                w = val[y]
                if w == old or w == new:
                    out.append(y)
        return out

    def tips(self, val: list[int], starts: list[int]) -> int:
        self.stamp += 1
        stamp, mark, nbrs, nice = self.stamp, self.mark, self.g.nbrs, self.g.nice
        total = 0
        for s in starts:
            if mark[s] == stamp:
                continue
            v = val[s]
            mark[s] = stamp
            stack = [s]
            size = 0
            doubled = False
            while stack:
                x = stack.pop()
                size += 1
                if x in nice:
                    doubled = True
                for y in nbrs[x]:
                    if mark[y] != stamp and val[y] == v:
                        mark[y] = stamp
                        stack.append(y)
            if size == v:
                total += v + v if doubled else v
        return total


def local_search(g: _Geometry, rolls: list[Pair], seed: int, target: int,
                 moves: int | None = None, restarts: int | None = None) -> tuple[list[int], int]:
    """A good floor by annealing over swaps and turns of whole pairs, each move scored by the groups
    it touches; stops early at ``target``."""
    moves = LOCAL_MOVES if moves is None else moves
    restarts = LOCAL_RESTARTS if restarts is None else restarts
    rng = random.Random(seed)
    loc = _Local(g)
    best_val: list[int] = []
    best = -1
    ns = len(g.slots)
    slots = g.slots
    exp = math.exp
    rand, randrange = rng.random, rng.randrange
    for _ in range(max(1, restarts)):
        order = list(rolls)
        rng.shuffle(order)
        order = [(a, b) if rand() < 0.5 else (b, a) for a, b in order]
        val = _fill(g, order)
        cur = score_values(g, val)
        if cur > best:
            best, best_val = cur, val[:]
            if best >= target:
                return best_val, best
        for step in range(moves):
            temp = 2.5 * (1 - step / moves) + 0.15
            i = randrange(ns)
            xi, yi = slots[i]
            a, b = val[xi], val[yi]
            if rand() < 0.25:
                if a == b:
                    continue
                changes = [(xi, a, b), (yi, b, a)]
                cells = loc.starts(val, changes)
                before = loc.tips(val, cells)
                val[xi], val[yi] = b, a
                delta = loc.tips(val, cells) - before
                if delta >= 0 or rand() < exp(delta / temp):
                    cur += delta
                else:
                    val[xi], val[yi] = a, b
            else:
                j = randrange(ns)
                if j == i:
                    continue
                xj, yj = slots[j]
                c, d = val[xj], val[yj]
                if rand() < 0.5:
                    na, nb, nc, nd = c, d, a, b
                else:
                    na, nb, nc, nd = d, c, b, a
                if na == a and nb == b:
                    continue
                changes = [(xi, a, na), (yi, b, nb), (xj, c, nc), (yj, d, nd)]
                cells = loc.starts(val, changes)
                before = loc.tips(val, cells)
                val[xi], val[yi], val[xj], val[yj] = na, nb, nc, nd
                delta = loc.tips(val, cells) - before
                if delta >= 0 or rand() < exp(delta / temp):
                    cur += delta
                else:
                    val[xi], val[yi], val[xj], val[yj] = a, b, c, d
            if cur > best:
                best, best_val = cur, val[:]
                if best >= target:
                    return best_val, best
    return best_val, best


# ---------------------------------------------------------------- branch and bound


class _Abort(Exception):
    pass


class _Found(Exception):
    pass


class _Search:
    """Branch and bound over the slot pairs in reading order.

    The bound of a partial floor is kept up to date as pairs are placed: the score of the groups
    already closed, the dice each value can still gather (those left in the rolls and the spaces of
    open groups no larger than their value), and what the nice views can still double.  Placing a
    pair changes only the groups around its two spaces, so each child's bound costs a few small
    flood fills; the children are then tried best bound first.  ``bound`` recomputes the same figure
    from scratch (the tests hold the two together)."""

    def __init__(self, g: _Geometry, rolls: list[Pair], incumbent: list[int], best: int, budget: int,
                 memo: dict[tuple, int] | None = None) -> None:
        self.g = g
        self.types = sorted(set(rolls))
        self.left = [sum(1 for r in rolls if r == t) for t in self.types]
        self.best = best  # the pruning threshold: only floors scoring more are looked for
        self.best_score = best  # the score of best_val
        self.best_val = incumbent[:]
        self.budget = budget
        self.nodes = 0
        self.rank = list(range(len(self.types)))  # the order of tries among children of equal promise
        self.val = [0] * g.n
        self.memo: dict[tuple, int] = {} if memo is None else memo  # facts about the rolls: a later search may reuse them
        self.assigned = [False] * g.n
        # the running figures of the bound
        self.rem = [0] * (SIDES + 1)  # dice of each value still in the rolls
        for a, b in rolls:
            self.rem[a] += 1
            self.rem[b] += 1
        self.open = [0] * (SIDES + 1)  # spaces of open groups no larger than their value
        self.closed = 0  # tips of the closed groups
        self.open_nice = 0  # what the nice views of open groups could double
        self.mark = [0] * g.n
        self.stamp = 0
        # the assigned neighbours each slot's spaces have when the search reaches it (reading order)
        self.around = []
        for i, (x, y) in enumerate(g.slots):
            before = {c for s in g.slots[:i] for c in s}
            self.around.append(sorted({n for c in (x, y) for n in g.nbrs[c] if n in before}))
        # the neighbours of each slot's spaces still empty once the slot is placed, as bit masks
        self.free = []
        for i, (x, y) in enumerate(g.slots):
            done = {c for s in g.slots[:i + 1] for c in s}
            self.free.append({c: sum(1 << n for n in g.nbrs[c] if n not in done) for c in (x, y)})

    def groups(self, starts: list[int]) -> tuple[int, int, list[int]]:
        """(closed tips, open nice bonus, open spaces per value) of the groups holding ``starts``, each
        group counted once."""
        self.stamp += 1
        stamp, mark, val, assigned = self.stamp, self.mark, self.val, self.assigned
        nbrs, nice = self.g.nbrs, self.g.nice
        closed = bonus = 0
        open_ = [0] * (SIDES + 1)
        for s in starts:
            if mark[s] == stamp:
                continue
            v = val[s]
            mark[s] = stamp
            stack = [s]
            size = 0
            doubled = is_open = False
            while stack:
                c = stack.pop()
                size += 1
                if c in nice:
                    doubled = True
                for n in nbrs[c]:
                    if not assigned[n]:
                        is_open = True
                    elif mark[n] != stamp and val[n] == v:
                        mark[n] = stamp
                        stack.append(n)
            if size > v:
                continue
            if is_open:
                open_[v] += size
                if doubled:
                    bonus += v
            elif size == v:
                closed += v + v if doubled else v
        return closed, bonus, open_

    def near(self, starts: list[int], x: int, y: int) -> list[tuple[int, int, bool, int, bool, bool]]:
        """The groups holding ``starts``, each once, as (value, size, nice, its open neighbours other
        than x and y as a bit mask, whether x is one, whether y is one)."""
        self.stamp += 1
        stamp, mark, val, assigned = self.stamp, self.mark, self.val, self.assigned
        nbrs, nice = self.g.nbrs, self.g.nice
        xbit, ybit = 1 << x, 1 << y
        out = []
        for s in starts:
            if mark[s] == stamp:
                continue
            v = val[s]
            mark[s] = stamp
            stack = [s]
            size = 0
            doubled = False
            opens = 0
            while stack:
                c = stack.pop()
                size += 1
                if c in nice:
                    doubled = True
                for n in nbrs[c]:
                    if not assigned[n]:
                        opens |= 1 << n
                    elif mark[n] != stamp and val[n] == v:
                        mark[n] = stamp
                        stack.append(n)
            out.append((v, size, doubled, opens & ~(xbit | ybit), bool(opens & xbit), bool(opens & ybit)))
        return out

    def upper(self, closed: int, bonus: int, avail: list[int], slot: int) -> int:
        """The bound from the running figures, before slot ``slot`` is placed."""
        ub = closed + bonus + avail[1]
        for v in range(2, SIDES + 1):
            ub += avail[v] - avail[v] % v
        g = self.g
        for s in g.nice_slots:
            if s < slot:
                continue
            x, y = g.slots[s]
            both = x in g.nice and y in g.nice
            extra = 0
            for t, n in zip(self.types, self.left):
                if n:
                    extra = max(extra, _pair_bonus(t[0], t[1], avail, both))
            ub += extra
        return ub

    def bound(self, slot: int) -> tuple[int, int]:
        """(closed score, upper bound on the whole floor) of the partial floor whose first ``slot``
        slot pairs are placed, worked out from scratch."""
        g = self.g
        starts = [c for c in range(g.n) if self.assigned[c]]
        closed, bonus, open_ = self.groups(starts)
        avail = [r + o for r, o in zip(self.rem, open_)]
        return closed, self.upper(closed, bonus, avail, slot)

    def run(self, stop_at: int) -> bool:
        """Search for a floor beating ``self.best``; stop at the first reaching ``stop_at`` (a bound).
        False when the node budget ran out first."""
        self.stop_at = stop_at
        closed, ub = self.bound(0)
        self.closed, self.open_nice, self.open = closed, 0, [0] * (SIDES + 1)
        if ub <= self.best:
            return True
        try:
            self.dfs(0, False)
        except _Found:
            return True
        except _Abort:
            return False
        return True

    def key(self, slot: int, flipped: bool) -> tuple:
        """What the future depends on once a row is complete: remaining rolls, the last row's values
        and how its cells are joined to groups above (size, nice), and the symmetry flag."""
        g, val = self.g, self.val
        row = g.slot_row[slot]
        sig = []
        for c in g.row_cells[row]:
            v = val[c]
            # the group of c among assigned cells: its size (capped past v) and whether it is doubled
            seen = {c}
            stack = [c]
            size = 0
            doubled = False
            while stack and size <= v:
                x = stack.pop()
                size += 1
                if x in g.nice:
                    doubled = True
                for y in g.nbrs[x]:
                    if y not in seen and self.assigned[y] and val[y] == v:
                        seen.add(y)
                        stack.append(y)
            sig.append((v, min(size, v + 1), doubled, min(seen)))
        return (row, tuple(self.left), tuple(sig), flipped)

    def dfs(self, slot: int, flipped: bool) -> None:
        g = self.g
        if slot == len(g.slots):
            score = score_values(g, self.val)
            if score > self.best:
                self.best, self.best_score, self.best_val = score, score, self.val[:]
                if score >= self.stop_at:
                    raise _Found
            return
        closed = self.closed
        key = None
        if slot > 0 and (slot - 1) in g.row_end:
            key = self.key(slot - 1, flipped)
            known = self.memo.get(key)
            if known is not None and closed + known <= self.best:
                return
            entry_best = self.best
        x, y = g.slots[slot]
        val, rem, open_now = self.val, self.rem, self.open
        # the groups around the pair before it is placed; each child only merges some of them with its
        # two spaces and closes those whose last open neighbours the pair fills
        near = self.near(self.around[slot], x, y)
        c0, b0, o0 = _tally(near)
        self.assigned[x] = self.assigned[y] = True
        nice_open = self.open_nice
        kids = self.kids(slot, flipped, near, c0, b0, o0)
        for nub, _, _, _, i, p, q, cl, bo, o1 in kids:
            if -nub <= self.best:
                break
            op = [o - d + e for o, d, e in zip(open_now, o0, o1)]
            a, b = self.types[i]
            self.left[i] -= 1
            rem[a] -= 1
            rem[b] -= 1
            val[x], val[y] = p, q
            self.closed, self.open_nice, self.open = cl, bo, op
            self.dfs(slot + 1, flipped or a != b)
            rem[a] += 1
            rem[b] += 1
            self.left[i] += 1
        self.closed, self.open_nice, self.open = closed, nice_open, open_now
        val[x] = val[y] = 0
        self.assigned[x] = self.assigned[y] = False
        if key is not None:
            # the future from this state is at most what was found here, or short of what was needed
            found = self.best - closed if self.best > entry_best else -1
            self.memo[key] = max(found, entry_best - closed)

    def kids(self, slot: int, flipped: bool, near: list, c0: int, b0: int, o0: list[int]) -> list[tuple]:
        """The children of slot ``slot`` that may beat ``self.best``, sorted best bound first (then the
        fewest wasted dice), each as (-bound, -slack, rank, turned, roll kind, p, q, closed, nice
        bonus, open spaces per value)."""
        g = self.g
        x, y = g.slots[slot]
        val, rem = self.val, self.rem
        free = self.free[slot]
        pair = (free[x], free[y], x in g.nice, y in g.nice, y in g.nbrs[x])
        closed, nice_open = self.closed, self.open_nice
        base = [r + o - d for r, o, d in zip(rem, self.open, o0)]
        kids = []
        for i, (a, b) in enumerate(self.types):
            if not self.left[i]:
                continue
            self.left[i] -= 1  # as the child has it: the bound from scratch reads these
            base[a] -= 1
            base[b] -= 1
            rem[a] -= 1
            rem[b] -= 1
            ways = ((a, b),) if a == b else (((a, b),) if not flipped and g.mirrored else ((a, b), (b, a)))
            for p, q in ways:
                self.nodes += 1
                if self.nodes > self.budget:
                    raise _Abort
                val[x], val[y] = p, q
                c1, b1, o1 = _child(near, pair, p, q)
                cl = closed + c1 - c0
                bo = nice_open + b1 - b0
                avail = [r + o for r, o in zip(base, o1)]
                ub = self.upper(cl, bo, avail, slot + 1)
                if ub > self.best:
                    # among children of the same bound, those that waste the fewest dice first
                    slack = 0
                    for v in range(2, SIDES + 1):
                        slack += avail[v] % v
                    kids.append((-ub, -slack, self.rank[i], p != a, i, p, q, cl, bo, o1))
            base[a] += 1
            base[b] += 1
            rem[a] += 1
            rem[b] += 1
            self.left[i] += 1
        kids.sort(key=lambda k: k[:5])  # rank and orientation make the order total
        return kids


def _tally(near: list) -> tuple[int, int, list[int]]:
    """(closed tips, nice bonus of open groups, open spaces per value) of the groups ``near`` a pair
    before it is placed."""
    c0 = b0 = 0
    o0 = [0] * (SIDES + 1)
    for v, size, doubled, opens, tx, ty in near:
        if size <= v:
            if opens or tx or ty:
                o0[v] += size
                if doubled:
                    b0 += v
            elif size == v:
                c0 += v + v if doubled else v
    return c0, b0, o0


def _child(near: list, pair: tuple, p: int, q: int) -> tuple[int, int, list[int]]:
    """(closed tips, nice bonus of open groups, open spaces per value) of the groups ``near`` a slot
    pair once it holds p and q; ``pair`` is (its left space's free neighbours, the right one's, left
    nice, right nice, the two side by side)."""
    xo, yo, x_nice, y_nice, adj = pair
    sx, dx, ox, sy, dy, oy = 1, x_nice, xo, 1, y_nice, yo
    joined = adj and p == q
    c1 = b1 = 0
    o1 = [0] * (SIDES + 1)
    for v, size, doubled, opens, tx, ty in near:
        if tx and v == p:
            sx += size
            dx = dx or doubled
            ox |= opens
            if ty and v == q:
                joined = True
        elif ty and v == q:
            sy += size
            dy = dy or doubled
            oy |= opens
        elif size <= v:
            if opens:
                o1[v] += size
                if doubled:
                    b1 += v
            elif size == v:
                c1 += v + v if doubled else v
    if joined:
        sx, dx, ox, sy = sx + sy, dx or dy, ox | oy, 0
    for size, doubled, opens, v in ((sx, dx, ox, p), (sy, dy, oy, q)):
        if size and size <= v:
            if opens:
                o1[v] += size
                if doubled:
                    b1 += v
            elif size == v:
                c1 += v + v if doubled else v
    return c1, b1, o1


# ---------------------------------------------------------------- the SAT question

def connected_sets(g, size: int) -> list[tuple[int, ...]]:
    """Every set of ``size`` spaces joined through shared sides, each once, as sorted tuples in
    sorted order (cached on the geometry)."""
    cache = g.connected
    if size not in cache:
        level = {frozenset([c]) for c in range(g.n)}
        for _ in range(size - 1):
            level = {s | {y} for s in level for c in s for y in g.nbrs[c] if y not in s}
        cache[size] = sorted(tuple(sorted(s)) for s in level)
    return cache[size]


class FloorQuestion:
    """A floor's rolls as a yes-or-no question for a SAT solver: can they score at least T?
    ``ask(T, conflicts)`` answers True (``values()`` gives such a floor), False (none exists) or None
    (the conflicts ran out first).

    The question is put as clauses over these variables:

    - ``val[c, v]``: space c holds value v (at most one value a space);
    - ``x[s, t]``: slot pair s holds a roll of kind t, exactly one kind a slot pair, and exactly as many
      slot pairs of kind t as there are such rolls; ``o[s]``: the roll at s is turned round.  A roll
      (a, b) at slot pair (left, right) puts a left and b right, or b left and a right when turned;
    - how many spaces hold each value (the rolls imply it, but the solver does better told outright);
    - ``y[S]``: the set S of v joined spaces is a paying group of value v.  It needs v on every space of S
      and no v on any space beside S, so S is then the whole group: a group of exactly v spaces.  A set
      holding both spaces of more slot pairs than there are rolls (v, v) has no y: it could never
      hold v on all its spaces (of the 3,966 sets of six spaces, 1,784 hold no slot pair whole and
      3,332 at most one);
    - per value, a running count of its spaces outside every paying group: paying groups share no
      space and each has v spaces, so ``at least j`` groups pay exactly when at most count - v j are
      outside (see :meth:`_paying`); and per nice view, how much its paying group is worth
      (``at least u``);
    - a running count of the *shortfall*: what the floor falls short of the most each count could give.
      Asking for at least T is the assumption that the shortfall stays at most (that most) - T, so one
      set of clauses answers every T, and what the solver learns for one T helps with the next.

    Every sheet scoring at least T satisfies the clauses (its paying groups give the y's) and every
    solution is a sheet scoring at least T (its y's are real paying groups, each counted once), so an
    answer "no" is a proof.  Turning every roll of a floor round mirrors it and keeps its score (the
    views are mirrored too), so the first slot pair's roll is not turned: that halves the search.

    The solver is CaDiCaL through python-sat, limited by a count of conflicts (never by seconds), so the
    same floor gets the same answer on every machine.
    """

    def __init__(self, g, rolls: list[tuple[int, int]]) -> None:
        # python-sat is imported only when a floor is hard enough to need it: most puzzles never do
        from pysat.solvers import Solver

        self.g = g
        rolls = [(min(a, b), max(a, b)) for a, b in rolls]
        counts = Counter(d for pair in rolls for d in pair)
        values = [v for v in range(1, SIDES + 1) if counts[v]]
        self.top = 0
        self.clauses: list[list[int]] = []
        self.val = {(c, v): self._new() for c in range(g.n) for v in values}
        for c in range(g.n):
            lits = [self.val[c, v] for v in values]
            for i, p in enumerate(lits):
                for q in lits[i + 1:]:
                    self.clauses.append([-p, -q])
        self.rolls = rolls
        self._slots(rolls)
        for v in values:  # implied by the rolls, but it helps the solver to know it outright
            self._equals([self.val[c, v] for c in range(g.n)], counts[v])
        terms = self._groups(values, counts)
        self.most = sum(t[0] for t in terms)
        self.short = self._shortfall(terms, self._new, self.clauses.append)
        self.solver = Solver(name=SOLVER, bootstrap_with=self.clauses)
        self.clauses = []
        self.conflicts = 0

    def _new(self) -> int:
        self.top += 1
        return self.top

    def _equals(self, lits: list[int], k: int) -> None:
        from pysat.card import CardEnc, EncType  # deferred, as in __init__

        enc = CardEnc.equals(lits, k, top_id=self.top, encoding=EncType.seqcounter)
        self.top = max(self.top, enc.nv)
        self.clauses.extend(enc.clauses)

    def _slots(self, rolls: list[Pair]) -> None:
        """Which kind of roll each slot pair holds (as many of each kind as there are such rolls), and
        which way round."""
        g, val, add = self.g, self.val, self.clauses.append
        kinds = sorted(Counter(rolls).items())
        slot_of_kind: dict[tuple[int, int], list[int]] = {t: [] for t, _ in kinds}
        for s, (left, right) in enumerate(g.slots):
            turned = self._new()
            if s == 0 and g.mirrored:
                add([-turned])
            here = []
            for t, _ in kinds:
                x = self._new()
                here.append(x)
                slot_of_kind[t].append(x)
                a, b = t
                if a == b:
                    add([-x, val[left, a]])
                    add([-x, val[right, a]])
                else:
                    add([-x, turned, val[left, a]])
                    add([-x, turned, val[right, b]])
                    add([-x, -turned, val[left, b]])
                    add([-x, -turned, val[right, a]])
            self._equals(here, 1)
        for t, n in kinds:
            self._equals(slot_of_kind[t], n)

    def _groups(self, values: list[int], counts: Counter) -> list[tuple[int, dict[int, int], int]]:
        """The paying groups, counted per value, and the nice view each one doubles, as the terms of
        the shortfall: (most, {worth: "at least worth"}, step)."""
        g, val, add, new = self.g, self.val, self.clauses.append, self._new
        nice = sorted(g.nice)
        doubling: dict[tuple[int, int], list[int]] = {}
        terms: list[tuple[int, dict[int, int], int]] = []
        most = {v: counts[v] // v for v in values}
        doubles = Counter(a for a, b in self.rolls if a == b)
        for v in values:
            if not most[v]:
                continue
            groups = []
            holding: dict[int, list[int]] = {c: [] for c in range(g.n)}  # the groups each space is in
            for cells in connected_sets(g, v):
                if sum(1 for c in cells if g.mirror[c] > c and g.mirror[c] in cells) > doubles[v]:
                    continue  # each slot pair wholly inside holds a roll (v, v): there are not that many
                y = new()
                groups.append(y)
                inside = set(cells)
                for c in cells:
                    add([-y, val[c, v]])
                    holding[c].append(y)
                for n in sorted({n for c in cells for n in g.nbrs[c]} - inside):
                    add([-y, -val[n, v]])
                for i, c in enumerate(nice):
                    if c in inside:  # a group with two views is doubled once: it counts at the first
                        doubling.setdefault((i, v), []).append(y)
                        break
            at_least = self._paying(v, counts[v], holding)
            terms.append((v * most[v], {v * j: lit for j, lit in at_least.items()}, v))
        for i in range(len(nice)):
            worth = {v: new() for v in values if (i, v) in doubling}
            for v, h in worth.items():
                add([-h] + doubling[i, v])
            if worth:
                best = max(worth)
                ge = {}
                for u in range(1, best + 1):
                    ge[u] = new()
                    add([-ge[u]] + [h for v, h in worth.items() if v >= u])
                terms.append((best, ge, 1))
        return terms

    def _paying(self, v: int, count: int, holding: dict[int, list[int]]) -> dict[int, int]:
        """{j: a literal true only when at least j groups of value v pay}, for j up to what the v's allow.

        Paying groups never share a space and each has v spaces, so j of them pay exactly when at
        most ``count`` - v j spaces hold a v in no paying group: the literal is "at most that many
        are", counted over the floor's spaces.  A count of groups would do, but only by counting, which
        a SAT solver does badly; this way the solver sees at once, for instance, that when every v must
        pay each v needs a paying group around it (and the count runs over spaces, not groups)."""
        val, add, new = self.val, self.clauses.append, self._new
        outside = []  # "space c holds a v in no paying group" (or is taken to)
        for c in range(self.g.n):
            if holding[c]:
                outside.append(new())
                add([-val[c, v], outside[-1]] + holding[c])
            else:
                outside.append(val[c, v])
        more = self._count(outside, count - v + 1, new, add)  # {m: "at least m are"}
        return {j: -more[count - v * j + 1] for j in range(1, count // v + 1)}

    @staticmethod
    def _count(lits: list[int], most: int, new, add) -> dict[int, int]:
        """A running count of the true ``lits``: {j: a literal true exactly when at least j are},
        for j up to ``most`` (a sequential counter, with clauses both ways)."""
        prev: dict[int, int] = {}
        for y in lits:
            cur: dict[int, int] = {}
            for j in range(1, most + 1):
                a = prev.get(j)  # at least j before y
                b = prev.get(j - 1) if j > 1 else True  # at least j - 1 before y
                if a is None and b is None:
                    continue
                n = cur[j] = new()
                or_before = [] if a is None else [a]
                if a is not None:
                    add([-a, n])
                if b is True:
                    add([-y, n])
                    add([-n, y] + or_before)
                elif b is None:
                    add([-n, a])
                else:
                    add([-y, -b, n])
                    add([-n, y] + or_before)
                    add([-n, b] + or_before)
            prev = cur
        return prev

    def _shortfall(self, terms, new, add) -> dict[int, int]:
        """{j: a literal forced true when the terms fall at least j short of their most}."""
        cap = self.most + 1
        prev: dict[int, int] = {}
        for most, ge, step in terms:
            cur: dict[int, int] = {}

            def at(j: int) -> int:
                j = min(j, cap)
                if j not in cur:
                    cur[j] = new()
                return cur[j]

            for j, lit in prev.items():
                add([-lit, at(j)])
            for m in range(step, most + 1, step):
                # this term is at least m short exactly when it is not worth most - m + step
                short = -ge[most - m + step]
                add([-short, at(m)])
                for j, lit in prev.items():
                    add([-short, -lit, at(j + m)])
            ks = sorted(cur)
            for a, b in zip(ks, ks[1:]):
                add([-cur[b], cur[a]])
            prev = cur
        return prev

    def prefer(self, values: list[int]) -> None:
        """Start the solver's guesses from this floor (cell values): it finds floors near it first."""
        self.solver.set_phases([lit if values[c] == v else -lit for (c, v), lit in self.val.items()])

    def ask(self, target: int, conflicts: int):
        """True, False or None (out of conflicts) for "a floor scoring at least ``target``"."""
        if target > self.most:
            return False
        # the shortfall may be at most most - target: assume the first count past it stays false
        past = [j for j in self.short if j > self.most - target]
        limit = self.short[min(past)] if past else None
        before = self.solver.accum_stats().get("conflicts", 0)
        self.solver.conf_budget(max(1, conflicts))
        answer = self.solver.solve_limited(assumptions=[-limit] if limit else [])
        self.conflicts += self.solver.accum_stats().get("conflicts", 0) - before
        return answer

    def values(self) -> list[int]:
        """The cell values of the last floor found."""
        model = self.solver.get_model()
        true = {lit for lit in model if lit > 0}
        out = [0] * self.g.n
        for (c, v), lit in self.val.items():
            if lit in true:
                out[c] = v
        return out

    def close(self) -> None:
        self.solver.delete()


def solve_floor(data: CafeData, rolls: list[Pair], *, budget: int | None = None, conflicts: int | None = None,
                seed: int = 0, moves: int | None = None) -> FloorResult:
    """The best floor for ``rolls`` (one pair per mirror slot pair), proven when a search finishes.

    Short local-search restarts first, then the branch and bound (at most ``budget`` nodes) asking
    for the bound itself and, each time it proves that the bound cannot be reached, for one less;
    a floor still open then goes to :func:`settle` with ``conflicts`` SAT conflicts."""
    budget = NODE_BUDGET if budget is None else budget
    conflicts = CONFLICTS if conflicts is None else conflicts
    g = geometry(data)
    if len(rolls) != len(g.slots):
        raise ValueError(f"a floor of {len(g.slots)} mirror pairs needs {len(g.slots)} rolls, not {len(rolls)}")
    rolls = [(min(a, b), max(a, b)) for a, b in rolls]
    top = count_bound(g, rolls)
    val, best = local_search(g, rolls, seed, top, moves)
    nodes = 0
    if best < top and budget > 0:
        search = _Search(g, rolls, val, best, budget)
        while top > best:
            search.best = top - 1  # ask for `top`: anything less is pruned at once
            finished = search.run(top)
            if search.best_score >= top:
                val, best = search.best_val, search.best_score
            elif finished:
                top -= 1  # the whole search ran and found nothing reaching `top`
                continue
            break
        nodes = min(search.nodes, budget)
    result = FloorResult(g.to_floor(val), best, top, best >= top, nodes)
    return settle(data, rolls, result, conflicts) if conflicts > 0 and not result.proven else result


def settle(data: CafeData, rolls: list[Pair], result: FloorResult, conflicts: int,
           question: FloorQuestion | None = None) -> FloorResult:
    """``result`` after asking a SAT solver (a :class:`FloorQuestion`) for a floor one point better than
    par, again and again, until the question has used ``conflicts`` conflicts in all: each yes raises
    par to the score of the floor it gives (proven when that reaches the bound), a no proves par (the
    bound comes down to it).  A new question starts its guesses
    from ``result``'s floor and is closed at the end; a ``question`` passed in (for these rolls,
    asked before by this function) goes on from what it learned and is left open."""
    if result.proven or conflicts <= 0:
        return result
    g = geometry(data)
    floor, par, top = result.floor, result.par, result.bound
    own = question is None
    if question is None:
        question = FloorQuestion(g, [(min(a, b), max(a, b)) for a, b in rolls])
        question.prefer([v or 0 for row in floor for v in row])
    try:
        while par < top and question.conflicts < conflicts:
            answer = question.ask(par + 1, conflicts - question.conflicts)
            if answer is None:
                break
            if answer:
                val = question.values()
                score = score_values(g, val)
                if not par < score <= top:  # a floor beating the bound, or one short of the target, is a fault
                    raise AssertionError(f"the SAT floor scores {score}: asked for {par + 1}, the bound is {top}")
                par, floor = score, g.to_floor(val)
                question.prefer(val)  # the next question starts its guesses from this floor
            else:
                top = par
    finally:
        if own:
            question.close()
    return replace(result, floor=floor, par=par, bound=top, proven=par >= top, conflicts=question.conflicts)


def settle_floors(data: CafeData, rolls: list[list[Pair]], results: list[FloorResult]) -> list[FloorResult]:
    """A puzzle's floors after :func:`settle`, the open ones sharing ``PUZZLE_CONFLICTS`` conflicts in
    two rounds: first each an even share of at most ``FIRST_CONFLICTS`` (most floors need far fewer),
    then those still open an even share of what is left (at most ``CONFLICTS`` a floor in all), each
    question going on from what it learned in the first round: the budget goes where floors are still
    open, and a day with one hard floor gives it nearly all."""
    results = list(results)
    questions: dict[int, FloorQuestion] = {}
    left = PUZZLE_CONFLICTS
    try:
        for cap in (FIRST_CONFLICTS, CONFLICTS):
            still = [f for f, r in enumerate(results) if not r.proven]
            for k, f in enumerate(still):
                share = min(cap - results[f].conflicts, left // (len(still) - k))
                if share <= 0:
                    continue
                if f not in questions:
                    questions[f] = FloorQuestion(geometry(data), [(min(a, b), max(a, b)) for a, b in rolls[f]])
                    questions[f].prefer([v or 0 for row in results[f].floor for v in row])
                before = results[f].conflicts
                results[f] = settle(data, rolls[f], results[f], before + share, questions[f])
                left -= results[f].conflicts - before
    finally:
        for question in questions.values():
            question.close()
    return results


def settle_afresh(data: CafeData, rolls: list[Pair], result: FloorResult,
                  conflicts: int | None = None) -> FloorResult:
    """``result`` after :func:`settle` with a question of its own that starts its guesses afresh (the
    solver's default phases), not from the best floor so far.  A question that starts from a floor
    tends to stay near it: on 2027-09-28 floor 1 the shared rounds, starting from a floor of 45, found
    46 after 28,000 conflicts, where a fresh question finds 46, then 48, in 14,000.  It can only raise
    par (or prove it); the conflicts (``FRESH_CONFLICTS`` by default) are added to the floor's count."""
    conflicts = FRESH_CONFLICTS if conflicts is None else conflicts
    if result.proven or conflicts <= 0:
        return result
    question = FloorQuestion(geometry(data), [(min(a, b), max(a, b)) for a, b in rolls])
    try:
        after = settle(data, rolls, result, conflicts, question)
    finally:
        question.close()
    return replace(after, conflicts=result.conflicts + question.conflicts)


def anneal_more(data: CafeData, rolls: list[Pair], result: FloorResult, seed: int) -> FloorResult:
    """``result`` after one more long anneal (seeded by ``seed`` and the anneals run before): proven
    when it reaches the bound the searches left."""
    g = geometry(data)
    rolls = [(min(a, b), max(a, b)) for a, b in rolls]
    val, best = local_search(g, rolls, seed * 7 + result.anneals + 1, result.bound,
                             LONG_MOVES_PER_PAIR * len(g.slots), 1)
    if best > result.par:
        result = replace(result, floor=g.to_floor(val), par=best, proven=best >= result.bound)
    return replace(result, anneals=result.anneals + 1)


def brute_force(data: CafeData, rolls: list[Pair]) -> int:
    """The best floor score by trying every order and turn of the rolls (for tests on tiny floors)."""

    g = geometry(data)
    rolls = [(min(a, b), max(a, b)) for a, b in rolls]
    best = -1
    for perm in set(permutations(rolls)):
        for turns in product((False, True), repeat=len(perm)):
            order = [(b, a) if t else (a, b) for (a, b), t in zip(perm, turns)]
            best = max(best, score_values(g, _fill(g, order)))
    return best


def floor_rolls(schedule, floor: int) -> list[Pair]:
    """The rolls of floor ``floor`` (1-based) in turn order."""
    return [(t.dice[0], t.dice[1]) for t in schedule.group(floor)]


def make_puzzle(data: CafeData, challenge: str, schedule, *, budget: int | None = None):
    """The café puzzle of a challenge: every floor solved, par the sum of the floors' pars.

    The floors share ``PUZZLE_NODES`` search nodes and then ``PUZZLE_CONFLICTS`` SAT conflicts (in two
    rounds, :func:`settle_floors`); a floor still open then gets ``FRESH_CONFLICTS`` more in a question
    of its own (:func:`settle_afresh`), so a puzzle whose floors are all hard still comes out in bounded
    time; floors still open after that share ``PUZZLE_LONG_RUNS`` long anneals."""

    nodes = PUZZLE_NODES
    base = int.from_bytes(challenge.encode("utf-8")[-8:].rjust(8, b"\0"), "big") * 31
    seeds = [base + f for f in range(1, data.floors + 1)]
    results, rolls = [], []
    for f, seed in enumerate(seeds, start=1):
        rolls.append(floor_rolls(schedule, f))
        result = solve_floor(data, rolls[-1], seed=seed, conflicts=0,
                             budget=min(NODE_BUDGET if budget is None else budget, nodes))
        nodes -= result.nodes
        results.append(result)
    results = settle_floors(data, rolls, results)
    results = [settle_afresh(data, rolls[f], r) for f, r in enumerate(results)]
    anneals = PUZZLE_LONG_RUNS
    while anneals > 0 and not all(r.proven for r in results):
        for f, result in enumerate(results):
            if anneals > 0 and not result.proven:
                results[f] = anneal_more(data, rolls[f], result, seeds[f])
                anneals -= 1
    floors = [r.floor for r in results]
    parts = [{"name": f"Floor {f}", **r.to_json()} for f, r in enumerate(results, start=1)]
    par = sum(p["par"] for p in parts)
    bound = sum(p["bound"] for p in parts)
    proven = all(p["proven"] for p in parts)
    return Puzzle(
        game="wobbly-cafe",
        challenge=challenge,
        prompt="Every pair of every floor is printed: plan all three floors for the most tips.",
        answer=CafeSheet(floors=tuple(floors), name="answer"),
        schedule=schedule,
        par=par,
        par_proven=proven,
        bound=bound,
        parts=parts,
    )

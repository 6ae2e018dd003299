"""Shelving Wars as a solo puzzle: one player, every roll known, a battlefield small enough that
packing matters.  :func:`solve` finds the best game by branch and bound.

Each turn the player builds a box whose height and width are two different dice of the roll, joined
to an earlier box (a shared corner and part of a side; the first box covers the corner square); the
game ends at the first roll that fits no box.  A box scores ``h × w − (h + w)`` wherever it stands,
so placement matters only for what still fits later.  The search:

- places boxes turn by turn; a box joined to an earlier one stands against one of its four sides,
  lined up with one of that side's two ends, so each earlier box offers at most eight places;
- bounds the rest of the game by a knapsack: the best boxes the remaining rolls can give whose areas
  fit in the free squares, allowed to stop at any turn (a later roll may only lower the total);
- tries the best sizes first, remembers positions already searched (the same set of boxes at the
  same turn), and takes the first box only with height ≤ width (the battlefield is symmetric about
  its diagonal through the corner, which turns height into width).

It counts nodes, never seconds: the same rolls give the same answer everywhere.  When the node
budget runs out the best game found is kept, with the bound no game can beat.
"""

from __future__ import annotations

from dataclasses import dataclass

NODE_BUDGET = 150_000

BoxT = tuple[int, int, int, int]  # row, col, h, w


def value(h: int, w: int) -> int:
    return h * w - h - w


def sizes(dice: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every (h, w) two different dice give, best first (then taller first, for a fixed order)."""
    out = {(dice[i], dice[j]) for i in range(len(dice)) for j in range(len(dice)) if i != j}
    return sorted(out, key=lambda hw: (-value(*hw), -hw[0], -hw[1]))


@dataclass(frozen=True)
class Solution:
    boxes: tuple[BoxT, ...]  # in turn order; fewer than the rolls when the game ended early
    score: int
    bound: int
    proven: bool
    nodes: int


class _Abort(Exception):
    pass


class _Search:
    def __init__(self, size: int, rolls: list[tuple[int, ...]], budget: int) -> None:
        self.size = size
        self.rolls = rolls
        self.options = [sizes(d) for d in rolls]
        # the most turns t.. can add with `cap` free squares left: a knapsack over their box sizes,
        # stopping allowed (a later roll may only lower the total); no game beats it
        area = size * size
        self.rest = [[0] * (area + 1) for _ in range(len(rolls) + 1)]
        for t in range(len(rolls) - 1, -1, -1):
            nxt, row = self.rest[t + 1], self.rest[t]
            for cap in range(area + 1):
                best = 0
                for h, w in self.options[t]:
                    if h * w <= cap:
                        best = max(best, value(h, w) + nxt[cap - h * w])
                row[cap] = best
        self.area = area
        self.budget = budget
        self.nodes = 0
        self.best = -10**9
        self.best_boxes: tuple[BoxT, ...] = ()
        self.memo: dict[tuple, int] = {}
        self._masks: dict[BoxT, int] = {}

    def mask(self, b: BoxT) -> int:
        m = self._masks.get(b)
        if m is None:
            r, c, h, w = b
            row = ((1 << w) - 1) << c
            m = 0
            for i in range(r, r + h):
                m |= row << (i * self.size)
            self._masks[b] = m
        return m

    def places(self, boxes: list[BoxT], used: int, h: int, w: int) -> list[BoxT]:
        n = self.size
        if not boxes:
            return [(0, 0, h, w)] if h <= n and w <= n else []
        out: list[BoxT] = []
        seen = set()
        for r, c, bh, bw in boxes:
            for cand in ((r, c + bw, h, w), (r + bh - h, c + bw, h, w),  # right
                         (r, c - w, h, w), (r + bh - h, c - w, h, w),  # left
                         (r + bh, c, h, w), (r + bh, c + bw - w, h, w),  # below
                         (r - h, c, h, w), (r - h, c + bw - w, h, w)):  # above
                cr, cc = cand[0], cand[1]
                if cr < 0 or cc < 0 or cr + h > n or cc + w > n or cand in seen:
                    continue
                seen.add(cand)
                if not used & self.mask(cand):
                    out.append(cand)
        # compact games first: nearer the corner
        out.sort(key=lambda b: (b[0] + b[1], b[0], b[1]))
        return out

    def run_all(self) -> None:
        self.dfs(0, [], 0, 0)

    def dfs(self, t: int, boxes: list[BoxT], used: int, score: int) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Abort
        if t == len(self.rolls):
            if score > self.best:
                self.best, self.best_boxes = score, tuple(boxes)
            return
        if score + self.rest[t][self.area - bin(used).count("1")] <= self.best:
            return
        key = (t, frozenset(boxes))
        known = self.memo.get(key)
        if known is not None and score + known <= self.best:
            return
        entry = self.best
        any_fits = False
        for h, w in self.options[t]:
            if t == 0 and h > w:
                continue  # the mirror image across the diagonal of the (w, h) first box
            for b in self.places(boxes, used, h, w):
                any_fits = True
                boxes.append(b)
                self.dfs(t + 1, boxes, used | self.mask(b), score + value(h, w))
                boxes.pop()
        if not any_fits and score > self.best:
            # no box fits this roll: the game ends here, as the rules say
            self.best, self.best_boxes = score, tuple(boxes)
        self.memo[key] = self.best - score if self.best > entry else entry - score


def solve(size: int, rolls: list[tuple[int, ...]], *, budget: int | None = None) -> Solution:
    """The best solo game on a ``size`` battlefield with these rolls (one per turn)."""
    s = _Search(size, rolls, NODE_BUDGET if budget is None else budget)
    bound = s.rest[0][size * size]
    try:
        s.run_all()
    except _Abort:
        return Solution(s.best_boxes, s.best, max(bound, s.best), False, s.nodes)
    return Solution(s.best_boxes, s.best, s.best, True, s.nodes)


PUZZLE_SIZE = 10


def make_puzzle(layout, challenge: str, schedule, options: dict):
    """The solo puzzle of a challenge: player 1's rolls on a small battlefield (``--size``, default 10)."""
    import dataclasses

    from rollwrite.games.base import Puzzle
    from rollwrite.games.shelving_wars.data import layout_data
    from rollwrite.games.shelving_wars.format import Box, Player, Sheet

    d = layout_data(layout)
    rolls = [t.dice for t in schedule.group(1)]
    result = solve(d.size, rolls)
    boxes = tuple(Box(r, c, h, w, rolls[i]) for i, (r, c, h, w) in enumerate(result.boxes))
    answer = Sheet(size=d.size, turns=d.turns, dice=d.dice, sides=d.sides, capture=False,
                   players=(Player("answer", boxes),))
    ended = len(boxes) < len(rolls)
    return Puzzle(
        game="shelving-wars",
        challenge=challenge,
        prompt=f"One player, {len(rolls)} known rolls, a {d.size} × {d.size} battlefield: build for the highest score.",
        answer=answer,
        schedule=schedule,
        par=result.score,
        par_proven=result.proven,
        bound=result.bound,
        parts=[],
        extra={"ended_after": len(boxes) if ended else None, "nodes": result.nodes},
    )


def puzzle_layout(layout, options: dict):
    """The layout of a solo puzzle: one player, the battlefield ``--size`` (default 10) squares a side."""
    import dataclasses

    from rollwrite.errors import UsageError
    from rollwrite.games.shelving_wars.data import MAX_SIZE, MIN_SIZE, dice_shape, layout_data

    d = layout_data(layout)
    size = options.get("size")
    if size is None:
        size = PUZZLE_SIZE
    if not MIN_SIZE <= size <= 12:
        raise UsageError(f"--size: a solo puzzle's battlefield is {MIN_SIZE} to 12 squares a side, not {size}",
                         hint="a small battlefield is what makes packing matter; 9 or 10 suit eight rolls")
    new = dataclasses.replace(d, size=size, players=1)
    out = dataclasses.replace(layout, data=new)
    if getattr(layout, "dice", None) is not None:
        out = dataclasses.replace(out, dice=dice_shape(layout.dice, new.dice, new.sides, new.turns, 1))
    return out

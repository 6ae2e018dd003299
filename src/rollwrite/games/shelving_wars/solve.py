"""Shelving Wars as a solo puzzle: one player, every roll known, a battlefield small enough that
packing matters.  :func:`solve` finds the best game by branch and bound.

Each turn the player builds a box whose height and width are two different dice of the roll, joined
to an earlier box (a shared corner and part of a side; the first box covers the corner square); the
game ends at the first roll that fits no box.  A box scores ``h × w − (h + w)`` wherever it stands,
so placement matters only for what still fits later.  The search:

- places boxes turn by turn; a box joined to an earlier one stands against one of its four sides,
  lined up with one of that side's two ends, so each earlier box offers at most eight places (kept
  as bit masks of top-left squares and crossed with where the box fits in the empty squares);
- a roll that fits must be built, even at a loss, so a turn is bounded by its best size that fits
  and the last turn is settled without searching further;
- bounds the rest of the game by a knapsack over the remaining rolls' sizes into the free squares,
  allowed to stop at any turn (a later roll may only lower the total), using only the sizes that
  still fit somewhere as an empty rectangle (space only shrinks, so a size that fits nowhere now
  never will, and a turn none of whose sizes fits ends the game there);
- tries the best sizes first, skips a size whose bound cannot beat the best game found, remembers
  positions already searched (the same set of boxes at the same turn), and takes the first box
  only with height ≤ width (the battlefield is symmetric about its diagonal through the corner,
  which turns height into width).

It counts nodes, never seconds: the same rolls give the same answer everywhere.  When the node
budget runs out the best game found is kept, with the bound no game can beat.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rollwrite.errors import UsageError
from rollwrite.games.base import Evaluation, Problem, Puzzle
from rollwrite.games.shelving_wars.data import MIN_SIZE, dice_shape, layout_data
from rollwrite.games.shelving_wars.format import Box, Player, Sheet
from rollwrite.games.shelving_wars.rules import evaluate

#: positions a search may expand: every daily of 2027 is proven within 154,000
NODE_BUDGET = 250_000

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
        self.size = n = size
        self.rolls = rolls
        self.options = [sizes(d) for d in rolls]
        self.area = n * n
        self.full = (1 << self.area) - 1
        # every box size any roll offers; each turn's sizes as bits of that list
        self.shapes = sorted({hw for opts in self.options for hw in opts})
        self.index = {hw: i for i, hw in enumerate(self.shapes)}
        self.turn_bits = [sum(1 << self.index[hw] for hw in opts) for opts in self.options]
        self.later_bits = [0] * (len(rolls) + 1)
        for t in range(len(rolls) - 1, -1, -1):
            self.later_bits[t] = self.later_bits[t + 1] | self.turn_bits[t]
        # the sizes by width: (width, bits of its sizes, [(height, index)] by height)
        self.by_width: list[tuple[int, int, list[tuple[int, int]]]] = []
        for w in sorted({w for _, w in self.shapes}):
            if w > n:
                continue
            column = sorted((h, self.index[(h, w)]) for h, ww in self.shapes if ww == w and h <= n)
            if column:
                self.by_width.append((w, sum(1 << i for _, i in column), column))
        # squares (as bits, row by row) where a run of w squares can start without leaving its row
        self.col_ok = [0] * (n + 1)
        for w in range(1, n + 1):
            self.col_ok[w] = sum(((1 << (n - w + 1)) - 1) << (r * n) for r in range(n))
        self.budget = budget
        self.nodes = 0
        self.best = -10**9
        self.best_boxes: tuple[BoxT, ...] = ()
        self.memo: dict[tuple, int] = {}
        self._masks: dict[BoxT, int] = {}
        self._joins: dict[tuple[BoxT, int, int], int] = {}
        self._rest: dict[tuple[int, int, int], int] = {}

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

    def joins(self, b: BoxT, h: int, w: int) -> int:
        """Where an h × w box may stand joined to box ``b`` (bits of its top-left square): against one
        of b's four sides, lined up with one of that side's two ends, inside the battlefield."""
        key = (b, h, w)
        m = self._joins.get(key)
        if m is None:
            n = self.size
            r, c, bh, bw = b
            m = 0
            for cr, cc in ((r, c + bw), (r + bh - h, c + bw), (r, c - w), (r + bh - h, c - w),
                           (r + bh, c), (r + bh, c + bw - w), (r - h, c), (r - h, c + bw - w)):
                if 0 <= cr and 0 <= cc and cr + h <= n and cc + w <= n:
                    m |= 1 << (cr * n + cc)
            self._joins[key] = m
        return m

    def fitting(self, used: int, t: int, could: int) -> tuple[int, list[int]]:
        """(the box sizes, as bits of ``shapes``, that turns t.. offer and that still fit somewhere
        in the empty squares; for each, the bits of the top-left squares where it fits).  Only the
        sizes in ``could`` are tried: space only ever shrinks, so a size that fitted nowhere before
        never fits later."""
        n = self.size
        free = self.full & ~used
        need = could & self.later_bits[t]
        fits = 0
        where = [0] * len(self.shapes)
        for w, bits, column in self.by_width:
            if not need & bits:
                continue
            f = free
            for k in range(1, w):
                f &= free >> k
            f &= self.col_ok[w]
            g, tall = f, 1
            for h, i in column:
                while tall < h and g:
                    g &= f >> (tall * n)
                    tall += 1
                if not g:
                    break
                if need >> i & 1:
                    fits |= 1 << i
                    where[i] = g
        return fits, where

    def rest(self, t: int, fits: int, cap: int) -> int:
        """The most turns t.. can add: a knapsack over the sizes that still fit into the ``cap``
        free squares, stopping allowed (a later roll may only lower the total); a turn none of
        whose sizes fits ends the game there.  No game beats it."""
        key = (t, fits, cap)
        got = self._rest.get(key)
        if got is not None:
            return got
        best = 0
        if t < len(self.rolls):
            allowed = self.turn_bits[t] & fits
            for i, (h, w) in enumerate(self.shapes):
                if allowed >> i & 1 and h * w <= cap:
                    best = max(best, value(h, w) + self.rest(t + 1, fits, cap - h * w))
        self._rest[key] = best
        return best

    def places(self, boxes: list[BoxT], where: list[int], h: int, w: int) -> list[BoxT]:
        """Every place an h × w box may stand this turn, in the order they are tried."""
        n = self.size
        free_at = where[self.index[(h, w)]]
        if not boxes:
            return [(0, 0, h, w)] if free_at & 1 else []
        at = 0
        for b in boxes:
            at |= self.joins(b, h, w)
        at &= free_at
        if not at:
            return []
        spots = []
        while at:
            low = at & -at
            spots.append(low.bit_length() - 1)
            at ^= low
        if len(spots) > 1:
            spots.sort(key=lambda i: (i // n + i % n, i))  # compact games first: nearer the corner
        return [(i // n, i % n, h, w) for i in spots]

    def bound(self, t: int, used: int) -> int:
        fits, _ = self.fitting(used, t, -1)
        return self.rest(t, fits, self.area - used.bit_count())

    def run_all(self) -> None:
        self.dfs(0, [], 0, 0, -1)

    def dfs(self, t: int, boxes: list[BoxT], used: int, score: int, could: int) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Abort
        if t == len(self.rolls):
            if score > self.best:
                self.best, self.best_boxes = score, tuple(boxes)
            return
        fits, where = self.fitting(used, t, could)
        cap = self.area - used.bit_count()
        if score + self.rest(t, fits, cap) <= self.best:
            return
        key = (t, frozenset(boxes))
        known = self.memo.get(key)
        if known is not None and score + known <= self.best:
            return
        entry = self.best
        # the sizes this roll can build here, each with its places; a roll that fits must be played
        moves = []
        for h, w in self.options[t]:
            if t == 0 and h > w:
                continue  # the mirror image across the diagonal of the (w, h) first box
            places = self.places(boxes, where, h, w)
            if places:
                moves.append((h, w, places, value(h, w) + self.rest(t + 1, fits, cap - h * w)))
        if not moves:
            # no box fits this roll: the game ends here, as the rules say
            if score > self.best:
                self.best, self.best_boxes = score, tuple(boxes)
        elif t + 1 == len(self.rolls):
            # the last turn: its best size ends the game wherever it stands
            h, w, places, gain = moves[0]
            if score + gain > self.best:
                self.best, self.best_boxes = score + gain, tuple(boxes) + (places[0],)
        else:
            for h, w, places, most in moves:
                if score + most <= self.best:
                    continue  # this size cannot lead past the best game found
                for b in places:
                    boxes.append(b)
                    self.dfs(t + 1, boxes, used | self.mask(b), score + value(h, w), fits)
                    boxes.pop()
        self.memo[key] = self.best - score if self.best > entry else entry - score


def solve(size: int, rolls: list[tuple[int, ...]], *, budget: int | None = None) -> Solution:
    """The best solo game on a ``size`` battlefield with these rolls (one per turn)."""
    s = _Search(size, rolls, NODE_BUDGET if budget is None else budget)
    bound = s.bound(0, 0)
    try:
        s.run_all()
    except _Abort:
        return Solution(s.best_boxes, s.best, max(bound, s.best), False, s.nodes)
    return Solution(s.best_boxes, s.best, s.best, True, s.nodes)


PUZZLE_SIZE = 10


def make_puzzle(layout, challenge: str, schedule, options: dict):
    """The solo puzzle of a challenge: player 1's rolls on a small battlefield (``--size``, default 10)."""

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




def evaluate_answer(puzzle: Puzzle, sheet: Sheet, data) -> Evaluation:  # noqa: ANN001 - the game's Data
    """A typed-in answer to a solo puzzle: the rules against the puzzle's dice, and the puzzle's own
    terms: one player, and no capture (alone on the battlefield, every empty square would be walled off)."""
    found = evaluate(sheet, data, puzzle.schedule)
    extra = []
    if len(sheet.players) != 1:
        extra.append(Problem("players", f"a solo puzzle's answer has one player; this sheet has {len(sheet.players)}",
                             "puzzle", sheet.players[1].line if len(sheet.players) > 1 else None))
    if sheet.capture:
        extra.append(Problem("capture", "a solo puzzle is played without capture: write 'capture: no'", "puzzle"))
    return dataclasses.replace(found, problems=tuple(found.problems) + tuple(extra)) if extra else found


def puzzle_layout(layout, options: dict):
    """The layout of a solo puzzle: one player, the battlefield ``--size`` (default 10) squares a side."""

    d = layout_data(layout)
    size = options.get("size")
    if size is None:
        size = PUZZLE_SIZE
    if not MIN_SIZE <= size <= 12:
        raise UsageError(f"--size: a solo puzzle's battlefield is {MIN_SIZE} to 12 squares a side, not {size}",
                         hint="a small battlefield is what makes packing matter; 9 or 10 suit eight rolls")
    new = dataclasses.replace(d, size=size, players=1)  # one player: the sheet's rules are a puzzle's
    out = dataclasses.replace(layout, data=new)
    if getattr(layout, "dice", None) is not None:
        out = dataclasses.replace(out, dice=dice_shape(layout.dice, new.dice, new.sides, new.turns, 1))
    return out

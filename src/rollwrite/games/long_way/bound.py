"""The Long Way puzzle's bound: a score no sheet of a dice schedule can beat, and why.

The bound has two parts: what the dice let a store hold (a count of its tiles, cafeterias and filled
spaces), and what the customers' route can make of that (how often a display can be passed).

**What the dice allow** (:func:`stores`).  Each turn the player draws the rolled tile, a cafeteria or
stops; before that she may reroll either die, a coin a reroll, the k-th reroll of a die taking the k-th
value of its printed reserve.  The light die alone fixes the tile's shape and so its size (the chart's
row), so with ``i`` coins spent on the light die the tile has the size of the light value after ``i``
rerolls; rerolls of the dark die change only walls, and only cost coins.  Coins start at none and come
only from bonuses, at most one bonus a tile, and only when its display touches a cafeteria or an
earlier display: the first tile of a store without a cafeteria earns none.  A bonus is two coins, a
wall or a doorway.  A bonus wall may be drawn on an empty space, which is then no longer empty (and
takes no tile later); tiles, cafeterias and such walls are all that fill spaces.  So every finished store has ``c`` cafeterias
(``2c`` spaces), ``t`` tiles and ``t`` displays (one a tile), and ``f`` filled spaces that are neither a
cafeteria nor a display (the tiles' other spaces and spaces filled by a bonus wall), with
``2c + t + f <= 49``; and the same sequence of sizes, rerolls and bonuses (each wall bonus filling a
space, each other bonus taken as coins, which can only allow more rerolls) is a path through the
states ``(c, t + f, t, coins)`` that :func:`stores` walks, turn by turn, keeping the most coins of each
``(c, t + f, t)``: more coins never forbid a move.  Where the tiles go is ignored (a tile that fits
nowhere is allowed if the spaces are there), so :func:`stores` holds every store a sheet can finish
with, and more.

**What the route makes of it** (:func:`route_bound`).  The route is one leg more than the cafeterias,
each leg a shortest path between its ends (the entrance, the nearer cafeteria, the other one, the
exit; a cafeteria's two spaces are one stop).  A leg is a path of distinct spaces, so it passes each
display at most once, and the score is the sum over the legs of the displays passed less the empty
spaces crossed.  A space's *multiplicity* is the number of legs through it.  Distances are in the
finished store (walls without a doorway closed, both sides alike), never shorter than on the open
grid, so the entrance and the exit, ``M`` steps apart on the open grid (the player draws them where she likes, so the puzzle takes
``M = 0``; between the searches' gates it is 9), are
at least ``M`` steps apart in any store.  Below, ``d(x, y)`` is that distance (to a cafeteria: to the
nearer of its spaces); between its ends a leg never passes a space of a cafeteria it joins (a
shortest path would stop at the first one it met).

- No cafeteria: one leg of at least ``M + 1`` spaces, each a display (at most ``t``), a filled space
  (at most ``f``) or an empty one (-1): the score is at most ``t - max(0, M + 1 - t - f)``.
- One cafeteria A: legs L1 = entrance -> A and L2 = A -> exit, of ``d1`` and ``d2`` steps.  (i) If no
  space but A's is on both, each display counts at most once, and the two legs hold ``d1 + d2`` spaces
  besides A's, at least ``M - 1`` (on the open grid the entrance, A's two side-by-side spaces and the
  exit are at most ``d1 + 1 + d2`` steps apart): at most ``t - max(0, M - 1 - t - f)``.  (ii) Otherwise
  a space x on both is at step ``j = d(A, x)`` of L2 and at step ``d1 - j`` of L1 (the rest of L1 is a
  shortest path from x to A).  Take the x with the largest ``j``, ``q``: the ``d1 - q`` spaces of L1
  before x and the ``d2 - q`` of L2 after it are on one leg only (one on both would lie further from A
  than ``q``), and there are ``d(entrance, x) + d(x, exit) >= M`` of them.  Every display counts at
  most twice, and each of those ``M`` or more spaces is a display counted once, a filled space, or an
  empty space costing a point: at most ``2t - max(0, M - f)``.
- Two cafeterias, A the nearer (``d(e, A) <= d(e, B)``, e the entrance): legs L1 = e -> A, L2 = A -> B
  and L3 = B -> exit.  A display counts at most three times, and three times only if it is on L1 and
  L2.  For a space x on L1 and L2, ``d(e, A) = d(e, x) + d(x, A)`` and ``d(e, B) <= d(e, x) + d(x, B)``
  give ``d(x, B) >= d(x, A)``.  Let ``q`` be the largest step ``d(A, x)`` along L2 of such an x: L2 is
  then at least ``2q`` steps long, and its ``q - 1`` or more spaces after step ``q`` and before B are
  on no step of L1.  The ``a`` displays counted three times are at distinct steps 1 to ``q`` of L2, so
  ``a <= q``, and each space after step ``q`` is a display other than those ``a`` (at most ``t - a``),
  a filled space (at most ``f``) or an empty one costing a point: so at least ``2a - 1 - t - f`` empty
  spaces, and a score of at most ``2t + a - max(0, 2a - 1 - t - f)``, which over ``0 <= a <= t`` is
  largest at ``a = min(t, (t + f + 1) // 2)``: at most ``2t + min(t, (t + f + 1) // 2)``.

Every finished store's counts are among :func:`stores` (above), so the largest of these bounds over
them, and 0 (a store the customers cannot cross scores 0), is a score no sheet beats.

What it leaves out: where the tiles fit and what walls they bring.  A display passed twice needs the
route to come back past it, and one passed three times a second long leg beside it; a store reaching
the bound would need corridors walled exactly where the chart's tiles put few walls.  The bound is
therefore far above what the searches find: 73 to 99 (a mean of 89.5) on the dailies of 2027, where
par is 1 to 29 and the plain count gave 114 every day.  Closing the gap needs the shape of the store
(the walls a long shortest path needs, and the tiles that bring them), which nothing here proves.
"""

from __future__ import annotations

from collections.abc import Sequence

from rollwrite.games.long_way.data import SIZE, Chart

CELLS = SIZE * SIZE
MAX_CAFES = 2

#: a turn's dice as the solver reads a schedule: ((light, dark), (light reserve, dark reserve))
Turn = tuple[tuple[int, int], tuple[tuple[int, ...], ...]]


def sizes(chart: Chart) -> dict[int, int]:
    """Spaces of the tile each light die face draws (the chart's row: its shape)."""
    return {light: chart.tile(light, 1).size for light in range(1, 7)}


def _size_costs(size_of: dict[int, int], turn: Turn) -> dict[int, int]:
    """Each tile size the turn can draw, and the fewest coins it costs (light die rerolls)."""
    (light, _), reserve = turn
    out: dict[int, int] = {}
    for cost, value in enumerate((light, *(reserve[0] if reserve else ()))):
        out.setdefault(size_of[value], cost)
    return out


def stores(chart: Chart, dice: Sequence[Turn]) -> set[tuple[int, int, int]]:
    """Every ``(cafeterias, filled spaces but cafeterias', tiles)`` a store of these dice can finish
    with, and some more (module docstring): a store filled ``t + f`` spaces, ``t`` of them displays."""
    size_of = sizes(chart)
    layer: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}  # (c, filled, tiles) -> most coins
    seen: set[tuple[int, int, int]] = {(0, 0, 0)}
    for turn in dice:
        costs = _size_costs(size_of, turn)
        nxt: dict[tuple[int, int, int], int] = {}

        def reach(key: tuple[int, int, int], coins: int) -> None:
            if nxt.get(key, -1) < coins:
                nxt[key] = coins

        for (c, filled, tiles), coins in layer.items():
            room = CELLS - 2 * c - filled
            if c < MAX_CAFES and room >= 2:
                reach((c + 1, filled, tiles), coins)
            earns = tiles > 0 or c > 0  # a bonus needs a cafeteria or an earlier display beside it
            for size, cost in costs.items():
                if cost > coins or size > room:
                    continue
                left = coins - cost
                reach((c, filled + size, tiles + 1), left + 2 if earns else left)
                if earns and size < room:  # the bonus a wall on an empty space
                    reach((c, filled + size + 1, tiles + 1), left)
        if not nxt:
            break
        seen.update(nxt)
        layer = nxt
    return seen


def route_bound(cafes: int, filled: int, tiles: int, apart: int) -> int:
    """The most a store of ``cafes`` cafeterias, ``tiles`` tiles and ``filled`` filled spaces besides
    the cafeterias' can score, with the entrance and exit ``apart`` steps apart on the open grid
    (module docstring)."""
    t, f = tiles, filled - tiles  # f: filled spaces that are no display
    if cafes == 0:
        return t - max(0, apart + 1 - t - f)
    if cafes == 1:
        apart_legs = t - max(0, apart - 1 - t - f)
        shared = 2 * t - max(0, apart - f)
        return max(apart_legs, shared)
    return 2 * t + min(t, (t + f + 1) // 2)


def score_bound(chart: Chart, dice: Sequence[Turn], entrance: int | None = None, exit: int | None = None) -> int:
    """A score no sheet of ``dice`` beats, the entrance and exit on spaces ``entrance`` and ``exit``;
    without them, wherever the player draws them (as the rules let her): the bound of gates 0 steps
    apart, the loosest, since a bound only grows as ``M`` falls."""
    apart = 0
    if entrance is not None and exit is not None:
        (er, ec), (xr, xc) = divmod(entrance, SIZE), divmod(exit, SIZE)
        apart = abs(er - xr) + abs(ec - xc)
    return max(0, max(route_bound(c, filled, t, apart) for c, filled, t in stores(chart, dice)))

"""The Long Way's chart data: the six furniture displays and the 6x6 tile chart.

The chart lives in layouts/long-way.yaml under ``data:``::

    data:
      displays:                       # one per die face, in face order
        - {face: 1, name: chair}
      tiles:                          # one entry per light die face, in order
        - light: 4
          shape: "##/#."              # rows split by '/', '#' a space of the tile, '.' none
          walls:                      # six layouts, dark die 1..6 in order
            - "o o/o ."               # per space: 'o' no wall, else its walled sides (N E S W)

A tile is never rotated.  Its *anchor* is its first space in reading order (top row, leftmost space):
a game log names where a tile went by the store space its anchor covers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property



from rollwrite.errors import InputError, did_you_mean
from rollwrite.layoutlang.nodes import Node, Reader, Scalar, Seq, expect_number

SIDES = "NESW"
N, E, S, W = 1, 2, 4, 8
BIT = {"N": N, "E": E, "S": S, "W": W}
OPPOSITE = {N: S, E: W, S: N, W: E}
SIZE = 7  # the store is 7 x 7 spaces
FACES = range(1, 7)


def side_letters(mask: int) -> str:
    """``N E S W`` letters of a wall mask, in that order."""
    return "".join(ch for ch in SIDES if mask & BIT[ch])


@dataclass(frozen=True)
class Display:
    face: int
    name: str


@dataclass(frozen=True)
class Tile:
    light: int
    dark: int
    shape: tuple[str, ...]  # rows of '#' and '.'
    cells: tuple[tuple[int, int], ...]  # (row, col) offsets from the anchor, reading order
    walls: tuple[int, ...]  # wall mask of each cell, same order

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def rows(self) -> int:
        return len(self.shape)

    @property
    def cols(self) -> int:
        return len(self.shape[0])

    def box_cells(self) -> list[tuple[int, int, int]]:
        """(row, col, walls) of each space inside the shape's bounding box (row/col from its corner)."""
        r0, c0 = self._corner()
        return [(r - r0, c - c0, w) for (r, c), w in zip(self.cells, self.walls)]

    def _corner(self) -> tuple[int, int]:
        # the anchor sits at (0, anchor column) of the bounding box
        first = self.shape[0].index("#")
        return (0, -first)

    def notation(self) -> str:
        """The chart notation of this tile's walls ("NW NS/EW .")."""
        by_pos = {(r, c): w for r, c, w in self.box_cells()}
        rows = []
        for r, line in enumerate(self.shape):
            rows.append(" ".join(
                (side_letters(by_pos[(r, c)]) or "o") if ch == "#" else "." for c, ch in enumerate(line)
            ))
        return "/".join(rows)


@dataclass(frozen=True)
class Chart:
    displays: tuple[Display, ...]  # index face-1
    tiles: tuple[tuple[Tile, ...], ...]  # tiles[light-1][dark-1]

    @cached_property
    def tables(self) -> ChartTables:
        """Every placement of the chart's tiles, made the first time the rules check a sheet of this
        chart and kept with it (printing a sheet never needs them)."""
        return chart_tables(self.all_tiles())

    def tile(self, light: int, dark: int) -> Tile:
        return self.tiles[light - 1][dark - 1]

    def display_name(self, face: int) -> str:
        return self.displays[face - 1].name if 1 <= face <= len(self.displays) else f"display {face}"

    def all_tiles(self) -> list[Tile]:
        return [t for row in self.tiles for t in row]


# ---------------------------------------------------------------- the placements the rules check against


@dataclass(frozen=True)
class Placement:
    tile: Tile
    anchor: int
    mask: int
    free: int  # spaces of the tile without walls
    wn: int
    we: int
    ws: int
    ww: int
    nwalls: int
    walls_at: tuple[tuple[int, int], ...] = ()  # (space, the tile's walls there)


# the code of a space for PlacementIndex.suits: the first code of its kind of mark plus its walls (0-15);
# a display's kind is its face's
CAFE_CODE, DOT_CODE, BARE_CODE = 0, 16, 32
DISPLAY_CODE = {face: 32 + 16 * face for face in FACES}  # 48 to 128: 144 codes in all
_POP = [bin(i).count("1") for i in range(16)]  # walls in a wall mask
CELLS = SIZE * SIZE


class PlacementIndex:
    """Every placement of the chart numbered once, and sets of placements as int bit masks over those
    numbers, so that finding the placements that suit a sheet is a few dozen mask operations.

    Numbers run from the most-walled placement (the highest number) down, ties in chart order, so
    reading a set's bits from the top gives the placements in the order the search that names a
    stuck space tries them."""

    __slots__ = ("plist", "cover", "suits", "more", "fewer", "anchored", "masks", "tails", "tail_cells", "nwalls")

    def __init__(self, ranked: list[Placement]) -> None:
        count = len(ranked)
        self.plist = ranked[::-1]  # plist[i]: placement number i
        self.anchored = [0] * CELLS  # placements by their anchor
        self.masks = [p.mask for p in self.plist]  # the spaces of each
        self.tails = [p.mask & ~(1 << p.anchor) for p in self.plist]  # the spaces after the anchor
        self.tail_cells = [tuple(c for c, _ in p.walls_at if c != p.anchor) for p in self.plist]
        self.nwalls = [p.nwalls for p in self.plist]
        everything = (1 << count) - 1
        # shows[f]: the placements whose tile may carry a display of face f (one of its two dice)
        shows = [0] * 7  # faces 1 to 6
        for i, p in enumerate(self.plist):
            for f in {p.tile.light, p.tile.dark}:
                shows[f] |= 1 << i
        self.cover = [0] * CELLS  # placements covering each space
        by_walls = [[0] * 16 for _ in range(CELLS)]  # [space][tile's walls there]: placements
        for i, p in enumerate(self.plist):
            b = 1 << i
            self.anchored[p.anchor] |= b
            for cell, w in p.walls_at:
                self.cover[cell] |= b
                by_walls[cell][w] |= b
        # suits[space][code]: the placements that may lie as they do on a space showing that (see
        # CAFE_CODE): not covering it, or covering it as the check of tiles allows (see find_tiling): on
        # a dot, with no walls there; on a display of a die of the tile, with no walls there or some of
        # the space's; on a space with no mark, with some of its walls; never on a cafeteria
        self.suits: list[list[int]] = []
        self.more: list[tuple[int, ...]] = []  # [space][k]: placements with more than k walls there
        self.fewer: list[tuple[int, ...]] = []  # [space][k]: placements with fewer than k walls there
        for cell in range(CELLS):
            off = everything & ~self.cover[cell]
            bw = by_walls[cell]
            walled = [0] * 16  # [walls]: the placements with some of those walls there
            for walls in range(16):
                for t in range(1, 16):
                    if not t & ~walls:
                        walled[walls] |= bw[t]
            row = [off] * 16 + [off | bw[0]] * 16 + [off | walled[w] for w in range(16)]
            for face in FACES:
                row += [off | (bw[0] | walled[w]) & shows[face] for w in range(16)]
            self.suits.append(row)
            self.more.append(tuple(
                _or_all(bw[t] for t in range(16) if _POP[t] > k) for k in range(4)))
            self.fewer.append(tuple(
                _or_all(bw[t] for t in range(16) if _POP[t] < k) for k in range(5)))


def _or_all(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


@dataclass(frozen=True)
class ChartTables:
    """The placements of a chart's tiles, worked out once with the chart: for each space, every
    placement that covers it (most walls first), and every placement numbered in a PlacementIndex."""

    cover: list[list[Placement]]
    index: PlacementIndex


def chart_tables(tiles: list[Tile]) -> ChartTables:
    cover: list[list[Placement]] = [[] for _ in range(CELLS)]
    every: list[Placement] = []
    for tile in tiles:
        for anchor in range(CELLS):
            ar, ac = divmod(anchor, SIZE)
            cells = []
            for dr, dc in tile.cells:
                r, c = ar + dr, ac + dc
                if not (0 <= r < SIZE and 0 <= c < SIZE):
                    break
                cells.append(r * SIZE + c)
            else:
                mask = free = wn = we = ws = ww = 0
                nwalls = 0
                for cell, wmask in zip(cells, tile.walls):
                    b = 1 << cell
                    mask |= b
                    if not wmask:
                        free |= b
                    wn |= b if wmask & N else 0
                    we |= b if wmask & E else 0
                    ws |= b if wmask & S else 0
                    ww |= b if wmask & W else 0
                    nwalls += bin(wmask).count("1")
                p = Placement(tile, anchor, mask, free, wn, we, ws, ww, nwalls, tuple(zip(cells, tile.walls)))
                every.append(p)
                for cell in cells:
                    cover[cell].append(p)
    for lst in cover:
        lst.sort(key=lambda p: -p.nwalls)
    every.sort(key=lambda p: -p.nwalls)  # stable: ties stay in chart order, as in each space's list
    return ChartTables(cover, PlacementIndex(every))



# ---------------------------------------------------------------- reading the YAML


def _scalar_str(node: Node, what: str) -> str:
    if not (isinstance(node, Scalar) and isinstance(node.value, str)):
        got = "a list" if isinstance(node, Seq) else repr(getattr(node, "value", None))
        raise node.error(f"expected {what} in quotes, got {got}")
    return node.value


def _read_shape(node: Node) -> tuple[str, ...]:
    text = _scalar_str(node, "a shape such as \"##/#.\"")
    rows = tuple(part.strip() for part in text.split("/"))
    if any(not r for r in rows):
        raise node.error(f"the shape '{text}' has an empty row", hint="write rows of '#' and '.', split by '/'")
    bad = sorted({ch for r in rows for ch in r if ch not in "#."})
    if bad:
        raise node.error(f"the shape '{text}' contains '{bad[0]}'", hint="use '#' for a space and '.' for none")
    if len({len(r) for r in rows}) != 1:
        raise node.error(f"the rows of the shape '{text}' differ in length", hint="pad short rows with '.'")
    if "#" not in rows[0] or "#" not in rows[-1] or all(r[0] == "." for r in rows) or all(r[-1] == "." for r in rows):
        raise node.error(f"the shape '{text}' has an empty outer row or column", hint="trim it")
    cells = [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(cells):
        raise node.error(f"the shape '{text}' falls apart in pieces", hint="a tile's spaces must touch side by side")
    return rows


def parse_walls_token(token: str) -> int | None:
    """Wall mask of one chart token ('o' = none, else side letters); None if it is malformed."""
    if token == "o":
        return 0
    mask = 0
    for ch in token:
        bit = BIT.get(ch)
        if bit is None or mask & bit:
            return None
        mask |= bit
    return mask if token else None


def _read_tile(node: Node, light: int, dark: int, shape: tuple[str, ...]) -> Tile:
    text = _scalar_str(node, "a wall layout such as \"NW N/W .\"")
    rows = [part.split() for part in text.split("/")]
    want = " / ".join(" ".join("o" if ch == "#" else "." for ch in r) for r in shape)
    where = f"tile light {light}, dark {dark}"
    if len(rows) != len(shape) or any(len(r) != len(s) for r, s in zip(rows, shape)):
        raise node.error(
            f"{where}: '{text}' does not match its row's shape '{'/'.join(shape)}'",
            hint=f"write one token per column, rows split by '/': {want}",
        )
    cells, walls = [], []
    anchor = (0, shape[0].index("#"))
    for r, (tokens, line) in enumerate(zip(rows, shape)):
        for c, (tok, ch) in enumerate(zip(tokens, line)):
            if ch == ".":
                if tok != ".":
                    raise node.error(f"{where}: row {r + 1}, column {c + 1} is outside the shape, so it must be '.', not '{tok}'",
                                     hint=f"the shape is {want}")
                continue
            mask = parse_walls_token(tok)
            if mask is None:
                raise node.error(
                    f"{where}: '{tok}' (row {r + 1}, column {c + 1}) is not a wall layout",
                    hint="write 'o' for a space without walls, or its walled sides once each from N, E, S, W",
                )
            cells.append((r - anchor[0], c - anchor[1]))
            walls.append(mask)
    return Tile(light, dark, shape, tuple(cells), tuple(walls))


def load_chart(node: Node | None, symbol_names: tuple[str, ...] | None = None) -> Chart:
    """Validate the ``data:`` section of a long-way layout into a :class:`Chart`."""
    if node is None:
        raise InputError(
            "the long-way layout has no 'data' section (the displays and the tile chart)",
            hint="copy the 'data:' section of the built-in layouts/long-way.yaml",
        )
    r = Reader(node, "'data'")
    dnode = r.list("displays", None)
    tnode = r.list("tiles", None)
    r.done()  # an unknown (misspelt) key first, then what is missing
    for key, n in (("displays", dnode), ("tiles", tnode)):
        if n is None:
            raise node.error(f"'{key}' is missing", hint=f"add '{key}:' to data (see layouts/long-way.yaml)")

    displays = []
    if len(dnode) != 6:
        raise dnode.error(f"expected 6 displays (one per die face), got {len(dnode)}")
    names: dict[str, int] = {}
    for i, item in enumerate(dnode, start=1):
        dr = Reader(item, "a display")
        face = expect_number(dr.raw("face"), whole=True)
        if face != i:
            raise dr.node.get("face").error(  # type: ignore[union-attr]
                f"expected face {i} here (list the displays in die order), got {face}")
        name = dr.str("name")
        dr.done()
        if symbol_names is not None and name not in symbol_names:
            raise item.get("name").error(
                f"there is no symbol for a display named '{name}'",
                hint=did_you_mean(name, symbol_names) or f"known displays: {', '.join(symbol_names)}",
            )
        if name in names:
            raise item.get("name").error(f"'{name}' is already the display of face {names[name]}", hint="each face needs its own furniture")
        names[name] = face
        displays.append(Display(face, name))

    if len(tnode) != 6:
        raise tnode.error(f"expected 6 tile rows (one per light die face), got {len(tnode)}")
    rows = []
    for i, item in enumerate(tnode, start=1):
        tr = Reader(item, "a tile row")
        light = expect_number(tr.raw("light"), whole=True)
        if light != i:
            raise item.get("light").error(f"expected light {i} here (list the rows in die order), got {light}")
        shape = _read_shape(tr.raw("shape"))
        wnode = tr.list("walls")
        tr.done()
        if len(wnode) != 6:
            raise wnode.error(f"light {light}: expected 6 wall layouts (dark die 1 to 6), got {len(wnode)}")
        rows.append(tuple(_read_tile(w, light, d, shape) for d, w in enumerate(wnode, start=1)))
    return Chart(tuple(displays), tuple(rows))


__all__ = [
    "BIT", "Chart", "Display", "E", "FACES", "N", "OPPOSITE", "S", "SIDES", "SIZE", "Tile", "W",
    "load_chart", "parse_walls_token", "side_letters",
]


def as_chart(data: object) -> Chart:
    """The layout's chart; an InputError when a layout of the game has lost its ``data:``."""
    if not isinstance(data, Chart):
        raise InputError("the long-way layout's data is missing", hint="use the built-in layouts/long-way.yaml")
    return data

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

from rollwrite.record import Frozen


from rollwrite.errors import InputError
from rollwrite.spec.nodes import Node, Reader, Scalar, Seq, expect_number

SIDES = "NESW"
N, E, S, W = 1, 2, 4, 8
BIT = {"N": N, "E": E, "S": S, "W": W}
OPPOSITE = {N: S, E: W, S: N, W: E}
SIZE = 7  # the store is 7 x 7 spaces
FACES = range(1, 7)


def side_letters(mask: int) -> str:
    """``N E S W`` letters of a wall mask, in that order."""
    return "".join(ch for ch in SIDES if mask & BIT[ch])


class Display(Frozen):
    face: int
    name: str


class Tile(Frozen):
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


class Chart(Frozen):
    displays: tuple[Display, ...]  # index face-1
    tiles: tuple[tuple[Tile, ...], ...]  # tiles[light-1][dark-1]

    def tile(self, light: int, dark: int) -> Tile:
        return self.tiles[light - 1][dark - 1]

    def display_name(self, face: int) -> str:
        return self.displays[face - 1].name if 1 <= face <= len(self.displays) else f"display {face}"

    def all_tiles(self) -> list[Tile]:
        return [t for row in self.tiles for t in row]


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
            raise dr.node.get("face").error(f"expected face {i} here (list the displays in die order), got {face}")
        name = dr.str("name")
        dr.done()
        if symbol_names is not None and name not in symbol_names:
            from rollwrite.errors import did_you_mean

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

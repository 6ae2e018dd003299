"""Lines & Sections on screen: the board's size and the players, the path's points (a line of points per
row, read one after the other), and the shading moves, a square and who shaded it."""

from __future__ import annotations

from typing import Any

from rollwrite.serve.entry import Board, Cell, Entry, Row, Section, Writer, body_lines, clean

PATH_ROWS = 12
SHADES = 40


class SectionsEntry(Entry):
    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        head = (Row("size", (Cell("size", "board size, squares a side", size=2, numeric=True, placeholder="3"),)),
                Row("players", (Cell("players", "players in turn order, separated by commas", size=40,
                                     placeholder="Ann, Bob"),)))
        path = tuple(Row(f"path {i}", (Cell(f"path{i}", f"path, line {i}", size=60,
                                            placeholder="B1 B2 C2 C3" if i == 1 else ""),))
                     for i in range(1, PATH_ROWS + 1))
        shades = tuple(Row(str(i), (Cell(f"sq{i}", f"shading move {i}: square", size=3, placeholder="B2" if i == 1 else ""),
                                         Cell(f"by{i}", f"shading move {i}: player", size=12, before="by",
                                              placeholder="name" if i == 1 else "")))
                       for i in range(1, SHADES + 1))
        return [Section("head", "Board and players", head),
                Section("path", "The path", path, wide=True, grows=True,
                        board=Board("size", "path", "points", "the board's points: Enter adds the point to the path"),
                        note="The points the path visits, in order: A1 B1 B2 ... Type them, or pick them on the board: "
                             "click a point, or move with the arrow keys and press Enter."),
                Section("shade", "Shading moves", shades, grows=True, head=("square", "player"),
                        board=Board("size", "sq", "squares", "the board's squares: Enter shades the square as the next move"),
                        note="Each move: the square shaded (named by its top-left corner) and, if you like, who shaded "
                             "it. Type it, or click the square on the board (or move to it with the arrow keys and press Enter).")]

    def text(self, values: dict[str, str], data: Any) -> Writer:
        w = Writer()
        for key in ("size", "players"):
            w.put(f"{key}: ")
            w.line(clean(values.get(key, ""), 40), key)
        for i in range(1, PATH_ROWS + 1):
            points = clean(values.get(f"path{i}", ""), 60)
            if points:
                w.put("path: ")
                w.line(points, f"path{i}")
        for i in range(1, SHADES + 1):
            square, by = clean(values.get(f"sq{i}", ""), 3), clean(values.get(f"by{i}", ""), 12)
            if square or by:
                w.put("shade: ")
                w.put(square or "?", f"sq{i}")
                if by:
                    w.put(" ")
                    w.put(by, f"by{i}")
                w.end()
        return w

    def values(self, canonical: str, data: Any) -> dict[str, str]:
        out: dict[str, str] = {}
        paths = shades = 0
        for line in body_lines(canonical):
            key, _, rest = line.strip().partition(":")
            rest = rest.strip()
            if key in ("size", "players"):
                out[key] = rest
            elif key == "path":
                paths += 1
                out[f"path{paths}"] = rest
            elif key == "shade":
                shades += 1
                square, _, by = rest.partition(" ")
                out[f"sq{shades}"], out[f"by{shades}"] = square, by.strip()
        return out

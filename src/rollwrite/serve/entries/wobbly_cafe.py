"""Wobbly Café on screen: three floors of rows of spaces, a digit in each, the middle line between halves."""

from __future__ import annotations

import re
from typing import Any

from rollwrite.serve.entry import Cell, Entry, Row, Section, Writer, body_lines, clean

_SPACES = re.compile(r"spaces? (\d+)(?: and (\d+))?")
_ROW = re.compile(r"floor (\d+), row (\d+)")


def _cell(f: int, r: int, s: int) -> str:
    return f"f{f}r{r}s{s}"


class CafeEntry(Entry):
    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        left = min(min(cols) for cols in data.rows)
        out = [Section("head", "Player", (Row("name", (Cell("name", "name on the sheet", size=30),)),))]
        for f in range(1, data.floors + 1):
            rows = []
            for r, cols in enumerate(data.rows, start=1):
                n = len(cols)
                cells = tuple(
                    Cell(_cell(f, r, s), f"floor {f}, row {r}, space {s}", chars="1-6.", gap=s == n // 2 + 1,
                         placeholder=".", numeric=True)
                    for s in range(1, n + 1))
                rows.append(Row(f"row {r}", cells, indent=min(cols) - left))
            out.append(Section(f"floor{f}", f"Floor {f}", tuple(rows)))
        return out

    def text(self, values: dict[str, str], data: Any) -> Writer:
        w = Writer()
        name = clean(values.get("name", ""), 30)
        if name:
            w.put("name: ")
            w.line(name, "name")
            w.line("")
        width = max(len(cols) for cols in data.rows)
        for f in range(1, data.floors + 1):
            if f > 1:
                w.line("")
            w.line(f"floor {f}")
            for r, cols in enumerate(data.rows, start=1):
                n = len(cols)
                w.put(" " * ((width - n) // 2))
                for s in range(1, n + 1):
                    if s == n // 2 + 1:
                        w.put("|")
                    w.put(clean(values.get(_cell(f, r, s), ""), 1) or ".", _cell(f, r, s))
                w.end()
        return w

    def values(self, canonical: str, data: Any) -> dict[str, str]:
        out: dict[str, str] = {}
        floor, row = 0, 0
        for line in body_lines(canonical):
            body = line.strip()
            if body.lower().startswith("name:"):
                out["name"] = body[5:].strip()
            elif body.lower().startswith("floor"):
                floor, row = floor + 1, 0
            else:
                row += 1
                for s, ch in enumerate(body.replace("|", ""), start=1):
                    out[_cell(floor, row, s)] = "" if ch in "._" else ch
        return out

    def refine(self, where: str, message: str, cells: list[str], data: Any) -> list[str]:
        m = _ROW.search(where)
        if not m:
            return cells
        f, r = int(m.group(1)), int(m.group(2))
        if not cells and 1 <= r <= len(data.rows):
            cells = [_cell(f, r, s) for s in range(1, len(data.rows[r - 1]) + 1)]
        spaces = _SPACES.search(message) or _SPACES.search(where)
        if spaces:
            picked = [_cell(f, r, int(x)) for x in spaces.groups() if x]
            return [c for c in picked if c in cells] or cells
        return cells

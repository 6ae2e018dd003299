"""The Long Way on screen: the entrance, exit and coins, the store's seven rows of spaces (a mark and
its walls in each), and the game log, one turn a line."""

from __future__ import annotations

import re
from typing import Any

from rollwrite.games.long_way.data import SIZE
from rollwrite.serve.entry import Cell, Entry, Row, Section, Writer, body_lines, clean

COLUMNS = "ABCDEFG"[:SIZE]
TURNS = 46  # 40 turns and the six rerolls of the coin box
_WHERE = re.compile(r"row (\d+), column ([A-G])")
_HEAD = (("entrance", "entrance, space and side (D1 N)", 6), ("exit", "exit, space and side (D7 S)", 6))


def _space(r: int, c: int) -> str:
    return f"s{COLUMNS[c]}{r + 1}"


class LongWayEntry(Entry):
    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        head = [Row(key, (Cell(key, label, size=size, placeholder="A1 N"),)) for key, label, size in _HEAD]
        head.append(Row("coins", (Cell("gained", "coins gained", size=3, numeric=True, placeholder="0"),
                                  Cell("spent", "coins spent", size=3, numeric=True, placeholder="0"))))
        store = tuple(Row(str(r + 1), tuple(
            Cell(_space(r, c), f"space {COLUMNS[c]}{r + 1}", size=4, placeholder=".") for c in range(SIZE)))
            for r in range(SIZE))
        log = tuple(Row(f"turn {t}", (Cell(f"t{t}", f"turn {t}", size=40, placeholder="roll 1 5, tile A4, display 5 A4" if t == 1 else ""),))
                    for t in range(1, TURNS + 1))
        return [Section("head", "Entrance, exit, coins", tuple(head)),
                Section("store", "The store", store, note="Each space: its mark (. o 1-6 A B), then its walls N E S W (* a doorway)."),
                Section("log", "The log", log, wide=True, note="One turn a line; leave the rest empty.")]

    def text(self, values: dict[str, str], data: Any) -> Writer:
        w = Writer()
        for key, _label, size in _HEAD:
            w.put(f"{key}: ")
            w.line(clean(values.get(key, ""), size), key)
        w.put("coins: gained ")
        w.put(clean(values.get("gained", ""), 3) or "0", "gained")
        w.put(", spent ")
        w.line(clean(values.get("spent", ""), 3) or "0", "spent")
        w.line("store:")
        w.line("   " + "   ".join(COLUMNS))
        for r in range(SIZE):
            w.put(f"{r + 1} ")
            for c in range(SIZE):
                word = "".join(clean(values.get(_space(r, c), ""), 4).split()) or "."
                w.put(" ")
                w.put(word.ljust(3), _space(r, c))
            w.end()
        turns = [(t, clean(values.get(f"t{t}", ""), 40)) for t in range(1, TURNS + 1)]
        turns = [(t, v) for t, v in turns if v]
        if turns:
            w.line("log:")
            for t, v in turns:
                w.put(f"{t}: ")
                w.line(v, f"t{t}")
        return w

    def values(self, canonical: str, data: Any) -> dict[str, str]:
        out: dict[str, str] = {}
        part = ""
        for line in body_lines(canonical):
            body = line.strip()
            key, _, rest = body.partition(":")
            if key in ("entrance", "exit"):
                out[key] = rest.strip()
            elif key == "coins":
                m = re.search(r"gained (\d+), spent (\d+)", rest)
                if m:
                    out["gained"], out["spent"] = m.groups()
            elif key in ("store", "log") and not rest.strip():
                part = key
            elif part == "store" and body.split()[0].isdigit():
                words = body.split()
                r = int(words[0]) - 1
                for c, word in enumerate(words[1:SIZE + 1]):
                    out[_space(r, c)] = "" if word == "." else word
            elif part == "log" and key.isdigit():
                out[f"t{int(key)}"] = rest.strip()
        return out

    def refine(self, where: str, message: str, cells: list[str], data: Any) -> list[str]:
        m = _WHERE.search(where)
        if m:
            return [f"s{m.group(2)}{m.group(1)}"]
        return cells

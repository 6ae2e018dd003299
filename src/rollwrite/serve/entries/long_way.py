"""The Long Way on screen: the entrance, exit and coins, the store's seven rows of spaces (a mark and
its walls in each), and the game log as the sheet's roll log: a row per turn with the light and dark die
in boxes of their own, then what the turn drew (its rerolls, the tile and its display, a bonus, or a
cafeteria, or a stop), each in a cell of its own."""

from __future__ import annotations

import re
from typing import Any

from rollwrite.games.long_way.data import SIZE
from rollwrite.serve.entry import Cell, Entry, Row, Section, Writer, body_lines, clean

COLUMNS = "ABCDEFG"[:SIZE]
TURNS = 46  # 40 turns and the six rerolls of the coin box
_WHERE = re.compile(r"row (\d+), column ([A-G])")
_HEAD = (("entrance", "entrance, space and side (D1 N)", 6), ("exit", "exit, space and side (D7 S)", 6))
#: a turn's cells: (key, heading, label, size, characters a one-mark cell takes, placeholder)
_TURN = (("l", "light", "light die", 1, "1-6", ""), ("d", "dark", "dark die", 1, "1-6", ""),
         ("r", "rerolls", "rerolls in order, each a die and what it showed (dark 3, light 5)", 6, "", ""),
         ("t", "tile", "tile drawn: its first space (C1)", 3, "", ""),
         ("f", "disp.", "display: die face", 1, "1-6", ""), ("s", "on", "display: its space", 3, "", ""),
         ("b", "bonus", "bonus: coins, doorway D3 E or wall D3 E", 11, "", ""),
         ("c", "cafeteria", "cafeteria instead of a tile: its two spaces (G6 G7)", 5, "", ""),
         ("x", "stop", "stop for good: type x", 1, "", ""))
_SIZES = {key: size for key, _h, _l, size, _c, _p in _TURN}
#: the words of a rule problem about a turn, and the cells of the turn they point at (first match wins)
_ABOUT = (("no bonus", "b"), ("reroll", "r"), ("cafeteria", "c"), ("dice of", "ld"), ("schedule", "ld"),
          ("display", "fs"), ("wall", "b"), ("doorway", "b"), ("tile", "t"), ("first space", "t"))
_PART = re.compile(r"(roll|reroll|tile|display|bonus|cafeteria|stop)\b\s*(.*)")


def _space(r: int, c: int) -> str:
    return f"s{COLUMNS[c]}{r + 1}"


def _turn_row(t: int) -> Row:
    example = {"l": "3", "d": "5", "t": "A4", "f": "5", "s": "A4"} if t == 1 else {}
    return Row(str(t), tuple(Cell(f"t{t}{key}", f"turn {t}, {label}", size=size, chars=chars, numeric=size == 1 and key != "x",
                                  placeholder=example.get(key, ph))
                             for key, _head, label, size, chars, ph in _TURN))


def _log_line(w: Writer, t: int, got: dict[str, str]) -> None:
    """One turn of the log, each part written from its cells (a missing die as '?', for the reader to name)."""
    cell = f"t{t}"
    w.put(f"{t}: roll ")
    w.put(got["l"] or "?", cell + "l")
    w.put(" ")
    w.put(got["d"] or "?", cell + "d")
    for one in filter(None, (p.strip() for p in got["r"].split(","))):
        w.put(", ")
        w.put("reroll " + re.sub(r"^reroll\s+", "", one), cell + "r")
    if got["t"]:
        w.put(", tile ")
        w.put(got["t"], cell + "t")
    if got["f"] or got["s"]:
        w.put(", display ")
        w.put(got["f"] or "?", cell + "f")
        w.put(" ")
        w.put(got["s"] or "?", cell + "s")
    for key, word in (("b", "bonus"), ("c", "cafeteria")):
        if got[key]:
            w.put(f", {word} ")
            w.put(re.sub(rf"^{word}\s+", "", got[key]), cell + key)
    if got["x"]:
        w.put(", ")
        w.put("stop", cell + "x")
    w.end()


def _log_values(t: str, rest: str) -> dict[str, str]:
    """The cells of one canonical log line (``roll 1 3, reroll dark 3, tile C5, display 1 C5``)."""
    out: dict[str, str] = {}
    rerolls = []
    for part in rest.split(","):
        m = _PART.fullmatch(part.strip())
        if not m:
            continue
        word, args = m.group(1), m.group(2).split()
        if word == "roll" and len(args) == 2:
            out[f"t{t}l"], out[f"t{t}d"] = args
        elif word == "reroll":
            rerolls.append(" ".join(args))
        elif word == "display" and len(args) == 2:
            out[f"t{t}f"], out[f"t{t}s"] = args
        elif word == "stop":
            out[f"t{t}x"] = "x"
        else:
            out[f"t{t}{ {'tile': 't', 'bonus': 'b', 'cafeteria': 'c'}[word] }"] = " ".join(args)
    if rerolls:
        out[f"t{t}r"] = ", ".join(rerolls)
    return out


class LongWayEntry(Entry):
    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        head = [Row(key, (Cell(key, label, size=size, placeholder="A1 N"),)) for key, label, size in _HEAD]
        head.append(Row("coins", (Cell("gained", "coins gained", size=3, numeric=True, placeholder="0"),
                                  Cell("spent", "coins spent", size=3, numeric=True, placeholder="0"))))
        store = tuple(Row(str(r + 1), tuple(
            Cell(_space(r, c), f"space {COLUMNS[c]}{r + 1}", size=4, placeholder=".") for c in range(SIZE)))
            for r in range(SIZE))
        log = tuple(_turn_row(t) for t in range(1, TURNS + 1))
        return [Section("head", "Entrance, exit, coins", tuple(head)),
                Section("store", "The store", store, note="Each space: its mark (. o 1-6 A B), then its walls N E S W (* a doorway)."),
                Section("log", "Roll log", log, grows=True, head=tuple(h for _k, h, *_r in _TURN),
                        note="A row per turn, as on the sheet's roll log: the light and dark die, then what the turn drew: "
                             "the tile's first space and its display (die face and space), a bonus; or a cafeteria's two "
                             "spaces; or x to stop. Rerolls, when coins were spent: dark 3, light 5.")]

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
        turns = [(t, {key: clean(values.get(f"t{t}{key}", ""), size) for key, size in _SIZES.items()})
                 for t in range(1, TURNS + 1)]
        turns = [(t, got) for t, got in turns if any(got.values())]
        if turns:
            w.line("log:")
            for t, got in turns:
                _log_line(w, t, got)
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
                out.update(_log_values(str(int(key)), rest))
        return out

    def refine(self, where: str, message: str, cells: list[str], data: Any) -> list[str]:
        m = _WHERE.search(where)
        if m:
            return [f"s{m.group(2)}{m.group(1)}"]
        if where.startswith("turn ") and cells:
            turn = "t" + where[5:]
            for words, keys in _ABOUT:
                if words in message:
                    picked = [turn + k for k in keys if turn + k in cells]
                    if picked:
                        return picked
        return cells

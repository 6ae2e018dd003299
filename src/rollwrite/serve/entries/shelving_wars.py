"""Shelving Wars on screen: the settings, the battlefield to pick squares on (the boxes and shelves typed
are drawn on it), and each player's score column as on the sheet: a row per turn with a box's height ×
width at its square and corner (or a shelf's length and direction from a corner of a square), and the
dice rolled."""

from __future__ import annotations

import re
from typing import Any

from rollwrite.games.shelving_wars.data import MAX_PLAYERS, MAX_TURNS
from rollwrite.serve.entry import Board, Cell, Entry, Row, Section, Writer, body_lines, clean

SETTINGS = (("size", "size of the battlefield", 2), ("turns", "turns per player", 2),
            ("dice", "dice rolled each turn", 4), ("capture", "capture rule, yes or no", 3))
#: a turn's cells: (key, heading, label, size, word printed before it)
_TURN = (("k", "b/s", "box or shelf: b or s", 1, ""),
         ("h", "h", "box height in rows, or shelf length", 2, ""),
         ("w", "w", "box width in columns, or shelf direction: up, down, left or right (u, d, l, r)", 4, "×"),
         ("at", "square", "the square (A1)", 3, "at"),
         ("c", "corner", "which corner of the square: tl, tr, bl or br (a box: top-left when empty)", 3, ""),
         ("r", "rolled", "the dice rolled, if you like (3 4 1)", 6, ""))
_SIZES = {key: size for key, _h, _l, size, _b in _TURN}
_CORNERS = {"top-left": "tl", "top-right": "tr", "bottom-left": "bl", "bottom-right": "br"}
_DIRECTIONS = {"u": "up", "d": "down", "l": "left", "r": "right"}
#: the words of an unreadable turn, and the cell of the turn they name
_NAMES = (("the width", "w"), ("the height", "h"), ("length", "h"), ("direction", "w"), ("corner", "c"),
          ("rolled", "r"))
_BOX = re.compile(r"box (\d+)x(\d+) at (\S+)(?: (?!rolled\b)(\S+))?(?: rolled (.*))?")
_SHELF = re.compile(r"shelf (\d+) (\S+) from (\S+) (\S+)(?: rolled (.*))?")


def _turn_row(p: int, t: int) -> Row:
    example = {"k": "b", "h": "2", "w": "3", "at": "A1", "r": "2 3 5"} if t == 1 else {}
    return Row(str(t), tuple(Cell(f"p{p}t{t}{key}", f"player {p}, turn {t}: {label}", size=size, before=before,
                                  numeric=key in "hr", chars="bsBS" if key == "k" else "",
                                  placeholder=example.get(key, ""))
                             for key, _head, label, size, before in _TURN))


def _turn_line(w: Writer, cell: str, got: dict[str, str]) -> None:
    """One box or shelf, each part from its cell (a missing one as '?', for the reader to name)."""
    kind = got["k"].lower() or "b"
    shelf = kind == "s"
    w.put({"b": "box", "s": "shelf"}.get(kind, got["k"]), cell + "k")
    w.put(" ")
    w.put(got["h"] or "?", cell + "h")
    w.put(" " if shelf else "x")
    w.put((_DIRECTIONS.get(got["w"].lower(), got["w"]) if shelf else got["w"]) or "?", cell + "w")
    w.put(" from " if shelf else " at ")
    w.put(got["at"] or "?", cell + "at")
    if got["c"] or shelf:
        w.put(" ")
        w.put(got["c"] or "?", cell + "c")
    if got["r"]:
        w.put(" rolled ")
        w.put(got["r"], cell + "r")
    w.end()


def _turn_values(cell: str, line: str) -> dict[str, str]:
    box, shelf = _BOX.fullmatch(line), _SHELF.fullmatch(line)
    if box:
        parts = dict(zip(("h", "w", "at", "c", "r"), box.groups()), k="b")
    elif shelf:
        parts = dict(zip(("h", "w", "at", "c", "r"), shelf.groups()), k="s")
    else:
        return {}
    parts["c"] = _CORNERS.get(parts["c"] or "", parts["c"] or "")
    return {cell + key: value for key, value in parts.items() if value}


class ShelvingEntry(Entry):
    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        defaults = {"size": str(data.size), "turns": str(data.turns), "dice": f"{data.dice}d{data.sides}", "capture": "no"}
        settings = tuple(Row(key, (Cell(key, f"{label} (empty: {defaults[key]})", size=size, placeholder=defaults[key],
                                        numeric=key in ("size", "turns")),))
                         for key, label, size in SETTINGS)
        out = [Section("settings", "Settings", settings,
                       board=Board("size", "at", "field", "the battlefield: Enter writes the square into the turn last worked on",
                                   corners=tuple(data.corners), shown=data.players),
                       note="The battlefield: click a square (or move to it with the arrow keys and press Enter) to "
                            "write it into the turn you are on; the boxes and shelves typed are drawn on it.")]
        for p in range(1, MAX_PLAYERS + 1):
            rows = [Row("", (Cell(f"p{p}", f"player {p}'s name", size=20, placeholder=f"player {p}'s name"),))]
            rows += [_turn_row(p, t) for t in range(1, MAX_TURNS + 1)]
            out.append(Section(f"player{p}", f"Player {p}", tuple(rows), grows=True, head=tuple(h for _k, h, *_r in _TURN),
                               note="" if p > 1 else "A row per turn: b and a box's height × width at a square and which "
                                                     "corner of the box it is; or s and a shelf's length and direction "
                                                     "from a corner of a square. Leave a player's name empty when fewer play."))
        return out

    def text(self, values: dict[str, str], data: Any) -> Writer:
        w = Writer()
        for key, _label, size in SETTINGS:
            value = clean(values.get(key, ""), size)
            if value:
                w.put(f"{key}: ")
                w.line(value, key)
        for p in range(1, MAX_PLAYERS + 1):
            name = clean(values.get(f"p{p}", ""), 20)
            turns = [(t, {key: clean(values.get(f"p{p}t{t}{key}", ""), size) for key, size in _SIZES.items()})
                     for t in range(1, MAX_TURNS + 1)]
            turns = [(t, got) for t, got in turns if any(got.values())]
            if not name and not turns:
                continue
            w.line("")
            w.put("player: ")
            w.line(name or f"Player {p}", f"p{p}")
            for t, got in turns:
                _turn_line(w, f"p{p}t{t}", got)
        return w

    def values(self, canonical: str, data: Any) -> dict[str, str]:
        out: dict[str, str] = {}
        p, t = 0, 0
        for line in body_lines(canonical):
            body = line.strip()
            key, _, rest = body.partition(":")
            if key == "player":
                p, t = p + 1, 0
                out[f"p{p}"] = rest.strip()
            elif p == 0 and key in {s[0] for s in SETTINGS}:
                out[key] = rest.strip()
            elif p:
                t += 1
                out.update(_turn_values(f"p{p}t{t}", body))
        return out

    def refine(self, where: str, message: str, cells: list[str], data: Any) -> list[str]:
        if where or not cells:  # a rule broken: the whole turn, the box or shelf it is about
            return cells
        for words, key in _NAMES:
            named = [c for c in cells if c.endswith(key) and re.fullmatch(r"p\d+t\d+" + key, c)]
            if words in message and named:
                return named
        return cells

"""Scrambled Streets on screen: the players' names, the starting city's two rows of two cards, and one
line per turn: the card drawn, which way up, the edge it goes into, and the card pushed away."""

from __future__ import annotations

import re
from typing import Any

from rollwrite.serve.entry import Cell, Entry, Row, Section, Writer, body_lines, clean

TURNS = 44  # a deck of 48 cards, 4 of them the starting city
PLACES = (("tl", "top left"), ("tr", "top right"), ("bl", "bottom left"), ("br", "bottom right"))
_TURN = re.compile(r"(\d+)\.\s+(\S+)\s+(\S+)\s+at\s+(\S+?)\s*\|\s*(\S+)\s+push\s+(\S+)")
_PARTS = (("card", "card", 2, True), ("way", "up or down", 4, False), ("a", "at, first card", 2, True),
          ("b", "at, second card", 2, True), ("push", "push", 2, True))


def _card(key: str, label: str) -> tuple[Cell, Cell]:
    return (Cell(f"{key}c", f"{label}: card", size=2, numeric=True, placeholder="#"),
            Cell(f"{key}w", f"{label}: up or down", size=4, placeholder="up"))


class StreetsEntry(Entry):
    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        names = tuple(Row(k, (Cell(k, f"{k} player's name", size=20),)) for k in ("black", "white"))
        start = (Row("top", _card("tl", "top left") + _card("tr", "top right")),
                 Row("bottom", _card("bl", "bottom left") + _card("br", "bottom right")))
        turns = tuple(Row(f"{t}.", tuple(Cell(f"t{t}{key}", f"turn {t}, {label}", size=size, numeric=num,
                                               placeholder={"way": "up", "a": "A", "b": "B", "push": "P"}.get(key, "#"))
                                          for key, label, size, num in _PARTS))
                      for t in range(1, TURNS + 1))
        return [Section("names", "Players", names), Section("start", "The starting city", start),
                Section("turns", "Turns", turns, note="card, up or down, at A | B, push P")]

    def text(self, values: dict[str, str], data: Any) -> Writer:
        w = Writer()
        for key in ("black", "white"):
            name = clean(values.get(key, ""), 20)
            if name:
                w.put(f"{key}: ")
                w.line(name, key)
        w.line("start:")
        for row in (PLACES[:2], PLACES[2:]):
            w.put(" ")
            for key, _label in row:
                w.put(" ")
                w.put(clean(values.get(f"{key}c", ""), 2) or "?", f"{key}c")
                w.put(" ")
                w.put(clean(values.get(f"{key}w", ""), 4) or "?", f"{key}w")
            w.end()
        for t in range(1, TURNS + 1):
            got = {key: clean(values.get(f"t{t}{key}", ""), size) for key, _l, size, _n in _PARTS}
            if not any(got.values()):
                continue
            w.put(f"{t}. ")
            for key, sep in (("card", " "), ("way", " at "), ("a", "|"), ("b", " push "), ("push", "")):
                w.put(got[key] or "?", f"t{t}{key}")
                w.put(sep)
            w.end()
        return w

    def values(self, canonical: str, data: Any) -> dict[str, str]:
        out: dict[str, str] = {}
        starts = iter(PLACES)
        for line in body_lines(canonical):
            body = line.strip()
            key, _, rest = body.partition(":")
            m = _TURN.fullmatch(body)
            if key in ("black", "white"):
                out[key] = rest.strip()
            elif m:
                t = m.group(1)
                for (part, *_r), value in zip(_PARTS, m.groups()[1:]):
                    out[f"t{t}{part}"] = value
            elif key != "start":
                words = body.split()
                for i in range(0, len(words) - 1, 2):
                    place = next(starts, None)
                    if place:
                        out[f"{place[0]}c"], out[f"{place[0]}w"] = words[i], words[i + 1]
        return out

    def refine(self, where: str, message: str, cells: list[str], data: Any) -> list[str]:
        for key, label in PLACES:
            if where == f"start, {label}":
                return [f"{key}c", f"{key}w"]
        if where.startswith("turn ") and "next card" in message:
            return [f"t{where[5:]}card"]
        return cells

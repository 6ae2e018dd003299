"""Shelving Wars on screen: the settings, then each player's name and turns, one box or shelf a line."""

from __future__ import annotations

from typing import Any

from rollwrite.games.shelving_wars.data import MAX_PLAYERS, MAX_TURNS
from rollwrite.serve.entry import Cell, Entry, Row, Section, Writer, body_lines, clean

SETTINGS = (("size", "size of the battlefield", 2, "20"), ("turns", "turns per player", 2, "8"),
            ("dice", "dice rolled each turn", 4, "3d6"), ("capture", "capture rule, yes or no", 3, "no"))
TURN_HINT = "box 2x3 at A1 · shelf 3 down from C4 top-left"


class ShelvingEntry(Entry):
    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        settings = tuple(Row(key, (Cell(key, label, size=size, placeholder=ph),)) for key, label, size, ph in SETTINGS)
        out = [Section("settings", "Settings", settings)]
        for p in range(1, MAX_PLAYERS + 1):
            rows = [Row("name", (Cell(f"p{p}", f"player {p}'s name", size=20, placeholder=f"player {p}"),))]
            rows += [Row(f"turn {t}", (Cell(f"p{p}t{t}", f"player {p}, turn {t}", size=34,
                                            placeholder=TURN_HINT if t == 1 else ""),))
                     for t in range(1, MAX_TURNS + 1)]
            out.append(Section(f"player{p}", f"Player {p}", tuple(rows), wide=True,
                               note="" if p > 2 else "Leave a player's name empty when fewer play."))
        return out

    def text(self, values: dict[str, str], data: Any) -> Writer:
        w = Writer()
        for key, _label, size, _ph in SETTINGS:
            value = clean(values.get(key, ""), size)
            if value:
                w.put(f"{key}: ")
                w.line(value, key)
        for p in range(1, MAX_PLAYERS + 1):
            name = clean(values.get(f"p{p}", ""), 20)
            turns = [(t, clean(values.get(f"p{p}t{t}", ""), 34)) for t in range(1, MAX_TURNS + 1)]
            turns = [(t, v) for t, v in turns if v]
            if not name and not turns:
                continue
            w.line("")
            w.put("player: ")
            w.line(name or f"Player {p}", f"p{p}")
            for t, v in turns:
                w.line(v, f"p{p}t{t}")
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
            elif p == 0 and key in dict((s[0], s) for s in SETTINGS):
                out[key] = rest.strip()
            elif p:
                t += 1
                out[f"p{p}t{t}"] = body
        return out

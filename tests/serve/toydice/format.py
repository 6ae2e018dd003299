"""Toy Dice's typed-in sheet: ``name: Ann`` (optional) and ``boxes: 3 x 5`` (a die value or ``x`` each)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rollwrite.errors import InputError


@dataclass(frozen=True)
class ToySheet:
    boxes: tuple[int | None, ...] = ()  # None: crossed out
    name: str = ""


def parse(text: str, source: str) -> ToySheet:
    name, boxes = "", None
    for n, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        key, _, value = body.partition(":")
        if key.strip() == "name":
            name = value.strip()
        elif key.strip() == "boxes" and boxes is None:
            boxes = []
            for m in re.finditer(r"\S+", value):
                tok, col = m.group(), len(key) + 2 + m.start()
                if tok not in ("x", "1", "2", "3", "4", "5", "6"):
                    raise InputError(f"'{tok}' is neither a die value (1 to 6) nor x", file=source, line=n, col=col)
                boxes.append(None if tok == "x" else int(tok))
        else:
            raise InputError(f"unknown line '{body}'", file=source, line=n, col=1, hint="write 'name: ...' and 'boxes: ...'")
    if boxes is None:
        raise InputError("the sheet has no 'boxes:' line", file=source, line=1, col=1)
    return ToySheet(tuple(boxes), name)


def format_sheet(sheet: ToySheet) -> str:
    head = f"name: {sheet.name}\n" if sheet.name else ""
    return head + "boxes: " + " ".join("x" if b is None else str(b) for b in sheet.boxes) + "\n"

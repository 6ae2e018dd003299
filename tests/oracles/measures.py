"""Plain references of the sheet engine's quick measures, for the property tests only.

``advances`` unpacks a built-in font's advances into one dict; ``width`` and ``missing`` read them
from that dict of every code point it maps (what
``rollwrite.draw.metrics`` looks up in the font's runs of code points, ASCII in a table of its own);
``has_placeholder`` walks an element's value with no record of what it has looked into (what
``rollwrite.sheet`` looks for once a run, each value it shares looked into once).
"""

from __future__ import annotations

import base64
import re
import struct
import zlib
from dataclasses import fields as dataclass_fields
from dataclasses import is_dataclass
from typing import Any

from rollwrite.draw.fontdata import FONTS
from rollwrite.draw.scene import PT
from rollwrite.valueclass import ValueClass, fields

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def advances(name: str) -> dict[int, int]:
    """Every code point a built-in font draws and its advance width, unpacked from
    ``rollwrite.draw.fontdata`` one run at a time."""
    blob = zlib.decompress(base64.b64decode("".join(FONTS[name]["advances"])))
    (n,) = struct.unpack_from("<I", blob)
    runs = struct.unpack_from(f"<{2 * n}I", blob, 4)
    widths = struct.unpack_from(f"<{(len(blob) - 4 - 8 * n) // 2}H", blob, 4 + 8 * n)
    out: dict[int, int] = {}
    at = 0
    for i in range(0, 2 * n, 2):
        first, count = runs[i], runs[i + 1]
        out.update(zip(range(first, first + count), widths[at:at + count]))
        at += count
    return out


def width(advance: dict[int, int], missing_width: int, units: int, text: str, size_pt: float) -> float:
    """Width in mm of ``text`` at ``size_pt`` points: each character's advance, the .notdef's when the
    font has no glyph for it."""
    total = sum(advance.get(ord(ch), missing_width) for ch in text)
    return total / units * size_pt * PT


def missing(advance: dict[int, int], text: str) -> list[str]:
    """The characters of ``text`` the font cannot draw (line breaks and tabs aside)."""
    return sorted({ch for ch in text if ord(ch) not in advance and ch not in "\n\r\t"})


def has_placeholder(value: Any, depth: int = 0) -> bool:
    """Whether a text anywhere in ``value`` (at most 9 levels down) holds a ``{name}`` placeholder;
    anything that is not a text, a number, a container or a record counts when its repr holds a '{'."""
    if isinstance(value, str):
        return PLACEHOLDER.search(value) is not None
    if depth > 8 or isinstance(value, (int, float, bool)) or value is None:
        return False
    if isinstance(value, dict):
        return any(has_placeholder(k, depth + 1) or has_placeholder(v, depth + 1) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(has_placeholder(v, depth + 1) for v in value)
    if isinstance(value, ValueClass):
        return any(has_placeholder(getattr(value, f), depth + 1) for f in fields(value))
    if is_dataclass(value) and not isinstance(value, type):
        return any(has_placeholder(getattr(value, f.name), depth + 1) for f in dataclass_fields(value))
    return "{" in repr(value)

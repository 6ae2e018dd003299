"""Text metrics of the TrueType fonts in fonts/, the same files the backends embed, so a width
measured here is the width printed.

The numbers come from :mod:`rollwrite.draw.fontdata`, written from the font files by
``python -m rollwrite.draw.fontgen`` and checked against them by a test: measuring text never parses a
font, so a process parses each font at most once (when a PDF embeds it) and commands that only
measure (checking a layout, scoring, rolling) parse none.
"""

from __future__ import annotations

import base64
import struct
import zlib
from functools import lru_cache

from rollwrite.draw.fontdata import FONTS as DATA
from rollwrite.draw.scene import PT
from rollwrite.draw.userfonts import is_user_font, measure

FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
}
FONTS = tuple(FONT_FILES)


class _Face:
    def __init__(self, name: str) -> None:
        if is_user_font(name):
            self._own(measure(name))
            return

        rec = DATA[name]
        self.units = rec["units"]
        self.missing_width = rec["missing"]
        self.ascent = rec["ascent"] / self.units
        blob = zlib.decompress(base64.b64decode("".join(rec["advances"])))
        (n,) = struct.unpack_from("<I", blob)
        runs = struct.unpack_from(f"<{2 * n}I", blob, 4)
        widths = struct.unpack_from(f"<{(len(blob) - 4 - 8 * n) // 2}H", blob, 4 + 8 * n)
        advance: dict[int, int] = {}
        at = 0
        for i in range(0, 2 * n, 2):
            first, count = runs[i], runs[i + 1]
            advance.update(zip(range(first, first + count), widths[at:at + count]))
            at += count
        self.advance = advance
        #: the font draws every printable ASCII character (space to tilde)
        self.ascii_ok = all(cp in advance for cp in range(32, 127))

    def _own(self, rec: dict) -> None:
        """A layout's own font, measured from its file (see :mod:`rollwrite.draw.userfonts`)."""
        self.units = rec["units"]
        self.missing_width = rec["missing"]
        self.ascent = rec["ascent"] / self.units
        self.advance = rec["advance"]
        self.ascii_ok = all(cp in self.advance for cp in range(32, 127))

    def width(self, text: str, size_pt: float) -> float:
        adv = self.advance
        total = sum(adv.get(ord(ch), self.missing_width) for ch in text)
        return total / self.units * size_pt * PT


@lru_cache(maxsize=None)
def face(font: str) -> _Face:
    """The metrics of a font: a built-in one by its name, a layout's own by its internal name (which holds
    the file's SHA-256, so the same name always means the same content)."""
    return _Face(font)


@lru_cache(maxsize=4096)
def text_width(text: str, size_pt: float, font: str = "regular") -> float:
    """Width in mm of ``text`` set in ``font`` at ``size_pt`` points."""
    return face(font).width(text, size_pt)


def missing_glyphs(text: str, font: str = "regular") -> list[str]:
    """Characters of ``text`` the font cannot draw (spaces and line breaks aside)."""
    f = face(font)
    if f.ascii_ok and text.isascii() and text.isprintable():  # most texts: nothing to look up
        return []
    adv = f.advance
    return sorted({ch for ch in text if ord(ch) not in adv and ch not in "\n\r\t"})


def printable(text: str, fonts: tuple[str, ...] = ("regular", "bold")) -> str:
    """``text`` with each character one of ``fonts`` cannot draw written as ``[U+XXXX]``: what a sheet
    shows of a text that comes from a user (a seed), so it never prints an empty box."""
    faces = [face(f).advance for f in fonts]
    if all(all(ord(ch) in adv for adv in faces) for ch in text):
        return text
    return "".join(ch if all(ord(ch) in adv for adv in faces) else f"[U+{ord(ch):04X}]" for ch in text)


def wrap(runs: list[tuple[str, str]], width: float, size_pt: float) -> list[list[tuple[str, str]]]:
    """Greedy word wrap of styled runs ``[(text, font), ...]`` into lines no wider than ``width`` mm.

    Each line is a list of runs; words keep their font; a single word wider than the line stands alone.
    """
    words: list[tuple[str, str]] = []
    for text, font in runs:
        for i, w in enumerate(text.split(" ")):
            if w:
                words.append((w, font))
            elif i and words:
                pass
    lines: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    used = 0.0
    for w, font in words:
        wlen = text_width(w, size_pt, font)
        space = text_width(" ", size_pt, font) if current else 0.0
        if current and used + space + wlen > width + 1e-6:
            lines.append(current)
            current, used, space = [], 0.0, 0.0
        if current and current[-1][1] == font:
            current[-1] = (current[-1][0] + " " + w, font)
        elif current:
            current.append((" " + w, font))
        else:
            current.append((w, font))
        used += space + wlen
    if current:
        lines.append(current)
    return lines

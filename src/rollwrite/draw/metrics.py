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
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate

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
    """A font's measures.  A built-in font's advances stay packed as runs of code points (unpacking
    them into one dict costs about 1 ms a font): measuring looks a code point up in the runs
    (:meth:`advance_of`, :meth:`has`), ASCII in a table of its own.  A layout's own font comes
    measured as a dict (``_advance``)."""

    def __init__(self, name: str) -> None:
        self._advance: dict[int, int] | None = None
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
        self._widths = struct.unpack_from(f"<{(len(blob) - 4 - 8 * n) // 2}H", blob, 4 + 8 * n)
        self._starts = list(runs[0::2])  # each run's first code point, in order
        self._counts = runs[1::2]
        self._at = list(accumulate(self._counts, initial=0))  # where each run's widths start
        self._tables()

    def _own(self, rec: dict) -> None:
        """A layout's own font, measured from its file (see :mod:`rollwrite.draw.userfonts`)."""
        self.units = rec["units"]
        self.missing_width = rec["missing"]
        self.ascent = rec["ascent"] / self.units
        self._advance = rec["advance"]
        self._tables()

    def _tables(self) -> None:
        #: each ASCII code point's advance, the .notdef's where the font has no glyph
        self.ascii_widths = [self.advance_of(cp) for cp in range(128)]
        #: the font draws every printable ASCII character (space to tilde)
        self.ascii_ok = all(self.has(cp) for cp in range(32, 127))

    def _run(self, cp: int) -> int:
        """The index in the font's widths of code point ``cp``, or -1 when the font has no glyph for it."""
        i = bisect_right(self._starts, cp) - 1
        if i >= 0 and cp < self._starts[i] + self._counts[i]:
            return self._at[i] + cp - self._starts[i]
        return -1

    def has(self, cp: int) -> bool:
        """Whether the font draws code point ``cp``."""
        return cp in self._advance if self._advance is not None else self._run(cp) >= 0

    def advance_of(self, cp: int) -> int:
        """The advance width of code point ``cp`` (the .notdef's when the font has no glyph for it)."""
        if self._advance is not None:
            return self._advance.get(cp, self.missing_width)
        k = self._run(cp)
        return self._widths[k] if k >= 0 else self.missing_width

    def width(self, text: str, size_pt: float) -> float:
        if text.isascii():
            total = sum(map(self.ascii_widths.__getitem__, text.encode("ascii")))
        else:
            total = sum(map(self.advance_of, map(ord, text)))
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
    return sorted({ch for ch in text if not f.has(ord(ch)) and ch not in "\n\r\t"})


def printable(text: str, fonts: tuple[str, ...] = ("regular", "bold")) -> str:
    """``text`` with each character one of ``fonts`` cannot draw written as ``[U+XXXX]``: what a sheet
    shows of a text that comes from a user (a seed), so it never prints an empty box."""
    faces = [face(f) for f in fonts]
    if all(all(f.has(ord(ch)) for f in faces) for ch in text):
        return text
    return "".join(ch if all(f.has(ord(ch)) for f in faces) else f"[U+{ord(ch):04X}]" for ch in text)


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

"""Time `rollwrite print long-way --players 3` against a minimal reportlab script drawing the same pages.

Run by hand:  python benchmarks/print_long_way.py [repeats]

The minimal script gets every advantage: the drawing commands are prepared before its clock starts
(they are read off rollwrite's own scene), it skips layout loading, validation and scene building, and
it writes to memory. rollwrite's figure is the whole `print` path in-process: load and check the layout,
build the scene, render, and write the file atomically. Interpreter start-up is excluded from both.
The goal is a ratio within 1.25.
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from rollwrite.cli.print_cmd import run_print
from rollwrite.draw.metrics import FONT_FILES
from rollwrite.draw.scene import Circle, Line, Path as PathItem, Rect, Text
from rollwrite.resources import fonts_dir
from rollwrite.sheet import build_scene
from rollwrite.spec.layout import load_builtin

MM = 72 / 25.4


def minimal_ops():
    """The drawing commands of the three pages, as plain tuples in PDF points."""
    scene = build_scene(load_builtin("long-way"), sheets=3)
    pages = []
    for page in scene.pages:
        h = page.height
        ops = []
        for it in page.items:
            if isinstance(it, Text):
                ops.append(("t", it.font, it.size, it.anchor, it.x * MM, (h - it.y) * MM, it.text, it.color))
            elif isinstance(it, Line):
                ops.append(("l", it.width * MM, it.color, it.x1 * MM, (h - it.y1) * MM, it.x2 * MM, (h - it.y2) * MM))
            elif isinstance(it, Rect):
                ops.append(("r", it.width * MM, it.x * MM, (h - it.y - it.h) * MM, it.w * MM, it.h * MM, it.radius * MM,
                            bool(it.fill)))
            elif isinstance(it, Circle):
                ops.append(("c", it.width * MM, it.cx * MM, (h - it.cy) * MM, it.r * MM, bool(it.fill)))
            elif isinstance(it, PathItem):
                ops.append(("p", it.width * MM, [(x * MM, (h - y) * MM) for x, y in it.points], it.closed, bool(it.fill)))
        pages.append((page.width * MM, page.height * MM, ops))
    return pages


def register_fonts() -> None:
    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(f"M-{name}", str(fonts_dir() / file)))


def minimal_script(pages) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=pages[0][:2], invariant=1, initialFontName="M-regular")
    for w, h, ops in pages:
        c.setPageSize((w, h))
        for op in ops:
            kind = op[0]
            if kind == "t":
                _, font, size, anchor, x, y, text, color = op
                c.setFillColor(HexColor(color))
                c.setFont(f"M-{font}", size)
                {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor](x, y, text)
            elif kind == "l":
                c.setLineWidth(op[1])
                c.line(*op[3:])
            elif kind == "r":
                c.setLineWidth(op[1])
                if op[6]:
                    c.roundRect(op[2], op[3], op[4], op[5], op[6], fill=op[7])
                else:
                    c.rect(op[2], op[3], op[4], op[5], fill=op[7])
            elif kind == "c":
                c.setLineWidth(op[1])
                c.circle(op[2], op[3], op[4], fill=op[5])
            else:
                c.setLineWidth(op[1])
                p = c.beginPath()
                p.moveTo(*op[2][0])
                for pt in op[2][1:]:
                    p.lineTo(*pt)
                if op[3]:
                    p.close()
                c.drawPath(p, fill=op[4])
        c.showPage()
    c.save()
    return buf.getvalue()


def best(fn, repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    pages = minimal_ops()
    out = Path(tempfile.mkdtemp()) / "lw.pdf"
    run_print("long-way", players=3, output=out)  # warm caches (fonts parsed once per process in both)
    register_fonts()  # once per process, as rollwrite does
    minimal_script(pages)
    load_builtin.cache_clear()
    rw = best(lambda: (load_builtin.cache_clear(), run_print("long-way", players=3, output=out)), repeats)
    mini = best(lambda: minimal_script(pages), repeats)
    print(f"rollwrite print long-way --players 3 : best {rw[0] * 1000:7.1f} ms   median {rw[1] * 1000:7.1f} ms")
    print(f"minimal reportlab script (same pages): best {mini[0] * 1000:7.1f} ms   median {mini[1] * 1000:7.1f} ms")
    print(f"ratio (best): {rw[0] / mini[0]:.2f}   ratio (median): {rw[1] / mini[1]:.2f}   goal: <= 1.25")


if __name__ == "__main__":
    main()

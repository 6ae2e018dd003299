"""The floor for `rollwrite print`: a bare reportlab script that draws given pages and writes one PDF.

Usage (the benchmark runs it as its own process):  python floor_reportlab.py PAGES.json OUT.pdf

PAGES.json holds the pages already turned into PDF drawing operations (points, y upward; written by
benchmarks/scene_ops.py from rollwrite's own scene before any clock starts), so this script draws
exactly what rollwrite draws, with the same three DejaVu fonts embedded, and nothing else: no layout,
no checks, no command line.  What rollwrite draws once and places on many pages (a form) this script
also draws once, as a reportlab form.  It sets each graphics setting only when it changes, as a careful
hand-written script would, and compresses its streams as rollwrite does.

Only reportlab and the standard library are imported.
"""

from __future__ import annotations

import json
import sys

from reportlab import rl_config

rl_config.useA85 = 0  # Flate alone, as rollwrite writes its streams

from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402


def main() -> None:
    src, out = sys.argv[1], sys.argv[2]
    with open(src, encoding="utf-8") as fh:
        doc = json.load(fh)
    for name, path in doc["fonts"].items():
        pdfmetrics.registerFont(TTFont(name, path))
    first = doc["pages"][0]
    c = Canvas(out, pagesize=tuple(first["size"]), invariant=1, pageCompression=1,
               initialFontName=next(iter(doc["fonts"])), initialFontSize=10)
    c.setTitle(doc["title"])
    c.setViewerPreference("PrintScaling", "None")
    state: dict = {}
    colors: dict = {}

    def color(v):
        if v not in colors:
            colors[v] = HexColor(v)
        return colors[v]

    def line_style(width, stroke, dash, cap, join):
        if state.get("w") != width:
            c.setLineWidth(width)
            state["w"] = width
        if state.get("d", 0) != dash:
            c.setDash(dash or [])
            state["d"] = dash
        if stroke and state.get("s") != stroke:
            c.setStrokeColor(color(stroke))
            state["s"] = stroke
        if state.get("cap") != cap:
            c.setLineCap(cap)
            state["cap"] = cap
        if state.get("join") != join:
            c.setLineJoin(join)
            state["join"] = join

    def fill_style(fill):
        if fill and state.get("f") != fill:
            c.setFillColor(color(fill))
            state["f"] = fill

    def draw(ops):
        for op in ops:
            kind = op[0]
            if kind == "t":
                _, font, size, anchor, x, y, text, fill = op
                fill_style(fill)
                if state.get("font") != (font, size):
                    c.setFont(font, size)
                    state["font"] = (font, size)
                if anchor == "middle":
                    c.drawCentredString(x, y, text)
                elif anchor == "end":
                    c.drawRightString(x, y, text)
                else:
                    c.drawString(x, y, text)
            elif kind == "l":
                _, width, stroke, dash, cap, x1, y1, x2, y2 = op
                line_style(width, stroke, dash, cap, state.get("join", 0))
                c.line(x1, y1, x2, y2)
            elif kind == "r":
                _, width, stroke, fill, dash, x, y, w, h, radius = op
                fill_style(fill)
                line_style(width, stroke, dash, 0, 0)
                if radius:
                    c.roundRect(x, y, w, h, radius, stroke=1 if stroke else 0, fill=1 if fill else 0)
                else:
                    c.rect(x, y, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)
            elif kind == "c":
                _, width, stroke, fill, dash, x, y, r = op
                fill_style(fill)
                line_style(width, stroke, dash, state.get("cap", 0), state.get("join", 0))
                c.circle(x, y, r, stroke=1 if stroke else 0, fill=1 if fill else 0)
            elif kind == "p":
                _, width, stroke, fill, dash, cap, join, closed, points = op
                fill_style(fill)
                line_style(width, stroke, dash, cap, join)
                p = c.beginPath()
                p.moveTo(*points[0])
                for x, y in points[1:]:
                    p.lineTo(x, y)
                if closed:
                    p.close()
                c.drawPath(p, stroke=1 if stroke else 0, fill=1 if fill else 0)
            elif kind == "u":  # place a form: (name, a, b, c, d, e, f)
                c.saveState()
                c.transform(*op[2:])
                c.doForm(op[1])
                c.restoreState()
            else:
                raise SystemExit(f"unknown operation {kind!r}")

    forms_done: set = set()
    for page in doc["pages"]:
        c.setPageSize(tuple(page["size"]))
        for name in page.get("forms", []):
            if name in forms_done:
                continue
            form = doc["forms"][name]
            c.beginForm(name, *form["bbox"])
            state.clear()
            draw(form["ops"])
            c.endForm()
            forms_done.add(name)
        state.clear()
        draw(page["ops"])
        c.showPage()
    c.save()


if __name__ == "__main__":
    main()

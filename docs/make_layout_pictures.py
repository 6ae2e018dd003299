"""Draw the pictures of docs/layout.md from the examples written in it.

    .venv/bin/python docs/make_layout_pictures.py          # writes docs/images/layout/<name>.png
                                                           # and docs/images/sheets/<sheet>.png
    .venv/bin/python docs/make_layout_pictures.py --check  # only checks every example loads and fits

Each example in docs/layout.md is a YAML block right after a marker line

    <!-- picture NAME WIDTHxHEIGHT [seed=SEED] -->

The block is either a list of elements, drawn on a WIDTH x HEIGHT mm sheet, or a whole layout (starting
with ``game:``).  With ``seed=`` the sheet is drawn with that seeded schedule (for roll tracks and
challenge stamps).  Each sheet of ``examples/sheets/`` (layouts recreating published games) is drawn
the same way into ``docs/images/sheets/``.  The picture is the sheet alone, with a faint frame at its edge, at 72 dpi, so
it shows at true size on most screens and stays small in the repository.
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE / "layout.md"
OUT = HERE / "images" / "layout"
DPI = 72
MARKER = re.compile(r"<!-- picture (\S+) (\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(?: seed=(\S+))? -->\n```yaml\n(.*?)```",
                    re.S)


def examples(text: str) -> list[tuple[str, float, float, str | None, str]]:
    return [(m[1], float(m[2]), float(m[3]), m[4], m[5]) for m in MARKER.finditer(text)]


def layout_text(width: float, height: float, block: str) -> str:
    if block.lstrip().startswith(("game:", "extends:")):
        return block
    return (f"game: doc-picture\ntitle: Picture\nsheet:\n  size: [{width:g}, {height:g}]\n  elements:\n"
            + textwrap.indent(block, "    "))


def scene_of(name: str, width: float, height: float, seed: str | None, block: str):
    from rollwrite.dice import game_id, make_schedule
    from rollwrite.draw.scene import Page, Scene
    from rollwrite.buildcontext import BuildContext
    from rollwrite.layoutlang.layout import check_geometry, element_types, parse_layout

    layout = parse_layout(layout_text(width, height, block), str(DOC.parent / f"{name}.yaml"))
    check_geometry(layout)
    schedule = None
    if seed is not None and layout.dice is not None:
        gid = game_id(layout.game, seed=seed)
        schedule = make_schedule(layout.game, gid, layout.dice, seed=seed)
    pad = 2.0
    page = Page(layout.sheet.width + 2 * pad, layout.sheet.height + 2 * pad)
    pen = page.pen(pad, pad).with_vars(player="1", players="1")
    pen.rect(0, 0, layout.sheet.width, layout.sheet.height, width=0.2, stroke="#cccccc", dash=(1.0, 1.0))
    types = element_types(None)
    ctx = BuildContext(layout, layout.data, schedule, 1, 1, 1, 1)
    for el in layout.sheet.elements:
        types[el.type].build(el.value, el.place(pen), ctx)
    scene = Scene(title=name)
    scene.pages.append(page)
    return scene


SHEETS = HERE.parent / "examples" / "sheets"
SHEET_OUT = HERE / "images" / "sheets"


def sheet_scene(path: Path):
    """One player sheet of a recreated published sheet (examples/sheets/), drawn as print draws it."""
    from rollwrite.buildcontext import BuildContext
    from rollwrite.draw.scene import Page, Scene
    from rollwrite.layoutlang.layout import check_geometry, element_types, load_layout

    layout = load_layout(path, f"examples/sheets/{path.name}")
    check_geometry(layout)
    pad = 2.0
    page = Page(layout.sheet.width + 2 * pad, layout.sheet.height + 2 * pad)
    pen = page.pen(pad, pad).with_vars(player="1", players="1")
    types = element_types(None)
    ctx = BuildContext(layout, layout.data, None, 1, 1, 1, 1)
    for el in layout.sheet.elements:
        types[el.type].build(el.value, el.place(pen), ctx)
    scene = Scene(title=path.stem)
    scene.pages.append(page)
    return scene


def main(argv: list[str]) -> int:
    from rollwrite.draw import png

    check = "--check" in argv
    found = examples(DOC.read_text(encoding="utf-8"))
    OUT.mkdir(parents=True, exist_ok=True)
    from rollwrite.errors import RollwriteError

    for name, w, h, seed, block in found:
        try:
            scene = scene_of(name, w, h, seed, block)
        except RollwriteError as error:
            print(f"picture '{name}' in docs/layout.md: {error}", file=sys.stderr)
            return 1
        if not check:
            (OUT / f"{name}.png").write_bytes(png.render(scene, dpi=DPI)[0])
    sheets = sorted(SHEETS.glob("*.yaml"))
    SHEET_OUT.mkdir(parents=True, exist_ok=True)
    for path in sheets:
        try:
            scene = sheet_scene(path)
        except RollwriteError as error:
            print(f"sheet {path.name}: {error}", file=sys.stderr)
            return 1
        if not check:
            (SHEET_OUT / f"{path.stem}.png").write_bytes(png.render(scene, dpi=DPI)[0])
    print(f"{len(found)} pictures and {len(sheets)} sheets "
          f"{'checked' if check else f'written to {OUT.relative_to(HERE.parent)} and {SHEET_OUT.relative_to(HERE.parent)}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

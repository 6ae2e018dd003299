"""The example sheets of the layout language's second step: each checks (overlaps and greys included),
prints, stays short, and draws what it promises."""

from __future__ import annotations

from pathlib import Path

import pytest

from rollwrite.layoutlang.layout import load_layout

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "layouts"


@pytest.mark.parametrize("name,most", [("crossing-rows.yaml", 12), ("street-sheet.yaml", 12),
                                       ("hex-map.yaml", 8), ("party-score-card.yaml", 8),
                                       ("garden-plots.yaml", 12)])
def test_example_checks_in_greyscale_prints_and_is_short(cli, written, tmp_path, monkeypatch, name, most):
    monkeypatch.chdir(tmp_path)
    path = EXAMPLES / name
    assert written(path) <= most
    r = cli("check-layout", "--greyscale", str(path))
    assert r.exit_code == 0 and "ok" in r.output and r.stderr == ""
    r = cli("print", str(path), "-n", "2", "-o", "out.pdf")
    assert r.exit_code == 0 and Path("out.pdf").read_bytes().startswith(b"%PDF")
    r = cli("print", str(path), "-o", "out.svg")
    assert r.exit_code == 0


def test_crossing_rows_count_up_in_two_rows_and_down_in_two():
    layout = load_layout(EXAMPLES / "crossing-rows.yaml")
    texts = [e for e in layout.sheet.elements if e.type == "text" and e.value.size == 12]
    rows: dict[float, list[str]] = {}
    for t in texts:
        rows.setdefault(round(t.at[1], 1), []).append(t.value.text)
    up, down = [str(n) for n in range(2, 13)], [str(n) for n in range(12, 1, -1)]
    assert list(rows.values()) == [up, up, down, down]


def test_street_sheet_has_one_fence_fewer_than_houses_in_each_street():
    layout = load_layout(EXAMPLES / "street-sheet.yaml")
    boxes = [e for e in layout.sheet.elements if e.type == "box"]
    fences = [e for e in layout.sheet.elements if e.type == "line"]
    pools = [e for e in layout.sheet.elements if e.type == "ellipse"]
    assert (len(boxes), len(fences), len(pools)) == (10 + 11 + 12, 9 + 10 + 11, 2 + 3 + 4)
    titles = [e.value.text for e in layout.sheet.elements if e.type == "text" and "fences" in e.value.text]
    assert titles == ["Top street: 10 houses, 9 fences", "Middle street: 11 houses, 10 fences",
                      "Bottom street: 12 houses, 11 fences"]


def test_hex_map_places_the_village_and_ruins_in_their_hexes():
    from rollwrite.draw.hexes import centre, hex_box

    layout = load_layout(EXAMPLES / "hex-map.yaml")
    (island,) = [e for e in layout.sheet.elements if e.type == "hexgrid"]
    star = next(e for e in layout.sheet.elements if e.type == "star")
    cx, cy = centre(island.value, 5, 9)
    x0, y0, x1, y1 = hex_box(island.value, 5, 9)  # the part of the hex under its label
    assert star.at == pytest.approx((island.at[0] + cx, island.at[1] + (y0 + y1) / 2))
    assert star.at[1] > island.at[1] + cy
    assert len(island.value.cells()) == 5 + 7 + 9 + 11 * 3 + 9 + 7 + 3


def test_garden_plots_puts_its_pictures_and_own_icons_in_their_cells():
    layout = load_layout(EXAMPLES / "garden-plots.yaml")
    kinds = [e.value.kind for e in layout.sheet.elements if e.type == "image"]
    assert kinds == ["png"] * 4 + ["svg"] * 2
    ponds = [e for e in layout.sheet.elements if e.type == "icon" and getattr(e.value.name, "name", "") == "pond"]
    (garden,) = [e for e in layout.sheet.elements if e.type == "grid"]
    assert [(round((p.at[0] - garden.at[0]) // 14), round((p.at[1] - garden.at[1]) // 14)) for p in ponds] == \
        [(2, 2), (3, 2), (2, 3), (3, 3)]

"""An answer sheet's box labels stay clear of the starting corners' ringed numbers."""

from __future__ import annotations

from types import SimpleNamespace

from rollwrite.games.shelving_wars.sheet import _clear_of_corners

CELL = 10.0


def box(row: int, col: int, h: int, w: int) -> SimpleNamespace:
    return SimpleNamespace(row=row, col=col, h=h, w=w)


def area(t: SimpleNamespace) -> tuple[float, float, float, float]:
    return t.col * CELL, t.row * CELL, t.w * CELL, t.h * CELL


def test_a_wide_box_on_a_corner_leaves_out_the_corners_column():
    t = box(0, 0, 1, 2)  # 1 × 2 at A1, over the top-left corner
    assert _clear_of_corners(t, CELL, {(0, 0)}, area(t)) == (10.0, 0.0, 10.0, 10.0)
    t = box(8, 7, 2, 3)  # 2 × 3 ending at the bottom-right corner (J10) of a 10 × 10 battlefield
    assert _clear_of_corners(t, CELL, {(9, 9)}, area(t)) == (70.0, 80.0, 20.0, 20.0)


def test_a_box_one_square_wide_leaves_out_the_corners_row():
    t = box(0, 0, 3, 1)
    assert _clear_of_corners(t, CELL, {(0, 0)}, area(t)) == (0.0, 10.0, 10.0, 20.0)


def test_a_box_away_from_the_corners_or_of_one_square_keeps_its_area():
    t = box(2, 2, 2, 2)
    assert _clear_of_corners(t, CELL, {(0, 0), (9, 9)}, area(t)) == area(t)
    t = box(0, 0, 1, 1)
    assert _clear_of_corners(t, CELL, {(0, 0)}, area(t)) == area(t)

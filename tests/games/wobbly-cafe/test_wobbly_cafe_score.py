"""Wobbly Café scoring: hand-worked floors for each rule, the rules' worked example, the examples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rollwrite.games.wobbly_cafe import WobblyCafe
from rollwrite.games.wobbly_cafe.data import DEFAULT_DATA, parse_shape
from rollwrite.games.wobbly_cafe.format import CafeSheet, parse_sheet
from rollwrite.games.wobbly_cafe.rules import score_floor, score_sheet

from oracles.wobbly_cafe import groups_of

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "wobbly-cafe"
D = DEFAULT_DATA
EMPTY = ["....", "......", "........", "........", "........", "......", "...."]


def floor(*rows: str, data=D):
    """A floor from rows written as in the typed-in format ('.' empty, '|' and spaces ignored)."""
    out = []
    for r, text in enumerate(rows):
        chars = [ch for ch in text if ch not in " |"]
        assert len(chars) == data.row_len(r), (r, text)
        out.append(tuple(None if ch == "." else int(ch) for ch in chars))
    return tuple(out)


def with_rows(**changes: str):
    """The empty default floor with some rows (r1..r7) replaced."""
    rows = list(EMPTY)
    for key, text in changes.items():
        rows[int(key[1:]) - 1] = text
    return floor(*rows)


# ---------------------------------------------------------------- the rules' worked example

# Every bullet of the worked example holds on this floor (docs/rules/wobbly-cafe.md explains it):
# six lone 1s and a pair of joined 1s on the bottom row; two pairs of 2s and three joined 2s on the
# top row; four joined 3s near the bottom; one square of four 4s; five 5s on the left nice view;
# six 6s along the middle row from the left half to the right nice view; lone 1s that touch only
# diagonally (row 5 space 8, row 6 space 6 and the bottom pair).
GOLDEN = floor(
    "  22|21",
    " 144|322",
    "5544|5555",
    "5566|6666",
    "5122|1441",
    " 333|361",
    "  66|11",
)


def test_golden_worked_example_scores_36():
    fs = score_floor(GOLDEN, D)
    assert fs.counts == (6, 2, 0, 1, 2, 2)
    assert fs.formula() == "6×1 + 2×2 + 0×3 + 1×4 + 2×5 + 2×6 = 36"
    assert fs.score == 36


def test_golden_floor_matches_every_bullet_of_the_example():
    groups = groups_of(GOLDEN, D)
    by_value = lambda v: sorted(g.size for g in groups if g.value == v)  # noqa: E731
    assert by_value(1) == [1, 1, 1, 1, 1, 1, 2]
    ones_pair = next(g for g in groups if g.value == 1 and g.size == 2)
    assert ones_pair.spaces == ((6, 2), (6, 3))  # on the bottom row
    assert by_value(2) == [2, 2, 3]
    threes = next(g for g in groups if g.value == 2 and g.size == 3)
    assert {r for r, _ in threes.spaces} == {0}  # the three joined 2s are at the top
    assert 3 not in by_value(3) and 4 in by_value(3)
    four3 = next(g for g in groups if g.value == 3 and g.size == 4)
    assert {r for r, _ in four3.spaces} == {5}  # at the bottom
    assert by_value(4).count(4) == 1
    five5 = next(g for g in groups if g.value == 5 and g.size == 5)
    six6 = next(g for g in groups if g.value == 6 and g.size == 6)
    assert five5.nice and six6.nice
    cols = {D.rows[r][k] for r, k in six6.spaces}
    assert min(cols) < D.width // 2 <= max(cols)  # the sixes lie on both halves
    # a diagonal contact: two lone 1s touch corner to corner
    lone = [(r, D.rows[r][k]) for g in groups if g.value == 1 and g.size == 1 for r, k in g.spaces]
    assert any(abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1 for a in lone for b in lone)
    assert len(groups_of(GOLDEN, D)) == len(groups)


# ---------------------------------------------------------------- hand-worked floors


def test_seven_joined_sixes_pay_nothing():
    fs = score_floor(with_rows(r3="6666|666."), D)
    assert fs.counts == (0,) * 6 and fs.score == 0


def test_exactly_six_sixes_pay_six():
    fs = score_floor(with_rows(r3="6666|66.."), D)
    assert fs.counts == (0, 0, 0, 0, 0, 1) and fs.score == 6


def test_a_group_may_cross_the_middle_line():
    # four 4s: two on each side of the middle line, in an L across two rows
    fs = score_floor(with_rows(r5="..44|4...", r6="..4|..."), D)
    assert fs.counts == (0, 0, 0, 1, 0, 0) and fs.score == 4
    (g,) = groups_of(with_rows(r5="..44|4...", r6="..4|..."), D)
    assert g.size == 4 and not g.nice


def test_a_group_on_a_nice_view_pays_double_and_counts_twice():
    fl = with_rows(r3="55..|....", r4="555.|....")
    fs = score_floor(fl, D)
    assert fs.counts == (0, 0, 0, 0, 2, 0)
    assert fs.formula() == "0×1 + 0×2 + 0×3 + 0×4 + 2×5 + 0×6 = 10"


def test_the_right_nice_view_doubles_too():
    fs = score_floor(with_rows(r4="....|.333"), D)
    assert fs.score == 6 and fs.counts[2] == 2


def test_a_lone_one_on_a_nice_view_pays_two():
    assert score_floor(with_rows(r4="1...|...."), D).score == 2


def test_groups_of_other_sizes():
    cases = {
        "1...|....": 1,  # a lone 1
        "11..|....": 0,  # two joined 1s
        "2...|....": 0,  # a lone 2
        "22..|....": 2,  # exactly two 2s
        "222.|....": 0,  # three 2s
        "333.|....": 3,  # exactly three 3s
        "33..|....": 0,  # two 3s
        "4444|....": 4,  # exactly four 4s
        "4444|4...": 0,  # five 4s
        "5555|5...": 5,  # five 5s
        "5555|55..": 0,  # six 5s
    }
    for row, expected in cases.items():
        assert score_floor(with_rows(r3=row), D).score == expected, row


def test_diagonal_neighbours_are_not_joined():
    # two 1s corner to corner are two lone 1s; two 2s corner to corner pay nothing
    fl = with_rows(r2=".1.|.2.", r3="...1|..2.")
    fs = score_floor(fl, D)
    assert fs.counts == (2, 0, 0, 0, 0, 0)


def test_two_separate_groups_of_the_same_value_both_pay():
    fs = score_floor(with_rows(r3="22..|..22"), D)
    assert fs.counts[1] == 2 and fs.score == 4


def test_empty_spaces_and_values_outside_1_to_6_never_pay():
    fs = score_floor(with_rows(r3="1.7.|0.9.", r5="..8.|...."), D)
    assert fs.counts == (1, 0, 0, 0, 0, 0)
    # a 7 between two 1s keeps them apart
    assert score_floor(with_rows(r3="171.|...."), D).score == 2


def test_a_group_touching_two_nice_views_doubles_once():
    data = parse_shape(["*oo*"], floors=1)
    fl = ((4, 4, 4, 4),)
    fs = score_floor(fl, data)
    assert fs.counts == (0, 0, 0, 2, 0, 0) and fs.score == 8


def test_scoring_follows_the_shape_in_the_data():
    data = parse_shape(["o*", "oo"], floors=1)
    assert score_floor(((1, 2), (3, 3)), data).score == 1 + 0 + 0  # 2 alone, 3s are two: no tip
    assert score_floor(((1, 1), (3, 3)), data).score == 0
    assert score_floor(((2, 2), (1, 5)), data).score == 4 + 1  # the 2s touch the nice view


# ---------------------------------------------------------------- whole sheets


def test_total_breakdown_and_tiebreak():
    sheet = CafeSheet((GOLDEN, with_rows(r3="22..|...."), with_rows(r4="1...|....")), name="Ana")
    sc = score_sheet(sheet, D)
    assert sc.total == 36 + 2 + 2
    assert sc.breakdown["tiebreak"] == 2
    assert [f["score"] for f in sc.breakdown["floors"]] == [36, 2, 2]
    assert sc.breakdown["floors"][0]["formula"] == "6×1 + 2×2 + 0×3 + 1×4 + 2×5 + 2×6 = 36"
    assert sc.breakdown["floors"][0]["counts"] == {"1": 6, "2": 2, "3": 0, "4": 1, "5": 2, "6": 2}
    six = [g for g in sc.breakdown["floors"][0]["groups"] if g["value"] == 6][0]
    assert six == {"value": 6, "size": 6, "doubled": True, "tip": 12,
                   "spaces": [[4, 3], [4, 4], [4, 5], [4, 6], [4, 7], [4, 8]]}
    assert sc.report.splitlines() == [
        "Player: Ana",
        "Floor 1  6×1 + 2×2 + 0×3 + 1×4 + 2×5 + 2×6 = 36",
        "Floor 2  0×1 + 1×2 + 0×3 + 0×4 + 0×5 + 0×6 = 2",
        "Floor 3  2×1 + 0×2 + 0×3 + 0×4 + 0×5 + 0×6 = 2",
        "Total    36 + 2 + 2 = 40",
        "Tie-break (floor 3): 2",
    ]
    assert sc.players is None and sc.claimable() == [40]


def _stated(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"#\s*(score|daily|seed|valid):\s*(.+?)\s*", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


EXAMPLE_FILES = sorted(EXAMPLES.glob("*.txt"))


def test_there_are_several_examples():
    assert len(EXAMPLE_FILES) >= 4


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_examples_score_as_stated(path: Path):
    from rollwrite.dice import DiceSpec, game_id, make_schedule, parse_day

    stated = _stated(path)
    assert "score" in stated, f"{path.name} states no '# score:'"
    game = WobblyCafe()
    sheet = game.parse(path.read_text(encoding="utf-8"), str(path), D)
    assert game.evaluate(sheet, D, None).score.total == int(stated["score"])
    schedule = None
    spec = DiceSpec(count=2, sides=6, turns=22, labels=("die 1", "die 2"), groups=("Floor 1", "Floor 2", "Floor 3"))
    if "daily" in stated:
        gid = game_id("wobbly-cafe", day=parse_day(stated["daily"]))
        schedule = make_schedule("wobbly-cafe", gid, spec, day=stated["daily"])
    elif "seed" in stated:
        gid = game_id("wobbly-cafe", seed=stated["seed"])
        schedule = make_schedule("wobbly-cafe", gid, spec, seed=stated["seed"])
    problems = list(game.evaluate(sheet, D, schedule).problems)
    assert (not problems) == (stated.get("valid", "yes") == "yes"), problems


def test_worked_example_sheet_has_the_golden_first_floor():
    sheet = parse_sheet((EXAMPLES / "worked-example.txt").read_text(encoding="utf-8"), "x", D)
    assert sheet.floors[0] == GOLDEN
    assert score_sheet(sheet, D).breakdown["floors"][0]["score"] == 36

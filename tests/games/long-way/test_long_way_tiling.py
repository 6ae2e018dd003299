"""The search for a tiling of a finished Long Way sheet agrees with a plain exhaustive search: whether
any tiling exists, and the most walls a tiling can account for (what the bonus check compares)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from oracles import long_way as oracle
from strength import examples

from rollwrite.games.long_way.format import Gate, Sheet
from rollwrite.games.long_way.rules import find_tiling, placements
from rollwrite.layoutlang.layout import load_builtin

CHART = load_builtin("long-way").data
ROWS = 2  # tiles span at most two rows: two rows of marks exercise every shape


def most_walls(sheet: Sheet) -> int | None:
    """The most walls any tiling accounts for, trying every tiling; None when there is none."""
    cover = placements(CHART)
    filled = [i for i, m in enumerate(sheet.marks) if m in "o123456"]
    known: dict[frozenset, int | None] = {}

    def rest(used: frozenset) -> int | None:
        """The most walls the tiles still to lay can add (None: they cannot cover what is left)."""
        todo = [i for i in filled if i not in used]
        if not todo:
            return 0
        if used not in known:
            best = None
            for p in cover[todo[0]]:
                cells = frozenset(c for c, _ in p.walls_at)
                if not cells & used and oracle.suits(sheet, p):
                    more = rest(used | cells)
                    if more is not None and (best is None or p.nwalls + more > best):
                        best = p.nwalls + more
            known[used] = best
        return known[used]

    return rest(frozenset())


@st.composite
def small_sheets(draw):
    n = ROWS * 7
    marks = draw(st.lists(st.sampled_from(list("..ooooo123456A")), min_size=n, max_size=n))
    walls = draw(st.lists(st.sampled_from([0] * 4 + list(range(16))), min_size=n, max_size=n))
    rest = 49 - n
    return Sheet(tuple(marks) + (".",) * rest, tuple(walls) + (0,) * rest, (0,) * 49,
                 Gate(21, 8), Gate(27, 2), 0, 0, None)


@settings(max_examples=examples(300), deadline=None)
@given(small_sheets(), st.integers(0, 30))
def test_tiling_search_agrees_with_trying_every_tiling(sheet, need):
    best = most_walls(sheet)
    found = find_tiling(sheet, CHART, need=need)
    if best is None:
        assert found.found is None and not found.short
        return
    if not found.complete:
        return  # gave up: the check stays silent
    if best >= need:
        assert found.found is not None and not found.short
        assert found.explained == best == sum(p.nwalls for p in found.found)
        covered = [c for p in found.found for c, _ in p.walls_at]
        assert len(covered) == len(set(covered))
        assert all(oracle.suits(sheet, p) for p in found.found)
    else:
        assert found.short and found.found is None
        assert found.explained >= best  # the most walls found, or a bound that already falls short
        assert found.explained < need


@settings(max_examples=100, deadline=None)
@given(small_sheets())
def test_without_need_any_tiling_is_one_with_the_most_walls(sheet):
    best = most_walls(sheet)
    found = find_tiling(sheet, CHART)
    assert (found.found is None) == (best is None)
    if best is not None:
        assert found.explained == best

"""Property tests for The Long Way: the parser only ever raises InputError, format and parse round-trip,
and the fast scorer agrees with a plain reference on random stores (and never crashes)."""

from __future__ import annotations

from collections import deque
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from strength import examples

from rollwrite.errors import InputError
from rollwrite.games import get
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, Sheet, format_sheet, parse
from rollwrite.games.long_way.play import play
from rollwrite.layoutlang.layout import load_builtin

GAME = get("long-way")
CHART = load_builtin("long-way").data
SIDES = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}
OPP = {1: 4, 4: 1, 2: 8, 8: 2}
FAST = settings(max_examples=examples(150), deadline=None)


# ---------------------------------------------------------------- strategies


@st.composite
def cells(draw):
    marks = draw(st.lists(st.sampled_from(list(".......oooo123456AB")), min_size=49, max_size=49))
    walls = draw(st.lists(st.sampled_from([0] * 6 + list(range(16))), min_size=49, max_size=49))
    doors = [w & draw(st.integers(0, 15)) if draw(st.integers(0, 4)) == 0 else 0 for w in walls]
    return marks, walls, doors


def edge_gate(draw):
    side = draw(st.sampled_from([1, 2, 4, 8]))
    k = draw(st.integers(0, 6))
    cell = {1: k, 4: 42 + k, 8: 7 * k, 2: 7 * k + 6}[side]
    return Gate(cell, side)


@st.composite
def log_turns(draw):
    n = draw(st.integers(0, 6))
    out = []
    for i in range(1, n + 1):
        roll = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
        rerolls = tuple(draw(st.lists(st.tuples(st.integers(0, 1), st.integers(1, 6)), max_size=2)))
        kind = draw(st.sampled_from(["tile", "cafeteria", "stop"]))
        if kind == "tile":
            bonus = draw(st.one_of(
                st.none(), st.just(Bonus("coins")),
                st.builds(Bonus, st.sampled_from(["doorway", "wall"]), st.integers(0, 48), st.sampled_from([1, 2, 4, 8])),
            ))
            out.append(LogTurn(i, roll, rerolls, "tile", draw(st.integers(0, 48)),
                               (draw(st.integers(1, 6)), draw(st.integers(0, 48))), bonus))
        elif kind == "cafeteria":
            out.append(LogTurn(i, roll, rerolls, "cafeteria", cafe=(draw(st.integers(0, 48)), draw(st.integers(0, 48)))))
        else:
            out.append(LogTurn(i, roll, rerolls, "stop"))
    return tuple(out)


@st.composite
def sheets(draw, with_log=True):
    marks, walls, doors = draw(cells())
    log = draw(st.one_of(st.none(), log_turns())) if with_log else None
    return Sheet(tuple(marks), tuple(walls), tuple(doors), edge_gate(draw), edge_gate(draw),
                 draw(st.integers(0, 30)), draw(st.integers(0, 30)), log)


# ---------------------------------------------------------------- a plain reference scorer


def ref_total(sheet: Sheet) -> int:
    solid = [w & ~d for w, d in zip(sheet.walls, sheet.doors)]

    def nbrs(c):
        r, k = divmod(c, 7)
        for side, (dr, dk) in SIDES.items():
            rr, kk = r + dr, k + dk
            if 0 <= rr < 7 and 0 <= kk < 7:
                o = rr * 7 + kk
                if not solid[c] & side and not solid[o] & OPP[side]:
                    yield o

    def bfs(src):
        dist = {s: 0 for s in src}
        q = deque(src)
        while q:
            c = q.popleft()
            for o in nbrs(c):
                if o not in dist:
                    dist[o] = dist[c] + 1
                    q.append(o)
        return dist

    def val(c):
        m = sheet.marks[c]
        return 1 if m in "123456" else (-1 if m == "." and not sheet.walls[c] else 0)

    def leg(src, tgt):
        ds = bfs(src)
        reach = [t for t in tgt if t in ds]
        if not reach:
            return None
        d = min(ds[t] for t in reach)
        best = {}
        for c in sorted(ds, key=ds.get):
            if ds[c] > d:
                break
            if ds[c] == 0:
                best[c] = val(c)
            else:
                prev = [best[o] for o in nbrs(c) if ds.get(o) == ds[c] - 1 and o in best]
                best[c] = max(prev) + val(c)
        return max(best[t] for t in reach if ds[t] == d)

    for g in (sheet.entrance, sheet.exit):
        if solid[g.cell] & g.side:
            return 0
    cafes = {}
    for i, m in enumerate(sheet.marks):
        if m in "ABC":
            cafes.setdefault(m, []).append(i)
    stops = [[sheet.entrance.cell]] + [cafes[k] for k in sorted(cafes)]
    best = None
    for order in permutations(range(1, len(stops))):
        here, ok, left = 0, True, set(order)
        for nxt in order:
            dist = bfs(stops[here])
            near = [min((dist[c] for c in stops[o] if c in dist), default=None) for o in left]
            mine = min((dist[c] for c in stops[nxt] if c in dist), default=None)
            if mine is None or mine > min(x for x in near if x is not None):
                ok = False
                break
            left.discard(nxt)
            here = nxt
        if not ok:
            continue
        total, here = 0, 0
        for nxt in list(order) + [None]:
            v = leg(stops[here], [sheet.exit.cell] if nxt is None else stops[nxt])
            if v is None:
                total = None
                break
            total += v
            here = nxt
        if total is not None and (best is None or total > best):
            best = total
    return 0 if best is None else best


# ---------------------------------------------------------------- properties


@FAST
@given(st.text(max_size=400))
def test_any_text_parses_or_raises_input_error(text):
    try:
        parse(text, "any.txt")
    except InputError as e:
        assert e.file == "any.txt" and e.line is not None


@FAST
@given(st.lists(st.sampled_from([
    "entrance: A4 W", "exit: G1", "coins: gained 2", "store:", "log:", ". o 1 A B NS* W", "1 2 3 4 5 6 7",
    "1: roll 2 3, tile A1, display 2 A1", "2: roll 1 1, stop", "o o o o o o o", "# note", "r9c9", "bonus coins",
]), max_size=20))
def test_near_miss_sheets_parse_or_raise_input_error(lines):
    try:
        parse("\n".join(lines), "near.txt")
    except InputError as e:
        assert e.line is not None and e.col is not None


@FAST
@given(sheets())
def test_format_then_parse_round_trips(sheet):
    assert parse(format_sheet(sheet), "round.txt") == sheet


@FAST
@given(sheets(with_log=False))
def test_scorer_agrees_with_the_reference_and_never_crashes(sheet):
    score = GAME.evaluate(sheet, CHART, None).score
    assert score.total == ref_total(sheet)
    assert sum(leg["score"] for leg in score.breakdown["legs"]) == score.total
    list(GAME.evaluate(sheet, CHART, None).problems)  # must not crash on sheets that break rules


#: a game's dice: per turn the roll (light, dark) and each die's six rerolls
DICE = st.lists(st.tuples(st.tuples(st.integers(1, 6), st.integers(1, 6)),
                          st.tuples(st.lists(st.integers(1, 6), min_size=6, max_size=6).map(tuple),
                                    st.lists(st.integers(1, 6), min_size=6, max_size=6).map(tuple))),
                min_size=1, max_size=40)


@settings(max_examples=40, deadline=None)
@given(DICE, st.text(max_size=5))
def test_games_played_by_the_rules_pass_every_check(dice, style):
    sheet = play(CHART, dice, style=style)
    assert list(GAME.evaluate(sheet, CHART, None).problems) == []
    again = parse(format_sheet(sheet), "played.txt")
    assert again == sheet
    assert GAME.evaluate(again, CHART, None).score.total == ref_total(again)


@FAST
@given(sheets(with_log=False), st.integers(0, 48), st.sampled_from("123456"))
def test_a_display_off_every_shortest_leg_leaves_the_route_as_it_was(sheet, cell, face):
    """What the puzzle search relies on to weigh a tile once for all its display spaces off the route:
    a dotted or walled space outside ``PathResult.dag`` may take a display without changing the route
    or its score."""
    from dataclasses import replace

    from rollwrite.games.long_way.rules import customers_path

    before = customers_path(sheet)
    if sheet.marks[cell] not in ".o" or before.dag >> cell & 1 or (sheet.marks[cell] == "." and not sheet.walls[cell]):
        return  # only a space that is not empty, not a display or a cafeteria, and off every leg weighed
    after = customers_path(replace(sheet, marks=sheet.marks[:cell] + (face,) + sheet.marks[cell + 1:]))
    assert (after.total, after.legs, after.reason, after.order) == (before.total, before.legs, before.reason, before.order)

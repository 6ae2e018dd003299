"""The Long Way's finish-the-store puzzle: its proven par held against a brute force written here, plainly
(every finish of the next roll tried, none skipped, scored by the rules' scorer), its answer replayed by
the rules, and the command end to end (`puzzle --kind finish`, `score --puzzle`)."""

from __future__ import annotations

import datetime
import re

import pytest

from rollwrite.games.long_way.data import as_chart
from rollwrite.games.long_way.format import Gate, Sheet, format_sheet, parse
from rollwrite.games.long_way.play import play, schedule_dice
from rollwrite.games.long_way.rules import check, customers_path

N, E, S, W = 1, 2, 4, 8
OPP = {N: S, S: N, E: W, W: E}
CAFES = "AB"


def _puzzle(seed: str | None = None, daily: str | None = None):
    from rollwrite.core.puzzles import make_puzzles

    layout, _, (p,) = make_puzzles("long-way", seed=seed, daily=daily, options={"finish": 1})
    return as_chart(layout.data), p


def _next(cell: int, side: int) -> int:
    r, c = divmod(cell, 7)
    r, c = {N: (r - 1, c), S: (r + 1, c), E: (r, c + 1), W: (r, c - 1)}[side]
    return r * 7 + c if 0 <= r < 7 and 0 <= c < 7 else -1


def _blocked(walls, doors, cell: int, side: int) -> bool:
    nb = _next(cell, side)
    if walls[cell] & side and not doors[cell] & side:
        return True
    return nb >= 0 and bool(walls[nb] & OPP[side]) and not doors[nb] & OPP[side]


def _finishes(chart, marks, walls, doors, coins, rolls):
    """Every store the rules allow from this one in the turns ``rolls`` (a list of (roll, reserves)),
    stopping on any of them: plainly, with none skipped (a store met twice on the way is followed once)."""
    yield marks, walls, doors
    if not rolls:
        return
    (roll, reserve), rest = rolls[0], rolls[1:]
    kids = set()
    empty = [m == "." and not w for m, w in zip(marks, walls)]
    cafes = len({m for m in marks if m in CAFES})
    if cafes < 2:
        for a in range(49):
            for b in (a + 1, a + 7):
                if b < 49 and (b == a + 7 or a % 7 < 6) and empty[a] and empty[b]:
                    m = list(marks)
                    m[a] = m[b] = CAFES[cafes]
                    kids.add((tuple(m), walls, doors, coins))
    # each die's rerolls come from its own reserve, in order: the dice depend on how many of each
    for i in range(len(reserve[0]) + 1):
        for j in range(len(reserve[1]) + 1):
            if i + j > coins:
                continue
            dice = (reserve[0][i - 1] if i else roll[0], reserve[1][j - 1] if j else roll[1])
            tile = chart.tile(*dice)
            for at in range(49):
                ar, ac = divmod(at, 7)
                spots = [(ar + dr, ac + dc) for dr, dc in tile.cells]
                if not all(0 <= r < 7 and 0 <= c < 7 and empty[r * 7 + c] for r, c in spots):
                    continue
                cells = [r * 7 + c for r, c in spots]
                m0, w0 = list(marks), list(walls)
                for c, w in zip(cells, tile.walls):
                    w0[c] = w
                    m0[c] = "." if w else "o"
                for c in cells:
                    for face in set(dice):
                        m = list(m0)
                        m[c] = str(face)
                        earns = any(_next(c, s) >= 0 and m[_next(c, s)] in (CAFES[0], CAFES[1], str(face))
                                    and not _blocked(w0, doors, c, s) for s in (N, E, S, W))
                        left = coins - i - j
                        if not earns:
                            kids.add((tuple(m), tuple(w0), doors, left))
                            continue
                        kids.add((tuple(m), tuple(w0), doors, left + 2))
                        for x in range(49):
                            for s in (N, E, S, W):
                                if not w0[x] & s:  # a wall on any free side
                                    w = list(w0)
                                    w[x] |= s
                                    kids.add((tuple(m), tuple(w), doors, left))
                                nb = _next(x, s)
                                if _blocked(w0, doors, x, s):  # a doorway through every wall of the edge
                                    d = list(doors)
                                    if w0[x] & s:
                                        d[x] |= s
                                    if nb >= 0 and w0[nb] & OPP[s]:
                                        d[nb] |= OPP[s]
                                    kids.add((tuple(m), tuple(w0), tuple(d), left))
    for m, w, d, left in kids:
        yield from _finishes(chart, m, w, d, left, rest)


GATES = ((21, W), (6, N))


def seen(marks, walls, doors) -> tuple:
    """A store as the customers walk it: its marks, its empty spaces, each open edge between two spaces,
    and whether each gate is open."""
    empty = tuple(m == "." and not w for m, w in zip(marks, walls))
    ways = frozenset((c, s) for c in range(49) for s in (E, S) if _next(c, s) >= 0 and not _blocked(walls, doors, c, s))
    gates = tuple(not (walls[c] & s and not doors[c] & s) for c, s in GATES)
    return marks, empty, ways, gates


def brute(chart, p) -> tuple[int, int]:
    """(the best score of any finish of puzzle ``p``, how many different stores as the customers walk
    them score it)."""
    dice = schedule_dice(p.schedule)
    turns, rolls = p.extra["turns"], p.extra["rolls"]
    store = play(chart, dice[:turns], p.extra["style"])
    scores: dict[tuple, int] = {}
    for marks, walls, doors in _finishes(chart, store.marks, store.walls, store.doors,
                                         store.gained - store.spent, dice[turns:turns + rolls]):
        key = seen(marks, walls, doors)
        if key not in scores:  # the scorer reads only what the customers walk
            scores[key] = customers_path(Sheet(marks, walls, doors, Gate(21, W), Gate(6, N))).total
    best = max(scores.values())
    return best, sum(1 for v in scores.values() if v == best)


def _held(chart, p) -> None:
    assert p.par_proven and p.bound == p.par and not p.best_known
    assert brute(chart, p) == (p.par, p.extra["best_finishes"])
    answer = p.answer
    assert answer.puzzle == "finish"
    assert check(answer, chart, p.schedule) == []  # the answer's log replays by the rules
    assert customers_path(answer).total == p.par
    dice = schedule_dice(p.schedule)
    given = play(chart, dice[:p.extra["turns"]], p.extra["style"]).log
    assert answer.log[:len(given)] == given  # it starts from the automatic player's store


@pytest.mark.parametrize("seed", ["club", "2027", "finish", "a", "b", "c"])
def test_par_is_the_best_of_every_finish(seed):
    chart, p = _puzzle(seed=seed)
    _held(chart, p)


@pytest.mark.long
@pytest.mark.parametrize("day", [(datetime.date(2027, 1, 1) + datetime.timedelta(days=i)).isoformat()
                                 for i in range(365)])
def test_par_of_every_daily_of_2027(day):
    chart, p = _puzzle(daily=day)
    _held(chart, p)


def test_the_store_is_an_automatic_players_and_the_finish_matters():
    """The store is what the automatic player (in the style the puzzle names) drew in its first turns,
    at most 14 spaces empty (here walled shut: two rolls may open it); par beats stopping at once, 0,
    the player's own two rolls and the greedy player's finish."""
    from rollwrite.games.long_way.rules import customers_path

    chart, p = _puzzle(seed="club")
    dice = schedule_dice(p.schedule)
    turns, style = p.extra["turns"], p.extra["style"]
    store = play(chart, dice[:turns], style)
    assert p.extra["start"] == store
    assert sum(1 for m, w in zip(store.marks, store.walls) if m == "." and not w) <= 14
    assert customers_path(store).reason is not None  # 0 as it stands
    assert p.extra["rolls"] == 2
    own = customers_path(play(chart, dice[:turns + 2], style)).total
    assert p.par > max(0, customers_path(store).total, own)
    assert p.grade["reached_by"] not in ("automatic player", "greedy")
    assert p.grade["scores"][0] == own and p.grade["scores"][1] < p.par  # the automatic and the greedy player
    assert p.prompt.startswith(f"Finish the store: it stands as the automatic player left it after turn {turns}; "
                               "play the next 2 rolls")


def test_the_sheet_says_which_puzzle_it_answers():
    chart, p = _puzzle(seed="club")
    text = format_sheet(p.answer)
    assert text.startswith("puzzle: finish\n")
    assert parse(text, "a.txt") == p.answer
    with pytest.raises(Exception) as err:
        parse(text.replace("puzzle: finish", "puzzle: whole"), "a.txt")
    assert "'puzzle: whole' names no puzzle kind" in str(err.value)


def test_puzzle_and_score_from_the_command_line(tmp_path, cli):
    out = tmp_path / "p.pdf"
    res = cli("puzzle", "long-way", "--kind", "finish", "--seed", "club", "-o", str(out),
                  "--with-solutions", "--answers", str(tmp_path / "ans"))
    assert res.exit_code == 0, res.output
    assert re.match(r"long-way#club finish puzzle: par -?\d+ \(proven\)", res.output)
    (answer,) = (tmp_path / "ans").iterdir()
    res = cli("score", "long-way", str(answer), "--seed", "club", "--puzzle")
    assert res.exit_code == 0, res.output


def test_a_sheet_of_another_store_is_not_the_finish_puzzles_answer(tmp_path, cli, quick):
    """A whole game legal by the rules, marked as an answer to the finish puzzle: rule problem, exit 1."""
    from dataclasses import replace

    from rollwrite.core.puzzles import make_puzzles

    _, _, (whole,) = make_puzzles("long-way", seed="club")
    given = play(*_puzzle(seed="club")[:1], schedule_dice(whole.schedule)[:1]).log
    assert whole.answer.log[:1] != given  # the search's first turn is not the automatic player's
    (tmp_path / "a.txt").write_text(format_sheet(replace(whole.answer, puzzle="finish")))
    res = cli("score", "long-way", str(tmp_path / "a.txt"), "--seed", "club", "--puzzle")
    assert res.exit_code == 1, res.output
    assert "turn 1 is not the puzzle's: the store is given as it stands after turn" in res.output


def test_kind_errors(cli):
    res = cli("puzzle", "wobbly-cafe", "--kind", "finish", "--seed", "x")
    assert res.exit_code == 2
    assert "wobbly-cafe has no finish puzzle" in res.stderr
    res = cli("puzzle", "long-way", "--kind", "half", "--seed", "x")
    assert res.exit_code == 2
    assert "unknown puzzle kind 'half'" in res.stderr


def test_the_pages_say_what_to_do_and_the_answer_names_the_finish(tmp_path, cli):
    """The puzzle page carries the finish puzzle's own texts (none of free play's), what to do under the
    store and what par means; the answer page names each turn of the best finish."""
    from pypdf import PdfReader

    out = tmp_path / "p.pdf"
    res = cli("puzzle", "long-way", "--kind", "finish", "--daily", "2027-03-05", "-o", str(out), "--with-solutions")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("long-way@2027-03-05 finish puzzle: par 6 (proven) [medium]\n")  # as docs/puzzles.md says
    puzzle_page, answer_page = (" ".join(p.extract_text().split()) for p in PdfReader(out).pages)
    assert puzzle_page.startswith("The Long Way A puzzle for one: finish the store drawn below in two rolls. "
                                  "Reach par. Name long-way@2027-03-05 finish puzzle · par 6 (proven)")
    assert ("Finish the store as drawn after turn 16 (its rolls ticked): play rolls 17 and 18 or stop. "
            "Par 6 (proven): no finish scores more; 106 finished stores reach it.") in puzzle_page
    assert ("Par (top right) is proven: no finish of the two rolls scores more. Easy: one of the two first turns "
            "that score most at once leads to par; medium: one of the best seven; hard: none.") in puzzle_page
    for free_play in ("1 or more players", "the others play on", "Solo:", "mark entrance and exit", "active player"):
        assert free_play not in puzzle_page and free_play not in answer_page
    assert "Best finish" not in puzzle_page  # the puzzle page does not give the answer away
    assert ("Best finish: turn 17 (roll 4 6): a cafeteria on G4 and G5; turn 18 (roll 1 1): tile at G3 with a "
            "chair on G3 and two coins; turn 19 (roll 5 2): stop.") in answer_page


def test_the_finish_puzzle_has_its_own_id(tmp_path, cli):
    """``GAME@DATE finish puzzle`` names the finish puzzle wherever an id goes, apart from the whole
    game's ``GAME@DATE puzzle``; its answer file is named apart too."""
    res = cli("puzzle", "long-way#club finish puzzle", "--json", "-q", "-o", str(tmp_path / "p.pdf"),
              "--answers", str(tmp_path / "ans"))
    assert res.exit_code == 0, res.output
    assert '"id": "long-way#club finish puzzle"' in res.output
    (answer,) = (tmp_path / "ans").iterdir()
    assert answer.name == "long-way_club_finish.txt"
    assert answer.read_text().startswith("# answer to long-way#club finish puzzle\n")
    res = cli("score", "long-way#club finish puzzle", str(answer))
    assert res.exit_code == 0, res.output
    assert "of par" in res.output
    res = cli("score", "long-way#club puzzle", str(answer))
    assert res.exit_code == 2
    assert "the id names the whole game's puzzle, but the sheet answers the finish puzzle ('puzzle: finish')" in res.stderr

"""Lines & Sections refereed the plain way: every segment of the path asked why it might not be drawn
(``rules.segment_problem``), where the production referee draws a segment it may take at once."""

from __future__ import annotations

from rollwrite.games.lines_and_sections.format import Game
from rollwrite.games.lines_and_sections.rules import (
    Result, Trail, board, path_finished, report, segment_problem, shade_sections,
)


def referee(game: Game) -> Result:
    b = board(game.size)
    res = Result(game, b, Trail(b, b.point(*game.path[0]) if game.path else None))
    for i in range(1, len(game.path)):
        if not segment_problem(res, i, b.point(*game.path[i - 1]), b.point(*game.path[i])):
            return res
    if path_finished(res):
        shade_sections(res)
    return res


def score_parts(res: Result) -> tuple:
    """The score's total, breakdown, players and report, from the refereed result."""
    from rollwrite.games.lines_and_sections.rules import result_score

    s = result_score(res)
    return s.total, s.breakdown, s.players, report(res)

"""Lines & Sections refereed the plain way, from the rules alone (docs/rules/lines-and-sections.md), with
none of the production referee's tables: points are ``(x, y)`` pairs, a segment is the set of its two
end points, the path's earlier passes through a point are read off the list of points itself, sections
are found square by square, and the report and the score are written from that result.

Only the typed-in game (``format.Game``), the names of points and squares, and the ``Problem`` and
``Score`` a referee hands back come from rollwrite."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rollwrite.games.base import Problem
from rollwrite.games.lines_and_sections.format import Game, point_name, square_name

Point = tuple[int, int]
STEPS = {(0, -1): "up", (1, 0): "right", (0, 1): "down", (-1, 0): "left"}  # clockwise from up


@dataclass
class Result:
    """What the plain referee found.  ``sections`` is ``(of, squares, adjacent)`` as the production
    referee numbers them: in reading order of each section's first square."""

    game: Game
    points: list[Point] = field(default_factory=list)
    phase: str = "drawing"
    sections: tuple | None = None
    shaded: dict[int, int] = field(default_factory=dict)  # section -> move
    shaded_by: dict[int, int] = field(default_factory=dict)  # section -> player
    moves: list[dict] = field(default_factory=list)
    out: list[tuple[int, int | None, int | None, bool, str]] = field(default_factory=list)
    winner: int | None = None
    to_move: int | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def segments(self) -> int:
        return max(len(self.points) - 1, 0)


def on_board(n: int, p: Point) -> bool:
    return 0 <= p[0] <= n and 0 <= p[1] <= n


def segment_name(a: Point, b: Point) -> str:
    return f"{point_name(a)}–{point_name(b)}"


def drawn(points: list[Point]) -> dict[frozenset, int]:
    """Each drawn segment (the set of its ends) and the move that drew it."""
    return {frozenset((points[i - 1], points[i])): i for i in range(1, len(points))}


def why_not(n: int, points: list[Point], step: Point) -> str | None:
    """Why the path, drawn through ``points``, may not go on by ``step`` (None when it may)."""
    end = points[-1]
    nxt = (end[0] + step[0], end[1] + step[1])
    if not on_board(n, nxt):
        return f"it would leave the board ({STEPS[step]} from {point_name(end)})"
    seg = frozenset((end, nxt))
    done = drawn(points)
    if seg in done:
        return f"the segment {segment_name(end, nxt) if end < nxt else segment_name(nxt, end)} was drawn already " \
               f"(move {done[seg]})"
    # a pass through a point crosses an earlier one when both go straight through it (one across, one
    # along); a pass that turns, or an end of the path, only touches
    came = points[-2] if len(points) > 1 else None
    if came is not None and nxt[0] - end[0] == end[0] - came[0] and nxt[1] - end[1] == end[1] - came[1]:
        for i in range(1, len(points) - 1):
            if points[i] == end:
                before, after = points[i - 1], points[i + 1]
                if after[0] - end[0] == end[0] - before[0] and after[1] - end[1] == end[1] - before[1]:
                    return (f"the path would cross itself at {point_name(end)}, where it went straight through "
                            f"on moves {i}–{i + 1}; a later pass may touch there but not cross")
    return None


def options(n: int, points: list[Point]) -> list[Point]:
    """The steps the path may take next, clockwise from up."""
    return [s for s in STEPS if why_not(n, points, s) is None]


def stuck(n: int, points: list[Point]) -> bool:
    return len(points) >= 2 and not options(n, points)


def stop(res: Result, move: int, message: str, rule: str, line: int | None) -> None:
    res.problems.append(Problem(f"move {move}", message, rule, line))
    res.phase = "stopped"
    res.to_move = None


def referee(game: Game) -> Result:
    res = Result(game)
    n, names = game.size, game.players
    if not game.path:
        return finish_path(res)
    res.points = [game.path[0]]
    for i in range(1, len(game.path)):
        a, c = game.path[i - 1], game.path[i]
        line = game.where_point(i)[0]
        step = (c[0] - a[0], c[1] - a[1])
        who = names[(i - 1) % len(names)]
        if step not in STEPS:
            stop(res, i, f"{who} goes from {point_name(a)} to {point_name(c)}, which is not one unit segment "
                         "along a grid line", "unit-step", line)
            return res
        if stuck(n, res.points):
            stop(res, i, f"the path could not be drawn further after move {i - 1} (it ended at {point_name(a)}): "
                         f"this segment breaks a rule — {why_not(n, res.points, step)}", "path-ended", line)
            return res
        why = why_not(n, res.points, step)
        if why is not None:
            stop(res, i, f"{who} may not draw {point_name(a)}–{point_name(c)}: {why}",
                 "no-repeat" if "drawn already" in why else "no-crossing", line)
            return res
        res.points.append(c)
    return finish_path(res)


def finish_path(res: Result) -> Result:
    game, n = res.game, res.game.size
    moves = res.segments
    if moves and stuck(n, res.points):
        shade(res)
        return res
    res.phase, res.to_move = "drawing", moves % len(game.players)
    if game.shades:
        first = game.shades[0]
        if not moves:
            stop(res, 1, "shading begins before any segment is drawn", "phase-1-first", first.line)
        else:
            end = res.points[-1]
            there = " or ".join(point_name((end[0] + s[0], end[1] + s[1])) for s in options(n, res.points))
            stop(res, moves + 1, f"shading begins, but the path can still be drawn from {point_name(end)} "
                                 f"(to {there}); phase 1 goes on until it cannot", "phase-1-ends-when-stuck",
                 first.line)
    return res


def find_sections(n: int, points: list[Point]) -> tuple:
    """Squares joined through every side no drawn segment covers (a square is named by its top-left
    corner); sections in reading order of their first square, and the sections each one borders."""
    segs = drawn(points)

    def wall(a: Point, b: Point) -> bool:  # the side between squares a and b is drawn
        if a[1] == b[1]:  # side by side: the vertical side x = max(ax, bx)
            x = max(a[0], b[0])
            return frozenset(((x, a[1]), (x, a[1] + 1))) in segs
        y = max(a[1], b[1])
        return frozenset(((a[0], y), (a[0] + 1, y))) in segs

    def next_to(sq: Point) -> list[Point]:
        x, y = sq
        return [(x + dx, y + dy) for dx, dy in STEPS if 0 <= x + dx < n and 0 <= y + dy < n]

    of: dict[Point, int] = {}
    groups: list[list[Point]] = []
    for y in range(n):
        for x in range(n):
            if (x, y) in of:
                continue
            k = len(groups)
            of[(x, y)] = k
            group, todo = [], [(x, y)]
            while todo:
                sq = todo.pop()
                group.append(sq)
                for other in next_to(sq):
                    if other not in of and not wall(sq, other):
                        of[other] = k
                        todo.append(other)
            groups.append(group)
    adjacent: list[set[int]] = [set() for _ in groups]
    for sq, k in of.items():
        for other in next_to(sq):
            if of[other] != k:
                adjacent[k].add(of[other])
    number = {(x, y): y * n + x for y in range(n) for x in range(n)}
    return (tuple(of[(s % n, s // n)] for s in range(n * n)),
            tuple(tuple(sorted(number[sq] for sq in g)) for g in groups),
            tuple(frozenset(a) for a in adjacent))


def key(k: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[k] if k < 26 else letters[k // 26 - 1] + letters[k % 26]


def shade(res: Result) -> None:
    game, n = res.game, res.game.size
    names = game.players
    P = len(names)
    res.sections = of, squares, adjacent = find_sections(n, res.points)
    res.phase = "shading"
    gone: list[int] = []

    def after(p: int) -> int:
        for k in range(1, P + 1):
            if (p + k) % P not in gone:
                return (p + k) % P
        return p

    def nothing_left(cur: int) -> int:
        while len(gone) < P - 1 and len(res.shaded) == len(squares):
            res.out.append((cur, None, None, True, "nothing was left to shade"))
            gone.append(cur)
            cur = after(cur)
        return cur

    cur = res.segments % P
    for j, s in enumerate(game.shades):
        move = res.segments + 1 + j
        cur = nothing_left(cur)
        if len(gone) == P - 1:
            last = res.moves[-1]["move"] if res.moves else res.segments
            return stop(res, move, f"the game was over after move {last}: {names[cur]} had won", "game-over",
                        s.line)
        k = of[s.square[1] * n + s.square[0]]
        who = names[cur]
        if s.player is not None and s.player.casefold() != who.casefold():
            named = [i for i, p in enumerate(names) if p.casefold() == s.player.casefold()]
            if not named:
                msg = f"'{s.player}' is not one of the players ({', '.join(names)})"
            elif named[0] in gone:
                msg = f"{names[named[0]]} is out already; it is {who}'s turn"
            else:
                msg = f"it is {who}'s turn, not {names[named[0]]}'s"
            return stop(res, move, msg, "turn-order", s.line)
        if k in res.shaded:
            return stop(res, move, f"{who} names {square_name(s.square)}, which lies in section {key(k)} (shaded "
                                   f"on move {res.shaded[k]}); a move shades an unshaded section",
                        "unshaded-section", s.line)
        safe = safe_sections(res)
        touching = sorted(t for t in adjacent[k] if t in res.shaded)
        res.shaded[k], res.shaded_by[k] = move, cur
        entry: dict[str, Any] = {"move": move, "player": who, "square": square_name(s.square), "section": key(k),
                                 "safe": not touching}
        if touching:
            forced = not safe
            plural = "s" if len(touching) > 1 else ""
            left = ("no safe section was left (forced)" if forced else
                    f"{len(safe)} safe section{'s were' if len(safe) != 1 else ' was'} left")
            res.out.append((cur, move, k, forced, f"section {key(k)} shares a side with shaded section{plural} "
                                                  f"{', '.join(key(t) for t in touching)}; {left}"))
            entry["out"], entry["forced"] = True, forced
            gone.append(cur)
        res.moves.append(entry)
        alive = [i for i in range(P) if i not in gone]
        cur = after(cur) if len(alive) > 1 else alive[0]
    cur = nothing_left(cur)
    if len(gone) == P - 1:
        res.phase, res.winner, res.to_move = "over", next(i for i in range(P) if i not in gone), None
    else:
        res.to_move = cur


def safe_sections(res: Result) -> list[int]:
    if res.sections is None:
        return []
    squares, adjacent = res.sections[1], res.sections[2]
    return [k for k in range(len(squares))
            if k not in res.shaded and not any(j in res.shaded for j in adjacent[k])]


# ---------------------------------------------------------------- the score and its report


def board_text(res: Result) -> str:
    n = res.game.size
    segs = drawn(res.points)
    touched = {p for seg in segs for p in seg}
    lines = ["    " + "".join(f"{chr(65 + x):<4}" for x in range(n + 1))]
    for y in range(n + 1):
        row = f"{y + 1:>3} "
        for x in range(n + 1):
            row += "+" if (x, y) in touched else "."
            if x < n:
                row += "---" if frozenset(((x, y), (x + 1, y))) in segs else "   "
        lines.append(row)
        if y == n:
            break
        row = "    "
        for x in range(n + 1):
            row += "|" if frozenset(((x, y), (x, y + 1))) in segs else " "
            if x < n:
                if res.sections is None:
                    row += "   "
                else:
                    k = res.sections[0][y * n + x]
                    if k in res.shaded:
                        row += f"#{key(k)}#" if len(key(k)) == 1 else f"#{key(k)}"
                    else:
                        row += f" {key(k):<2}"
        lines.append(row)
    return "\n".join(line.rstrip() for line in lines)


def players(res: Result) -> list[dict]:
    names = res.game.players
    order = [o[0] for o in res.out]
    out = []
    for i, name in enumerate(names):
        went = [o for o in res.out if o[0] == i]
        if res.winner == i:
            status = "winner"
        elif went:
            move, forced = went[0][1], went[0][3]
            status = (f"out on move {move}" + (" (forced)" if forced else " (by mistake)") if move is not None
                      else "out: nothing left to shade")
        elif res.phase == "stopped":
            status = "unknown (a rule was broken)"
        else:
            status = "still in"
        out.append({"name": name, "total": order.index(i) if i in order else len(order), "result": status})
    return out


def breakdown(res: Result) -> dict:
    names, n = res.game.players, res.game.size
    sections = []
    if res.sections is not None:
        for k, squares in enumerate(res.sections[1]):
            first = squares[0]
            sections.append({
                "key": key(k), "first_square": square_name((first % n, first // n)), "squares": len(squares),
                "borders": sorted(key(j) for j in res.sections[2][k]), "shaded_on": res.shaded.get(k),
                "shaded_by": names[res.shaded_by[k]] if k in res.shaded_by else None})
    return {
        "size": n,
        "players": list(names),
        "phase": res.phase,
        "path": {"segments": res.segments, "points": [point_name(p) for p in res.points],
                 "complete": res.sections is not None},
        "sections": sections,
        "moves": res.moves,
        "out": [{"player": names[p], "move": m, "section": key(k) if k is not None else None, "forced": f,
                 "reason": r} for p, m, k, f, r in res.out],
        "winner": names[res.winner] if res.winner is not None else None,
        "to_move": names[res.to_move] if res.to_move is not None else None,
    }


def report(res: Result) -> str:
    names, n, moves = res.game.players, res.game.size, res.segments
    s = "s" if moves != 1 else ""
    lines = [f"{n}×{n} board, {len(names)} players in turn order: {', '.join(names)}"]
    if res.phase == "drawing":
        lines.append(f"path: {moves} segment{s} so far, still being drawn")
    elif res.phase == "stopped" and res.sections is None:
        lines.append(f"path: {moves} legal segment{s} before the broken rule")
    elif res.points:
        lines.append(f"path: {moves} segments (moves 1–{moves}), ending at {point_name(res.points[-1])} where it "
                     "cannot be drawn further")
    else:
        lines.append("path: none")
    lines.append(board_text(res))
    if res.sections is not None:
        lines.append(f"sections: {len(res.sections[1])} (each square shows its section's key; # marks shaded ones)")
    for m in res.moves:
        reason = next((o[4] for o in res.out if o[1] == m["move"]), None)
        lines.append(f"move {m['move']}: {m['player']} shades {m['square']} (section {m['section']})"
                     + (f" — out: {reason}" if reason else " — safe"))
    for p, move, _, _, reason in res.out:
        if move is None:
            lines.append(f"{names[p]} is out: {reason} on their turn")
    if res.winner is not None:
        lines.append(f"winner: {names[res.winner]}")
    elif res.phase == "shading" and res.to_move is not None:
        safe = len(safe_sections(res))
        lines.append(f"game not finished: {names[res.to_move]} to shade next "
                     f"({safe} safe section{'s' if safe != 1 else ''} left)")
    elif res.phase == "drawing" and res.to_move is not None:
        lines.append(f"game not finished: {names[res.to_move]} to draw the next segment")
    elif res.phase == "stopped":
        lines.append("no result: refereeing stopped at the broken rule below")
    lines.append("a player's total is the number of players they outlasted")
    return "\n".join(x for x in lines if x) + "\n"


def score_parts(res: Result) -> tuple:
    """The score's total, breakdown, players and report, from the plain result."""
    ps = players(res)
    return ps[0]["total"], breakdown(res), ps, report(res)


# ---------------------------------------------------------------- the first shading, by plain game-tree search


def shadings_that_win(adjacent: tuple) -> list[int]:
    """Every first shading that wins for the player who shades first (two players, nothing shaded yet),
    by plain game-tree search over the sets of safe sections: a player with no safe section goes out.
    ``adjacent[k]`` is the set of sections section k borders."""
    every = frozenset(range(len(adjacent)))
    return [k for k in sorted(every) if not _mover_wins(adjacent, every - adjacent[k] - {k})]


def wins_within(adjacent: tuple, k: int, shadings: int) -> bool:
    """Whether the player who shades section k first (nothing shaded before) can always leave the
    opponent nothing safe by their ``shadings``-th shading at the latest, whatever the opponent shades."""
    every = frozenset(range(len(adjacent)))
    return _forced(adjacent, every - adjacent[k] - {k}, shadings)


def _mover_wins(adjacent: tuple, safe: frozenset) -> bool:
    memo: dict[frozenset, bool] = {}

    def wins(safe: frozenset) -> bool:
        if safe not in memo:
            memo[safe] = any(not wins(safe - adjacent[k] - {k}) for k in safe)
        return memo[safe]

    return wins(safe)


def _forced(adjacent: tuple, left: frozenset, shadings: int) -> bool:
    """Whether, with ``left`` safe and the opponent to shade, the player can leave nothing safe within
    ``shadings`` shadings of their own counting the one just made."""
    if not left:
        return True
    if shadings <= 1:
        return False
    return all(any(_forced(adjacent, (left - adjacent[r] - {r}) - adjacent[m] - {m}, shadings - 1)
                   for m in left - adjacent[r] - {r})
               for r in left)

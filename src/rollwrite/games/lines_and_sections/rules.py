"""Lines & Sections: the board, the path's rules, the sections, and the referee.

docs/rules/lines-and-sections.md states every reading of the rules made here.  In short:

- Phase 1: the players take turns, in the order the game lists them, each drawing one unit segment of
  one shared path from where it last ended.  No segment twice; at a point the path reaches again, the
  new pass may touch the earlier one but not cross it.  With four directions around a point (up,
  right, down, left in clockwise order), two passes cross exactly when their direction pairs
  interleave in that cyclic order.  Phase 1 ends when no segment can be added, and not before.
- Sections are the regions of squares joined through sides the path does not cover; squares that only
  meet at a corner are never joined, and segments along the border separate nothing.
- Phase 2: turns go on round the table from the player after the one who drew the last segment.  Each
  move shades one unshaded section.  A player who shades a section sharing a side with a shaded one is
  out (forced when no safe section was left, by mistake otherwise); a player who finds nothing left to
  shade is out too.  The last player left wins.

Points are ``(x, y)`` with 0 <= x, y <= n (x to the right, y down); squares are ``(x, y)`` by their
top-left corner.  Edges (unit segments) and squares are numbered so that sets of them are Python ints
used as bit masks (the solver relies on that).  Rules code: nothing here imports drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rollwrite.games.base import Evaluation, LazyScore, Problem, Score
from rollwrite.games.lines_and_sections.format import Game, Point, point_name, square_name
from rollwrite.games.sheettext import column_letter

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # clockwise from up
DIRECTION_WORDS = ("up", "right", "down", "left")
OPPOSITE = (DOWN, LEFT, UP, RIGHT)


def between(a: int, b: int, x: int) -> bool:
    """Whether direction ``x`` lies strictly inside the clockwise turn from ``a`` to ``b``."""
    return 0 < (x - a) % 4 < (b - a) % 4


def crosses(first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether two passes through one point cross.  Each pass is the pair of directions (from the point)
    of its two segments; the four directions are distinct.  They cross when the pairs interleave in the
    clockwise order up, right, down, left: one of the second pass's segments lies on each side of the
    first pass.  With four directions that happens only when both passes go straight through."""
    a, b = first
    c, d = second
    return between(a, b, c) != between(a, b, d)


# ---------------------------------------------------------------- the board


class Board:
    """The geometry of an n×n board: points, unit segments (edges) and squares, with lookup tables."""

    def __init__(self, n: int) -> None:
        self.n = n
        side = n + 1
        self.points = side * side
        self.squares = n * n
        # edge ids: horizontal (x, y)-(x+1, y) first, then vertical (x, y)-(x, y+1)
        self.edges = 2 * n * side
        self.edge_at: list[list[int]] = [[-1] * 4 for _ in range(self.points)]  # point, direction -> edge
        self.ends: list[tuple[int, int]] = [(0, 0)] * self.edges  # edge -> its two points
        self.sides: list[tuple[int, int] | None] = [None] * self.edges  # edge -> the two squares it parts
        for y in range(side):
            for x in range(n):
                e = y * n + x
                a, b = self.point(x, y), self.point(x + 1, y)
                self.ends[e] = (a, b)
                self.edge_at[a][RIGHT] = e
                self.edge_at[b][LEFT] = e
                if 0 < y < n:
                    self.sides[e] = (self.square(x, y - 1), self.square(x, y))
        for y in range(n):
            for x in range(side):
                e = n * side + y * side + x
                a, b = self.point(x, y), self.point(x, y + 1)
                self.ends[e] = (a, b)
                self.edge_at[a][DOWN] = e
                self.edge_at[b][UP] = e
                if 0 < x < n:
                    self.sides[e] = (self.square(x - 1, y), self.square(x, y))
        self.inner = 0  # mask of the edges between two squares
        for e, s in enumerate(self.sides):
            if s is not None:
                self.inner |= 1 << e
        self.around = [0] * self.points  # point -> mask of its edges
        for p in range(self.points):
            for e in self.edge_at[p]:
                if e >= 0:
                    self.around[p] |= 1 << e
        # the point one step away in each direction (None off the board), and the direction of each
        # unit step between two points: neighbour() and direction() as tables
        self.next_point: list[tuple[int | None, ...]] = [
            tuple(self.neighbour(p, d) for d in range(4)) for p in range(self.points)]
        self.step_dir: dict[tuple[int, int], int] = {
            (p, q): d for p in range(self.points) for d, q in enumerate(self.next_point[p]) if q is not None}
        self.point_names: tuple[str, ...] = tuple(self.point_name(p) for p in range(self.points))
        # square -> list of (neighbour square, edge between)
        self.next_to: list[list[tuple[int, int]]] = [[] for _ in range(self.squares)]
        for e, s in enumerate(self.sides):
            if s is not None:
                self.next_to[s[0]].append((s[1], e))
                self.next_to[s[1]].append((s[0], e))

    def point(self, x: int, y: int) -> int:
        return y * (self.n + 1) + x

    def xy(self, p: int) -> Point:
        return p % (self.n + 1), p // (self.n + 1)

    def square(self, x: int, y: int) -> int:
        return y * self.n + x

    def square_xy(self, s: int) -> Point:
        return s % self.n, s // self.n

    def point_name(self, p: int) -> str:
        return point_name(self.xy(p))

    def square_name(self, s: int) -> str:
        return square_name(self.square_xy(s))

    def edge_name(self, e: int) -> str:
        a, b = self.ends[e]
        return f"{self.point_name(a)}–{self.point_name(b)}"

    def direction(self, a: int, b: int) -> int | None:
        """The direction of the unit step from point a to point b, or None when they are not neighbours."""
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        try:
            return STEPS.index((bx - ax, by - ay))
        except ValueError:
            return None

    def neighbour(self, p: int, d: int) -> int | None:
        x, y = self.xy(p)
        dx, dy = STEPS[d]
        if 0 <= x + dx <= self.n and 0 <= y + dy <= self.n:
            return self.point(x + dx, y + dy)
        return None


@lru_cache(maxsize=None)
def board(n: int) -> Board:
    return Board(n)


# ---------------------------------------------------------------- phase 1: the path


class Trail:
    """The path as drawn so far, with what the rules need to know to extend it.

    ``last`` is the direction, seen from the end point, of the segment that arrived there (None before
    the first segment); ``passes[p]`` lists the earlier passes through point p as direction pairs.
    """

    def __init__(self, b: Board, start: int | None = None) -> None:
        self.board = b
        self.points: list[int] = [] if start is None else [start]
        self.used = 0
        self.drawn_on: dict[int, int] = {}  # edge -> the move (1-based) that drew it
        self.last: int | None = None
        self.passes: dict[int, list[tuple[int, int, int]]] = {}  # point -> (dir a, dir b, move)

    @property
    def end(self) -> int | None:
        return self.points[-1] if self.points else None

    @property
    def segments(self) -> int:
        return len(self.points) - 1 if self.points else 0

    def why_not(self, d: int) -> str | None:
        """Why the path may not go on from its end in direction ``d`` (None when it may)."""
        b = self.board
        p = self.end
        assert p is not None
        e = b.edge_at[p][d]
        if e < 0:
            return f"it would leave the board ({DIRECTION_WORDS[d]} from {b.point_name(p)})"
        if e in self.drawn_on:
            return f"the segment {b.edge_name(e)} was drawn already (move {self.drawn_on[e]})"
        move = self.crossed(p, d)
        if move is not None:
            return (f"the path would cross itself at {b.point_name(p)}, where it went straight through "
                    f"on moves {move}–{move + 1}; a later pass may touch there but not cross")
        return None

    def blocked(self, d: int) -> bool:
        """``why_not(d) is not None``, without putting the reason into words."""
        p = self.points[-1]
        e = self.board.edge_at[p][d]
        return e < 0 or e in self.drawn_on or (p in self.passes and self.crossed(p, d) is not None)

    def crossed(self, p: int, d: int) -> int | None:
        """The move of the earlier pass through point ``p`` that going on in direction ``d`` would
        cross (None when it crosses none)."""
        last = self.last
        if last is not None:
            for a1, a2, move in self.passes.get(p, ()):
                if crosses((a1, a2), (last, d)):
                    return move
        return None

    def options(self) -> list[int]:
        """The directions the path may take next (every direction before the first point is chosen
        makes no sense: call this only once the path has a start)."""
        if self.end is None:
            return []
        return [d for d in range(4) if not self.blocked(d)]

    def stuck(self) -> bool:
        if not self.points or len(self.points) < 2:
            return False
        blocked = self.blocked
        return blocked(0) and blocked(1) and blocked(2) and blocked(3)

    def step(self, d: int) -> None:
        """Draw the next segment in direction ``d`` (which must be allowed)."""
        b = self.board
        p = self.end
        assert p is not None
        e = b.edge_at[p][d]
        move = self.segments + 1
        if self.last is not None:
            self.passes.setdefault(p, []).append((self.last, d, move - 1))
        q = b.next_point[p][d]
        assert q is not None and e >= 0
        self.used |= 1 << e
        self.drawn_on[e] = move
        self.points.append(q)
        self.last = OPPOSITE[d]


def next_steps(b: Board, used: int, end: int, last: int) -> list[int]:
    """The directions a path may take from ``end`` (arrived from direction ``last``) given the set of
    drawn edges ``used`` — the same rule as :meth:`Trail.why_not` from the drawn edges alone.

    At the end point, the drawn edges are the arrival, one edge at the start point, and two per earlier
    pass; so an odd count of 3 means one earlier pass, and with only one edge left to take, the new
    pass crosses it exactly when it would go straight on.
    """
    out = []
    around = used & b.around[end]
    count = bin(around).count("1")
    for d in range(4):
        e = b.edge_at[end][d]
        if e < 0 or (used >> e) & 1:
            continue
        if count == 3 and d == OPPOSITE[last]:
            continue
        out.append(d)
    return out


# ---------------------------------------------------------------- sections


@dataclass(frozen=True)
class Sections:
    """The sections of a board: ``of[s]`` is the section of square s; sections are numbered in reading
    order of their first square; ``squares[k]`` lists section k's squares; ``adjacent[k]`` the sections
    sharing a side with it (always across a path segment)."""

    of: tuple[int, ...]
    squares: tuple[tuple[int, ...], ...]
    adjacent: tuple[frozenset[int], ...]

    def __len__(self) -> int:
        return len(self.squares)


def sections(b: Board, used: int) -> Sections:
    """Split the squares into sections: joined across every side that no drawn segment covers."""
    of = [-1] * b.squares
    groups: list[list[int]] = []
    for s in range(b.squares):
        if of[s] >= 0:
            continue
        k = len(groups)
        of[s] = k
        todo = [s]
        members = []
        while todo:
            t = todo.pop()
            members.append(t)
            for u, e in b.next_to[t]:
                if of[u] < 0 and not (used >> e) & 1:
                    of[u] = k
                    todo.append(u)
        groups.append(sorted(members))
    adjacent: list[set[int]] = [set() for _ in groups]
    inner_used = used & b.inner
    while inner_used:
        low = inner_used & -inner_used
        e = low.bit_length() - 1
        inner_used ^= low
        s1, s2 = b.sides[e]  # type: ignore[misc]
        k1, k2 = of[s1], of[s2]
        if k1 != k2:
            adjacent[k1].add(k2)
            adjacent[k2].add(k1)
    return Sections(tuple(of), tuple(tuple(g) for g in groups), tuple(frozenset(a) for a in adjacent))


def section_key(k: int) -> str:
    """A short key for section k: a..z, then aa, ab, ..."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    if k < 26:
        return letters[k]
    return letters[k // 26 - 1] + letters[k % 26]


# ---------------------------------------------------------------- the referee


@dataclass(frozen=True)
class Out:
    """A player's elimination.  ``move`` is None when they went out for having nothing left to shade."""

    player: int
    move: int | None
    section: int | None
    forced: bool
    reason: str


@dataclass
class Result:
    """What the referee found, move by move."""

    game: Game
    board: Board
    trail: Trail
    phase: str = "drawing"  # drawing | shading | over | stopped (a rule was broken)
    sections: Sections | None = None
    shaded: dict[int, int] = field(default_factory=dict)  # section -> move that shaded it
    shaded_by: dict[int, int] = field(default_factory=dict)  # section -> player
    moves: list[dict] = field(default_factory=list)  # shading moves as refereed
    out: list[Out] = field(default_factory=list)
    winner: int | None = None
    to_move: int | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    def alive(self) -> list[int]:
        gone = {o.player for o in self.out}
        return [i for i in range(len(self.players)) if i not in gone]

    def safe_sections(self) -> list[int]:
        """The unshaded sections that share no side with a shaded one."""
        if self.sections is None:
            return []
        shaded = self.shaded
        return [k for k in range(len(self.sections))
                if k not in shaded and not any(j in shaded for j in self.sections.adjacent[k])]

    def unshaded(self) -> list[int]:
        if self.sections is None:
            return []
        return [k for k in range(len(self.sections)) if k not in self.shaded]


def _next_alive(players: int, gone: set[int], after: int) -> int:
    for k in range(1, players + 1):
        cand = (after + k) % players
        if cand not in gone:
            return cand
    return after  # pragma: no cover - at least one player is always left


def referee(game: Game) -> Result:
    """Referee a typed-in game move by move.  The first broken rule is reported with its move number
    and refereeing stops there (the moves after it are not checked)."""
    b = board(game.size)
    res = Result(game, b, Trail(b, b.point(*game.path[0]) if game.path else None))
    if draw_path(res) and path_finished(res):
        shade_sections(res)
    return res


def stop(res: Result, move: int | None, message: str, rule: str, line: int | None) -> bool:
    """Record the broken rule that stops refereeing; False, so that a phase can ``return stop(...)``."""
    where = f"move {move}" if move is not None else "the path"
    res.problems.append(Problem(where, message, rule, line))
    res.phase = "stopped"
    res.to_move = None
    return False


def draw_path(res: Result) -> bool:
    """Phase 1: draw the typed-in path segment by segment; False when a segment breaks a rule.  A segment
    the path may take is drawn at once (its direction from the board's table of unit steps); only a
    broken rule is put into words, by :func:`segment_problem`."""
    game, b, trail = res.game, res.board, res.trail
    step_dir, side, path = b.step_dir, b.n + 1, game.path
    for i in range(1, len(path)):
        x0, y0 = path[i - 1]
        x1, y1 = path[i]
        a, c = y0 * side + x0, y1 * side + x1  # b.point(...)
        d = step_dir.get((a, c))
        if d is None or trail.blocked(d):
            return segment_problem(res, i, a, c)
        trail.step(d)  # a unit step the path may take: it is not stuck and why_not(d) is None
    return True


def segment_problem(res: Result, move: int, a: int, c: int) -> bool:
    """Stop at segment ``move`` (from point ``a`` to ``c``) with the rule it breaks, or draw it and
    return True when it breaks none."""
    game, b, trail = res.game, res.board, res.trail
    line, _ = game.where_point(move)
    d = b.direction(a, c)
    who = game.players[(move - 1) % len(game.players)]
    if d is None:
        return stop(res, move, f"{who} goes from {b.point_name(a)} to {b.point_name(c)}, which is not one "
                               "unit segment along a grid line", "unit-step", line)
    if trail.stuck():
        return stop(res, move, f"the path could not be drawn further after move {move - 1} (it ended at "
                               f"{b.point_name(a)}): this segment breaks a rule — "
                               f"{trail.why_not(d)}", "path-ended", line)
    why = trail.why_not(d)
    if why is not None:
        return stop(res, move, f"{who} may not draw {b.point_name(a)}–{b.point_name(c)}: {why}",
                    "no-repeat" if "drawn already" in why else "no-crossing", line)
    trail.step(d)
    return True


def path_finished(res: Result) -> bool:
    """Whether phase 1 is over (the path is stuck); if not, the game is still being drawn, and a shading
    typed after it breaks the rule that phase 1 goes on until the path is stuck."""
    game, b, trail = res.game, res.board, res.trail
    L = trail.segments
    if L and trail.stuck():
        return True
    res.phase = "drawing"
    res.to_move = L % len(game.players)
    if game.shades:
        s = game.shades[0]
        if L == 0:
            return stop(res, L + 1, "shading begins before any segment is drawn", "phase-1-first", s.line)
        assert trail.end is not None
        there = " or ".join(b.point_name(b.neighbour(trail.end, d)) for d in trail.options())  # type: ignore[arg-type]
        return stop(res, L + 1, f"shading begins, but the path can still be drawn from "
                                f"{b.point_name(trail.end)} (to {there}); phase 1 goes on until it cannot",
                    "phase-1-ends-when-stuck", s.line)
    return False


def _settle(res: Result, secs: Sections, gone: set[int], cur: int) -> int:
    """Players whose turn comes with nothing left to shade go out until one player is left; the player
    to move after that."""
    P = len(res.players)
    while len(gone) < P - 1 and len(res.shaded) == len(secs):
        res.out.append(Out(cur, None, None, True, "nothing was left to shade"))
        gone.add(cur)
        cur = _next_alive(P, gone, cur)
    return cur


def shade_sections(res: Result) -> None:
    """Phase 2: the sections of the finished path, shaded in turn; stops at the first broken rule."""
    game, b, L = res.game, res.board, res.trail.segments
    secs = res.sections = sections(b, res.trail.used)
    res.phase = "shading"
    P = len(game.players)
    gone: set[int] = set()
    cur = L % P
    for j, s in enumerate(game.shades):
        move = L + 1 + j
        cur = _settle(res, secs, gone, cur)
        if len(gone) == P - 1:
            last = res.moves[-1]["move"] if res.moves else L
            stop(res, move, f"the game was over after move {last}: {game.players[cur]} had won", "game-over", s.line)
            return
        k = secs.of[b.square(*s.square)]
        if not _shading_allowed(res, move, cur, s, k):
            return
        if _shade(res, move, cur, k, square_name(s.square)):
            gone.add(cur)
        cur = _next_alive(P, gone, cur) if len(gone) < P - 1 else next(i for i in range(P) if i not in gone)
    cur = _settle(res, secs, gone, cur)
    if len(gone) == P - 1:
        res.phase = "over"
        res.winner = next(i for i in range(P) if i not in gone)
        res.to_move = None
    else:
        res.to_move = cur


def _shading_allowed(res: Result, move: int, cur: int, s: Any, k: int) -> bool:
    """Whether shading ``s`` (of section ``k``) by player ``cur`` is their turn and an unshaded section;
    if not, stop with the rule it breaks."""
    game = res.game
    who = game.players[cur]
    if s.player is not None and s.player.casefold() != who.casefold():
        named = next((i for i, p in enumerate(game.players) if p.casefold() == s.player.casefold()), None)
        if named is None:
            msg = f"'{s.player}' is not one of the players ({', '.join(game.players)})"
        elif any(o.player == named for o in res.out):
            msg = f"{game.players[named]} is out already; it is {who}'s turn"
        else:
            msg = f"it is {who}'s turn, not {game.players[named]}'s"
        return stop(res, move, msg, "turn-order", s.line)
    if k in res.shaded:
        return stop(res, move, f"{who} names {square_name(s.square)}, which lies in section {section_key(k)} "
                               f"(shaded on move {res.shaded[k]}); a move shades an unshaded section",
                    "unshaded-section", s.line)
    return True


def _shade(res: Result, move: int, cur: int, k: int, name: str) -> bool:
    """Player ``cur`` shades section ``k`` on ``move``; True when that puts them out."""
    assert res.sections is not None
    who = res.game.players[cur]
    safe = res.safe_sections()
    touching = sorted(j for j in res.sections.adjacent[k] if j in res.shaded)
    res.shaded[k] = move
    res.shaded_by[k] = cur
    entry: dict[str, Any] = {"move": move, "player": who, "square": name, "section": section_key(k),
                             "safe": not touching}
    if touching:
        forced = not safe
        keys = ", ".join(section_key(t) for t in touching)
        reason = (f"section {section_key(k)} shares a side with shaded section{'s' if len(touching) > 1 else ''} "
                  f"{keys}; " + ("no safe section was left (forced)" if forced
                                 else f"{len(safe)} safe section{'s were' if len(safe) != 1 else ' was'} left"))
        res.out.append(Out(cur, move, k, forced, reason))
        entry["out"] = True
        entry["forced"] = forced
    res.moves.append(entry)
    return bool(touching)


# ---------------------------------------------------------------- the report and the score


def ascii_board(b: Board, used: int, secs: Sections | None = None, shaded: dict[int, int] | None = None) -> str:
    """The board in text: ``+`` points, ``---`` and ``|`` drawn segments, ``.`` untouched points, and in
    each square the key of its section (between ``#`` when shaded)."""
    n = b.n
    shaded = shaded or {}
    out = []
    head = "    " + "".join(f"{column_letter(x):<4}" for x in range(n + 1))
    out.append(head.rstrip())
    for y in range(n + 1):
        row = f"{y + 1:>3} "
        for x in range(n + 1):
            p = b.point(x, y)
            row += "+" if used & b.around[p] else "."
            if x < n:
                e = b.edge_at[p][RIGHT]
                row += "---" if (used >> e) & 1 else "   "
        out.append(row.rstrip())
        if y == n:
            break
        row = "    "
        for x in range(n + 1):
            e = b.edge_at[b.point(x, y)][DOWN]
            row += "|" if (used >> e) & 1 else " "
            if x < n:
                if secs is None:
                    row += "   "
                else:
                    k = secs.of[b.square(x, y)]
                    key = section_key(k)
                    row += (f"#{key}#" if len(key) == 1 else f"#{key}") if k in shaded else f" {key:<2}"
        out.append(row.rstrip())
    return "\n".join(out)


def outlasted(res: Result) -> list[int]:
    """Per player: how many players went out before them (the winner outlasts everyone else)."""
    P = len(res.players)
    order = [o.player for o in res.out]
    out = []
    for i in range(P):
        out.append(order.index(i) if i in order else len(order))
    return out


def _breakdown(res: Result, size, names, segments, points: list, sections: list) -> dict:  # noqa: ANN001
    """The JSON breakdown of a refereed game (both scores make the same one)."""
    return {
        "size": size,
        "players": list(names),
        "phase": res.phase,
        "path": {"segments": segments, "points": points, "complete": res.sections is not None},
        "sections": sections,
        "moves": res.moves,
        "out": [{"player": names[o.player], "move": o.move,
                 "section": section_key(o.section) if o.section is not None else None,
                 "forced": o.forced, "reason": o.reason} for o in res.out],
        "winner": names[res.winner] if res.winner is not None else None,
        "to_move": names[res.to_move] if res.to_move is not None else None,
    }


def _players(res: Result, names) -> list[dict]:  # noqa: ANN001 - the players' names in seat order
    """Each player's name, total (the players they outlasted) and how their game ended."""
    ranks = outlasted(res)
    gone = {o.player: o for o in res.out}
    players = []
    for i, name in enumerate(names):
        if res.winner == i:
            status = "winner"
        elif i in gone:
            o = gone[i]
            status = (f"out on move {o.move}" + (" (forced)" if o.forced else " (by mistake)")
                      if o.move is not None else "out: nothing left to shade")
        elif res.phase == "stopped":
            status = "unknown (a rule was broken)"
        else:
            status = "still in"
        players.append({"name": name, "total": ranks[i], "result": status})
    return players


def report(res: Result) -> str:
    """The referee's result for people: the path, the board in text, every shading move and the winner."""
    g, b = res.game, res.board
    names = g.players
    L = res.trail.segments
    lines = [f"{g.size}×{g.size} board, {len(names)} players in turn order: {', '.join(names)}"]
    end = res.trail.end
    if res.phase == "drawing":
        lines.append(f"path: {L} segment{'s' if L != 1 else ''} so far, still being drawn")
    elif res.phase == "stopped" and res.sections is None:
        lines.append(f"path: {L} legal segment{'s' if L != 1 else ''} before the broken rule")
    else:
        lines.append(f"path: {L} segments (moves 1–{L}), ending at {b.point_name(end)} where it cannot "
                     "be drawn further" if end is not None else "path: none")
    lines.append(ascii_board(b, res.trail.used, res.sections, res.shaded))
    secs = res.sections
    if secs is not None:
        lines.append(f"sections: {len(secs)} (each square shows its section's key; # marks shaded ones)")
    out_by_move = {o.move: o for o in res.out if o.move is not None}
    for m in res.moves:
        text = f"move {m['move']}: {m['player']} shades {m['square']} (section {m['section']})"
        o = out_by_move.get(m["move"])
        text += f" — out: {o.reason}" if o else " — safe"
        lines.append(text)
    for o in res.out:
        if o.move is None:
            lines.append(f"{names[o.player]} is out: {o.reason} on their turn")
    if res.winner is not None:
        lines.append(f"winner: {names[res.winner]}")
    elif res.phase == "shading" and res.to_move is not None:
        safe = res.safe_sections()
        lines.append(f"game not finished: {names[res.to_move]} to shade next "
                     f"({len(safe)} safe section{'s' if len(safe) != 1 else ''} left)")
    elif res.phase == "drawing" and res.to_move is not None:
        lines.append(f"game not finished: {names[res.to_move]} to draw the next segment")
    elif res.phase == "stopped":
        lines.append("no result: refereeing stopped at the broken rule below")
    lines.append("a player's total is the number of players they outlasted")
    return "\n".join(x for x in lines if x) + "\n"


def result_score(res: Result) -> Score:
    """The referee's result as a Score: each player's total is how many players they outlasted, and
    the breakdown holds the path, the sections, every shading move, who went out and the winner.  The
    report is written when it is read."""
    g, b = res.game, res.board
    names = g.players
    L = res.trail.segments
    secs = res.sections
    sec_json = []
    if secs is not None:
        shaded, shaded_by, adjacent = res.shaded, res.shaded_by, secs.adjacent
        for k, sq in enumerate(secs.squares):
            sec_json.append({
                "key": section_key(k), "first_square": b.square_name(sq[0]), "squares": len(sq),
                "borders": sorted(section_key(j) for j in adjacent[k]),
                "shaded_on": shaded.get(k), "shaded_by": names[shaded_by[k]] if k in shaded_by else None,
            })
    players = _players(res, names)
    point_names = b.point_names
    breakdown = _breakdown(res, g.size, names, L, [point_names[p] for p in res.trail.points], sec_json)
    return LazyScore(players[0]["total"], breakdown, players, lambda: report(res))


def evaluate(game: Game) -> Evaluation:
    """The game refereed once: the first broken rule (if any) and the score."""
    res = referee(game)
    return Evaluation(tuple(res.problems), result_score(res))

"""Lines & Sections: perfect play for two players, and "shade to win" puzzles.

Phase 2 with two players is a normal-play impartial game.  Call a section *safe* while it is unshaded
and shares no side with a shaded section.  Shading a safe section keeps the mover in and makes that
section and its neighbours unsafe for good; a player with no safe section left goes out on that turn
(they must shade a bordering section, or have nothing left to shade), and with two players the other
one wins.  So phase 2 is Node Kayles on the graph of safe sections (a move removes a vertex and its
neighbours; whoever cannot move loses), and the player to move wins exactly when the Sprague–Grundy
value of that graph is not 0.  The graph falls apart into independent components as play goes on; the
value of the whole is the XOR of the components' values, each found once (memoised by its vertex set).

Phase 1 is searched as it is: a state is (drawn segments, end point, direction of arrival), its moves
are :func:`rules.next_steps`, and a state where the path is stuck is worth the phase-2 value of its
sections for the player to move (turns simply go on into phase 2).

Puzzles: random paths drawn with the project's seeded generator (rollwrite.dice.words) until stuck,
kept when exactly one first shading wins.  Nothing here draws: the pages are in ``sheet.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from rollwrite.dice import words
from rollwrite.errors import UsageError
from rollwrite.games.base import Evaluation, Problem, Solved
from rollwrite.games.base import Puzzle as GamePuzzle
from rollwrite.games.lines_and_sections.format import Game, Shade
from rollwrite.games.sheettext import read_grid_name
from rollwrite.games.lines_and_sections.rules import (
    OPPOSITE, Board, Result, Sections, ascii_board, board, next_steps, referee, result_score, section_key, sections,
)

# Work limits: a search that needs more remembered positions than this stops with a clear message
# instead of eating the machine's memory (about 100 bytes a position).  The whole 5×5 game needs
# 2.5 million drawing positions and about five minutes.
MAX_POSITIONS = 3_000_000
MAX_FREE_SEGMENTS = 60  # the drawing phase is searched only with at most this many segments undrawn


class TooBig(UsageError):
    """The exact search would need more positions than the limit allows."""


# ---------------------------------------------------------------- Node Kayles with Grundy values


def mex(values: set[int]) -> int:
    g = 0
    while g in values:
        g += 1
    return g


CHUNK = 12  # bits per lookup table of the flood fill


class Kayles:
    """Node Kayles on a graph given as adjacency bit masks (vertex v's neighbours are ``adj[v]``).

    ``value(mask)`` is the Sprague–Grundy value of the graph induced on the vertex set ``mask``: the XOR
    of its connected components' values, each memoised by its own vertex mask.
    """

    def __init__(self, adj: list[int], limit: int = MAX_POSITIONS) -> None:
        self.adj = adj
        self.closed = [a | (1 << v) for v, a in enumerate(adj)]
        self.memo: dict[int, int] = {}  # connected vertex set -> its value
        self.sums: dict[int, int] = {}  # any vertex set -> its value (saves splitting it again)
        self.limit = limit
        # the neighbours of a whole set at once: per 12-bit chunk of the set, the union of its vertices'
        # neighbours, so a flood fill grows by a whole layer in a few lookups
        self.tables: list[tuple[int, int, list[int]]] = []
        for shift in range(0, len(adj), CHUNK):
            width = min(CHUNK, len(adj) - shift)
            table = [0] * (1 << width)
            for chunk in range(1, 1 << width):
                low = chunk & -chunk
                table[chunk] = table[chunk ^ low] | adj[shift + low.bit_length() - 1]
            self.tables.append((shift, (1 << width) - 1, table))

    def components(self, mask: int) -> Iterator[int]:
        """The connected parts of the vertex set ``mask``."""
        tables = self.tables
        while mask:
            seen = mask & -mask
            while True:
                reach = 0
                for shift, bits, table in tables:
                    reach |= table[(seen >> shift) & bits]
                grown = seen | (reach & mask)
                if grown == seen:
                    break
                seen = grown
            yield seen
            mask ^= seen

    def value(self, mask: int) -> int:
        sums = self.sums
        got = sums.get(mask)
        if got is not None:
            return got
        g = 0
        for comp in self.components(mask):
            g ^= self.component_value(comp)
        sums[mask] = g
        return g

    def component_value(self, comp: int) -> int:
        memo = self.memo
        got = memo.get(comp)
        if got is not None:
            return got
        if comp & (comp - 1) == 0:
            return 1  # one vertex: one move, then nothing
        closed = self.closed
        rests = set()
        m = comp
        while m:
            low = m & -m
            m ^= low
            rests.add(comp & ~closed[low.bit_length() - 1])  # twins give the same rest: tried once
        g = mex({self.value(r) for r in rests})
        if len(memo) + len(self.sums) >= self.limit:
            raise TooBig(f"the exact search needs more than {self.limit:,} positions; it stops here rather "
                         "than run out of memory", hint="try a position further into the game")
        memo[comp] = g
        return g


def kayles_brute(adj: list[int], mask: int) -> bool:
    """Whether the player to move wins Node Kayles on ``mask``, by plain game-tree search (no values, no
    splitting): the check the Grundy search is tested against."""
    m = mask
    while m:
        low = m & -m
        m ^= low
        v = low.bit_length() - 1
        if not kayles_brute(adj, mask & ~(adj[v] | low)):
            return True
    return False


# ---------------------------------------------------------------- phase 2 of a position


@dataclass(frozen=True)
class Phase2:
    """The two-player analysis of a shading position.

    ``safe`` lists the safe sections; ``value`` is the position's Grundy value (the player to move wins
    when it is not 0); ``after[k]`` is the value left after shading safe section k, and ``winning`` the
    sections whose shading leaves 0; ``groups[k]`` the values of the parts left after shading k.
    """

    sections: Sections
    safe: tuple[int, ...]
    value: int
    after: dict[int, int]
    groups: dict[int, tuple[tuple[int, int], ...]]  # section -> ((size, value), ...) of the parts left

    @property
    def winning(self) -> tuple[int, ...]:
        return tuple(k for k in self.safe if self.after[k] == 0)


def analyse(secs: Sections, shaded: set[int] | dict[int, int], limit: int = MAX_POSITIONS) -> Phase2:
    """Solve the shading phase for two players from the sections and the shaded ones."""
    safe = tuple(k for k in range(len(secs))
                 if k not in shaded and not any(j in shaded for j in secs.adjacent[k]))
    index = {k: i for i, k in enumerate(safe)}
    adj = [0] * len(safe)
    for k, i in index.items():
        for j in secs.adjacent[k]:
            if j in index:
                adj[i] |= 1 << index[j]
    kay = Kayles(adj, limit)
    full = (1 << len(safe)) - 1
    value = kay.value(full)
    after: dict[int, int] = {}
    groups: dict[int, tuple[tuple[int, int], ...]] = {}
    for k, i in index.items():
        rest = full & ~kay.closed[i]
        parts = tuple(sorted(((bin(c).count("1"), kay.component_value(c)) for c in kay.components(rest)),
                             reverse=True))
        v = 0
        for _, g in parts:
            v ^= g
        after[k] = v
        groups[k] = parts
    return Phase2(secs, safe, value, after, groups)


def why(p: Phase2, k: int) -> str:
    """One line on why shading section k wins."""
    parts = p.groups[k]
    if not parts:
        return ("it leaves no safe section: your opponent must shade next to a shaded section and goes out")
    count = sum(s for s, _ in parts)
    secs = f"{count} safe section{'s' if count != 1 else ''}"
    if len(parts) == 1:
        return (f"it leaves {secs} in one group where you can answer whatever your opponent shades, "
                "until they run out of safe sections first")
    return (f"it leaves {secs} in {len(parts)} separate groups that balance each other: whatever your "
            "opponent shades, you can shade so that they balance again, and your opponent runs out of safe "
            "sections first")


# ---------------------------------------------------------------- phase 1: the whole game


class WholeGame:
    """Perfect play from a phase-1 state for two players: does the player to move win?"""

    def __init__(self, b: Board, limit: int = MAX_POSITIONS) -> None:
        self.board = b
        self.memo: dict[int, bool] = {}
        self.ends: dict[int, int] = {}  # drawn inner segments -> Grundy value of the sections they make
        self.limit = limit

    def stuck_value(self, used: int) -> int:
        key = used & self.board.inner
        got = self.ends.get(key)
        if got is None:
            secs = sections(self.board, key)
            got = analyse(secs, set(), self.limit).value
            self.ends[key] = got
        return got

    def wins(self, used: int, end: int, last: int) -> bool:
        key = (used << 10) | (end << 2) | last  # one int: a third of the memory of a tuple key
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        b = self.board
        steps = next_steps(b, used, end, last)
        if not steps:
            result = self.stuck_value(used) != 0
        else:
            result = False
            for d in steps:
                e = b.edge_at[end][d]
                q = b.neighbour(end, d)
                assert q is not None
                if not self.wins(used | (1 << e), q, OPPOSITE[d]):
                    result = True
                    break
        if len(memo) >= self.limit:
            raise TooBig(f"the exact search of the drawing phase needs more than {self.limit:,} positions",
                         hint="give a position with more of the path drawn, or a smaller board")
        memo[key] = result
        return result

    def first_moves(self) -> list[tuple[int, int, bool]]:
        """Every opening segment (start point, direction, whether it wins for the player drawing it),
        once per symmetry class of directed segments under the board's eight symmetries."""
        b = self.board
        out = []
        seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
        for p in range(b.points):
            for d in range(4):
                e = b.edge_at[p][d]
                if e < 0:
                    continue
                q = b.neighbour(p, d)
                assert q is not None
                ident = _direction_class(b, p, q)
                if ident in seen:
                    continue
                seen.add(ident)
                out.append((p, d, not self.wins(1 << e, q, OPPOSITE[d])))
        return out


def _images(b: Board, x: int, y: int) -> list[tuple[int, int]]:
    n = b.n
    pts = []
    for (a, c) in ((x, y), (n - x, y), (x, n - y), (n - x, n - y)):
        pts.append((a, c))
        pts.append((c, a))
    return pts


def _direction_class(b: Board, p: int, q: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The lexicographically least image of the directed segment p -> q under the 8 symmetries."""
    (px, py), (qx, qy) = b.xy(p), b.xy(q)
    return min(zip(_images(b, px, py), _images(b, qx, qy)))


# ---------------------------------------------------------------- solving a typed-in position


@dataclass
class Solution:
    """What ``rollwrite solve`` reports."""

    phase: str  # drawing | shading
    to_move: str
    other: str
    wins: bool  # whether the player to move wins with perfect play
    moves: list[str]  # every winning move, as the player would type it
    notes: list[str]
    value: int | None = None  # the phase-2 Grundy value, when in phase 2
    positions: int = 0  # positions the search remembered

    @property
    def winner(self) -> str:
        return self.to_move if self.wins else self.other

    def to_json(self) -> dict:
        return {"phase": self.phase, "to_move": self.to_move, "winner": self.winner,
                "to_move_wins": self.wins, "winning_moves": self.moves, "grundy": self.value,
                "positions": self.positions, "notes": self.notes}


def solve_result(res: Result, limit: int = MAX_POSITIONS) -> Solution:
    """Perfect play from the position a refereed game reached.  Two players must be left in it."""
    names = res.players
    if res.problems:
        raise UsageError("the position breaks a rule, so there is nothing to solve",
                         hint="run 'rollwrite score lines-and-sections FILE' to see the problem")
    if res.phase == "over":
        raise UsageError(f"the game is over: {names[res.winner]} has won")  # type: ignore[index]
    alive = res.alive()
    if len(alive) != 2:
        raise UsageError(f"perfect play is worked out for two players; this position has {len(alive)} still in",
                         hint="solve a two-player game, or a position where only two players are left")
    assert res.to_move is not None
    me = names[res.to_move]
    other = names[alive[0] if alive[1] == res.to_move else alive[1]]
    b = res.board
    if res.phase == "shading":
        assert res.sections is not None
        shading = analyse(res.sections, res.shaded, limit)
        notes = []
        moves = []
        for k in shading.winning:
            sq = b.square_name(res.sections.squares[k][0])
            moves.append(sq)
            notes.append(f"shade {sq} (section {section_key(k)}): {why(shading, k)}")
        if not shading.safe:
            notes.append(f"{me} has no safe section left and goes out whatever they shade")
        elif shading.value == 0:
            notes.append(f"every safe section {me} can shade leaves {other} a winning reply")
        return Solution("shading", me, other, shading.value != 0, moves, notes, shading.value, len(shading.after))
    # drawing phase: the path is not stuck yet
    if len(names) != 2:
        raise UsageError("the drawing phase is worked out for two-player games only",
                         hint="with more players, who shades first depends on everyone's choices")
    tr = res.trail
    free = b.edges - bin(tr.used).count("1")
    if free > MAX_FREE_SEGMENTS:
        raise TooBig(f"the drawing phase is searched exactly only while at most {MAX_FREE_SEGMENTS} segments are "
                     f"undrawn (a whole 5×5 board, or a bigger one further into the game); this position has {free}",
                     hint="give the position once the path is finished, to solve the shading")
    w = WholeGame(b, limit)
    moves = []
    notes = []
    if tr.end is None:
        starts = w.first_moves()
        wins = any(win for _, _, win in starts)
        for p, d, win in starts:
            if win:
                q = b.neighbour(p, d)
                moves.append(f"{b.point_name(p)} {b.point_name(q)}")  # type: ignore[arg-type]
        notes.append("opening segments are listed once per symmetry of the board")
    else:
        assert tr.last is not None
        steps = next_steps(b, tr.used, tr.end, tr.last)
        for d in steps:
            e = b.edge_at[tr.end][d]
            q = b.neighbour(tr.end, d)
            assert q is not None
            if not w.wins(tr.used | (1 << e), q, OPPOSITE[d]):
                moves.append(b.point_name(q))
        wins = bool(moves)
        if moves:
            notes.append(f"draw on from {b.point_name(tr.end)} to " + " or ".join(moves))
        else:
            notes.append(f"every segment {me} can draw from {b.point_name(tr.end)} leaves {other} a win")
    return Solution("drawing", me, other, wins, moves, notes, None, len(w.memo))


def solve_game(game: Game, limit: int = MAX_POSITIONS) -> Solution:
    return solve_result(referee(game), limit)


# ---------------------------------------------------------------- seeded random paths and puzzles


class Picker:
    """Uniform choices from the project's seeded SHA-256 stream (rollwrite.dice.words), unbiased by
    rejection: the same id and stream give the same choices on every machine and Python version."""

    def __init__(self, gid: str, stream: str) -> None:

        self.words = words(gid, stream)

    def below(self, k: int) -> int:
        limit = 2**32 - (2**32 % k)
        for w in self.words:
            if w < limit:
                return w % k
        raise AssertionError("unreachable")  # pragma: no cover


LOOKAHEAD = 4


def _continues(b: Board, used: int, end: int, d: int, depth: int = LOOKAHEAD) -> bool:
    """Whether the path could still be drawn ``depth`` more segments after taking direction d."""
    q = b.neighbour(end, d)
    assert q is not None
    used |= 1 << b.edge_at[end][d]
    if depth == 0:
        return True
    return any(_continues(b, used, q, d2, depth - 1) for d2 in next_steps(b, used, q, OPPOSITE[d]))


def random_path(b: Board, pick: Picker, lookahead: bool = True) -> list[int]:
    """A random legal path drawn until it is stuck: a random first segment, then a random legal next
    segment each turn, chosen uniformly among those after which the path can still go on (among all
    legal ones when none can), so that the path does not trap itself at once."""
    start = pick.below(b.points)
    firsts = [d for d in range(4) if b.edge_at[start][d] >= 0]
    d = firsts[pick.below(len(firsts))]
    used = 1 << b.edge_at[start][d]
    end = b.neighbour(start, d)
    assert end is not None
    points = [start, end]
    last = OPPOSITE[d]
    while True:
        steps = next_steps(b, used, end, last)
        if not steps:
            return points
        if lookahead:
            going = [d for d in steps if _continues(b, used, end, d)]
            steps = going or steps
        d = steps[pick.below(len(steps))]
        used |= 1 << b.edge_at[end][d]
        nxt = b.neighbour(end, d)
        assert nxt is not None  # next_steps never leaves the board
        end = nxt
        points.append(end)
        last = OPPOSITE[d]


MIN_PUZZLE, MAX_PUZZLE = 4, 8
PUZZLE_TRIES = 400
MIN_SAFE = 4  # a puzzle offers at least this many sections to choose from
MIN_LEFT = 2  # and its answer leaves at least this many safe sections, so the win is not immediate


@dataclass(frozen=True)
class Puzzle:
    """A "you move first, shade to win" position: the finished path, and the one section that wins."""

    id: str  # e.g. lines-and-sections#club/6/2
    size: int
    path: tuple[tuple[int, int], ...]
    answer: int  # the winning section
    answer_square: str
    safe: int  # how many safe sections the position offers
    reason: str

    def game(self, players: tuple[str, str] = ("You", "Opponent")) -> Game:
        """The puzzle as a typed-in position, with the players ordered so that "You" shades first."""
        segs = len(self.path) - 1
        order = players if segs % 2 == 0 else (players[1], players[0])
        return Game(self.size, order, self.path)


def make_puzzle(gid: str, size: int, number: int, tries: int = PUZZLE_TRIES) -> Puzzle:
    """The ``number``-th puzzle (1-based) of the seeded id ``gid`` on a size×size board: the first random
    path (stream ``puzzle/<size>/<number>/<try>``) whose shading phase has exactly one winning first move
    among at least MIN_SAFE safe sections, a move that leaves at least MIN_LEFT safe sections."""
    if not MIN_PUZZLE <= size <= MAX_PUZZLE:
        raise UsageError(f"puzzles are made on boards from {MIN_PUZZLE}×{MIN_PUZZLE} to "
                         f"{MAX_PUZZLE}×{MAX_PUZZLE}, not {size}×{size}")
    b = board(size)
    for t in range(1, tries + 1):
        pts = random_path(b, Picker(gid, f"puzzle/{size}/{number}/{t}"))
        used = 0
        for a, c in zip(pts, pts[1:]):
            d = b.direction(a, c)
            assert d is not None
            used |= 1 << b.edge_at[a][d]
        secs = sections(b, used)
        p = analyse(secs, set())
        if len(p.safe) < MIN_SAFE or len(p.winning) != 1:
            continue
        k = p.winning[0]
        if sum(count for count, _ in p.groups[k]) < MIN_LEFT:
            continue  # the answer would simply leave nothing safe: too easy to spot
        return Puzzle(f"{gid}/{size}/{number}", size, tuple(b.xy(q) for q in pts), k,
                      b.square_name(secs.squares[k][0]), len(p.safe), why(p, k))
    raise UsageError(f"no puzzle with a single winning move turned up in {tries} tries on {size}×{size}",
                     hint="try another seed")


def puzzles(gid: str, size: int, count: int) -> list[Puzzle]:
    return [make_puzzle(gid, size, k) for k in range(1, count + 1)]




def solved(res: Result, limit: int = MAX_POSITIONS) -> Any:
    """The solver's answer in the Game protocol's shape (``rollwrite solve``)."""

    s = solve_result(res, limit)
    b = res.board
    lines = [ascii_board(b, res.trail.used, res.sections, res.shaded)]
    if s.phase == "shading":
        safe = analyse(res.sections, res.shaded, limit).safe if res.sections is not None else ()
        lines.append(f"shading phase, {s.to_move} to move; {len(safe)} safe section{'s' if len(safe) != 1 else ''} "
                     f"({', '.join(section_key(k) for k in safe) or 'none'}); Grundy value {s.value}")
    else:
        lines.append(f"drawing phase, {s.to_move} to draw the next segment")
    if s.wins:
        what = "shading" if s.phase == "shading" else "segment"
        lines.append(f"winning {what}{'s' if len(s.moves) != 1 else ''}: {', '.join(s.moves)}")
    lines.extend(s.notes)
    headline = (f"{s.winner} wins with perfect play "
                f"({s.to_move} moves {'and wins' if s.wins else 'and loses whatever they do'})")
    return Solved(headline, "\n".join(lines) + "\n", s.to_json(), exact=True)


# ---------------------------------------------------------------- puzzles through the Game protocol

PROMPT = "The path is finished and you shade first: shade the one section that wins."
YOU, OPPONENT = "You", "Opponent"


def answer_game(pz: Puzzle) -> Game:
    """The puzzle's answer as a typed-in game: its path, then your winning shading."""

    g = pz.game((YOU, OPPONENT))
    square = read_grid_name(pz.answer_square)
    assert square is not None, pz.answer_square  # the puzzle names it with grid_name
    x, y = square
    return Game(g.size, g.players, g.path, (Shade((x, y), YOU),))


def game_puzzle(challenge: str, size: int) -> Any:
    """The puzzle of a challenge id (``lines-and-sections#club``) as the Game protocol's Puzzle: no par
    (there is one right answer), the prompt, the answer as a typed-in game, and this module's Puzzle in
    ``extra["lines"]`` for the sheet to draw.  Its difficulty is the ladder's (``ladder.grade_puzzle``)."""
    pz = make_puzzle(challenge, size, 1)
    return GamePuzzle(game="lines-and-sections", challenge=challenge, prompt=PROMPT, answer=answer_game(pz),
                      extra={"lines": pz})


def evaluate_answer(challenge: str, puzzle: Puzzle | None, sheet: Game) -> Evaluation:
    """A typed-in answer to a puzzle, refereed once: its problems (the path must be the puzzle's, the game
    legal, and the first shading must be in the one winning section) and its score."""
    res = referee(sheet)
    return Evaluation(tuple(_answer_problems(challenge, puzzle, sheet, res)), result_score(res))


def _answer_problems(challenge: str, puzzle: Puzzle | None, sheet: Game, res: Result) -> list[Problem]:
    if puzzle is None or puzzle.size != sheet.size:
        if not MIN_PUZZLE <= sheet.size <= MAX_PUZZLE:
            return [Problem("the board", f"puzzles are {MIN_PUZZLE}×{MIN_PUZZLE} to {MAX_PUZZLE}×{MAX_PUZZLE}; "
                                         f"this answer is {sheet.size}×{sheet.size}", "puzzle")]
        puzzle = make_puzzle(challenge, sheet.size, 1)
    if tuple(sheet.path) != tuple(puzzle.path):
        return [Problem("the path", "the path is not the puzzle's: type it as the puzzle prints it", "puzzle")]
    if res.problems:
        return list(res.problems)
    if not sheet.shades:
        return [Problem(f"move {len(puzzle.path)}", "the answer shades nothing: add 'shade: SQUARE'", "puzzle")]
    b = res.board
    first = sheet.shades[0]
    assert res.sections is not None
    k = res.sections.of[b.square(*first.square)]
    if k == puzzle.answer:
        return []
    p = analyse(res.sections, set())
    reply = ""
    if k in p.after:
        rest = {k}
        after = analyse(res.sections, rest)
        if after.winning:
            reply = f"; your opponent answers with {b.square_name(res.sections.squares[after.winning[0]][0])} and wins"
    return [Problem(f"move {len(puzzle.path)}", f"shading {b.square_name(res.sections.squares[k][0])} does not win"
                    f"{reply}", "puzzle", first.line)]
